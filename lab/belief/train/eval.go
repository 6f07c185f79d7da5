package main

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"

	"okey/bots/belief"
	"okey/bots/rollout"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// metrics are a belief's figures over held-out positions. A copy is one
// unseen tile: its place is one of four (the three opponents' racks and
// the wall), and the belief gives each a chance. A cell is one
// (opponent, face) with unseen copies: the belief's chance of each
// count of them in that rack (binomial in the copy's chance).
type metrics struct {
	copies, copyLog, copyBrier float64
	cells, cellLog, cellBrier  float64
	place                      [belief.Opponents]struct{ cells, log float64 }
	stage                      [numStages]struct{ cells, log float64 }
	cal                        [calBins]struct{ n, p, y float64 }
	// pts keeps every (opponent, face) cell's chance a copy, for the
	// reliability table in deciles of the copies.
	pts []calPoint
	// moved is, summed over worlds, the share of the opponents' unseen
	// tiles a world puts where the true racks do not hold them (a
	// sampler's figure, as in docs/studies/classic-bound.md); worlds counts them.
	moved, worlds float64
	// dist sums the opponents' distances to a win in the worlds, truth
	// in the true racks, over racks racks.
	dist, truth, racks float64
}

// The stages of a hand the figures are split by: the wall's tiles left
// (of 48 after the deal) above 32, above 16, 16 or fewer.
const numStages = 3

func stageOf(wallLeft uint8) int {
	switch {
	case wallLeft > 32:
		return 0
	case wallLeft > 16:
		return 1
	}
	return 2
}

const calBins = 10

// add files one group read with chances q of its face's places.
func (m *metrics) add(g *group, stage int, q [belief.Places]float64) {
	u := float64(g.U)
	m.copies += u
	sq, hit := 0.0, 0.0
	for d := range belief.Places {
		sq += q[d] * q[d]
		hit += float64(g.N[d]) * q[d]
		if g.N[d] > 0 {
			m.copyLog -= float64(g.N[d]) * math.Log(max(q[d], 1e-12))
		}
	}
	m.copyBrier += u*sq - 2*hit + u
	for o := range belief.Opponents {
		if g.Slots[o] == 0 {
			continue
		}
		p := q[o]
		pr := belief.CountChances(p, g.U)
		k := int(g.N[o])
		l := belief.CellLoss(p, g.U, g.N[o])
		b := 0.0
		for j := 0; j <= int(g.U); j++ {
			y := 0.0
			if j == k {
				y = 1
			}
			b += (pr[j] - y) * (pr[j] - y)
		}
		m.cells++
		m.cellLog += l
		m.cellBrier += b
		m.place[o].cells++
		m.place[o].log += l
		m.stage[stage].cells++
		m.stage[stage].log += l
		m.pts = append(m.pts, calPoint{P: float32(p), U: g.U, Y: g.N[o]})
		bin := min(int(p*calBins), calBins-1)
		m.cal[bin].n += u
		m.cal[bin].p += u * p
		m.cal[bin].y += float64(g.N[o])
	}
}

// ece is the calibration error: the mean gap, weighted by copies, between
// the chance given an opponent's rack and how often the copies were there.
func (m *metrics) ece() float64 {
	gap, n := 0.0, 0.0
	for _, b := range m.cal {
		if b.n > 0 {
			gap += math.Abs(b.p - b.y)
			n += b.n
		}
	}
	return gap / max(n, 1)
}

// evalModel reads every position of d with model m (nil: uniform).
func evalModel(d *dataset, m *smallnet.Model) *metrics {
	var (
		rd  belief.Reader
		in  belief.Input
		out belief.Reading
		res metrics
	)
	for p := range d.Pos {
		d.input(p, &in)
		rd.Score(&in, m, &out)
		pos := d.Pos[p]
		for gi := pos.First; gi < pos.First+pos.Len; gi++ {
			g := &d.G[gi]
			var q [belief.Places]float64
			for pl := range belief.Places {
				q[pl] = out.P[pl][g.Face]
			}
			res.add(g, stageOf(pos.WallLeft), q)
		}
	}
	return &res
}

// evalRaw reads d with the float64 network, each face's softmax alone,
// without fitting the places to their slots.
func evalRaw(d *dataset, n *net) *metrics {
	var (
		s   scratch
		res metrics
	)
	for _, pos := range d.Pos {
		for gi := pos.First; gi < pos.First+pos.Len; gi++ {
			res.add(&d.G[gi], stageOf(pos.WallLeft), softmax(n.forward(d, int(gi), &s)))
		}
	}
	return &res
}

