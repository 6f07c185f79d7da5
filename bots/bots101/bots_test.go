package bots101

import (
	"context"
	"errors"
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

func newBot(t testing.TB, level string, seed uint64) Bot {
	t.Helper()
	b, err := New(level, Options{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// table is four bots and the match they play.
type table struct {
	s    okey101.State
	bots [okey101.NumSeats]Bot
}

func newTable(t testing.TB, rules okey101.Rules, seed uint64, levels [okey101.NumSeats]string) *table {
	t.Helper()
	s, err := okey101.NewMatch(rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	tb := &table{s: s}
	for i, l := range levels {
		tb.bots[i] = newBot(t, l, seed*31+uint64(i))
	}
	return tb
}

// step asks the seat to move (any bot once a hand is over) and applies
// its action; an error or an illegal action fails the test.
func (tb *table) step(t testing.TB) okey101.Action {
	t.Helper()
	seat := tb.s.Turn()
	if tb.s.Phase() == game.HandOver {
		seat = 0
	}
	b := tb.bots[seat]
	a, err := b.Decide(context.Background(), tb.s.View(seat))
	if err != nil {
		t.Fatalf("seed %d, hand %d: %s bot in seat %d: %v", tb.s.Seed(), tb.s.HandNumber(), b.Level(), seat, err)
	}
	n, _, err := tb.s.Apply(a)
	if err != nil {
		t.Fatalf("seed %d, hand %d: %s bot in seat %d played an illegal action %v: %v", tb.s.Seed(), tb.s.HandNumber(), b.Level(), seat, a, err)
	}
	tb.s = n
	return a
}

// playHands plays until the match is over or hands hands are done, with
// at most limit actions a hand, and returns the states it went through
// where a seat was to act in a hand (each keep-th).
func (tb *table) playHands(t testing.TB, hands, keep int) []okey101.State {
	t.Helper()
	var out []okey101.State
	done, n := 0, 0
	for tb.s.Phase() != game.MatchOver && done < hands {
		start := tb.s.HandNumber()
		for tb.s.Phase() == game.Playing {
			if tb.s.Moves() > 2000 {
				t.Fatalf("seed %d, hand %d: no end after %d actions", tb.s.Seed(), start, tb.s.Moves())
			}
			if n%keep == 0 {
				out = append(out, tb.s)
			}
			n++
			tb.step(t)
		}
		done++
		if tb.s.Phase() == game.HandOver {
			if a := tb.step(t); a.Kind != okey101.ActNextHand {
				t.Fatalf("after a hand: %v, want next hand", a)
			}
		}
	}
	return out
}

func TestNew(t *testing.T) {
	for _, level := range Levels {
		b, err := New(" "+level+" ", Options{Seed: 1})
		if err != nil {
			t.Fatalf("New(%q): %v", level, err)
		}
		if b.Level() != level {
			t.Errorf("New(%q).Level() = %q", level, b.Level())
		}
	}
	for _, bad := range []string{"", "expert", "eas y"} {
		if _, err := New(bad, Options{}); !errors.Is(err, ErrUnknownLevel) {
			t.Errorf("New(%q) err = %v, want ErrUnknownLevel", bad, err)
		}
	}
}

// TestLegalPlay plays whole matches with the levels mixed in every seat
// under rule sets that change what is legal (thresholds, progressive
// openings, two okeys as a pair, no işler taş penalty, partners): every
// action every bot returns must be legal, and every hand must end.
func TestLegalPlay(t *testing.T) {
	rules := []string{"default", "open=40,progressive", "okey_pair,open=60", "islek=off", "partners,open=81"}
	mixes := [][okey101.NumSeats]string{
		{"easy", "normal", "hard", "normal"},
		{"hard", "hard", "easy", "easy"},
		{"normal", "normal", "normal", "hard"},
	}
	hands := 11
	if testing.Short() {
		hands = 3
	}
	for _, rs := range rules {
		t.Run(rs, func(t *testing.T) {
			r, err := okey101.ParseRules(rs)
			if err != nil {
				t.Fatal(err)
			}
			played := 0
			var opened [3]int
			for i, mix := range mixes {
				tb := newTable(t, r, uint64(100+i), mix)
				played += len(tb.playHands(t, hands, 1))
				for _, res := range tb.s.Results() {
					for _, l := range res.Lines {
						opened[l.Opened]++
					}
				}
			}
			if played == 0 {
				t.Fatal("no actions played")
			}
			// The bots must do more than draw and discard: some open,
			// with melds at least.
			if opened[meld.OpenedMelds] == 0 {
				t.Errorf("no seat opened with melds in %d hands", hands*len(mixes))
			}
		})
	}
}

// TestManyHandsLegal plays many single hands of four bots of random
// levels: the broad check that no bot ever plays an illegal action.
func TestManyHandsLegal(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 30
	}
	r := okey101.DefaultRules()
	r.Hands = 1
	rnd := game.NewSeeded(5)
	for seed := range uint64(n) {
		var mix [okey101.NumSeats]string
		for i := range mix {
			mix[i] = Levels[rnd.Intn(len(Levels))]
		}
		tb := newTable(t, r, seed, mix)
		tb.playHands(t, 1, 1)
	}
}

func TestDeterministic(t *testing.T) {
	for _, level := range Levels {
		t.Run(level, func(t *testing.T) {
			r := okey101.DefaultRules()
			ps := newTable(t, r, 9, [4]string{level, level, level, level}).playHands(t, 2, 3)
			for i, s := range ps {
				v := s.View(s.Turn())
				a1, err1 := newBot(t, level, 42).Decide(context.Background(), v)
				a2, err2 := newBot(t, level, 42).Decide(context.Background(), v)
				if (err1 == nil) != (err2 == nil) || a1.String() != a2.String() {
					t.Fatalf("position %d: %v (%v) then %v (%v)", i, a1, err1, a2, err2)
				}
			}
		})
	}
}

func TestCancelled(t *testing.T) {
	s, err := okey101.NewMatch(okey101.DefaultRules(), 3)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, level := range Levels {
		if _, err := newBot(t, level, 1).Decide(ctx, s.View(s.Turn())); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err = %v, want context.Canceled", level, err)
		}
	}
}

// TestNotToMove: off its turn a bot has nothing to do and says so; once
// a hand is over any bot deals the next.
func TestNotToMove(t *testing.T) {
	s, err := okey101.NewMatch(okey101.DefaultRules(), 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range Levels {
		for seat := range okey101.NumSeats {
			if seat == s.Turn() {
				continue
			}
			if a, err := newBot(t, level, 1).Decide(context.Background(), s.View(seat)); !errors.Is(err, ErrNotToMove) {
				t.Errorf("%s, seat %d off its turn: %v, %v; want ErrNotToMove", level, seat, a, err)
			}
		}
	}
	tb := newTable(t, okey101.DefaultRules(), 4, [4]string{"normal", "normal", "normal", "normal"})
	tb.playHands(t, 1, 1)
	if tb.s.Phase() == game.HandOver {
		t.Fatal("playHands leaves the next hand dealt")
	}
	if tb.s.HandNumber() != 2 {
		t.Fatalf("after one hand: hand %d", tb.s.HandNumber())
	}
}

// TestReplansWhenTheViewIsNotTheOneExpected: a bot keeps the rest of its
// turn's plan between calls, but when the caller plays something else
// (another lay-off or take-back than the one it returned), the next
// action it returns is still legal: it plans again from the view.
func TestReplansWhenTheViewIsNotTheOneExpected(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 4
	}
	deviated := 0
	for _, level := range Levels {
		for seed := range uint64(n) {
			ps := newTable(t, okey101.DefaultRules(), 700+seed, [4]string{level, level, level, level}).playHands(t, 1, 1)
			for _, s := range ps {
				seat := s.Turn()
				v := s.View(seat)
				if v.Stage != okey101.StagePlay {
					continue
				}
				b := newBot(t, level, seed)
				a, err := b.Decide(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				var other okey101.Action
				for _, x := range v.SimpleActions() {
					if (x.Kind == okey101.ActLayOff || x.Kind == okey101.ActTakeBack) && x.String() != a.String() {
						other = x
						break
					}
				}
				if other.Kind == 0 {
					continue
				}
				ns, _, err := s.Apply(other)
				if err != nil {
					t.Fatal(err)
				}
				deviated++
				for ns.Phase() == game.Playing && ns.Turn() == seat {
					a, err := b.Decide(context.Background(), ns.View(seat))
					if err != nil {
						t.Fatalf("%s, seed %d: after %v instead of its plan: %v", level, seed, other, err)
					}
					if ns, _, err = ns.Apply(a); err != nil {
						t.Fatalf("%s, seed %d: after %v instead of its plan, it plays an illegal %v: %v", level, seed, other, a, err)
					}
				}
			}
		}
	}
	if deviated == 0 {
		t.Fatal("no position to deviate from a plan: the test proves nothing")
	}
	t.Logf("%d plans deviated from", deviated)
}
