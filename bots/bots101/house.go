package bots101

import (
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// What the bots make of the house rules (RULES.md, "House rules"). The
// discard's own penalties, islek_back and okey_once included, come from
// okey101.IslekTiles and the board's cost; an okey is still weighed as
// costly after okey_once has made a second one free, since a thrown
// okey is the best tile the next player can take. Here: the feed
// penalty, which no seat can know for sure, as a risk.

// feedRisk is the chance that the next player takes t and opens with
// it, under the feed option (0 without it, or once that player has
// opened): a guess from what can be seen. A tile helps an opening the
// more it is worth (openings count values), and little when that player
// has thrown the same face this hand (they did not keep it) or one of
// its colour next to it. The scale (0.15 for a 13) was measured against
// three normal bots under feed: with it hard paid about half the feed
// and other penalties, and scored well above the others.
func feedRisk(v *okey101.View, t tile.Tile) float64 {
	next := (v.Seat + 1) % okey101.NumSeats
	if !v.Rules.Feed || v.Opened[next].Status != meld.NotOpened || !t.Valid() || v.Analyzer.IsOkey(t) {
		return 0
	}
	an := v.Analyzer
	pt := an.PlaysAs(t)
	risk := 0.15 * float64(pt.Value()) / tile.NumValues
	for _, e := range v.History {
		if e.Kind != okey101.EvDiscard || e.Seat != next || !e.Tile.Valid() {
			continue
		}
		q := an.PlaysAs(e.Tile)
		switch {
		case q == pt:
			return risk * 0.1
		case q.Colour() == pt.Colour() && (q.Value() == pt.Value()-1 || q.Value() == pt.Value()+1):
			risk *= 0.5
		}
	}
	return risk
}

// feedWeight is feedRisk in the units of discard's scores, where 1000
// is a penalty of 101.
func feedWeight(v *okey101.View, t tile.Tile) float64 { return float64(feedRisk(v, t) * 1000) }
