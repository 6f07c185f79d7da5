package okey101

import (
	"errors"
	"testing"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// The rule tests use indicator K4 (the okey is K5) unless they say
// otherwise. Racks are small: rules do not depend on rack size, and the
// tiles no rack names wait in the wall.

var melds = Opening{Status: meld.OpenedMelds, Value: 101, Turn: 0}
var pairs = Opening{Status: meld.OpenedPairs, Value: 5, Turn: 0}

func T(t *testing.T, s string) tile.Tile { return parse(t, s)[0] }

func G(t *testing.T, ss ...string) [][]tile.Tile {
	out := make([][]tile.Tile, len(ss))
	for i, s := range ss {
		out[i] = parse(t, s)
	}
	return out
}

// TestDealerFirstTurnIsADiscardOnly: the dealer starts with 22 tiles and
// only discards; the others draw or take first; a turn ends with a
// discard.
func TestDealerFirstTurnIsADiscardOnly(t *testing.T) {
	s, _ := NewMatch(DefaultRules(), 3)
	d := s.Turn()
	if d != s.Dealer() || s.Stage() != StageFirst || s.TileCount(d) != DealerTiles {
		t.Fatalf("the dealer must start with %d tiles and a discard", DealerTiles)
	}
	v := s.View(d)
	refused(t, s, Draw(d), ErrFirstTurn)
	refused(t, s, Take(d), ErrFirstTurn)
	refused(t, s, Open(d, v.Rack[:3]), ErrFirstTurn)
	refused(t, s, Draw(next(d)), game.ErrWrongSeat)
	s, _ = apply(t, s, Discard(d, v.Rack[0]))
	n := next(d)
	if s.Turn() != n || s.Stage() != StageDraw {
		t.Fatal("the turn passes to the dealer's right, who draws or takes")
	}
	refused(t, s, Discard(n, s.View(n).Rack[0]), game.ErrMustDraw)
	refused(t, s, Open(n, s.View(n).Rack[:3]), game.ErrMustDraw)
	s, _ = apply(t, s, Draw(n))
	refused(t, s, Draw(n), ErrAlreadyDrew)
	refused(t, s, Take(n), ErrAlreadyDrew)
	if s.TileCount(n) != RackTiles+1 {
		t.Fatal("a draw adds a tile")
	}
}

// TestOpening is a table of the opening rules: the threshold, okeys at a
// run's end taking the higher place, no wrap-around, a set of three with
// an okey, pairs, okey_pair, keeping a tile, progressive.
func TestOpening(t *testing.T) {
	cases := []struct {
		name   string
		rules  string
		rack   string
		open   []string
		pairs  bool
		others [NumSeats]Opening
		err    error
		value  int
	}{
		{"an okey at a run's end takes the higher place", "open=33", "B10 B11 K5 R1", []string{"B10 B11 K5"}, false, [4]Opening{}, nil, 33},
		{"so 10-11-12, not 9-10-11", "open=34", "B10 B11 K5 R1", []string{"B10 B11 K5"}, false, [4]Opening{}, ErrThreshold, 0},
		{"1 only low", "open=20", "R12 R13 R1 Y1", []string{"R12 R13 R1"}, false, [4]Opening{}, ErrNotMeld, 0},
		{"1-2-3 is a run", "open=6", "R1 R2 R3 Y1", []string{"R1 R2 R3"}, false, [4]Opening{}, nil, 6},
		{"a set of three with an okey", "open=21", "R7 Y7 K5 Y1", []string{"R7 Y7 K5"}, false, [4]Opening{}, nil, 21},
		{"one tile and two okeys read at their best", "open=39", "K13 K5 K5 Y1", []string{"K13 K5 K5"}, false, [4]Opening{}, nil, 39},
		{"runs and sets together", "default", "R10 R11 R12 R13 Y9 Y10 Y11 B13 K13 Y13 R1", []string{"R10 R11 R12 R13", "Y9 Y10 Y11", "B13 K13 Y13"}, false, [4]Opening{}, nil, 46 + 30 + 39},
		{"below the threshold", "default", "R10 R11 R12 R13 Y9 Y10 Y11 R1", []string{"R10 R11 R12 R13", "Y9 Y10 Y11"}, false, [4]Opening{}, ErrThreshold, 0},
		{"a tile stays in the rack", "open=6", "R1 R2 R3", []string{"R1 R2 R3"}, false, [4]Opening{}, ErrKeepOne, 0},
		{"a tile not held", "open=6", "R1 R2 Y1", []string{"R1 R2 R3"}, false, [4]Opening{}, game.ErrNotHeld, 0},
		{"the same tile twice", "open=6", "R1 R2 R3 Y1", []string{"R1 R2 R3", "R1 Y1 B1"}, false, [4]Opening{}, game.ErrNotHeld, 0},
		{"five pairs", "default", "R1 R1 Y2 Y2 B3 B3 K7 K7 J J R13", []string{"R1 R1", "Y2 Y2", "B3 B3", "K7 K7", "J J"}, true, [4]Opening{}, nil, 5},
		{"an okey pairs with any tile", "default", "R1 R1 Y2 Y2 B3 B3 K7 K7 R9 K5 R13", []string{"R1 R1", "Y2 Y2", "B3 B3", "K7 K7", "R9 K5"}, true, [4]Opening{}, nil, 5},
		{"four pairs are too few", "default", "R1 R1 Y2 Y2 B3 B3 K7 K7 R13", []string{"R1 R1", "Y2 Y2", "B3 B3", "K7 K7"}, true, [4]Opening{}, ErrTooFewPairs, 0},
		{"two okeys do not pair", "default", "R1 R1 Y2 Y2 B3 B3 K7 K7 K5 K5 R13", []string{"R1 R1", "Y2 Y2", "B3 B3", "K7 K7", "K5 K5"}, true, [4]Opening{}, ErrNotPair, 0},
		{"two okeys pair with okey_pair", "okey_pair", "R1 R1 Y2 Y2 B3 B3 K7 K7 K5 K5 R13", []string{"R1 R1", "Y2 Y2", "B3 B3", "K7 K7", "K5 K5"}, true, [4]Opening{}, nil, 5},
		{"progressive: beat the highest", "progressive", "R10 R11 R12 R13 Y9 Y10 Y11 B13 K13 Y13 R1", []string{"R10 R11 R12 R13", "Y9 Y10 Y11", "B13 K13 Y13"}, false, [4]Opening{1: {Status: meld.OpenedMelds, Value: 115}}, ErrThreshold, 0},
		{"progressive: beaten", "progressive", "R10 R11 R12 R13 Y9 Y10 Y11 B13 K13 Y13 R1", []string{"R10 R11 R12 R13", "Y9 Y10 Y11", "B13 K13 Y13"}, false, [4]Opening{1: {Status: meld.OpenedMelds, Value: 114}}, nil, 115},
		{"progressive leaves pairs alone", "progressive", "R1 R1 Y2 Y2 B3 B3 K7 K7 J J R13", []string{"R1 R1", "Y2 Y2", "B3 B3", "K7 K7", "J J"}, true, [4]Opening{1: {Status: meld.OpenedMelds, Value: 150}}, nil, 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := rig(t, rigSpec{rules: tc.rules, ind: "K4", racks: [4]string{0: tc.rack}, open: tc.others})
			a := Open(0, G(t, tc.open...)...)
			a.Pairs = tc.pairs
			if tc.err != nil {
				refused(t, s, a, tc.err)
				return
			}
			n, evs := apply(t, s, a)
			o := n.View(0).Opened[0]
			want := meld.OpenedMelds
			if tc.pairs {
				want = meld.OpenedPairs
			}
			if o.Status != want || o.Value != tc.value || evs[0].Kind != EvOpen || evs[0].Points != tc.value {
				t.Fatalf("opened %+v (event %+v), want %v worth %d", o, evs[0], want, tc.value)
			}
			if len(n.table) != len(tc.open) || n.table[0].Owner != 0 || n.table[0].Seats[0] != 0 {
				t.Fatalf("the table: %+v", n.table)
			}
		})
	}
}

