package tables

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	bdup "okey/bots/duplicate"
	"okey/game"
	"okey/game/classic"
	dup "okey/game/duplicate"
	"okey/game/format"
	"okey/game/okey101"
	"okey/kit/seatmsg"
	"okey/server/servetest"
	"okey/ui/cli"
)

// dupTable is a duplicate table of game with deals deals, ann (key:A) in
// seat 0 and bob (key:B) in seat 2, the others bots; the players' bots
// of different levels, so a level that did not move with its player
// would show. Its saver's writes go to write.
func dupTable(t *testing.T, game string, deals int, write func(table, record []byte) error) (*Table, *Saver, *Member, *Member) {
	t.Helper()
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	opt := Options{
		BotDelay: 0, BotTimeout: time.Minute, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now },
		Random: servetest.Random(7),
	}
	sv := NewSaver(write, func() error { return nil }, opt.Log)
	rules, err := DuplicateRules(game, "default")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Game: game, Rules: rules, Levels: [4]string{"hard", "easy", "normal", "hard"}, Duplicate: &DuplicatePlan{Deals: deals}}
	tb, err := New("1", cfg, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	ann, bob := NewMember("key:A", "ann", "", 0), NewMember("key:B", "bob", "", 2)
	for _, m := range []*Member{ann, bob} {
		reply := make(chan JoinReply, 1)
		tb.handle(Request{Kind: ReqJoin, M: m, Seat: m.Seat, Reply: reply})
		if r := <-reply; r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	tb.handle(Request{Kind: ReqStart, M: ann})
	if tb.Ref == nil {
		t.Fatal("the host could not start")
	}
	// Both away: their bots (of their players' levels) play.
	tb.handle(Request{Kind: ReqAway, M: ann})
	tb.handle(Request{Kind: ReqAway, M: bob})
	return tb, sv, ann, bob
}

// step moves the table on by one thing due: the clock, a bot's answer.
func step(t *testing.T, tb *Table) {
	t.Helper()
	tb.schedule()
	if tb.empty() {
		return
	}
	tb.onClock()
	if tb.bot.asking >= 0 {
		botMove(t, tb)
	}
}

// handSeen is what the test saw of one hand of the plan.
type handSeen struct {
	idx      int
	owners   [4]string // the seats' owners
	levels   [4]string // the seats' bots' levels
	commit   string
	seedShow string // the seed shown as the hand ended
	record   []byte
	results  [4]int
}

// playDup plays a duplicate table to its end (or until stop says so),
// noting each hand as it ends.
func playDup(t *testing.T, tb *Table, stop func() bool) []handSeen {
	t.Helper()
	var seen []handSeen
	for n := 0; n < 100000 && !tb.empty() && !stop(); n++ {
		done := tb.f.Standing().Duplicate.Played
		step(t, tb)
		if tb.f.Standing().Duplicate.Played > done && len(seen) < tb.f.Standing().Duplicate.Played {
			h := handSeen{idx: tb.f.Index(), commit: tb.tell.fairness(tb).Commit, seedShow: tb.tell.fairness(tb).Seed,
				record: tb.Ref.Record(), results: tb.f.(*format.Duplicate).Results()[tb.f.Index()]}
			for s := range tb.sit.seats {
				h.owners[s], h.levels[s] = tb.sit.seats[s].owner, levelsOf(&tb.Cfg, tb.f)(s)
			}
			seen = append(seen, h)
		}
	}
	return seen
}

// TestDuplicateTablePlaysThePlan: a duplicate table of each game plays
// its plan's hands in order, each a match of its own; every player
// (the two people and the two bots, whose levels move with them) sits
// in every seat of every deal exactly once; a deal's four hands share
// one seed and commitment, drawn from the table's randomness, and its
// seed is shown only after the fourth; the scores the players are shown
// are game/duplicate's of bots/duplicate's results of the hands' own
// records; at the end everyone is told and the table is empty.
func TestDuplicateTablePlaysThePlan(t *testing.T) {
	for _, c := range []struct {
		game  string
		deals int
	}{{"classic", 2}, {string(game.Okey101), 1}} {
		t.Run(c.game, func(t *testing.T) {
			t.Parallel()
			tb, sv, ann, bob := dupTable(t, c.game, c.deals, func([]byte, []byte) error { return nil })
			t.Cleanup(sv.flush)
			var last *seatmsg.Duplicate
			seen := playDup(t, tb, func() bool {
				if tb.Ref != nil && !tb.empty() {
					last = duplicateMsg(tb.f.Standing(), tb.sit.names(tb.f.Player))
				}
				return false
			})
			if len(seen) != 4*c.deals {
				t.Fatalf("%d hands played, want %d", len(seen), 4*c.deals)
			}
			wantLevel := tb.Cfg.Levels
			sat := map[[3]int]int{} // player, deal, seat
			var played []dup.Played
			seeds := map[uint64]int{}
			for i, h := range seen {
				deal, rot := i/4, i%4
				if h.idx != i {
					t.Fatalf("hand %d noted as %d", i, h.idx)
				}
				for p := range 4 {
					s := (p + rot) % 4
					sat[[3]int{p, deal, s}]++
					if h.levels[s] != wantLevel[p] {
						t.Errorf("hand %d, seat %d: level %s, player %d's is %s", i+1, s, h.levels[s], p, wantLevel[p])
					}
				}
				if h.owners[rot%4] != "key:A" || h.owners[(2+rot)%4] != "key:B" {
					t.Errorf("hand %d: seats held by %q", i+1, h.owners)
				}
				if (h.seedShow != "") != (rot == 3) {
					t.Errorf("hand %d (rotation %d): seed shown %q", i+1, rot+1, h.seedShow)
				}
				if h.commit != seen[deal*4].commit || h.commit == "" {
					t.Errorf("hand %d: commitment %q, the deal's first %q", i+1, h.commit, seen[deal*4].commit)
				}
				var res [4]int
				var seed uint64
				if c.game == "classic" {
					rec, err := classic.ParseRecord(h.record)
					if err != nil {
						t.Fatal(err)
					}
					g, err := rec.Replay()
					if err != nil {
						t.Fatal(err)
					}
					st := g.State()
					r := st.Result()
					if r == nil || st.HandNumber() != 1 {
						t.Fatalf("hand %d's record: no first hand's end", i+1)
					}
					res, seed = bdup.ClassicResults(r), rec.Seed
				} else {
					rec, err := okey101.ParseRecord(h.record)
					if err != nil {
						t.Fatal(err)
					}
					g, err := rec.Replay()
					if err != nil {
						t.Fatal(err)
					}
					res, seed = bdup.Results101(g.State().Result()), rec.Seed
				}
				if res != h.results {
					t.Errorf("hand %d: results %v kept, %v in its record", i+1, h.results, res)
				}
				// okey verify takes the hand's record as a whole one:
				// its hand ended, its place in the plan named.
				if v, err := cli.Verify(h.record); err != nil || !v.Over || v.Duplicate == nil ||
					v.Duplicate.Hand.N != i || v.Duplicate.Hands != 4*c.deals || v.Hands != 1 {
					t.Errorf("hand %d's record, verified: %+v, %v", i+1, v, err)
				}
				seeds[seed] |= 1 << deal
				played = append(played, dup.Played{Hand: dup.Hand{N: i, Deal: deal, Rotation: rot, Seed: seed}, Result: res})
			}
			for k, n := range sat {
				if n != 1 {
					t.Errorf("player %d sat in seat %d of deal %d %d times", k[0], k[2], k[1]+1, n)
				}
			}
			if len(sat) != 16*c.deals {
				t.Errorf("%d (player, deal, seat) seen, want %d", len(sat), 16*c.deals)
			}
			if len(seeds) != c.deals {
				t.Errorf("seeds of the deals: %v", seeds)
			}
			score, err := dup.Score(played, true)
			if err != nil {
				t.Fatal(err)
			}
			totals := dup.Totals(played)
			if last == nil || !last.Over || last.Played != 4*c.deals {
				t.Fatalf("the last standing: %+v", last)
			}
			sum := 0
			for p := range 4 {
				want := totals[p]
				if c.game == string(game.Okey101) {
					want = -want
				}
				if last.Score[p] != int(score[p]) || last.Totals[p] != want {
					t.Errorf("player %d: shown %d quarters, total %d; want %d, %d", p, last.Score[p], last.Totals[p], score[p], want)
				}
				sum += last.Score[p]
			}
			if sum != 0 {
				t.Errorf("the duplicate scores sum to %d", sum)
			}
			if last.Names[0] != "ann" || last.Names[2] != "bob" || last.Names[1] != botName(1) {
				t.Errorf("names: %q", last.Names)
			}
			for _, m := range []*Member{ann, bob} {
				select {
				case msg := <-m.Box:
					if msg.Closed != "dup.over" || msg.Dup == nil || *msg.Dup != *last {
						t.Errorf("the last message: %+v, its standing %+v, want %+v", msg, msg.Dup, last)
					}
				default:
					t.Error("a player was not told the table is over")
				}
			}
			if !tb.empty() {
				t.Error("the table is not empty at the end")
			}
		})
	}
}

// TestDuplicateTableRestored: a duplicate table saved mid-deal (its
// third rotation under way) comes back at the same hand with the same
// seal, the hands before scored as they were and the players in the
// rotation's seats — also from an entry a hand behind its record (the
// record is written first); a record of no plan is refused.
func TestDuplicateTableRestored(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var entry, record []byte
	tb, sv, _, _ := dupTable(t, "classic", 1, func(e, r []byte) error {
		mu.Lock()
		defer mu.Unlock()
		if e != nil {
			entry = e
		}
		record = r
		return nil
	})
	moves := 0
	playDup(t, tb, func() bool {
		if tb.f.Index() == 2 && tb.Ref != nil {
			moves++
		}
		return moves > 20 // some way into the third rotation
	})
	if tb.f.Index() != 2 || tb.f.HandOver() {
		t.Fatalf("at hand %d, over %v", tb.f.Index()+1, tb.f.HandOver())
	}
	want := tb.f.(*format.Duplicate).Results()
	sv.flush()
	mu.Lock()
	e, r := entry, record
	mu.Unlock()
	restore := func(e, r []byte) (*Table, error) {
		opt := tb.Opt
		return RestoreTable("1", e, r, time.Time{}, opt, func() *Saver {
			return NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.Log)
		})
	}
	check := func(name string, back *Table, err error) {
		t.Helper()
		if err != nil || back == nil {
			t.Fatalf("%s: restored %v, %v", name, back, err)
		}
		t.Cleanup(back.saving.saver.flush)
		if back.f.Index() != 2 || back.seal.Seed != tb.seal.Seed || back.seal.Commit != tb.seal.Commit || back.f.Standing().Duplicate.Played != 2 ||
			back.f.(*format.Duplicate).Results()[0] != want[0] || back.f.(*format.Duplicate).Results()[1] != want[1] {
			t.Errorf("%s: at hand %d, results %v (want %v), seal %v", name, back.f.Index()+1, back.f.(*format.Duplicate).Results(), want, back.seal.Commit.Short())
		}
		if back.sit.seats[2].owner != "key:A" || back.sit.seats[0].owner != "key:B" || levelsOf(&back.Cfg, back.f)(1) != "hard" || levelsOf(&back.Cfg, back.f)(3) != "easy" {
			t.Errorf("%s: seats %q, %q", name, back.sit.seats[2].owner, back.sit.seats[0].owner)
		}
	}
	back, err := restore(e, r)
	check("entry and record", back, err)
	// The entry a hand behind: its seats as they were at the second
	// rotation.
	var st SavedTable
	if err := json.Unmarshal(e, &st); err != nil {
		t.Fatal(err)
	}
	st.DupHand = 1
	st.Seats[0], st.Seats[1], st.Seats[2], st.Seats[3] = st.Seats[1], st.Seats[2], st.Seats[3], st.Seats[0]
	behind, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err = restore(behind, r)
	check("entry behind", back, err)
	// A record that names no hand of a plan.
	other := []byte(strings.Replace(string(r), `"duplicate":"v1 hand 3 of 4"`, `"duplicate":"v1 hand 9 of 4"`, 1))
	if string(other) == string(r) {
		t.Fatal("the record's meta not found")
	}
	if _, err := restore(e, other); !errors.Is(err, ErrDuplicate) {
		t.Errorf("a record of no hand of the plan: %v", err)
	}
}

