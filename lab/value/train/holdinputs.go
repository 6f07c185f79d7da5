package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"

	"okey/bots/botsclassic"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// The hold's position and inputs: a seat whose rack wins, but not by
// throwing the okey, may finish now or hold the win a round for a tile
// that lets the okey go (an okey finish doubles the win). Hard holds
// by a one-round count (its risk against the chance of the freeing
// draw); oraclehold.go fits a line on these inputs to what the finish
// and the hold were worth on the true racks. Not shipped: at the table
// it gained nothing (docs/studies/classic-value-9.md).

// holdPosition reads a view at a discard whose rack wins: finish is
// the finishing tile that scores most, hold the discard that keeps the
// win and leaves the most unseen tiles that would let the okey go, and
// q their share of the unseen tiles. ok only where both exist, the
// best finish does not throw the okey (that finish is already doubled)
// and the wall holds more than a round.
func holdPosition(v *classic.View) (finish, hold tile.Tile, q float64, ok bool) {
	an := &v.Analyzer
	okey := an.Okey()
	if !v.Legal.Discard || okey == tile.NoTile || v.Counts[okey] == 0 || v.WallLeft <= classic.NumSeats {
		return tile.NoTile, tile.NoTile, 0, false
	}
	h, err := an.HandOf(v.Counts)
	if err != nil {
		return tile.NoTile, tile.NoTile, 0, false
	}
	unseen := v.Unseen()
	total := unseen.Total()
	finish, hold = tile.NoTile, tile.NoTile
	bestPts, bestK := -1, 0
	for f, n := range v.Counts {
		t := tile.Tile(f)
		if n == 0 {
			continue
		}
		rest := h
		rest.Remove(t)
		w, won := an.Win(rest)
		if !won {
			continue
		}
		if pts := an.Points(&w, an.IsOkey(t)); pts > bestPts {
			finish, bestPts = t, pts
		}
		if an.IsOkey(t) {
			continue
		}
		if k := freeing(an, rest, &unseen); k > bestK {
			hold, bestK = t, k
		}
	}
	if finish == tile.NoTile || an.IsOkey(finish) || hold == tile.NoTile || total == 0 {
		return tile.NoTile, tile.NoTile, 0, false
	}
	return finish, hold, float64(bestK) / float64(total), true
}

// freeing counts the unseen copies that, drawn into the winning 14
// rest, let an okey go: rest without an okey and with the tile wins.
func freeing(an *hand.Analyzer, rest hand.Hand, unseen *tile.Counts) int {
	r := rest
	r.Remove(an.Okey())
	k := 0
	for g, n := range unseen {
		if n == 0 {
			continue
		}
		r2 := r
		r2.Add(tile.Tile(g))
		if an.IsWin(r2) {
			k += int(n)
		}
	}
	return k
}

// The hold's inputs, a view's reading at a holdPosition: hard's own
// terms, the wall and the hand's age, the takes, how safe the held
// discard looks, a few products, and a constant last.
const (
	holdQ          = iota // the share of unseen tiles that free the okey
	holdRisk              // hard's risk that another finishes first (botsclassic.RoundRisk)
	holdPoints            // the finish's points, over 4
	holdMargin            // hard's rule: (1−r)·q·pts − r·(pts+0.75)
	holdWall              // tiles left to draw, over 48
	holdLate              // draws and takes so far, over 28
	holdTakes             // the others' takes, over 4
	holdNextTakes         // the next player's takes, over 2
	holdNextThrew         // 1 when the next player threw the held discard's face
	holdSeen              // copies of the held discard's face thrown, over 2
	holdOkeys             // okeys in the rack
	holdQPoints           // q × points/4
	holdQWall             // q × wall/48
	holdRiskPoints        // risk × points/4
	holdQ2                // q²
	holdOne               // 1
	// numHoldInputs is the inputs of the hold line.
	numHoldInputs
)

// holdInputsOf reads the hold's inputs of view v at its holdPosition
// (finish, hold, q).
func holdInputsOf(v *classic.View, finish, hold tile.Tile, q float64) [numHoldInputs]float32 {
	an := &v.Analyzer
	h, _ := an.HandOf(v.Counts)
	rest := h
	rest.Remove(finish)
	w, _ := an.Win(rest)
	pts := float64(an.Points(&w, false))
	r := botsclassic.RoundRisk(v)
	draws, takes, nextTakes, nextThrew, seen := 0, 0, 0, 0.0, 0
	next := (v.Seat + 1) % classic.NumSeats
	for _, e := range v.History {
		switch e.Kind {
		case classic.EvDraw:
			draws++
		case classic.EvTake:
			draws++
			if e.Seat != v.Seat {
				takes++
			}
			if e.Seat == next {
				nextTakes++
			}
		case classic.EvDiscard:
			if e.Tile == hold {
				seen++
				if e.Seat == next {
					nextThrew = 1
				}
			}
		}
	}
	wall := float64(v.WallLeft) / 48
	in := [numHoldInputs]float64{
		holdQ: q, holdRisk: r, holdPoints: pts / 4, holdMargin: (1-r)*q*pts - r*(pts+0.75),
		holdWall: wall, holdLate: float64(draws) / 28, holdTakes: float64(takes) / 4,
		holdNextTakes: float64(nextTakes) / 2, holdNextThrew: nextThrew, holdSeen: float64(seen) / 2,
		holdOkeys: float64(v.Counts[an.Okey()]), holdQPoints: q * pts / 4, holdQWall: q * wall,
		holdRiskPoints: r * pts / 4, holdQ2: q * q, holdOne: 1,
	}
	var out [numHoldInputs]float32
	for k, a := range in {
		out[k] = float32(a)
	}
	return out
}

// holdLine is a line from the hold's inputs to what holding gains over
// finishing, in points of the hand, with the command that made it.
type holdLine struct {
	Command string    `json:"command"`
	Commit  string    `json:"commit"`
	W       []float64 `json:"w"`
}

// Gain is what the line says holding gains over finishing.
func (l *holdLine) Gain(in *[numHoldInputs]float32) float64 {
	s := 0.0
	for k, w := range l.W {
		s += w * float64(in[k])
	}
	return s
}

// parseHoldLine reads a hold line from its JSON and checks it: one
// finite weight an input, and its recipe.
func parseHoldLine(b []byte) (*holdLine, error) {
	var l holdLine
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("hold line: %w", err)
	}
	if len(l.W) != numHoldInputs {
		return nil, fmt.Errorf("hold line: %d weights, not %d", len(l.W), numHoldInputs)
	}
	for k, w := range l.W {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return nil, fmt.Errorf("hold line: weight %d is %v", k, w)
		}
	}
	if l.Command == "" {
		return nil, fmt.Errorf("hold line: no command says how it was made")
	}
	return &l, nil
}

// holdDigest names a hold line's weights, for the labels' cache.
func holdDigest(l *holdLine) uint64 {
	h := fnv.New64a()
	for _, w := range l.W {
		fmt.Fprintf(h, "%x,", math.Float64bits(w))
	}
	return h.Sum64()
}

// holdingWin reports whether the seat, about to draw, holds a winning
// rack with an okey in it: a win held for an okey finish.
func holdingWin(v *classic.View) bool {
	an := &v.Analyzer
	okey := an.Okey()
	if v.Stage != classic.MustDraw || okey == tile.NoTile || v.Counts[okey] == 0 {
		return false
	}
	h, err := an.HandOf(v.Counts)
	return err == nil && an.IsWin(h)
}
