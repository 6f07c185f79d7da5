package play101

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/ui/rack"
	"okey/ui/table"
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
	if t.look.Touch && v.MyTurn() && v.Stage != okey101.StageFirst && v.Stage != okey101.StageDraw {
		// Standing up the bar has room for three or four: a second tap
		// selects, a tap on a meld lays off or takes an okey back, so
		// the bar keeps what only it does, discarding first.
		switch {
		case v.Legal.GiveBack:
			return []key.Binding{k.GiveBack, k.AddGroup, lay, k.Finish}
		default:
			return []key.Binding{k.Discard, k.AddGroup, lay, k.Finish}
		}
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

// Key handles a key on the table that is 101's own (no place being
// chosen, no page over it, not a key both tables share); conf is what the key before asked to confirm (TakeConfirm).
func (t *Table) Key(k tea.KeyPressMsg, conf Confirm, at At) Outcome {
	keys := t.look.Keys.Table101
	if conf.Kind != ConfirmNone && key.Matches(k, keys.Cancel) {
		// esc answers the question asked: say so, rather than
		// "nothing to cancel".
		if conf.Kind == ConfirmDiscard {
			t.said.Flash(false, t.tr().T("t101.confirm.kept", t.TileName(t.Rack.Slots[conf.Slot])))
		} else {
			t.said.Flash(false, t.tr().T("t101.confirm.nofinish"))
		}
		return Outcome{}
	}
	// Quitting, the help, the settings and the cursor keys mean the same
	// at both tables: the app reads them first (table.CommonKey).
	switch {
	case key.Matches(k, keys.Pick):
		t.Pick()
		return ask(table.ReqSave)
	case key.Matches(k, keys.Select):
		t.ToggleSelect(t.Cursor)
		return ask(table.ReqSave)
	case key.Matches(k, keys.Cancel):
		t.Cancel()
		return ask(table.ReqSave)
	case key.Matches(k, keys.Draw):
		return t.TryDraw(at)
	case key.Matches(k, keys.Take):
		return t.TryTake(at)
	case key.Matches(k, keys.GiveBack):
		return t.tryGiveBack(at)
	case key.Matches(k, keys.Undo):
		return ask(table.ReqUndo)
	case key.Matches(k, keys.AddGroup):
		t.AddGroup()
		return ask(table.ReqSave)
	case key.Matches(k, keys.Lay):
		return t.tryLay(at)
	case key.Matches(k, keys.LayOff):
		return t.TryOnTable(okey101.ActLayOff, -1, at)
	case key.Matches(k, keys.TakeBack):
		return t.TryOnTable(okey101.ActTakeBack, -1, at)
	case key.Matches(k, keys.Discard):
		return t.tryDiscard(t.Cursor, conf, at)
	case key.Matches(k, keys.Finish):
		return t.tryFinish(conf, at)
	case key.Matches(k, keys.SortColour):
		an := t.View.Analyzer
		t.Arrange(rack.ByColour(t.Rack.Tiles(), an.PlaysAs, an.IsOkey), nil, "status.sorted.colour")
		return ask(table.ReqSave)
	case key.Matches(k, keys.SortValue):
		an := t.View.Analyzer
		t.Arrange(rack.ByValue(t.Rack.Tiles(), an.PlaysAs, an.IsOkey), nil, "status.sorted.value")
		return ask(table.ReqSave)
	case key.Matches(k, keys.Runs):
		return t.arrangeMelds(false)
	case key.Matches(k, keys.Pairs):
		return t.arrangeMelds(true)
	case key.Matches(k, keys.Hint):
		return Outcome{Cmd: t.AskHint(at.State)}
	case key.Matches(k, keys.Browse):
		return ask(table.ReqBrowse)
	case key.Matches(k, keys.Scores):
		return ask(table.ReqScores)
	case key.Matches(k, keys.Stats):
		return ask(table.ReqStats)
	}
	return ask(table.ReqUnknown)
}
