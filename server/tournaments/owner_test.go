package tournaments

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/server/keep"
	"okey/server/tables"
)

// TestOwnerReadsAgainAWriteItMadeItself: the store takes the owner's
// write of its arena but the answer is lost (the client's next attempt
// finds the first's revision: "written since it was read"), once as it
// takes its players' joins and once as it takes a table's end and opens
// the next. The owner still holds the arena's lease, so it reads the
// arena again at its next round and drives it on (movedUnder): the
// joins and the end, left in the store, are taken again without being
// counted twice, no player is lost, and the arena finishes with every
// table counted once. Forgotten instead, the arena would be driven by
// nobody: its owner holds the lease and the other nodes cannot take it.
func TestOwnerReadsAgainAWriteItMadeItself(t *testing.T) {
	t.Parallel()
	n, one, clk := hallAndOwner(t)
	var mu sync.Mutex
	lose, lost := false, 0
	one.svc.owner.answerLost = func(string) bool {
		mu.Lock()
		defer mu.Unlock()
		if !lose {
			return false
		}
		lose, lost = false, lost+1
		return true
	}
	armed := func() {
		mu.Lock()
		lose = true
		mu.Unlock()
	}
	id := arenaOfFour(t, one.svc, "answer lost")
	rounds := func(what string, want func(tourney.Tournament) bool) tourney.Tournament {
		t.Helper()
		return roundsUntil(t, one.svc, id, what, 2*time.Minute, want)
	}
	stillOwned := func(when string) {
		t.Helper()
		mu.Lock()
		n := lost
		mu.Unlock()
		if n == 0 {
			t.Fatalf("%s: no write's answer was lost: the test tests nothing", when)
		}
		if !slices.Contains(one.svc.Owner().Owned(), id) {
			t.Fatalf("%s: the owner forgot the arena whose lease it holds: nobody drives it now", when)
		}
	}

	pending := func(key string) bool {
		one.svc.mu.Lock()
		defer one.svc.mu.Unlock()
		_, ok := one.svc.other[key]
		return ok
	}

	// The joins: the first write of the arena (the one that takes them)
	// is the store's, its answer lost.
	armed()
	tr := rounds("the joins", func(tr tourney.Tournament) bool {
		mu.Lock()
		defer mu.Unlock()
		return lost == 1 && len(tr.Joined) == 4
	})
	stillOwned("the joins' answer lost")
	// The joins left in the store are taken again (a join of a player
	// joined is nothing new) and deleted.
	rounds("the joins deleted", func(tourney.Tournament) bool {
		return !slices.ContainsFunc([]int{0, 1, 2, 3}, func(i int) bool { return pending(one.svc.reqKey(id, player(i))) })
	})

	// The arena starts: the four at a table. Its end's write, which
	// opens the next table, has its answer lost.
	clk.add(10 * time.Minute)
	tr = rounds("the first table", func(tr tourney.Tournament) bool { return len(tr.Playing) == 1 })
	first := tr.Playing[0].Table
	// The players come to the tables the owner's copy of the arena has
	// in play (the hall's own service's copy may lag behind it).
	owned := &node{hall: n.hall, svc: one.svc, ended: n.ended}
	p := &players{at: map[string][]*tables.Member{}}
	p.come(t, owned, id, nil)
	select {
	case got := <-n.ended:
		if got != strconv.Itoa(first) {
			t.Fatalf("table %s ended, want %d", got, first)
		}
		p.leave(n, got)
	case <-time.After(3 * time.Minute):
		t.Fatal("the first table's match never ended")
	}
	armed()
	tr = rounds("the first end", func(tr tourney.Tournament) bool { return len(tr.Matches) == 1 })
	stillOwned("the end's answer lost")
	// The end left in the store is taken again, its table no longer in
	// play: deleted, not counted.
	tr = rounds("the end deleted", func(tourney.Tournament) bool { return !pending(endKey(id, strconv.Itoa(first))) })
	if len(tr.Matches) != 1 {
		t.Fatalf("the end taken again was counted again: %d matches", len(tr.Matches))
	}
	seated := map[string]bool{}
	for _, pl := range tr.Playing {
		for _, who := range pl.Players {
			seated[who] = true
		}
	}
	for _, w := range tr.Pool {
		seated[w.Player] = true
	}
	for i := range 4 {
		if !seated[player(i)] {
			t.Errorf("%s is neither at a table nor in the pool after the end: lost", player(i))
		}
	}

	// On to the arena's end: every table counted once, the standings
	// what the records add up to.
	p.come(t, owned, id, nil)
	final := play(t, owned, clk, id, 30*time.Second, nil)
	seen := map[int]bool{}
	for _, m := range final.Matches {
		if seen[m.Table] {
			t.Errorf("table %d counted twice", m.Table)
		}
		seen[m.Table] = true
	}
	if len(seen) < 2 || !seen[first] {
		t.Errorf("%d tables counted (table %d among them: %v)", len(seen), first, seen[first])
	}
	if st, _ := final.Standings(); !slices.Equal(st, recomputed(t, one.svc, id)) {
		t.Error("the standings are not what the records add up to")
	}
}

