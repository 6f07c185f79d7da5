package coach

import (
	"context"

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

// read101 is what reading the table changed in the verdict on
// discarding played where the best was to discard best, from view v:
// nil when judged again on racks dealt at random the move played still
// loses an inaccuracy or more.
func read101(ctx context.Context, v *okey101.View, played, best okey101.Action, o Options) (*TableRead, error) {
	uni := rollout.Uniform101()
	o.sampler101, o.RuleOut, o.Progress = &uni, "", nil
	du, _, err := judge101(ctx, *v, played, o)
	if err != nil {
		return nil, err
	}
	if worse(du.Label) {
		return nil, nil
	}
	next := (v.Seat + 1) % okey101.NumSeats
	seed := viewSeed(o.Seed, v.Hand*8+v.Redeal, len(v.History), uint8(v.Stage)) ^ 0x7ead
	r := &TableRead{Seat: next, Uniform: du.Label, UniformLoss: du.Loss}
	_, err = r.pick(played.Tile, best.Tile, func(t tile.Tile, byBelief bool) (float64, error) {
		s := uni
		if byBelief {
			s = rollout.Shared101()
		}
		return feedShare101(v, s, seed, next, t)
	}, func(t tile.Tile, took bool) (string, string) {
		seen := tile.FormatTiles(seenWith101(v, next, t, took))
		if !took {
			return seen, ""
		}
		return seen, tile.FormatTiles(laidWith101(v, next, t))
	})
	return r, err
}

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
