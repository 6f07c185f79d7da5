package ui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/play101"
)

// The hint (h) at the 101 table is the hard bot's whole turn from the
// player's view (play101.Hint, bots101.Turn), one plan put into words a
// step at a time, each step naming its tiles, with why (the best
// opening and how far it is from the threshold, the pairs, what the
// previous discard would do). The cursor goes onto the first tile to
// play (e, k or x plays it); melds to lay down first become the groups
// on the rack (l lays them). It is worked out in a command, with a
// solver of its own, and dropped if the table has moved on meanwhile.

// hint101Msg is the hint for the position numbered moves.
type hint101Msg struct {
	id    uint64
	moves int
	facts play101.Facts
}

// hint101 asks for the hint.
func (m *Model) hint101() tea.Cmd {
	t := m.t
	if t.View.Phase != okey101.Playing {
		m.setFlash(true, m.tr.T("status.hint.none"))
		return nil
	}
	t.HintID++
	st := m.state101()
	id, moves := t.HintID, st.Moves()
	m.setFlash(false, m.tr.T("status.hint.thinking"))
	return func() tea.Msg {
		var sv meld.Solver
		view := st.View(0) // a State is a value Apply never changes
		return hint101Msg{id: id, moves: moves, facts: play101.Hint(&view, &sv)}
	}
}

// onHint101 tells the hint, if the table is still where it was asked.
func (m *Model) onHint101(msg hint101Msg) {
	t := m.t
	if t == nil || msg.id != t.HintID || m.state101().Moves() != msg.moves || m.screen != scrPlay {
		return
	}
	f := &msg.facts
	// The cursor goes onto the first tile the plan plays with a key of
	// its own (a lay-off, a take-back or the discard), so e, k or x
	// plays it.
	if x := f.CursorTile(); x != tile.NoTile && t.Rack.Slots[t.Cursor] != x {
		if i := slices.Index(t.Rack.Slots[:], x); i >= 0 {
			t.Cursor = i
		}
	}
	txt := m.t.HintText(f)
	// When the plan starts by laying melds down (an opening, or more
	// melds), they become the groups on the rack, so that l lays down
	// exactly those (s and p lay out their own, which may differ).
	if f.Mine && f.Stage == okey101.StagePlay && len(f.Plan) > 0 {
		a := f.Plan[0]
		if (a.Kind == okey101.ActOpen || a.Kind == okey101.ActLay) && !play101.Finishes(&t.View, f.Plan) &&
			m.t.GroupsOnRack(a.Melds, "status.hint.thinking", true) {
			if len(a.Melds) == 1 {
				txt += " " + m.tr.T("t101.hint.grouped.one")
			} else {
				txt += " " + m.tr.T("t101.hint.grouped")
			}
		}
	}
	m.setFlash(false, txt)
}
