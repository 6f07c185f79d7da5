package main

import (
	"fmt"
	"strings"

	"okey/bots/rollout"

	"okey/game/classic"
	"okey/game/tile"
)

// The rack's second look: features of the view just after a discard
// that the expert's 28 do not hold, read from the seat's own tiles and
// the discards it has seen. The 28 say how near a win the rack is and
// how many copies of its outs are left; these say how good the rack is
// after its next step (the wait an out leaves, the draws that widen the
// wait without nearing a win) and what the discard itself was (how many
// runs it fits, how many of its copies and mates are still unseen, how
// many mates the rack keeps). -oracle labels them beside the 28 and
// fits a line on both (issue 97: a reading of more of the view).
const (
	xNextOuts     = iota // the live copies of the outs an out leaves, a mean over the live outs
	xImprovers           // live copies of the faces that widen the outs at the same distance
	xWidening            // the live outs those faces add, summed over their live copies
	xRunWindows          // the runs of three the discarded face fits (2 at 1, 2, 13; else 3)
	xDiscardLive         // the discarded face's copies still unseen by the seat
	xMatesHeld           // tiles of the rack the discard shares a run or a set of three with
	xMatesLive           // unseen copies of those mates' faces
	extraFeatures        // the number of these features
)

// extraNames names the rack's second look, for the report.
var extraNames = [extraFeatures]string{
	"next outs", "improvers", "widening", "run windows", "discard live", "mates held", "mates live",
}

// secondLook fills x with the rack's second look of w, the view just
// after the seat's discard (expertclassic.After): the discard is the
// last of the seat's own.
func secondLook(w *classic.View, x *[extraFeatures]float32) error {
	*x = [extraFeatures]float32{}
	an := &w.Analyzer
	seen := w.Counts
	for _, e := range w.History {
		if e.Kind == classic.EvDiscard && e.Tile.Valid() {
			seen[e.Tile]++
		}
	}
	live := func(f tile.Tile) int { return max(0, an.Available(f)-int(seen[f])) }
	h, err := an.HandOf(w.Counts)
	if err != nil {
		return fmt.Errorf("rack %s: %w", tile.FormatTiles(w.Rack), err)
	}
	dist := an.Distance(h)
	outs := an.Outs(h)
	liveOf := func(s tile.TileSet) int {
		n := 0
		for _, f := range s.Tiles() {
			n += live(f)
		}
		return n
	}
	base := liveOf(outs)
	// best is the most live outs a discard at the least distance leaves
	// once the seat draws f, and that distance.
	best := func(f tile.Tile) (int, int, error) {
		c := w.Counts
		c[f]++
		h2, err := an.HandOf(c)
		if err != nil {
			return 0, 0, fmt.Errorf("rack %s+%s: %w", tile.FormatTiles(w.Rack), f, err)
		}
		tb := an.DiscardTable(h2, 0)
		most := 0
		for _, o := range tb.Outs {
			if o != 0 {
				most = max(most, liveOf(o))
			}
		}
		return most, tb.Best, nil
	}
	var weight float32
	if dist > 0 {
		for f := range tile.Tile(tile.NumFaces) {
			u := live(f)
			if u == 0 {
				continue
			}
			most, d, err := best(f)
			if err != nil {
				return err
			}
			switch {
			case outs.Has(f):
				if d > 0 {
					x[xNextOuts] += float32(u * most)
				}
				weight += float32(u)
			case d == dist && most > base:
				x[xImprovers] += float32(u)
				x[xWidening] += float32(u * (most - base))
			}
		}
	}
	if weight > 0 {
		x[xNextOuts] /= weight
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
	x[xDiscardLive] = float32(live(f))
	for _, g := range mates(f) {
		x[xMatesHeld] += float32(w.Counts[g])
		x[xMatesLive] += float32(live(g))
	}
	n := f.Value()
	for _, win := range runWindows {
		if win[0] == n || win[1] == n || win[2] == n {
			x[xRunWindows]++
		}
	}
	return nil
}

// runWindows is every run of three by its values: 1-2-3 to 11-12-13,
// and 12-13-1 (the rules' one run past 13; 13-1-2 is none).
var runWindows = func() [][3]int {
	var out [][3]int
	for a := 1; a+2 <= tile.NumValues; a++ {
		out = append(out, [3]int{a, a + 1, a + 2})
	}
	return append(out, [3]int{tile.NumValues - 1, tile.NumValues, 1})
}()

// mates is the faces coloured face f shares a run or a set of three
// with: the others of each run of three f fits, and its value in the
// other colours.
func mates(f tile.Tile) []tile.Tile {
	c, n := f.Colour(), f.Value()
	var out []tile.Tile
	add := func(g tile.Tile) {
		for _, o := range out {
			if o == g {
				return
			}
		}
		out = append(out, g)
	}
	for _, win := range runWindows {
		if win[0] != n && win[1] != n && win[2] != n {
			continue
		}
		for _, m := range win {
			if m != n {
				add(tile.NewTile(c, m))
			}
		}
	}
	for oc := range tile.Colour(tile.NumColours) {
		if oc != c {
			add(tile.NewTile(oc, n))
		}
	}
	return out
}

// extraRow is candidate c's features and its second look, one row.
func (o *oracleChoice) extraRow(c int) []float32 {
	return append(o.row(c)[:NumFeatures:NumFeatures], o.EX[c*extraFeatures:(c+1)*extraFeatures]...)
}

// secondLookTable is what the rack's second look adds to the view's
// readings: at each gate, the line on both less the line on the view
// alone and the network on both less the network on the view, choice
// by choice (all held out alike), and the weight of each of the second
// look's features in the line on both fitted on every choice (its
// weight times its spread, as trueWeights gives).
func secondLookTable(fg *oracleFigures, ocs []oracleChoice, perHand float64, hidden int) (string, error) {
	var b strings.Builder
	b.WriteString("| gate | the line on both less the view's, a hand (95%) | the network on both less the view's, a hand (95%) |\n| --- | ---: | ---: |\n")
	byName := map[string]*oraclePolicy{}
	for i := range fg.Policies {
		byName[fg.Policies[i].Name] = &fg.Policies[i]
	}
	diff := func(both, view string) string {
		p, q := byName[both], byName[view]
		if p == nil || q == nil || len(p.Gain) != len(q.Gain) {
			return "—"
		}
		m, h := rollout.Paired(p.Gain, q.Gain)
		return fmt.Sprintf("%+.4f ± %.4f", m*perHand, h*perHand)
	}
	for _, gate := range oracleGates {
		fmt.Fprintf(&b, "| %g | %s | %s |\n", gate,
			diff(fmt.Sprintf("ridge line on the view and the rack's second look, gate %g", gate), fmt.Sprintf("ridge line on the view, gate %g", gate)),
			diff(fmt.Sprintf("network on the view and the rack's second look (%d hidden), gate %g", hidden, gate), fmt.Sprintf("network on the view (%d hidden), gate %g", hidden, gate)))
	}
	all := make([]int, len(ocs))
	for i := range all {
		all[i] = i
	}
	w, sd, err := oracleRidge(ocs, all, 1, (*oracleChoice).extraRow)
	if err != nil {
		return "", err
	}
	b.WriteString("\n| feature of the second look | weight × spread | spread |\n| --- | ---: | ---: |\n")
	for k := range extraFeatures {
		j := NumFeatures + k
		fmt.Fprintf(&b, "| %s | %+.4f | %.3f |\n", extraNames[k], w[j]*sd[j], sd[j])
	}
	return b.String(), nil
}