// TestOpeningErrorsCarryTheMeldReason: a group that is no meld is refused
// with the referee's reason and the meld package's.
func TestOpeningErrorsCarryTheMeldReason(t *testing.T) {
	s := rig(t, rigSpec{rules: "open=10", ind: "K4", racks: [4]string{0: "R12 R13 R1 Y5"}})
	_, _, err := s.Apply(Open(0, G(t, "R12 R13 R1")...))
	if !errors.Is(err, ErrNotMeld) || !errors.Is(err, meld.ErrNotMeld) {
		t.Fatalf("%v: want ErrNotMeld and meld.ErrNotMeld", err)
	}
	var me *MoveError
	if !errors.As(err, &me) || me.Action.Kind != ActOpen {
		t.Fatalf("%v is not a *MoveError", err)
	}
}

// TestLay: after opening with runs and sets a player lays runs and sets
// of any value, never pairs; after opening with pairs, only pairs; before
// opening, nothing.
func TestLay(t *testing.T) {
	base := rigSpec{ind: "K4", racks: [4]string{0: "R1 R2 R3 Y5 Y5 B9"}}
	sp := base
	sp.open[0] = melds
	s := rig(t, sp)
	n, _ := apply(t, s, Lay(0, G(t, "R1 R2 R3")...))
	if len(n.table) != 1 || n.table[0].Meld.Value() != 6 {
		t.Fatal("a run of any value may be laid after opening")
	}
	refused(t, s, Lay(0, G(t, "Y5 Y5")...), ErrNoPairs)
	sp.open[0] = pairs
	s = rig(t, sp)
	apply(t, s, Lay(0, G(t, "Y5 Y5")...))
	refused(t, s, Lay(0, G(t, "R1 R2 R3")...), ErrPairsOnly)
	refused(t, s, Lay(0, G(t, "R1 R2")...), ErrNotPair)
	s = rig(t, base)
	refused(t, s, Lay(0, G(t, "R1 R2 R3")...), ErrNotOpened)
	sp.open[0] = melds
	sp.racks[0] = "R1 R2 R3"
	refused(t, rig(t, sp), Lay(0, G(t, "R1 R2 R3")...), ErrKeepOne)
}