// TestDuplicatePlanChecked: a plan of no deals, too many, or of 101
// matches longer than a hand is refused; DuplicateRules makes 101's
// rules fit.
func TestDuplicatePlanChecked(t *testing.T) {
	t.Parallel()
	lv := [4]string{"easy", "easy", "easy", "easy"}
	r101, err := DuplicateRules(string(game.Okey101), "hands=3")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cfg Config
		ok  bool
	}{
		{Config{Game: "classic", Rules: "default", Levels: lv, Duplicate: &DuplicatePlan{Deals: 1}}, true},
		{Config{Game: "classic", Rules: "default", Levels: lv, Duplicate: &DuplicatePlan{Deals: 4}}, true},
		{Config{Game: "classic", Rules: "default", Levels: lv, Duplicate: &DuplicatePlan{Deals: 0}}, false},
		{Config{Game: "classic", Rules: "default", Levels: lv, Duplicate: &DuplicatePlan{Deals: 5}}, false},
		{Config{Game: string(game.Okey101), Rules: "hands=3", Levels: lv, Duplicate: &DuplicatePlan{Deals: 1}}, false},
		{Config{Game: string(game.Okey101), Rules: r101, Levels: lv, Duplicate: &DuplicatePlan{Deals: 2}}, true},
	} {
		if err := c.cfg.Check(); (err == nil) != c.ok {
			t.Errorf("%s %q, %d deals: %v", c.cfg.Game, c.cfg.Rules, c.cfg.Duplicate.Deals, err)
		}
	}
}

