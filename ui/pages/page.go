package pages

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/keymap"
	"okey/ui/layout"
	"okey/ui/theme"
)

// Common is what every page is drawn with: the player's words, the
// style sheet, the key map and the screen's layout. The host keeps one
// and hands it to the pages, so a page needs nothing of the Model.
type Common struct {
	Tr   *i18n.Catalog
	St   *theme.Styles
	Keys *keymap.KeyMap
	Lay  layout.Screen
}

// SetSize lays the screen out anew for a w×h terminal.
func (c *Common) SetSize(w, h int) { c.Lay = layout.NewScreen(w, h) }

// TextW is the width a page's text wraps at.
func (c *Common) TextW() int { return c.Lay.Page.W - layout.PageX }

// Result is what a key on a page asks of its host.
type Result uint8

const (
	// None: the page handled the key (or it meant nothing there).
	None Result = iota
	// Close: go back to the screen the page was opened from (or on).
	Close
	// Quit: save and stop.
	Quit
	// Unknown: the key means nothing on the page; the host may say so.
	Unknown
	// Saved: open the saved matches (from the score history).
	Saved
	// Save: the form is to be saved (the host checks and applies it).
	Save
	// Cancel: leave the form, saying nothing was saved.
	Cancel
	// Open: open what is chosen (a saved match's review; the match
	// found saved, resumed).
	Open
	// NewMatch: start a new match.
	NewMatch
	// SwitchGame: switch the game of the next new match.
	SwitchGame
	// Coach: open the coach's review of what was played.
	Coach
	// Next: go on to the next hand (or the final table).
	Next
)

// Component is a page the host shows: it answers keys with a Result,
// draws its lines for the page area and names the keys of its bar.
// Modelled on soft-serve's pkg/ui common.Component, shrunk to what a
// page between hands needs: the host owns the frame, the header and
// the message line.
type Component interface {
	// Update handles a key.
	Update(k tea.KeyPressMsg) Result
	// Lines are the page's lines for the page area.
	Lines() []string
	// ShortHelp are the keys of the bar under the page, most needed
	// first.
	ShortHelp() []key.Binding
}

// Frame draws a page between hands at the screen's size: the header on
// the top line, the lines in the page area (centred up and down, cut at
// its foot and to its width), the message when there is one (its lines
// joined by "\n": FlashLines; more than one take the page's last lines),
// and the bar at the bottom.
func Frame(l layout.Screen, header string, lines []string, flash, bar string) string {
	c := canvas.New(l.W, l.H)
	c.Put(0, 0, header)
	p := l.Page
	// A message of several lines (a question wrapped, FlashLines) takes
	// the page's last lines, above the message line.
	said := strings.Split(flash, "\n")
	if flash == "" {
		said = nil
	}
	if extra := min(len(said)-1, p.H-1); extra > 0 {
		said = said[len(said)-1-extra:]
		p.H -= extra
	}
	if len(lines) > p.H {
		lines = lines[:p.H]
	}
	y := p.Y + max(0, (p.H-len(lines))/2)
	for i, s := range lines {
		c.Put(p.X, y+i, canvas.Cut(s, p.W))
	}
	for i, s := range said {
		c.Put(l.Flash.X, l.Flash.Y-len(said)+1+i, s)
	}
	c.Put(l.Help.X, l.Help.Y, bar)
	return c.String()
}

// FlashLines is a page's message wrapped to w columns (a question is
// not cut at 80), each line drawn with st, at most n lines, joined for
// Frame.
func FlashLines(msg string, w, n int, st lipgloss.Style) string {
	lines := canvas.Wrap(msg, w)
	if len(lines) > n {
		lines = lines[:n]
	}
	for i, s := range lines {
		lines[i] = st.Render(s)
	}
	return strings.Join(lines, "\n")
}