// TestLayOff is a table of lay-offs: either end of anyone's run, a set's
// missing colour, never onto a pair, never moving an okey, only after
// opening (with melds or with pairs).
func TestLayOff(t *testing.T) {
	table := []rigMeld{
		{"R5 R6 R7", 1},
		{"Y7 B7 K7", 2},
		{"B10 B11 K5", 3},
		{"Y2 Y2", 1},
		{"R1 R2 R3", 2},
	}
	cases := []struct {
		name   string
		tile   string
		meld   int
		end    meld.End
		status meld.Status
		err    error
		after  string
	}{
		{"below another's run", "R4", 0, meld.AnyEnd, meld.OpenedMelds, nil, "R4 R5 R6 R7"},
		{"above another's run", "R8", 0, meld.AnyEnd, meld.OpenedMelds, nil, "R5 R6 R7 R8"},
		{"a set's missing colour", "R7", 1, meld.AnyEnd, meld.OpenedMelds, nil, "R7 Y7 B7 K7"},
		{"a pair opener lays off onto runs", "R8", 0, meld.AnyEnd, meld.OpenedPairs, nil, "R5 R6 R7 R8"},
		{"not before opening", "R8", 0, meld.AnyEnd, meld.NotOpened, ErrNotOpened, ""},
		{"never onto a pair", "Y1", 3, meld.AnyEnd, meld.OpenedMelds, ErrLayOffRefused, ""},
		{"the tile an okey stands for would move it", "B12", 2, meld.AnyEnd, meld.OpenedMelds, ErrMovesOkey, ""},
		{"beyond the okey is fine", "B13", 2, meld.AnyEnd, meld.OpenedMelds, nil, "B10 B11 K5 B13"},
		{"nothing below 1", "R13", 4, meld.AnyEnd, meld.OpenedMelds, ErrLayOffRefused, ""},
		{"an okey at the end asked", "K5", 0, meld.LowEnd, meld.OpenedMelds, nil, "K5 R5 R6 R7"},
		{"an okey goes high by itself", "K5", 0, meld.AnyEnd, meld.OpenedMelds, nil, "R5 R6 R7 K5"},
		{"no such meld", "R8", 9, meld.AnyEnd, meld.OpenedMelds, ErrNoMeld, ""},
		{"a tile not held", "Y9", 0, meld.AnyEnd, meld.OpenedMelds, game.ErrNotHeld, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sp := rigSpec{ind: "K4", racks: [4]string{0: "R4 R8 R7 B12 B13 R13 K5 Y1"}, table: table}
			sp.open[0] = Opening{Status: tc.status, Value: 101}
			s := rig(t, sp)
			a := LayOff(0, T(t, tc.tile), tc.meld, tc.end)
			if tc.err != nil {
				refused(t, s, a, tc.err)
				return
			}
			n, evs := apply(t, s, a)
			m := n.table[tc.meld]
			if got := tile.FormatTiles(m.Meld.Tiles); got != tc.after {
				t.Fatalf("after: %s, want %s", got, tc.after)
			}
			mine := 0
			for i, seat := range m.Seats {
				switch seat {
				case 0:
					mine++
					if m.Meld.Tiles[i] != T(t, tc.tile) {
						t.Fatalf("seat 0 is marked on %v, not on the tile it laid", m.Meld.Tiles[i])
					}
				case table[tc.meld].owner:
				default:
					t.Fatalf("seats %v", m.Seats)
				}
			}
			if mine != 1 || len(m.Seats) != len(m.Meld.Tiles) {
				t.Fatalf("seats %v for %v", m.Seats, m.Meld.Tiles)
			}
			if evs[0].Kind != EvLayOff || evs[0].Meld != tc.meld {
				t.Fatalf("event %+v", evs[0])
			}
			if n.racks[0][T(t, tc.tile)] != s.racks[0][T(t, tc.tile)]-1 {
				t.Fatal("the tile did not leave the rack")
			}
		})
	}
	// A lay-off that would move the okey says so, and with the meld
	// package's reason too.
	sp := rigSpec{ind: "K4", racks: [4]string{0: "B12 Y1"}, table: table}
	sp.open[0] = melds
	_, _, err := rig(t, sp).Apply(LayOff(0, T(t, "B12"), 2, meld.AnyEnd))
	if !errors.Is(err, ErrMovesOkey) || !errors.Is(err, meld.ErrMovesOkey) {
		t.Fatalf("%v", err)
	}
}

