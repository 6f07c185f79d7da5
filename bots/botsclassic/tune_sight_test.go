//go:build tune

package botsclassic

import (
	"context"

	"okey/game/classic"
	"okey/game/tile"
)

// sight bounds what a reading of the racks can add to hard's discard
// through Read, not a player: the bench shows it the true state, and it
// weighs hard's discard as bots/reader does from the belief, but with
// the truth: feed is the cost of a discard that is an out of the next
// player's rack, win of one that lets it win; live (0 or 1) weighs each
// out by its copies in the wall (and prev times those in the previous
// player's rack) instead of its unseen copies.
type sight struct {
	*Hard
	feed, win, live, prev float64
	truth                 classic.State
}

func newSight(seed uint64) *sight { return &sight{Hard: NewHard(seed)} }

func (o *sight) Level() string       { return "sight" }
func (o *sight) see(s classic.State) { o.truth = s }

func (o *sight) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	if !v.MyTurn() || v.Stage != classic.MustDiscard {
		return o.Hard.Decide(ctx, v)
	}
	var r Read
	an := &v.Analyzer
	if next := nextSeat(&v); next != v.Seat && (o.feed != 0 || o.win != 0) {
		h, err := an.HandOf(o.truth.View(next).Counts)
		if err != nil {
			return classic.Action{}, err
		}
		outs, d := an.Outs(h), an.Distance(h)
		for f := range r.Cost {
			if outs.Has(tile.Tile(f)) {
				r.Cost[f] = o.feed
				if d == 1 {
					r.Cost[f] += o.win
				}
			}
		}
	}
	if o.live != 0 {
		unseen := v.Unseen()
		r.Draw = [tile.NumFaces]float64{}
		for f, k := range unseen {
			r.Draw[f] = float64(k)
		}
		prev := (v.Seat + classic.NumSeats - 1) % classic.NumSeats
		known := v.Known()
		for s := range classic.NumSeats {
			if s == v.Seat {
				continue
			}
			c := o.truth.View(s).Counts
			share := 0.0
			if s == prev {
				share = o.prev
			}
			for f := range c {
				held := float64(int(c[f]) - int(known[s][f]))
				r.Draw[f] -= float64((1 - share) * held)
			}
		}
		for _, x := range r.Draw {
			r.DrawTotal += x
		}
	}
	return o.Hard.DecideRead(ctx, v, &r)
}
