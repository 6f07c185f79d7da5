package ui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// canvas places blocks of lines at columns and rows, and writes them out
// as a screen no wider than its width.
type canvas struct {
	w, h int
	rows [][]piece
}

type piece struct {
	x, w int
	s    string
}

func newCanvas(w, h int) *canvas {
	return &canvas{w: w, h: h, rows: make([][]piece, h)}
}

// put places lines with their top-left corner at (x, y).
func (c *canvas) put(x, y int, lines ...string) {
	for i, s := range lines {
		r := y + i
		if r < 0 || r >= c.h || x >= c.w {
			continue
		}
		c.rows[r] = append(c.rows[r], piece{x: x, w: textWidth(s), s: s})
	}
}

func (c *canvas) String() string {
	var b strings.Builder
	b.Grow(c.w * c.h * 2)
	for r, ps := range c.rows {
		if r > 0 {
			b.WriteByte('\n')
		}
		slices.SortStableFunc(ps, func(a, b piece) int { return a.x - b.x })
		col := 0
		for _, p := range ps {
			if p.x < col || col >= c.w {
				continue // overlaps the piece before it
			}
			b.WriteString(strings.Repeat(" ", p.x-col))
			col = p.x
			s, w := p.s, p.w
			if col+w > c.w {
				s = ansi.Truncate(s, c.w-col, "")
				w = c.w - col
			}
			b.WriteString(s)
			col += w
		}
	}
	return b.String()
}

// textWidth is the width of s on screen, styles left out.
func textWidth(s string) int { return ansi.StringWidth(s) }

// fit cuts s to w columns (with an ellipsis) or pads it with spaces.
func fit(s string, w int) string {
	sw := textWidth(s)
	if sw > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-sw)
}

// cut cuts s to w columns with an ellipsis, without padding.
func cut(s string, w int) string {
	if textWidth(s) > w {
		return ansi.Truncate(s, w, "…")
	}
	return s
}

// right pads s on the left to w columns.
func right(s string, w int) string {
	s = cut(s, w)
	return strings.Repeat(" ", w-textWidth(s)) + s
}

// center pads s on both sides to w columns.
func center(s string, w int) string {
	s = cut(s, w)
	pad := w - textWidth(s)
	return strings.Repeat(" ", pad/2) + s + strings.Repeat(" ", pad-pad/2)
}

// wrap breaks text into lines of at most w columns at spaces.
func wrap(text string, w int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			switch {
			case line == "":
				line = word
			case textWidth(line)+1+textWidth(word) <= w:
				line += " " + word
			default:
				out = append(out, cut(line, w))
				line = word
			}
		}
		out = append(out, cut(line, w))
	}
	return out
}
