package ui

import (
	"okey/game/tile"

	tea "charm.land/bubbletea/v2"
)

// onClick handles the mouse on the table: a click on a tile selects it
// (or puts the tile picked up down there), a click on the wall draws, a
// click on the previous player's stack takes.
func (m *Model) onClick(msg tea.MouseClickMsg) tea.Cmd { return m.table().click(msg) }

// onClickClassic is onClick at classic Okey's table.
func (m *Model) onClickClassic(msg tea.MouseClickMsg) tea.Cmd {
	mo := msg.Mouse()
	if mo.Button != tea.MouseLeft || m.screen != scrPlay || m.lay.TooSmall || m.overlay != ovNone {
		return nil
	}
	m.flash = ""
	l := m.lay
	if i := l.SlotAt(mo.X, mo.Y); i >= 0 {
		m.c.Cursor = i
		if m.c.Held >= 0 {
			m.c.Pick()
			return m.saveCmd()
		}
		if t := m.c.Rack.Slots[i]; t != tile.NoTile {
			m.setFlash(false, m.tr.T("status.selected", m.tileName(t)))
		}
		return nil
	}
	if l.Wall.Contains(mo.X, mo.Y) {
		return m.tryDraw()
	}
	if l.Corner(m.c.View.Previous).Contains(mo.X, mo.Y) {
		return m.tryTake()
	}
	return nil
}
