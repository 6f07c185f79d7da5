//go:build tune

package belief101_test

import (
	"context"
	"fmt"
	"okey/bots/bots101"
	"strings"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// HandLog is the ceiling's chain (tune_ceiling_test.go) fed by a hand as
// it is played, for the external tune test that plays the search on the
// chain's worlds in whole matches (proxy101_tune_test.go): the perfect
// reading's proxy in play, issue 66's point 1 for 101. It is exported
// for that test only (a _test file: the package does not export it).
//
// Its chain knows what no honest reader does: the others' racks at the
// start (it starts from the truth) and that they play normal exactly.
type HandLog struct {
	h     ceilHand
	deal  okey101.DealInfo
	open  bool // a hand is being logged
	sv    *meld.Solver
	cache map[ceilKey]bool
	// Turns counts the opponents' turns the chain replayed, Kept its
	// moves kept, Tried its moves tried: its work, for the report.
	Turns, Kept, Tried int
}

// NewHandLog is an empty log.
func NewHandLog() *HandLog {
	return &HandLog{sv: new(meld.Solver), cache: map[ceilKey]bool{}}
}

// Watch logs action a, played from state before: a new hand starts the
// log afresh, a seat's consecutive actions make one plan as
// bots101.Turn makes them (a draw ends one: the plan after it sees the
// tile drawn), and a draw is logged with the tile drawn.
func (l *HandLog) Watch(before *okey101.State, a okey101.Action) {
	if a.Kind == okey101.ActNextHand {
		return
	}
	l.begin(before)
	n := len(l.h.segs)
	if n == 0 || l.h.segs[n-1].seat != a.Seat || last(l.h.segs[n-1].acts).Kind == okey101.ActDraw {
		l.h.bySeat[a.Seat] = append(l.h.bySeat[a.Seat], n)
		l.h.segs = append(l.h.segs, ceilSeg{seat: a.Seat, move: before.Moves(), st: *before, v: before.View(a.Seat)})
		n++
	}
	l.h.segs[n-1].acts = append(l.h.segs[n-1].acts, a.Clone())
	if a.Kind == okey101.ActDraw {
		after, _, err := before.Apply(a)
		if err != nil {
			return
		}
		was, is := before.View(a.Seat).Counts, after.View(a.Seat).Counts
		for f := range is {
			if is[f] > was[f] {
				l.h.draws[a.Seat] = append(l.h.draws[a.Seat], ceilDraw{t: tile.Tile(f), move: before.Moves()})
			}
		}
	}
}

// begin starts the log afresh when st is of another deal than the one
// logged (a new hand, or a void deal dealt again): st is then at the
// deal's start, as no action of it was logged.
func (l *HandLog) begin(st *okey101.State) {
	if d := st.DealInfo(); !l.open || d != l.deal {
		l.open, l.deal = true, d
		l.h = ceilHand{ind: st.Indicator()}
		for s := range okey101.NumSeats {
			l.h.init[s] = st.View(s).Counts
		}
		clear(l.cache)
	}
}

// Racks runs a chain for the seat to move in st, from the truth: burn
// moves, then n placements k moves apart, and returns the opponents'
// racks of each (the seat's own left empty). It fails when the truth
// itself does not replay: an opponent that did not play normal's plans.
func (l *HandLog) Racks(st *okey101.State, seed uint64, burn, n, k int) ([][okey101.NumSeats]tile.Counts, error) {
	l.begin(st)
	me := st.Turn()
	l.h.segs = append(l.h.segs, ceilSeg{seat: me, move: st.Moves(), st: *st, v: st.View(me)})
	defer func() { l.h.segs = l.h.segs[:len(l.h.segs)-1] }()
	c, err := newCeilChain(&l.h, len(l.h.segs)-1, l.sv, l.cache)
	if err != nil {
		return nil, err
	}
	for s := range okey101.NumSeats {
		if s != me && !c.valid(s, 0) {
			return nil, fmt.Errorf("move %d: seat %d's turns do not replay from its true racks (not normal's plans?)\n%s", st.Moves(), s, l.debug(s))
		}
	}
	rnd := game.NewSeeded(seed)
	c.run(rnd, burn)
	out := make([][okey101.NumSeats]tile.Counts, 0, n)
	for i := range n {
		if i > 0 {
			c.run(rnd, k)
		}
		out = append(out, c.racks())
	}
	l.Turns += c.stats.turns
	l.Kept += c.stats.took
	l.Tried += c.stats.tried
	return out, nil
}

// debug lists seat s's plans as logged beside normal's plan of each, for
// the error that says the truth does not replay.
func (l *HandLog) debug(s int) string {
	var b []string
	for _, k := range l.h.bySeat[s] {
		sg := &l.h.segs[k]
		got, err := bots101.Turn(context.Background(), "normal", sg.v, bots101.Options{Solver: l.sv})
		b = append(b, fmt.Sprintf("seg %d move %d acts %v plan %v err %v", k, sg.move, sg.acts, got, err))
	}
	return strings.Join(b, "\n")
}

// last is the last of acts (a zero action for none).
func last(acts []okey101.Action) okey101.Action {
	if len(acts) == 0 {
		return okey101.Action{}
	}
	return acts[len(acts)-1]
}
