package botsclassic

import (
	"context"
	"errors"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

func newBot(t testing.TB, level string, seed uint64) Bot {
	t.Helper()
	b, err := New(level, Options{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// positions plays hands of four bots of level from seeds and keeps every
// state in which a seat is to draw or discard: the positions the tests
// ask bots about. step thins them out (every step-th is kept).
func positions(t testing.TB, rules classic.Rules, level string, seeds []uint64, step int) []classic.State {
	return playTable(t, rules, [classic.NumSeats]string{level, level, level, level}, seeds, step)
}

// playTable is positions with a level for each seat.
func playTable(t testing.TB, rules classic.Rules, levels [classic.NumSeats]string, seeds []uint64, step int) []classic.State {
	t.Helper()
	var out []classic.State
	n := 0
	for _, seed := range seeds {
		s, err := classic.NewMatch(rules, seed)
		if err != nil {
			t.Fatal(err)
		}
		var seat [classic.NumSeats]Bot
		for i := range seat {
			seat[i] = newBot(t, levels[i], seed+uint64(i))
		}
		for s.Phase() == game.Playing && s.Moves() < 500 {
			if n%step == 0 {
				out = append(out, s)
			}
			n++
			who := s.Turn()
			a, err := seat[who].Decide(context.Background(), s.View(who))
			if err != nil {
				t.Fatalf("seed %d, seat %d: %v", seed, who, err)
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatalf("seed %d: %s played an illegal move: %v", seed, levels[who], err)
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
	for _, bad := range []string{"", "genius", "eas y"} {
		if _, err := New(bad, Options{}); !errors.Is(err, ErrUnknownLevel) {
			t.Errorf("New(%q) err = %v, want ErrUnknownLevel", bad, err)
		}
	}
}

// TestLegalPlay plays whole hands with every level in every seat under
// several rule sets: every move must be legal (positions fails the test
// otherwise) and every hand must end.
func TestLegalPlay(t *testing.T) {
	rules := []string{"default", "simple", "indicator_last", "simple104", "no_wrap,one_colour_double"}
	for _, level := range Levels {
		for _, rs := range rules {
			t.Run(level+"/"+rs, func(t *testing.T) {
				r, err := classic.ParseRules(rs)
				if err != nil {
					t.Fatal(err)
				}
				seeds := []uint64{1, 2}
				levels := [classic.NumSeats]string{level, level, level, level}
				ps := playTable(t, r, levels, seeds, 1)
				if len(ps) == 0 {
					t.Fatal("no positions")
				}
			})
		}
	}
}

// TestHonest is the promise that a bot decides from its view alone: two
// worlds that differ only in the other racks and the wall get the same
// decision from bots of the same seed. The second world is the first
// with the hidden tiles reshuffled (classic.View.SampleWorld checks it
// agrees with everything the seat has seen).
func TestHonest(t *testing.T) {
	for _, level := range Levels {
		t.Run(level, func(t *testing.T) {
			step := 7
			ps := positions(t, classic.DefaultRules(), "normal", []uint64{11, 12}, step)
			rnd := game.NewSeeded(99)
			differ := 0
			for i, s := range ps {
				seat := s.Turn()
				v := s.View(seat)
				other, changed := reshuffle(t, s, &v, rnd)
				if changed {
					differ++
				}
				w := other.View(seat)
				a1, err1 := newBot(t, level, uint64(i)).Decide(context.Background(), v)
				a2, err2 := newBot(t, level, uint64(i)).Decide(context.Background(), w)
				if (err1 == nil) != (err2 == nil) || a1 != a2 {
					t.Fatalf("position %d, seat %d: %v (%v) in one world, %v (%v) in the other", i, seat, a1, err1, a2, err2)
				}
			}
			if differ < len(ps)/2 {
				t.Fatalf("only %d of %d reshuffled worlds differ from the original: the test proves little", differ, len(ps))
			}
		})
	}
}

// reshuffle builds a world that agrees with v but deals the unseen tiles
// anew; changed reports whether any other rack or the wall differs.
func reshuffle(t *testing.T, orig classic.State, v *classic.View, rnd *game.Seeded) (classic.State, bool) {
	t.Helper()
	st, err := v.SampleWorld(rnd, [classic.NumSeats]*tile.Counts{})
	if err != nil {
		t.Fatal(err)
	}
	changed := false
	for s := range classic.NumSeats {
		if s != v.Seat && orig.View(s).Counts != st.View(s).Counts {
			changed = true
		}
	}
	return st, changed
}

func TestDeterministic(t *testing.T) {
	ps := positions(t, classic.DefaultRules(), "normal", []uint64{5}, 5)
	for _, level := range Levels {
		t.Run(level, func(t *testing.T) {
			for i, s := range ps {
				v := s.View(s.Turn())
				a1, err1 := newBot(t, level, 42).Decide(context.Background(), v)
				a2, err2 := newBot(t, level, 42).Decide(context.Background(), v)
				if a1 != a2 || (err1 == nil) != (err2 == nil) {
					t.Fatalf("position %d: %v then %v", i, a1, a2)
				}
			}
		})
	}
}

func TestCancelled(t *testing.T) {
	s, err := classic.NewMatch(classic.DefaultRules(), 3)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, level := range Levels {
		_, err := newBot(t, level, 1).Decide(ctx, s.View(s.Turn()))
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err = %v, want context.Canceled", level, err)
		}
	}
}

// TestOffTurn: off its turn a bot shows the indicator if its level shows
// and it can, and otherwise passes.
func TestOffTurn(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		s, err := classic.NewMatch(classic.DefaultRules(), seed)
		if err != nil {
			t.Fatal(err)
		}
		for seat := range classic.NumSeats {
			if seat == s.Turn() {
				continue
			}
			v := s.View(seat)
			for _, level := range Levels {
				a, err := newBot(t, level, 1).Decide(context.Background(), v)
				shows := level != "easy" || !NewEasy(1).forgets(v.Hand)
				switch {
				case v.Legal.Show && shows:
					if err != nil || a.Kind != classic.ActShow {
						t.Errorf("seed %d seat %d %s: %v %v, want show", seed, seat, level, a, err)
					}
				case v.Legal.Show:
					if !errors.Is(err, ErrPass) {
						t.Errorf("seed %d seat %d %s: %v %v, want ErrPass", seed, seat, level, a, err)
					}
				default: // nothing is open to this seat: asking is a mistake
					if !errors.Is(err, game.ErrWrongPhase) {
						t.Errorf("seed %d seat %d %s: %v %v, want ErrWrongPhase", seed, seat, level, a, err)
					}
				}
			}
		}
	}
}

// Easy shows the indicator but forgets about one hand in four
// (easyForgets); the choice is the bot's for the hand, so asking again
// gives the same answer, and a bot that forgot passes off its turn.
func TestEasyForgets(t *testing.T) {
	forgot, could := 0, 0
	for seed := uint64(0); seed < 200; seed++ {
		s, err := classic.NewMatch(classic.DefaultRules(), seed)
		if err != nil {
			t.Fatal(err)
		}
		for seat := range classic.NumSeats {
			v := s.View(seat)
			if !v.Legal.Show {
				continue
			}
			could++
			// off its turn the same bot is asked twice; on its turn
			// (the starter, who may show before discarding) a
			// discard draws on the bot's random source, so two bots
			// of one seed are
			b1, b2 := NewEasy(seed*7), NewEasy(seed*7)
			if seat != s.Turn() {
				b2 = b1
			}
			a1, err1 := b1.Decide(context.Background(), v)
			a2, err2 := b2.Decide(context.Background(), v)
			if a1 != a2 || !errors.Is(err1, err2) && (err1 != nil || err2 != nil) {
				t.Fatalf("seed %d seat %d: %v %v, then %v %v", seed, seat, a1, err1, a2, err2)
			}
			if a1.Kind == classic.ActShow {
				continue
			}
			forgot++
			if seat != s.Turn() && !errors.Is(err1, ErrPass) {
				t.Errorf("seed %d seat %d: forgot, off its turn, and did not pass: %v %v", seed, seat, a1, err1)
			}
		}
	}
	if could < 100 {
		t.Fatalf("only %d chances to show: the test says little", could)
	}
	if share := float64(forgot) / float64(could); share < 0.15 || share > 0.35 {
		t.Errorf("easy forgot %d of %d shows (%.0f%%), want about one in %d", forgot, could, 100*share, easyForgets)
	}
	t.Logf("easy forgot %d of %d shows", forgot, could)
}
