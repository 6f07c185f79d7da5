package hintwords

import (
	"strings"

	"okey/bots/coach"
	"okey/bots/decide101"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/table"
)

// Words are what the hint is written with: the seats' and the player's
// words (the language, the seats' names) and the okey of the hand on
// the table, by which its tiles are named. Touch: the table stands up
// (table.Look.Touch), and the hint names what the player taps, not a
// key ("tap the tile, then the meld" for e).
type Words struct {
	table.Words
	Okey  tile.Tile
	Touch bool
}

// tap is message key name, or its words of taps on a table standing
// up.
func (w Words) tap(name string) string {
	if w.Touch {
		return name + ".tap"
	}
	return name
}

// tileCase is tile x of the hand in case c.
func (w Words) tileCase(x tile.Tile, c i18n.Case) string { return w.Tr.Tile(x, w.Okey, c) }

// tileName writes a tile for messages: R7, R5 (okey), J (as R5).
func (w Words) tileName(x tile.Tile) string { return w.tileCase(x, i18n.Nominative) }

// tilesText writes tiles for messages: "R4 R5 R6", "kırmızı 4-5-6".
func (w Words) tilesText(ts []tile.Tile) string { return w.Tr.Tiles(ts, w.Okey) }

// meldsText writes melds one after another: "R1 R2 R3 · K7 Y7 B7".
func (w Words) meldsText(ms []meld.Meld) string {
	parts := make([]string, len(ms))
	for i, x := range ms {
		parts[i] = w.tilesText(x.Tiles)
	}
	return strings.Join(parts, " · ")
}

// Hint puts the hint's facts into words: the plan first, step
// by step, each step naming its tiles (at 80×24 the status has two
// lines: what to do must not be the part that is cut), then why: what
// the previous discard would do, the best opening and how far it is
// from the threshold, the pairs.
func (w Words) Hint(v *okey101.View, f *decide101.Facts) string {
	s := w.hint(v, f)
	if f.Short && f.Mine {
		// The judge ran out of time: the plan is the hard bot's,
		// unweighed, and the hint says so before it.
		s = w.Tr.T("t101.hint.short") + " " + s
	}
	return s
}

