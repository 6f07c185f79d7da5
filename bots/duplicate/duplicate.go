// Package duplicate turns the hands of a duplicate table
// (game/duplicate) into the results its score takes, in par's measure,
// and plays a duplicate table's hand with bots (okey serve's duplicate
// tables). It stands above the engine, whose packages cannot import
// bots/par.
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

// seated is levels and seeds by player turned into by seat for hand h.
func seated(h dup.Hand, levels [dup.Seats]string, seeds [dup.Seats]uint64) (l [dup.Seats]string, k [dup.Seats]uint64) {
	for p := range levels {
		l[h.Seat(p)], k[h.Seat(p)] = levels[p], seeds[p]
	}
	return l, k
}

// played is the Played of h from a bots' game's outcome.
func played(h dup.Hand, result [dup.Seats]int, capped bool, err error) (dup.Played, error) {
	switch {
	case err != nil:
		return dup.Played{}, fmt.Errorf("deal %d, rotation %d: %w", h.Deal+1, h.Rotation, err)
	case capped:
		return dup.Played{}, fmt.Errorf("deal %d, rotation %d: %w", h.Deal+1, h.Rotation, ErrCapped)
	}
	return dup.Played{Hand: h, Result: result}, nil
}

// PlayClassic plays hand h of a classic duplicate table under rules with
// bots: player p a bot of levels[p] seeded with seeds[p], sitting in
// h.Seat(p). The hand is the first of a match of h.Seed, under the
// current record version.
func PlayClassic(ctx context.Context, rules classic.Rules, h dup.Hand, levels [dup.Seats]string, seeds [dup.Seats]uint64) (dup.Played, error) {
	l, k := seated(h, levels, seeds)
	rec := classic.Record{Version: record.Version, Rules: rules, Seed: h.Seed}
	r, capped, err := par.PlayClassic(ctx, rec, l, k)
	var res [dup.Seats]int
	if r != nil {
		res = ClassicResults(r)
	}
	return played(h, res, capped, err)
}

// Play101 is PlayClassic's twin for 101: the hand is a one-hand match
// of h.Seed under rules (their number of hands set to one), a void deal
// dealt again as the rules say.
func Play101(ctx context.Context, rules okey101.Rules, h dup.Hand, levels [dup.Seats]string, seeds [dup.Seats]uint64) (dup.Played, error) {
	l, k := seated(h, levels, seeds)
	rules.Hands = 1
	rec := okey101.Record{Version: record.Version, Rules: rules, Seed: h.Seed}
	r, capped, err := par.Play101(ctx, rec, l, k)
	var res [dup.Seats]int
	if r != nil {
		res = Results101(r)
	}
	return played(h, res, capped, err)
}