// sampler draws one world's opponents' racks for view v; ok false when
// it cannot.
type sampler func(v *classic.View, seed uint64, i int) (racks [classic.NumSeats]tile.Counts, ok bool)

// evalSampler measures a sampler by its worlds' frequencies: for each of
// the first views of d, n worlds, and each place's share of a face's
// copies over them (with half a copy added to each place, so that no
// chance is 0) taken as the belief.
func evalSampler(d *dataset, n int, draw sampler) (*metrics, int) {
	var res metrics
	failed := 0
	for p, v := range d.views {
		var cnt [belief.Places][tile.NumFaces]float64
		known := v.Known()
		got := 0
		for i := range n {
			racks, ok := draw(&v, uint64(p)<<16, i)
			if !ok {
				failed++
				continue
			}
			got++
			var hid [belief.Opponents][tile.NumFaces]int
			for o := range belief.Opponents {
				s := (v.Seat + o + 1) % classic.NumSeats
				for f := range tile.NumFaces {
					hid[o][f] = int(racks[s][f]) - int(known[s][f])
					cnt[o][f] += float64(hid[o][f])
				}
			}
			res.movedBy(d, p, &hid)
			res.distances(&v, d, p, &racks)
		}
		pos := d.Pos[p]
		for gi := pos.First; gi < pos.First+pos.Len; gi++ {
			g := &d.G[gi]
			var held [belief.Opponents]float64
			var slots [belief.Places]int
			for o := range belief.Opponents {
				held[o] = cnt[o][g.Face]
			}
			for pl := range belief.Places {
				slots[pl] = int(g.Slots[pl])
			}
			res.add(g, stageOf(pos.WallLeft), belief.Frequencies(held, got, g.U, slots))
		}
	}
	return &res, failed
}

// distances files the opponents' distances to a win in one world of
// position p (racks) and in the truth.
func (m *metrics) distances(v *classic.View, d *dataset, p int, racks *[classic.NumSeats]tile.Counts) {
	an := &v.Analyzer
	known := v.Known()
	pos := d.Pos[p]
	for o := range belief.Opponents {
		s := (v.Seat + o + 1) % classic.NumSeats
		if !v.Active[s] || v.TileCounts[s] != 14 {
			continue
		}
		truth := known[s]
		for gi := pos.First; gi < pos.First+pos.Len; gi++ {
			g := &d.G[gi]
			truth[g.Face] += g.N[o]
		}
		hw, err1 := an.HandOf(racks[s])
		ht, err2 := an.HandOf(truth)
		if err1 != nil || err2 != nil {
			continue
		}
		m.dist += float64(an.Distance(hw))
		m.truth += float64(an.Distance(ht))
		m.racks++
	}
}

// movedBy files one world of position p, whose opponents hold hid of
// the unseen tiles.
func (m *metrics) movedBy(d *dataset, p int, hid *[belief.Opponents][tile.NumFaces]int) {
	pos := d.Pos[p]
	diff, slots := 0, 0
	for gi := pos.First; gi < pos.First+pos.Len; gi++ {
		g := &d.G[gi]
		for o := range belief.Opponents {
			diff += max(hid[o][g.Face]-int(g.N[o]), 0)
		}
	}
	if pos.Len > 0 {
		g := &d.G[pos.First]
		for o := range belief.Opponents {
			slots += int(g.Slots[o])
		}
	}
	if slots > 0 {
		m.moved += float64(diff) / float64(slots)
		m.worlds++
	}
}

// The samplers measured: the uniform one (classic.View.SampleWorld), the
// one the search and the coach used before the belief (rollout.Uniform:
// the racks brought forward), and Deal from a reading, alone and with
// the racks brought forward.
func uniformSampler(v *classic.View, seed uint64, i int) ([classic.NumSeats]tile.Counts, bool) {
	var given [classic.NumSeats]*tile.Counts
	s, err := v.SampleWorld(game.NewSeeded(seed^uint64(i)*0x51), given)
	return racksOf(s, err)
}

func rolloutSampler(smp rollout.SamplerClassic) sampler {
	return func(v *classic.View, seed uint64, i int) ([classic.NumSeats]tile.Counts, bool) {
		w, err := rollout.NewWorldsClassic(v, smp)
		if err != nil {
			return [classic.NumSeats]tile.Counts{}, false
		}
		return racksOf(w.World(seed, i))
	}
}