// TestTakeBack: the exact tile an okey stands for frees it; in a set of
// three any missing colour does; only after opening.
func TestTakeBack(t *testing.T) {
	table := []rigMeld{{"B10 B11 K5", 1}, {"R7 Y7 K5", 2}}
	sp := rigSpec{ind: "K4", racks: [4]string{0: "B12 K7 Y1"}, table: table}
	sp.open[0] = melds
	s := rig(t, sp)
	n, evs := apply(t, s, TakeBack(0, T(t, "B12"), 0))
	if got := tile.FormatTiles(n.table[0].Meld.Tiles); got != "B10 B11 B12" || n.table[0].Seats[2] != 0 {
		t.Fatalf("after: %s seats %v", got, n.table[0].Seats)
	}
	if n.racks[0][T(t, "K5")] != 1 || n.racks[0][T(t, "B12")] != 0 || evs[0].Kind != EvTakeBack {
		t.Fatal("the okey goes to the rack, the tile to the table")
	}
	n, _ = apply(t, s, TakeBack(0, T(t, "K7"), 1))
	if got := tile.FormatTiles(n.table[1].Meld.Tiles); got != "R7 Y7 K7" || n.table[1].Seats[2] != 0 {
		t.Fatalf("a set's okey is freed by any missing colour: %s %v", got, n.table[1].Seats)
	}
	refused(t, s, TakeBack(0, T(t, "Y1"), 0), ErrTakeBack)
	sp.open[0] = Opening{}
	refused(t, rig(t, sp), TakeBack(0, T(t, "B12"), 0), ErrNotOpened)
}

