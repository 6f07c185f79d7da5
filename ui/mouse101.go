package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/layout"
)

// onClick101 handles the mouse on the 101 table (play101.Table.Click),
// while the table is on show with nothing over it.
func (m *Model) onClick101(msg tea.MouseClickMsg) tea.Cmd {
	if m.screen != scrPlay || m.lay.TooSmall || m.overlay != ovNone {
		return nil
	}
	return m.do101(m.t.Click(msg, layout.NewTable101(m.width, m.height), m.at101()), tea.KeyPressMsg{})
}
