package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// fitErr is a value's error on held-out positions: the root mean square
// and the mean absolute error, in points of the hand.
type fitErr struct{ RMSE, MAE float64 }

func errorsOf(pred []float64, d *dataset) fitErr {
	var se, ae float64
	for i, p := range pred {
		e := p - float64(d.Y[i])
		se += e * e
		ae += math.Abs(e)
	}
	n := float64(max(len(pred), 1))
	return fitErr{math.Sqrt(se / n), ae / n}
}

// decile is one tenth of the held-out positions by the value's guess:
// the mean guess and the mean of the points the hands ended with.
type decile struct{ Guess, Points float64 }

// deciles cuts the positions into ten equal parts by the value's guess
// (ties in position order): a calibrated value's guess matches the
// points in every part.
func deciles(pred []float64, d *dataset) [10]decile {
	idx := make([]int, len(pred))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case pred[a] < pred[b]:
			return -1
		case pred[a] > pred[b]:
			return 1
		}
		return 0
	})
	var out [10]decile
	for q := range out {
		part := idx[q*len(idx)/10 : (q+1)*len(idx)/10]
		for _, i := range part {
			out[q].Guess += pred[i]
			out[q].Points += float64(d.Y[i])
		}
		if n := float64(len(part)); n > 0 {
			out[q].Guess /= n
			out[q].Points /= n
		}
	}
	return out
}

// calibrationGap is the mean over the deciles of |guess − points|.
func calibrationGap(ds [10]decile) float64 {
	var s float64
	for _, q := range ds {
		s += math.Abs(q.Guess - q.Points)
	}
	return s / 10
}

// decileTable is ds as a markdown table's rows.
func decileTable(names []string, all [][10]decile) string {
	var b strings.Builder
	b.WriteString("| decile |")
	for _, n := range names {
		fmt.Fprintf(&b, " %s guess | points |", n)
	}
	b.WriteString("\n| --- |")
	for range names {
		b.WriteString(" ---: | ---: |")
	}
	b.WriteString("\n")
	for q := range 10 {
		fmt.Fprintf(&b, "| %d |", q+1)
		for _, ds := range all {
			fmt.Fprintf(&b, " %+.3f | %+.3f |", ds[q].Guess, ds[q].Points)
		}
		b.WriteString("\n")
	}
	return b.String()
}
