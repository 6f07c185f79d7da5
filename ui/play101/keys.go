package play101

import (
	"charm.land/bubbles/v2/key"

	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// MoveKeys are the keys of the moves the player may make now, for the
// front of the key bar: out of turn, choosing groups; at the first
// turn, the discard; then the draw and take, or the groups, the
// opening or laying down, laying off, taking an okey back, giving a
// tile back, the discard and the finish.
func (t *Table) MoveKeys() []key.Binding {
	v := &t.View
	k := t.look.Keys.Table101
	lay := k.Lay
	notOpened := v.Opened[0].Status == meld.NotOpened
	if notOpened {
		lay.SetHelp(k.Lay.Help().Key, t.tr().T("key.open"))
	}
	switch {
	case !v.MyTurn():
		return []key.Binding{k.Select, k.AddGroup}
	case v.Stage == okey101.StageFirst:
		return []key.Binding{k.Discard}
	case v.Stage == okey101.StageDraw && v.Legal.Take:
		return []key.Binding{k.Draw, k.Take}
	case v.Stage == okey101.StageDraw:
		return []key.Binding{k.Draw}
	case v.Legal.GiveBack && notOpened:
		// f finishes with the tile taken too (the hint's "take it,
		// then f shows how").
		return []key.Binding{k.Select, k.AddGroup, lay, k.GiveBack, k.Finish}
	case v.Legal.GiveBack:
		return []key.Binding{k.Select, k.AddGroup, lay, k.LayOff, k.GiveBack, k.Finish}
	case notOpened:
		return []key.Binding{k.Select, k.AddGroup, lay, k.Discard, k.Finish}
	}
	return []key.Binding{k.Select, k.AddGroup, lay, k.LayOff, k.TakeBack, k.Discard, k.Finish}
}
