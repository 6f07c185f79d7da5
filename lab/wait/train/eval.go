package main

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
)

// metrics are one predictor's figures on a dataset's rows.
type metrics struct {
	rows, pos   int
	log, brier  float64 // a row
	auc         float64
	meanP       float64
	p           []float64 // each row's chance, kept for the tables
	y           []uint8
	posOf       []int32
	top1, multi int // positions with a win-feed held: those whose likeliest face by p is one; all of them
	// within is the chance that a win-feed is given more than another
	// face held in the same position (ties half): what choosing among
	// one's own discards needs
	within float64
}

// evalRow is a predictor's name and figures.
type evalRow struct {
	name string
	m    *metrics
}

// eval measures predictor p (a row's chance of a win-feed) on d.
func (d *dataset) eval(p func(int) float64) *metrics {
	m := &metrics{rows: d.rows(), y: d.Y, posOf: d.Pos, p: make([]float64, d.rows())}
	for i := range d.rows() {
		q := p(i)
		m.p[i] = q
		c := min(max(q, 1e-6), 1-1e-6)
		y := float64(d.Y[i])
		m.log -= y*math.Log(c) + (1-y)*math.Log(1-c)
		m.brier += (q - y) * (q - y)
		m.meanP += q
		m.pos += int(d.Y[i])
	}
	n := float64(max(m.rows, 1))
	m.log, m.brier, m.meanP = m.log/n, m.brier/n, m.meanP/n
	m.auc = auc(m.p, d.Y)
	// by position: is the face read likeliest a win-feed, where one is held?
	var pairs, won float64
	for lo := 0; lo < d.rows(); {
		hi := lo
		for hi < d.rows() && d.Pos[hi] == d.Pos[lo] {
			hi++
		}
		best, any := lo, false
		for i := lo; i < hi; i++ {
			any = any || d.Y[i] == 1
			if m.p[i] > m.p[best] {
				best = i
			}
			if d.Y[i] != 1 {
				continue
			}
			for j := lo; j < hi; j++ {
				if d.Y[j] == 1 {
					continue
				}
				pairs++
				switch {
				case m.p[i] > m.p[j]:
					won++
				case m.p[i] == m.p[j]:
					won += 0.5
				}
			}
		}
		if any {
			m.multi++
			if d.Y[best] == 1 {
				m.top1++
			}
		}
		lo = hi
	}
	m.within = won / max(pairs, 1)
	return m
}

// auc is the chance that a random win-feed is given more than a random
// other row (ties count half).
func auc(p []float64, y []uint8) float64 {
	idx := make([]int, len(p))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(p[a], p[b]) })
	var rankSum, npos float64
	for lo := 0; lo < len(idx); {
		hi := lo
		for hi < len(idx) && p[idx[hi]] == p[idx[lo]] {
			hi++
		}
		rank := float64(lo+hi+1) / 2 // the tie's mean rank, from 1
		for _, i := range idx[lo:hi] {
			if y[i] == 1 {
				rankSum += rank
				npos++
			}
		}
		lo = hi
	}
	nneg := float64(len(p)) - npos
	if npos == 0 || nneg == 0 {
		return math.NaN()
	}
	return (rankSum - npos*(npos+1)/2) / (npos * nneg)
}

// report writes the held-out figures of te (dealt from seed).
func report(w io.Writer, te *dataset, seed uint64, rows []evalRow) {
	fmt.Fprintf(w, "Held out: %d hands (seed %d), %d positions, %d faces held (rows), %d win-feeds (%.4f a row).\n\n",
		te.Hands, seed, te.Positions, te.rows(), rows[0].m.pos, te.rate())
	fmt.Fprintln(w, "| reading | log-loss a row | vs base rate | Brier a row | AUC | AUC within a position | mean chance | likeliest face a win-feed (positions with one) |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | --- | --- |")
	for _, r := range rows {
		m := r.m
		fmt.Fprintf(w, "| %s | %.5f | %+.1f%% | %.5f | %.3f | %.3f | %.4f | %d of %d (%.1f%%) |\n", r.name, m.log, 100*(m.log/rows[0].m.log-1), m.brier, m.auc, m.within, m.meanP,
			m.top1, m.multi, 100*float64(m.top1)/float64(max(m.multi, 1)))
	}
	for _, r := range rows[1:] {
		fmt.Fprintf(w, "\nThe win-feeds flagged by %s (chance at least t):\n\n", r.name)
		r.m.flags(w)
		fmt.Fprintf(w, "\nCalibration of %s, in bins of the chance:\n\n", r.name)
		r.m.calibration(w)
	}
}

// flags writes, for thresholds t, the share of the win-feeds given at
// least t (recall), the share of the rows so flagged that are win-feeds
// (precision), and the share of all rows flagged.
func (m *metrics) flags(w io.Writer) {
	fmt.Fprintln(w, "| t | win-feeds flagged | flagged that are win-feeds | rows flagged |")
	fmt.Fprintln(w, "| --- | --- | --- | --- |")
	for _, t := range []float64{0.02, 0.05, 0.1, 0.2, 0.3, 0.5} {
		var tp, fl int
		for i, q := range m.p {
			if q >= t {
				fl++
				tp += int(m.y[i])
			}
		}
		fmt.Fprintf(w, "| %.2f | %.3f (%d of %d) | %.3f | %.4f |\n", t, float64(tp)/float64(max(m.pos, 1)), tp, m.pos,
			float64(tp)/float64(max(fl, 1)), float64(fl)/float64(max(m.rows, 1)))
	}
}

// calibration writes the rows binned by chance: how many, the mean
// chance given, the share that were win-feeds.
func (m *metrics) calibration(w io.Writer) {
	edges := []float64{0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0001}
	fmt.Fprintln(w, "| chance | rows | mean chance | share win-feeds |")
	fmt.Fprintln(w, "| --- | --- | --- | --- |")
	for b := range len(edges) - 1 {
		var n, pos int
		var sum float64
		for i, q := range m.p {
			if q >= edges[b] && q < edges[b+1] {
				n++
				sum += q
				pos += int(m.y[i])
			}
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "| %.2f–%.2f | %d | %.4f | %.4f |\n", edges[b], min(edges[b+1], 1), n, sum/float64(n), float64(pos)/float64(n))
	}
}
