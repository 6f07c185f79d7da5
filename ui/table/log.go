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
func DrawLog(c *canvas.Canvas, r layout.Rect, beside bool, title string, n int, lines func(i int) []string, paint func(Style, string) string) {
	if r.H <= 0 {
		return
	}
	y, h := r.Y, r.H
	if beside {
		c.Put(r.X, y, paint(Accent, canvas.Cut(title, r.W)))
		y++
		h--
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

// EntryLines are a log entry's lines at w columns: wrapped beside the
// table, cut below it; none for an empty entry.
func EntryLines(s string, w int, beside bool) []string {
	switch {
	case s == "":
		return nil
	case beside:
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
