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

// undo carries out the undo the side of the game on the table built
// (cmd: the Reply's Cmd with table.ReqUndo, built when the scene let
// it, hosting.Scene.MayUndo), or says why the player may not (the
// screen only looks, the match is not casual, no hand is being played);
// the bots' questions under way are let go when it goes.
func (m *Model) undo(cmd tea.Cmd) tea.Cmd {
	switch {
	case m.readOnly:
		m.setFlash(true, m.tr.T("status.readonly"))
		return nil
	case !m.casual:
		m.setFlash(true, m.tr.T("status.undo.off"))
		return nil
	case !m.table().Phase().Playing:
		m.setFlash(true, m.tr.T("status.undo.none"))
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
