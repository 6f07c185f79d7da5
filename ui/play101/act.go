package play101

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/table"
)

// The table's moves behind its keys (Key, in keys.go): what each does
// to the rack, the groups and the turn, and what it asks of the app
// that hosts the table (an Outcome), so that the same keys work at a
// local table and at a served seat.

// At is what a key is pressed with that only the app knows, as it
// stands at that moment: whether the match is only shown, and a state
// to try the player's actions on (the match's own, or at a served seat
// a world that agrees with its view). The app makes it afresh for every
// key, as it does a table.Frame for every frame: a plain value, so that
// the table cannot reach back into the app through it.
type At struct {
	// ReadOnly is a match only shown: another game holds it.
	ReadOnly bool
	// State is the state the player's actions are tried on before they
	// go (a State's zero value refuses them all: a spectator's).
	State okey101.State
}

// Outcome is what a key at the table came to, for the app to carry out:
// its request and, for table.ReqPlay, the actions and what follows them; Cmd
// is work the table started (the hint, worked out in the background).
type Outcome struct {
	Req table.Req
	// Acts are the actions to play, in order; All marks a whole plan
	// (a finish), played as long as the game takes each.
	Acts []okey101.Action
	All  bool
	// Done runs when the action goes (it takes the tiles it used off
	// the rack); Then is said once it went, unless, with Unwarned, a
	// warning was said meanwhile.
	Done     func()
	Then     string
	Unwarned bool
	Cmd      tea.Cmd
}

func ask(r table.Req) Outcome { return Outcome{Req: r} }

func play(a okey101.Action, done func()) Outcome {
	return Outcome{Req: table.ReqPlay, Acts: []okey101.Action{a}, Done: done}
}

// TakeConfirm is what x or f pressed again would confirm, let go: a
// key confirms it (Key) or lets it go.
func (t *Table) TakeConfirm() Confirm {
	c := t.Confirm
	t.Confirm = Confirm{}
	return c
}

// warn says s as a warning, for a move the player cannot make now.
func (t *Table) warn(s string) Outcome {
	t.said.Flash(true, s)
	return Outcome{}
}

// The rack.

// Pick picks up the tile under the cursor, or puts the tile picked up
// down at the cursor.
func (t *Table) Pick() {
	if from, ok := table.PickAt(t.look, &t.said, &t.Rack, t.Cursor, &t.Held, t.TileName); ok {
		t.Move(from, t.Cursor)
	}
}

// arrangeMelds is seri diz (the best opening's runs and sets together)
// or çift diz (the pairs together), the rest apart by colour; with none
// to lay out, it says so and the rack stays as it was.
func (t *Table) arrangeMelds(pairs bool) Outcome {
	v := &t.View
	an := v.Analyzer
	var ms []meld.Meld
	name := "status.runs"
	if pairs {
		ms, name = an.PairMelds(v.Counts, v.Rules.OkeyPair), "status.pairs"
	} else {
		ms = t.SV.BestOpening(an, v.Counts).Melds
	}
	if len(ms) == 0 {
		return t.warn(t.tr().T(name + ".none"))
	}
	groups := decide101.MeldTiles(ms)
	// As the apps' "seri aç" and "çift aç": the melds laid out become
	// the groups to lay down, when the player may lay them.
	st := v.Opened[0].Status
	if t.GroupsOnRack(groups, name, st == meld.NotOpened || (st == meld.OpenedPairs) == pairs) {
		msg := t.tr().T(name+".groups", len(groups))
		if len(groups) == 1 {
			msg = t.tr().T(name + ".group1")
		}
		t.said.Flash(false, msg+" "+t.GroupsSum())
	}
	return ask(table.ReqSave)
}

// Actions.

// whyNotMine says why the player cannot act now, or "".
func (t *Table) whyNotMine(at At) string {
	v := &t.View
	switch {
	case at.ReadOnly:
		return t.tr().T("status.readonly")
	case v.Phase != game.Playing:
		return t.tr().T("status.notplaying")
	case v.Turn != 0:
		return t.tr().T("status.wait", t.look.Words.NameIn(v.Turn, i18n.Locative))
	}
	return ""
}

// WhyNotTable says why the player cannot put tiles on the table now,
// or "".
func (t *Table) WhyNotTable(at At) string {
	if why := t.whyNotMine(at); why != "" {
		return why
	}
	switch t.View.Stage {
	case okey101.StageFirst:
		return t.tr().T("t101.first")
	case okey101.StageDraw:
		return t.tr().T("t101.drawfirst")
	}
	return ""
}

// whyNotDraw says why the player cannot draw or take now, or "".
func (t *Table) whyNotDraw(at At) string {
	why := t.whyNotMine(at)
	switch {
	case why != "":
	case t.View.Stage == okey101.StageFirst:
		why = t.tr().T("t101.first")
	case t.View.Stage == okey101.StagePlay:
		why = t.tr().T("t101.drawn")
	}
	return why
}

// TryDraw draws from the middle, when the player may.
func (t *Table) TryDraw(at At) Outcome {
	if why := t.whyNotDraw(at); why != "" {
		return t.warn(why)
	}
	return play(okey101.Draw(0), nil)
}

// TryTake takes the previous player's discard, when the player may.
func (t *Table) TryTake(at At) Outcome {
	v := &t.View
	why := t.whyNotDraw(at)
	switch {
	case why != "":
	case v.GaveBack:
		why = t.tr().T("t101.gaveback")
	case v.Top(v.Previous) == tile.NoTile:
		why = t.tr().T("status.take.empty", t.look.Words.SeatName(v.Previous))
	}
	if why != "" {
		return t.warn(why)
	}
	// No message of its own: the work line says the tile taken must go
	// onto the table, the status what to do with it (the guide), the
	// log that it was taken; a flash would say the work line's words
	// again.
	return play(okey101.Take(0), nil)
}

