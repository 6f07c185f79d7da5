package main

import (
	"encoding/json"
	"os"

	"okey/bots/belief"
)

// handLoss is the log-loss of a reading over the held-out cells, summed
// by hand: the cells are an opponent and a face with unseen copies and
// unseen slots in that rack, the same whatever the features, so two
// runs' sums on the same held-out hands pair cell for cell.
type handLoss struct {
	Seed     uint64    `json:"seed"`
	Features int       `json:"features"`
	Cells    int       `json:"cells"`
	Uniform  []float64 `json:"uniform"`
	Trained  []float64 `json:"trained"`
}

// sumByHand reads every position of d with m (nil: uniform) and sums the
// cells' log-loss by hand; cells counts them.
func sumByHand(d *dataset, m *belief.Model) (s []float64, cells int) {
	s = make([]float64, d.Hands)
	var (
		rd  belief.Reader
		in  belief.Input
		out belief.Reading
	)
	for p := range d.Pos {
		d.input(p, &in)
		rd.Score(&in, m, &out)
		pos := d.Pos[p]
		for gi := pos.First; gi < pos.First+pos.Len; gi++ {
			g := &d.G[gi]
			for o := range belief.Opponents {
				if g.Slots[o] > 0 {
					s[pos.Hand] += belief.CellLoss(out.P[o][g.Face], g.U, g.N[o])
					cells++
				}
			}
		}
	}
	return s, cells
}

// writeHandLoss writes the held-out sums by hand of the uniform reading
// and m to path, for runs of different features to be paired on the
// same hands (TestPairHandLoss, tune tag).
func writeHandLoss(path string, te *dataset, seed uint64, m *belief.Model) error {
	u, cells := sumByHand(te, nil)
	t, _ := sumByHand(te, m)
	b, err := json.Marshal(handLoss{Seed: seed, Features: te.F, Cells: cells, Uniform: u, Trained: t})
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
