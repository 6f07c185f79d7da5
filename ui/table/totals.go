package table

import (
	"cmp"
	"slices"
	"strconv"

	"okey/ui/canvas"
	"okey/ui/layout"
)

// Total is a seat's line in the totals beside the table: its name, its
// total in words (Text), and the total itself (Score), which ranks it.
type Total struct {
	Name, Text string
	Score      int
}

// The totals beside the table take a title, a line a seat and a blank
// line; they are drawn only where the log keeps TotalsLogMin lines
// under them, since the log says what just happened and the totals
// are also on the panels.
const (
	TotalsLogMin = 8
	totalsMaxW   = 32 // a wider column leaves the totals near their names
)

// DrawTotals draws the players' totals at the top of r, the log's
// place beside the table (a wide terminal shows the standings at a
// glance, not only seat by seat on the panels): title, then the
// seats best first (the lowest first when lowWins, as in 101), each
// ranked, its name at the left and its total at the right (of at most
// totalsMaxW columns). It returns
// the part of r left to the log under them: r whole when the totals do
// not fit with TotalsLogMin lines of log under them, or when there are
// none. Both tables draw their standings by it.
func DrawTotals(c *canvas.Canvas, r layout.Rect, title string, seats []Total, lowWins bool, paint func(Style, string) string) layout.Rect {
	h := len(seats) + 2
	if len(seats) == 0 || r.H < h+TotalsLogMin {
		return r
	}
	ranked := slices.Clone(seats)
	slices.SortStableFunc(ranked, func(a, b Total) int {
		if lowWins {
			return cmp.Compare(a.Score, b.Score)
		}
		return cmp.Compare(b.Score, a.Score)
	})
	c.Put(r.X, r.Y, paint(Accent, canvas.Cut(title, r.W)))
	cw := min(r.W, totalsMaxW)
	for i, s := range ranked {
		rank := strconv.Itoa(i+1) + ". "
		tw := canvas.Width(s.Text)
		// A narrow column keeps the rank and the total whole.
		name := rank + canvas.Cut(s.Name, max(0, cw-tw-1-len(rank)))
		st := Text
		if i == 0 {
			st = Bold
		}
		c.Put(r.X, r.Y+1+i, paint(st, name))
		c.Put(r.X+cw-tw, r.Y+1+i, paint(st, s.Text))
	}
	return layout.Rect{X: r.X, Y: r.Y + h, W: r.W, H: r.H - h}
}
