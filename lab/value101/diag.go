package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// sightGain is each choice's gain of sight's pick over hard's (chosen
// on half the worlds, scored on the other, both ways).
func sightGain(c *choice) float64 {
	g := 0.0
	for h := range 2 {
		s := make([]float64, len(c.Tiles))
		for j := range s {
			s[j] = float64(c.Half[h][j])
		}
		j := argmax(s, 0)
		g += float64(c.Half[1-h][j]-c.Half[1-h][0]) / 2
	}
	return g
}

// where says where sight's prize lies: how much of it the choices of
// the largest gains hold, and what feeding the next player's opening
// or meld (the true fact tNextFeeds) costs on the labels.
func where(cs []choice) string {
	var b strings.Builder
	g := make([]float64, len(cs))
	tot := 0.0
	for i := range cs {
		g[i] = sightGain(&cs[i])
		tot += g[i]
	}
	sorted := slices.Sorted(slices.Values(g))
	slices.Reverse(sorted)
	b.WriteString("| the choices of the largest gains | their share of sight's prize |\n| --- | ---: |\n")
	for _, q := range []float64{0.01, 0.05, 0.2, 0.5} {
		n := int(math.Ceil(q * float64(len(g))))
		s := 0.0
		for _, x := range sorted[:n] {
			s += x
		}
		fmt.Fprintf(&b, "| %g%% (%d) | %.0f%% |\n", 100*q, n, 100*s/tot)
	}
	var hardFeeds, pairs [2]int
	var diff [2]float64
	for i := range cs {
		c := &cs[i]
		f0 := c.TX[tNextFeeds] > 0
		if f0 {
			hardFeeds[0]++
		}
		for j := 1; j < len(c.Tiles); j++ {
			fj := c.TX[j*numTrue+tNextFeeds] > 0
			switch {
			case f0 && !fj:
				pairs[0]++
				diff[0] += c.mean(j) - c.mean(0)
			case !f0 && fj:
				pairs[1]++
				diff[1] += c.mean(j) - c.mean(0)
			}
		}
	}
	fmt.Fprintf(&b, "\nHard's pick feeds the next player (lets it open, or fits a new meld of its rack) in %d of %d choices; "+
		"where it feeds and another candidate does not (%d pairs), the other gains %+.1f points on the labels; "+
		"where it does not and the other does (%d pairs), the other gains %+.1f.\n",
		hardFeeds[0], len(cs), pairs[0], diff[0]/float64(max(pairs[0], 1)), pairs[1], diff[1]/float64(max(pairs[1], 1)))
	return b.String()
}

// byState splits sight's prize and the expert's gain by the state of
// the hand at the choice: whether the seat and the next player have
// opened, and how much of the wall is left.
func byState(cs []choice) string {
	type acc struct {
		n             int
		sight, expert float64
		ne            int
	}
	rows := map[string]*acc{}
	var keys []string
	for i := range cs {
		c := &cs[i]
		ctx := c.X[4*numBase : 4*numBase+numContext]
		k := fmt.Sprintf("seat %s, next %s, wall %s", opened(ctx[cOpened]), opened(ctx[cNextOpened]), thirds(ctx[cWall]))
		a := rows[k]
		if a == nil {
			a = &acc{}
			rows[k] = a
			keys = append(keys, k)
		}
		a.n++
		a.sight += sightGain(c)
		if c.Expert >= 0 {
			a.ne++
			a.expert += c.mean(int(c.Expert)) - c.mean(0)
		}
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString("| state at the choice | choices | sight's pick over hard's, a choice | share of sight's prize | the expert's pick over hard's, a choice |\n| --- | ---: | ---: | ---: | ---: |\n")
	tot := 0.0
	for _, a := range rows {
		tot += a.sight
	}
	for _, k := range keys {
		a := rows[k]
		fmt.Fprintf(&b, "| %s | %d | %+.1f | %.0f%% | %+.1f |\n", k, a.n, a.sight/float64(a.n), 100*a.sight/tot, a.expert/float64(max(a.ne, 1)))
	}
	return b.String()
}

func opened(x float32) string {
	if x > 0 {
		return "opened"
	}
	return "not opened"
}

func thirds(w float32) string {
	switch {
	case w > 2.0/3:
		return "full (over 13 left)"
	case w > 1.0/3:
		return "half (7 to 13)"
	}
	return "low (under 7)"
}
