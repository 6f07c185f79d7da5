package expertclassic

import (
	"fmt"
	"math/bits"

	"okey/game/classic"
	"okey/game/tile"
)

// The rack's second look: what the view just after a discard says that
// the 28 features do not. They say how near a win the rack is and how
// many copies of its outs are left; these say how good the rack is
// after its next step (the wait an out leaves, the draws that widen the
// wait without nearing a win) and what the discard itself was (the
// runs it fits, its copies and its mates still unseen, the mates the
// rack keeps). The discard's value reads both (NumValueInputs).
const (
	LookNextOuts    = iota // the live copies of the outs an out leaves, a mean over the live outs
	LookImprovers          // live copies of the faces that widen the outs at the same distance
	LookWidening           // the live outs those faces add, summed over their live copies
	LookRunWindows         // the runs of three the discarded face fits (2 at 1, 2, 13; else 3)
	LookDiscardLive        // the discarded face's copies still unseen by the seat
	LookMatesHeld          // tiles of the rack the discard shares a run or a set of three with
	LookMatesLive          // unseen copies of those mates' faces
	// NumLook is the second look's features.
	NumLook
)

// NumValueInputs is what the discard's value reads: the features, then
// the second look.
const NumValueInputs = NumFeatures + NumLook

// LookNames names the second look's features, for the reports.
var LookNames = [NumLook]string{
	"next outs", "improvers", "widening", "run windows", "discard live", "mates held", "mates live",
}

// SecondLook fills x with the rack's second look of w, the view just
// after the seat's discard (After): the discard is the last of the
// seat's own. It allocates nothing.
func SecondLook(w *classic.View, x *[NumLook]float32) error {
	*x = [NumLook]float32{}
	an := &w.Analyzer
	seen := w.Counts
	for _, e := range w.History {
		if e.Kind == classic.EvDiscard && e.Tile.Valid() {
			seen[e.Tile]++
		}
	}
	live := func(f tile.Tile) int { return max(0, an.Available(f)-int(seen[f])) }
	liveOf := func(s tile.TileSet) int {
		n := 0
		for ; s != 0; s &= s - 1 {
			n += live(tile.Tile(bits.TrailingZeros64(uint64(s))))
		}
		return n
	}
	h, err := an.HandOf(w.Counts)
	if err != nil {
		return fmt.Errorf("rack %s: %w", tile.FormatTiles(w.Rack), err)
	}
	dist := an.Distance(h)
	outs := an.Outs(h)
	base := liveOf(outs)
	var weight float32
	for f := tile.Tile(0); dist > 0 && f < tile.NumFaces; f++ {
		u := live(f)
		if u == 0 {
			continue
		}
		c := w.Counts
		c[f]++
		h2, err := an.HandOf(c)
		if err != nil {
			return fmt.Errorf("rack %s and %s: %w", tile.FormatTiles(w.Rack), f, err)
		}
		// The most live outs a discard at the least distance leaves
		// once the seat has drawn f.
		tb := an.DiscardTable(h2, 0)
		most := 0
		for _, o := range tb.Outs {
			if o != 0 {
				most = max(most, liveOf(o))
			}
		}
		switch {
		case outs.Has(f):
			if tb.Best > 0 {
				x[LookNextOuts] += float32(u * most)
			}
			weight += float32(u)
		case tb.Best == dist && most > base:
			x[LookImprovers] += float32(u)
			x[LookWidening] += float32(u * (most - base))
		}
	}
	if weight > 0 {
		x[LookNextOuts] /= weight
	}
	own := w.Discards[w.Seat]
	if len(own) == 0 {
		return nil
	}
	t := own[len(own)-1]
	f := an.PlaysAs(t)
	if f >= tile.NumColoured || an.IsOkey(t) {
		return nil
	}
	x[LookDiscardLive] = float32(live(f))
	for _, g := range mateTable[f].of[:mateTable[f].n] {
		x[LookMatesHeld] += float32(w.Counts[g])
		x[LookMatesLive] += float32(live(g))
	}
	x[LookRunWindows] = float32(mateTable[f].windows)
	return nil
}

// mates is the faces a coloured face shares a run or a set of three
// with: the others of each run of three it fits (1-2-3 to 11-12-13,
// and 12-13-1; 13-1-2 is none) and its value in the other colours;
// windows is the runs of three it fits.
type mates struct {
	of         [7]tile.Tile
	n, windows int
}

// mateTable is every coloured face's mates, read only.
var mateTable = func() (out [tile.NumColoured]mates) {
	var wins [][3]int
	for a := 1; a+2 <= tile.NumValues; a++ {
		wins = append(wins, [3]int{a, a + 1, a + 2})
	}
	wins = append(wins, [3]int{tile.NumValues - 1, tile.NumValues, 1})
	for f := range tile.Tile(tile.NumColoured) {
		m := &out[f]
		add := func(g tile.Tile) {
			for _, o := range m.of[:m.n] {
				if o == g {
					return
				}
			}
			m.of[m.n] = g
			m.n++
		}
		c, n := f.Colour(), f.Value()
		for _, win := range wins {
			if win[0] != n && win[1] != n && win[2] != n {
				continue
			}
			m.windows++
			for _, v := range win {
				if v != n {
					add(tile.NewTile(c, v))
				}
			}
		}
		for oc := range tile.Colour(tile.NumColours) {
			if oc != c {
				add(tile.NewTile(oc, n))
			}
		}
	}
	return out
}()
