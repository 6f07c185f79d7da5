package okey101

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"okey/game"
	"okey/game/internal/rng"
	"okey/game/tile"
)

// reshuffle returns s with the tiles seat cannot see — the other racks
// and the wall — dealt again at random, each rack and the wall keeping
// its size.
func reshuffle(s State, seat int, r *rng.Source) State {
	// A discard taken and still owed is known to be in the taker's rack:
	// it stays there, and the taker's private count of it follows the
	// new rack.
	owedBy := -1
	racks := s.racks
	if s.owed() && s.turn != seat {
		owedBy = s.turn
		racks[owedBy][s.take.Tile]--
	}
	var pool []tile.Tile
	for o := range NumSeats {
		if o != seat {
			pool = append(pool, racks[o].Tiles()...)
		}
	}
	wall := s.deal.Wall[s.wallPos:]
	pool = append(pool, wall...)
	rng.Shuffle(r, pool)
	n := s
	for o := range NumSeats {
		if o == seat {
			continue
		}
		k := racks[o].Total()
		n.racks[o] = tile.CountsOf(pool[:k])
		pool = pool[k:]
	}
	if owedBy >= 0 {
		n.take.base = n.racks[owedBy][s.take.Tile]
		n.racks[owedBy][s.take.Tile]++
	}
	d := s.deal
	d.Wall = append(append([]tile.Tile(nil), s.deal.Wall[:s.wallPos]...), pool...)
	n.deal = d
	return n
}

// TestViewHidesOtherRacksAndWall proves that a view is a function of what
// its seat may know: states that differ only in the other racks and the
// wall give the same view, at every step of random matches, for every
// seat and the options that change what is shown.
func TestViewHidesOtherRacksAndWall(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 2
	}
	r := rng.New(7)
	changed, checked := 0, 0
	for _, rs := range []string{"default", "open=20,okey_pair", "partners,progressive,open=40,hands=2"} {
		rules, _ := ParseRules(rs)
		for seed := range uint64(n) {
			for i, s := range playMatch(t, rules, seed, 3000) {
				if s.Phase() == game.HandOver || i%2 == 1 {
					continue // the racks are public then; and every other step is enough
				}
				for seat := range NumSeats {
					v := s.View(seat)
					alt := reshuffle(s, seat, r)
					checked++
					if alt.racks != s.racks || !reflect.DeepEqual(alt.deal.Wall, s.deal.Wall) {
						changed++
					}
					if !reflect.DeepEqual(alt.View(seat), v) {
						t.Fatalf("%s seed %d step %d: seat %d's view changes with the hidden tiles", rs, seed, i, seat)
					}
				}
			}
		}
	}
	if changed < checked*9/10 {
		t.Fatalf("the hidden tiles changed in only %d of %d checks: the test proves little", changed, checked)
	}
}

// TestSpectatorViewIsPublic proves that a spectator's view (a seat
// outside the table, as okey serve's watchers get) holds no rack, lets
// it do nothing, shows the top of every stack, and stays the same when
// every rack and the wall are dealt anew: it holds nothing hidden.
func TestSpectatorViewIsPublic(t *testing.T) {
	r := rng.New(11)
	changed, checked := 0, 0
	for _, rs := range []string{"default", "partners,okey_pair,hands=2"} {
		rules, _ := ParseRules(rs)
		for seed := range uint64(2) {
			for i, s := range playMatch(t, rules, seed, 3000) {
				if s.Phase() != game.Playing || i%3 != 0 {
					continue // the racks are public between hands
				}
				v := s.View(-1)
				if len(v.Rack) != 0 || v.Counts.Total() != 0 || v.Legal.Any() || v.MyTurn() {
					t.Fatalf("%s seed %d step %d: a spectator holds tiles or may act", rs, seed, i)
				}
				for o := range NumSeats {
					st := s.discards[o]
					want := 0
					if len(st) > 0 {
						want = 1
					}
					if len(v.Discards[o]) != want || (want == 1 && v.Top(o) != st[len(st)-1]) || v.DiscardCounts[o] != len(st) {
						t.Fatalf("%s seed %d step %d: a spectator sees stack %d as %v", rs, seed, i, o, v.Discards[o])
					}
				}
				for _, e := range v.History {
					if e.Kind == EvDraw && e.Tile != tile.NoTile {
						t.Fatalf("%s seed %d step %d: a spectator sees a drawn tile", rs, seed, i)
					}
				}
				alt := reshuffle(s, -1, r)
				checked++
				if alt.racks != s.racks {
					changed++
				}
				if !reflect.DeepEqual(alt.View(-1), v) {
					t.Fatalf("%s seed %d step %d: the spectator's view changes with the hidden tiles", rs, seed, i)
				}
			}
		}
	}
	if checked == 0 || changed < checked*9/10 {
		t.Fatalf("the hidden tiles changed in only %d of %d checks: the test proves little", changed, checked)
	}
}