func (w Words) hint(v *okey101.View, f *decide101.Facts) string {
	var plan, why []string
	if f.Mine && decide101.Finishes(v, f.Plan) {
		if f.Plan[0].Kind == okey101.ActTake {
			// f finishes once the tile is taken: before, it asks for
			// a draw or a take, so t comes first.
			return w.Tr.T(w.tap("t101.hint.finish.take"), w.tileCase(v.Top(v.Previous), i18n.Accusative), w.steps(v, f.Plan, false, 1))
		}
		return w.Tr.T(w.tap("t101.hint.finish.steps"), w.Steps(v, f.Plan, false))
	}
	takes := len(f.Plan) > 0 && f.Plan[0].Kind == okey101.ActTake
	switch {
	case f.Mine && f.Stage == okey101.StageDraw && !takes:
		plan = append(plan, w.Tr.T(w.tap("t101.hint.draw")))
		if f.Worth() && f.Top.Valid() {
			why = append(why, w.Tr.T(w.tap("t101.hint.take.not"), w.tileCase(f.Top, i18n.Accusative)))
		}
	case f.Mine && len(f.Plan) > 0:
		plan = append(plan, w.Tr.T("t101.steps", w.Steps(v, f.Plan, true)))
		if f.Voids {
			plan = append(plan, w.Tr.T("t101.hint.voids"))
		}
		if x := f.CursorTile(); x != tile.NoTile {
			plan = append(plan, w.Tr.T("t101.hint.cursor", w.tileName(x)))
		}
	}
	if f.Mine && f.Holds {
		// A finish is there, and the judge showed holding on better:
		// said first, or the player finishes anyway.
		why = append(why, w.Tr.T("t101.hint.hold"))
	}
	if s, ok := f.Read.Said(f.Discard); ok && f.Mine && !f.Short {
		// the judge's reading of the next player is why the plan's
		// discard is not the hard bot's: said first, before the rest
		why = append(why, w.readWhy(f.Read, s, f.Discard))
	}
	// The plan says what the taken tile is for when it lays it down (an
	// opening, melds, a lay-off): a sentence about the take would say the
	// step again, with a total of its own.
	used := false
	for _, a := range f.Plan[min(1, len(f.Plan)):] {
		switch a.Kind {
		case okey101.ActOpen, okey101.ActLay, okey101.ActLayOff:
			used = true
		}
	}
	switch {
	case f.Mine && takes && used:
	case f.Mine && takes && f.TakeFinish:
		why = append(why, w.Tr.T(w.tap("t101.hint.take.finish"), w.tileCase(f.Top, i18n.Accusative)))
	case f.Mine && takes && f.TakeOpen:
		why = append(why, w.Tr.T(w.tap("t101.hint.take.open"), w.tileCase(f.Top, i18n.Accusative), f.TakeOpenValue))
	case f.Mine && takes && len(f.TakeMeld) > 0:
		why = append(why, w.Tr.T(w.tap("t101.hint.take.meld"), w.tileCase(f.Top, i18n.Accusative), w.tilesText(f.TakeMeld)))
	case f.Mine && takes && f.TakeLayOff:
		why = append(why, w.Tr.T(w.tap("t101.hint.take.layoff"), w.tileCase(f.Top, i18n.Accusative)))
	case f.Mine && f.Stage == okey101.StageFirst:
		// The dealer's first turn is a discard only: "you can open"
		// alone sent a newcomer to l, refused.
		why = append(why, w.Tr.T("t101.hint.first"))
	}
	opens := false
	for _, a := range f.Plan {
		opens = opens || a.Kind == okey101.ActOpen
	}
	if f.Opened == meld.NotOpened && !opens && !takes {
		o := f.Opening
		switch {
		case o.Reaches(v.Threshold) && f.Stage == okey101.StageFirst:
			why = append(why, w.Tr.T("t101.hint.open.next", o.Value, w.meldsText(o.Melds)))
		case o.Reaches(v.Threshold) && f.Mine && f.Stage == okey101.StagePlay:
			// The bot keeps it for later: say so rather than hide it.
			why = append(why, w.Tr.T("t101.hint.open.later", o.Value))
		case o.Reaches(v.Threshold):
			why = append(why, w.Tr.T("t101.hint.open.ok", o.Value, w.meldsText(o.Melds)))
		case o.Value > 0:
			why = append(why, w.Tr.T("t101.hint.open.short", o.Value, v.Threshold-o.Value))
		default:
			why = append(why, w.Tr.T("t101.hint.open.none"))
		}
		if f.Pairs >= okey101.MinPairs && f.Stage != okey101.StagePlay {
			why = append(why, w.Tr.T("t101.hint.pairs.ok", f.Pairs))
		} else if f.Pairs >= okey101.MinPairs-2 && f.Pairs < okey101.MinPairs {
			why = append(why, w.Tr.T("t101.hint.pairs", f.Pairs, okey101.MinPairs))
		}
	}
	if f.Owed != tile.NoTile && len(f.Plan) == 0 {
		// With a plan the hint is that plan (it gives the tile back
		// itself when it should): no second course.
		why = append(why, w.Tr.T(w.tap("t101.hint.owed"), w.tileName(f.Owed)))
	}
	if !f.Mine {
		why = append(why, w.Tr.T("t101.hint.wait"))
	}
	out := append(plan, why...)
	for i := range out {
		// each sentence starts with a capital, also one that starts
		// with a tile in words ("Mavi 4'ü al")
		out[i] = w.Tr.UpFirst(out[i])
	}
	return strings.Join(out, " ")
}

