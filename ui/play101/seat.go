package play101

import (
	"slices"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/seatlink"
	"okey/ui/seatmsg"
	"okey/ui/seats"
)

// RotateView turns a view of a 101 table so that seat rot sits at seat
// 0, as playclassic.RotateView does a classic one: every seat number and
// every array by seat. Play still runs seat+1 and partners still sit
// opposite, so the turned view is a view of the same match from another
// chair (okey101.View.SampleWorld takes it as one). The view's slices
// are not changed: what holds seats is copied.
func RotateView(v okey101.View, rot int) okey101.View {
	if rot == 0 {
		return v
	}
	r := func(s int) int { return seats.Turn(s, rot) }
	v.Seat, v.Dealer, v.Turn, v.Previous = r(v.Seat), r(v.Dealer), r(v.Turn), r(v.Previous)
	if v.Taken.Tile != tile.NoTile {
		v.Taken.From = r(v.Taken.From)
	}
	v.Opened = seats.TurnAll(v.Opened, rot)
	v.Discards = seats.TurnAll(v.Discards, rot)
	v.DiscardCounts = seats.TurnAll(v.DiscardCounts, rot)
	v.TileCounts = seats.TurnAll(v.TileCounts, rot)
	v.Scores = seats.TurnAll(v.Scores, rot)
	v.Totals = seats.TurnAll(v.Totals, rot)
	v.HandPenalties = seats.TurnAll(v.HandPenalties, rot)
	tbl := make([]okey101.TableMeld, len(v.Table))
	for i, tm := range v.Table {
		tm.Seats = slices.Clone(tm.Seats)
		for j := range tm.Seats {
			tm.Seats[j] = r(tm.Seats[j])
		}
		tm.Owner = r(tm.Owner)
		tbl[i] = tm
	}
	v.Table = tbl
	h := slices.Clone(v.History)
	for i := range h {
		h[i].Seat = r(h[i].Seat)
		h[i].From = r(h[i].From)
	}
	v.History = h
	if v.Result != nil {
		res := RotateResult(*v.Result, rot)
		v.Result = &res
	}
	if v.Results != nil {
		rs := make([]okey101.HandResult, len(v.Results))
		for i, res := range v.Results {
			rs[i] = RotateResult(res, rot)
		}
		v.Results = rs
	}
	if v.Match != nil {
		mr := *v.Match
		mr.Scores = seats.TurnAll(mr.Scores, rot)
		mr.Totals = seats.TurnAll(mr.Totals, rot)
		mr.Place = seats.TurnAll(mr.Place, rot)
		mr.Outcome = seats.TurnAll(mr.Outcome, rot)
		v.Match = &mr
	}
	return v
}

// RotateResult turns a hand's result of 101.
func RotateResult(res okey101.HandResult, rot int) okey101.HandResult {
	res.Finisher = seats.Turn(res.Finisher, rot)
	res.Lines = seats.TurnAll(res.Lines, rot)
	res.Scores = seats.TurnAll(res.Scores, rot)
	return res
}

// World is a state that agrees with a served seat's view v (turned to
// seat 0), to try the player's actions on before they go: whether the
// game takes the seat's own action depends on nothing the seat cannot
// see, so what it refuses the table would refuse too. The seed follows
// the view, so that the same view samples the same world. False when
// the view cannot be sampled.
func World(v *okey101.View) (okey101.State, bool) {
	seed := uint64(v.Hand)<<32 ^ uint64(v.Redeal)<<24 ^ uint64(len(v.History))
	w, err := v.SampleWorld(seed)
	if err != nil {
		return okey101.State{}, false
	}
	return w, true
}

// TryAll tries acts in order on st, and returns the first refusal.
func TryAll(st okey101.State, acts []okey101.Action) error {
	for _, a := range acts {
		n, _, err := st.Apply(a)
		if err != nil {
			return err
		}
		st = n
	}
	return nil
}

// Served is what the table of a served seat keeps in place of a match
// (Table.G nil): the latest view its table sent (turned to seat 0), and
// a world that agrees with it to try the player's actions on before
// they go (WorldOK: there is one; a spectator has none).
type Served struct {
	View    okey101.View
	World   okey101.State
	WorldOK bool
}

// TakeServed takes in a served seat's view v, turned to seat 0, and
// samples a world from it unless the seat only watches.
func (t *Table) TakeServed(v okey101.View, watching bool) {
	t.Served = Served{View: v}
	if !watching {
		t.Served.World, t.Served.WorldOK = World(&v)
	}
}

// OwnView is the player's view of the match: the match's own, or at a
// served seat the latest its table sent (as playclassic's OwnView).
func (t *Table) OwnView() okey101.View {
	if t.G == nil {
		return t.Served.View
	}
	return t.G.State().View(0)
}

// TryState is a state to try the player's actions on (where a tile
// lays off, the hint, whether the game takes an action): the match's
// own, or at a served seat the world sampled from its view (a State's
// zero value, which refuses every action, for a spectator).
func (t *Table) TryState() okey101.State {
	if t.G == nil {
		return t.Served.World
	}
	return t.G.State()
}

// Deal is the deal being played, for the log.
func (t *Table) Deal() okey101.DealInfo {
	if t.G == nil {
		v := &t.View
		return okey101.DealInfo{Hand: v.Hand, Redeal: v.Redeal, Dealer: v.Dealer, Indicator: v.Indicator}
	}
	return t.G.State().DealInfo()
}

// TryServed is what the served seat's world says of the player's
// actions in order: the first refusal, nil when it takes them all or
// there is no world to ask.
func (t *Table) TryServed(acts []okey101.Action) error {
	if t.G != nil || !t.Served.WorldOK {
		return nil
	}
	return TryAll(t.Served.World, acts)
}

// Send sends the player's actions to the served table over l, in
// order, once the world of the view takes them all (else the player is
// told why, as the local table would: Refuse); done runs when they go
// (to take the tiles they used off the rack). went reports that they
// went; st, when they did not, why not (seatlink.Gone: refused, or
// nothing to send). The next update says what came of them.
func (t *Table) Send(l *seatlink.Link, acts []okey101.Action, done func()) (st seatlink.Sent, went bool) {
	if st = l.CanMove(); st != seatlink.Gone || len(acts) == 0 {
		return st, false
	}
	if err := t.TryServed(acts); err != nil {
		t.Refuse(err)
		return seatlink.Gone, false
	}
	out := make([]okey101.Action, len(acts))
	for i, a := range acts {
		out[i] = a.Clone()
		out[i].Seat = l.Rot
	}
	if st = l.Move(seatmsg.Intent{Kind: seatmsg.IntentPlay101, Plays: out, Hand: t.View.Hand, Redeal: t.View.Redeal}); st != seatlink.Gone {
		return st, false
	}
	t.Held = -1
	if done != nil {
		done()
	}
	if len(acts) > 1 {
		t.Sel, t.Groups = nil, nil
	}
	return st, true
}

// Ready tells the served table over l that the player is ready for the
// next hand.
func (t *Table) Ready(l *seatlink.Link) seatlink.Sent {
	return l.Ask(seatmsg.Intent{Kind: seatmsg.IntentReady, Hand: t.View.Hand, Redeal: t.View.Redeal})
}
