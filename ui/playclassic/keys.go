package playclassic

import (
	"charm.land/bubbles/v2/key"

	"okey/game"
	"okey/game/tile"
)

// MoveKeys are the keys of the move the player may make now, for the
// front of the key bar: draw and take (end the hand at an empty wall),
// or discard and finish; none out of turn.
func (t *Table) MoveKeys() []key.Binding {
	v := &t.View
	k := t.host.Keys().Table
	switch {
	case v.MyTurn() && v.Stage == game.MustDraw && v.WallLeft == 0:
		end := k.Draw
		end.SetHelp(k.Draw.Help().Key, t.tr().T("key.endhand"))
		if v.Top(v.Previous) != tile.NoTile {
			return []key.Binding{end, k.Take}
		}
		return []key.Binding{end}
	case v.MyTurn() && v.Stage == game.MustDraw:
		return []key.Binding{k.Draw, k.Take}
	case v.MyTurn():
		return []key.Binding{k.Discard, k.Finish}
	}
	return nil
}
