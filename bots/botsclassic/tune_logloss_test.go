//go:build tune

package botsclassic

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"okey/game/classic"
	"okey/game/tile"
)

// The probe (pimc's probe=1) measures a sampler's worlds by the log-loss
// of the belief their frequencies give, at the decisions where pimc
// draws them, in hands where every seat plays normal's moves (the probe
// plays normal's pick): the log-loss the learned belief was measured by
// (docs/studies/classic-belief.md), on the worlds of the chains of
// docs/studies/classic-bound.md as well. The figures need the belief package,
// which imports this one, so the probe comes in from outside
// (TestBoundLogLoss, tune_sampled_test.go); TestBoundLogLossReport
// reads the bench's lines back.

// PimcProbe scores, at one decision of a probing pimc (the view v), the
// worlds it drew (each seat's rack in each world) against the true racks
// (truth): the sums of the cells' log-loss of ProbeSums (all but the
// Lost ones, which pimc fills).
type PimcProbe func(v *classic.View, truth *[classic.NumSeats]tile.Counts, worlds [][classic.NumSeats]tile.Counts) (ProbeSums, error)

// ProbeSums are the probe's sums over decisions. A cell is one
// (opponent, face) with unseen copies and unseen slots in that rack, its
// log-loss the chance the belief gives the count the rack held
// (belief.CellLoss). Cells counts them; W64 sums their log-loss under the
// frequencies of 64 worlds spread over those drawn (half a copy added to every place,
// belief.Frequencies), WAll under all the worlds drawn; Read under the
// learned reading itself (bots/belief's shipped weights), Flat under the
// uniform reading (no worlds, no smoothing). The N ones are the same for
// the next player's rack alone; the L ones the same over the decisions
// whose honest chain found no start (pimc-honest). S4, S16 and S64 sum
// the log-loss under all the worlds' counts shrunk toward the uniform
// reading by 4, 16 and 64 worlds' weight (no half copy), M16 toward the
// learned reading by 16: readings made of worlds too alike to stand
// alone (a chain's).
type ProbeSums struct {
	Cells, W64, WAll, Read, Flat     float64
	NCells, NW64, NRead, NFlat       float64
	LCells, LW64, LWAll, LRead, LFlt float64
	S4, S16, S64, M16                float64
}

// fields are the sums in the order TestBound's lines hold them.
func (p *ProbeSums) fields() []*float64 {
	return []*float64{&p.Cells, &p.W64, &p.WAll, &p.Read, &p.Flat,
		&p.NCells, &p.NW64, &p.NRead, &p.NFlat,
		&p.LCells, &p.LW64, &p.LWAll, &p.LRead, &p.LFlt,
		&p.S4, &p.S16, &p.S64, &p.M16}
}

// add adds q to p.
func (p *ProbeSums) add(q *ProbeSums) {
	a, b := p.fields(), q.fields()
	for k := range a {
		*a[k] += *b[k]
	}
}

// probeWorlds draws the decision's n worlds from next, measures how far
// each is from the truth (moved), and files the probe's figures.
func (b *pimc) probeWorlds(v *classic.View, next func(int) (classic.State, error)) error {
	if b.probeFn == nil {
		return fmt.Errorf("pimc probe: the bench gave no probe (run it with TestBoundLogLoss)")
	}
	worlds := make([][classic.NumSeats]tile.Counts, b.n)
	for i := range b.n {
		w, err := next(i)
		if err != nil {
			return err
		}
		b.measure(v, &w)
		for s := range classic.NumSeats {
			worlds[i][s] = w.View(s).Counts
		}
	}
	var truth [classic.NumSeats]tile.Counts
	for s := range classic.NumSeats {
		truth[s] = b.truth.View(s).Counts
	}
	got, err := b.probeFn(v, &truth, worlds)
	if err != nil {
		return fmt.Errorf("pimc probe: %w", err)
	}
	if b.honest && b.lost {
		got.LCells, got.LW64, got.LWAll, got.LRead, got.LFlt = got.Cells, got.W64, got.WAll, got.Read, got.Flat
	}
	b.stats.probe.add(&got)
	return nil
}

