package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/play101"
	"okey/ui/rack"
	"okey/ui/table"
)

// updateTable101 handles a key on the 101 table (and its overlays).
func (m *Model) updateTable101(k tea.KeyPressMsg) tea.Cmd {
	t := m.t
	m.setFlash(false, "")
	// A discard that costs 101, or a finish, asks first: the same key
	// again confirms it; any other key lets it go.
	conf := t.Confirm
	t.Confirm = play101.Confirm{}
	if t.Choose != nil {
		return m.updateChoose101(k)
	}
	if m.overlay != ovNone && m.updateOverlay(k) {
		return nil
	}
	keys := m.keys.Table101
	if conf.Kind != play101.ConfirmNone && key.Matches(k, keys.Cancel) && m.overlay == ovNone {
		// esc answers the question asked: say so, rather than
		// "nothing to cancel".
		if conf.Kind == play101.ConfirmDiscard {
			m.setFlash(false, m.tr.T("t101.confirm.kept", m.t.TileName(t.Rack.Slots[conf.Slot])))
		} else {
			m.setFlash(false, m.tr.T("t101.confirm.nofinish"))
		}
		return nil
	}
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.Help):
		m.openOverlay(ovHelp)
	case key.Matches(k, keys.Settings):
		m.openSettings()
	case key.Matches(k, keys.Left):
		t.MoveCursor(-1, 0)
	case key.Matches(k, keys.Right):
		t.MoveCursor(1, 0)
	case key.Matches(k, keys.Up), key.Matches(k, keys.Down):
		t.MoveCursor(0, 1)
	case key.Matches(k, keys.Pick):
		m.pick101()
		return m.saveCmd()
	case key.Matches(k, keys.Select):
		m.t.ToggleSelect(t.Cursor)
		return m.saveCmd()
	case key.Matches(k, keys.Cancel):
		m.t.Cancel()
		return m.saveCmd()
	case key.Matches(k, keys.Draw):
		return m.tryDraw101()
	case key.Matches(k, keys.Take):
		return m.tryTake101()
	case key.Matches(k, keys.GiveBack):
		return m.tryGiveBack101()
	case key.Matches(k, keys.Undo):
		return m.undo101()
	case key.Matches(k, keys.AddGroup):
		m.t.AddGroup()
		return m.saveCmd()
	case key.Matches(k, keys.Lay):
		return m.tryLay101()
	case key.Matches(k, keys.LayOff):
		return m.tryOnTable101(okey101.ActLayOff, -1)
	case key.Matches(k, keys.TakeBack):
		return m.tryOnTable101(okey101.ActTakeBack, -1)
	case key.Matches(k, keys.Discard):
		return m.tryDiscard101(t.Cursor, conf)
	case key.Matches(k, keys.Finish):
		return m.tryFinish101(conf)
	case key.Matches(k, keys.SortColour):
		an := t.View.Analyzer
		m.t.Arrange(rack.ByColour(t.Rack.Tiles(), an.PlaysAs, an.IsOkey), nil, "status.sorted.colour")
		return m.saveCmd()
	case key.Matches(k, keys.SortValue):
		an := t.View.Analyzer
		m.t.Arrange(rack.ByValue(t.Rack.Tiles(), an.PlaysAs, an.IsOkey), nil, "status.sorted.value")
		return m.saveCmd()
	case key.Matches(k, keys.Runs):
		return m.arrangeMelds101(false)
	case key.Matches(k, keys.Pairs):
		return m.arrangeMelds101(true)
	case key.Matches(k, keys.Hint):
		return m.hint101()
	case key.Matches(k, keys.Browse):
		m.openOverlay(ovBrowse)
	case key.Matches(k, keys.Scores):
		m.openInfo(scrScores)
	case key.Matches(k, keys.Stats):
		m.openInfo(scrStats)
	default:
		m.unknownKey(k)
	}
	return nil
}

// The rack.

// pick101 picks up the tile under the cursor, or puts the tile picked
// up down at the cursor.
func (m *Model) pick101() {
	t := m.t
	if from, ok := table.PickAt(tableHost{m}, &t.Rack, t.Cursor, &t.Held, m.t.TileName); ok {
		t.Move(from, t.Cursor)
	}
}

// arrangeMelds101 is seri diz (the best opening's runs and sets
// together) or çift diz (the pairs together), the rest apart by colour.
func (m *Model) arrangeMelds101(pairs bool) tea.Cmd {
	t := m.t
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
		m.setFlash(true, m.tr.T(name+".none"))
		return nil
	}
	groups := play101.MeldTiles(ms)
	// As the apps' "seri aç" and "çift aç": the melds laid out become
	// the groups to lay down, when the player may lay them.
	st := v.Opened[0].Status
	if m.t.GroupsOnRack(groups, name, st == meld.NotOpened || (st == meld.OpenedPairs) == pairs) {
		msg := m.tr.T(name+".groups", len(groups))
		if len(groups) == 1 {
			msg = m.tr.T(name + ".group1")
		}
		m.setFlash(false, msg+" "+m.t.GroupsSum())
	}
	return m.saveCmd()
}

