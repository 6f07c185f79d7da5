//go:build tune

package botsclassic

import (
	"context"
	"slices"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// oracle is a tuning-bench player that bounds what better choices of
// route can add, not a player: it plays as hard, except at the two
// choices this ladder's points come from, where the bench shows it the
// true state and it plays each option out to the end of the hand with
// the table's own levels in every seat (only their tie-breaks are
// unknown to it), and takes the option that nets the most points:
//
//   - what&1: holding a win with an okey (finish now, or throw the tile
//     that keeps the win with the most tiles to come that free the okey);
//   - what&2: the seven-pairs route (hard's choice, or the pairs
//     discard, whenever the pairs route is within reach).
//
// Seeing the wall and the racks, it knows whether a hold will be
// rewarded and whether pairs will come: what it gains over hard is an
// upper bound on what any judgement of these two choices can gain.
type oracle struct {
	*Hard
	what  int
	truth classic.State
	names [classic.NumSeats]string // the level in each seat
	n     uint64
}

func newOracle(seed uint64) *oracle {
	h := NewHard(seed)
	h.pairs = true
	return &oracle{Hard: h, what: 3}
}

func (o *oracle) Level() string { return "oracle" }

// see gives the oracle the true state before each decision; seats the
// levels of the table.
func (o *oracle) see(s classic.State)                  { o.truth = s }
func (o *oracle) seats(names [classic.NumSeats]string) { o.names = names }

func (o *oracle) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	a, err := o.Hard.Decide(ctx, v)
	if err != nil || v.Stage != classic.MustDiscard || !v.MyTurn() || a.Kind == classic.ActShow {
		return a, err
	}
	an := &v.Analyzer
	h, err := handOf(an, &v.Counts)
	if err != nil {
		return classic.Action{}, err
	}
	var m memory
	tb := m.discards(an, h)
	unseen := v.Unseen()
	j := hardJudge(&v, &unseen)
	opts := []classic.Action{a}
	add := func(x classic.Action) {
		if !slices.Contains(opts, x) {
			opts = append(opts, x)
		}
	}
	if minDist(&tb.Dist) == 0 {
		if o.what&1 == 0 {
			return a, nil
		}
		t, ok := bestFinish(an, h, &tb.Dist, true)
		if !ok || an.IsOkey(t) || an.Okey() == tile.NoTile || h.Count(an.Okey()) == 0 || v.WallLeft <= classic.NumSeats {
			return a, nil
		}
		add(classic.FinishAction(v.Seat, t))
		if x, _ := j.freeing(an, h, &tb); x != tile.NoTile {
			add(classic.DiscardAction(v.Seat, x))
		}
	} else if o.what&2 != 0 {
		x, _ := j.pairsDiscard(&v, &v.Counts, h, &tb)
		if x == tile.NoTile {
			return a, nil
		}
		add(classic.DiscardAction(v.Seat, x))
		add(classic.DiscardAction(v.Seat, o.chooseDiscard(&v, h, &tb, &unseen, nil)))
	}
	if len(opts) == 1 {
		return a, nil
	}
	best, bestNet := a, -1e9
	for _, x := range opts {
		net, err := o.playOut(x, v.Seat)
		if err != nil {
			return classic.Action{}, err
		}
		if net > bestNet {
			best, bestNet = x, net
		}
	}
	return best, nil
}

// playOut plays the true state on after action x to the end of the hand,
// with fresh bots of the table's levels (the oracle's seat: plain hard),
// and returns the net points of seat me.
func (o *oracle) playOut(x classic.Action, me int) (float64, error) {
	s, _, err := o.truth.Apply(x)
	if err != nil {
		return 0, err
	}
	o.n++
	var bots [classic.NumSeats]Bot
	for seat, name := range o.names {
		if seat == me {
			h := NewHard(o.n*4 + uint64(seat))
			h.pairs = o.Hard.pairs
			bots[seat] = h
			continue
		}
		if bots[seat], err = tuneVariant(name, o.n*4+uint64(seat)); err != nil {
			return 0, err
		}
	}
	ctx := context.Background()
	for s.Phase() == game.Playing && s.Moves() < 500 {
		who := s.Turn()
		a, err := bots[who].Decide(ctx, s.View(who))
		if err != nil {
			return 0, err
		}
		if s, _, err = s.Apply(a); err != nil {
			return 0, err
		}
	}
	r := s.Result()
	if r == nil {
		return 0, nil
	}
	total := 0
	for _, l := range r.Lost {
		total += l
	}
	return float64(total-r.Lost[me])/float64(classic.NumSeats-1) - float64(r.Lost[me]), nil
}
