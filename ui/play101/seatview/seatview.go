package seatview

import (
	"slices"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/seats"
)

// RotateView turns a view of a 101 table so that seat rot sits at seat
// 0, as ui/playclassic's RotateView does a classic one: every seat number and
// every array by seat. Play still runs seat+1 and partners still sit
// opposite, so the turned view is a view of the same match from another
// chair (okey101.View.SampleWorld takes it as one). The view's slices
// are not changed: what holds seats is copied.
func Rotate(v okey101.View, rot int) okey101.View {
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
