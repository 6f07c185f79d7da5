package classic

import (
	"testing"

	"okey/game"
	"okey/game/tile"
)

const winRack = "R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K7" // finish with K7, indicator K3

func finishWith(t *testing.T, r Rules, scores [4]int, seat int) State {
	t.Helper()
	racks := [4]string{rack14a, rack14b, rack14c, rack14a}
	racks[seat] = winRack
	s := fixture(t, r, "K3", racks, "B4 B9", seat, MustDiscard)
	s.scores = scores
	n, _, err := s.Apply(FinishAction(seat, mustTile(t, "K7")))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestMatchEnds(t *testing.T) {
	tests := []struct {
		name    string
		rules   string
		scores  [4]int
		winner  int
		over    bool
		outcome [4]game.Outcome
		place   [4]int
	}{
		{"not yet", "default", [4]int{10, 10, 10, 10}, 0, false, [4]game.Outcome{}, [4]int{}},
		{"one at zero", "default", [4]int{2, 12, 5, 9}, 1, true,
			[4]game.Outcome{game.OutcomeLost, game.OutcomeWon, game.OutcomeLost, game.OutcomeWon}, [4]int{4, 1, 3, 2}},
		{"tie across the line", "default", [4]int{2, 12, 9, 9}, 1, true,
			[4]game.Outcome{game.OutcomeLost, game.OutcomeWon, game.OutcomeTied, game.OutcomeTied}, [4]int{4, 1, 2, 2}},
		{"tie among losers", "default", [4]int{2, 12, 2, 9}, 1, true,
			[4]game.Outcome{game.OutcomeLost, game.OutcomeWon, game.OutcomeLost, game.OutcomeWon}, [4]int{3, 1, 3, 2}},
		{"partners", "partners", [4]int{2, 6, 2, 6}, 1, true,
			[4]game.Outcome{game.OutcomeLost, game.OutcomeWon, game.OutcomeLost, game.OutcomeWon}, [4]int{3, 1, 3, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := ParseRules(tc.rules)
			n := finishWith(t, r, tc.scores, tc.winner)
			if (n.Phase() == game.MatchOver) != tc.over {
				t.Fatalf("phase %v, scores %v", n.Phase(), n.Scores())
			}
			if !tc.over {
				if _, _, err := n.Apply(NextHandAction()); err != nil {
					t.Fatal(err)
				}
				return
			}
			m := n.MatchResult()
			if m.Outcome != tc.outcome || m.Place != tc.place {
				t.Fatalf("scores %v: outcome %v place %v, want %v %v", m.Scores, m.Outcome, m.Place, tc.outcome, tc.place)
			}
			mustRefuse(t, n, NextHandAction(), game.ErrWrongPhase)
		})
	}
}

func TestLeaveAtZero(t *testing.T) {
	r, _ := ParseRules("leave_at_zero")
	n := finishWith(t, r, [4]int{2, 12, 5, 9}, 1)
	if n.Phase() != game.HandOver {
		t.Fatalf("three play on: phase %v", n.Phase())
	}
	if a := n.Active(); a[0] || !a[1] || !a[2] || !a[3] {
		t.Fatalf("seat 0 must leave: %v", a)
	}
	if !n.Result().Left[0] {
		t.Fatal("the result must say who left")
	}
	n.dealer = 3 // the next dealer would be seat 0, who left
	next, _, err := n.Apply(NextHandAction())
	if err != nil {
		t.Fatal(err)
	}
	if next.Dealer() != 1 || next.Turn() != 2 || next.TileCount(0) != 0 || next.TileCount(2) != 15 || next.TileCount(3) != 14 {
		t.Fatalf("three players: dealer %d turn %d counts %d %d %d %d", next.Dealer(), next.Turn(), next.TileCount(0), next.TileCount(1), next.TileCount(2), next.TileCount(3))
	}
	// The seat that left can do nothing; play skips it.
	mustRefuse(t, next, ShowAction(0), ErrSeatLeft)
	v := next.View(2)
	d, _, err := next.Apply(DiscardAction(2, v.Rack[0]))
	if err != nil {
		t.Fatal(err)
	}
	if d.Turn() != 3 {
		t.Fatalf("after seat 2 comes seat 3, got %d", d.Turn())
	}
	d, _, _ = d.Apply(DrawAction(3))
	v = d.View(3)
	d, _, _ = d.Apply(DiscardAction(3, v.Rack[0]))
	if d.Turn() != 1 || d.View(1).Previous != 3 {
		t.Fatalf("after seat 3 comes seat 1 (seat 0 left), got %d", d.Turn())
	}
	// Down to one player: the match is over, the last one standing wins.
	last2 := finishWith(t, r, [4]int{12, 2, 1, 9}, 0)
	if last2.Phase() != game.HandOver {
		t.Fatalf("two leave, two stay: %v", last2.Phase())
	}
	s := fixture(t, r, "K3", [4]string{winRack, rack14b, rack14c, rack14a}, "B4", 0, MustDiscard)
	s.hand = 3
	s.active = [4]bool{true, true, false, false}
	s.left = [4]int{0, 0, 1, 2}
	s.scores = [4]int{5, 1, -1, 0}
	s.racks[2], s.racks[3] = tile.Counts{}, tile.Counts{}
	end, _, err := s.Apply(FinishAction(0, mustTile(t, "K7")))
	if err != nil {
		t.Fatal(err)
	}
	m := end.MatchResult()
	if end.Phase() != game.MatchOver || m == nil || m.Outcome != [4]game.Outcome{game.OutcomeWon, game.OutcomeLost, game.OutcomeLost, game.OutcomeLost} || m.Place != [4]int{1, 2, 4, 3} {
		t.Fatalf("last standing: phase %v result %+v", end.Phase(), m)
	}
}

func TestSimple104FirstToFinishWins(t *testing.T) {
	r := Simple104Rules()
	racks := [4]string{rack14a, rack14b, rack14c, rack14a}
	racks[2] = "R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K7"
	s := fixture(t, r, "", racks, "B4 B9", 2, MustDiscard)
	n, _, err := s.Apply(FinishAction(2, mustTile(t, "K7")))
	if err != nil {
		t.Fatal(err)
	}
	m := n.MatchResult()
	if n.Phase() != game.MatchOver || m.Outcome[2] != game.OutcomeWon || m.Outcome[0] != game.OutcomeLost || n.Result().Points != 0 {
		t.Fatalf("simple104: phase %v result %+v", n.Phase(), m)
	}
	// No wrap-around under simple104: 12-13-1 does not win.
	racks[2] = "R12 R13 R1 Y4 Y5 Y6 Y7 B9 B10 B11 R8 Y8 B8 K8 K7"
	s = fixture(t, r, "", racks, "B4 B9", 2, MustDiscard)
	mustRefuse(t, s, FinishAction(2, mustTile(t, "K7")), ErrNotWinning)
	// A new match under simple104: seat 0 starts with 15.
	for seed := uint64(0); seed < 10; seed++ {
		m, err := NewMatch(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		if m.Turn() != 0 || m.TileCount(0) != 15 || m.Indicator() != tile.NoTile {
			t.Fatalf("simple104: turn %d, seat 0 holds %d", m.Turn(), m.TileCount(0))
		}
	}
}

func TestHandsPassTheDeal(t *testing.T) {
	s, err := NewMatch(DefaultRules(), 11)
	if err != nil {
		t.Fatal(err)
	}
	first := s.Dealer()
	for h := 1; h <= 6; h++ {
		if s.HandNumber() != h || s.Dealer() != (first+h-1)%4 || s.Turn() != (s.Dealer()+1)%4 {
			t.Fatalf("hand %d: dealer %d turn %d", s.HandNumber(), s.Dealer(), s.Turn())
		}
		for s.Phase() == game.Playing {
			seat := s.Turn()
			a := EndHandAction(seat)
			switch {
			case s.Stage() == MustDiscard:
				a = DiscardAction(seat, s.View(seat).Rack[0])
			case s.WallLeft() > 0:
				a = DrawAction(seat)
			}
			s, _, err = s.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
		}
		if !s.Result().WallOut || s.Scores() != [4]int{20, 20, 20, 20} {
			t.Fatalf("hand %d: %+v", h, s.Result())
		}
		s, _, err = s.Apply(NextHandAction())
		if err != nil {
			t.Fatal(err)
		}
	}
}