// TestViewShowsOnlyWhatRulesAllow checks the discard stacks a seat sees
// and that another seat's draw carries no tile.
func TestViewShowsOnlyWhatRulesAllow(t *testing.T) {
	states := playMatch(t, DefaultRules(), 4, 60)
	s := states[len(states)-1]
	for seat := range NumSeats {
		v := s.View(seat)
		for o := range NumSeats {
			n := len(s.discards[o])
			switch {
			case o == seat || o == prev(seat):
				if len(v.Discards[o]) != n {
					t.Fatalf("seat %d must see all of stack %d", seat, o)
				}
			case n > 0:
				if len(v.Discards[o]) != 1 || v.Discards[o][0] != s.discards[o][n-1] || v.DiscardCounts[o] != n {
					t.Fatalf("seat %d sees only the top of stack %d", seat, o)
				}
			}
		}
		if v.Counts != s.racks[seat] {
			t.Fatal("own rack wrong")
		}
		for _, e := range v.History {
			if e.Kind == EvDraw && e.Seat != seat && e.Tile != tile.NoTile {
				t.Fatalf("seat %d sees the tile seat %d drew", seat, e.Seat)
			}
			if e.Kind == EvDraw && e.Seat == seat && !e.Tile.Valid() {
				t.Fatalf("seat %d does not see the tile it drew", seat)
			}
		}
		// A view owns its slices.
		if len(v.Table) > 0 {
			v.Table[0].Meld.Tiles[0] = tile.NoTile
			v.Table[0].Seats[0] = 9
			if s.table[0].Meld.Tiles[0] == tile.NoTile || s.table[0].Seats[0] == 9 {
				t.Fatal("a view shares the table with the state")
			}
		}
	}
}

// TestSimpleActionsAreLegal: every action SimpleActions lists is accepted
// by Apply, at every step of random matches, for the seat to move.
func TestSimpleActionsAreLegal(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 2
	}
	listed := 0
	for seed := range uint64(n) {
		for _, s := range playMatch(t, Rules{Open: 30, Islek: true, Hands: 2}, seed, 3000) {
			v := s.View(s.Turn())
			for _, a := range v.SimpleActions() {
				listed++
				if _, _, err := s.Apply(a); err != nil {
					t.Fatalf("seed %d: listed %v is refused: %v", seed, a, err)
				}
			}
		}
	}
	if listed < 1000 {
		t.Fatalf("only %d actions listed", listed)
	}
}

// TestViewTellsWhatOkeysStandFor: the table in a view says who laid each
// tile and what each okey stands for, and marshals to JSON for screens
// and servers.
func TestViewTellsWhatOkeysStandFor(t *testing.T) {
	sp := rigSpec{ind: "K4", racks: [4]string{0: "B12 K7 Y1"},
		table: []rigMeld{{"B10 B11 K5", 1}, {"R7 Y7 K5", 2}}}
	sp.open[0] = melds
	v := rig(t, sp).View(3)
	run, set := v.Table[0], v.Table[1]
	if len(run.Okeys) != 1 || run.Okeys[0].Index != 2 || tile.FormatTiles(run.Okeys[0].Stands) != "B12" {
		t.Fatalf("the run's okey: %+v", run.Okeys)
	}
	if len(set.Okeys) != 1 || tile.FormatTiles(set.Okeys[0].Stands) != "B7 K7" {
		t.Fatalf("the set's okey stands for either missing colour: %+v", set.Okeys)
	}
	if run.Owner != 1 || set.Seats[0] != 2 {
		t.Fatal("who laid the melds")
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"okeys":[{"index":2,"stands":["B12"]}]`) {
		t.Fatalf("the JSON view does not say what the okey stands for: %s", b)
	}
}