// Groups.

// Actions.

// whyNotMine says why the player cannot act now, or "".
func (m *Model) whyNotMine101() string {
	v := &m.t.View
	switch {
	case m.readOnly:
		return m.tr.T("status.readonly")
	case v.Phase != okey101.Playing:
		return m.tr.T("status.notplaying")
	case v.Turn != 0:
		return m.tr.T("status.wait", m.nameIn(v.Turn, i18n.Locative))
	}
	return ""
}

// whyNotTable101 says why the player cannot put tiles on the table now,
// or "".
func (m *Model) whyNotTable101() string {
	if why := m.whyNotMine101(); why != "" {
		return why
	}
	switch m.t.View.Stage {
	case okey101.StageFirst:
		return m.tr.T("t101.first")
	case okey101.StageDraw:
		return m.tr.T("t101.drawfirst")
	}
	return ""
}

// act101 plays the player's action a; done runs first when the game
// takes it (to take the tiles it used off the rack).
func (m *Model) act101(a okey101.Action, done func()) tea.Cmd {
	if m.seat != nil {
		return m.seatAct101([]okey101.Action{a}, done)
	}
	evs, lines, err := m.t.G.Apply(a)
	if err != nil {
		m.t.Refuse(err)
		return nil
	}
	m.t.Held = -1
	if done != nil {
		done()
	}
	return m.applied101(evs, lines)
}

func (m *Model) tryDraw101() tea.Cmd {
	v := &m.t.View
	why := m.whyNotMine101()
	switch {
	case why != "":
	case v.Stage == okey101.StageFirst:
		why = m.tr.T("t101.first")
	case v.Stage == okey101.StagePlay:
		why = m.tr.T("t101.drawn")
	}
	if why != "" {
		m.setFlash(true, why)
		return nil
	}
	return m.act101(okey101.Draw(0), nil)
}

func (m *Model) tryTake101() tea.Cmd {
	v := &m.t.View
	why := m.whyNotMine101()
	switch {
	case why != "":
	case v.Stage == okey101.StageFirst:
		why = m.tr.T("t101.first")
	case v.Stage == okey101.StagePlay:
		why = m.tr.T("t101.drawn")
	case v.GaveBack:
		why = m.tr.T("t101.gaveback")
	case v.Top(v.Previous) == tile.NoTile:
		why = m.tr.T("status.take.empty", m.seatName(v.Previous))
	}
	if why != "" {
		m.setFlash(true, why)
		return nil
	}
	top := v.Top(v.Previous)
	cmd := m.act101(okey101.Take(0), nil)
	if cmd != nil {
		m.setFlash(false, m.tr.T("t101.took", m.t.TileCase(top, i18n.Accusative)))
	}
	return cmd
}

func (m *Model) tryGiveBack101() tea.Cmd {
	v := &m.t.View
	why := m.whyNotMine101()
	switch {
	case why != "":
	case v.Legal.GiveBack:
	case v.Taken.Tile.Valid() && v.Taken.Used:
		why = m.tr.T("t101.giveback.used", m.t.TileName(v.Taken.Tile))
	default:
		why = m.tr.T("t101.giveback.none")
	}
	if why != "" {
		m.setFlash(true, why)
		return nil
	}
	return m.act101(okey101.GiveBack(0), nil)
}

// tryLay101 lays the groups made (and the group being made) down: the
// opening, when the player has not opened.
func (m *Model) tryLay101() tea.Cmd {
	if why := m.whyNotTable101(); why != "" {
		m.setFlash(true, why)
		return nil
	}
	t := m.t
	v := &t.View
	all := slices.Clone(t.Groups)
	if len(t.Sel) > 0 {
		if _, why := m.t.ReadGroup(t.Sel, all); why != "" {
			m.setFlash(true, why)
			return nil
		}
		all = append(all, t.Sel)
	}
	if len(all) == 0 {
		m.setFlash(true, m.tr.T("t101.lay.none"))
		return nil
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
		m.setFlash(true, m.tr.T("t101.open.pairs.short", len(groups), okey101.MinPairs))
		return nil
	case pairs:
		a = okey101.OpenPairs(0, groups...)
	case total < v.Threshold:
		m.setFlash(true, m.tr.T("t101.open.short", total, v.Threshold, v.Threshold-total))
		return nil
	default:
		a = okey101.Open(0, groups...)
	}
	return m.act101(a, func() {
		for _, g := range all {
			for _, s := range g {
				t.Rack.Slots[s] = tile.NoTile
			}
		}
		t.Sel, t.Groups = nil, nil
	})
}

