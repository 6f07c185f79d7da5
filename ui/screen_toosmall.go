package ui

import (
	"okey/ui/canvas"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The too-small screen stands in for every screen while the terminal is
// smaller than MinWidth×MinHeight. No key acts on what the player cannot
// see: only quitting (and growing the terminal) does anything.

func (m *Model) updateTooSmall(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, m.keys.TooSmall.Quit) {
		return m.quit()
	}
	return nil
}

func (m *Model) renderTooSmall() string {
	w, h := m.width, m.height
	q := m.keys.TooSmall.Quit.Help()
	lines := canvas.Wrap(m.tr.T("toosmall", MinWidth, MinHeight, w, h)+"\n"+q.Key+" "+q.Desc, max(1, w))
	c := canvas.New(w, h)
	y := max(0, (h-len(lines))/2)
	for i, l := range lines {
		c.Put(max(0, (w-canvas.Width(l))/2), y+i, m.st.Warn.Render(l))
	}
	return c.String()
}
