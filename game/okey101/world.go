package okey101

import (
	"errors"
	"fmt"
	"slices"

	"okey/game/internal/rng"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// ErrView is wrapped by SampleWorld's error when a view does not add up
// to a hand of 101 (its tiles are not the 106 less what it hides).
var ErrView = errors.New("view does not add up")

// SampleWorld deals the tiles the view's seat cannot see — the other
// racks and the wall — at random from seed and returns a state that
// agrees with everything the seat knows: its View(v.Seat) is v. What a
// seat knows of another rack is only a discard taken this turn and not
// yet laid, which stays in the taker's rack. (An okey taken back from the
// table and not put down since is known too, and is dealt at random all
// the same: players rarely keep one past its turn.) Once a hand is over
// every rack is public, and only the wall is dealt again.
//
// It lets a bot weigh a move against worlds it cannot tell from the real
// one, and a test prove that a player decides from its view alone. The
// state's seed is the given one, so the hands after this one are dealt
// from it, not from the real match's seed.
func (v *View) SampleWorld(seed uint64) (State, error) {
	return v.SampleWorldGiven(seed, [NumSeats]*tile.Counts{})
}

// SampleWorldGiven is SampleWorld with the racks of some seats given: a
// rack given (non-nil) for another seat than the view's is taken as it
// is, for a player that deals the others' racks from a belief of them
// (bots/belief101). It must hold the tiles the view knows that seat
// holds and as many tiles as the seat holds, all of them unseen by the
// view; the other racks and the wall are dealt at random from the rest.
func (v *View) SampleWorldGiven(seed uint64, given [NumSeats]*tile.Counts) (State, error) {
	if v.Seat < 0 || v.Seat >= NumSeats {
		return State{}, fmt.Errorf("%w: no seat %d", ErrView, v.Seat)
	}
	an, err := meld.New(v.Indicator)
	if err != nil {
		return State{}, fmt.Errorf("%w: %w", ErrView, err)
	}
	s := State{
		rules: v.Rules, seed: seed, an: an,
		phase: v.Phase, hand: v.Hand, redeal: v.Redeal, dealer: v.Dealer, turn: v.Turn, stage: v.Stage,
		open: v.Opened, take: v.Taken, gaveBack: v.GaveBack,
		scores: v.Scores, handPen: v.HandPenalties, results: v.Results,
	}
	s.turnNo = 1
	for _, e := range v.History {
		switch e.Kind {
		case EvDiscard:
			s.turnNo++
			s.moves++
		case EvDraw, EvTake, EvGiveBack, EvOpen, EvLay, EvLayOff, EvTakeBack, EvFinish:
			s.moves++
		}
	}
	cp := newCopies(v.Table, v.History)
	s.history = make([]Event, len(v.History))
	for i, e := range v.History {
		s.history[i] = cp.event(e)
	}
	s.table = make([]TableMeld, len(v.Table))
	for i := range v.Table {
		s.table[i] = cp.tableMeld(&v.Table[i])
	}
	for _, o := range v.Opened {
		if o.Status == meld.OpenedMelds {
			s.highest = max(s.highest, o.Value)
		}
	}
	if v.Result != nil {
		r := v.Result.clone()
		s.result = &r
	}
	if v.Match != nil {
		m := *v.Match
		s.match = &m
	}

	// What the seat has seen where it is: the 106 tiles less those are
	// the ones to deal again.
	var pool tile.Counts
	for _, t := range fullSet() {
		pool[t]++
	}
	take := func(c *tile.Counts, t tile.Tile, what string) error {
		if !t.Valid() || pool[t] == 0 {
			return fmt.Errorf("%w: %v %s is one copy too many", ErrView, t, what)
		}
		pool[t]--
		c[t]++
		return nil
	}
	var known [NumSeats]tile.Counts
	for _, t := range v.Counts.Tiles() {
		if err := take(&known[v.Seat], t, "in the rack"); err != nil {
			return State{}, err
		}
	}
	var ind tile.Counts
	if err := take(&ind, v.Indicator, "as the indicator"); err != nil {
		return State{}, err
	}
	var elsewhere tile.Counts
	for _, m := range v.Table {
		for _, t := range m.Meld.Tiles {
			if err := take(&elsewhere, t, "on the table"); err != nil {
				return State{}, err
			}
		}
	}
	for seat, st := range v.stacks() {
		for _, t := range st {
			if err := take(&elsewhere, t, "discarded"); err != nil {
				return State{}, err
			}
		}
		s.discards[seat] = st
	}
	if v.Result != nil && v.Result.Finisher >= 0 && v.Result.Discard.Valid() {
		if err := take(&elsewhere, v.Result.Discard, "as the last discard"); err != nil {
			return State{}, err
		}
	}
	owedBy := -1
	if v.Taken.Tile.Valid() && !v.Taken.Used && v.Turn != v.Seat {
		owedBy = v.Turn
		if err := take(&known[owedBy], v.Taken.Tile, "taken"); err != nil {
			return State{}, err
		}
	}
	if v.Result != nil {
		for seat, l := range v.Result.Lines {
			if seat == v.Seat {
				continue
			}
			for _, t := range l.Rack {
				if err := take(&known[seat], t, "left in a rack"); err != nil {
					return State{}, err
				}
			}
		}
	}

	for seat, g := range given {
		if g == nil || seat == v.Seat {
			continue
		}
		if g.Total() != v.TileCounts[seat] {
			return State{}, fmt.Errorf("%w: the rack given to seat %d holds %d tiles, not %d", ErrView, seat, g.Total(), v.TileCounts[seat])
		}
		for t, n := range g {
			k := known[seat][t]
			if n < k {
				return State{}, fmt.Errorf("%w: the rack given to seat %d lacks its known %v", ErrView, seat, tile.Tile(t))
			}
			for range n - k {
				if err := take(&known[seat], tile.Tile(t), "in the rack given"); err != nil {
					return State{}, err
				}
			}
		}
	}
	hidden := pool.Tiles()
	rng.Shuffle(rng.New(rng.Mix(seed, 0x5a3b1e)), hidden)
	s.racks[v.Seat] = known[v.Seat]
	for seat := range NumSeats {
		if seat == v.Seat {
			continue
		}
		if given[seat] != nil {
			s.racks[seat] = known[seat]
			continue
		}
		r := known[seat]
		need := v.TileCounts[seat] - r.Total()
		if need < 0 || need > len(hidden) {
			return State{}, fmt.Errorf("%w: seat %d holds %d tiles, %d of them known, %d left to deal", ErrView, seat, v.TileCounts[seat], r.Total(), len(hidden))
		}
		for _, t := range hidden[:need] {
			r[t]++
		}
		hidden = hidden[need:]
		s.racks[seat] = r
	}
	if len(hidden) != v.WallLeft {
		return State{}, fmt.Errorf("%w: %d tiles left for a wall of %d", ErrView, len(hidden), v.WallLeft)
	}
	s.deal = Deal{Dealer: v.Dealer, Indicator: v.Indicator, Wall: hidden}
	for seat := range NumSeats {
		s.deal.Racks[seat] = s.racks[seat]
	}
	if s.owed() {
		s.take.base = baseOfTake(v, s.racks[v.Turn][v.Taken.Tile], an)
	}
	return s, nil
}

// stacks rebuilds the four discard stacks, bottom first, from the public
// history: every tile ever on top was public.
func (v *View) stacks() [NumSeats][]tile.Tile {
	var st [NumSeats][]tile.Tile
	for _, e := range v.History {
		switch e.Kind {
		case EvDiscard:
			if e.Seat >= 0 && e.Seat < NumSeats {
				st[e.Seat] = append(st[e.Seat], e.Tile)
			}
		case EvTake:
			if f := e.From; f >= 0 && f < NumSeats && len(st[f]) > 0 {
				st[f] = slices.Clip(st[f][:len(st[f])-1])
			}
		case EvGiveBack:
			if f := e.From; f >= 0 && f < NumSeats {
				st[f] = append(st[f], e.Tile)
			}
		}
	}
	return st
}

// baseOfTake is how many copies of the owed taken tile the taker's rack
// held before the take, from what it holds now and what the history of
// the turn says it laid down, laid off and took back since.
func baseOfTake(v *View, now uint8, an meld.Analyzer) uint8 {
	t := v.Taken.Tile
	n := int(now)
	last := -1
	for i, e := range v.History {
		if e.Kind == EvTake {
			last = i
		}
	}
	for _, e := range v.History[last+1:] {
		if e.Seat != v.Turn {
			continue
		}
		switch e.Kind {
		case EvOpen, EvLay:
			for _, m := range e.Melds {
				for _, x := range m.Tiles {
					if x == t {
						n++
					}
				}
			}
		case EvLayOff:
			if e.Tile == t {
				n++
			}
		case EvTakeBack:
			if e.Tile == t {
				n++
			}
			if an.IsOkey(t) {
				n-- // the okey came back to the rack
			}
		}
	}
	return uint8(max(0, n-1))
}