// tryOnTable101 lays the tile of slot (-1: the one chosen alone, else
// the cursor's) off onto the table, or puts it in the place of an okey
// there (kind ActLayOff or ActTakeBack); only onto meld onto (-1: any).
// With more than one place for it, the player chooses.
func (m *Model) tryOnTable101(kind okey101.ActionKind, onto int) tea.Cmd {
	if why := m.whyNotTable101(); why != "" {
		m.setFlash(true, why)
		return nil
	}
	t := m.t
	v := &t.View
	slot := t.Cursor
	if len(t.Sel) == 1 {
		slot = t.Sel[0]
	}
	x := t.Rack.Slots[slot]
	switch {
	case v.Opened[0].Status == meld.NotOpened:
		m.setFlash(true, m.tr.T("t101.table.notopened"))
		return nil
	case x == tile.NoTile:
		m.setFlash(true, m.tr.T("t101.table.notile"))
		return nil
	case len(v.Table) == 0:
		m.setFlash(true, m.tr.T("t101.table.empty"))
		return nil
	}
	c := m.places101(kind, x, onto)
	c.Slot = slot
	switch {
	case len(c.Opts) == 0:
		m.setFlash(true, m.noPlace101(kind, x, onto))
		return nil
	case len(c.Opts) == 1:
		return m.playPlace101(c, 0)
	}
	t.Choose = &c
	return nil
}

// noPlace101 says why tile x has no place on the table (onto meld
// onto, -1 for any).
func (m *Model) noPlace101(kind okey101.ActionKind, x tile.Tile, onto int) string {
	name := m.t.TileName(x)
	if kind == okey101.ActTakeBack {
		return m.tr.T("t101.takeback.none", name)
	}
	if tb := m.places101(okey101.ActTakeBack, x, onto); len(tb.Opts) > 0 {
		return m.tr.T("t101.layoff.okey", name)
	}
	if onto >= 0 {
		return m.tr.T("t101.layoff.notthere", name, m.t.MeldName(onto))
	}
	return m.tr.T("t101.layoff.none", name)
}

// tryDiscard101 discards the tile of slot. One that costs 101 is only
// thrown when confirmed (the same key again on the same tile).
func (m *Model) tryDiscard101(slot int, conf play101.Confirm) tea.Cmd {
	t := m.t
	v := &t.View
	why := m.whyNotMine101()
	switch {
	case why != "":
	case v.Stage == okey101.StageDraw:
		why = m.tr.T("t101.drawfirst")
	case v.Legal.GiveBack:
		why = m.tr.T("t101.owed", m.t.TileName(v.Taken.Tile))
	case t.Rack.Slots[slot] == tile.NoTile:
		why = m.tr.T("status.discard.empty")
	}
	if why != "" {
		m.setFlash(true, why)
		return nil
	}
	x := t.Rack.Slots[slot]
	if cost := play101.Costs(v, x); cost != "" && (conf.Kind != play101.ConfirmDiscard || conf.Slot != slot) {
		t.Confirm = play101.Confirm{Kind: play101.ConfirmDiscard, Slot: slot}
		m.setFlash(true, m.tr.T("t101.confirm."+cost, m.t.TileName(x), m.t.TileCase(x, i18n.Accusative)))
		return nil
	}
	return m.act101(okey101.Discard(0, x), func() {
		t.Rack.Slots[slot] = tile.NoTile
		t.Sel = slices.DeleteFunc(t.Sel, func(s int) bool { return s == slot })
	})
}

// tryFinish101 finishes the hand: with one tile left, by discarding it;
// otherwise by the way the analysis finds to lay every tile but one
// down this turn, shown first and played when confirmed (f again).
func (m *Model) tryFinish101(conf play101.Confirm) tea.Cmd {
	if why := m.whyNotTable101(); why != "" && m.t.View.Stage != okey101.StageFirst {
		m.setFlash(true, why)
		return nil
	}
	t := m.t
	v := &t.View
	if v.Stage == okey101.StageFirst {
		m.setFlash(true, m.tr.T("t101.finish.first"))
		return nil
	}
	if v.Counts.Total() == 1 && !v.Legal.GiveBack {
		for i, x := range t.Rack.Slots {
			if x != tile.NoTile {
				return m.tryDiscard101(i, conf)
			}
		}
	}
	if conf.Kind == play101.ConfirmFinish {
		return m.playAll101(conf.Plan)
	}
	p, ok := t.SV.CanFinish(v.Analyzer, v.Counts, v.Melds(), v.MeldTurn())
	if !ok {
		m.setFlash(true, m.tr.T("t101.finish.cannot"))
		return nil
	}
	t.Confirm = play101.Confirm{Kind: play101.ConfirmFinish, Plan: okey101.PlanActions(0, p)}
	m.setFlash(false, m.t.PlanText(t.Confirm.Plan))
	return nil
}

// playAll101 plays the player's actions one after another, as long as
// the game takes them.
func (m *Model) playAll101(acts []okey101.Action) tea.Cmd {
	if m.seat != nil {
		return m.seatAct101(acts, nil)
	}
	var cmds []tea.Cmd
	for _, a := range acts {
		if m.t.View.Phase != okey101.Playing || !m.t.View.MyTurn() {
			break
		}
		evs, lines, err := m.t.G.Apply(a)
		if err != nil {
			m.t.Refuse(err)
			break
		}
		m.t.Held = -1
		m.t.Sel, m.t.Groups = nil, nil
		cmds = append(cmds, m.applied101(evs, lines))
	}
	return tea.Batch(cmds...)
}
