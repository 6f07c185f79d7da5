package tournaments

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/server/hall"
)

// The owner's write of a round is refused (the store without a leader,
// a timeout), without landing or with its answer lost after it landed.
// No table of the round runs unknown to the tournament, none opens
// twice, and its players end up at exactly one table, the one the
// tournament has in play: the round's tables are written before they
// open (Opening), and a table written but not opened by the writer is
// opened by the next round. Opened before the write, as they were, a
// refused write left a table running that the next round paired its
// four again beside.
func TestRoundsTablesNeverOrphaned(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		land bool
	}{
		{"refused without landing", false},
		{"landed, its answer lost", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			n, clk, id := begin(t, tourney.Config{
				Kind: tourney.Arena, Name: "faulty store", Game: "101", Hands: 1, Start: t0, Length: 10 * time.Minute,
				BotLevel: "easy", Back: time.Minute,
			}, 4)
			ctx := context.Background()
			// The joins taken and written.
			waitFor(t, n, id, "the joins", func(tr tourney.Tournament) bool { return len(tr.Joined) == 4 })
			var mu sync.Mutex
			armed, faults := true, 0
			n.svc.owner.writeFault = func(string) (bool, error) {
				mu.Lock()
				defer mu.Unlock()
				if !armed {
					return false, nil
				}
				faults++
				return c.land, context.DeadlineExceeded
			}
			clk.add(10 * time.Minute) // it starts: the four paired
			n.svc.Owner().Round(ctx)
			mu.Lock()
			armed = false
			if faults == 0 {
				t.Fatal("no write was refused: the test tests nothing")
			}
			mu.Unlock()
			if got := running(n); len(got) != 0 {
				t.Fatalf("tables %v run after the round's write was refused: unknown to the tournament", got)
			}
			tr := waitFor(t, n, id, "the table opened", func(tr tourney.Tournament) bool {
				return len(tr.Playing) == 1 && len(running(n)) == 1
			})
			// A few more rounds: nothing opens again.
			for range 5 {
				n.svc.Owner().Round(ctx)
				time.Sleep(10 * time.Millisecond)
			}
			_, tr, _ = n.svc.Tournament(id)
			got := running(n)
			if len(tr.Playing) != 1 || !slices.Equal(got, []string{strconv.Itoa(tr.Playing[0].Table)}) {
				t.Fatalf("tables running %v, the tournament's in play %v: want the one", got, tr.Playing)
			}
			seats := tr.Seats(tr.Playing[0].Players)
			if seated := sorted(seats[:]); !slices.Equal(seated, sorted([]string{player(0), player(1), player(2), player(3)})) {
				t.Errorf("the table seats %v, want the four", seated)
			}
			if len(tr.Pool) != 0 {
				t.Errorf("players both at the table and in the pool: %v", tr.Pool)
			}
			n.svc.mu.Lock()
			r := n.svc.recs[id]
			n.svc.mu.Unlock()
			if len(r.Opening) != 0 {
				t.Errorf("tables %v still written as opening", r.Opening)
			}
		})
	}
}

