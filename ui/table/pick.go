package table

import (
	"okey/game/tile"
	"okey/ui/rack"
)

// PickAt is the space key at either game's table: with no tile held it
// picks up the one at cursor (held is set), and with one held it puts it
// down, reporting the slot it comes from for the caller to move (ok
// false when it goes back where it was). It says what it did on the
// status line (said), naming tiles with name.
func PickAt(l *Look, said *Said, r *rack.Rack, cursor int, held *int, name func(tile.Tile) string) (from int, ok bool) {
	tr := l.Words.Tr
	if *held < 0 {
		t := r.Slots[cursor]
		if t == tile.NoTile {
			said.Flash(true, tr.T("status.pick.empty"))
			return 0, false
		}
		*held = cursor
		said.Flash(false, tr.T(l.Tap("status.picked"), name(t)))
		return 0, false
	}
	from, *held = *held, -1
	if from == cursor {
		said.Flash(false, tr.T("status.putback"))
		return 0, false
	}
	return from, true
}
