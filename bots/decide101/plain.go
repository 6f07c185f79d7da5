package decide101

import (
	"context"
	"fmt"
	"slices"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Plain is the table's own player of 101: plain legal moves, from the
// view alone. It draws (never takes), finishes whenever the exact
// analysis finds a way this turn, opens as soon as the best opening
// reaches the threshold (or with five pairs), then lays down whatever
// melds it holds and lays tiles off, and discards the tile that leaves
// the fewest tiles unmelded, the highest among equals, never one that
// costs 101 while another does not. It is the stand-in for a bot that
// fails. It takes the previous discard only when the analysis shows
// the tile going onto the table this turn.
type Plain struct{}

func NewPlain(string, uint64) (Player, error) { return Plain{}, nil }

func (Plain) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	if err := ctx.Err(); err != nil {
		return okey101.Action{}, err
	}
	var sv meld.Solver
	if a, ok := PlainAction(&v, &sv); ok {
		return a, nil
	}
	return okey101.Action{}, fmt.Errorf("seat %d: %w", v.Seat, game.ErrWrongPhase)
}

// PlainAction is the plain player's action for a view.
func PlainAction(v *okey101.View, sv *meld.Solver) (okey101.Action, bool) {
	seat, l := v.Seat, v.Legal
	switch {
	case l.NextHand:
		return okey101.NextHand(), true
	case !v.MyTurn():
		return okey101.Action{}, false
	case l.Take && TakeFacts(v, sv).Worth():
		return okey101.Take(seat), true
	case l.Draw:
		return okey101.Draw(seat), true
	case l.Take:
		return okey101.Take(seat), true
	}
	if v.Stage == okey101.StagePlay {
		if a, ok := plainTableAction(v, sv); ok {
			return a, true
		}
		if l.GiveBack {
			return okey101.GiveBack(seat), true
		}
	}
	if l.Discard && len(v.Rack) > 0 {
		return okey101.Discard(seat, DiscardChoice(v, sv)), true
	}
	return okey101.Action{}, false
}

// plainTableAction is the plain player's next action on the table this
// turn, if any: a finish, an opening, a lay, a lay-off.
func plainTableAction(v *okey101.View, sv *meld.Solver) (okey101.Action, bool) {
	seat, an := v.Seat, v.Analyzer
	turn := v.MeldTurn()
	if p, ok := sv.CanFinish(an, v.Counts, v.Melds(), turn); ok {
		return okey101.PlanActions(seat, p)[0], true
	}
	// A taken tile still owed must be in what goes down.
	uses := func(ms []meld.Meld) bool {
		if turn.Taken == tile.NoTile {
			return true
		}
		for _, m := range ms {
			if slices.Contains(m.Tiles, turn.Taken) {
				return true
			}
		}
		return false
	}
	switch v.Opened[seat].Status {
	case meld.NotOpened:
		if !v.Legal.Open {
			break
		}
		if o := sv.BestOpening(an, v.Counts); o.Reaches(v.Threshold) && len(o.Melds) > 0 && uses(o.Melds) {
			return okey101.Open(seat, MeldTiles(o.Melds)...), true
		}
		if an.Pairs(v.Counts, v.Rules.OkeyPair) >= okey101.MinPairs {
			if pm := an.PairMelds(v.Counts, v.Rules.OkeyPair); uses(pm) {
				return okey101.OpenPairs(seat, MeldTiles(pm)...), true
			}
		}
	case meld.OpenedMelds:
		if o := sv.BestOpening(an, v.Counts); len(o.Melds) > 0 && uses(o.Melds) {
			return okey101.Lay(seat, MeldTiles(o.Melds)...), true
		}
	case meld.OpenedPairs:
		if pm := an.PairMelds(v.Counts, v.Rules.OkeyPair); len(pm) > 0 && uses(pm) {
			return okey101.Lay(seat, MeldTiles(pm)...), true
		}
	}
	for _, a := range v.SimpleActions() {
		if a.Kind == okey101.ActLayOff && (turn.Taken == tile.NoTile || a.Tile == turn.Taken) {
			return a, true
		}
	}
	return okey101.Action{}, false
}

// MeldTiles are the tiles of melds, group by group.
func MeldTiles(ms []meld.Meld) [][]tile.Tile {
	out := make([][]tile.Tile, len(ms))
	for i, m := range ms {
		out[i] = slices.Clone(m.Tiles)
	}
	return out
}

