// Package canvas places blocks of styled text on a screen of a given
// size, and holds the text helpers every screen measures and cuts its
// words with (Fit, Cut, Right, Center, Wrap); text from outside is cut
// and cleaned before it is drawn by package safetext, below it.
// It knows nothing of any game; it imports only the standard library and charmbracelet/x/ansi.
package canvas

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Canvas places blocks of lines at columns and rows, and writes them out
// as a screen no wider than its width.
type Canvas struct {
	w, h int
	rows [][]piece
}

type piece struct {
	x, w int
	s    string
}

// New returns an empty canvas of w columns and h rows.
func New(w, h int) *Canvas {
	return &Canvas{w: w, h: h, rows: make([][]piece, h)}
}

// Put places lines with their top-left corner at (x, y).
func (c *Canvas) Put(x, y int, lines ...string) {
	for i, s := range lines {
		r := y + i
		if r < 0 || r >= c.h || x >= c.w {
			continue
		}
		c.rows[r] = append(c.rows[r], piece{x: x, w: Width(s), s: s})
	}
}

// String writes the canvas out, each row cut to the width.
func (c *Canvas) String() string {
	// One allocation for the whole screen: its pieces, and at most a
	// row of spaces a row between them.
	n := c.h * (c.w + 1)
	for _, ps := range c.rows {
		for _, p := range ps {
			n += len(p.s)
		}
	}
	var b strings.Builder
	b.Grow(n)
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
			writeSpaces(&b, p.x-col)
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

// spaces are written from, a slice at a time.
const spaces = "                                                                                                                                "

// writeSpaces writes n spaces to b.
func writeSpaces(b *strings.Builder, n int) {
	for n > len(spaces) {
		b.WriteString(spaces)
		n -= len(spaces)
	}
	b.WriteString(spaces[:n])
}

// Width is the width of s on screen, styles left out. Nearly all a screen
// measures is styled text of ASCII, Turkish and box-drawing letters, each
// one column wide: that is counted as it is read, and anything else (a
// wide or combining letter, a sequence other than a style's) is measured
// the exact way, by graphemes. Measuring every string by graphemes would
// cost a tenth of a server's CPU (docs/studies/load-runs.md).
func Width(s string) int {
	if w, ok := simpleWidth(s); ok {
		return w
	}
	return ansi.StringWidth(s)
}

// SimpleWidth is the width of s, and true, when every letter in it is
// one column wide on its own and its only sequences are styles (CSI);
// false otherwise (measure it with Width then). A screen that sends part
// of a line needs to know where the part starts, and that no letter
// there joins the one before it (ui/serve/tty's LineScreen).
func SimpleWidth(s string) (int, bool) { return simpleWidth(s) }

// simpleWidth is the width of s when every letter in it is one column
// wide on its own and every escape sequence is a CSI (a style), which
// takes none; ok is false for anything else.
func simpleWidth(s string) (w int, ok bool) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
			w++
			i++
		case c == 0x1b:
			if i+1 >= len(s) || s[i+1] != '[' {
				return 0, false
			}
			j := i + 2
			for j < len(s) && s[j] >= 0x20 && s[j] < 0x40 { // parameters and intermediates
				j++
			}
			if j >= len(s) || s[j] < 0x40 || s[j] > 0x7e {
				return 0, false
			}
			i = j + 1
		case c < 0x80:
			return 0, false // a control character
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !oneColumn(r) {
				return 0, false
			}
			w++
			i += n
		}
	}
	return w, true
}

// oneColumn reports whether r is one column wide and a grapheme of its
// own beside any other such letter: Latin letters with their accents
// precomposed (Turkish ç ğ ı ö ş ü, and the soft hyphen left out),
// general punctuation (… · – •), arrows, box drawing and blocks.
func oneColumn(r rune) bool {
	switch {
	case r >= 0xa1 && r <= 0x2ff:
		return r != 0xad
	case r >= 0x2010 && r <= 0x2027, r >= 0x2190 && r <= 0x21ff, r >= 0x2500 && r <= 0x259f:
		return true
	}
	return false
}

// Fit cuts s to w columns (as Cut does) or pads it with spaces.
func Fit(s string, w int) string {
	sw := Width(s)
	if sw > w {
		s = truncate(s, w)
		sw = Width(s)
	}
	return s + strings.Repeat(" ", w-sw)
}

// Cut cuts s to w columns with an ellipsis, without padding. It cuts
// between words where it can ("the wall ran out; Ayşe …", not "Ayşe
// sho…"): only a word longer than half the room is cut through.
func Cut(s string, w int) string {
	if Width(s) > w {
		return truncate(s, w)
	}
	return s
}

// truncate cuts s, wider than w, to at most w columns ending in an
// ellipsis: after the last space that keeps at least half of w (and
// leaves room for " …"), or through a word when there is none.
func truncate(s string, w int) string {
	if w < 4 {
		return ansi.Truncate(s, w, "…")
	}
	col, at := 0, -1 // at: the column of the last space in reach
	for _, r := range ansi.Strip(s) {
		if col > w-2 {
			break
		}
		if r == ' ' {
			at = col
		}
		col += Width(string(r))
	}
	if at >= w/2 {
		return ansi.Truncate(s, at+2, "…") // the words, the space, the ellipsis
	}
	return ansi.Truncate(s, w, "…")
}

// Right pads s on the left to w columns.
func Right(s string, w int) string {
	s = Cut(s, w)
	return strings.Repeat(" ", w-Width(s)) + s
}

// Center pads s on both sides to w columns.
func Center(s string, w int) string {
	s = Cut(s, w)
	pad := w - Width(s)
	return strings.Repeat(" ", pad/2) + s + strings.Repeat(" ", pad-pad/2)
}

// Wrap breaks text into lines of at most w columns at spaces.
func Wrap(text string, w int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		// Words part at spaces and tabs, never at a no-break space,
		// which holds a tile's words together ("kırmızı 7").
		for _, word := range strings.FieldsFunc(para, func(r rune) bool { return r == ' ' || r == '\t' }) {
			switch {
			case line == "":
				line = word
			case Width(line)+1+Width(word) <= w:
				line += " " + word
			default:
				out = append(out, Cut(line, w))
				line = word
			}
		}
		out = append(out, Cut(line, w))
	}
	return out
}

// Within is s cut to w columns, or s itself when it fits: a line of
// styled pieces that usually fits is measured, not cut.
func Within(s string, w int) string {
	if Width(s) <= w {
		return s
	}
	return Cut(s, w)
}
