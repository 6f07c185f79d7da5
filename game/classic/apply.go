package classic

import (
	"sort"

	"okey/game"
	"okey/game/tile"
)

// Apply plays one action of classic Okey and returns the new state and
// what happened, under game.Step's contract: s never changes, a refusal
// is a *MoveError, and the events are complete (Event.Redact them for
// another seat).
func (s State) Apply(a Action) (State, []Event, error) {
	return game.Step(s, a, (*State).apply)
}

// apply changes n in place; n is a fresh copy whose slices are shared with
// the caller's state and so are replaced, never written.
func (n *State) apply(a Action) ([]Event, error) {
	if a.Kind == ActNextHand {
		return n.nextHand(a)
	}
	if err := game.CheckMove(a, a.Kind, ActShow, ActNextHand, a.Seat, n.phase); err != nil {
		return nil, err
	}
	if !n.active[a.Seat] {
		return nil, game.Refuse(a, ErrSeatLeft, "")
	}
	if a.Kind == ActShow {
		return n.show(a)
	}
	if a.Seat != n.turn {
		return nil, game.Refuse(a, game.ErrWrongSeat, "seat %d is to move", n.turn)
	}
	switch a.Kind {
	case ActDraw, ActTake, ActEndHand:
		if n.stage != MustDraw {
			return nil, game.Refuse(a, ErrMustDiscard, "")
		}
	case ActDiscard, ActFinish:
		if n.stage != MustDiscard {
			return nil, game.Refuse(a, game.ErrMustDraw, "")
		}
		if !a.Tile.Valid() {
			return nil, game.Refuse(a, game.ErrBadAction, "no tile given")
		}
		if n.racks[a.Seat][a.Tile] == 0 {
			return nil, game.Refuse(a, game.ErrNotHeld, "%v is not in the rack", a.Tile)
		}
	}
	switch a.Kind {
	case ActDraw:
		return n.draw(a)
	case ActTake:
		return n.take(a)
	case ActDiscard:
		return n.discard(a)
	case ActFinish:
		return n.finish(a)
	case ActEndHand:
		return n.endHand(a)
	}
	return nil, game.Refuse(a, game.ErrBadAction, "unknown action")
}

func (n *State) record(e Event) {
	h := make([]Event, len(n.history), len(n.history)+1)
	copy(h, n.history)
	// A draw keeps its tile: a view redacts it for every seat but the
	// drawer's, who saw it.
	n.history = append(h, e)
}

func (n *State) show(a Action) ([]Event, error) {
	if err := n.canShow(a.Seat); err != nil {
		return nil, game.Refuse(a, err, "")
	}
	n.shown[a.Seat] = true
	n.moves++
	var lost [NumSeats]int
	n.charge(a.Seat, 1, &lost)
	e := Event{Kind: EvShow, Seat: a.Seat, Tile: n.deal.Indicator, From: -1}
	n.record(e)
	return []Event{e}, nil
}

func (n *State) draw(a Action) ([]Event, error) {
	if n.WallLeft() == 0 {
		return nil, game.Refuse(a, game.ErrWallEmpty, "take the previous discard or end the hand")
	}
	t := n.deal.Wall[n.wallPos]
	n.wallPos++
	n.racks[a.Seat][t]++
	n.acted[a.Seat] = true
	n.stage = MustDiscard
	n.moves++
	e := Event{Kind: EvDraw, Seat: a.Seat, Tile: t, From: -1}
	n.record(e)
	return []Event{e}, nil
}

func (n *State) take(a Action) ([]Event, error) {
	from := prevActive(a.Seat, n.active)
	st := n.discards[from]
	if len(st) == 0 {
		return nil, game.Refuse(a, game.ErrEmptyStack, "seat %d has discarded nothing", from)
	}
	t := st[len(st)-1]
	n.discards[from] = st[: len(st)-1 : len(st)-1] // the next push copies
	n.racks[a.Seat][t]++
	n.acted[a.Seat] = true
	n.stage = MustDiscard
	n.moves++
	e := Event{Kind: EvTake, Seat: a.Seat, Tile: t, From: from}
	n.record(e)
	return []Event{e}, nil
}

func (n *State) discard(a Action) ([]Event, error) {
	n.racks[a.Seat][a.Tile]--
	st := n.discards[a.Seat]
	ns := make([]tile.Tile, len(st), len(st)+1)
	copy(ns, st)
	n.discards[a.Seat] = append(ns, a.Tile)
	n.acted[a.Seat] = true
	n.turn = nextActive(a.Seat, n.active)
	n.stage = MustDraw
	n.moves++
	e := Event{Kind: EvDiscard, Seat: a.Seat, Tile: a.Tile, From: -1}
	n.record(e)
	return []Event{e}, nil
}

