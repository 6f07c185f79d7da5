package pages

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Info is an information page (the score history, the statistics): its
// lines scroll, and esc, enter or the key that opened it close it. It
// scrolls by the host's Scroll, which the overlays share, so that the
// position survives the page being drawn anew.
type Info struct {
	c      *Common
	scroll *Scroll
	lines  []string
	opener key.Binding
	saved  bool
}

// NewInfo is a page of lines, scrolled by sc, closed also by opener;
// with saved its bar offers the saved matches (the score history).
func NewInfo(c *Common, sc *Scroll, lines []string, opener key.Binding, saved bool) Info {
	return Info{c: c, scroll: sc, lines: lines, opener: opener, saved: saved}
}

// Update scrolls, closes, quits, or opens the saved matches.
func (p Info) Update(k tea.KeyPressMsg) Result {
	keys := p.c.Keys.Info
	switch {
	case p.scroll.Key(k, keys.ScrollKeys, p.c.Lay.Page, p.lines):
		return None
	case key.Matches(k, keys.Quit):
		return Quit
	case p.saved && key.Matches(k, keys.Saved):
		return Saved
	case key.Matches(k, keys.Close, p.opener):
		return Close
	}
	return Unknown
}

// Lines are the page's lines from its scroll.
func (p Info) Lines() []string {
	lines, _ := p.scroll.Visible(p.c.Lay.Page, p.lines)
	return lines
}

// ShortHelp: how to scroll while there is more to see, the saved
// matches on the score history, closing and quitting.
func (p Info) ShortHelp() []key.Binding {
	k := p.c.Keys.Info
	var bar []key.Binding
	if _, more := p.scroll.Visible(p.c.Lay.Page, p.lines); more {
		bar = append(bar, k.Scroll, k.Page)
	}
	if p.saved {
		bar = append(bar, k.Saved)
	}
	return append(bar, k.Close, k.Quit)
}

// ScoreLines are the score history's page, the same in both games: the
// title, then the game's table of every hand so far (or a word that
// there is none yet), then after (a served match's commitment).
func ScoreLines(c *Common, title string, table, after []string) []string {
	out := []string{c.St.Title.Render(title), ""}
	if len(table) == 0 {
		out = append(out, c.St.Dim.Render(c.Tr.T("scores.none")))
	} else {
		out = append(out, table...)
	}
	return append(out, after...)
}