// TestOwnerActsOnNoCopyBehind: a key-value read of the store may be
// answered by a replica one write behind (NATS promises no reading of
// one's own writes through a direct get). An owner that drove its arena
// from such a copy would open a table for players the arena had seated
// already, its write refused, and the table stay open, unknown to the
// arena: its players would play a match nobody counts. Here the
// owner's read answers once with the arena as it was before its first
// table opened: the owner must open nothing from it, and the hall holds
// only the arena's own table.
func TestOwnerActsOnNoCopyBehind(t *testing.T) {
	t.Parallel()
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Arena, Name: "a copy behind", Game: "101", Hands: 1, Start: t0, Length: 10 * time.Minute,
		BotLevel: "easy", Back: time.Minute,
	}, 4)
	type readAt struct {
		v   []byte
		rev uint64
	}
	var mu sync.Mutex
	var seen []readAt // every value the owner read, in order
	behind, served := false, 0
	latest := n.svc.owner.read
	n.svc.owner.read = func(ctx context.Context, key string) ([]byte, uint64, error) {
		v, rev, err := latest(ctx, key)
		if err != nil {
			return v, rev, err
		}
		mu.Lock()
		defer mu.Unlock()
		if behind {
			// A replica one write behind: the last value read before
			// the store's latest.
			for _, r := range slices.Backward(seen) {
				if r.rev < rev {
					behind, served = false, served+1
					return r.v, r.rev, nil
				}
			}
		}
		seen = append(seen, readAt{v, rev})
		return v, rev, nil
	}
	ctx := context.Background()
	// The owner drives from its own last write while it has one
	// (ownLast); a round after a write refused or unanswered, or after
	// the lease changed hands, reads the store: here every round does.
	forgetOwn := func() {
		n.svc.mu.Lock()
		delete(n.svc.owner.own, id)
		n.svc.mu.Unlock()
	}
	rounds := func(what string, want func(tourney.Tournament) bool) tourney.Tournament {
		t.Helper()
		for end := time.Now().Add(2 * time.Minute); ; time.Sleep(10 * time.Millisecond) {
			forgetOwn()
			n.svc.Owner().Round(ctx)
			if _, tr, err := n.svc.Tournament(id); err == nil && want(tr) {
				return tr
			}
			if time.Now().After(end) {
				_, tr, _ := n.svc.Tournament(id)
				t.Fatalf("%s: waited in vain: %s, %d joined, playing %v", what, tr.Phase, len(tr.Joined), tr.Playing)
			}
		}
	}
	rounds("the joins", func(tr tourney.Tournament) bool { return len(tr.Joined) == 4 })
	clk.add(10 * time.Minute)
	tr := rounds("the first table", func(tr tourney.Tournament) bool { return len(tr.Playing) == 1 })
	first := strconv.Itoa(tr.Playing[0].Table)

	mu.Lock()
	behind = true
	mu.Unlock()
	forgetOwn()
	n.svc.Owner().Round(ctx)
	mu.Lock()
	if served != 1 {
		mu.Unlock()
		t.Fatalf("the owner was never given a copy behind (%d reads seen): the test tests nothing", len(seen))
	}
	mu.Unlock()
	// A round or two more, reading the store's latest: nothing new to do.
	forgetOwn()
	n.svc.Owner().Round(ctx)
	var open []string
	for _, sm := range n.hall.List() {
		if sm.Tourney == id && !sm.Over {
			open = append(open, sm.ID)
		}
	}
	if !slices.Equal(open, []string{first}) {
		t.Errorf("the hall holds the arena's tables %v, want only its own %s: a table opened from a copy behind, unknown to the arena", open, first)
	}
	if _, tr, _ := n.svc.Tournament(id); len(tr.Playing) != 1 || strconv.Itoa(tr.Playing[0].Table) != first {
		t.Errorf("the arena plays %v, want table %s alone", tr.Playing, first)
	}
}

// TestARequestsKeyNamesNoPlayer: a player's request to a tournament is
// kept under a key no reader of the store can compute from the identity
// (an unsalted digest of it told which known key asked to join), nor
// link to the same player's request at another tournament.
func TestARequestsKeyNamesNoPlayer(t *testing.T) {
	t.Parallel()
	eng, _ := openStore(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	book, err := keep.OpenTourneyBook(ctx, eng, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &Service{opt: Options{Book: book}}
	const ann = "key:SHA256:annsfingerprint"
	sum := sha256.Sum256([]byte(ann))
	digest := strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:10]))
	k1, k2 := s.reqKey("t1", ann), s.reqKey("t2", ann)
	for _, k := range []string{k1, k2} {
		if strings.Contains(k, digest) || strings.Contains(k, "annsfingerprint") {
			t.Errorf("the key %s names the player", k)
		}
	}
	if strings.TrimPrefix(k1, prefixReq+"t1.") == strings.TrimPrefix(k2, prefixReq+"t2.") {
		t.Errorf("one name for the player at two tournaments: %s, %s", k1, k2)
	}
	if k1 != s.reqKey("t1", ann) {
		t.Error("the player's request key at one tournament changes")
	}
}

// hallAndOwner is the owner tests' cluster: a node's hall whose own
// service drives nothing, and an owner ("one") beside it that the
// hall's tables' ends are told to, on a store and a clock of their own.
func hallAndOwner(t *testing.T) (*node, owner, *clock) {
	t.Helper()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	one := startOwner(t, eng, n.hall, clk, "one")
	n.hall.Opt.SeatedEnded = func(e tables.SeatedEnd) {
		one.svc.TableEnded(e)
		n.ended <- e.TableID
	}
	return n, one, clk
}