// readWhy says what the judge read of the next player, in form s of
// reading r, where the hint's discard is x: what it took or laid down
// that the hard bot's discard goes with, or threw around x.
func (w Words) readWhy(r *coach.TableRead, s coach.ReadSaid, x tile.Tile) string {
	tiles := func(ts []tile.Tile) string { return w.Tr.TilesIn(ts, w.Okey, i18n.Accusative) }
	name := w.SeatName(r.Seat)
	read := x
	if t, err := tile.ParseTile(r.Tile); err == nil {
		read = t
	}
	switch s.Form {
	case coach.SaidLaidTook:
		return w.Tr.T("t101.hint.read.laidtook", name, tiles(s.Laid), w.tileName(read), tiles(s.Seen))
	case coach.SaidLaid:
		return w.Tr.T("t101.hint.read.laid", name, tiles(s.Laid), w.tileName(read))
	case coach.SaidTook:
		return w.Tr.T("t101.hint.read.took", name, tiles(s.Seen), w.tileName(read))
	case coach.SaidThrew:
		return w.Tr.T("t101.hint.read.threw", name, tiles(s.Seen), w.tileName(read))
	}
	return w.Tr.T("t101.hint.read.safer", w.NameIn(r.Seat, i18n.Genitive))
}

// Plan is the preview of a finish after a first f: "f again
// finishes: lay down K10 K11 K12 K13; lay off R7 on Ali's run; then
// discard B13".
func (w Words) Plan(v *okey101.View, acts []okey101.Action) string {
	name := "t101.plan"
	if w.Touch {
		name = "t101.plan.tap" // "finish" again
	}
	return w.Tr.T(name, w.Steps(v, acts, false))
}

// Steps names each step of a plan of the player's (seat 0 of
// the view) with its tiles, in order, the discard last after "then":
// "open with R10 R11 R12 · K7 Y7 B7, worth 112; lay off R7 on Ali's
// run; take back the okey with B5 from your run; then discard B13";
// with keys, each step with the key that plays it ("lay off R7 on
// Ali's run (e)"), left out of a finish, which f plays whole.
func (w Words) Steps(v *okey101.View, acts []okey101.Action, keys bool) string {
	return w.steps(v, acts, keys, 0)
}