// TestTakeTheDiscard: the previous discard may be taken only to go onto
// the table this turn; until then no discard; it may be given back, and
// the player draws instead; a player who has not opened must open with
// it.
func TestTakeTheDiscard(t *testing.T) {
	base := rigSpec{ind: "K4", turn: 1, stage: StageDraw,
		racks:    [4]string{1: "R10 R11 Y1 Y2 B5 K9"},
		discards: [4]string{0: "K1 R12"}}

	t.Run("a take you cannot use is given back", func(t *testing.T) {
		s := rig(t, base)
		s, evs := apply(t, s, Take(1))
		if evs[0].Tile != T(t, "R12") || evs[0].From != 0 {
			t.Fatalf("took %+v", evs[0])
		}
		v := s.View(1)
		if v.Taken.Tile != T(t, "R12") || v.Taken.Used || !v.Legal.GiveBack || v.Legal.Discard {
			t.Fatalf("the view must show the tile owed: %+v %+v", v.Taken, v.Legal)
		}
		refused(t, s, Discard(1, T(t, "Y1")), ErrTakeUnused)
		refused(t, s, Discard(1, T(t, "R12")), ErrTakeUnused)
		refused(t, s, Open(1, G(t, "R10 R11 R12")...), ErrThreshold)
		s, _ = apply(t, s, GiveBack(1))
		if v := s.View(1); v.Top(0) != T(t, "R12") || s.Stage() != StageDraw || s.racks[1][T(t, "R12")] != 0 {
			t.Fatal("given back: the tile is on top again and the player draws")
		}
		refused(t, s, Take(1), ErrGaveBack)
		apply(t, s, Draw(1), Discard(1, T(t, "Y1")))
	})

	t.Run("a player who has not opened opens with it", func(t *testing.T) {
		sp := base
		sp.rules = "open=33"
		sp.racks[1] = "R10 R11 Y11 B11 Y1"
		s, _ := apply(t, rig(t, sp), Take(1))
		refused(t, s, Open(1, G(t, "Y11 B11 R11")...), ErrTakenNotIn)
		s, _ = apply(t, s, Open(1, G(t, "R10 R11 R12")...))
		if !s.View(1).Taken.Used {
			t.Fatal("the opening used the taken tile")
		}
		apply(t, s, Discard(1, T(t, "Y1")))
	})

	t.Run("a player who has opened lays it off", func(t *testing.T) {
		sp := base
		sp.open[1] = melds
		sp.table = []rigMeld{{"R9 R10 R11", 2}}
		sp.racks[1] = "Y1 Y2"
		s, _ := apply(t, rig(t, sp), Take(1))
		refused(t, s, Discard(1, T(t, "Y1")), ErrTakeUnused)
		s, _ = apply(t, s, LayOff(1, T(t, "R12"), 0, meld.AnyEnd))
		apply(t, s, Discard(1, T(t, "Y1")))
	})

	t.Run("a tile to discard stays besides the one owed", func(t *testing.T) {
		sp := base
		sp.open[1] = melds
		sp.table = []rigMeld{{"Y3 Y4 Y5", 2}}
		sp.racks[1] = "Y2"
		s, _ := apply(t, rig(t, sp), Take(1))
		refused(t, s, LayOff(1, T(t, "Y2"), 0, meld.AnyEnd), ErrKeepOne)
		apply(t, s, GiveBack(1), Draw(1))
	})
}

