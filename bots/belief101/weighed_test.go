package belief101

import (
	"context"
	"math"
	"reflect"
	"testing"

	"okey/bots/belief"
	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// undrawn is v with every draw's tile taken out of its history and its
// rack left out: what a seat's view at a past turn shares with the same
// view rebuilt from another deal.
func undrawn(v okey101.View) okey101.View {
	v.Rack, v.Counts = nil, tile.Counts{}
	h := make([]okey101.Event, len(v.History))
	for i, e := range v.History {
		if e.Kind == okey101.EvDraw {
			e.Tile = tile.NoTile
		}
		h[i] = e
	}
	v.History = h
	return v
}

// TestWeighedRebuildsEveryTurnsView: the hand rebuilt from its start
// with a world dealt from the reading (not the true deal) gives every
// seat's view at every turn it played as the seat had it, but for its
// rack and its own draws' tiles; and normal, given the true rack there,
// plans the turn as it was played (samePlan) — the check Weighed makes
// of every world holds for the truth.
func TestWeighedRebuildsEveryTurnsView(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		seen := map[int]okey101.View{}
		var last okey101.View
		play(t, seed, 1000, func(st *okey101.State, v *okey101.View) {
			if _, ok := seen[len(v.History)]; !ok {
				seen[len(v.History)] = *v
			}
			last = *v
		})
		var rd Reader
		var read belief.Reading
		if err := rd.Read(&last, Trained(), &read); err != nil {
			t.Fatal(err)
		}
		h := newHandTurns(&last)
		checked := map[int]bool{}
		for k := range h.turns {
			checked[k] = true
		}
		views, err := h.views(&last, &read, checked, game.NewSeeded(seed), game.NewSeeded(seed+1))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(views) != len(h.turns) || len(h.turns) < 20 {
			t.Fatalf("seed %d: %d views of %d turns", seed, len(views), len(h.turns))
		}
		sv := new(meld.Solver)
		for k, ht := range h.turns {
			real, ok := seen[ht.first]
			if !ok || real.Seat != ht.seat {
				t.Fatalf("seed %d, turn %d: no view of seat %d before event %d", seed, k, ht.seat, ht.first)
			}
			if got, want := undrawn(views[k]), undrawn(real); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, turn %d (seat %d, event %d): the view rebuilt is not the seat's", seed, k, ht.seat, ht.first)
			}
			plan, err := bots101.Turn(context.Background(), "normal", real, bots101.Options{Solver: sv})
			if err != nil {
				t.Fatal(err)
			}
			if !samePlan(plan, ht.acts) {
				t.Fatalf("seed %d, turn %d: normal plans %v from the true rack, the hand shows %v", seed, k, plan, ht.acts)
			}
		}
	}
}

// TestWeighedReadsTheViewOnly: the weighed reading is a reading (every
// unseen copy somewhere, each opponent's expected copies its slots),
// is the same from any state that gives the seat the same view, leaves
// the view as it was, and differs from the learned reading it weighs.
func TestWeighedReadsTheViewOnly(t *testing.T) {
	w := DefaultWeighing()
	w.Worlds = 96
	if testing.Short() {
		w.Worlds = 24
	}
	var rd Reader
	var learned, a, b belief.Reading
	read, moved, draws := 0, 0, 0
	play(t, 7, 1000, func(st *okey101.State, v *okey101.View) {
		if v.Stage != okey101.StageDraw {
			return
		}
		if draws++; draws%6 != 3 {
			return
		}
		keep := *v
		keep.History = append([]okey101.Event(nil), v.History...)
		if err := rd.Weighed(context.Background(), v, Trained(), w, 5, nil, &a); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(keep, *v) {
			t.Fatalf("move %d: the view changed", st.Moves())
		}
		other, err := v.SampleWorld(uint64(st.Moves()))
		if err != nil {
			t.Fatal(err)
		}
		v2 := other.View(v.Seat)
		if err := rd.Weighed(context.Background(), &v2, Trained(), w, 5, nil, &b); err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Fatalf("move %d: the weighed reading changed with the hidden tiles", st.Moves())
		}
		if err := rd.Read(v, Trained(), &learned); err != nil {
			t.Fatal(err)
		}
		if a.P != learned.P {
			moved++
		}
		for f := range tile.NumFaces {
			if a.Unseen[f] == 0 {
				continue
			}
			sum := 0.0
			for d := range belief.Places {
				if a.P[d][f] < 0 {
					t.Fatalf("move %d: P[%d][%v] = %v", st.Moves(), d, tile.Tile(f), a.P[d][f])
				}
				sum += a.P[d][f]
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("move %d: %v's places sum to %v", st.Moves(), tile.Tile(f), sum)
			}
		}
		for o := range belief.Opponents {
			if a.Seats[o] < 0 {
				continue
			}
			e := 0.0
			for f := range tile.NumFaces {
				e += a.P[o][f] * float64(a.Unseen[f])
			}
			if math.Abs(e-float64(a.Slots[o])) > 0.05 {
				t.Fatalf("move %d: opponent %d expects %.3f copies in %d slots", st.Moves(), o, e, a.Slots[o])
			}
		}
		read++
	})
	if read < 3 || moved == 0 {
		t.Fatalf("%d views read, %d weighed otherwise than the learned reading", read, moved)
	}
}

