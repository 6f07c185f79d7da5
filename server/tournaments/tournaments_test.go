package tournaments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/big"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"okey/game/fair"
	"okey/game/okey101"
	"okey/game/tourney"
	"okey/kit/safetext"
	"okey/server/hall"
	"okey/server/keep"
	"okey/server/servetest"
	"okey/server/tables"
)

var t0 = time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)

// clock is a test's clock for the tournaments, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// node is one node's server side in a test: its hall (tables on the real
// clock, bots at once), its tournaments (on the test's clock, a round
// when the test says), what its tables rated, and their members.
type node struct {
	hall  *hall.Hall
	svc   *Service
	keep  *keep.Keeper
	mu    sync.Mutex
	rated []keep.MatchEnd
	// ended are the tables whose seated match ended.
	ended chan string
	stop  context.CancelFunc
}

func testLog(t *testing.T) *slog.Logger {
	if testing.Verbose() && os.Getenv("TOURNEY_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// allRated are the matches node n's tables rated, which must be at
// least matches.
func (n *node) allRated(t *testing.T, matches int) []keep.MatchEnd {
	t.Helper()
	n.mu.Lock()
	rated := slices.Clone(n.rated)
	n.mu.Unlock()
	if len(rated) < matches {
		t.Errorf("%d matches rated of %d", len(rated), matches)
	}
	return rated
}

// startNode starts a node on eng and kept. leases nil: alone.
func startNode(t *testing.T, eng *keep.Engine, kept *keep.Keeper, leases *keep.Leases, clk *clock) *node {
	t.Helper()
	// A turn's timer no scripted player's turn waits out (each says
	// they are away as they come: players.come), long enough that it
	// never runs out between their coming and their key.
	return startNodeOn(t, eng, kept, leases, clk, time.Now, time.Minute, nil)
}

// startNodeOn is startNode with its tables on the clock tablesNow, the
// turn's timer timer (0: none) at its tournaments' tables, and its log
// (nil: the tests').
func startNodeOn(t *testing.T, eng *keep.Engine, kept *keep.Keeper, leases *keep.Leases, clk *clock, tablesNow func() time.Time, timer time.Duration, log *slog.Logger) *node {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	n := &node{keep: kept, ended: make(chan string, 256), stop: cancel}
	if log == nil {
		log = testLog(t)
	}
	opt := tables.Options{
		BotDelay: 0, BotTimeout: time.Minute, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50, Log: log, Now: tablesNow, Random: servetest.Random(7),
	}
	opt.Rate = func(m keep.MatchEnd) {
		n.mu.Lock()
		n.rated = append(n.rated, m)
		n.mu.Unlock()
	}
	n.hall = hall.New(ctx, opt, kept, 100, hall.ShareLimits{})
	book, err := keep.OpenTourneyBook(ctx, eng, log)
	if err != nil {
		t.Fatal(err)
	}
	n.svc, err = New(Options{Book: book, Leases: leases, Hall: n.hall, Now: clk.Now, Log: log,
		Random: servetest.Random(3), Every: -1, Timer: timer, Rate: opt.Rate})
	if err != nil {
		t.Fatal(err)
	}
	n.hall.Opt.SeatedEnded = func(e tables.SeatedEnd) {
		n.svc.TableEnded(e)
		n.ended <- e.TableID
	}
	if err := n.svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); n.hall.Wait() })
	return n
}

// players are scripted players: each comes to the seat held for them
// as their table opens, presses a key there (present), then says they
// are away (no key since: their bot plays at once, for less than they
// may be away, and what it makes of the match is theirs), and leaves
// once the match is over. The idle come and press no key (the first
// turn their clock runs out loses them the match); the slow press one
// and never say they are away (their turns run out on the clock, each
// a turn lost).
type players struct {
	at         map[string][]*tables.Member // table -> its players' members
	idle, slow map[string]bool
	// matches, if set, holds an arena's clock at its start until it has
	// begun, and short of its end until that many matches are played:
	// its rounds and tables run on the real clock, which a loaded
	// machine slows, and the test's clock does not wait for them (2
	// matches in 20 minutes beside the whole suite).
	matches int
}

// come seats the players of every table node's tournament tid has in
// play and not seen yet, except those in absent.
func (p *players) come(t *testing.T, n *node, tid string, absent map[string]bool) {
	t.Helper()
	_, tr, err := n.svc.Tournament(tid)
	if err != nil {
		t.Fatal(err)
	}
	for _, pl := range tr.Playing {
		id := strconv.Itoa(pl.Table)
		if _, ok := p.at[id]; ok {
			continue
		}
		tb := n.hall.Local(id)
		if tb == nil {
			continue // another node's, or not yet
		}
		p.at[id] = nil
		for _, who := range tr.Seats(pl.Players) {
			if who == tourney.Bot || absent[who] {
				continue
			}
			m := tables.NewMember(who, who[len(who)-2:], "127.0.0.1", -1)
			r := tables.Request{Kind: tables.ReqJoin, M: m, Reply: make(chan tables.JoinReply, 1)}
			if !tb.Call(context.Background(), r) {
				t.Fatal("a tournament's table took no join")
			}
			if rep := <-r.Reply; rep.Err != nil {
				t.Fatalf("%s at table %s: %v", who, id, rep.Err)
			}
			if !p.idle[who] {
				tb.Call(context.Background(), tables.Request{Kind: tables.ReqHere, M: m})
			}
			if !p.idle[who] && !p.slow[who] {
				tb.Call(context.Background(), tables.Request{Kind: tables.ReqAway, M: m})
			}
			p.at[id] = append(p.at[id], m)
		}
	}
}

