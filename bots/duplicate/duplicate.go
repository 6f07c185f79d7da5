// Package duplicate turns the hands of a duplicate table (game/duplicate)
// into the results its score takes, in par's measure, and plays a
// duplicate table's hand with bots (issue 44, point 5). It stands above
// the engine, whose packages cannot import bots/par.
//
// A seat's result is the classic hand's score in par's measure (what the
// seat made the others lose, less what it lost: par.ClassicSeatScore),
// or a 101 hand's total with its sign turned (less is better in 101):
// more is better in both, as game/duplicate's Score wants.
package duplicate

import (
	"context"
	"fmt"

	"okey/bots/par"
	"okey/game/classic"
	dup "okey/game/duplicate"
	"okey/game/okey101"
	"okey/game/record"
)

// ClassicResults are the seats' results of the classic hand r.
func ClassicResults(r *classic.HandResult) [dup.Seats]int {
	var out [dup.Seats]int
	for s := range out {
		out[s] = par.ClassicSeatScore(r, s)
	}
	return out
}

// Results101 are the seats' results of the 101 hand r.
func Results101(r *okey101.HandResult) [dup.Seats]int {
	var out [dup.Seats]int
	for s := range out {
		out[s] = dup.Result101(r.Lines[s].Total)
	}
	return out
}

// ErrCapped is a hand that reached the cap on actions without an end.
var ErrCapped = fmt.Errorf("the hand reached the cap on actions")

// PlayClassic plays hand h of a classic duplicate table under rules with
// bots: player p a bot of levels[p] seeded with seeds[p], sitting in
// h.Seat(p). The hand is the first of a one-hand match of h.Seed, under
// the current record version.
func PlayClassic(ctx context.Context, rules classic.Rules, h dup.Hand, levels [dup.Seats]string, seeds [dup.Seats]uint64) (dup.Played, error) {
	var bySeat [dup.Seats]string
	var seedBySeat [dup.Seats]uint64
	for p := range levels {
		bySeat[h.Seat(p)], seedBySeat[h.Seat(p)] = levels[p], seeds[p]
	}
	rec := classic.Record{Version: record.Version, Rules: rules, Seed: h.Seed}
	r, capped, err := par.PlayClassic(ctx, rec, bySeat, seedBySeat)
	switch {
	case err != nil:
		return dup.Played{}, fmt.Errorf("deal %d, rotation %d: %w", h.Deal+1, h.Rotation, err)
	case capped:
		return dup.Played{}, fmt.Errorf("deal %d, rotation %d: %w", h.Deal+1, h.Rotation, ErrCapped)
	}
	return dup.Played{Hand: h, Result: ClassicResults(r)}, nil
}
