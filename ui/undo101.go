package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/ui/play101"
)

// Undo (u) at the 101 table, as at the classic one (undo.go): in a
// casual match the player takes back their own last discard of the
// hand; the match is replayed from its record without it and what
// followed, in a command, and the player discards again (or lays more
// down first: the turn is theirs again where they left it).

// undone101Msg is the match of 101 replayed without the player's last
// discard; from is the number of moves it was asked at.
type undone101Msg struct {
	from int
	g    *okey101.Game
	err  error
}

// undo101 asks for the match without the player's last discard.
func (m *Model) undo101() tea.Cmd {
	t := m.t
	if !m.mayUndo(t.View.Phase == okey101.Playing) {
		return nil
	}
	rec, ok := play101.Undone(t.G)
	if !ok {
		m.setFlash(true, m.tr.T("status.undo.none"))
		return nil
	}
	m.cancelBots()
	from := t.G.State().Moves()
	return func() tea.Msg {
		g, err := okey101.Replay(rec)
		return undone101Msg{from: from, g: g, err: err}
	}
}

// onUndone101 puts the match back to before the discard, if nothing
// moved meanwhile: the record, the view, the rack (the tile comes back
// under the cursor), this deal's log as it now stands.
func (m *Model) onUndone101(msg undone101Msg) tea.Cmd {
	t := m.t
	if t == nil || t.G.State().Moves() != msg.from {
		return nil // the table moved on: nothing to take back now
	}
	if msg.err != nil {
		m.setFlash(true, m.tr.T("status.refused", m.reason(msg.err)))
		return m.nextTurn()
	}
	back := t.G.Record().Actions[len(msg.g.Record().Actions)]
	t.G = msg.g
	rec := t.G.Record()
	m.rec = rec.Marshal()
	t.Refresh()
	t.Relog()
	t.Cursor = t.Rack.Nearest(back.Tile, t.Cursor)
	m.setFlash(false, m.tr.T("status.undone", m.t.TileName(back.Tile)))
	return m.saveCmd()
}