// TestPenalties: discarding an okey or an işler taş costs 101 (never
// multiplied), to a player who has not opened too, unless it finishes;
// islek=off turns the second off.
func TestPenalties(t *testing.T) {
	table := []rigMeld{{"R5 R6 R7", 2}, {"Y9 B9 K9", 3}}
	cases := []struct {
		name    string
		rules   string
		discard string
		pen     int
		reason  PenaltyReason
	}{
		{"an okey", "default", "K5", 101, PenaltyOkey},
		{"an işler taş above a run", "default", "R8", 101, PenaltyIslek},
		{"an işler taş below a run", "default", "R4", 101, PenaltyIslek},
		{"a set's missing colour", "default", "R9", 101, PenaltyIslek},
		{"a tile that fits nowhere", "default", "Y1", 0, 0},
		{"islek=off", "islek=off", "R8", 0, 0},
		{"islek=off still charges an okey", "islek=off", "K5", 101, PenaltyOkey},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := rig(t, rigSpec{rules: tc.rules, ind: "K4", racks: [4]string{0: "K5 R8 R4 R9 Y1"}, table: table, scores: [4]int{0: 40}})
			n, evs := apply(t, s, Discard(0, T(t, tc.discard)))
			if got := n.Scores()[0] - 40; got != tc.pen {
				t.Fatalf("charged %d, want %d", got, tc.pen)
			}
			if n.handPen[0] != tc.pen || n.View(1).HandPenalties[0] != tc.pen {
				t.Fatal("the hand's penalties are kept for the score sheet")
			}
			if tc.pen > 0 && (len(evs) < 2 || evs[1].Kind != EvPenalty || evs[1].Reason != tc.reason) {
				t.Fatalf("events %+v", evs)
			}
		})
	}
}

