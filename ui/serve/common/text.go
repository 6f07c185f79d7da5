package common

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"okey/kit/safetext"
	"okey/ui/layout"
	"okey/ui/theme"
)

// The lines of a page: its key bar, lines cut and padded to columns.

// KeyBar is the keys of a page, as the bottom line.
func KeyBar(st *theme.Styles, bs []key.Binding) string {
	return strings.Join(KeyParts(st, bs), st.Dim.Render(keySep))
}

// keySep goes between the keys of a bar.
const keySep = " • "

// KeyParts are a bar's keys drawn, the ones switched off left out.
func KeyParts(st *theme.Styles, bs []key.Binding) []string {
	parts := make([]string, 0, len(bs))
	for _, b := range bs {
		if b.Enabled() {
			parts = append(parts, st.Key.Render(b.Help().Key)+" "+st.Dim.Render(b.Help().Desc))
		}
	}
	return parts
}

// MaxKeyLines is the most lines a page's keys take at the bottom, but
// where two lines cannot hold them on a narrow terminal
// (MaxKeyLinesNarrow: a guest's lobby at 80 columns).
// On a terminal standing up (narrower than layout.MinWidth) the keys
// take up to MaxKeyLinesStanding lines, so that none is cut.
const (
	MaxKeyLines         = 2
	MaxKeyLinesNarrow   = 3
	MaxKeyLinesStanding = 6
)

// KeyLines are the keys of a page as the bottom lines, width columns
// wide: one line when they fit, else two of about the same width,
// broken between keys, never inside one, else three (PackKeys).
func KeyLines(st *theme.Styles, bs []key.Binding, width int) []string {
	parts := KeyParts(st, bs)
	sep := st.Dim.Render(keySep)
	join := func(ps []string) string { return strings.Join(ps, sep) }
	if len(parts) < 2 || ansi.StringWidth(join(parts)) <= width {
		return []string{safetext.CutWidth(join(parts), width)}
	}
	// The break that makes the wider line narrowest.
	best, bestW := 1, -1
	for i := 1; i < len(parts); i++ {
		w := max(ansi.StringWidth(join(parts[:i])), ansi.StringWidth(join(parts[i:])))
		if bestW < 0 || w < bestW {
			best, bestW = i, w
		}
	}
	if bestW > width {
		// Two lines cannot hold them (a guest's lobby at 80 columns:
		// its first line was cut at "t lead"): as many lines as they
		// need, filled in order, never a key cut.
		return PackKeys(parts, sep, width)
	}
	out := []string{join(parts[:best]), join(parts[best:])}
	for i := range out[:MaxKeyLines] {
		out[i] = safetext.CutWidth(out[i], width)
	}
	return out
}

// PackKeys fills lines of width columns with a bar's keys in order,
// breaking between keys, at most MaxKeyLinesNarrow lines (the last cut
// if even they cannot hold them all).
func PackKeys(parts []string, sep string, width int) []string {
	var out []string
	line := ""
	for _, p := range parts {
		switch {
		case line == "":
			line = p
		case ansi.StringWidth(line+sep+p) <= width:
			line += sep + p
		default:
			out = append(out, line)
			line = p
		}
	}
	out = append(out, line)
	most := MaxKeyLinesNarrow
	if width < layout.MinWidth {
		most = MaxKeyLinesStanding
	}
	if len(out) > most {
		out[most-1] = strings.Join(out[most-1:], sep)
		out = out[:most]
	}
	for i := range out {
		out[i] = safetext.CutWidth(out[i], width)
	}
	return out
}

// ReplaceLine puts line in place of line y of a screen. It finds the
// line's ends and copies the screen once, not split into its lines and
// joined again: a seat's frame may pass here several times.
func ReplaceLine(screen string, y int, line string) string {
	if y < 0 {
		return screen
	}
	start := 0
	for range y {
		i := strings.IndexByte(screen[start:], '\n')
		if i < 0 {
			return screen
		}
		start += i + 1
	}
	end := len(screen)
	if i := strings.IndexByte(screen[start:], '\n'); i >= 0 {
		end = start + i
	}
	return screen[:start] + line + screen[end:]
}

// PadTo cuts or pads s to w columns.
func PadTo(s string, w int) string {
	s = safetext.CutWidth(s, w)
	return s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
}

// PadLeft pads s to w columns on the left.
func PadLeft(s string, w int) string {
	return strings.Repeat(" ", max(0, w-ansi.StringWidth(s))) + s
}

// NameColumn is the width of a player's name in the boards' columns
// (the leaderboard's and the daily's), which line up the same.
const NameColumn = 14
