package okey101

import (
	"fmt"
	"slices"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/record"
	"okey/game/tile"
)

// HandStart is the state at the start of the view's hand had it been
// dealt d: the deal done and no move made (stage StageFirst, the dealer
// to discard, the history only the deal's event). A bot that reads the
// racks hypothesises a deal, rebuilds the hand from its start with it
// and replays the hand's public history (EventAction of each event,
// through Apply), so that it sees every seat's view at every past turn:
// it can then check its hypothesis of an opponent's rack against the
// turns that opponent played from the view it had. An action Apply
// refuses, or events it gives back otherwise than the history says
// (the view's own draws, say), show the deal cannot be the real one —
// but for the one lay-off EventAction cannot read, which its doc says
// how to play again.
//
// Everything but the deal is the view's, as the match stood when the
// hand began: the rules, the hand's number and redeal count, the
// dealer, the results of the hands before, and the scores before the
// hand (the view's less what this hand has added to them: its
// penalties so far, and once it is over its points; a void hand has
// given its penalties back already). The totals that decide follow
// from those scores and the rules (a team's under partners). The view
// is not changed, nor is d: the state holds its own copy of the wall.
//
// d must be a deal of this hand: d.Dealer the view's dealer and
// d.Indicator its indicator, 22 tiles in the dealer's rack and 21 in
// each other, and the racks, the wall and the indicator exactly the
// 106 tiles. A deal that is not, or a view whose scores, totals and
// results do not agree with each other, is refused with an error that
// wraps ErrView. d is not checked against what the view's seat holds
// or saw: replaying the history does that.
//
// The state's seed is 0. It never deals this hand (d does), only the
// hands after it should the state be played on past its end with
// NextHand: those are dealt from seed 0, not from the real match's
// seed, which no view knows.
func (v *View) HandStart(d Deal) (State, error) {
	fail := func(format string, a ...any) (State, error) {
		return State{}, fmt.Errorf("hand %d (deal %d) from its start: %w: %s", v.Hand, v.Redeal, ErrView, fmt.Sprintf(format, a...))
	}
	if err := v.Rules.Validate(); err != nil {
		return State{}, fmt.Errorf("hand %d (deal %d) from its start: %w: %w", v.Hand, v.Redeal, ErrView, err)
	}
	switch {
	case v.Hand < 1 || v.Hand > v.Rules.Hands:
		return fail("no hand %d in a match of %d", v.Hand, v.Rules.Hands)
	case v.Redeal < 0:
		return fail("redeal %d", v.Redeal)
	case v.Dealer < 0 || v.Dealer >= NumSeats:
		return fail("no seat %d to deal", v.Dealer)
	case d.Dealer != v.Dealer:
		return fail("the deal's dealer is seat %d, the view's seat %d", d.Dealer, v.Dealer)
	case d.Indicator != v.Indicator:
		return fail("the deal's indicator is %v, the view's %v", d.Indicator, v.Indicator)
	}
	if why := dealFault(d); why != "" {
		return fail("%s", why)
	}
	scores, results, why := v.matchBefore()
	if why != "" {
		return fail("%s", why)
	}
	s := State{
		rules: v.Rules, derive: record.Version,
		hand: v.Hand, redeal: v.Redeal, dealer: v.Dealer,
		scores: scores, results: results,
	}
	d.Wall = slices.Clone(d.Wall)
	if err := s.startHand(d); err != nil {
		return fail("%v", err)
	}
	return s, nil
}

// dealFault says what keeps d from being a deal of 101, or "": the
// racks' sizes, then every tile once for each of its two copies.
func dealFault(d Deal) string {
	var n [tile.NumFaces]int
	for seat, r := range d.Racks {
		want := RackTiles
		if seat == d.Dealer {
			want = DealerTiles
		}
		if got := r.Total(); got != want {
			return fmt.Sprintf("seat %d's rack holds %d tiles, not %d", seat, got, want)
		}
		for f, k := range r {
			n[f] += int(k)
		}
	}
	if len(d.Wall) != WallSize {
		return fmt.Sprintf("the wall holds %d tiles, not %d", len(d.Wall), WallSize)
	}
	for i, t := range d.Wall {
		if !t.Valid() {
			return fmt.Sprintf("the wall's tile %d is %v, not a tile", i, t)
		}
		n[t]++
	}
	if !d.Indicator.Valid() {
		return fmt.Sprintf("the indicator %v is not a tile", d.Indicator)
	}
	n[d.Indicator]++
	for f, k := range n {
		if k != 2 {
			return fmt.Sprintf("the racks, the wall and the indicator hold %d %v, not 2", k, tile.Tile(f))
		}
	}
	return ""
}

