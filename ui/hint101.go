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
	txt := m.hintText101(f)
	// When the plan starts by laying melds down (an opening, or more
	// melds), they become the groups on the rack, so that l lays down
	// exactly those (s and p lay out their own, which may differ).
	if f.Mine && f.Stage == okey101.StagePlay && len(f.Plan) > 0 {
		a := f.Plan[0]
		if (a.Kind == okey101.ActOpen || a.Kind == okey101.ActLay) && !play101.Finishes(&t.View, f.Plan) &&
			m.groupsOnRack101(a.Melds, "status.hint.thinking", true) {
			if len(a.Melds) == 1 {
				txt += " " + m.tr.T("t101.hint.grouped.one")
			} else {
				txt += " " + m.tr.T("t101.hint.grouped")
			}
		}
	}
	m.setFlash(false, txt)
}

// hintText101 puts the hint's facts into words: the plan first, step
// by step, each step naming its tiles (at 80×24 the status has two
// lines: what to do must not be the part that is cut), then why: what
// the previous discard would do, the best opening and how far it is
// from the threshold, the pairs.
func (m *Model) hintText101(f *play101.Facts) string {
	v := &m.t.View
	var plan, why []string
	if f.Mine && play101.Finishes(v, f.Plan) {
		return m.tr.T("t101.hint.finish.steps", m.stepsText101(v, f.Plan, false))
	}
	takes := len(f.Plan) > 0 && f.Plan[0].Kind == okey101.ActTake
	switch {
	case f.Mine && f.Stage == okey101.StageDraw && !takes:
		plan = append(plan, m.tr.T("t101.hint.draw"))
		if f.Worth() && f.Top.Valid() {
			why = append(why, m.tr.T("t101.hint.take.not", m.t.TileCase(f.Top, i18n.Accusative)))
		}
	case f.Mine && len(f.Plan) > 0:
		plan = append(plan, m.tr.T("t101.steps", m.stepsText101(v, f.Plan, true)))
		if f.Voids {
			plan = append(plan, m.tr.T("t101.hint.voids"))
		}
		if x := f.CursorTile(); x != tile.NoTile {
			plan = append(plan, m.tr.T("t101.hint.cursor", m.t.TileName(x)))
		}
	}
	switch {
	case f.Mine && takes && f.TakeFinish:
		why = append(why, m.tr.T("t101.hint.take.finish", m.t.TileCase(f.Top, i18n.Accusative)))
	case f.Mine && takes && f.TakeOpen:
		why = append(why, m.tr.T("t101.hint.take.open", m.t.TileCase(f.Top, i18n.Accusative), f.TakeOpenValue))
	case f.Mine && takes && len(f.TakeMeld) > 0:
		why = append(why, m.tr.T("t101.hint.take.meld", m.t.TileCase(f.Top, i18n.Accusative), m.t.TilesText(f.TakeMeld)))
	case f.Mine && takes && f.TakeLayOff:
		why = append(why, m.tr.T("t101.hint.take.layoff", m.t.TileCase(f.Top, i18n.Accusative)))
	case f.Mine && f.Stage == okey101.StageFirst:
		// The dealer's first turn is a discard only: "you can open"
		// alone sent a newcomer to l, refused.
		why = append(why, m.tr.T("t101.hint.first"))
	}
	opens := false
	for _, a := range f.Plan {
		opens = opens || a.Kind == okey101.ActOpen
	}
	if f.Opened == meld.NotOpened && !opens && !takes {
		o := f.Opening
		switch {
		case o.Reaches(v.Threshold) && f.Stage == okey101.StageFirst:
			why = append(why, m.tr.T("t101.hint.open.next", o.Value, m.t.MeldsText(o.Melds)))
		case o.Reaches(v.Threshold) && f.Mine && f.Stage == okey101.StagePlay:
			// The bot keeps it for later: say so rather than hide it.
			why = append(why, m.tr.T("t101.hint.open.later", o.Value))
		case o.Reaches(v.Threshold):
			why = append(why, m.tr.T("t101.hint.open.ok", o.Value, m.t.MeldsText(o.Melds)))
		case o.Value > 0:
			why = append(why, m.tr.T("t101.hint.open.short", o.Value, v.Threshold-o.Value))
		default:
			why = append(why, m.tr.T("t101.hint.open.none"))
		}
		if f.Pairs >= okey101.MinPairs && f.Stage != okey101.StagePlay {
			why = append(why, m.tr.T("t101.hint.pairs.ok", f.Pairs))
		} else if f.Pairs >= okey101.MinPairs-2 && f.Pairs < okey101.MinPairs {
			why = append(why, m.tr.T("t101.hint.pairs", f.Pairs, okey101.MinPairs))
		}
	}
	if f.Owed != tile.NoTile && len(f.Plan) == 0 {
		// With a plan the hint is that plan (it gives the tile back
		// itself when it should): no second course.
		why = append(why, m.tr.T("t101.hint.owed", m.t.TileName(f.Owed)))
	}
	if !f.Mine {
		why = append(why, m.tr.T("t101.hint.wait"))
	}
	return strings.Join(append(plan, why...), " ")
}

