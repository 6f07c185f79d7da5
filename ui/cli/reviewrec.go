package cli

import (
	"context"
	"fmt"

	"okey/bots/coach"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/record"
)

// Review is the review of one seat in one record: what okey review
// prints and the game's review screen shows.
type Review struct {
	Game      game.Kind
	Decisions []coach.Decision
	// Summary totals the decisions, with a summary a hand in Hands.
	Summary coach.Summary
	// Thresholds are the game's label lines.
	Thresholds coach.Thresholds
}

// ReviewRecord judges seat's decisions in the record b (either game; hand
// 0: every hand). Before the first decision is judged o.Progress, if set,
// hears (0, total), so a progress line can say how many there are. On an
// error the decisions judged so far are returned with it.
func ReviewRecord(ctx context.Context, b []byte, seat, hand int, o coach.Options) (Review, error) {
	r := Review{Game: game.Classic, Thresholds: coach.ThresholdsClassic}
	if Is101(b) {
		r.Game, r.Thresholds = game.Okey101, coach.Thresholds101
	}
	if o.Progress != nil {
		if n, err := DecisionsIn(b, seat, hand); err == nil {
			o.Progress(0, n)
		}
	}
	var err error
	if r.Game == game.Okey101 {
		rec, perr := okey101.ParseRecord(b)
		if perr != nil {
			return r, fmt.Errorf("reading the record: %w", perr)
		}
		r.Decisions, err = coach.Review101(ctx, rec, seat, hand, o)
	} else {
		rec, perr := classic.ParseRecord(b)
		if perr != nil {
			return r, fmt.Errorf("reading the record: %w", perr)
		}
		r.Decisions, err = coach.ReviewClassic(ctx, rec, seat, hand, o)
	}
	r.Summary = Summarise(r.Game, seat, r.Decisions, r.Thresholds)
	return r, err
}

// DecisionsIn counts seat's decisions in the record b (either game; hand
// 0: every hand) that a review would judge, without judging them: a
// review of several records says how many there are before it starts.
func DecisionsIn(b []byte, seat, hand int) (int, error) {
	if Is101(b) {
		rec, err := okey101.ParseRecord(b)
		if err != nil {
			return 0, fmt.Errorf("reading the record: %w", err)
		}
		ps, err := coach.Points101(rec, seat, hand)
		return len(ps), err
	}
	rec, err := classic.ParseRecord(b)
	if err != nil {
		return 0, fmt.Errorf("reading the record: %w", err)
	}
	ps, err := coach.PointsClassic(rec, seat, hand)
	return len(ps), err
}

// Summarise totals a whole review and each hand of it.
func Summarise(g game.Kind, seat int, ds []coach.Decision, th coach.Thresholds) coach.Summary {
	sum := coach.Summarise(g, seat, 0, ds, th)
	for i := 0; i < len(ds); {
		j := i
		for j < len(ds) && ds[j].Hand == ds[i].Hand {
			j++
		}
		sum.Hands = append(sum.Hands, coach.Summarise(g, seat, ds[i].Hand, ds[i:j], th))
		i = j
	}
	return sum
}

// Is101 reports whether a record's header names Okey 101 (as
// record.ReadHeader reads it).
func Is101(b []byte) bool {
	h, err := record.ReadHeader(b)
	return err == nil && h.Kind == game.Okey101
}
