package table

import (
	"charm.land/lipgloss/v2"

	"okey/ui/theme"
)

// Style names a style of the sheet, for the cache of drawn text.
type Style uint8

// The styles a table paints its words in.
const (
	Text Style = iota
	Dim
	Bold
	Title
	Accent
	Warn
	Good
	Key
	Okey
	Turn
)

// paintKey is a text drawn in a style.
type paintKey struct {
	st Style
	s  string
}

// maxPainted bounds the cache of drawn text (a screen draws a few
// hundred pieces).
const maxPainted = 4096

// Painter is the cache of drawn text: most of what a table writes (names,
// melds, the log, the stacks' words) stays the same from one frame to the
// next, and lipgloss's Render looks up margins, borders and padding for
// every string (a tenth of a server's CPU, docs/studies/load-runs.md).
// The cache goes with the style sheet it was drawn in: a new sheet (a
// theme, a background) empties it. The zero value is ready to use; one
// Painter serves both games' tables and the screens between hands.
type Painter struct {
	painted map[paintKey]string
	sheet   *theme.Styles
}

// fresh empties the cache when the sheet changed or it grew too big.
func (p *Painter) fresh(sheet *theme.Styles) {
	if p.sheet != sheet || len(p.painted) > maxPainted {
		p.painted, p.sheet = map[paintKey]string{}, sheet
	}
}

// Paint is s drawn in style id of sheet, drawn once and looked up
// after.
func (p *Painter) Paint(sheet *theme.Styles, id Style, s string) string {
	p.fresh(sheet)
	k := paintKey{id, s}
	if d, ok := p.painted[k]; ok {
		return d
	}
	d := styleOf(sheet, id).Render(s)
	p.painted[k] = d
	return d
}

// Drawn is a piece drawn by draw, kept under key for the sheet: for
// pieces drawn of several styles (a panel's edge with its title) that
// stay the same while their key does.
func (p *Painter) Drawn(sheet *theme.Styles, key string, draw func() string) string {
	p.fresh(sheet)
	k := paintKey{Text, "\x00" + key}
	if d, ok := p.painted[k]; ok {
		return d
	}
	d := draw()
	p.painted[k] = d
	return d
}

// styleOf is the sheet's style id.
func styleOf(sheet *theme.Styles, id Style) lipgloss.Style {
	switch id {
	case Dim:
		return sheet.Dim
	case Bold:
		return sheet.Bold
	case Title:
		return sheet.Title
	case Accent:
		return sheet.Accent
	case Warn:
		return sheet.Warn
	case Good:
		return sheet.Good
	case Key:
		return sheet.Key
	case Okey:
		return sheet.Okey
	case Turn:
		return sheet.Turn
	}
	return sheet.Text
}
