package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/ui/stats"
	"okey/ui/table"
)

// Undo (u) takes back the player's own last discard of the hand, in a
// casual match: one started with the Undo setting on, which its record
// says (meta undo=on) and counts (meta undos), and the header shows.
// The match is replayed from its record without that discard and what
// followed, in a command; the player then discards again.

// Meta keys of a casual match's record.
const (
	metaUndo  = stats.MetaUndo
	metaUndos = table.MetaUndos
)

// undoneMsg is the match replayed without the player's last discard;
// from is the number of moves it was asked at.
type undoneMsg struct {
	from int
	g    *game.Game
	err  error
}

// undo asks for the match without the player's last discard.
func (m *Model) undo() tea.Cmd {
	if !m.mayUndo(m.c.View.Phase == game.Playing) {
		return nil
	}
	rec := m.c.G.Record()
	last := table.LastOwnDiscard(rec.Actions, func(a game.Action) bool { return a.Kind == game.ActNextHand },
		func(a game.Action) bool { return a.Kind == game.ActDiscard && a.Seat == 0 })
	if last < 0 {
		m.setFlash(true, m.tr.T("status.undo.none"))
		return nil
	}
	m.cancelBots()
	table.CountUndo(rec.Meta)
	rec.Actions = rec.Actions[:last]
	from := m.c.G.State().Moves()
	return func() tea.Msg {
		g, err := game.Replay(rec)
		return undoneMsg{from: from, g: g, err: err}
	}
}

// mayUndo reports whether the player may take a discard back now, at
// either game's table (playing: a hand is being played), and says why
// not when they may not.
func (m *Model) mayUndo(playing bool) bool {
	switch {
	case m.readOnly:
		m.setFlash(true, m.tr.T("status.readonly"))
	case !m.casual:
		m.setFlash(true, m.tr.T("status.undo.off"))
	case !playing:
		m.setFlash(true, m.tr.T("status.undo.none"))
	default:
		return true
	}
	return false
}

// onUndone puts the match back to before the discard, if nothing moved
// meanwhile.
func (m *Model) onUndone(msg undoneMsg) tea.Cmd {
	if m.c.G == nil || m.c.G.State().Moves() != msg.from {
		return nil // the table moved on: nothing to take back now
	}
	if msg.err != nil {
		m.setFlash(true, m.tr.T("status.refused", m.reason(msg.err)))
		return m.nextTurn()
	}
	back := m.c.G.Record().Actions[len(msg.g.Record().Actions)]
	m.c.G = msg.g
	rec := m.c.G.Record()
	m.rec = rec.Marshal()
	m.refresh()
	m.c.Log = m.c.Log[:0] // this hand's moves, as they now stand
	for i, e := range m.c.View.History {
		m.addLog(e, i)
	}
	m.cursorOn(back.Tile)
	m.setFlash(false, m.tr.T("status.undone", m.tileName(back.Tile)))
	return m.saveCmd()
}
