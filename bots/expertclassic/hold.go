package expertclassic

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"sync"

	"okey/bots/botsclassic"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// The hold: a seat whose rack wins, but not by throwing the okey, may
// finish now or hold the win a round for a tile that lets the okey go
// (an okey finish doubles the win). Hard holds by a one-round count
// (its risk against the chance of the freeing draw); the expert holds
// by a line fitted to what the finish and the hold were worth on the
// racks as they truly are (lab/value/train -oracle -oracle-hold,
// docs/studies/classic-value-9.md).

// HoldGate is how far (points of the hand) the hold line must put the
// hold above the finish for the expert to hold.
const HoldGate = 0.02

// HoldPosition reads a view at a discard whose rack wins: finish is
// the finishing tile that scores most, hold the discard that keeps the
// win and leaves the most unseen tiles that would let the okey go, and
// q their share of the unseen tiles. ok only where both exist, the
// best finish does not throw the okey (that finish is already doubled)
// and the wall holds more than a round.
func HoldPosition(v *classic.View) (finish, hold tile.Tile, q float64, ok bool) {
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
		if k := Freeing(an, rest, &unseen); k > bestK {
			hold, bestK = t, k
		}
	}
	if finish == tile.NoTile || an.IsOkey(finish) || hold == tile.NoTile || total == 0 {
		return tile.NoTile, tile.NoTile, 0, false
	}
	return finish, hold, float64(bestK) / float64(total), true
}

// Freeing counts the copies in unseen that, drawn into the winning 14
// rest, let an okey go: rest without an okey and with the tile wins.
func Freeing(an *hand.Analyzer, rest hand.Hand, unseen *tile.Counts) int {
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

// The hold's inputs, a view's reading at a HoldPosition: hard's own
// terms, the wall and the hand's age, the takes, how safe the held
// discard looks, a few products, and a constant last.
const (
	HoldQ          = iota // the share of unseen tiles that free the okey
	HoldRisk              // hard's risk that another finishes first (botsclassic.RoundRisk)
	HoldPoints            // the finish's points, over 4
	HoldMargin            // hard's rule: (1−r)·q·pts − r·(pts+0.75)
	HoldWall              // tiles left to draw, over 48
	HoldLate              // draws and takes so far, over 28
	HoldTakes             // the others' takes, over 4
	HoldNextTakes         // the next player's takes, over 2
	HoldNextThrew         // 1 when the next player threw the held discard's face
	HoldSeen              // copies of the held discard's face thrown, over 2
	HoldOkeys             // okeys in the rack
	HoldQPoints           // q × points/4
	HoldQWall             // q × wall/48
	HoldRiskPoints        // risk × points/4
	HoldQ2                // q²
	HoldOne               // 1
	// NumHoldInputs is the inputs of the hold line.
	NumHoldInputs
)

// HoldInputs reads the hold's inputs of view v at its HoldPosition
// (finish, hold, q).
func HoldInputs(v *classic.View, finish, hold tile.Tile, q float64) [NumHoldInputs]float32 {
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
	in := [NumHoldInputs]float64{
		HoldQ: q, HoldRisk: r, HoldPoints: pts / 4, HoldMargin: (1-r)*q*pts - r*(pts+0.75),
		HoldWall: wall, HoldLate: float64(draws) / 28, HoldTakes: float64(takes) / 4,
		HoldNextTakes: float64(nextTakes) / 2, HoldNextThrew: nextThrew, HoldSeen: float64(seen) / 2,
		HoldOkeys: float64(v.Counts[an.Okey()]), HoldQPoints: q * pts / 4, HoldQWall: q * wall,
		HoldRiskPoints: r * pts / 4, HoldQ2: q * q, HoldOne: 1,
	}
	var out [NumHoldInputs]float32
	for k, a := range in {
		out[k] = float32(a)
	}
	return out
}

// HoldLine is a line from the hold's inputs to what holding gains over
// finishing, in points of the hand, with the command that made it.
type HoldLine struct {
	Command string    `json:"command"`
	Commit  string    `json:"commit"`
	W       []float64 `json:"w"`
}

// Gain is what the line says holding gains over finishing.
func (l *HoldLine) Gain(in *[NumHoldInputs]float32) float64 {
	s := 0.0
	for k, w := range l.W {
		s += w * float64(in[k])
	}
	return s
}

// ParseHoldLine reads a hold line from its JSON and checks it: one
// finite weight an input, and its recipe.
func ParseHoldLine(b []byte) (*HoldLine, error) {
	var l HoldLine
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("hold line: %w", err)
	}
	if len(l.W) != NumHoldInputs {
		return nil, fmt.Errorf("hold line: %d weights, not %d", len(l.W), NumHoldInputs)
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

//go:embed hold.json
var holdJSON []byte

// Hold is the hold line the trainer fitted (lab/value/train -oracle
// -oracle-hold -out), read once from the weights shipped with the
// package (hold.json); shared, and must not be changed.
var Hold = sync.OnceValue(func() *HoldLine {
	l, err := ParseHoldLine(holdJSON)
	if err != nil {
		panic(fmt.Sprintf("the shipped hold line: %v", err)) // a broken build, caught by the package's tests
	}
	return l
})

// HoldingWin reports whether the seat, about to draw, holds a winning
// rack with an okey in it: a win held for an okey finish. The expert
// leaves that draw or take to hard: the take network was fitted on
// hands of four hard, where held wins are rare, and its takes there
// spoil the draw that would free the okey (classic-value-9.md).
func HoldingWin(v *classic.View) bool {
	an := &v.Analyzer
	okey := an.Okey()
	if v.Stage != classic.MustDraw || okey == tile.NoTile || v.Counts[okey] == 0 {
		return false
	}
	h, err := an.HandOf(v.Counts)
	return err == nil && an.IsWin(h)
}