// TestDuplicate101MovesOnWhenAllReady: a duplicate's hand of 101 ends
// its match; every player at the table (not the host alone) is offered
// n, and the plan moves on once all who are there have pressed it.
func TestDuplicate101MovesOnWhenAllReady(t *testing.T) {
	t.Parallel()
	tb, sv, ann, bob := dupTable(t, string(game.Okey101), 1, func([]byte, []byte) error { return nil })
	t.Cleanup(sv.flush)
	playDup(t, tb, tb.f.HandOver)
	if st, _ := tb.Ref.Stage(); st != stMatchOver || tb.f.Index() != 0 {
		t.Fatalf("the first hand: stage %v, hand %d", st, tb.f.Index()+1)
	}
	tb.handle(Request{Kind: ReqHere, M: ann})
	tb.handle(Request{Kind: ReqHere, M: bob})
	info := tb.tell.info(tb)
	for _, m := range []*Member{ann, bob} {
		u := *tb.tell.msgFor(tb, m, tb.sit.seatOf(m), &info).Update
		if !u.Host {
			t.Errorf("%s is not offered n", m.name)
		}
	}
	tb.handle(Request{Kind: ReqNewMatch, M: bob}) // not the host
	tb.schedule()
	if tb.f.Index() != 0 {
		t.Fatal("the plan moved on before ann was ready")
	}
	tb.handle(Request{Kind: ReqNewMatch, M: ann})
	tb.schedule()
	if tb.f.Index() != 1 || tb.sit.seats[1].owner != "key:A" || tb.sit.seats[3].owner != "key:B" {
		t.Fatalf("not at the second hand with the players a seat on: hand %d, seats %q %q", tb.f.Index()+1, tb.sit.seats[1].owner, tb.sit.seats[3].owner)
	}
	if tb.sit.seats[1].ready || tb.sit.seats[3].ready {
		t.Error("the players are still ready at the new hand")
	}
}