// TestBoundLogLossReport reads the probe's lines (OKEY_IN, as
// TestBoundReport) for the tables of OKEY_BOUND ('|' between them, the
// uniform worlds' first) over the deals every table played whole, and
// prints each table's log-loss a cell from its worlds' frequencies (64
// worlds, and all it drew), its share below the first table's, with 95%
// intervals taking a deal's four hands as one cluster, the share of the
// hidden tiles its worlds misplaced (moved), and the same figures for the
// next player's rack; then the learned reading and the uniform reading
// themselves on the same cells. It fails when the tables did not probe
// the same cells (the hands must be the same: every probe plays
// normal's moves).
func TestBoundLogLossReport(t *testing.T) {
	in, spec := os.Getenv("OKEY_IN"), os.Getenv("OKEY_BOUND")
	if in == "" || spec == "" {
		t.Skip("set OKEY_IN to the files and OKEY_BOUND to the tables")
	}
	tabs := strings.Split(spec, "|")
	got, deals := readBound(t, in, tabs)
	// per table, per deal: the probe's sums
	sums := make([][]ProbeSums, len(tabs))
	for j := range tabs {
		for _, i := range deals {
			var d ProbeSums
			for r := range classic.NumSeats {
				o := got[j][i+r]
				if o.probe.Cells != got[0][i+r].probe.Cells {
					t.Errorf("hand %d: %s probed %.0f cells, %s %.0f: not the same positions", i+r,
						tabs[j], o.probe.Cells, tabs[0], got[0][i+r].probe.Cells)
				}
				d.add(&o.probe)
			}
			sums[j] = append(sums[j], d)
		}
	}
	hands := 4 * len(deals)
	t.Logf("%d deals (%d hands), %d tables", len(deals), hands, len(tabs))
	pick := func(f func(*ProbeSums) (x, n float64)) func(j int) ([]float64, []float64) {
		return func(j int) (xs, ns []float64) {
			for k := range sums[j] {
				x, n := f(&sums[j][k])
				xs, ns = append(xs, x), append(ns, n)
			}
			return xs, ns
		}
	}
	w64 := pick(func(p *ProbeSums) (float64, float64) { return p.W64, p.Cells })
	wall := pick(func(p *ProbeSums) (float64, float64) { return p.WAll, p.Cells })
	n64 := pick(func(p *ProbeSums) (float64, float64) { return p.NW64, p.NCells })
	read := pick(func(p *ProbeSums) (float64, float64) { return p.Read, p.Cells })
	flat := pick(func(p *ProbeSums) (float64, float64) { return p.Flat, p.Cells })
	nread := pick(func(p *ProbeSums) (float64, float64) { return p.NRead, p.NCells })
	nflat := pick(func(p *ProbeSums) (float64, float64) { return p.NFlat, p.NCells })
	base, cells := w64(0)
	nbase, ncells := n64(0)
	fl, _ := flat(0)
	nfl, _ := nflat(0)
	t.Log("| worlds | decisions | 64 worlds | vs uniform worlds (64) | vs uniform reading | all its worlds | vs uniform reading | next rack, 64 worlds | vs uniform worlds (64) | vs uniform reading | moved | starts found / lost |")
	t.Log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
	var lost []string
	for j := range tabs {
		var st pimcStats
		var l ProbeSums
		for _, i := range deals {
			for r := range classic.NumSeats {
				o := got[j][i+r]
				st.searched += o.searched
				st.worlds += o.worlds
				st.moved += o.moved
				st.found += o.found
				st.lost += o.lost
				l.add(&o.probe)
			}
		}
		x, _ := w64(j)
		y, _ := wall(j)
		nx, _ := n64(j)
		moved, starts := "—", "—"
		if st.worlds > 0 {
			moved = fmt.Sprintf("%.3f", st.moved/float64(st.worlds))
		}
		if st.found+st.lost > 0 {
			starts = fmt.Sprintf("%d / %d", st.found, st.lost)
			lost = append(lost, fmt.Sprintf("%s: on the %d decisions without a start (%.0f cells) its 64 worlds %.4f, all %.4f, the learned reading %.4f, the uniform reading %.4f",
				tabs[j], st.lost, l.LCells, l.LW64/l.LCells, l.LWAll/l.LCells, l.LRead/l.LCells, l.LFlt/l.LCells))
		}
		t.Logf("| %s | %d | %.4f | %s | %s | %.4f | %s | %.4f | %s | %s | %s | %s |", tabs[j], st.searched,
			ratio(x, cells), below(x, base), below(x, fl), ratio(y, cells), below(y, fl),
			ratio(nx, ncells), below(nx, nbase), below(nx, nfl), moved, starts)
	}
	for _, r := range []struct {
		name  string
		x, nx func(int) ([]float64, []float64)
	}{{"the learned reading itself", read, nread}, {"the uniform reading itself", flat, nflat}} {
		x, _ := r.x(0)
		nx, _ := r.nx(0)
		t.Logf("| %s | | %.4f | %s | %s | | | %.4f | %s | %s | | |",
			r.name, ratio(x, cells), below(x, base), below(x, fl), ratio(nx, ncells), below(nx, nbase), below(nx, nfl))
	}
	t.Log("")
	t.Log("| worlds | all, shrunk to the uniform reading by 4 worlds | by 16 | by 64 | to the learned reading by 16 |")
	t.Log("| --- | --- | --- | --- | --- |")
	for j := range tabs {
		row := "| " + tabs[j]
		for _, f := range []func(*ProbeSums) (float64, float64){
			func(p *ProbeSums) (float64, float64) { return p.S4, p.Cells },
			func(p *ProbeSums) (float64, float64) { return p.S16, p.Cells },
			func(p *ProbeSums) (float64, float64) { return p.S64, p.Cells },
			func(p *ProbeSums) (float64, float64) { return p.M16, p.Cells },
		} {
			x, _ := pick(f)(j)
			row += fmt.Sprintf(" | %.4f (%s)", ratio(x, cells), below(x, fl))
		}
		t.Log(row + " |")
	}
	t.Logf("%.0f cells; the next player's rack %.0f; the percentages are against the uniform reading", sum(cells), sum(ncells))
	for _, l := range lost {
		t.Log(l)
	}
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// ratio is the log-loss a cell: the sum of the losses over the cells.
func ratio(x, n []float64) float64 { return sum(x) / sum(n) }

// below is how far x's log-loss a cell lies from base's on the same
// cells, Σx/Σbase − 1 (negative: below), with a 95% interval over the clusters (the
// delta method for a ratio of two sums).
func below(x, base []float64) string {
	r, lo, hi := ratioCI(x, base)
	return fmt.Sprintf("%+.1f%% [%+.1f, %+.1f]", 100*(r-1), 100*(lo-1), 100*(hi-1))
}

// ratioCI is Σa/Σb with a 95% interval from the clusters' sums a[k],
// b[k] (the delta method: the variance of Σ(a − r·b) over Σb²).
func ratioCI(a, b []float64) (r, lo, hi float64) {
	sa, sb := sum(a), sum(b)
	r = sa / sb
	k := float64(len(a))
	ss := 0.0
	for i := range a {
		d := a[i] - r*b[i]
		ss += d * d
	}
	se := math.Sqrt(k/(k-1)*ss) / sb
	return r, r - 1.96*se, r + 1.96*se
}
