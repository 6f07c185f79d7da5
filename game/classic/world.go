package classic

import (
	"errors"
	"fmt"

	"okey/game"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// stacks rebuilds all four discard stacks, bottom first, from the public
// history. Every tile that was ever on top was public, so this is no
// more than the seat has seen; the view's Discards shows only what the
// rules let a player look through.
func (v *View) stacks() [NumSeats][]tile.Tile {
	var st [NumSeats][]tile.Tile
	for _, e := range v.History {
		switch e.Kind {
		case EvDiscard:
			st[e.Seat] = append(st[e.Seat], e.Tile)
		case EvTake:
			if f := e.From; f >= 0 && f < NumSeats && len(st[f]) > 0 {
				st[f] = st[f][:len(st[f])-1]
			}
		}
	}
	return st
}

// known lists, for every other seat, the tiles the view's seat knows are
// in that rack: discards it took and the indicator's tile it showed, less
// the same faces it has thrown since. The view's own seat is left empty.
func (v *View) known() [NumSeats]tile.Counts {
	var k [NumSeats]tile.Counts
	last := v.indicatorDraw()
	for i, e := range v.History {
		if i == last && e.Seat >= 0 && e.Seat < NumSeats && e.Seat != v.Seat {
			k[e.Seat][v.Indicator]++ // drew the indicator, last under indicator_last
			continue
		}
		if e.Seat < 0 || e.Seat >= NumSeats || e.Seat == v.Seat || !e.Tile.Valid() {
			continue
		}
		switch e.Kind {
		case EvTake:
			k[e.Seat][e.Tile]++
		case EvShow:
			if k[e.Seat][e.Tile] == 0 {
				k[e.Seat][e.Tile]++
			}
		case EvDiscard:
			if k[e.Seat][e.Tile] > 0 {
				k[e.Seat][e.Tile]--
			}
		}
	}
	return k
}

// Known lists, for every other seat, the tiles the view's seat knows
// are in that rack (known): a sampler that deals those racks itself
// (SampleWorld's given) keeps them there.
func (v *View) Known() [NumSeats]tile.Counts { return v.known() }

// Unseen counts the tiles whose place the view's seat cannot know: those
// in other racks beyond what Known places there, and those in the wall
// (less the indicator, whose place is known even when it is drawn last).
func (v *View) Unseen() tile.Counts {
	var u tile.Counts
	for _, t := range fullSet(v.Rules) {
		u[t]++
	}
	sub := func(c *tile.Counts) {
		for f, n := range c {
			u[f] -= min(u[f], n)
		}
	}
	sub(&v.Counts)
	if v.Indicator.Valid() && v.indicatorDraw() < 0 {
		u[v.Indicator] -= min(u[v.Indicator], 1)
	}
	st := v.stacks()
	for s := range st {
		for _, t := range st[s] {
			if u[t] > 0 {
				u[t]--
			}
		}
	}
	known := v.known()
	for s := range known {
		sub(&known[s])
	}
	return u
}

// indicatorDraw is the index in History of the draw that took the
// indicator (under indicator_last, the draw that emptied the wall), or -1
// while the indicator is on the table.
func (v *View) indicatorDraw() int {
	if !v.Rules.IndicatorLast || !v.Indicator.Valid() || v.WallLeft > 0 {
		return -1
	}
	for i := len(v.History) - 1; i >= 0; i-- {
		if v.History[i].Kind == EvDraw {
			return i
		}
	}
	return -1
}

// hidden is one guess at what a view cannot see: the other racks and the
// wall in drawing order. The view's own rack in Racks is ignored.
type hidden struct {
	Racks [NumSeats]tile.Counts
	Wall  []tile.Tile
}

// SampleWorld deals what the view cannot see at random: every other rack
// keeps the tiles the view knows it holds (Known) and is filled up from
// the unseen tiles shuffled by r, and the rest make the wall (with the
// indicator last under indicator_last while the wall lasts). A rack
// given in given (non-nil) is taken as it is, for a player that is told
// it. It returns the world built by assume: the determinised state a bot
// plays forward.
func (v *View) SampleWorld(r *game.Seeded, given [NumSeats]*tile.Counts) (State, error) {
	known := v.known()
	pool := v.Unseen()
	var h hidden
	for s := range NumSeats {
		if s == v.Seat || given[s] == nil {
			continue
		}
		h.Racks[s] = *given[s]
		for f, n := range h.Racks[s] {
			pool[f] -= min(pool[f], n-min(n, known[s][f]))
		}
	}
	tiles := pool.Tiles()
	r.ShuffleTiles(tiles)
	for s := range NumSeats {
		if s == v.Seat || given[s] != nil {
			continue
		}
		h.Racks[s] = known[s]
		for range v.TileCounts[s] - known[s].Total() {
			if len(tiles) == 0 {
				return State{}, fmt.Errorf("%w: too few unseen tiles to fill seat %d", ErrInconsistent, s)
			}
			h.Racks[s][tiles[0]]++
			tiles = tiles[1:]
		}
	}
	h.Wall = tiles
	if v.Rules.IndicatorLast && v.Indicator.Valid() && v.WallLeft > 0 {
		h.Wall = append(h.Wall, v.Indicator)
	}
	return v.assume(h)
}

// ErrInconsistent is returned by SampleWorld when a guess contradicts the view.
var ErrInconsistent = errors.New("hidden tiles do not agree with the view")

// assume builds a full State that agrees with everything in the view and
// takes the other racks and the wall from h: a determinised world that a
// bot can play forward with Apply. It fails (wrapping ErrInconsistent)
// when h has the wrong number of tiles somewhere, leaves out a tile the
// view knows a rack holds, or does not use exactly the unseen tiles. The
// state it returns ends at the end of the hand: its seed is not the
// match's, so it must not deal a next hand that matters.
func (v *View) assume(h hidden) (State, error) {
	if v.Phase != game.Playing {
		return State{}, fmt.Errorf("%w: the hand is not being played", ErrInconsistent)
	}
	if v.Seat < 0 || v.Seat >= NumSeats {
		return State{}, fmt.Errorf("%w: the view has no seat", ErrInconsistent)
	}
	an, err := hand.NewAnalyzer(v.Rules.HandConfig(), v.Indicator)
	if err != nil {
		return State{}, fmt.Errorf("%w: %v", ErrInconsistent, err)
	}
	if len(h.Wall) != v.WallLeft {
		return State{}, fmt.Errorf("%w: the wall has %d tiles, not %d", ErrInconsistent, len(h.Wall), v.WallLeft)
	}
	known := v.known()
	var pool tile.Counts // what h puts where the view cannot see
	racks := h.Racks
	racks[v.Seat] = v.Counts
	for s := range NumSeats {
		if s == v.Seat {
			continue
		}
		if n := racks[s].Total(); n != v.TileCounts[s] {
			return State{}, fmt.Errorf("%w: seat %d holds %d tiles, not %d", ErrInconsistent, s, n, v.TileCounts[s])
		}
		for f, n := range racks[s] {
			if n < known[s][f] {
				return State{}, fmt.Errorf("%w: seat %d must hold %v", ErrInconsistent, s, tile.Tile(f))
			}
			pool[f] += n - known[s][f]
		}
	}
	wall := h.Wall
	if v.Rules.IndicatorLast && v.Indicator.Valid() && len(wall) > 0 {
		if wall[len(wall)-1] != v.Indicator {
			return State{}, fmt.Errorf("%w: the indicator must be the wall's last tile", ErrInconsistent)
		}
		wall = wall[:len(wall)-1]
	}
	for _, t := range wall {
		if !t.Valid() {
			return State{}, fmt.Errorf("%w: %v in the wall", ErrInconsistent, t)
		}
		pool[t]++
	}
	if pool != v.Unseen() {
		return State{}, fmt.Errorf("%w: the guess does not use exactly the unseen tiles", ErrInconsistent)
	}
	s := State{
		rules: v.Rules, an: an, phase: game.Playing, hand: v.Hand, dealer: v.Dealer,
		turn: v.Turn, stage: v.Stage, active: v.Active, scores: v.Scores,
		deal:  Deal{Kind: v.Rules.Deal, Dealer: v.Dealer, Starter: nextActive(v.Dealer, v.Active), Stack: -1, Indicator: v.Indicator, Wall: append([]tile.Tile(nil), h.Wall...)},
		racks: racks, discards: v.stacks(), acted: v.Acted, shown: v.Shown,
		history: append([]Event(nil), v.History...), moves: max(0, len(v.History)-1),
	}
	return s, nil
}