func dealSampler(m *smallnet.Model) sampler {
	var rd belief.Reader
	var r belief.Reading
	last := (*classic.View)(nil)
	return func(v *classic.View, seed uint64, i int) ([classic.NumSeats]tile.Counts, bool) {
		if v != last || i == 0 {
			if err := rd.Read(v, m, &r); err != nil {
				return [classic.NumSeats]tile.Counts{}, false
			}
			last = v
		}
		var racks [classic.NumSeats]tile.Counts
		r.Deal(game.NewSeeded(seed^uint64(i)*0x77), &racks)
		return racks, true
	}
}

func racksOf(s classic.State, err error) (r [classic.NumSeats]tile.Counts, ok bool) {
	if err != nil {
		return r, false
	}
	for seat := range r {
		r[seat] = s.View(seat).Counts
	}
	return r, true
}

// row prints one belief's figures as a row of the report's table, with
// its log-loss against the uniform belief's.
func (m *metrics) row(w io.Writer, name string, base *metrics) {
	cl := m.cellLog / m.cells
	rel := ""
	if base != nil {
		rel = fmt.Sprintf("%+.1f%%", 100*(cl/(base.cellLog/base.cells)-1))
	}
	stages := ""
	for i, st := range m.stage {
		if i > 0 {
			stages += " / "
		}
		stages += fmt.Sprintf("%.4f", st.log/max(st.cells, 1))
		if base != nil {
			stages += fmt.Sprintf(" (%+.1f%%)", 100*(st.log/max(st.cells, 1)/(base.stage[i].log/max(base.stage[i].cells, 1))-1))
		}
	}
	moved := "—"
	if m.worlds > 0 {
		moved = fmt.Sprintf("%.3f", m.moved/m.worlds)
	}
	if m.racks > 0 {
		moved += fmt.Sprintf(" | %.2f (true racks %.2f)", m.dist/m.racks, m.truth/m.racks)
	} else {
		moved += " | —"
	}
	fmt.Fprintf(w, "| %s | %.4f | %.4f | %.4f | %.4f | %s | %.4f / %.4f / %.4f | %s | %.4f | %s |\n", name,
		m.copyLog/m.copies, m.copyBrier/m.copies, cl, m.cellBrier/m.cells, rel,
		m.place[0].log/m.place[0].cells, m.place[1].log/m.place[1].cells, m.place[2].log/m.place[2].cells, stages, m.ece(), moved)
}

// calPoint is one cell's chance a copy (P), its unseen copies (U) and
// those the rack held (Y).
type calPoint struct {
	P    float32
	U, Y uint8
}

// deciles prints the reliability table of m in deciles of the copies:
// the cells in the order of the chance given, cut where a tenth of the
// copies has passed. Bins of equal width put most copies of every belief
// in two of them (the chances are mostly 0.1 to 0.3); deciles show the
// gaps where the copies are.
func (m *metrics) deciles(w io.Writer) {
	pts := slices.Clone(m.pts)
	slices.SortFunc(pts, func(a, b calPoint) int { return cmp.Compare(a.P, b.P) })
	total := 0.0
	for _, c := range pts {
		total += float64(c.U)
	}
	fmt.Fprintln(w, "| decile | chances given | copies | mean chance | share there |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- |")
	d, n, sp, sy, lo, seen := 0, 0.0, 0.0, 0.0, float32(-1), 0.0
	for i, c := range pts {
		if lo < 0 {
			lo = c.P
		}
		u := float64(c.U)
		n, sp, sy, seen = n+u, sp+u*float64(c.P), sy+float64(c.Y), seen+u
		if seen >= total*float64(d+1)/10 || i == len(pts)-1 {
			fmt.Fprintf(w, "| %d | %.3f–%.3f | %.0f | %.3f | %.3f |\n", d+1, lo, c.P, n, sp/n, sy/n)
			d, n, sp, sy, lo = d+1, 0, 0, 0, -1
		}
	}
}

// calibration prints the reliability table of m.
func (m *metrics) calibration(w io.Writer) {
	fmt.Fprintln(w, "| chance given | copies | mean chance | share there |")
	fmt.Fprintln(w, "| --- | --- | --- | --- |")
	for b, c := range m.cal {
		if c.n == 0 {
			continue
		}
		fmt.Fprintf(w, "| %.1f–%.1f | %.0f | %.3f | %.3f |\n", float64(b)/calBins, float64(b+1)/calBins, c.n, c.p/c.n, c.y/c.n)
	}
}
