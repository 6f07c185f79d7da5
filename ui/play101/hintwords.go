package play101

import (
	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/play101/decide"
	"strings"
)

// The hint's facts (hint.go) and a plan's steps in the player's
// language.

// HintText puts the hint's facts into words: the plan first, step
// by step, each step naming its tiles (at 80×24 the status has two
// lines: what to do must not be the part that is cut), then why: what
// the previous discard would do, the best opening and how far it is
// from the threshold, the pairs.
func (t *Table) HintText(f *decide.Facts) string {
	v := &t.View
	var plan, why []string
	if f.Mine && decide.Finishes(v, f.Plan) {
		return t.tr().T("t101.hint.finish.steps", t.StepsText(v, f.Plan, false))
	}
	takes := len(f.Plan) > 0 && f.Plan[0].Kind == okey101.ActTake
	switch {
	case f.Mine && f.Stage == okey101.StageDraw && !takes:
		plan = append(plan, t.tr().T("t101.hint.draw"))
		if f.Worth() && f.Top.Valid() {
			why = append(why, t.tr().T("t101.hint.take.not", t.TileCase(f.Top, i18n.Accusative)))
		}
	case f.Mine && len(f.Plan) > 0:
		plan = append(plan, t.tr().T("t101.steps", t.StepsText(v, f.Plan, true)))
		if f.Voids {
			plan = append(plan, t.tr().T("t101.hint.voids"))
		}
		if x := f.CursorTile(); x != tile.NoTile {
			plan = append(plan, t.tr().T("t101.hint.cursor", t.TileName(x)))
		}
	}
	switch {
	case f.Mine && takes && f.TakeFinish:
		why = append(why, t.tr().T("t101.hint.take.finish", t.TileCase(f.Top, i18n.Accusative)))
	case f.Mine && takes && f.TakeOpen:
		why = append(why, t.tr().T("t101.hint.take.open", t.TileCase(f.Top, i18n.Accusative), f.TakeOpenValue))
	case f.Mine && takes && len(f.TakeMeld) > 0:
		why = append(why, t.tr().T("t101.hint.take.meld", t.TileCase(f.Top, i18n.Accusative), t.TilesText(f.TakeMeld)))
	case f.Mine && takes && f.TakeLayOff:
		why = append(why, t.tr().T("t101.hint.take.layoff", t.TileCase(f.Top, i18n.Accusative)))
	case f.Mine && f.Stage == okey101.StageFirst:
		// The dealer's first turn is a discard only: "you can open"
		// alone sent a newcomer to l, refused.
		why = append(why, t.tr().T("t101.hint.first"))
	}
	opens := false
	for _, a := range f.Plan {
		opens = opens || a.Kind == okey101.ActOpen
	}
	if f.Opened == meld.NotOpened && !opens && !takes {
		o := f.Opening
		switch {
		case o.Reaches(v.Threshold) && f.Stage == okey101.StageFirst:
			why = append(why, t.tr().T("t101.hint.open.next", o.Value, t.meldsText(o.Melds)))
		case o.Reaches(v.Threshold) && f.Mine && f.Stage == okey101.StagePlay:
			// The bot keeps it for later: say so rather than hide it.
			why = append(why, t.tr().T("t101.hint.open.later", o.Value))
		case o.Reaches(v.Threshold):
			why = append(why, t.tr().T("t101.hint.open.ok", o.Value, t.meldsText(o.Melds)))
		case o.Value > 0:
			why = append(why, t.tr().T("t101.hint.open.short", o.Value, v.Threshold-o.Value))
		default:
			why = append(why, t.tr().T("t101.hint.open.none"))
		}
		if f.Pairs >= okey101.MinPairs && f.Stage != okey101.StagePlay {
			why = append(why, t.tr().T("t101.hint.pairs.ok", f.Pairs))
		} else if f.Pairs >= okey101.MinPairs-2 && f.Pairs < okey101.MinPairs {
			why = append(why, t.tr().T("t101.hint.pairs", f.Pairs, okey101.MinPairs))
		}
	}
	if f.Owed != tile.NoTile && len(f.Plan) == 0 {
		// With a plan the hint is that plan (it gives the tile back
		// itself when it should): no second course.
		why = append(why, t.tr().T("t101.hint.owed", t.TileName(f.Owed)))
	}
	if !f.Mine {
		why = append(why, t.tr().T("t101.hint.wait"))
	}
	return strings.Join(append(plan, why...), " ")
}

