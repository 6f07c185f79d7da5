package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/hosting"
	"okey/ui/keymap"
	"okey/ui/table"
)

// tableKey does what a key both games' tables share means
// (table.CommonKey): quitting, the help, the settings, or moving the
// cursor (cur, the game's own). ok is false for a key the
// game on the table decides. Both tables call it before their own keys.
func (m *Model) tableKey(k tea.KeyPressMsg, keys keymap.CommonKeys, cur hosting.Cursor) (tea.Cmd, bool) {
	c := table.CommonKey(k, keys)
	if dx, dy, ok := c.Step(); ok {
		cur.MoveCursor(dx, dy)
		return nil, true
	}
	switch c {
	case table.Quit:
		return m.quit(), true
	case table.Help:
		m.openOverlay(ovHelp)
	case table.Settings:
		m.openSettings()
	default:
		return nil, false
	}
	return nil, true
}

// onClick handles the mouse on the table, while it is on show with
// nothing over it: a click on a tile selects it (or puts the tile
// picked up down there), a click on the wall draws, a click on the
// previous player's stack takes (the game's side says what).
func (m *Model) onClick(msg tea.MouseClickMsg) tea.Cmd {
	if m.screen != scrPlay || m.lay.TooSmall || m.overlay != ovNone {
		return nil
	}
	return m.table().Click(msg, m.scene())
}
