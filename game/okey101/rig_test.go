package okey101

import (
	"testing"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// rigSpec describes a position for a rule test. Tiles are written in the
// notation; the tiles no part names go to the wall after the named wall
// tiles (so that all 106 stay accounted for), unless wallExact.
type rigSpec struct {
	rules     string
	ind       string
	dealer    int
	turn      int
	stage     Stage
	racks     [NumSeats]string
	wall      string
	wallExact bool
	discards  [NumSeats]string
	table     []rigMeld
	open      [NumSeats]Opening
	scores    [NumSeats]int
}

type rigMeld struct {
	tiles string
	owner int
}

func parse(t *testing.T, s string) []tile.Tile {
	t.Helper()
	ts, err := tile.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// rig builds the position.
func rig(t *testing.T, sp rigSpec) State {
	t.Helper()
	r, err := ParseRules(sp.rules)
	if err != nil {
		t.Fatal(err)
	}
	ind := parse(t, sp.ind)[0]
	an, err := meld.New(ind)
	if err != nil {
		t.Fatal(err)
	}
	left := tile.CountsOf(fullSet())
	use := func(ts []tile.Tile) {
		for _, x := range ts {
			if left[x] == 0 {
				t.Fatalf("rig: %v used more than twice", x)
			}
			left[x]--
		}
	}
	use([]tile.Tile{ind})
	s := State{rules: r, an: an, phase: game.Playing, hand: 1, dealer: sp.dealer, turn: sp.turn, stage: sp.stage,
		turnNo: 1, take: noTake, open: sp.open, scores: sp.scores}
	if s.stage == 0 {
		s.stage = StagePlay
	}
	for seat, rs := range sp.racks {
		ts := parse(t, rs)
		use(ts)
		s.racks[seat] = tile.CountsOf(ts)
	}
	for seat, ds := range sp.discards {
		ts := parse(t, ds)
		use(ts)
		s.discards[seat] = ts
	}
	for _, rm := range sp.table {
		ts := parse(t, rm.tiles)
		use(ts)
		var m meld.Meld
		if len(ts) == 2 {
			m, err = an.ReadPair(ts, true)
		} else {
			m, err = an.Read(ts)
		}
		if err != nil {
			t.Fatalf("rig: table meld %s: %v", rm.tiles, err)
		}
		seats := make([]int, len(ts))
		for i := range seats {
			seats[i] = rm.owner
		}
		s.table = append(s.table, newTableMeld(an, m, seats, rm.owner))
	}
	for _, o := range sp.open {
		if o.Status == meld.OpenedMelds {
			s.highest = max(s.highest, o.Value)
		}
	}
	wall := parse(t, sp.wall)
	use(wall)
	if !sp.wallExact {
		wall = append(wall, left.Tiles()...)
	}
	s.deal = Deal{Dealer: sp.dealer, Indicator: ind, Racks: s.racks, Wall: wall}
	s.history = []Event{s.dealEvent()}
	// Openings made before the position, as events (the score check reads
	// how seats opened from the history).
	for seat, o := range sp.open {
		if o.Status != meld.NotOpened {
			e := ev(EvOpen, seat, tile.NoTile)
			e.Points = o.Value
			kind := meld.Run
			if o.Status == meld.OpenedPairs {
				kind = meld.Pair
			}
			e.Melds = []meld.Meld{{Kind: kind}}
			s.history = append(s.history, e)
		}
	}
	if !sp.wallExact {
		checkInvariants(t, s)
	}
	return s
}

// apply plays actions that must all be accepted and returns the state and
// the events of the last.
func apply(t *testing.T, s State, as ...Action) (State, []Event) {
	t.Helper()
	var evs []Event
	for _, a := range as {
		n, e, err := s.Apply(a)
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		checkScores(t, s, n, a, e)
		s, evs = n, e
	}
	return s, evs
}

// refused plays an action that must be refused with want, and checks the
// state did not change.
func refused(t *testing.T, s State, a Action, want error) {
	t.Helper()
	n, _, err := s.Apply(a)
	if err == nil {
		t.Fatalf("%v was accepted, want %v", a, want)
	}
	if !errorsIs(err, want) {
		t.Fatalf("%v: error %v, want %v", a, err, want)
	}
	if !equalStates(n, s) {
		t.Fatalf("refused %v changed the state", a)
	}
}