func (t *Table) tryGiveBack(at At) Outcome {
	v := &t.View
	why := t.whyNotMine(at)
	switch {
	case why != "":
	case v.Legal.GiveBack:
	case v.Taken.Tile.Valid() && v.Taken.Used:
		why = t.tr().T("t101.giveback.used", t.TileName(v.Taken.Tile))
	default:
		why = t.tr().T("t101.giveback.none")
	}
	if why != "" {
		return t.warn(why)
	}
	return play(okey101.GiveBack(0), nil)
}

// tryLay lays the groups made (and the group being made) down: the
// opening, when the player has not opened.
func (t *Table) tryLay(at At) Outcome {
	if why := t.WhyNotTable(at); why != "" {
		return t.warn(why)
	}
	v := &t.View
	all := slices.Clone(t.Groups)
	if len(t.Sel) > 0 {
		if _, why := t.ReadGroup(t.Sel, all); why != "" {
			return t.warn(why)
		}
		all = append(all, t.Sel)
	}
	if len(all) == 0 {
		return t.warn(t.tr().T("t101.lay.none"))
	}
	groups := make([][]tile.Tile, len(all))
	pairs, total := false, 0
	for i, g := range all {
		groups[i] = t.SlotTiles(g)
		if len(groups[i]) == 2 {
			pairs = true
		} else if r, err := v.Analyzer.Read(groups[i]); err == nil {
			total += r.Value()
		}
	}
	var a okey101.Action
	switch {
	case v.Opened[0].Status != meld.NotOpened:
		a = okey101.Lay(0, groups...)
	case pairs && len(groups) < okey101.MinPairs:
		return t.warn(t.tr().T("t101.open.pairs.short", len(groups), okey101.MinPairs))
	case pairs:
		a = okey101.OpenPairs(0, groups...)
	case total < v.Threshold:
		return t.warn(t.tr().T("t101.open.short", total, v.Threshold, v.Threshold-total))
	default:
		a = okey101.Open(0, groups...)
	}
	return play(a, func() {
		for _, g := range all {
			for _, s := range g {
				t.Rack.Slots[s] = tile.NoTile
			}
		}
		t.Sel, t.Groups = nil, nil
	})
}

// tryDiscard discards the tile of slot. One that costs 101 is only
// thrown when confirmed (the same key again on the same tile), unless
// the last hint advised that very discard there.
func (t *Table) tryDiscard(slot int, conf Confirm, at At) Outcome {
	v := &t.View
	why := t.whyNotMine(at)
	switch {
	case why != "":
	case v.Stage == okey101.StageDraw:
		why = t.tr().T("t101.drawfirst")
	case v.Legal.GiveBack:
		why = t.tr().T("t101.owed", t.TileName(v.Taken.Tile))
	case t.Rack.Slots[slot] == tile.NoTile:
		why = t.tr().T("status.discard.empty")
	}
	if why != "" {
		return t.warn(why)
	}
	x := t.Rack.Slots[slot]
	if cost := decide101.Costs(v, x); cost != "" && (conf.Kind != ConfirmDiscard || conf.Slot != slot) && !t.Advised(x) {
		t.Confirm = Confirm{Kind: ConfirmDiscard, Slot: slot}
		return t.warn(t.tr().T("t101.confirm."+cost, t.TileName(x), t.TileCase(x, i18n.Accusative)))
	}
	return play(okey101.Discard(0, x), func() {
		t.Rack.Slots[slot] = tile.NoTile
		t.Sel = slices.DeleteFunc(t.Sel, func(s int) bool { return s == slot })
	})
}

// tryFinish finishes the hand: with one tile left, by discarding it;
// otherwise by the way the analysis finds to lay every tile but one
// down this turn, shown first and played when confirmed (f again).
func (t *Table) tryFinish(conf Confirm, at At) Outcome {
	v := &t.View
	if why := t.WhyNotTable(at); why != "" && v.Stage != okey101.StageFirst {
		return t.warn(why)
	}
	if v.Stage == okey101.StageFirst {
		return t.warn(t.tr().T("t101.finish.first"))
	}
	if v.Counts.Total() == 1 && !v.Legal.GiveBack {
		for i, x := range t.Rack.Slots {
			if x != tile.NoTile {
				return t.tryDiscard(i, conf, at)
			}
		}
	}
	if conf.Kind == ConfirmFinish {
		return Outcome{Req: table.ReqPlay, Acts: conf.Plan, All: true}
	}
	p, ok := t.SV.CanFinish(v.Analyzer, v.Counts, v.Melds(), v.MeldTurn())
	if !ok {
		return t.warn(t.tr().T("t101.finish.cannot"))
	}
	t.Confirm = Confirm{Kind: ConfirmFinish, Plan: okey101.PlanActions(0, p)}
	t.showTall(t.PlanText(t.Confirm.Plan), t.Confirm.Plan)
	return Outcome{}
}

// Play plays the player's action a on the match here, as playclassic's
// Play does: refused, the player is told why (Refuse); taken, the tile
// picked up is let go and done runs (to take the tiles a used off the
// rack). ok reports that the match took it.
func (t *Table) Play(a okey101.Action, done func()) (evs []okey101.Event, lines []byte, ok bool) {
	evs, lines, err := t.G.Apply(a)
	if err != nil {
		t.Refuse(err)
		return nil, nil, false
	}
	t.Held = -1
	if done != nil {
		done()
	}
	return evs, lines, true
}
