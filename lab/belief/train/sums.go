package main

import (
	"encoding/json"
	"os"

	"okey/bots/belief"
	"okey/bots/smallnet"
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

// handSums are one reading's log-loss summed by hand over the cells
// (an opponent and a face with unseen copies and unseen slots in that
// rack): all of them, and those with the wall at 16 tiles or fewer.
type handSums struct{ all, late []float64 }

// cellSums reads every position of d with m (nil: uniform) and sums the
// cells' log-loss by hand; cells counts them (all, late).
func cellSums(d *dataset, m *smallnet.Model) (s handSums, cells [2]float64) {
	s = handSums{make([]float64, d.Hands), make([]float64, d.Hands)}
	var (
		rd  belief.Reader
		in  belief.Input
		out belief.Reading
	)
	for p := range d.Pos {
		d.input(p, &in)
		rd.Score(&in, m, &out)
		pos := d.Pos[p]
		late := stageOf(pos.WallLeft) == 2
		for gi := pos.First; gi < pos.First+pos.Len; gi++ {
			g := &d.G[gi]
			for o := range belief.Opponents {
				if g.Slots[o] == 0 {
					continue
				}
				l := belief.CellLoss(out.P[o][g.Face], g.U, g.N[o])
				s.all[pos.Hand] += l
				cells[0]++
				if late {
					s.late[pos.Hand] += l
					cells[1]++
				}
			}
		}
	}
	return s, cells
}

// writeHandLoss writes the held-out sums by hand of the uniform reading
// and m to path, for runs of different features to be paired on the
// same hands (TestPairHandLoss, tune tag).
func writeHandLoss(path string, te *dataset, seed uint64, m *smallnet.Model) error {
	us, c := cellSums(te, nil)
	ts, _ := cellSums(te, m)
	u, t, cells := us.all, ts.all, int(c[0])
	b, err := json.Marshal(handLoss{Seed: seed, Features: te.F, Cells: cells, Uniform: u, Trained: t})
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
