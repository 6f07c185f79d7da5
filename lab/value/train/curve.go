package main

import (
	"fmt"
	"math"
	"strings"

	"okey/bots/rollout"
	"okey/game/tile"
)

// The budget's curve: what a search of k worlds a candidate would take
// of the whole discard's prize. Each prize choice keeps every
// candidate's value in every world; the search chooses on k worlds of
// one half and its choice is scored on the other half (and the other
// way round), so its noise costs what it would cost a bot. A gate keeps
// normal's pick unless the chosen candidate's paired mean beats it by
// gate standard errors, as the search bots' gates do.

// curveScope is the candidates a search weighs.
type curveScope int

const (
	// scopeRack is every distinct tile but an okey.
	scopeRack curveScope = iota
	// scopeTwo is normal's two first candidates (its pick and the next).
	scopeTwo
)

func (s curveScope) String() string {
	if s == scopeTwo {
		return "normal's two"
	}
	return "every tile but an okey"
}

// curveRow is one search's figures over the choices.
type curveRow struct {
	Worlds int
	Scope  curveScope
	Gate   float64
	// Choices scored, the share where the search left normal's pick,
	// and the playouts it spends a decision on average.
	Choices  int
	Changed  float64
	Playouts float64
	// Gain is a choice's, with its 95% half-width; PerHand the same
	// times a seat's discards a hand.
	Gain, GainHalf       float64
	PerHand, PerHandHalf float64
}

// curveWorlds is the worlds a candidate of the curve's searches.
var curveWorlds = []int{16, 32, 64, 128, 256, 512, 1024}

// budgetCurve scores every search of ks worlds a candidate (up to half
// of the prize's worlds), both scopes and gates 0, 1 and 2 on the
// choices ps of cs whose values were kept.
func budgetCurve(cs []choice, ps []prizeChoice, discards float64, ks []int) []curveRow {
	var rows []curveRow
	for _, scope := range []curveScope{scopeRack, scopeTwo} {
		for _, gate := range []float64{0, 1, 2} {
			for _, k := range ks {
				r, ok := curveOf(cs, ps, k, scope, gate, discards)
				if ok {
					rows = append(rows, r)
				}
			}
		}
	}
	return rows
}

// curveOf is one search's row; not ok when no choice has k worlds in
// each half.
func curveOf(cs []choice, ps []prizeChoice, k int, scope curveScope, gate, discards float64) (curveRow, bool) {
	r := curveRow{Worlds: k, Scope: scope, Gate: gate}
	var gains []float64
	for i := range ps {
		g, changed, playouts, ok := choiceGain(&cs[i], &ps[i], k, scope, gate)
		if !ok {
			continue
		}
		gains = append(gains, g)
		r.Changed += changed
		r.Playouts += playouts
	}
	if len(gains) == 0 {
		return r, false
	}
	r.Choices = len(gains)
	n := float64(r.Choices)
	r.Changed, r.Playouts = r.Changed/n, r.Playouts/n
	r.Gain, r.GainHalf = rollout.Paired(gains, make([]float64, len(gains)))
	r.PerHand, r.PerHandHalf = r.Gain*discards, r.GainHalf*discards
	return r, true
}

// choiceGain is what one search gains at one choice over normal's pick,
// averaged over the two halves, with the share of the halves where it
// left the pick and its playouts; not ok when p kept no values or too
// few worlds.
func choiceGain(c *choice, p *prizeChoice, k int, scope curveScope, gate float64) (gain, changed, playouts float64, ok bool) {
	if len(p.Vals) != len(p.Tiles) || len(p.Vals) == 0 || len(p.Vals[0]) < 2*k {
		return 0, 0, 0, false
	}
	allowed := candidatesOf(c, p, scope)
	for half := range 2 {
		j := searchPick(p, allowed, half, k, gate)
		gain += meanOf(p.Vals[j], 1-half, len(p.Vals[j])) - meanOf(p.Vals[p.Pick], 1-half, len(p.Vals[p.Pick]))
		if j != p.Pick {
			changed += 0.5
		}
	}
	return gain / 2, changed, float64(k * len(allowed)), true
}

// candidatesOf is the indices of p's candidates a search of scope
// weighs; normal's pick is always among them.
func candidatesOf(c *choice, p *prizeChoice, scope curveScope) []int {
	out := []int{p.Pick}
	for j, t := range p.Tiles {
		if j == p.Pick {
			continue
		}
		switch scope {
		case scopeTwo:
			if t == c.cands[1] && t != tile.NoTile {
				out = append(out, j)
			}
		default:
			if !c.v.Analyzer.IsOkey(t) {
				out = append(out, j)
			}
		}
	}
	return out
}

// searchPick is the candidate a search of k worlds of the given half
// (0 the even worlds, 1 the odd) chooses among allowed: the best mean,
// kept only if it beats normal's pick by gate standard errors of their
// paired difference.
func searchPick(p *prizeChoice, allowed []int, half, k int, gate float64) int {
	end := half + 2*k
	best, bestV := p.Pick, meanOf(p.Vals[p.Pick], half, end)
	for _, j := range allowed {
		if v := meanOf(p.Vals[j], half, end); v > bestV {
			best, bestV = j, v
		}
	}
	if best == p.Pick || gate == 0 {
		return best
	}
	s, ss, n := 0.0, 0.0, 0
	for w := half; w < end; w += 2 {
		d := float64(p.Vals[best][w] - p.Vals[p.Pick][w])
		if math.IsNaN(d) {
			continue
		}
		s += d
		ss += d * d
		n++
	}
	if n < 2 {
		return p.Pick
	}
	m := s / float64(n)
	sd := math.Sqrt(max(ss/float64(n)-m*m, 0) * float64(n) / float64(n-1))
	if m > gate*sd/math.Sqrt(float64(n)) {
		return best
	}
	return p.Pick
}

// meanOf is v's mean over worlds from, from+2, … below end, NaNs left
// out.
func meanOf(v []float32, from, end int) float64 {
	s, n := 0.0, 0
	for w := from; w < min(end, len(v)); w += 2 {
		if x := float64(v[w]); !math.IsNaN(x) {
			s += x
			n++
		}
	}
	return s / float64(max(n, 1))
}

// curveReport is the curve as a table, ms a playout giving each
// search's time a decision.
func curveReport(rows []curveRow, msPerPlayout float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "A search of k worlds a candidate, chosen on k worlds of one half and scored on the other half; the gate keeps normal's pick unless the search's choice beats it by that many standard errors; time at %.3f ms a playout (this run's CPU):\n\n", msPerPlayout)
	b.WriteString("| candidates | gate | worlds a candidate | playouts a decision | ms a decision | left normal's pick | a choice (95%) | a hand (95%) |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %v | %.0f | %d | %.0f | %.0f | %.1f%% | %+.4f ± %.4f | %+.3f ± %.3f |\n", r.Scope, r.Gate, r.Worlds, r.Playouts, r.Playouts*msPerPlayout, 100*r.Changed, r.Gain, r.GainHalf, r.PerHand, r.PerHandHalf)
	}
	b.WriteString("\n")
	return b.String()
}
