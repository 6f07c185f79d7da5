package ui

import (
	"okey/ui/stats"
	"okey/ui/table"
)

// Undo (u) takes back the player's own last discard of the hand, in a
// casual match: one started with the Undo setting on, which its record
// says (meta undo=on) and counts (meta undos), and the header shows.
// The match is replayed from its record without that discard and what
// followed, in a command; the player then discards again (each game's
// side of the table does it: playclassic.Table.Undo, undo101.go).

// Meta keys of a casual match's record.
const (
	metaUndo  = stats.MetaUndo
	metaUndos = table.MetaUndos
)

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
