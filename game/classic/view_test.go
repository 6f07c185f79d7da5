package classic

import (
	"reflect"
	"testing"

	"okey/game"
	"okey/game/internal/rng"
	"okey/game/tile"
)

// randomHidden deals the unseen tiles of view v at random into the other
// racks (on top of what v knows they hold) and the wall.
func randomHidden(v View, rg *rng.Source) hidden {
	u := v.Unseen()
	pool := u.Tiles()
	rng.Shuffle(rg, pool)
	known := v.known()
	var h hidden
	for s := range NumSeats {
		if s == v.Seat {
			continue
		}
		h.Racks[s] = known[s]
		need := v.TileCounts[s] - known[s].Total()
		for _, t := range pool[:need] {
			h.Racks[s][t]++
		}
		pool = pool[need:]
	}
	h.Wall = pool
	if v.Rules.IndicatorLast && v.Indicator.Valid() && v.WallLeft > 0 {
		h.Wall = append(h.Wall, v.Indicator)
	}
	return h
}

// TestViewHidesOtherRacksAndWall proves that a view is a function of what
// its seat may know: states that differ only in the other racks and the
// wall give the same view, at every step of many random hands, for every
// seat and every rules option that changes what is hidden.
func TestViewHidesOtherRacksAndWall(t *testing.T) {
	for _, rs := range []string{"default", "indicator_last", "simple", "simple104", "partners"} {
		r, _ := ParseRules(rs)
		for seed := uint64(0); seed < 8; seed++ {
			s, err := NewMatch(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			rg := rng.New(seed + 100)
			for step := 0; s.Phase() == game.Playing && step < 200; step++ {
				for seat := range NumSeats {
					v := s.View(seat)
					alt, err := v.assume(randomHidden(v, rg))
					if err != nil {
						t.Fatalf("%s seed %d step %d seat %d: %v", rs, seed, step, seat, err)
					}
					if !reflect.DeepEqual(alt.View(seat), v) {
						t.Fatalf("%s seed %d step %d: seat %d's view changes with hidden tiles", rs, seed, step, seat)
					}
				}
				s = randomStep(t, s, rg)
			}
		}
	}
}

// randomStep plays one random legal action (taking half the time it may).
func randomStep(t *testing.T, s State, rg *rng.Source) State {
	t.Helper()
	seat := s.Turn()
	l := s.Legal(seat)
	var a Action
	switch {
	case l.Take && rg.Intn(2) == 0:
		a = TakeAction(seat)
	case l.Draw:
		a = DrawAction(seat)
	case l.EndHand:
		a = EndHandAction(seat)
	case l.Take:
		a = TakeAction(seat)
	default:
		v := s.View(seat)
		a = DiscardAction(seat, v.Rack[rg.Intn(len(v.Rack))])
	}
	n, _, err := s.Apply(a)
	if err != nil {
		t.Fatalf("%v: %v", a, err)
	}
	return n
}

func TestViewSeesOnlyWhatRulesAllow(t *testing.T) {
	s, _ := NewMatch(DefaultRules(), 4)
	rg := rng.New(4)
	for i := 0; i < 40 && s.Phase() == game.Playing; i++ {
		s = randomStep(t, s, rg)
	}
	for seat := range NumSeats {
		v := s.View(seat)
		prev := (seat + 3) % 4
		for o := range NumSeats {
			n := len(s.discards[o])
			switch {
			case o == seat || o == prev:
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
		full := v.stacks()
		for o := range NumSeats {
			if !reflect.DeepEqual(append([]tile.Tile{}, full[o]...), append([]tile.Tile{}, s.discards[o]...)) {
				t.Fatalf("stack %d rebuilt from history differs", o)
			}
		}
		for _, e := range v.History {
			if e.Kind == EvDraw && e.Seat != seat && e.Tile != tile.NoTile {
				t.Fatalf("seat %d sees the tile seat %d drew", seat, e.Seat)
			}
			if e.Kind == EvDraw && e.Seat == seat && !e.Tile.Valid() {
				t.Fatalf("seat %d does not see the tile it drew", seat)
			}
		}
	}
}

func TestAssumeRejectsInconsistentGuesses(t *testing.T) {
	s, _ := NewMatch(DefaultRules(), 6)
	rg := rng.New(6)
	for i := 0; i < 30; i++ {
		s = randomStep(t, s, rg)
	}
	v := s.View(s.Turn())
	good := randomHidden(v, rg)
	if _, err := v.assume(good); err != nil {
		t.Fatal(err)
	}
	short := good
	short.Wall = good.Wall[1:]
	other := (v.Seat + 1) % 4
	moved := good
	moved.Racks[other] = good.Racks[other]
	moved.Wall = append([]tile.Tile(nil), good.Wall...)
	// Swap a rack tile for a wall tile of another face: counts still add
	// up, but the rack's size is kept and the pool changes only if faces
	// differ, so instead break the pool: replace a wall tile by an R1
	// beyond what exists.
	moved.Wall[0] = tile.NewTile(tile.Red, 1)
	extra := good
	extra.Racks[other][tile.NewTile(tile.Red, 1)]++
	for name, h := range map[string]hidden{"short wall": short, "pool": moved, "rack size": extra} {
		if name == "pool" && good.Wall[0] == tile.NewTile(tile.Red, 1) {
			continue
		}
		if _, err := v.assume(h); err == nil {
			t.Errorf("%s: an inconsistent guess was accepted", name)
		}
	}
}

// TestSpectatorViewIsPublic proves that a spectator's view (a seat
// outside the table) holds no rack and no drawn tile, lets it do nothing,
// and does not change when any rack or the wall does.
func TestSpectatorViewIsPublic(t *testing.T) {
	for _, rs := range []string{"default", "simple104"} {
		r, _ := ParseRules(rs)
		for seed := uint64(0); seed < 4; seed++ {
			s, err := NewMatch(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			rg := rng.New(seed + 7)
			for step := 0; s.Phase() == game.Playing && step < 120; step++ {
				v := s.View(-1)
				if len(v.Rack) != 0 || v.Counts.Total() != 0 || v.Legal.Any() {
					t.Fatalf("%s seed %d step %d: a spectator holds tiles or may act", rs, seed, step)
				}
				for o := range NumSeats {
					if len(v.Discards[o]) > 1 || v.DiscardCounts[o] != len(s.discards[o]) || v.TileCounts[o] != s.racks[o].Total() {
						t.Fatalf("%s seed %d step %d: stack or count %d wrong for a spectator", rs, seed, step, o)
					}
				}
				for _, e := range v.History {
					if e.Kind == EvDraw && e.Tile != tile.NoTile {
						t.Fatalf("%s seed %d step %d: a spectator sees a drawn tile", rs, seed, step)
					}
				}
				// Every seat's hidden tiles dealt anew: the spectator's
				// view stays the same.
				for seat := range NumSeats {
					sv := s.View(seat)
					alt, err := sv.assume(randomHidden(sv, rg))
					if err != nil {
						t.Fatal(err)
					}
					far := alt.View(NumSeats)
					far.Seat = -1
					if !reflect.DeepEqual(alt.View(-1), v) || !reflect.DeepEqual(far, v) {
						t.Fatalf("%s seed %d step %d: the spectator's view changes with seat %d's hidden tiles", rs, seed, step, seat)
					}
				}
				s = randomStep(t, s, rg)
			}
		}
	}
}
