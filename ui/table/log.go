package table

import (
	"okey/ui/canvas"
	"okey/ui/layout"
)

// DrawLog draws a table's move log in r: beside the table (beside) under
// title; then the newest entries that fit, oldest first, the lines of
// the newest brighter. n is the number of entries; lines(i) are entry
// i's lines for r's width (none for an entry not shown), asked for from
// the newest back only as far as the log fills r. paint draws a line in
// a style. Both tables draw their logs by it: what an entry says and
// how it is kept is each game's.
//
// Beside the table the log turns pages rather than scrolls (pageLog):
// a terminal is sent the lines that changed, and a log scrolled by one
// in a panel beside the table changes every one of its lines at every
// move, most of a wide table's bytes. Below the table its lines are
// the screen's whole lines, which the terminal scrolls itself.
func DrawLog(c *canvas.Canvas, r layout.Rect, beside bool, title string, n int, lines func(i int) []string, paint func(Style, string) string) {
	if r.H <= 0 {
		return
	}
	y, h := r.Y, r.H
	if beside {
		c.Put(r.X, y, paint(Accent, canvas.Cut(title, r.W)))
		y++
		h--
		pageLog(c, r.X, y, h, n, lines, paint)
		return
	}
	var shown []string
	newest := 0 // lines of the newest entry, drawn brighter
	for i := n - 1; i >= 0 && len(shown) < h; i-- {
		parts := lines(i)
		for j := len(parts) - 1; j >= 0 && len(shown) < h; j-- {
			shown = append(shown, parts[j])
		}
		if newest == 0 {
			newest = len(shown)
		}
	}
	for i := range shown {
		st := Dim
		if i >= len(shown)-newest {
			st = Text
		}
		c.Put(r.X, y+i, paint(st, shown[len(shown)-1-i]))
	}
}

// pageLog draws the log's entries in h lines from (x, y) a page at a
// time: the entries shown begin at a multiple of half the log's height
// (logStep), the first that lets the newest fit whole. A new entry is
// then a line under the others, which stay as they were, and the whole
// log is drawn anew only when a page turns, once in logStep entries.
// The page's first logStep entries, the ones it kept from the page
// before, are dimmer than the later ones (the newest among them), once
// there are later ones: their style changes as the page turns, when
// every line is drawn anew anyway.
// The newest alone brighter would be a line dimmed, and sent again, at
// every move. A newest entry longer than the log shows its last lines.
func pageLog(c *canvas.Canvas, x, y, h, n int, lines func(i int) []string, paint func(Style, string) string) {
	var fit [][]string // newest first
	used := 0
	for i := n - 1; i >= 0; i-- {
		parts := lines(i)
		if used+len(parts) > h {
			if len(fit) == 0 {
				fit = append(fit, parts[len(parts)-h:])
			}
			break
		}
		fit = append(fit, parts)
		used += len(parts)
	}
	step, page := logStep(h), n-1
	if oldest := n - len(fit); len(fit) > 1 {
		page = min((oldest+step-1)/step*step, n-1)
		fit = fit[:n-page]
	}
	latest := page + step // entries from here on are the brighter
	if latest > n-1 {
		latest = page // a page of its first entries only: all of them
	}
	row := 0
	for i := len(fit) - 1; i >= 0; i-- {
		st := Dim
		if n-1-i >= latest {
			st = Text
		}
		for _, line := range fit[i] {
			c.Put(x, y+row, paint(st, line))
			row++
		}
	}
}

// logStep is how many entries a log of h lines turns a page by: half
// its height (entries are a line each, most of them), at least one.
func logStep(h int) int { return max(1, h/2) }

// EntryLines are a log entry's lines at w columns: wrapped beside the
// table and under a table standing up (narrower than layout.MinWidth,
// where a cut would leave most entries half said), cut below a table
// lying down; none for an empty entry.
func EntryLines(s string, w int, beside bool) []string {
	switch {
	case s == "":
		return nil
	case beside || w < layout.MinWidth:
		return canvas.Wrap(s, w)
	}
	return []string{canvas.Cut(s, w)}
}

// A move log keeps at most MaxLog entries, cut back to KeepLog, at
// either table.
const (
	MaxLog  = 200
	KeepLog = 100
)

// TrimLog is log cut back to its newest KeepLog entries once it holds
// more than MaxLog (in place: log's array is reused).
func TrimLog[E any](log []E) []E {
	if len(log) > MaxLog {
		return append(log[:0], log[len(log)-KeepLog:]...)
	}
	return log
}
