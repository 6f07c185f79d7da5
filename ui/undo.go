package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/hosting"
)

// Undo (u) takes back the player's own last discard of the hand, in a
// casual match: one started with the Undo setting on, which its record
// says (meta undo=on) and counts (meta undos), and the header shows.
// The match is replayed from its record without that discard and what
// followed, in a command; the player then discards again. Each game's
// side of the table does it (playclassic's and play101's Table.Undo
// and Undone); whether the player may, and the save after, are the
// same at both tables, here.

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

// undo carries out the undo the side of the game on the table built
// (cmd: the Reply's Cmd with table.ReqUndo, built when the scene let
// it, hosting.Scene.MayUndo), or says why the player may not; the bots'
// questions under way are let go when it goes.
func (m *Model) undo(cmd tea.Cmd) tea.Cmd {
	if !m.mayUndo(m.table().Phase().Playing) {
		return nil
	}
	if cmd != nil {
		m.cancelBots()
	}
	return cmd
}

// onUndone saves the match an undo put back (ok: the game's side took
// it in); when it could not be put back (err), the next player is
// asked, as the undo let the bots' questions go.
func (m *Model) onUndone(u *hosting.Undone) tea.Cmd {
	switch {
	case u.Err != nil:
		return m.nextTurn()
	case !u.OK:
		return nil
	}
	m.rec = u.Record
	return m.saveCmd()
}