// PlanText is the preview of a finish after a first f: "f again
// finishes: lay down K10 K11 K12 K13; lay off R7 on Ali's run; then
// discard B13".
func (t *Table) PlanText(acts []okey101.Action) string {
	return t.tr().T("t101.plan", t.StepsText(&t.View, acts, false))
}

// StepsText names each step of a plan of the player's (seat 0 of
// the view) with its tiles, in order, the discard last after "then":
// "open with R10 R11 R12 · K7 Y7 B7, worth 112; lay off R7 on Ali's
// run; take back the okey with B5 from your run; then discard B13";
// with keys, each step with the key that plays it ("lay off R7 on
// Ali's run (e)"), left out of a finish, which f plays whole.
func (t *Table) StepsText(v *okey101.View, acts []okey101.Action, keys bool) string {
	at := decide.AfterSteps(v, acts)
	an := v.Analyzer
	// target names meld i of the table as a step reaches it: whose it
	// is and its kind, in the case the step's verb needs — onto it (a
	// lay-off: "Ali'nin serisine", "kendi serine") or in it (a
	// take-back: "Ali'nin serisindeki okey").
	target := func(st decide.StepState, i int, onto bool) string {
		if i < 0 || i >= len(st.Table) || i >= len(st.Owners) {
			return "?"
		}
		key := "t101.in."
		if onto {
			key = "t101.onto."
		}
		key += st.Table[i].Kind.String()
		if st.Owners[i] == v.Seat {
			return t.tr().T(key + ".you")
		}
		return t.tr().T(key, t.host.Words().NameIn(st.Owners[i], i18n.Genitive))
	}
	var parts []string
	for i, a := range acts {
		var s string
		switch a.Kind {
		case okey101.ActDraw:
			s = t.tr().T("t101.step.draw")
		case okey101.ActTake:
			s = t.tr().T("t101.step.take", t.TileCase(v.Top(v.Previous), i18n.Accusative))
		case okey101.ActGiveBack:
			s = t.tr().T("t101.step.giveback", t.TileCase(v.Taken.Tile, i18n.Accusative))
		case okey101.ActOpen:
			groups := make([]string, len(a.Melds))
			worth := 0
			for k, g := range a.Melds {
				groups[k] = t.TilesText(g)
				if x, err := an.Read(g); err == nil {
					worth += x.Value()
				}
			}
			if a.Pairs {
				s = t.tr().T("t101.step.open.pairs", len(a.Melds), strings.Join(groups, " · "))
			} else {
				s = t.tr().T("t101.step.open", strings.Join(groups, " · "), worth)
			}
		case okey101.ActLay:
			groups := make([]string, len(a.Melds))
			for k, g := range a.Melds {
				groups[k] = t.TilesText(g)
			}
			s = t.tr().T("t101.step.lay", strings.Join(groups, " · "))
		case okey101.ActLayOff:
			s = t.tr().T("t101.step.layoff", t.TileCase(a.Tile, i18n.Accusative), target(at[i], a.Meld, true))
		case okey101.ActTakeBack:
			s = t.tr().T("t101.step.takeback", t.TileName(a.Tile), target(at[i], a.Meld, false))
		case okey101.ActDiscard:
			msg := "t101.step.discard"
			if st := at[i]; st.Counts.Total() > 1 && okey101.DiscardPenalty(an, v.Rules, st.Table, a.Tile, okey101.OkeyPaid(v.History, v.Seat)) != 0 {
				msg = "t101.step.discard.costs"
			}
			s = t.tr().T(msg, t.TileCase(a.Tile, i18n.Accusative))
			if an.IsOkey(a.Tile) && at[i].Counts.Total() == 1 {
				s += " " + t.tr().T("t101.step.okey")
			}
		default:
			continue
		}
		if keys {
			s = t.tr().T("t101.step.key", s, stepKeys[a.Kind])
		}
		if a.Kind == okey101.ActDiscard && i > 0 {
			s = t.tr().T("t101.step.then", s)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// stepKeys are the keys that play each kind of step at the table.
var stepKeys = map[okey101.ActionKind]string{
	okey101.ActDraw: "d", okey101.ActTake: "t", okey101.ActGiveBack: "z", okey101.ActOpen: "l", okey101.ActLay: "l",
	okey101.ActLayOff: "e", okey101.ActTakeBack: "k", okey101.ActDiscard: "x",
}
