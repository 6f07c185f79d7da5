package expertclassic

import (
	"okey/game/classic"
	"okey/game/tile"
)

// The views one move ahead of a seat's own, as the value reads them:
// each is a copy, and the view it came from is not changed.

// After is view v once its seat has discarded t: the rack without it,
// the discard on the seat's stack and in the history.
func After(v *classic.View, t tile.Tile) classic.View {
	w := *v
	w.Counts[t]--
	w.Rack = w.Counts.Tiles()
	w.History = append(v.History[:len(v.History):len(v.History)], classic.Event{Kind: classic.EvDiscard, Seat: v.Seat, Tile: t})
	own := v.Discards[v.Seat]
	w.Discards[v.Seat] = append(own[:len(own):len(own)], t)
	w.Legal = classic.Legal{}
	return w
}

// Taken is view v once its seat has taken t, the previous player's
// discard: 15 tiles, its discard to make.
func Taken(v *classic.View, t tile.Tile) classic.View {
	w := *v
	w.Counts[t]++
	w.Rack = w.Counts.Tiles()
	st := v.Discards[v.Previous]
	w.Discards[v.Previous] = st[: len(st)-1 : len(st)-1]
	w.History = append(v.History[:len(v.History):len(v.History)], classic.Event{Kind: classic.EvTake, Seat: v.Seat, Tile: t, From: v.Previous})
	w.Stage, w.Legal = classic.MustDiscard, classic.Legal{Discard: true, Finish: true}
	return w
}

// Drawn is view v once its seat has drawn t from the wall.
func Drawn(v *classic.View, t tile.Tile) classic.View {
	w := *v
	w.Counts[t]++
	w.Rack = w.Counts.Tiles()
	w.WallLeft--
	w.History = append(v.History[:len(v.History):len(v.History)], classic.Event{Kind: classic.EvDraw, Seat: v.Seat, Tile: t})
	w.Stage, w.Legal = classic.MustDiscard, classic.Legal{Discard: true, Finish: true}
	return w
}