// TestFinishing is a table of finishes and their scoring: laying off the
// last tiles, an okey as the last discard, a pair opener finishing,
// elden bitme, and the losers' lines (never opened 202 × M, opened: the
// rack × M, doubled again after opening with pairs, 101 for each okey
// left, a false joker counting as the okey's face).
func TestFinishing(t *testing.T) {
	others := [4]string{1: "R13 Y12", 2: "B2 J K5", 3: "K13 K12 K11 Y10"}
	cases := []struct {
		name    string
		rack    string
		draw    string
		open    [NumSeats]Opening
		actions func(t *testing.T) []Action
		mult    int
		lines   [NumSeats]int
	}{
		{
			name: "finishing by laying off",
			rack: "R8", draw: "Y1",
			open: [4]Opening{0: melds, 1: melds, 2: melds},
			actions: func(t *testing.T) []Action {
				return []Action{LayOff(0, T(t, "R8"), 0, meld.AnyEnd), Discard(0, T(t, "Y1"))}
			},
			mult:  1,
			lines: [4]int{-101, 25, 2 + 5 + 101, 202},
		},
		{
			name: "an okey as the last discard doubles",
			rack: "R8", draw: "K5",
			open: [4]Opening{0: melds, 1: melds, 2: melds},
			actions: func(t *testing.T) []Action {
				return []Action{LayOff(0, T(t, "R8"), 0, meld.AnyEnd), Discard(0, T(t, "K5"))}
			},
			mult:  2,
			lines: [4]int{-202, 50, 2*(2+5) + 101, 404},
		},
		{
			name: "a pair opener finishing doubles, and a pair opener's rack doubles again",
			rack: "R8", draw: "Y1",
			open: [4]Opening{0: pairs, 1: pairs, 2: melds},
			actions: func(t *testing.T) []Action {
				return []Action{LayOff(0, T(t, "R8"), 0, meld.AnyEnd), Discard(0, T(t, "Y1"))}
			},
			mult:  2,
			lines: [4]int{-202, 4 * 25, 2*7 + 101, 404},
		},
		{
			name: "elden bitme: opening and finishing in one turn, no one else opened",
			rack: "R8 R9 R10 R11", draw: "Y1",
			actions: func(t *testing.T) []Action {
				return []Action{Open(0, G(t, "R8 R9 R10 R11")...), Discard(0, T(t, "Y1"))}
			},
			mult:  2,
			lines: [4]int{-202, 404, 404, 404},
		},
		{
			name: "elden bitme with an okey discard doubles twice",
			rack: "R8 R9 R10 R11", draw: "K5",
			actions: func(t *testing.T) []Action {
				return []Action{Open(0, G(t, "R8 R9 R10 R11")...), Discard(0, T(t, "K5"))}
			},
			mult:  4,
			lines: [4]int{-404, 808, 808, 808},
		},
		{
			name: "no elden bitme when another has opened",
			rack: "R8 R9 R10 R11", draw: "Y1",
			open: [4]Opening{1: melds},
			actions: func(t *testing.T) []Action {
				return []Action{Open(0, G(t, "R8 R9 R10 R11")...), Discard(0, T(t, "Y1"))}
			},
			mult:  1,
			lines: [4]int{-101, 25, 202, 202},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			racks := others
			racks[0] = tc.rack
			s := rig(t, rigSpec{rules: "open=38", ind: "K4", racks: racks, open: tc.open, stage: StageDraw, wall: tc.draw,
				table: []rigMeld{{"R5 R6 R7", 1}}})
			n, evs := apply(t, s, append([]Action{Draw(0)}, tc.actions(t)...)...)
			res := n.Result()
			if n.Phase() != game.HandOver || res == nil || res.Finisher != 0 || evs[0].Kind != EvFinish {
				t.Fatalf("the hand is not over: %v %+v", n.Phase(), evs)
			}
			if res.Multiplier != tc.mult {
				t.Fatalf("M = %d, want %d (%+v)", res.Multiplier, tc.mult, res)
			}
			for seat := range NumSeats {
				if res.Lines[seat].Points != tc.lines[seat] || n.Scores()[seat] != tc.lines[seat] {
					t.Fatalf("seat %d scored %d (total %d), want %d: %+v", seat, res.Lines[seat].Points, n.Scores()[seat], tc.lines[seat], res.Lines[seat])
				}
			}
		})
	}
}

// TestWallRunsOut: a discard after the wall is empty ends the hand with
// no finisher; everyone is scored as a loser with M = 1.
func TestWallRunsOut(t *testing.T) {
	s := rig(t, rigSpec{ind: "K4", turn: 1, stage: StageDraw, wall: "Y13", wallExact: true,
		racks: [4]string{0: "R1 R2", 1: "B5 K5", 2: "Y3 Y3", 3: "J"},
		open:  [4]Opening{0: melds, 2: pairs}})
	s, evs := apply(t, s, Draw(1), Discard(1, T(t, "B5")))
	res := s.Result()
	if s.Phase() != game.HandOver || !res.WallOut || res.Finisher != -1 {
		t.Fatalf("the hand must end with the wall out: %v %+v", s.Phase(), res)
	}
	if evs[len(evs)-1].Kind != EvHandOver {
		t.Fatalf("events %+v", evs)
	}
	want := [4]int{3, 202, 2 * 6, 202}
	for seat := range NumSeats {
		if res.Lines[seat].Points != want[seat] {
			t.Fatalf("seat %d: %+v, want %d", seat, res.Lines[seat], want[seat])
		}
	}
}