// steps is Steps from the step from on (the ones before it are said
// otherwise).
func (w Words) steps(v *okey101.View, acts []okey101.Action, keys bool, from int) string {
	at := decide101.AfterSteps(v, acts)
	an := v.Analyzer
	// target names meld i of the table as a step reaches it: whose it
	// is, its kind and its tiles, in the case the step's verb needs —
	// onto it (a lay-off: "Ali'nin mavi 3-4-5 serisine", "kendi
	// serine") or in it (a take-back: "Ali'nin … serisindeki okey").
	// With two runs of a player's on the table, whose and which kind
	// alone would not say which.
	target := func(st decide101.StepState, i int, onto bool) string {
		if i < 0 || i >= len(st.Table) || i >= len(st.Owners) {
			return "?"
		}
		key := "t101.in."
		if onto {
			key = "t101.onto."
		}
		key += st.Table[i].Kind.String()
		tiles := w.meldTiles(st.Table[i])
		if st.Owners[i] == v.Seat {
			return w.Tr.T(key+".you", tiles)
		}
		return w.Tr.T(key, w.NameIn(st.Owners[i], i18n.Genitive), tiles)
	}
	var parts []string
	taken := v.Taken.Tile // the tile a give-back returns: taken before, or by a step of the plan
	for i, a := range acts {
		if a.Kind == okey101.ActTake {
			taken = v.Top(v.Previous)
		}
		if i < from {
			continue
		}
		var s string
		switch a.Kind {
		case okey101.ActDraw:
			s = w.Tr.T("t101.step.draw")
		case okey101.ActTake:
			s = w.Tr.T("t101.step.take", w.tileCase(v.Top(v.Previous), i18n.Accusative))
		case okey101.ActGiveBack:
			s = w.Tr.T("t101.step.giveback", w.tileCase(taken, i18n.Accusative))
		case okey101.ActOpen:
			groups := make([]string, len(a.Melds))
			worth := 0
			for k, g := range a.Melds {
				groups[k] = w.tilesText(g)
				if x, err := an.Read(g); err == nil {
					worth += x.Value()
				}
			}
			if a.Pairs {
				s = w.Tr.T("t101.step.open.pairs", len(a.Melds), strings.Join(groups, " · "))
			} else {
				s = w.Tr.T("t101.step.open", strings.Join(groups, " · "), worth)
			}
		case okey101.ActLay:
			groups := make([]string, len(a.Melds))
			for k, g := range a.Melds {
				groups[k] = w.tilesText(g)
			}
			s = w.Tr.T("t101.step.lay", strings.Join(groups, " · "))
		case okey101.ActLayOff:
			s = w.Tr.T("t101.step.layoff", w.tileCase(a.Tile, i18n.Accusative), target(at[i], a.Meld, true))
			if as := w.okeyAs(an, at[i], a); as != "" {
				// An okey laid off: what it stands for there.
				s = w.Tr.T("t101.step.layoff.okey", w.tileCase(a.Tile, i18n.Accusative), target(at[i], a.Meld, true), as)
			}
		case okey101.ActTakeBack:
			s = w.Tr.T("t101.step.takeback", w.tileName(a.Tile), target(at[i], a.Meld, false))
		case okey101.ActDiscard:
			msg := "t101.step.discard"
			if st := at[i]; st.Counts.Total() > 1 && okey101.DiscardPenalty(an, v.Rules, st.Table, a.Tile, okey101.OkeyPaid(v.History, v.Seat)) != 0 {
				msg = "t101.step.discard.costs"
			}
			s = w.Tr.T(msg, w.tileCase(a.Tile, i18n.Accusative))
			if an.IsOkey(a.Tile) && at[i].Counts.Total() == 1 {
				s += " " + w.Tr.T("t101.step.okey")
			}
		default:
			continue
		}
		if keys && w.Touch {
			s = w.Tr.T("t101.step.key", s, w.Tr.T("t101.tap."+stepKeys[a.Kind].tap))
		} else if keys {
			s = w.Tr.T("t101.step.key", s, stepKeys[a.Kind].key)
		}
		if a.Kind == okey101.ActDiscard && i > 0 {
			s = w.Tr.T("t101.step.then", s)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// meldTiles names a meld of the table by its tiles: a run by its ends
// as it stands ("B3-B5"; in Turkish every tile, "mavi 3-4-5"), a set or
// a pair by its tiles, an okey as the okey.
func (w Words) meldTiles(m meld.Meld) string {
	if m.Kind == meld.Run && !w.Tr.TileWords() && len(m.As) > 1 && m.As[0].Valid() && m.As[len(m.As)-1].Valid() {
		return w.Tr.Face(m.As[0]) + "-" + w.Tr.Face(m.As[len(m.As)-1])
	}
	return w.tilesText(m.Tiles)
}

// okeyAs is what the okey a lay-off a lays onto a meld of st stands
// for there ("B6"; in a set, each colour it may be: "K7 or R7"), ""
// when the tile is not an okey or the lay-off does not read.
func (w Words) okeyAs(an meld.Analyzer, st decide101.StepState, a okey101.Action) string {
	if !an.IsOkey(a.Tile) || a.Meld < 0 || a.Meld >= len(st.Table) {
		return ""
	}
	nm, at, err := an.LayOff(st.Table[a.Meld], a.Tile, a.End)
	if err != nil {
		return ""
	}
	out := ""
	for k, x := range nm.Stands(at) {
		if k == 0 {
			out = w.Tr.Face(x)
		} else {
			out = w.Tr.T("t101.or", out, w.Tr.Face(x))
		}
	}
	return out
}

// stepKeys are the keys that play each kind of step at the table, and
// the name of the taps that play it standing up ("t101.tap."+tap).
var stepKeys = map[okey101.ActionKind]struct{ key, tap string }{
	okey101.ActDraw: {"d", "draw"}, okey101.ActTake: {"t", "take"}, okey101.ActGiveBack: {"z", "giveback"},
	okey101.ActOpen: {"l", "open"}, okey101.ActLay: {"l", "lay"}, okey101.ActLayOff: {"e", "layoff"},
	okey101.ActTakeBack: {"k", "takeback"}, okey101.ActDiscard: {"x", "discard"},
}
