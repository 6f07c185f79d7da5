package coach

import (
	"okey/bots/rollout"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// The judge of 101 deals its worlds from 101's belief of the racks
// (rollout.Shared101: each opponent's rack read from its discards,
// takes, passes, opening and lay-offs). Where that reading is what made
// a discard lose, the verdict says what it saw, as classic's does
// (readClassic): the next player, whose turn the discard opens, took
// tiles from the discards or laid down melds that the discard goes
// with, and was likely to use it; or it threw tiles around the better
// discard. A tile helps the next player in a world when its rack there
// makes more of it: its best melds are worth more with the tile (for a
// player not opened, nearer an opening; for one opened with melds, a
// new meld), its pairs are more (opened with pairs), or, once it has
// opened, it would lay the tile off on the table.

// feedShare101 is the share of readWorlds worlds dealt by s in which t
// would help seat's rack (the comment above says how).
func feedShare101(v *okey101.View, s rollout.Sampler101, seed uint64, seat int, t tile.Tile) (float64, error) {
	ws := rollout.NewWorlds101(v, s)
	an := v.Analyzer
	status := v.Opened[seat].Status
	islek := status != meld.NotOpened && an.IsOkey(t) || status != meld.NotOpened && an.Islek(v.Melds()).Has(t)
	sv := new(meld.Solver)
	n := 0
	for i := range readWorlds {
		w, err := ws.World(seed, i)
		if err != nil {
			return 0, err
		}
		c := w.View(seat).Counts
		with := c
		with[t]++
		switch {
		case islek:
			n++
		case status == meld.OpenedPairs:
			if an.Pairs(with, v.Rules.OkeyPair) > an.Pairs(c, v.Rules.OkeyPair) {
				n++
			}
		case sv.BestOpening(an, with).Value > sv.BestOpening(an, c).Value:
			n++
		}
	}
	return float64(n) / readWorlds, nil
}

// seenWith101 are the tiles seat took from the discards (took) or threw
// this hand that go with t as they play, at most three, the latest
// last (seenWith in 101).
func seenWith101(v *okey101.View, seat int, t tile.Tile, took bool) []tile.Tile {
	an := v.Analyzer
	if an.IsOkey(t) {
		return nil
	}
	kind := okey101.EvDiscard
	if took {
		kind = okey101.EvTake
	}
	var out []tile.Tile
	for _, e := range v.History {
		if e.Kind == kind && e.Seat == seat && e.Tile.Valid() && !an.IsOkey(e.Tile) && goesWith(an.PlaysAs(e.Tile), an.PlaysAs(t)) {
			out = append(out, e.Tile)
		}
	}
	return out[max(len(out)-3, 0):]
}

// laidWith101 are the tiles of the melds seat laid down this hand (its
// opening, its later melds) that go with t as they play, at most three,
// the latest last: a run of its colour or a set of its value it
// collects.
func laidWith101(v *okey101.View, seat int, t tile.Tile) []tile.Tile {
	an := v.Analyzer
	if an.IsOkey(t) {
		return nil
	}
	var out []tile.Tile
	for _, e := range v.History {
		if (e.Kind != okey101.EvOpen && e.Kind != okey101.EvLay) || e.Seat != seat {
			continue
		}
		for _, m := range e.Melds {
			for _, u := range m.Tiles {
				if u.Valid() && !an.IsOkey(u) && goesWith(an.PlaysAs(u), an.PlaysAs(t)) {
					out = append(out, u)
				}
			}
		}
	}
	return out[max(len(out)-3, 0):]
}