func (n *State) finish(a Action) ([]Event, error) {
	rack := n.racks[a.Seat]
	rack[a.Tile]--
	h, err := n.an.HandOf(rack)
	if err != nil {
		return nil, game.Refuse(a, ErrNotWinning, "%v", err)
	}
	win, ok := n.an.Win(h)
	if !ok {
		return nil, game.Refuse(a, ErrNotWinning, "the 14 tiles left after %v are not all in runs and sets, nor seven pairs", a.Tile)
	}
	n.racks[a.Seat] = rack
	n.acted[a.Seat] = true
	n.moves++
	okeyFinish := n.an.IsOkey(a.Tile)
	points := n.an.Points(&win, okeyFinish)
	res := &HandResult{
		Hand: n.hand, Winner: a.Seat, Discard: a.Tile, Win: win,
		OkeyFinish: okeyFinish, Points: points, Shown: n.shown,
	}
	n.charge(a.Seat, points, &res.Lost)
	e := Event{Kind: EvFinish, Seat: a.Seat, Tile: a.Tile, From: -1}
	n.record(e)
	return n.closeHand(res, []Event{e}), nil
}

func (n *State) endHand(a Action) ([]Event, error) {
	if n.WallLeft() > 0 {
		return nil, game.Refuse(a, ErrWallNotEmpty, "%d tiles left to draw", n.WallLeft())
	}
	n.moves++
	e := Event{Kind: EvWallOut, Seat: a.Seat, Tile: tile.NoTile, From: -1}
	n.record(e)
	res := &HandResult{Hand: n.hand, WallOut: true, Winner: -1, Discard: tile.NoTile, Shown: n.shown}
	return n.closeHand(res, []Event{e}), nil
}

// closeHand ends the hand with res: gösterme losses are added to the
// result, seats at zero leave (leave_at_zero), and the match ends when
// the rules say so.
func (n *State) closeHand(res *HandResult, evs []Event) []Event {
	for s := range NumSeats {
		if n.shown[s] {
			for t := range NumSeats {
				if n.active[t] && n.team(t) != n.team(s) && n.rules.Scoring() {
					res.Lost[t]++
					res.ShowLost[t]++
				}
			}
		}
	}
	n.phase = game.HandOver
	n.result = res
	over := false
	switch {
	case !n.rules.Scoring():
		over = res.Winner >= 0
	case n.rules.LeaveAtZero:
		for s := range NumSeats {
			if n.active[s] && n.scores[s] <= 0 {
				n.active[s] = false
				n.left[s] = n.hand
				res.Left[s] = true
				evs = append(evs, Event{Kind: EvLeave, Seat: s, Tile: tile.NoTile, From: -1})
			}
		}
		left := 0
		for _, a := range n.active {
			if a {
				left++
			}
		}
		over = left <= 1
	default:
		for s := range NumSeats {
			if n.active[s] && n.scores[s] <= 0 {
				over = true
			}
		}
	}
	evs = append(evs, Event{Kind: EvHandOver, Seat: res.Winner, Tile: res.Discard, From: -1})
	if over {
		n.phase = game.MatchOver
		n.match = n.standings(res)
		evs = append(evs, Event{Kind: EvMatchOver, Seat: -1, Tile: tile.NoTile, From: -1})
	}
	return evs
}

// standings ranks the seats at the end of the match.
func (n *State) standings(last *HandResult) *MatchResult {
	m := &MatchResult{Hands: n.hand, Scores: n.scores}
	// key orders seats best first; equal keys share a place.
	key := func(s int) [2]int { return [2]int{0, n.scores[s]} }
	switch {
	case !n.rules.Scoring():
		key = func(s int) [2]int {
			if s == last.Winner {
				return [2]int{1, 0}
			}
			return [2]int{0, 0}
		}
	case n.rules.LeaveAtZero:
		key = func(s int) [2]int {
			if n.active[s] {
				return [2]int{1 << 30, n.scores[s]}
			}
			return [2]int{n.left[s], n.scores[s]}
		}
	}
	seats := []int{0, 1, 2, 3}
	sort.SliceStable(seats, func(i, j int) bool {
		a, b := key(seats[i]), key(seats[j])
		return a[0] > b[0] || a[0] == b[0] && a[1] > b[1]
	})
	winners := 2
	if !n.rules.Scoring() || n.rules.LeaveAtZero {
		winners = 1
	}
	for _, s := range seats {
		higher, level := 0, 0
		for t := range NumSeats {
			switch {
			case key(t)[0] > key(s)[0] || key(t)[0] == key(s)[0] && key(t)[1] > key(s)[1]:
				higher++
			case key(t) == key(s):
				level++
			}
		}
		m.Place[s] = higher + 1
		switch {
		case higher+level <= winners:
			m.Outcome[s] = game.OutcomeWon
		case higher >= winners:
			m.Outcome[s] = game.OutcomeLost
		default:
			m.Outcome[s] = game.OutcomeTied
		}
	}
	return m
}

func (n *State) nextHand(a Action) ([]Event, error) {
	if n.phase != game.HandOver {
		return nil, game.Refuse(a, game.ErrWrongPhase, "the %s", n.phase)
	}
	if n.rules.Simple104 {
		n.dealer = NumSeats - 1
	} else {
		n.dealer = nextActive(n.dealer, n.active)
	}
	if err := n.dealHand(n.hand + 1); err != nil {
		return nil, game.Refuse(a, game.ErrBadAction, "%v", err)
	}
	return []Event{n.history[0]}, nil
}