// running are the tables node n's hall runs, by number.
func running(n *node) []string {
	n.hall.Mu.Lock()
	defer n.hall.Mu.Unlock()
	var out []string
	for id := range n.hall.Tables {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// waitFor runs node n's owner's rounds until want holds of tournament
// id as its watch sees it (two minutes at most: a loaded machine).
func waitFor(t *testing.T, n *node, id, what string, want func(tourney.Tournament) bool) tourney.Tournament {
	t.Helper()
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(10 * time.Millisecond) {
		n.svc.Owner().Round(context.Background())
		_, tr, err := n.svc.Tournament(id)
		if err != nil && !errors.Is(err, ErrNoTournament) {
			t.Fatal(err)
		}
		if err == nil && want(tr) {
			return tr
		}
		if time.Now().After(end) {
			t.Fatalf("%s: waited in vain: %s, %d joined, playing %v, tables running %v", what, tr.Phase, len(tr.Joined), tr.Playing, running(n))
		}
	}
}

// The owner writes a round's table and is lost before it opens it (its
// write's answer lost, then the node gone): the next owner, taking the
// tournament over, finds the table written in play and not opened
// (Opening), opens it, and the players sit at the one table the
// tournament has in play; the round is not paired again.
func TestRoundsTableOpenedByTheNextOwner(t *testing.T) {
	t.Parallel()
	n, one, two, clk := hallAndTwoOwners(t) // n seats the tables; its own service drives nothing
	id := arenaOfFour(t, one.svc, "owner lost mid-round")
	ctx := context.Background()
	until(t, one.svc, "the joins", func() bool { return len(state(t, one.svc, id).Joined) == 4 })
	one.svc.owner.writeFault = func(string) (bool, error) { return true, context.DeadlineExceeded }
	clk.add(10 * time.Minute)
	one.svc.Owner().Round(ctx) // written, not opened: the answer lost
	one.stop()                 // and the node gone
	if got := running(n); len(got) != 0 {
		t.Fatalf("tables %v run: the lost owner opened what it did not know written", got)
	}
	until(t, two.svc, "the next owner opens the table", func() bool {
		tr := state(t, two.svc, id)
		return len(tr.Playing) == 1 && len(running(n)) == 1
	})
	for range 5 {
		two.svc.Owner().Round(ctx)
		time.Sleep(10 * time.Millisecond)
	}
	tr := state(t, two.svc, id)
	if got := running(n); len(tr.Playing) != 1 || !slices.Equal(got, []string{strconv.Itoa(tr.Playing[0].Table)}) {
		t.Fatalf("tables running %v, in play %v: want the one written", got, tr.Playing)
	}
	two.svc.mu.Lock()
	r := two.svc.recs[id]
	two.svc.mu.Unlock()
	if len(r.Opening) != 0 || len(tr.Pool) != 0 {
		t.Errorf("after the takeover: opening %v, pool %v; want none", r.Opening, tr.Pool)
	}
}

// A table that opened and saved is kept in the store (hall.Kept): a
// table written as opening that no node tried is then left for the
// node that takes it over to bring back, its match where it was, not
// opened afresh; a number no table saved under is not kept.
func TestAKeptTableIsNotOpenedAfresh(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0}
	n := startNode(t, eng, kept, nil, clk)
	ctx := context.Background()
	num, err := n.hall.Number()
	if err != nil {
		t.Fatal(err)
	}
	if k, err := n.hall.Kept(ctx, num); err != nil || k {
		t.Fatalf("a number taken, no table opened: kept %v (%v)", k, err)
	}
	cfg := tableConfig(tourney.Config{Game: "101", Hands: 1, BotLevel: "easy", Back: time.Hour},
		tourney.Start{Players: tourney.Table{player(0), player(1), player(2), player(3)}}, "kept", time.Minute)
	if _, err := n.hall.OpenSeatedAs(cfg, num); err != nil {
		t.Fatal(err)
	}
	if _, err := n.hall.OpenSeatedAs(cfg, num); !errors.Is(err, hall.ErrNumberUsed) {
		t.Errorf("a number opened twice: %v, want ErrNumberUsed", err)
	}
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if k, err := n.hall.Kept(ctx, num); err == nil && k {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the table opened was never kept")
		}
	}
	// Written as opening by an owner lost before it tried: settled, not
	// opened again beside the one brought back.
	r := record{T: tourney.Tournament{Config: tourney.Config{Kind: tourney.Arena, Game: "101", Hands: 1}, Phase: tourney.Running,
		Joined: map[string]tourney.Entrant{}}}
	k, _ := strconv.Atoi(num)
	r.T.Opened(tourney.Start{Players: cfg.Seated.Players}, k, t0)
	r.Opening = []int{k}
	n.hall.Mu.Lock()
	delete(n.hall.Tables, num) // as on a node that has not taken it over yet
	n.hall.Mu.Unlock()
	if st, settled := n.svc.owner.settleOpening(ctx, "kept", &r, k, t0); !settled || len(st) != 0 || len(r.T.Playing) != 1 {
		t.Errorf("a kept table written as opening: settled %v, starts %v, playing %v; want settled, still in play", settled, st, r.T.Playing)
	}
	if got := running(n); len(got) != 0 {
		t.Errorf("tables %v opened afresh beside the kept one", got)
	}
}
