package play101

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/ui/table"
)

// Undo (u) at the 101 table, as at the classic one (playclassic's
// Undo): in a casual match the player takes back their own last
// discard of the hand; the match is replayed from its record without
// it and what followed, in a command, and the player discards again
// (or lays more down first: the turn is theirs again where they left
// it). Whether the player may undo now is the app's to say.

// UndoneMsg is the match replayed without the player's last discard
// (Undo), the undo frame's message (table.UndoneMsg).
type UndoneMsg = table.UndoneMsg[*okey101.Game]

// Undo asks for the match without the player's last discard of the
// hand (and all that followed it, the undo counted in its meta),
// replayed in a command (UndoneMsg); nil, with the status line saying
// why, when the hand holds no discard of the player's.
func (t *Table) Undo() tea.Cmd {
	rec := t.G.Record()
	var ok bool
	rec.Actions, ok = table.CutLastDiscard(rec.Actions, rec.Meta, func(a okey101.Action) bool { return a.Kind == okey101.ActNextHand },
		func(a okey101.Action) bool { return a.Kind == okey101.ActDiscard && a.Seat == 0 })
	return table.Undo(t.look, &t.said, ok, t.G.State().Moves(), func() (*okey101.Game, error) { return rec.Replay() })
}

// Undone puts the match back to before the discard msg took back, if
// nothing moved meanwhile (ok): the view, the rack (the tile comes
// back under the cursor), this deal's log as it now stands; the status
// line says so, or why it could not be undone (err: ask the next
// player).
func (t *Table) Undone(msg UndoneMsg) (ok bool, err error) {
	return table.Undone(t.look, &t.said, t.moves(), msg, func(g *okey101.Game) string {
		back := t.G.Record().Actions[len(g.Record().Actions)]
		t.G = g
		t.Refresh()
		t.Relog()
		t.Cursor = t.Rack.Nearest(back.Tile, t.Cursor)
		return t.TileName(back.Tile)
	})
}

// moves is the number of moves the match on the table has made, -1 for
// none on it (a served seat's).
func (t *Table) moves() int {
	if t.G == nil {
		return -1
	}
	return t.G.State().Moves()
}