// TestDuplicateSummaryIsThePlansHand: the lobby's summary of a
// duplicate table gives the plan's hand (its deal and rotation), not its
// one-hand match's, which is always 1: the lobby said "hand 1" during
// rotation 3. Over only when the plan is.
func TestDuplicateSummaryIsThePlansHand(t *testing.T) {
	tb, sv, _, _ := dupTable(t, "classic", 1, func([]byte, []byte) error { return nil })
	t.Cleanup(sv.flush)
	seen := map[int]bool{}
	playDup(t, tb, func() bool {
		tb.tell.publishSummary(tb) // as the table's loop does after each change
		s := tb.Summary.Load()
		if s == nil || !s.Started || tb.Ref == nil {
			return false
		}
		if s.Over != (tb.f.Standing().Duplicate.Played == tb.f.Hands()) {
			t.Fatalf("hand %d of the plan: summary over %v", tb.f.Index()+1, s.Over)
		}
		if s.Hand != tb.f.Index()+1 {
			t.Fatalf("the summary says hand %d during the plan's hand %d", s.Hand, tb.f.Index()+1)
		}
		seen[s.Hand] = true
		return false
	})
	for h := 1; h <= 4; h++ {
		if !seen[h] {
			t.Errorf("the summary never said hand %d of the plan (saw %v)", h, seen)
		}
	}
}
