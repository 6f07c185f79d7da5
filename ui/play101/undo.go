package play101

import (
	"okey/game/okey101"
	"okey/ui/table"
)

// Undone is the record of g without the player's last discard of the
// hand and all that followed it, the undo counted in its meta (the
// table's undo frame, table.LastOwnDiscard); false when the hand holds
// no discard of the player's.
func Undone(g *okey101.Game) (okey101.Record, bool) {
	rec := g.Record()
	last := table.LastOwnDiscard(rec.Actions, func(a okey101.Action) bool { return a.Kind == okey101.ActNextHand },
		func(a okey101.Action) bool { return a.Kind == okey101.ActDiscard && a.Seat == 0 })
	if last < 0 {
		return rec, false
	}
	table.CountUndo(rec.Meta)
	rec.Actions = rec.Actions[:last]
	return rec, true
}
