package decide101

import (
	"context"
	"errors"
	"testing"

	"okey/bots/positions"
	"okey/bots/search"
	"okey/game"
	"okey/game/okey101"
)

// wholeTurn plays the seat to move's turn from s, each decision by a
// player built afresh by build (as SeatPlayer does), and returns it.
func wholeTurn(t *testing.T, s okey101.State, build func() (Player, error)) string {
	t.Helper()
	seat, out := s.Turn(), ""
	for s.Phase() == game.Playing && s.Turn() == seat {
		p, err := build()
		if err != nil {
			t.Fatal(err)
		}
		a, err := p.Decide(context.Background(), s.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(a); err != nil {
			t.Fatalf("illegal move %v: %v", a, err)
		}
		out += a.String() + " "
	}
	return out
}

// TestLevelsDecideFromTheirView: every level the game offers in 101,
// Expert among them, plays the same whole turn in two worlds that
// differ only in the other racks and the wall (the second dealt anew
// from the first's view), and the expert did search.
func TestLevelsDecideFromTheirView(t *testing.T) {
	var ps []okey101.State
	for _, seed := range []uint64{3, 8} {
		more, err := positions.Drawn101(seed, 2)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, more...)
	}
	if testing.Short() {
		ps = ps[:min(len(ps), 4)]
	}
	for _, level := range Levels {
		t.Run(level, func(t *testing.T) {
			differ, searched := 0, 0
			for i, s := range ps {
				seat := s.Turn()
				other, moved, err := positions.Elsewhere101(s, uint64(900+i))
				if err != nil {
					t.Fatal(err)
				}
				if moved {
					differ++
				}
				seed := uint64(40 + i)
				build := func() (Player, error) { return New(level, seed) }
				if level == Expert {
					build = func() (Player, error) {
						p := NewExpert(seed, nil)
						return countSearches{p, &searched}, nil
					}
				}
				if a, b := wholeTurn(t, s, build), wholeTurn(t, other, build); a != b {
					t.Fatalf("position %d, seat %d: %s in one world, %s in the other", i, seat, a, b)
				}
			}
			t.Logf("%d positions, %d with other hidden tiles, %d searches", len(ps), differ, searched)
			if differ < len(ps)/2 || (level == Expert && searched == 0) {
				t.Fatalf("%d of %d positions had other hidden tiles, %d searches: the test proves little", differ, len(ps), searched)
			}
		})
	}
}

// countSearches adds the searches an expert's decision made to n.
type countSearches struct {
	p *search.Player101
	n *int
}

func (c countSearches) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	a, err := c.p.Decide(ctx, v)
	*c.n += c.p.Stats.Searched
	return a, err
}

// TestExpertIsTheSearchAt4xOpen: the expert is okey sim's
// search-4x-open, the search at 4× that weighs the opening as well as
// the discard, whose whole matches docs/studies/belief-101.md measures; the
// level's figures are that player's only while this holds.
func TestExpertIsTheSearchAt4xOpen(t *testing.T) {
	if got := NewExpert(1, nil).Level(); got != "search-4x-open" {
		t.Fatalf("the expert plays as %q, want search-4x-open", got)
	}
}

func TestNewLevels(t *testing.T) {
	for _, level := range Levels {
		if _, err := New(level, 1); err != nil {
			t.Errorf("New(%q): %v", level, err)
		}
	}
	for _, bad := range []string{"", "search-4x", "master"} {
		if _, err := New(bad, 1); !errors.Is(err, ErrUnknownLevel) {
			t.Errorf("New(%q) = %v, want ErrUnknownLevel", bad, err)
		}
	}
	src := DefaultSource()
	for _, tc := range []struct{ want, got string }{
		{Expert, Expert}, {"hard", "hard"}, {"easy", "easy"}, {"unheard", "normal"},
	} {
		if got := src.Level(tc.want); got != tc.got {
			t.Errorf("the game's 101 table seats %q as %q, want %q", tc.want, got, tc.got)
		}
	}
}