// matchBefore is the match as it stood when the view's hand began: the
// scores and the results of the hands before, or what keeps the view's
// scores, totals and results from agreeing.
func (v *View) matchBefore() ([NumSeats]int, []HandResult, string) {
	var none [NumSeats]int
	tot := (&State{rules: v.Rules, scores: v.Scores}).totals()
	if tot != v.Totals {
		return none, nil, fmt.Sprintf("totals %v, where scores %v make %v", v.Totals, v.Scores, tot)
	}
	prior := v.Results
	scores := v.Scores
	switch {
	case v.Phase != game.Playing && v.Phase != game.HandOver && v.Phase != game.MatchOver:
		return none, nil, fmt.Sprintf("phase %d", v.Phase)
	case (v.Match != nil) != (v.Phase == game.MatchOver):
		return none, nil, fmt.Sprintf("the %s with the match's result %v", v.Phase, v.Match != nil)
	case v.Result != nil && v.Phase == game.Playing:
		return none, nil, "a hand in play with a result"
	case v.Result == nil && v.Phase != game.Playing:
		return none, nil, fmt.Sprintf("the %s without the hand's result", v.Phase)
	case v.Result == nil:
		for seat := range NumSeats {
			scores[seat] -= v.HandPenalties[seat]
		}
	default:
		r := v.Result
		if len(prior) == 0 || prior[len(prior)-1].Hand != r.Hand || prior[len(prior)-1].Redeal != r.Redeal {
			return none, nil, "the hand's result is not the last of the results"
		}
		prior = prior[:len(prior)-1]
		if !r.Void { // a void hand gave its penalties back
			for seat := range NumSeats {
				scores[seat] -= v.HandPenalties[seat] + r.Lines[seat].Points
			}
		}
	}
	var want [NumSeats]int
	hands, voids := 0, 0
	for _, r := range prior {
		switch {
		case !r.Void:
			hands++
		case r.Hand == v.Hand:
			voids++
		}
		want = r.Scores
	}
	switch {
	case scores != want:
		return none, nil, fmt.Sprintf("scores %v less this hand's make %v at its start, the hands before left %v", v.Scores, scores, want)
	case hands != v.Hand-1 || voids != v.Redeal:
		return none, nil, fmt.Sprintf("%d hands and %d void deals of this one before hand %d (deal %d)", hands, voids, v.Hand, v.Redeal)
	}
	var results []HandResult // nil before the first hand, as NewMatch's
	if len(prior) > 0 {
		results = make([]HandResult, len(prior))
		for i, r := range prior {
			results[i] = r.clone()
		}
	}
	return scores, results, ""
}

// EventAction is the action that made event e, for replaying a hand's
// public history onto the state View.HandStart rebuilds: a bot that
// reads the racks plays each seat's turns again to see the view that
// seat had when it made them. It is false for the events no player's
// action makes first: the deal, a penalty, the wall running out, a void
// deal, the hand and the match over (each comes after the event of the
// action that caused it, and that action makes it again). A finish is
// the discard of the rack's last tile, so EventAction gives that
// discard. Another seat's draw, whose tile a view redacts, is a draw
// all the same: the tile comes off the deal's wall.
//
// An opening or a lay gives its melds as the tiles the referee read
// them as (the meld package reads those tiles back to the same melds),
// Pairs when they are pairs (the referee reads a lay as pairs or melds
// by how its seat opened, whatever Pairs says). A take-back gives the
// tile and the meld, which is all the referee needs to free the same
// okey from the same table.
//
// A lay-off's event holds the meld it made but not the End the action
// named: EventAction reads it back from where the tile is in that meld
// (LowEnd first, HighEnd last, AnyEnd for a set). AnyEnd alone would not
// do: an okey laid at a run's low end while its high end is free goes
// high with AnyEnd. The one case it cannot read is an okey laid off
// onto a run whose other end is the other okey (the new run has an okey
// at both ends): the event does not say which okey is the new one.
// EventAction then gives AnyEnd, which lays it as the referee reads a
// run, at the high end unless that is 13. That replays the hand exactly
// unless the okey went to the low end of a run whose high end was free;
// then Apply gives back a lay-off event whose meld is not e's, and the
// same action with LowEnd is the one that was played.
func EventAction(e Event) (Action, bool) {
	switch e.Kind {
	case EvDraw:
		return Draw(e.Seat), true
	case EvTake:
		return Take(e.Seat), true
	case EvGiveBack:
		return GiveBack(e.Seat), true
	case EvOpen, EvLay:
		gs := make([][]tile.Tile, len(e.Melds))
		for i, m := range e.Melds {
			gs[i] = slices.Clone(m.Tiles)
		}
		a := Lay(e.Seat, gs...)
		if e.Kind == EvOpen {
			a.Kind = ActOpen
		}
		a.Pairs = len(e.Melds) > 0 && e.Melds[0].Kind == meld.Pair
		return a, true
	case EvLayOff:
		return LayOff(e.Seat, e.Tile, e.Meld, layOffEnd(e)), true
	case EvTakeBack:
		return TakeBack(e.Seat, e.Tile, e.Meld), true
	case EvDiscard, EvFinish:
		return Discard(e.Seat, e.Tile), true
	}
	return Action{}, false
}

// layOffEnd is the end of a run a lay-off event's tile went to, read
// from the meld it made: AnyEnd for a set, or when the tile is at both
// ends (an okey beside the other okey) or neither.
func layOffEnd(e Event) meld.End {
	if len(e.Melds) == 0 || e.Melds[0].Kind != meld.Run || len(e.Melds[0].Tiles) == 0 {
		return meld.AnyEnd
	}
	ts := e.Melds[0].Tiles
	low, high := ts[0] == e.Tile, ts[len(ts)-1] == e.Tile
	switch {
	case low && !high:
		return meld.LowEnd
	case high && !low:
		return meld.HighEnd
	}
	return meld.AnyEnd
}