// planText101 is the preview of a finish after a first f: "f again
// finishes: lay down K10 K11 K12 K13; lay off R7 on Ali's run; then
// discard B13".
func (m *Model) planText101(acts []okey101.Action) string {
	return m.tr.T("t101.plan", m.stepsText101(&m.t.View, acts, false))
}

// stepsText101 names each step of a plan of the player's (seat 0 of
// the view) with its tiles, in order, the discard last after "then":
// "open with R10 R11 R12 · K7 Y7 B7, worth 112; lay off R7 on Ali's
// run; take back the okey with B5 from your run; then discard B13";
// with keys, each step with the key that plays it ("lay off R7 on
// Ali's run (e)"), left out of a finish, which f plays whole.
func (m *Model) stepsText101(v *okey101.View, acts []okey101.Action, keys bool) string {
	at := play101.AfterSteps(v, acts)
	an := v.Analyzer
	// target names meld i of the table as a step reaches it: whose it
	// is and its kind, in the case the step's verb needs — onto it (a
	// lay-off: "Ali'nin serisine", "kendi serine") or in it (a
	// take-back: "Ali'nin serisindeki okey").
	target := func(st play101.StepState, i int, onto bool) string {
		if i < 0 || i >= len(st.Table) || i >= len(st.Owners) {
			return "?"
		}
		key := "t101.in."
		if onto {
			key = "t101.onto."
		}
		key += st.Table[i].Kind.String()
		if st.Owners[i] == v.Seat {
			return m.tr.T(key + ".you")
		}
		return m.tr.T(key, m.nameIn(st.Owners[i], i18n.Genitive))
	}
	var parts []string
	for i, a := range acts {
		var s string
		switch a.Kind {
		case okey101.ActDraw:
			s = m.tr.T("t101.step.draw")
		case okey101.ActTake:
			s = m.tr.T("t101.step.take", m.t.TileCase(v.Top(v.Previous), i18n.Accusative))
		case okey101.ActGiveBack:
			s = m.tr.T("t101.step.giveback", m.t.TileCase(v.Taken.Tile, i18n.Accusative))
		case okey101.ActOpen:
			groups := make([]string, len(a.Melds))
			worth := 0
			for k, g := range a.Melds {
				groups[k] = m.t.TilesText(g)
				if x, err := an.Read(g); err == nil {
					worth += x.Value()
				}
			}
			if a.Pairs {
				s = m.tr.T("t101.step.open.pairs", len(a.Melds), strings.Join(groups, " · "))
			} else {
				s = m.tr.T("t101.step.open", strings.Join(groups, " · "), worth)
			}
		case okey101.ActLay:
			groups := make([]string, len(a.Melds))
			for k, g := range a.Melds {
				groups[k] = m.t.TilesText(g)
			}
			s = m.tr.T("t101.step.lay", strings.Join(groups, " · "))
		case okey101.ActLayOff:
			s = m.tr.T("t101.step.layoff", m.t.TileCase(a.Tile, i18n.Accusative), target(at[i], a.Meld, true))
		case okey101.ActTakeBack:
			s = m.tr.T("t101.step.takeback", m.t.TileName(a.Tile), target(at[i], a.Meld, false))
		case okey101.ActDiscard:
			msg := "t101.step.discard"
			if st := at[i]; st.Counts.Total() > 1 && okey101.DiscardPenalty(an, v.Rules, st.Table, a.Tile, okey101.OkeyPaid(v.History, v.Seat)) != 0 {
				msg = "t101.step.discard.costs"
			}
			s = m.tr.T(msg, m.t.TileCase(a.Tile, i18n.Accusative))
			if an.IsOkey(a.Tile) && at[i].Counts.Total() == 1 {
				s += " " + m.tr.T("t101.step.okey")
			}
		default:
			continue
		}
		if keys {
			s = m.tr.T("t101.step.key", s, stepKeys101[a.Kind])
		}
		if a.Kind == okey101.ActDiscard && i > 0 {
			s = m.tr.T("t101.step.then", s)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// stepKeys101 are the keys that play each kind of step at the table.
var stepKeys101 = map[okey101.ActionKind]string{
	okey101.ActDraw: "d", okey101.ActTake: "t", okey101.ActGiveBack: "z", okey101.ActOpen: "l", okey101.ActLay: "l",
	okey101.ActLayOff: "e", okey101.ActTakeBack: "k", okey101.ActDiscard: "x",
}
