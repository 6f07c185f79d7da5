package play101

import (
	"slices"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/ui/rack"
)

// The groups the player makes on the rack, read as melds, and why a
// group is not one.

// groupsTotal counts the groups made: how many, their worth, and
// whether they are pairs.
func (t *Table) groupsTotal() (n, total int, pairs bool) {
	v := &t.View
	for _, g := range t.Groups {
		ts := t.SlotTiles(g)
		if len(ts) == 2 {
			if _, err := v.Analyzer.ReadPair(ts, v.Rules.OkeyPair); err == nil {
				pairs = true
				n++
			}
			continue
		}
		if r, err := v.Analyzer.Read(ts); err == nil {
			total += r.Value()
			n++
		}
	}
	return n, total, pairs
}

// ReadGroup reads the tiles of slots as a group the player could lay
// down now beside the groups made: a run or a set, or a pair; why
// says why not ("" when it is one).
func (t *Table) ReadGroup(slots []int, with [][]int) (meld.Meld, string) {
	v := &t.View
	an := v.Analyzer
	ts := t.SlotTiles(slots)
	status := v.Opened[0].Status
	var g meld.Meld
	switch {
	case len(ts) < 2:
		return g, t.tr().T("t101.group.short")
	case len(ts) == 2:
		p, err := an.ReadPair(ts, v.Rules.OkeyPair)
		if err != nil {
			return g, t.tr().T("t101.group.notpair", t.TilesText(ts))
		}
		g = p
	default:
		r, err := an.Read(ts)
		if err != nil {
			return g, t.whyNotMeld(ts)
		}
		g = r
	}
	pair := g.Kind == meld.Pair
	switch {
	case pair && status == meld.OpenedMelds:
		return g, t.tr().T("t101.group.nopairs")
	case !pair && status == meld.OpenedPairs:
		return g, t.tr().T("t101.group.pairsonly")
	}
	for _, o := range with {
		if other := t.SlotTiles(o); (len(other) == 2) != pair {
			return g, t.tr().T("t101.group.mixed")
		}
	}
	return g, ""
}

// GroupsSum says what the groups made come to against what laying
// them down needs.
func (t *Table) GroupsSum() string {
	v := &t.View
	n, total, pairs := t.groupsTotal()
	if n == 0 {
		return ""
	}
	switch {
	case v.Opened[0].Status != meld.NotOpened:
		return t.tr().T(t.look.Tap("t101.sum.lay"))
	case pairs && n >= okey101.MinPairs:
		return t.tr().T(t.look.Tap("t101.sum.pairs.ok"), n)
	case pairs:
		return t.tr().T("t101.sum.pairs", n, okey101.MinPairs-n)
	case total >= v.Threshold:
		return t.tr().T(t.look.Tap("t101.sum.ok"), total, v.Threshold)
	}
	return t.tr().T("t101.sum.short", total, v.Threshold, v.Threshold-total)
}

// whyNotMeld says why tiles (three or more) are not a run or a set.
func (t *Table) whyNotMeld(ts []tile.Tile) string {
	an := t.View.Analyzer
	var real []tile.Tile
	for _, x := range ts {
		if !an.IsOkey(x) {
			real = append(real, an.PlaysAs(x))
		}
	}
	txt := t.TilesText(ts)
	if len(real) == 0 {
		return t.tr().T("t101.why.allokeys", txt)
	}
	sameValue, sameColour := true, true
	for _, x := range real[1:] {
		sameValue = sameValue && x.Value() == real[0].Value()
		sameColour = sameColour && x.Colour() == real[0].Colour()
	}
	switch {
	case sameValue && len(ts) > tile.NumColours:
		return t.tr().T("t101.why.setlong", txt)
	case sameValue:
		return t.tr().T("t101.why.setcolours", txt)
	case sameColour:
		return t.tr().T("t101.why.run", txt)
	}
	return t.tr().T("t101.why.mixed", txt)
}