// DiscardChoice is the discard the analysis suggests for a view: never
// one that costs 101 (an okey, an işler taş) while another does not;
// among the others the one that leaves the fewest tiles unmelded, the
// highest value among equals (it would count against the player at the
// end of the hand).
func DiscardChoice(v *okey101.View, sv *meld.Solver) tile.Tile {
	t, _ := DiscardAdvice(v, sv)
	return t
}

// DiscardAdvice is DiscardChoice, and whether it costs 101 all the same
// (every tile would).
func DiscardAdvice(v *okey101.View, sv *meld.Solver) (best tile.Tile, costs bool) {
	return DiscardAdviceOn(v.Analyzer, v.Rules, okey101.OkeyPaid(v.History, v.Seat), v.Counts, v.Melds(), sv)
}

// DiscardAdviceOn is DiscardAdvice for the rack counts against the
// table under the rules (okeyPaid: the seat has paid for an okey this
// hand, which okey_once makes the next one free).
func DiscardAdviceOn(an meld.Analyzer, r okey101.Rules, okeyPaid bool, counts tile.Counts, table []meld.Meld, sv *meld.Solver) (best tile.Tile, costs bool) {
	best = tile.NoTile
	bestLeft, bestLinks, bestVal := 0, 0, 0
	for f, n := range counts {
		if n == 0 {
			continue
		}
		t := tile.Tile(f)
		c := okey101.DiscardPenalty(an, r, table, t, okeyPaid) != 0
		rest := counts
		rest[t]--
		left, _ := sv.Unmelded(an, rest)
		links := links(an, rest, t)
		val := an.TileValue(t)
		if an.IsOkey(t) {
			val, links = -1, 1<<10 // an okey is the last tile to give away
		}
		better := best == tile.NoTile || !c && costs
		if c == costs && best != tile.NoTile {
			switch {
			case left != bestLeft:
				better = left < bestLeft
			case links != bestLinks:
				better = links < bestLinks
			default:
				better = val > bestVal
			}
		}
		if better {
			best, costs, bestLeft, bestLinks, bestVal = t, c, left, links, val
		}
	}
	return best, costs
}

// links counts the tiles of rest that t could one day make a meld
// or a pair with: its twin, the tiles of its colour up to two away, the
// tiles of its value in other colours. A tile with fewer is the one to
// give away.
func links(an meld.Analyzer, rest tile.Counts, t tile.Tile) int {
	p := an.PlaysAs(t)
	if !p.Valid() || p == tile.FalseJoker {
		return 0
	}
	n := 0
	for f, k := range rest {
		u := tile.Tile(f)
		if k == 0 || an.IsOkey(u) {
			continue
		}
		q := an.PlaysAs(u)
		if !q.Valid() || q == tile.FalseJoker {
			continue
		}
		d := q.Value() - p.Value()
		switch {
		case q == p:
			n += int(k)
		case q.Colour() == p.Colour() && d >= -2 && d <= 2:
			n += int(k)
		case q.Value() == p.Value():
			n += int(k)
		}
	}
	return n
}

// Costs says why discarding t now costs 101 ("" when it does not):
// an okey, or an işler taş; the last tile of the rack finishes and costs
// nothing.
func Costs(v *okey101.View, t tile.Tile) string {
	switch {
	case v.Counts.Total() <= 1:
		return ""
	}
	switch v.DiscardPenalty(t) {
	case okey101.PenaltyOkey:
		return "okey"
	case okey101.PenaltyIslek:
		return "islek"
	}
	return ""
}

// AnyAction is an action state st takes from seat: a draw, a give
// back, a discard that costs nothing if there is one, else any simple
// action of the seat's view. It reports false only when the game takes
// none, which the referee never allows of the seat to move.
func AnyAction(st okey101.State, seat int) (okey101.Action, bool) {
	v := st.View(seat)
	var try []okey101.Action
	if v.Legal.Discard {
		for _, t := range v.Rack {
			if Costs(&v, t) == "" {
				try = append(try, okey101.Discard(seat, t))
			}
		}
	}
	simple := v.SimpleActions()
	// Draws and give-backs first: a take would owe a tile.
	slices.SortStableFunc(simple, func(a, b okey101.Action) int { return rank(a.Kind) - rank(b.Kind) })
	try = append(try, simple...)
	for _, a := range try {
		if _, _, err := st.Apply(a); err == nil {
			return a, true
		}
	}
	return okey101.Action{}, false
}

// rank orders kinds of action for a seat that must play something:
// a draw or a give-back first, then a discard, a meld, a take.
func rank(k okey101.ActionKind) int {
	switch k {
	case okey101.ActDraw, okey101.ActGiveBack:
		return 0
	case okey101.ActDiscard:
		return 1
	case okey101.ActTake:
		return 3
	}
	return 2
}
