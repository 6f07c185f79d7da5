package ui

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/play101"
)

// The hint (h) at the 101 table is the exact analysis of the player's
// view: whether the rack can finish this turn, the best opening it holds
// and how far it is from the threshold (and the pairs), then the rest of
// the turn as one plan (play101.TurnPlan): the melds to lay down, the tiles to
// lay off after them, the okeys to take back, and the discard left
// (never one that costs 101 while another does not, on the table as the
// plan leaves it; the cursor goes onto the first tile to play, so i or
// x plays it). It is worked out in a command, with a solver of its own,
// and dropped if the table has moved on meanwhile.

// hint101Msg is the hint for the position numbered moves.
type hint101Msg struct {
	id    uint64
	moves int
	facts play101.Facts
}

// hint101 asks for the hint.
func (m *Model) hint101() tea.Cmd {
	t := m.t
	if t.view.Phase != okey101.Playing {
		m.setFlash(true, m.tr.T("status.hint.none"))
		return nil
	}
	t.hintID++
	st := m.state101()
	id, moves := t.hintID, st.Moves()
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
	if t == nil || msg.id != t.hintID || m.state101().Moves() != msg.moves || m.screen != scrPlay {
		return
	}
	f := &msg.facts
	// The cursor goes onto the first tile the hint says to play: a
	// lay-off, else an okey to take back, else the discard.
	if x := f.CursorTile(); x != tile.NoTile && t.rack.Slots[t.cursor] != x {
		if i := slices.Index(t.rack.Slots[:], x); i >= 0 {
			t.cursor = i
		}
	}
	m.setFlash(false, m.hintText101(f))
}

// hintText101 puts the hint's facts into words.
func (m *Model) hintText101(f *play101.Facts) string {
	switch {
	case f.TakeFinish:
		return m.tr.T("t101.hint.take.finish", m.tileCase101(f.Top, i18n.Accusative))
	case f.TakeOpen:
		return m.tr.T("t101.hint.take.open", m.tileCase101(f.Top, i18n.Accusative), f.TakeOpenValue)
	case len(f.TakeMeld) > 0:
		return m.tr.T("t101.hint.take.meld", m.tileCase101(f.Top, i18n.Accusative), m.tilesText(f.TakeMeld))
	case f.TakeLayOff:
		return m.tr.T("t101.hint.take.layoff", m.tileCase101(f.Top, i18n.Accusative))
	case f.Finish != nil:
		return m.tr.T("t101.hint.finish") + " " + m.planText101(*f.Finish)
	}
	var say []string
	first := f.Mine && f.Stage == okey101.StageFirst
	switch {
	case f.Mine && f.Stage == okey101.StageDraw:
		say = append(say, m.tr.T("t101.hint.draw"))
	case first:
		// The dealer's first turn is a discard only: "you can open"
		// alone sent a newcomer to l, refused.
		say = append(say, m.tr.T("t101.hint.first"))
	}
	v := &m.t.view
	switch f.Opened {
	case meld.NotOpened:
		o := f.Opening
		switch {
		case o.Reaches(v.Threshold) && first:
			say = append(say, m.tr.T("t101.hint.open.next", o.Value, m.meldsText(o.Melds)))
		case o.Reaches(v.Threshold):
			say = append(say, m.tr.T("t101.hint.open.ok", o.Value, m.meldsText(o.Melds)))
		case o.Value > 0:
			say = append(say, m.tr.T("t101.hint.open.short", o.Value, v.Threshold-o.Value))
		default:
			say = append(say, m.tr.T("t101.hint.open.none"))
		}
		if f.Pairs >= okey101.MinPairs {
			say = append(say, m.tr.T("t101.hint.pairs.ok", f.Pairs))
		} else if f.Pairs >= okey101.MinPairs-2 {
			say = append(say, m.tr.T("t101.hint.pairs", f.Pairs, okey101.MinPairs))
		}
		if len(f.AfterOpen) > 0 {
			say = append(say, m.tr.T("t101.hint.layoffs.after", m.tilesText(f.AfterOpen)))
		}
	default:
		if len(f.Lay) > 0 {
			// Say how: s (or p) makes the melds the groups, l lays
			// them down; "you can lay down R6 R6" alone left a
			// newcomer pressing l on nothing.
			key := "t101.hint.lay.runs"
			if f.Opened == meld.OpenedPairs {
				key = "t101.hint.lay.pairs"
			}
			say = append(say, m.tr.T(key, m.meldsText(f.Lay)))
		}
		cur := f.CursorTile()
		if len(f.LayOffs) > 0 {
			key := "t101.hint.layoffs"
			if cur == f.LayOffs[0] && f.Stage == okey101.StagePlay {
				key = "t101.hint.layoffs.cursor"
			}
			say = append(say, m.tr.T(key, m.tilesText(f.LayOffs)))
		}
		if len(f.Backs) > 0 {
			key := "t101.hint.takebacks"
			if len(f.LayOffs) == 0 && cur == f.Backs[0] && f.Stage == okey101.StagePlay {
				key = "t101.hint.takebacks.cursor"
			}
			say = append(say, m.tr.T(key, m.tilesText(f.Backs)))
		}
	}
	if f.Discard != tile.NoTile {
		// After a tile to play first the cursor is on that one (a
		// lay-off of the other K2, say), not on the discard.
		then := f.CursorTile() != f.Discard || f.CursorFirst()
		key := "t101.hint.discard"
		switch {
		case f.DiscardCosts && then:
			key = "t101.hint.discard.costs.then"
		case f.DiscardCosts:
			key = "t101.hint.discard.costs"
		case then:
			key = "t101.hint.discard.then"
		}
		say = append(say, m.tr.T(key, m.tileCase101(f.Discard, i18n.Accusative)))
	}
	if f.Owed != tile.NoTile {
		say = append(say, m.tr.T("t101.hint.owed", m.tileCase101(f.Owed, i18n.Accusative)))
	}
	if !f.Mine {
		say = append(say, m.tr.T("t101.hint.wait"))
	}
	for i := range say { // each a sentence of its own
		say[i] = m.upFirst(say[i])
	}
	return strings.Join(say, " ")
}

// planText101 says what a finish does: "opens (112), lays down 2
// melds, lays off 3 tiles, takes 1 okey back, then discards B13".
func (m *Model) planText101(p meld.Plan) string {
	var parts []string
	lays, offs, backs := 0, 0, 0
	for _, st := range p.Steps {
		switch st.Kind {
		case meld.StepOpen:
			if p.Pairs {
				parts = append(parts, m.tr.T("t101.plan.open.pairs", p.OpenValue))
			} else {
				parts = append(parts, m.tr.T("t101.plan.open", p.OpenValue))
			}
		case meld.StepLay:
			lays += len(st.Melds)
		case meld.StepLayOff:
			offs++
		case meld.StepTakeBack:
			backs++
		}
	}
	if lays > 0 {
		parts = append(parts, m.tr.T("t101.plan.lay", lays))
	}
	if offs > 0 {
		parts = append(parts, m.tr.T("t101.plan.layoff", offs))
	}
	if backs > 0 {
		parts = append(parts, m.tr.T("t101.plan.takeback", backs))
	}
	fin := m.tr.T("t101.plan.discard", m.tileName101(p.Discard))
	if p.OkeyFinish {
		fin += " " + m.tr.T("t101.plan.okey")
	}
	parts = append(parts, fin)
	return m.tr.T("t101.plan", strings.Join(parts, ", "))
}