// AddGroup makes the group being made (or, with none, the tiles
// around the cursor) one of the groups to lay down, if they are one.
func (t *Table) AddGroup() {
	slots := t.Sel
	if len(slots) == 0 {
		slots = t.GroupAt(t.Cursor)
		if len(slots) == 0 {
			t.said.Flash(true, t.tr().T("t101.group.none"))
			return
		}
		for _, s := range slots {
			if t.GroupOf(s) > 0 {
				t.said.Flash(true, t.tr().T("t101.group.taken", t.GroupOf(s)))
				return
			}
		}
	}
	g, why := t.ReadGroup(slots, t.Groups)
	if why != "" {
		t.said.Flash(true, why)
		return
	}
	t.Groups = append(t.Groups, slices.Clone(slots))
	t.Sel = nil
	t.said.Flash(false, t.tr().T("t101.group.added", len(t.Groups), t.KindName(g.Kind), t.TilesText(g.Tiles))+" "+t.GroupsSum())
}

// ToggleSelect chooses the tile of slot i into the group being made,
// or takes it out of its group.
func (t *Table) ToggleSelect(i int) {
	if t.Rack.Slots[i] == tile.NoTile {
		t.said.Flash(true, t.tr().T("t101.select.empty"))
		return
	}
	switch g := t.GroupOf(i); {
	case g == 0:
		t.Sel = slices.DeleteFunc(t.Sel, func(s int) bool { return s == i })
	case g > 0:
		t.Groups[g-1] = slices.DeleteFunc(t.Groups[g-1], func(s int) bool { return s == i })
		if len(t.Groups[g-1]) == 0 {
			t.Groups = slices.Delete(t.Groups, g-1, g)
		}
		t.said.Flash(false, t.tr().T("t101.select.out", t.TileName(t.Rack.Slots[i]), g))
	default:
		t.Sel = append(t.Sel, i)
	}
}

// GroupsOnRack lays groups of tiles of the rack out together, the
// rest apart by colour (with msg said), and when lay is set makes them
// the groups to lay down (l); it reports whether it did.
func (t *Table) GroupsOnRack(groups [][]tile.Tile, msg string, lay bool) bool {
	an := t.View.Analyzer
	rest := t.View.Counts
	for _, g := range groups {
		for _, x := range g {
			rest[x]--
		}
	}
	var left []tile.Tile
	for _, g := range rack.ByColour(rest.Tiles(), an.PlaysAs, an.IsOkey) {
		left = append(left, g...)
	}
	t.Arrange(groups, left, msg)
	if !lay {
		return false
	}
	var used [rack.NumSlots]bool
	t.Sel, t.Groups = nil, nil
	for _, g := range groups {
		t.Groups = append(t.Groups, t.slotsOf(g, &used))
	}
	return true
}

// Cancel puts back the tile picked up, or else clears the group
// being made, or else the groups made.
func (t *Table) Cancel() {
	switch {
	case t.Held >= 0:
		t.Held = -1
		t.said.Flash(false, t.tr().T("status.putback"))
	case len(t.Sel) > 0:
		t.Sel = nil
		t.said.Flash(false, t.tr().T("t101.cancel.sel"))
	case len(t.Groups) > 0:
		t.Groups = nil
		t.said.Flash(false, t.tr().T("t101.cancel.groups"))
	default:
		t.said.Flash(false, t.tr().T("status.nocancel"))
	}
}

// Arrange lays groups (and rest, apart) out on the rack; the cursor,
// the group being made and the groups made follow their tiles.
func (t *Table) Arrange(groups [][]tile.Tile, rest []tile.Tile, msg string) {
	t.Held = -1
	cur := t.Rack.Slots[t.Cursor]
	sel := t.SlotTiles(t.Sel)
	made := make([][]tile.Tile, len(t.Groups))
	for k, g := range t.Groups {
		made[k] = t.SlotTiles(g)
	}
	if r, ok := rack.PackRows(groups, rest); ok {
		t.Rack = r
	} else {
		t.Rack.Pack(append(groups, rest))
	}
	t.Cursor = t.Rack.Nearest(cur, t.Cursor)
	var used [rack.NumSlots]bool
	t.Sel = t.slotsOf(sel, &used)
	for k := range made {
		t.Groups[k] = t.slotsOf(made[k], &used)
	}
	t.said.Flash(false, t.tr().T(msg))
}

// slotsOf finds tiles ts on the rack, in order, each in a slot not used
// yet (then marked used): a tile twice on the rack is found twice.
func (t *Table) slotsOf(ts []tile.Tile, used *[rack.NumSlots]bool) []int {
	var out []int
	for _, x := range ts {
		for i, y := range t.Rack.Slots {
			if y == x && !used[i] {
				used[i] = true
				out = append(out, i)
				break
			}
		}
	}
	return out
}