// TestAllFourOpenWithPairs: the hand is void and dealt again by the same
// dealer; nothing of it counts, the penalties paid in it included.
func TestAllFourOpenWithPairs(t *testing.T) {
	s := rig(t, rigSpec{ind: "K4", dealer: 2, scores: [4]int{7, 8, 9, 10},
		racks: [4]string{0: "R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 Y9", 1: "B13"},
		open:  [4]Opening{1: pairs, 2: pairs, 3: pairs}})
	s.handPen = [4]int{101, 0, 0, 101}
	s.scores[0] += 101
	s.scores[3] += 101
	n, evs := apply(t, s, OpenPairs(0, G(t, "R1 R1", "R2 R2", "R3 R3", "R4 R4", "R5 R5")...))
	res := n.Result()
	if n.Phase() != game.HandOver || res == nil || !res.Void || evs[1].Kind != EvVoid {
		t.Fatalf("the hand must be void: %v %+v", n.Phase(), evs)
	}
	if n.Scores() != [4]int{7, 8, 9, 10} {
		t.Fatalf("scores %v: a void hand counts nothing", n.Scores())
	}
	n, _ = apply(t, n, NextHand())
	if n.Dealer() != 2 || n.HandNumber() != 1 || n.DealInfo().Redeal != 1 || n.Phase() != game.Playing {
		t.Fatalf("dealt again by seat %d, hand %d, redeal %d", n.Dealer(), n.HandNumber(), n.DealInfo().Redeal)
	}
}

// TestMatchEnds: a match is hands=N hands; the lowest total wins, equal
// totals tie, partners add up.
func TestMatchEnds(t *testing.T) {
	cases := []struct {
		rules   string
		scores  [4]int
		outcome [4]game.Outcome
		place   [4]int
	}{
		{"hands=1", [4]int{-101, 40, 202, 30}, [4]game.Outcome{game.OutcomeWon, game.OutcomeLost, game.OutcomeLost, game.OutcomeLost}, [4]int{1, 3, 4, 2}},
		{"hands=1", [4]int{30, 40, 202, 30}, [4]game.Outcome{game.OutcomeTied, game.OutcomeLost, game.OutcomeLost, game.OutcomeTied}, [4]int{1, 3, 4, 1}},
		{"hands=1,partners", [4]int{-101, 40, 202, 30}, [4]game.Outcome{game.OutcomeLost, game.OutcomeWon, game.OutcomeLost, game.OutcomeWon}, [4]int{2, 1, 2, 1}},
		{"hands=1,partners", [4]int{10, 40, 30, 0}, [4]game.Outcome{game.OutcomeTied, game.OutcomeTied, game.OutcomeTied, game.OutcomeTied}, [4]int{1, 1, 1, 1}},
	}
	for _, tc := range cases {
		s := rig(t, rigSpec{rules: tc.rules, ind: "K4", turn: 1, stage: StageDraw, wall: "Y13", wallExact: true,
			racks: [4]string{1: "B5"}, scores: tc.scores})
		s, evs := apply(t, s, Draw(1), Discard(1, T(t, "B5")))
		if s.Phase() != game.MatchOver || evs[len(evs)-1].Kind != EvMatchOver {
			t.Fatalf("%s: the match must end after its last hand", tc.rules)
		}
		// Everyone scored 202 for not opening, on top of tc.scores.
		m := s.MatchResult()
		if m.Outcome != tc.outcome || m.Place != tc.place {
			t.Fatalf("%s %v: outcome %v place %v, want %v %v", tc.rules, m.Totals, m.Outcome, m.Place, tc.outcome, tc.place)
		}
	}
	// Eleven hands by default.
	s, _ := NewMatch(DefaultRules(), 1)
	p := newPlayer(1)
	hands := 0
	for s.Phase() != game.MatchOver {
		_, n, _, err := p.move(s)
		if err != nil {
			t.Fatal(err)
		}
		if n.Phase() != game.Playing && s.Phase() == game.Playing && !n.Result().Void {
			hands++
		}
		s = n
	}
	if hands != 11 || s.MatchResult().Hands != 11 {
		t.Fatalf("%d hands played", hands)
	}
	refused(t, s, NextHand(), game.ErrWrongPhase)
}
