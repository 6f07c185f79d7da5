package okey101

import (
	"errors"
	"fmt"
	"slices"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Apply plays one action of Okey 101 and returns the new state and
// what happened, under game.Step's contract: s never changes, a refusal
// is a *MoveError, and the events are complete (Event.Redact them for
// another seat).
func (s State) Apply(a Action) (State, []Event, error) {
	return game.Step(s, a, (*State).apply)
}

// apply changes n in place; n is a fresh copy whose slices are shared
// with the caller's state and so are replaced, never written.
func (n *State) apply(a Action) ([]Event, error) {
	if a.Kind == ActNextHand {
		return n.nextHand(a)
	}
	if err := game.CheckMove(a, a.Kind, ActDraw, ActNextHand, a.Seat, n.phase); err != nil {
		return nil, err
	}
	if a.Seat != n.turn {
		return nil, game.Refuse(a, game.ErrWrongSeat, "seat %d is to move", n.turn)
	}
	switch a.Kind {
	case ActDraw, ActTake:
		switch n.stage {
		case StageFirst:
			return nil, game.Refuse(a, ErrFirstTurn, "the dealer starts by discarding")
		case StagePlay:
			return nil, game.Refuse(a, ErrAlreadyDrew, "")
		}
	default:
		switch {
		case n.stage == StageDraw:
			return nil, game.Refuse(a, game.ErrMustDraw, "")
		case n.stage == StageFirst && a.Kind != ActDiscard:
			return nil, game.Refuse(a, ErrFirstTurn, "")
		}
	}
	switch a.Kind {
	case ActDraw:
		return n.draw(a)
	case ActTake:
		return n.takeDiscard(a)
	case ActGiveBack:
		return n.giveBack(a)
	case ActOpen:
		return n.openWith(a)
	case ActLay:
		return n.lay(a)
	case ActLayOff:
		return n.layOff(a)
	case ActTakeBack:
		return n.takeBack(a)
	case ActDiscard:
		return n.discard(a)
	}
	return nil, game.Refuse(a, game.ErrBadAction, "unknown action")
}

func ev(k EventKind, seat int, t tile.Tile) Event {
	return Event{Kind: k, Seat: seat, Tile: t, From: -1, Meld: -1}
}

func (n *State) draw(a Action) ([]Event, error) {
	if n.WallLeft() == 0 {
		return nil, game.Refuse(a, game.ErrWallEmpty, "")
	}
	t := n.deal.Wall[n.wallPos]
	n.wallPos++
	n.racks[a.Seat][t]++
	n.stage = StagePlay
	n.moves++
	e := ev(EvDraw, a.Seat, t)
	n.record(e)
	return []Event{e}, nil
}

func (n *State) takeDiscard(a Action) ([]Event, error) {
	if n.gaveBack {
		return nil, game.Refuse(a, ErrGaveBack, "")
	}
	from := prev(a.Seat)
	st := n.discards[from]
	if len(st) == 0 {
		return nil, game.Refuse(a, game.ErrEmptyStack, "seat %d has discarded nothing", from)
	}
	t := st[len(st)-1]
	n.discards[from] = st[: len(st)-1 : len(st)-1] // the next push copies
	n.take = Taken{Tile: t, From: from, base: n.racks[a.Seat][t]}
	n.racks[a.Seat][t]++
	n.stage = StagePlay
	n.moves++
	e := ev(EvTake, a.Seat, t)
	e.From = from
	n.record(e)
	return []Event{e}, nil
}

func (n *State) giveBack(a Action) ([]Event, error) {
	if !n.owed() {
		return nil, game.Refuse(a, ErrNothingTaken, "")
	}
	t, from := n.take.Tile, n.take.From
	n.racks[a.Seat][t]--
	n.pushDiscard(from, t)
	n.take = noTake
	n.gaveBack = true
	n.stage = StageDraw
	n.moves++
	e := ev(EvGiveBack, a.Seat, t)
	e.From = from
	n.record(e)
	return []Event{e}, nil
}

func (n *State) pushDiscard(seat int, t tile.Tile) {
	st := n.discards[seat]
	ns := make([]tile.Tile, len(st), len(st)+1)
	copy(ns, st)
	n.discards[seat] = append(ns, t)
}

// takeTiles checks that the rack holds all the groups' tiles and returns
// the rack without them.
func (n *State) takeTiles(a Action, groups [][]tile.Tile) (tile.Counts, error) {
	rack := n.racks[a.Seat]
	for _, g := range groups {
		for _, t := range g {
			if !t.Valid() {
				return rack, game.Refuse(a, game.ErrBadAction, "%v is not a tile", t)
			}
			if rack[t] == 0 {
				return rack, game.Refuse(a, game.ErrNotHeld, "%v is not in the rack (or is used twice)", t)
			}
			rack[t]--
		}
	}
	return rack, nil
}

// keepOne checks what stays in the rack after a table action: a tile to
// discard, and while a taken tile is owed, one besides it.
func (n *State) keepOne(a Action, rack tile.Counts) error {
	left := rack.Total()
	if left == 0 {
		return game.Refuse(a, ErrKeepOne, "")
	}
	if n.owed() && rack[n.take.Tile] > n.take.base && left < 2 {
		return game.Refuse(a, ErrKeepOne, "the taken %v must still go onto the table: keep another tile to discard", n.take.Tile)
	}
	return nil
}

// settleTake marks the taken tile used once the rack holds fewer copies
// of it than after the take.
func (n *State) settleTake(seat int) {
	if n.owed() && n.racks[seat][n.take.Tile] <= n.take.base {
		n.take.Used = true
	}
}

// readGroups reads the groups of an opening or a lay as melds or pairs.
func (n *State) readGroups(a Action, pairs bool) ([]meld.Meld, error) {
	if len(a.Melds) == 0 {
		return nil, game.Refuse(a, game.ErrBadAction, "no melds given")
	}
	out := make([]meld.Meld, len(a.Melds))
	for i, g := range a.Melds {
		var m meld.Meld
		var err error
		if pairs {
			m, err = n.an.ReadPair(g, n.rules.OkeyPair)
			if err != nil {
				return nil, &MoveError{Action: a, Err: ErrNotPair, Cause: err, Detail: err.Error()}
			}
		} else {
			m, err = n.an.Read(g)
			if err != nil {
				return nil, &MoveError{Action: a, Err: ErrNotMeld, Cause: err, Detail: err.Error()}
			}
		}
		out[i] = m
	}
	return out, nil
}

// laid appends melds laid by seat to the table and returns the index of
// the first.
func (n *State) laid(seat int, ms []meld.Meld) int {
	first := len(n.table)
	t := make([]TableMeld, len(n.table), len(n.table)+len(ms))
	copy(t, n.table)
	for _, m := range ms {
		seats := make([]int, len(m.Tiles))
		for i := range seats {
			seats[i] = seat
		}
		t = append(t, newTableMeld(n.an, m.Clone(), seats, seat))
	}
	n.table = t
	return first
}

func (n *State) openWith(a Action) ([]Event, error) {
	if n.open[a.Seat].Status != meld.NotOpened {
		return nil, game.Refuse(a, ErrOpened, "")
	}
	ms, err := n.readGroups(a, a.Pairs)
	if err != nil {
		return nil, err
	}
	rack, err := n.takeTiles(a, a.Melds)
	if err != nil {
		return nil, err
	}
	value := len(ms)
	if a.Pairs {
		if len(ms) < MinPairs {
			return nil, game.Refuse(a, ErrTooFewPairs, "%d pairs", len(ms))
		}
	} else {
		value = 0
		for _, m := range ms {
			value += m.Value()
		}
		if thr := n.threshold(); value < thr {
			why := fmt.Sprintf("worth %d, the threshold is %d", value, thr)
			if thr > n.rules.Open {
				why = fmt.Sprintf("worth %d; progressive: it must beat %d", value, n.highest)
			}
			return nil, game.Refuse(a, ErrThreshold, "%s", why)
		}
	}
	if n.owed() && rack[n.take.Tile] > n.take.base {
		return nil, game.Refuse(a, ErrTakenNotIn, "the taken %v", n.take.Tile)
	}
	if err := n.keepOne(a, rack); err != nil {
		return nil, err
	}
	n.racks[a.Seat] = rack
	first := n.laid(a.Seat, ms)
	st := meld.OpenedMelds
	if a.Pairs {
		st = meld.OpenedPairs
	} else {
		n.highest = max(n.highest, value)
	}
	n.open[a.Seat] = Opening{Status: st, Value: value, Turn: n.turnNo}
	fed := n.owed()
	n.settleTake(a.Seat)
	n.moves++
	e := ev(EvOpen, a.Seat, tile.NoTile)
	e.Meld, e.Melds, e.Points = first, ms, value
	n.record(e)
	evs := []Event{e}
	if fed && n.take.Used && n.rules.Feed {
		// The feed penalty: the discard taken is in the opening.
		evs = append(evs, n.charge(n.take.From, n.take.Tile, PenaltyFeed))
	}
	if n.allPairs() {
		evs = append(evs, n.voidHand()...)
	}
	return evs, nil
}

// allPairs reports whether all four seats opened with pairs.
func (n *State) allPairs() bool {
	for _, o := range n.open {
		if o.Status != meld.OpenedPairs {
			return false
		}
	}
	return true
}

func (n *State) lay(a Action) ([]Event, error) {
	st := n.open[a.Seat].Status
	if st == meld.NotOpened {
		return nil, game.Refuse(a, ErrNotOpened, "")
	}
	pairs := st == meld.OpenedPairs
	for _, g := range a.Melds {
		switch {
		case pairs && len(g) != 2:
			return nil, game.Refuse(a, ErrPairsOnly, "%v", tile.FormatTiles(g))
		case !pairs && len(g) == 2:
			return nil, game.Refuse(a, ErrNoPairs, "%v", tile.FormatTiles(g))
		}
	}
	ms, err := n.readGroups(a, pairs)
	if err != nil {
		return nil, err
	}
	rack, err := n.takeTiles(a, a.Melds)
	if err != nil {
		return nil, err
	}
	if err := n.keepOne(a, rack); err != nil {
		return nil, err
	}
	n.racks[a.Seat] = rack
	first := n.laid(a.Seat, ms)
	n.settleTake(a.Seat)
	n.moves++
	e := ev(EvLay, a.Seat, tile.NoTile)
	e.Meld, e.Melds = first, ms
	n.record(e)
	return []Event{e}, nil
}

// tableMeld checks a's meld index, and that the seat has opened and
// holds a's tile.
func (n *State) tableMeld(a Action) (TableMeld, error) {
	switch {
	case n.open[a.Seat].Status == meld.NotOpened:
		return TableMeld{}, game.Refuse(a, ErrNotOpened, "")
	case a.Meld < 0 || a.Meld >= len(n.table):
		return TableMeld{}, game.Refuse(a, ErrNoMeld, "the table has %d melds", len(n.table))
	case !a.Tile.Valid():
		return TableMeld{}, game.Refuse(a, game.ErrBadAction, "no tile given")
	case n.racks[a.Seat][a.Tile] == 0:
		return TableMeld{}, game.Refuse(a, game.ErrNotHeld, "%v is not in the rack", a.Tile)
	}
	return n.table[a.Meld], nil
}

// replaceMeld puts m in the table in place of meld i.
func (n *State) replaceMeld(i int, m TableMeld) {
	t := slices.Clone(n.table)
	t[i] = m
	n.table = t
}

func (n *State) layOff(a Action) ([]Event, error) {
	tm, err := n.tableMeld(a)
	if err != nil {
		return nil, err
	}
	nm, at, err := n.an.LayOff(tm.Meld, a.Tile, a.End)
	if err != nil {
		reason := ErrLayOffRefused
		if errors.Is(err, meld.ErrMovesOkey) {
			reason = ErrMovesOkey
		}
		return nil, game.RefuseCause(a, reason, err)
	}
	rack := n.racks[a.Seat]
	rack[a.Tile]--
	if err := n.keepOne(a, rack); err != nil {
		return nil, err
	}
	n.racks[a.Seat] = rack
	return n.changed(a, EvLayOff, newTableMeld(n.an, nm, slices.Insert(slices.Clone(tm.Seats), at, a.Seat), tm.Owner)), nil
}

// changed puts a table meld changed by a lay-off or a take-back in place
// and reports it.
func (n *State) changed(a Action, k EventKind, m TableMeld) []Event {
	n.replaceMeld(a.Meld, m)
	n.settleTake(a.Seat)
	n.moves++
	e := ev(k, a.Seat, a.Tile)
	e.Meld = a.Meld
	e.Melds = []meld.Meld{m.Meld}
	n.record(e)
	return []Event{e}
}

func (n *State) takeBack(a Action) ([]Event, error) {
	tm, err := n.tableMeld(a)
	if err != nil {
		return nil, err
	}
	nm, was, at, err := n.an.TakeBack(tm.Meld, a.Tile)
	if err != nil {
		return nil, game.RefuseCause(a, ErrTakeBack, err)
	}
	okey := tm.Meld.Tiles[was]
	seats := slices.Delete(slices.Clone(tm.Seats), was, was+1)
	seats = slices.Insert(seats, at, a.Seat)
	rack := n.racks[a.Seat]
	rack[a.Tile]--
	rack[okey]++
	n.racks[a.Seat] = rack
	return n.changed(a, EvTakeBack, newTableMeld(n.an, nm, seats, tm.Owner)), nil
}

func (n *State) discard(a Action) ([]Event, error) {
	if !a.Tile.Valid() {
		return nil, game.Refuse(a, game.ErrBadAction, "no tile given")
	}
	if n.racks[a.Seat][a.Tile] == 0 {
		return nil, game.Refuse(a, game.ErrNotHeld, "%v is not in the rack", a.Tile)
	}
	if n.owed() {
		return nil, game.Refuse(a, ErrTakeUnused, "the taken %v", n.take.Tile)
	}
	rack := n.racks[a.Seat]
	rack[a.Tile]--
	n.racks[a.Seat] = rack
	n.moves++
	if rack.Total() == 0 {
		// The last tile: the hand is finished (only a player who opened
		// can have laid the rest down).
		e := ev(EvFinish, a.Seat, a.Tile)
		n.record(e)
		return append([]Event{e}, n.scoreHand(a.Seat, a.Tile)...), nil
	}
	e := ev(EvDiscard, a.Seat, a.Tile)
	n.pushDiscard(a.Seat, a.Tile)
	n.record(e)
	evs := []Event{e}
	if reason := DiscardPenalty(n.an, n.rules, n.melds(), a.Tile, OkeyPaid(n.history, a.Seat)); reason != 0 {
		evs = append(evs, n.charge(a.Seat, a.Tile, reason))
	}
	if n.WallLeft() == 0 {
		w := ev(EvWallOut, a.Seat, tile.NoTile)
		n.record(w)
		evs = append(evs, w)
		return append(evs, n.scoreHand(-1, tile.NoTile)...), nil
	}
	n.turn = next(a.Seat)
	n.stage = StageDraw
	n.turnNo++
	n.take = noTake
	n.gaveBack = false
	return evs, nil
}

// charge makes seat pay a penalty of 101 for tile t, and records it.
func (n *State) charge(seat int, t tile.Tile, reason PenaltyReason) Event {
	n.scores[seat] += PenaltyPoints
	n.handPen[seat] += PenaltyPoints
	p := ev(EvPenalty, seat, t)
	p.Points, p.Reason = PenaltyPoints, reason
	n.record(p)
	return p
}

func (n *State) nextHand(a Action) ([]Event, error) {
	if n.phase != game.HandOver {
		return nil, game.Refuse(a, game.ErrWrongPhase, "the %s", n.phase)
	}
	if n.result != nil && n.result.Void {
		n.redeal++
	} else {
		n.hand++
		n.redeal = 0
		n.dealer = next(n.dealer)
	}
	if err := n.dealHand(); err != nil {
		return nil, game.Refuse(a, game.ErrBadAction, "%v", err)
	}
	return []Event{n.history[0]}, nil
}
