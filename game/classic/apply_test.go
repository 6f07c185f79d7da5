package classic

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"okey/game"
	"okey/game/classic/hand"
	"okey/game/internal/rng"
	"okey/game/tile"
)

func mustTiles(t *testing.T, s string) []tile.Tile {
	t.Helper()
	ts, err := tile.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func mustTile(t *testing.T, s string) tile.Tile {
	t.Helper()
	x, err := tile.ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// fixture builds a state in the middle of a hand: the given racks, the
// indicator, the wall in drawing order, seat turn to move at stage.
func fixture(t *testing.T, r Rules, ind string, racks [NumSeats]string, wall string, turn int, stage Stage) State {
	t.Helper()
	indicator := tile.NoTile
	if ind != "" {
		indicator = mustTile(t, ind)
	}
	an, err := hand.NewAnalyzer(r.HandConfig(), indicator)
	if err != nil {
		t.Fatal(err)
	}
	s := State{rules: r, seed: 1, an: an, phase: game.Playing, hand: 1, turn: turn, stage: stage}
	s.dealer = (turn + 3) % NumSeats
	s.deal = Deal{Kind: r.Deal, Dealer: s.dealer, Starter: turn, Stack: -1, Indicator: indicator, Wall: mustTiles(t, wall)}
	for i := range NumSeats {
		s.active[i] = true
		s.scores[i] = r.Points
		s.racks[i] = tile.CountsOf(mustTiles(t, racks[i]))
	}
	s.history = []Event{{Kind: EvDeal, Seat: s.dealer, Tile: indicator, From: -1}}
	return s
}

const (
	rack14a = "R1 R2 R3 Y5 Y6 Y9 B2 B8 B13 K1 K6 K7 K10 K12"
	rack14b = "R4 R6 R8 Y1 Y3 Y11 B5 B6 B10 K2 K3 K9 K11 K13"
	rack14c = "R5 R9 R10 Y2 Y4 Y7 Y8 B1 B3 B7 B11 K5 K8 R13"
)

func mustRefuse(t *testing.T, s State, a Action, want error) {
	t.Helper()
	before := s
	snap := s.View(0)
	n, evs, err := s.Apply(a)
	var me *MoveError
	if !errors.Is(err, want) || !errors.As(err, &me) {
		t.Fatalf("%v: error %v, want %v as a *MoveError", a, err, want)
	}
	if evs != nil || !reflect.DeepEqual(n, before) || !reflect.DeepEqual(s, before) || !reflect.DeepEqual(s.View(0), snap) {
		t.Fatalf("%v: a refused action changed the state", a)
	}
}

func TestIllegalActions(t *testing.T) {
	r := DefaultRules()
	// Seat 1 has just drawn (holds 15), seat 0 discarded R7 before.
	mid := fixture(t, r, "K3", [4]string{rack14a, rack14b + " Y12", rack14c, rack14a}, "B4 B9 Y10", 1, MustDiscard)
	mid.discards[0] = []tile.Tile{mustTile(t, "R7")}
	mid.acted = [4]bool{true, true, false, false}
	// Seat 2 to draw; seat 1's stack is empty.
	draw := fixture(t, r, "K3", [4]string{rack14a, rack14b, rack14c, rack14a}, "B4", 2, MustDraw)
	draw.acted = [4]bool{true, true, false, false}
	empty := fixture(t, r, "K3", [4]string{rack14a, rack14b, rack14c, rack14a}, "", 2, MustDraw)
	over := mid
	over.phase = game.HandOver

	tests := []struct {
		name string
		s    State
		a    Action
		want error
	}{
		{"draw while holding 15", mid, DrawAction(1), ErrMustDiscard},
		{"take while holding 15", mid, TakeAction(1), ErrMustDiscard},
		{"discard out of turn", mid, DiscardAction(2, mustTile(t, "R5")), game.ErrWrongSeat},
		{"draw out of turn", mid, DrawAction(3), game.ErrWrongSeat},
		{"discard a tile not held", mid, DiscardAction(1, mustTile(t, "R1")), game.ErrNotHeld},
		{"discard no tile", mid, DiscardAction(1, tile.NoTile), game.ErrBadAction},
		{"finish with a tile not held", mid, FinishAction(1, mustTile(t, "R1")), game.ErrNotHeld},
		{"finish a hand that does not win", mid, FinishAction(1, mustTile(t, "Y12")), ErrNotWinning},
		{"discard before drawing", draw, DiscardAction(2, mustTile(t, "R5")), game.ErrMustDraw},
		{"take from an empty stack", draw, TakeAction(2), game.ErrEmptyStack},
		{"end the hand with tiles in the wall", draw, EndHandAction(2), ErrWallNotEmpty},
		{"draw from an empty wall", empty, DrawAction(2), game.ErrWallEmpty},
		{"next hand while playing", mid, NextHandAction(), game.ErrWrongPhase},
		{"draw after the hand", over, DrawAction(1), game.ErrWrongPhase},
		{"no such seat", mid, DrawAction(7), game.ErrBadAction},
		{"unknown action", mid, Action{Kind: 99, Seat: 1}, game.ErrBadAction},
		{"show without the tile", draw, ShowAction(3), ErrShowNoTile},
		{"show after drawing", mid, ShowAction(1), ErrShowLate},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { mustRefuse(t, tc.s, tc.a, tc.want) })
	}
}

func TestApplyNeverMutates(t *testing.T) {
	s, err := NewMatch(DefaultRules(), 3)
	if err != nil {
		t.Fatal(err)
	}
	var states []State
	var views []View
	rg := rng.New(9)
	for i := 0; i < 120 && s.Phase() == game.Playing; i++ {
		states = append(states, s)
		views = append(views, s.View(s.Turn()))
		seat := s.Turn()
		var a Action
		if s.Stage() == MustDraw {
			a = DrawAction(seat)
			if s.WallLeft() == 0 {
				a = EndHandAction(seat)
			}
		} else {
			v := s.View(seat)
			a = DiscardAction(seat, v.Rack[rg.Intn(len(v.Rack))])
		}
		// Branch first: another action from the same state must not
		// disturb the line we follow.
		if s.Stage() == MustDraw && s.Legal(seat).Take {
			if _, _, err := s.Apply(TakeAction(seat)); err != nil {
				t.Fatal(err)
			}
		}
		n, _, err := s.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		s = n
	}
	for i, old := range states {
		if !reflect.DeepEqual(old.View(old.Turn()), views[i]) {
			t.Fatalf("state %d changed after later moves", i)
		}
	}
}

func TestWallRunsOut(t *testing.T) {
	r := DefaultRules()
	s := fixture(t, r, "K3", [4]string{rack14a, rack14b, rack14c, rack14a}, "B4", 2, MustDraw)
	s.discards[1] = []tile.Tile{mustTile(t, "R7")}
	s, _, err := s.Apply(DrawAction(2))
	if err != nil {
		t.Fatal(err)
	}
	if s.WallLeft() != 0 {
		t.Fatal("wall should be empty")
	}
	s, _, err = s.Apply(DiscardAction(2, mustTile(t, "B4")))
	if err != nil {
		t.Fatal(err)
	}
	if l := s.Legal(3); !l.Take || l.Draw || !l.EndHand {
		t.Fatalf("with the wall out seat 3 may take or end, got %+v", l)
	}
	mustRefuse(t, s, DrawAction(3), game.ErrWallEmpty)
	// Taking keeps the hand going; so does discarding.
	took, _, err := s.Apply(TakeAction(3))
	if err != nil || took.Phase() != game.Playing {
		t.Fatalf("take with the wall out: %v", err)
	}
	before := s.Scores()
	end, evs, err := s.Apply(EndHandAction(3))
	if err != nil {
		t.Fatal(err)
	}
	if end.Phase() != game.HandOver || !end.Result().WallOut || end.Result().Winner != -1 || end.Scores() != before {
		t.Fatalf("wall out: phase %v result %+v scores %v", end.Phase(), end.Result(), end.Scores())
	}
	if evs[0].Kind != EvWallOut {
		t.Fatalf("events %v", evs)
	}
	next, _, err := end.Apply(NextHandAction())
	if err != nil {
		t.Fatal(err)
	}
	if next.HandNumber() != 2 || next.Dealer() != (end.Dealer()+1)%4 || next.Turn() != (next.Dealer()+1)%4 {
		t.Fatalf("the deal must pass to the right: dealer %d → %d, turn %d", end.Dealer(), next.Dealer(), next.Turn())
	}
}

func TestIndicatorLastDrawsIndicator(t *testing.T) {
	r, _ := ParseRules("indicator_last")
	for seed := uint64(0); seed < 5; seed++ {
		s, err := NewMatch(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		ind := s.Indicator()
		var last tile.Tile
		for s.Phase() == game.Playing {
			seat := s.Turn()
			var a Action
			switch {
			case s.Stage() == MustDraw && s.WallLeft() == 0:
				a = EndHandAction(seat)
			case s.Stage() == MustDraw:
				n, evs, err := s.Apply(DrawAction(seat))
				if err != nil {
					t.Fatal(err)
				}
				last = evs[0].Tile
				s = n
				continue
			default:
				v := s.View(seat)
				a = DiscardAction(seat, v.Rack[0])
			}
			n, _, err := s.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			s = n
		}
		if last != ind {
			t.Fatalf("seed %d: last tile drawn %v, indicator %v", seed, last, ind)
		}
	}
}

func TestGostermeTiming(t *testing.T) {
	r := DefaultRules()
	// Indicator K3. The starter, seat 1, holds the other K3.
	s := fixture(t, r, "K3", [4]string{rack14a, "K3 " + rack14b, rack14c, rack14a}, "B4 B9", 1, MustDiscard)
	shown, evs, err := s.Apply(ShowAction(1))
	if err != nil {
		t.Fatalf("the starter may show before the first discard: %v", err)
	}
	if evs[0].Kind != EvShow || shown.Scores() != [4]int{19, 20, 19, 19} {
		t.Fatalf("gösterme costs every other player 1: %v", shown.Scores())
	}
	mustRefuse(t, shown, ShowAction(1), ErrShown)
	late, _, err := s.Apply(DiscardAction(1, mustTile(t, "R4")))
	if err != nil {
		t.Fatal(err)
	}
	mustRefuse(t, late, ShowAction(1), ErrShowLate)

	// Seat 3 holds it: it may show out of turn before its first draw,
	// even after others have moved, and not after drawing.
	o := fixture(t, r, "K3", [4]string{rack14a, rack14b + " Y12", rack14c, "K3 R1 R2 R3 Y5 Y6 Y9 B2 B8 B13 K1 K6 K7 K10"}, "B4 B9", 1, MustDiscard)
	o, _, err = o.Apply(DiscardAction(1, mustTile(t, "Y12")))
	if err != nil {
		t.Fatal(err)
	}
	if !o.Legal(3).Show {
		t.Fatal("seat 3 should be offered gösterme out of turn")
	}
	if _, _, err := o.Apply(ShowAction(3)); err != nil {
		t.Fatalf("seat 3 may show before drawing: %v", err)
	}
	o.turn = 3
	drawn, _, err := o.Apply(DrawAction(3))
	if err != nil {
		t.Fatal(err)
	}
	mustRefuse(t, drawn, ShowAction(3), ErrShowLate)

	// Partners: only the other team loses.
	p, _ := ParseRules("partners")
	ps := fixture(t, p, "K3", [4]string{rack14a, "K3 " + rack14b, rack14c, rack14a}, "B4", 1, MustDiscard)
	ps, _, err = ps.Apply(ShowAction(1))
	if err != nil || ps.Scores() != [4]int{19, 20, 19, 20} {
		t.Fatalf("partners gösterme: %v %v", ps.Scores(), err)
	}
	// simple104 has no indicator.
	ss := fixture(t, Simple104Rules(), "", [4]string{rack14a, "K3 " + rack14b, rack14c, rack14a}, "B4", 1, MustDiscard)
	mustRefuse(t, ss, ShowAction(1), ErrNoIndicator)
}

// The result of a hand in which the indicator was shown tells the
// gösterme apart from the win (ShowLost), with and without partners, so
// that okey sim can split a bot's points into play and gösterme.
func TestShowLost(t *testing.T) {
	// Indicator K3; the starter, seat 1, shows K3 and then finishes
	// with it (a melds win, 2 points).
	win := "R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K3"
	cases := []struct {
		rules          string
		show           bool
		lost, showLost [4]int
	}{
		{"default", true, [4]int{3, 0, 3, 3}, [4]int{1, 0, 1, 1}},
		{"default", false, [4]int{2, 0, 2, 2}, [4]int{}},
		{"partners", true, [4]int{3, 0, 3, 0}, [4]int{1, 0, 1, 0}},
		{"simple104", false, [4]int{}, [4]int{}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s show=%v", c.rules, c.show), func(t *testing.T) {
			r, err := ParseRules(c.rules)
			if err != nil {
				t.Fatal(err)
			}
			ind := "K3"
			if r.Simple104 {
				ind = ""
			}
			s := fixture(t, r, ind, [4]string{rack14a, win, rack14c, rack14b}, "B4 B9", 1, MustDiscard)
			if c.show {
				if s, _, err = s.Apply(ShowAction(1)); err != nil {
					t.Fatal(err)
				}
			}
			n, _, err := s.Apply(FinishAction(1, mustTile(t, "K3")))
			if err != nil {
				t.Fatal(err)
			}
			res := n.Result()
			if res.Lost != c.lost || res.ShowLost != c.showLost {
				t.Errorf("lost %v of it gösterme %v, want %v and %v", res.Lost, res.ShowLost, c.lost, c.showLost)
			}
		})
	}
}

// A winning 15-tile rack for each kind of win, with indicator K3 (okey
// K4), the tile to finish with and what each loser must lose.
func TestWinScoring(t *testing.T) {
	tests := []struct {
		name   string
		rules  string
		rack   string
		finish string
		points int
		kind   hand.WinKind
	}{
		{"melds", "default", "R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K7", "K7", 2, hand.WinMelds},
		{"okey finish", "default", "R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K4", "K4", 4, hand.WinMelds},
		{"seven pairs", "default", "R1 R1 Y2 Y2 B3 B3 K5 K5 R7 R7 Y8 Y8 B9 B9 K10", "K10", 4, hand.WinPairs},
		{"pairs with okey finish", "default", "R1 R1 Y2 Y2 B3 B3 K5 K5 R7 R7 Y8 Y8 B9 B9 K4", "K4", 8, hand.WinPairs},
		{"one colour, option off", "default", "R1 R2 R3 R4 R5 R6 R7 R7 R8 R9 R10 R11 R12 R13 K7", "K7", 2, hand.WinMelds},
		{"one colour doubled", "one_colour_double", "R1 R2 R3 R4 R5 R6 R7 R7 R8 R9 R10 R11 R12 R13 K7", "K7", 4, hand.WinMelds},
		{"one colour okey finish", "one_colour_double", "R1 R2 R3 R4 R5 R6 R7 R7 R8 R9 R10 R11 R12 R13 K4", "K4", 8, hand.WinMelds},
		{"okey in a run", "default", "R1 K4 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K7", "K7", 2, hand.WinMelds},
		{"false joker as K4 in a run", "default", "K3 J K5 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 R7", "R7", 2, hand.WinMelds},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ParseRules(tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			s := fixture(t, r, "K3", [4]string{rack14a, tc.rack, rack14c, rack14b}, "B4 B9", 1, MustDiscard)
			n, evs, err := s.Apply(FinishAction(1, mustTile(t, tc.finish)))
			if err != nil {
				t.Fatal(err)
			}
			res := n.Result()
			if n.Phase() != game.HandOver || res.Winner != 1 || res.Points != tc.points || res.Win.Kind != tc.kind {
				t.Fatalf("phase %v result %+v, want %d points for %v", n.Phase(), res, tc.points, tc.kind)
			}
			want := [4]int{20 - tc.points, 20, 20 - tc.points, 20 - tc.points}
			if n.Scores() != want || res.Lost != [4]int{tc.points, 0, tc.points, tc.points} {
				t.Fatalf("scores %v lost %v, want %v", n.Scores(), res.Lost, want)
			}
			if evs[0].Kind != EvFinish || n.TileCount(1) != 14 {
				t.Fatalf("events %v, winner holds %d", evs, n.TileCount(1))
			}
			if len(n.discards[1]) != 0 {
				t.Fatal("the finishing discard goes to the centre, not the stack")
			}
		})
	}
}
