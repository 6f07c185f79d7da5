package play101

import (
	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
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
		return t.tr().T("t101.sum.lay")
	case pairs && n >= okey101.MinPairs:
		return t.tr().T("t101.sum.pairs.ok", n)
	case pairs:
		return t.tr().T("t101.sum.pairs", n, okey101.MinPairs-n)
	case total >= v.Threshold:
		return t.tr().T("t101.sum.ok", total, v.Threshold)
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