// leave takes the players of a table whose match ended away from it.
func (p *players) leave(n *node, table string) {
	tb := n.hall.Local(table)
	if tb == nil {
		return
	}
	for _, m := range p.at[table] {
		tb.Call(context.Background(), tables.Request{Kind: tables.ReqLeave, M: m})
	}
}

// play runs tournament tid on node n until it is finished: the clock
// moved step a round, the players brought to their tables and taken
// away from them.
func play(t *testing.T, n *node, clk *clock, tid string, step time.Duration, absent map[string]bool) tourney.Tournament {
	t.Helper()
	return playWith(t, n, clk, tid, step, absent, &players{at: map[string][]*tables.Member{}})
}

// playWith is play with the players p.
func playWith(t *testing.T, n *node, clk *clock, tid string, step time.Duration, absent map[string]bool, p *players) tourney.Tournament {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if time.Now().After(deadline) {
			_, tr, _ := n.svc.Tournament(tid)
			t.Fatalf("the tournament never finished: %s, playing %v, %d matches", tr.Phase, tr.Playing, len(tr.Matches))
		}
		n.svc.Owner().Round(context.Background())
		p.come(t, n, tid, absent)
	drain:
		for {
			select {
			case id := <-n.ended:
				p.leave(n, id)
			default:
				break drain
			}
		}
		_, tr, err := n.svc.Tournament(tid)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Phase == tourney.Finished {
			return tr
		}
		// Held: at the start until the owner's round has begun the
		// arena (the clock ran past its end before it began, beside the
		// whole suite), and short of the end until enough matches.
		starting := tr.Phase == tourney.Starting && !clk.Now().Before(tr.Config.Start)
		ending := tr.Phase == tourney.Running && len(tr.Matches) < p.matches && !clk.Now().Add(step).Before(tr.Config.Start.Add(tr.Config.Length))
		if p.matches > 0 && (starting || ending) {
			select {
			case id := <-n.ended:
				p.leave(n, id)
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		clk.add(step)
		if tr.Phase == tourney.Starting && len(tr.Playing) == 0 {
			continue // nothing plays on the real clock before the start
		}
		// The tables play on the real clock: a step waits for one to
		// end, 20 ms at most.
		select {
		case id := <-n.ended:
			p.leave(n, id)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// recomputed are tournament id's standings recounted from its
// matches' records in the store.
func recomputed(t *testing.T, svc *Service, id string) []tourney.Standing {
	t.Helper()
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	st, err := svc.Recount(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func openStore(t *testing.T) (*keep.Engine, *keep.Keeper) {
	t.Helper()
	eng, kept, err := keep.OpenDir(context.Background(), t.TempDir(), keep.StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng, kept
}

func player(i int) string { return fmt.Sprintf("key:SHA256:player%02d", i) }

// nameOf is player i's name as they join: a line break and far too
// long, which the tournament keeps cleaned and cut.
func nameOf(i int) string { return fmt.Sprintf("Oyuncu\n%d", i) + strings.Repeat("x", 200) }

// begin starts a node alone with the clock ten minutes before t0,
// creates tournament c there and joins players to it (rated 1500 and
// on by tens).
func begin(t *testing.T, c tourney.Config, players int) (*node, *clock, string) {
	t.Helper()
	return beginOn(t, c, players, time.Now, time.Minute)
}

// beginOn is begin with the node's tables on the clock tablesNow and
// the turn's timer timer at its tournaments' tables (startNodeOn).
func beginOn(t *testing.T, c tourney.Config, players int, tablesNow func() time.Time, timer time.Duration) (*node, *clock, string) {
	t.Helper()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	n := startNodeOn(t, eng, kept, nil, clk, tablesNow, timer, nil)
	ctx := context.Background()
	id, err := n.svc.CreateTournament(ctx, "key:SHA256:creator", c)
	if err != nil {
		t.Fatal(err)
	}
	for i := range players {
		if err := n.svc.JoinTournament(ctx, id, player(i), nameOf(i), 1500+10*i); err != nil {
			t.Fatal(err)
		}
	}
	// A join reaches the owner through its watch of the store, a
	// moment after it is written: in before the tests start it.
	until(t, n.svc, "every player joined", func() bool {
		in := state(t, n.svc, id).People()
		for i := range players {
			if !slices.Contains(in, player(i)) {
				return false
			}
		}
		return true
	})
	return n, clk, id
}

// An arena played end to end on one node: eight players join before it
// starts, come to each table the arena opens for them and let their
// bots play; matches end and new tables open until the end time, the
// last matches finish, and the standings recomputed from every match's
// record in the store are the tournament's. Every match was rated.
func TestArenaPlayedToTheEnd(t *testing.T) {
	t.Parallel()
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Arena, Name: "Friday arena", Game: "101", Hands: 1, Start: t0, Length: 20 * time.Minute,
		BotWait: time.Minute, BotLevel: "easy", Back: time.Minute,
	}, 8)
	// Its matches kept in pages of five (store.go): twelve matches
	// or so fill two.
	n.svc.pageLen = 5
	ctx := context.Background()
	if err := n.svc.LeaveTournament(ctx, id, "key:SHA256:nobody"); !errors.Is(err, tourney.ErrUnknown) {
		t.Errorf("leaving a tournament never joined: %v", err)
	}
	if _, _, err := n.svc.Tournament("nope"); !errors.Is(err, ErrNoTournament) {
		t.Errorf("an unknown tournament: %v", err)
	}
	// The clock moves 10 s a step (as the partners' arena's), and
	// stops short of the end until four matches are played: beside the
	// whole suite the 20 minutes passed with 2.
	tr := playWith(t, n, clk, id, 10*time.Second, nil, &players{at: map[string][]*tables.Member{}, matches: 4})
	if len(tr.Matches) < 4 {
		t.Fatalf("%d matches in the arena", len(tr.Matches))
	}
	// Every entrant's name is kept, cleaned and cut as a seat's is: the
	// pages of every node name them, rated or not.
	for i := range 8 {
		name := tr.Joined[player(i)].Name
		if !strings.HasPrefix(name, "Oyuncu") || strings.ContainsRune(name, '\n') || len(name) > safetext.MaxNameBytes {
			t.Errorf("player %d is kept as %q", i, name)
		}
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d matches; standings %v", len(tr.Matches), st)
	if again := recomputed(t, n.svc, id); !slices.Equal(st, again) {
		t.Fatalf("the standings are not what the records add up to:\n%v\n%v", st, again)
	}
	for _, m := range tr.Matches {
		if m.Forfeit != [4]bool{} {
			t.Errorf("table %d: forfeits %v, though every player came", m.Table, m.Forfeit)
		}
	}
	// Every match rated, its seats the players the arena seated.
	rated := n.allRated(t, len(tr.Matches))
	for _, m := range rated {
		for _, e := range m.Seats {
			if e.ID != "" && !keep.IsRated(e.ID) && !slices.Contains([]string{keep.BotIdentity("easy")}, e.ID) {
				t.Errorf("a rated match's seat %+v", e)
			}
		}
	}
	l := n.svc.Tournaments()
	if len(l) != 1 || l[0].ID != id || l[0].Phase != tourney.Finished || l[0].Players != 8 {
		t.Errorf("the lobby lists %+v", l)
	}
	// Listed a day with its podium: the first three by name and points.
	n.svc.mu.Lock()
	done := n.svc.recs[id].Done
	n.svc.mu.Unlock()
	if len(l) == 1 && (!l[0].Until.Equal(done.Add(ListedFor)) || done.IsZero() || len(l[0].Podium) != 3 ||
		l[0].Podium[0].Points != st[0].Points || l[0].Podium[0].Names[0] != tr.Joined[st[0].Player].Name) {
		t.Errorf("the finished arena is listed until %v (done %v), podium %+v", l[0].Until, done, l[0].Podium)
	}
	clk.add(ListedFor + time.Minute)
	if l := n.svc.Tournaments(); len(l) != 0 {
		t.Errorf("a day after it finished, the lobby still lists %+v", l)
	}
	// The pages' copy shares nothing with the service's own (which
	// the owner drives and the store keeps), and is made once a
	// revision: readers share it.
	_, c, _ := n.svc.Tournament(id)
	if _, again, _ := n.svc.Tournament(id); reflect.ValueOf(again.Joined).UnsafePointer() != reflect.ValueOf(c.Joined).UnsafePointer() {
		t.Error("a second read of the same revision copied the tournament again")
	}
	c.Matches[0].Places[0] = 99
	for k := range c.Joined {
		delete(c.Joined, k)
	}
	n.svc.mu.Lock()
	own := n.svc.recs[id].T
	n.svc.mu.Unlock()
	if own.Matches[0].Places[0] == 99 || len(own.Joined) != 8 {
		t.Error("a copy changed the tournament")
	}
	matchesInPages(t, n, id, own.Matches, 5)
}

// matchesInPages checks that tournament id, which played matches, is
// kept with its matches in pages of size (all of them but the last
// ones, fewer than a page), and that a service started after reads
// every match back, in order, from the store.
func matchesInPages(t *testing.T, n *node, id string, matches []tourney.Match, size int) {
	t.Helper()
	ctx := context.Background()
	b, _, err := n.svc.opt.Book.Read(ctx, prefixT+id)
	if err != nil {
		t.Fatal(err)
	}
	var kept record
	if err := json.Unmarshal(b, &kept); err != nil {
		t.Fatal(err)
	}
	if len(kept.Archive) != len(matches)/size || len(kept.T.Matches) != len(matches)%size {
		t.Errorf("of %d matches the tournament's value holds %d and names %d pages of %d", len(matches), len(kept.T.Matches), len(kept.Archive), size)
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	after, err := New(Options{Book: n.svc.opt.Book, Hall: n.hall, Now: n.svc.opt.Now, Log: n.svc.opt.Log, Every: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := after.Start(sctx); err != nil {
		t.Fatal(err)
	}
	if _, read, err := after.Tournament(id); err != nil || !slices.Equal(read.Matches, matches) {
		t.Errorf("a service started after reads %d matches (%v), not the %d played", len(read.Matches), err, len(matches))
	}
}

// An arena's player who does not come to their table forfeits it and
// is paused, out of the pool until they come back: the end that reports the
// forfeit does not seat them again at once. Four joined, one never
// comes, no bots: after the first match the three who came wait for a
// fourth, and the one who did not is never seated again.
func TestArenaForfeitIsNotSeatedAgain(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("ten minutes of an arena stepped a second at a time (20 s and more): the whole suite runs it")
	}
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Arena, Name: "short arena", Game: "101", Hands: 1, Start: t0, Length: 10 * time.Minute,
		BotLevel: "easy", Back: backTime, Away: awayTime,
	}, 4)
	absent := player(3)
	// A second of the arena's clock a step: the tables' waits are real
	// time, and the arena must outlast its first match by several.
	tr := play(t, n, clk, id, time.Second, map[string]bool{absent: true})
	seated := 0
	for _, m := range tr.Matches {
		if slices.Contains(m.Players[:], absent) {
			seated++
		}
	}
	if seated != 1 || len(tr.Matches) != 1 {
		t.Errorf("the absent player sat at %d of %d matches; want one, then none (the others wait for a fourth)", seated, len(tr.Matches))
	}
	if e := tr.Joined[absent]; !e.Paused || e.Left {
		t.Errorf("the absent player is not paused: %+v", e)
	}
}

// A Swiss of six played to its end: each round's tables (six players:
// two tables of three and a bot) open once the last round is over; one
// player never comes to their table, whose seat is given up to a bot
// after the time to come back, and the table reports the forfeit: they
// score nothing for that match, the others' places stand, and they are
// paused, out of the next rounds (two tables of the five others) since
// they never press a key on the page; the standings recomputed from the
// records and the forfeits are the tournament's.
func TestSwissOfSixWithAForfeit(t *testing.T) {
	t.Parallel()
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Swiss, Name: "club rounds", Game: "101", Hands: 1, Start: t0, Rounds: 3,
		BotLevel: "easy", Back: backTime, Away: awayTime,
	}, 6)
	absent := player(3)
	tr := play(t, n, clk, id, 30*time.Second, map[string]bool{absent: true})
	if tr.Round != 3 || len(tr.Matches) != 6 {
		t.Fatalf("round %d, %d matches; want 3 rounds of two tables", tr.Round, len(tr.Matches))
	}
	perRound := map[int]int{}
	for _, m := range tr.Matches {
		perRound[m.Round]++
	}
	if perRound[1] != 2 || perRound[2] != 2 || perRound[3] != 2 {
		t.Errorf("matches by round: %v; want two a round", perRound)
	}
	forfeits := 0
	for _, m := range tr.Matches {
		for seat, p := range m.Players {
			if m.Forfeit[seat] != (p == absent) {
				t.Errorf("round %d, table %d: %s forfeit %v", m.Round, m.Table, p, m.Forfeit[seat])
			}
			if m.Forfeit[seat] {
				forfeits++
			}
		}
	}
	if forfeits != 1 {
		t.Errorf("%d forfeits, want the absent player's one, then none (paused)", forfeits)
	}
	if !tr.Joined[absent].Paused {
		t.Errorf("the absent player is %+v, want paused", tr.Joined[absent])
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.Player == absent && (s.Points != 0 || s.Matches != 1) {
			t.Errorf("the absent player's line: %+v", s)
		}
	}
	if again := recomputed(t, n.svc, id); !slices.Equal(st, again) {
		t.Fatalf("the standings are not what the records add up to:\n%v\n%v", st, again)
	}
}

// hallAndTwoOwners starts, on one store and clock, a node whose hall
// seats the tables (its own service never owns a tournament) and two
// owners beside it, "one" and "two", that contend for every
// tournament's lease: the start of each test of an owner lost.
func hallAndTwoOwners(t *testing.T) (*node, owner, owner, *clock) {
	t.Helper()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	return n, startOwner(t, eng, n.hall, clk, "one"), startOwner(t, eng, n.hall, clk, "two"), clk
}

// owner is one node's tournament service over a shared hall, with its
// lease of the tournaments: a test stops it as a node dies (its leases
// no longer renewed, its round no longer run).
type owner struct {
	svc  *Service
	stop context.CancelFunc
}

func startOwner(t *testing.T, eng *keep.Engine, h *hall.Hall, clk *clock, name string) owner {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	leases, err := keep.OpenTourneyLeases(ctx, eng, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	leases.Node = name
	book, err := keep.OpenTourneyBook(ctx, eng, nil)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := New(Options{Book: book, Leases: leases, Hall: h, Now: clk.Now, Log: testLog(t), Every: -1, Timer: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return owner{svc: svc, stop: cancel}
}

// arenaOfFour creates on svc a ten-minute arena of one-hand 101
// matches starting at t0, called name, and joins four players to it.
func arenaOfFour(t *testing.T, svc *Service, name string) string {
	t.Helper()
	ctx := context.Background()
	id, err := svc.CreateTournament(ctx, "key:SHA256:creator", tourney.Config{
		Kind: tourney.Arena, Name: name, Game: "101", Hands: 1, Start: t0, Length: 10 * time.Minute,
		BotLevel: "easy", Back: time.Minute,
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if err := svc.JoinTournament(ctx, id, player(i), "", 1500); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// The owner of an arena dies with a table's end written and not yet
// taken: another node takes the tournament's lease over (once the dead
// owner's runs out), takes the end once, and carries the arena on to its
// end; an end reported again (a table brought back whose match had
// ended) is not counted again. Every table opened is a match of the
// tournament, once.
func TestOwnerLostNoMatchLostOrCountedTwice(t *testing.T) {
	t.Parallel()
	n, one, two, clk := hallAndTwoOwners(t) // n seats the tables; its own service owns nothing
	one.svc.pageLen, two.svc.pageLen = 2, 2
	var mu sync.Mutex
	live := one.svc
	var ends []tables.SeatedEnd
	n.hall.Opt.SeatedEnded = func(e tables.SeatedEnd) {
		mu.Lock()
		live.TableEnded(e)
		ends = append(ends, e)
		mu.Unlock()
		n.ended <- e.TableID
	}
	ctx := context.Background()
	id := arenaOfFour(t, one.svc, "handed over")
	clk.add(10 * time.Minute)
	waitWatched := func(s *Service, want func(tourney.Tournament) bool) tourney.Tournament {
		t.Helper()
		for end := time.Now().Add(2 * time.Minute); ; time.Sleep(10 * time.Millisecond) {
			s.Owner().Round(ctx)
			if _, tr, err := s.Tournament(id); err == nil && want(tr) {
				return tr
			}
			if time.Now().After(end) {
				_, tr, _ := s.Tournament(id)
				t.Fatalf("waited in vain: %s, playing %v, %d matches, owned by this one: %v", tr.Phase, tr.Playing, len(tr.Matches), s.Owner().Owned())
			}
		}
	}
	tr := waitWatched(one.svc, func(tr tourney.Tournament) bool { return len(tr.Playing) == 1 })
	if two.svc.Owner().Round(ctx); len(two.svc.Owner().Owned()) != 0 {
		t.Fatal("a second node drives a tournament whose lease is held")
	}
	// The one node dies; the table's match is played to its end and
	// its end written (by the node that runs the table), not taken.
	one.stop()
	mu.Lock()
	live = two.svc
	mu.Unlock()
	// The players come to the table as the dead owner's copy of the
	// arena had it (the hall's own service's copy may lag behind: its
	// players would never come, and forfeit).
	p := &players{at: map[string][]*tables.Member{}}
	p.come(t, &node{hall: n.hall, svc: one.svc}, id, nil)
	first := strconv.Itoa(tr.Playing[0].Table)
	select {
	case got := <-n.ended:
		if got != first {
			t.Fatalf("table %s ended, want %s", got, first)
		}
		p.leave(n, got)
	case <-time.After(3 * time.Minute):
		t.Fatal("the table's match never ended")
	}
	// The other node takes it over once the dead one's lease runs
	// out, and the end once.
	tr = waitWatched(two.svc, func(tr tourney.Tournament) bool { return len(tr.Matches) == 1 && len(tr.Playing) == 1 })
	mu.Lock()
	again := ends[0]
	mu.Unlock()
	two.svc.TableEnded(again) // reported again: a table brought back
	for range 20 {
		two.svc.Owner().Round(ctx)
		time.Sleep(20 * time.Millisecond)
	}
	if _, tr2, _ := two.svc.Tournament(id); len(tr2.Matches) != 1 {
		t.Fatalf("an end reported again was counted again: %d matches", len(tr2.Matches))
	}
	// On to the end of the arena, the second node owning it.
	clk.add(10 * time.Minute)
	p.come(t, n, id, nil)
	final := play(t, &node{hall: n.hall, svc: two.svc, ended: n.ended}, clk, id, 30*time.Second, nil)
	seen := map[int]bool{}
	for _, m := range final.Matches {
		if seen[m.Table] {
			t.Errorf("table %d counted twice", m.Table)
		}
		seen[m.Table] = true
	}
	mu.Lock()
	defer mu.Unlock()
	for _, e := range ends {
		k, _ := strconv.Atoi(e.TableID)
		if !seen[k] {
			t.Errorf("table %s ended and was not counted", e.TableID)
		}
	}
	if len(final.Matches) != len(seen) || len(seen) < 2 {
		t.Errorf("%d matches of %d tables", len(final.Matches), len(seen))
	}
	if st, _ := final.Standings(); !slices.Equal(st, recomputed(t, two.svc, id)) {
		t.Error("the standings are not what the records add up to")
	}
	matchesInPages(t, &node{hall: n.hall, svc: two.svc}, id, final.Matches, 2)
}

// An owner whose tournament was written by another since it read it
// writes nothing: its write is refused at the revision it read, and it
// stops driving the tournament.
func TestStaleOwnerIsFenced(t *testing.T) {
	t.Parallel()
	eng, _ := openStore(t)
	ctx := context.Background()
	book, err := keep.OpenTourneyBook(ctx, eng, nil)
	if err != nil {
		t.Fatal(err)
	}
	rev, err := book.Write(ctx, "t.x", []byte(`{"id":"x"}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := book.Write(ctx, "t.x", []byte(`{"id":"x"}`), 0); !errors.Is(err, keep.ErrTourneyMoved) {
		t.Errorf("made twice: %v", err)
	}
	if _, err := book.Write(ctx, "t.x", []byte(`{"id":"x","by":"b"}`), rev); err != nil {
		t.Fatal(err)
	}
	if _, err := book.Write(ctx, "t.x", []byte(`{"id":"x","by":"a"}`), rev); !errors.Is(err, keep.ErrTourneyMoved) {
		t.Errorf("a write at a revision gone: %v", err)
	}
	if _, err := book.Write(ctx, "t.y", make([]byte, keep.MaxTourneyValue+1), 0); !errors.Is(err, keep.ErrTourneyTooBig) {
		t.Errorf("a value past the cap: %v", err)
	}
	b, _, err := book.Read(ctx, "t.x")
	if err != nil || string(b) != `{"id":"x","by":"b"}` {
		t.Errorf("read %s, %v", b, err)
	}
}

// A table the tournament has in play that no node runs, with no end
// written (its node lost and nobody brought it back), is counted
// abandoned after Options.Abandon: a match nobody won, its players back
// in the pool, the arena able to finish.
func TestTableLostWithNoEndIsAbandoned(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0}
	n := startNode(t, eng, kept, nil, clk)
	n.svc.opt.Abandon = 50 * time.Millisecond
	ctx := context.Background()
	id, err := n.svc.CreateTournament(ctx, "key:SHA256:creator", tourney.Config{
		Kind: tourney.Arena, Name: "lost", Game: "101", Hands: 1, Start: t0.Add(time.Minute), Length: 10 * time.Minute, BotLevel: "easy",
	})
	if err != nil {
		t.Fatal(err)
	}
	// A table in play that nobody runs, written as a lost node left it.
	rewrite(t, n, id, func(r *record) {
		r.T.Joined[player(1)] = tourney.Entrant{Rating: 1500}
		r.T.Opened(tourney.Start{Players: tourney.Table{player(1), tourney.Bot, tourney.Bot, tourney.Bot}}, 999, t0)
	})
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		n.svc.Owner().Round(ctx)
		if _, tr, _ := n.svc.Tournament(id); len(tr.Matches) == 1 {
			m := tr.Matches[0]
			if m.Table != 999 || m.Forfeit != [4]bool{true} || len(tr.Playing) != 0 {
				t.Fatalf("the lost table's match: %+v, playing %v", m, tr.Playing)
			}
			break
		}
		if time.Now().After(end) {
			t.Fatal("the lost table was never let go")
		}
	}
	if st := recomputed(t, n.svc, id); len(st) != 1 || st[0].Points != 0 || st[0].Matches != 1 {
		t.Errorf("recounted: %+v", st)
	}
}

// A table the arena has in play, opened on a node that died before the
// table was ever written (its door gone, no lease, no entry kept), is
// counted abandoned at the owner's next rounds, not after
// Options.Abandon (an hour here), and its players are paired again at
// once; its end, should it come after all, is not counted. A table
// opened on this very node, which it no longer runs, waits out Abandon:
// its end may still be on its way.
func TestTableLostWithItsNodeIsLetGoAtOnce(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0}
	n := startNode(t, eng, kept, nil, clk)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := n.hall.JoinNodes(ctx, eng, time.Second); err != nil {
		t.Fatal(err)
	}
	n.svc.opt.Abandon = time.Hour
	// The operator's: begun half an hour ago, as no player's may be.
	id, err := n.svc.CreateTournament(ctx, Operator, tourney.Config{
		Kind: tourney.Arena, Name: "lost with its node", Game: "101", Hands: 1, Start: t0.Add(-30 * time.Minute), Length: time.Hour,
		BotLevel: "easy", Back: time.Minute,
	})
	if err != nil {
		t.Fatal(err)
	}
	// Running, two tables in play: 999 opened on a node now dead, 998
	// on this one.
	if n.hall.Node() == "" {
		t.Fatal("the hall among nodes has no name")
	}
	var lost, here tourney.Table
	rewrite(t, n, id, func(r *record) {
		r.T.Phase = tourney.Running
		for i := range 4 {
			lost[i], here[i] = player(i), player(4+i)
			r.T.Joined[player(i)] = tourney.Entrant{Rating: 1500}
			r.T.Joined[player(4+i)] = tourney.Entrant{Rating: 1500}
		}
		r.T.Opened(tourney.Start{Players: lost}, 999, t0)
		r.T.Opened(tourney.Start{Players: here}, 998, t0)
		r.OpenedOn = map[int]string{999: "dead", 998: n.hall.Node()}
	})
	// Rounds until the service's copy (its watch of the store, late on
	// a loaded machine: five rounds were once not enough) shows the
	// lost table's match.
	var tr tourney.Tournament
	for k, end := 0, time.Now().Add(2*time.Minute); ; k++ {
		if time.Now().After(end) {
			t.Fatalf("after %d rounds: matches %+v, playing %+v", k, tr.Matches, tr.Playing)
		}
		n.svc.Owner().Round(ctx)
		if _, tr, _ = n.svc.Tournament(id); len(tr.Matches) == 1 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if m := tr.Matches[0]; m.Table != 999 || m.Forfeit != [4]bool{true, true, true, true} || m.Places != [4]int{1, 1, 1, 1} {
		t.Errorf("the lost table's match: %+v", m)
	}
	var again bool
	for _, p := range tr.Playing {
		switch {
		case p.Table == 999:
			t.Errorf("table 999 still in play")
		case p.Table != 998 && slices.Equal(sorted(p.Players[:]), sorted(lost[:])):
			again = true
		}
	}
	if !again || !slices.ContainsFunc(tr.Playing, func(p tourney.Playing) bool { return p.Table == 998 }) {
		t.Errorf("the lost table's players not paired again, or table 998 let go: %+v", tr.Playing)
	}
	// Its end after all: not counted.
	n.svc.TableEnded(tables.SeatedEnd{TableID: "999", Tourney: id, Players: lost, Places: [4]int{1, 2, 3, 4}})
	for range 20 {
		n.svc.Owner().Round(ctx)
		time.Sleep(20 * time.Millisecond)
	}
	if _, tr, _ = n.svc.Tournament(id); len(tr.Matches) != 1 {
		t.Errorf("the lost table's end counted too: %+v", tr.Matches)
	}
}

// rewrite writes tournament id on node n as edit leaves it: a state the
// owner's rounds could not reach by themselves.
func rewrite(t *testing.T, n *node, id string, edit func(*record)) {
	t.Helper()
	ctx := context.Background()
	b, rev, err := n.svc.opt.Book.Read(ctx, prefixT+id)
	if err != nil {
		t.Fatal(err)
	}
	var r record
	if err := n.svc.readRecord(ctx, id, b, &r); err != nil {
		t.Fatal(err)
	}
	edit(&r)
	if b, err = n.svc.pack(ctx, id, &r); err != nil {
		t.Fatal(err)
	}
	if _, err := n.svc.opt.Book.Write(ctx, prefixT+id, b, rev); err != nil {
		t.Fatal(err)
	}
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// Duplicate Swiss rounds: each round's seal is drawn and its commitment
// kept before the round's tables deal; every table of a round deals the
// same seed under that commitment, another round another; a table's
// record and the round's secret are given out only once every table of
// the round is over; and the players are scored against the field.
// Each table's match is rated on its own.
func TestDuplicateRoundsShareTheirDealsAndKeepThemSecret(t *testing.T) {
	t.Parallel()
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Swiss, Name: "duplicate rounds", Game: "101", Hands: 1, Start: t0, Rounds: 2,
		BotLevel: "easy", Back: 10 * time.Minute, Duplicate: true,
	}, 8)
	ctx := context.Background()
	round := func(want func(tourney.Tournament) bool) tourney.Tournament {
		t.Helper()
		for end := time.Now().Add(3 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
			n.svc.Owner().Round(ctx)
			if _, tr, _ := n.svc.Tournament(id); want(tr) {
				return tr
			}
			if time.Now().After(end) {
				_, tr, _ := n.svc.Tournament(id)
				t.Fatalf("waited in vain: round %d, playing %v, %d matches", tr.Round, tr.Playing, len(tr.Matches))
			}
		}
	}
	// Before the first round its commitment is kept, its secret not shown.
	round(func(tourney.Tournament) bool { s, _ := n.svc.Seals(id); return len(s) > 0 })
	seals, err := n.svc.Seals(id)
	if err != nil || len(seals) != 1 || seals[0].Round != 1 || seals[0].Commit == "" || seals[0].Seed != "" {
		t.Fatalf("before the first round: %+v, %v", seals, err)
	}
	commit1 := seals[0].Commit
	clk.add(10 * time.Minute)
	tr := round(func(tr tourney.Tournament) bool { return tr.Round == 1 && len(tr.Playing) == 2 })
	// Only the first table's players come: it plays, the other waits.
	first, second := tr.Playing[0], tr.Playing[1]
	absent := map[string]bool{}
	for _, p := range second.Players {
		absent[p] = true
	}
	p := &players{at: map[string][]*tables.Member{}}
	p.come(t, n, id, absent)
	round(func(tourney.Tournament) bool { _, raw, _ := n.svc.tournament(id); return len(raw.Matches) == 1 })
	// Its places, points and the standings' moves are held back while
	// the other table plays the same deal: none is shown.
	_, shown, _ := n.svc.Tournament(id)
	st, _ := shown.Standings()
	if len(shown.Matches) != 0 || !slices.Equal(tourney.Held(&shown), []int{1}) || slices.ContainsFunc(st, func(l tourney.Standing) bool { return l.Points != 0 || l.Matches != 0 }) {
		t.Fatalf("the round's first table over: shown %d matches, held %v, standings %v", len(shown.Matches), tourney.Held(&shown), st)
	}
	if _, err := n.svc.Record(ctx, id, first.Table); !errors.Is(err, ErrNotYet) {
		t.Fatalf("a table's record while its round is played: %v", err)
	}
	if seals, _ := n.svc.Seals(id); seals[0].Seed != "" {
		t.Fatalf("the round's secret shown while it is played: %+v", seals[0])
	}
	// Nor are its ratings' moves: the first table's match is not rated
	// while the round is played.
	ratedRound := func() (ms []keep.MatchEnd) {
		n.mu.Lock()
		defer n.mu.Unlock()
		for _, m := range n.rated {
			if strings.HasPrefix(m.Key, commit1) {
				ms = append(ms, m)
			}
		}
		return ms
	}
	if got := ratedRound(); len(got) != 0 {
		t.Fatalf("the round's first table over: rated %+v while the round is played", got)
	}
	// Then the second table's.
	delete(p.at, strconv.Itoa(second.Table))
	p.come(t, n, id, nil)
	tr = round(func(tr tourney.Tournament) bool { return tr.Round == 2 && len(tr.Playing) == 2 })
	if got := ratedRound(); len(got) != 2 {
		t.Fatalf("the first round over: its matches rated %+v, want both tables'", got)
	}
	seals, _ = n.svc.Seals(id)
	if len(seals) != 2 || seals[0].Seed == "" || seals[0].Commit != commit1 || seals[1].Seed != "" || seals[1].Commit == commit1 {
		t.Fatalf("after the first round: %+v", seals)
	}
	seeds := map[int]uint64{}
	for _, m := range tr.Matches {
		b, err := n.svc.Record(ctx, id, m.Table)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := okey101.ParseRecord(b)
		if err != nil {
			t.Fatal(err)
		}
		if strconv.FormatUint(rec.Seed, 10) != seals[0].Seed || rec.Meta[fair.MetaCommit] != commit1 {
			t.Errorf("table %d dealt seed %d under %s; the round's is %s under %s", m.Table, rec.Seed, rec.Meta[fair.MetaCommit], seals[0].Seed, commit1)
		}
		seeds[m.Table] = rec.Seed
	}
	// The second round, everyone coming.
	final := play(t, n, clk, id, 30*time.Second, nil)
	if len(final.Matches) != 4 {
		t.Fatalf("%d matches", len(final.Matches))
	}
	seals, _ = n.svc.Seals(id)
	for _, m := range final.Matches[2:] {
		b, err := n.svc.Record(ctx, id, m.Table)
		if err != nil {
			t.Fatal(err)
		}
		rec, _ := okey101.ParseRecord(b)
		if strconv.FormatUint(rec.Seed, 10) != seals[1].Seed || rec.Seed == seeds[final.Matches[0].Table] {
			t.Errorf("round 2's table %d dealt %d; the round's is %s", m.Table, rec.Seed, seals[1].Seed)
		}
	}
	fs, err := n.svc.FieldScores(id)
	if err != nil || len(fs) != 8 {
		t.Fatalf("field scores %v, %v", fs, err)
	}
	sum := new(big.Rat)
	for _, v := range fs {
		sum.Add(sum, v)
	}
	if sum.Sign() != 0 {
		t.Errorf("the field scores of a field of players alone sum to %v, not 0", sum)
	}
	if st, _ := final.Standings(); !slices.Equal(st, recomputed(t, n.svc, id)) {
		t.Error("the standings are not what the records add up to")
	}
	// Every table's match is rated as a match of its own: the round's
	// commitment, which its tables share, does not name one (the store
	// would take the second table's for the first's, already rated).
	keys := map[string]bool{}
	for _, m := range n.allRated(t, 4) {
		if keys[m.Key] {
			t.Errorf("two tables' matches rated under one key %s: the second is never rated", m.Key)
		}
		keys[m.Key] = true
	}
	// The field scores recounted from the records are the kept ones;
	// a table's result kept wrong (two seats' swapped) is found.
	if again, err := n.svc.RecountField(ctx, id); err != nil || !sameField(fs, again) {
		t.Fatalf("the field scores recounted %v (%v), kept %v", again, err, fs)
	}
	m0 := final.Matches[0]
	rewrite(t, n, id, func(r *record) {
		res := r.Results[m0.Table]
		for i := 1; i < 4; i++ {
			if res[i] != res[0] {
				res[0], res[i] = res[i], res[0]
				break
			}
		}
		r.Results[m0.Table] = res
	})
	until(t, n.svc, "the wrong result read", func() bool { f, _ := n.svc.FieldScores(id); return !sameField(f, fs) })
	if again, _ := n.svc.RecountField(ctx, id); !sameField(again, fs) {
		t.Errorf("a result kept wrong: the recount %v follows it, the records say %v", again, fs)
	}
}

// sameField says whether two tournaments' field scores are the same.
func sameField(a, b map[string]*big.Rat) bool {
	return maps.EqualFunc(a, b, func(x, y *big.Rat) bool { return x.Cmp(y) == 0 })
}

// backTime is the back-time of the tests' tables where a player stays
// away: long enough for those who come to reach their seats on the
// machine's real clock (the table's wait is real time) from the
// table's opening, even on a loaded machine, short enough to wait out
// for the one away.
const backTime = 2 * time.Second

// awayTime is how long the players of those tests who came may be away
// from their seats: they let the turn's clock hand every move to their
// bot, which the table counts as away, and no match of a test lasts
// half an hour (the most a tournament takes) however loaded the
// machine.
const awayTime = 30 * time.Minute

// Classic tournaments played end to end on one node, as 101's are
// above: an arena (five players, bots filling after the wait) and a
// Swiss of two rounds (five: bots fill the short table). Every match
// is a classic match at a classic table, and the standings recounted
// from the records in the store are the tournament's. The matches are
// simple104's single hand, so the test costs little.
func TestClassicPlayedToTheEnd(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		cfg  tourney.Config
	}{
		{"arena", tourney.Config{Kind: tourney.Arena, Name: "klasik arena", Game: "classic", Rules: "simple104", Hands: 1,
			Start: t0, Length: 10 * time.Minute, BotWait: time.Minute, BotLevel: "easy", Back: time.Minute}},
		{"swiss", tourney.Config{Kind: tourney.Swiss, Name: "klasik tur", Game: "classic", Rules: "simple104", Hands: 1,
			Start: t0, Rounds: 2, BotLevel: "easy", Back: time.Minute}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			n, clk, id := begin(t, c.cfg, 5)
			tr := play(t, n, clk, id, 30*time.Second, nil)
			if len(tr.Matches) < 2 || c.cfg.Kind == tourney.Swiss && (tr.Round != 2 || len(tr.Matches) != 4) {
				t.Fatalf("round %d, %d matches", tr.Round, len(tr.Matches))
			}
			st, err := tr.Standings()
			if err != nil {
				t.Fatal(err)
			}
			if again := recomputed(t, n.svc, id); !slices.Equal(st, again) {
				t.Fatalf("the standings are not what the records add up to:\n%v\n%v", st, again)
			}
			var played tourney.Points
			for _, s := range st {
				played += s.Points
			}
			if played == 0 {
				t.Errorf("nobody scored a point: %v", st)
			}
			for _, m := range n.allRated(t, len(tr.Matches)) {
				if m.Game != "classic" {
					t.Errorf("a match of %q rated at a classic tournament", m.Game)
				}
			}
			t.Logf("%d matches; standings %v", len(tr.Matches), st)
		})
	}
}

// roundsUntil runs svc's owner's rounds until want holds of tournament
// id as the store has it, for within at most.
func roundsUntil(t *testing.T, svc *Service, id, what string, within time.Duration, want func(tourney.Tournament) bool) tourney.Tournament {
	t.Helper()
	ctx := context.Background()
	for end := time.Now().Add(within); ; time.Sleep(10 * time.Millisecond) {
		svc.Owner().Round(ctx)
		if _, tr, err := svc.Tournament(id); err == nil && want(tr) {
			return tr
		}
		if time.Now().After(end) {
			_, tr, _ := svc.Tournament(id)
			t.Fatalf("%s: waited in vain: %s, %d joined, playing %v, %d matches, owned here %v", what, tr.Phase, len(tr.Joined), tr.Playing, len(tr.Matches), svc.Owner().Owned())
		}
	}
}