// TestWeighedSkipsASeat: a seat the weighing skips keeps the learned
// reading's chances, but where the three seats' copies of a face pass
// its unseen ones and are scaled together; the others are still
// weighed.
func TestWeighedSkipsASeat(t *testing.T) {
	w := DefaultWeighing()
	w.Worlds = 256
	var rd Reader
	var learned, skipped belief.Reading
	checked := 0
	play(t, 11, 1000, func(st *okey101.State, v *okey101.View) {
		if v.Stage != okey101.StageDraw || st.Moves() < 40 || checked > 0 {
			return
		}
		if err := rd.Read(v, Trained(), &learned); err != nil {
			t.Fatal(err)
		}
		skip := w
		skip.Skip[learned.Seats[1]] = true
		if err := rd.Weighed(context.Background(), v, Trained(), skip, 3, nil, &skipped); err != nil {
			t.Fatal(err)
		}
		same, scaled := 0, 0
		for f := range tile.NumFaces {
			if learned.Unseen[f] == 0 {
				continue
			}
			if skipped.P[1][f] == learned.P[1][f] {
				same++
			} else if skipped.P[0][f]+skipped.P[1][f]+skipped.P[2][f] < 1-1e-9 {
				t.Fatalf("move %d, %v: the skipped seat reads %v, the learned reading %v", st.Moves(), tile.Tile(f), skipped.P[1][f], learned.P[1][f])
			} else {
				scaled++
			}
		}
		if same == 0 || scaled > same/4 {
			t.Fatalf("move %d: the skipped seat read as learned on %d faces, scaled on %d", st.Moves(), same, scaled)
		}
		for _, o := range []int{0, 2} {
			if skipped.P[o] == learned.P[o] {
				t.Fatalf("move %d: opponent %d is not weighed when the seat across is skipped", st.Moves(), o)
			}
		}
		checked++
	})
	if checked == 0 {
		t.Fatal("no view read")
	}
}

// TestSamePlan: a plan is the one played when its actions are, melds as
// the same tiles in any order; another tile, meld or kind is not.
func TestSamePlan(t *testing.T) {
	ts, err := tile.ParseTiles("R5 R6 R7 B7 K7")
	if err != nil {
		t.Fatal(err)
	}
	r5, r6, r7, b7, k7 := ts[0], ts[1], ts[2], ts[3], ts[4]
	played := []okey101.Action{okey101.Lay(1, []tile.Tile{r5, r6, r7}, []tile.Tile{r7, b7, k7}), okey101.LayOff(1, r5, 2, meld.AnyEnd), okey101.Discard(1, b7)}
	for _, c := range []struct {
		name string
		plan []okey101.Action
		want bool
	}{
		{"the same", played, true},
		{"melds in another order", []okey101.Action{okey101.Lay(1, []tile.Tile{k7, b7, r7}, []tile.Tile{r7, r6, r5}), played[1], played[2]}, true},
		{"another discard", []okey101.Action{played[0], played[1], okey101.Discard(1, k7)}, false},
		{"another meld", []okey101.Action{okey101.Lay(1, []tile.Tile{r5, r6, r7}), played[1], played[2]}, false},
		{"another lay-off's meld", []okey101.Action{played[0], okey101.LayOff(1, r5, 3, meld.AnyEnd), played[2]}, false},
		{"one action short", played[:2], false},
		{"another seat", []okey101.Action{played[0], played[1], okey101.Discard(2, b7)}, false},
	} {
		if got := samePlan(c.plan, played); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// BenchmarkWeighed is one weighed reading, DefaultWeighing, of a view
// in a hand of four normal bots (its turn plans cached within the
// call only), at its fourteenth draw.
func BenchmarkWeighed(b *testing.B) {
	var v okey101.View
	draws := 0
	play(b, 3, 1000, func(st *okey101.State, w *okey101.View) {
		if w.Stage == okey101.StageDraw {
			if draws++; draws == 14 {
				v = *w
			}
		}
	})
	if v.History == nil {
		b.Fatal("the hand ended before its 14th draw")
	}
	var rd Reader
	var out belief.Reading
	sv := new(meld.Solver)
	for b.Loop() {
		if err := rd.Weighed(context.Background(), &v, Trained(), DefaultWeighing(), 1, sv, &out); err != nil {
			b.Fatal(err)
		}
	}
}
