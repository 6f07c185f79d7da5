package okey101

import (
	"reflect"
	"testing"

	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestCopiesAreClones: the pieces a view's table and history are cut
// from (copies) are the values the clones they replace gave, nil where
// those were nil, and each piece its own: writing into one, or
// appending to it, changes neither its source nor the next piece.
func TestCopiesAreClones(t *testing.T) {
	table := []TableMeld{
		{Meld: meld.Meld{Kind: meld.Run, Tiles: []tile.Tile{1, 2, 3}, As: []tile.Tile{1, 2, 3}}, Seats: []int{0, 0, 1}, Owner: 0,
			Okeys: []OkeyPlace{{Index: 1, Stands: []tile.Tile{2}}, {Index: 2, Stands: nil}}},
		{Meld: meld.Meld{Kind: meld.Set, Tiles: []tile.Tile{4, 17}, As: nil}, Seats: []int{}, Owner: 2},
		{},
	}
	history := []Event{
		{Kind: EvDraw, Seat: 1, Tile: 5},
		{Kind: EvOpen, Seat: 0, Melds: []meld.Meld{table[0].Meld, {Kind: meld.Pair, Tiles: []tile.Tile{7, 7}, As: []tile.Tile{}}}},
		{Kind: EvLay, Seat: 0, Melds: []meld.Meld{}},
	}
	want := func() ([]TableMeld, []Event) {
		var tw []TableMeld
		for _, m := range table {
			c := TableMeld{Meld: m.Meld.Clone(), Seats: cloneOr(m.Seats), Owner: m.Owner}
			for _, o := range m.Okeys {
				c.Okeys = append(c.Okeys, OkeyPlace{Index: o.Index, Stands: cloneOr(o.Stands)})
			}
			tw = append(tw, c)
		}
		var hw []Event
		for _, e := range history {
			hw = append(hw, e.clone())
		}
		return tw, hw
	}
	tw, hw := want()
	cp := newCopies(table, history)
	var tg []TableMeld
	for i := range table {
		tg = append(tg, cp.tableMeld(&table[i]))
	}
	var hg []Event
	for _, e := range history {
		hg = append(hg, cp.event(e))
	}
	for _, tc := range []struct {
		name      string
		got, want any
	}{
		{"table", tg, tw},
		{"history", hg, hw},
	} {
		if !reflect.DeepEqual(tc.got, tc.want) {
			t.Errorf("%s: copies %#v, clones %#v", tc.name, tc.got, tc.want)
		}
	}
	// Each piece its own.
	tg[0].Meld.Tiles = append(tg[0].Meld.Tiles, 9)
	tg[0].Meld.As[0] = 40
	tg[0].Okeys[0].Stands[0] = 41
	hg[1].Melds[1].Tiles = append(hg[1].Melds[1].Tiles, 42)
	if tw2, hw2 := want(); !reflect.DeepEqual(tw2, tw) || !reflect.DeepEqual(hw2, hw) {
		t.Error("writing into a copy changed its source")
	}
	if !reflect.DeepEqual(tg[1], tw[1]) || !reflect.DeepEqual(hg[2], hw[2]) || !reflect.DeepEqual(tg[0].Okeys[1], tw[0].Okeys[1]) {
		t.Error("writing into a copy changed the next piece")
	}
}

// cloneOr is slices.Clone as the clones wrote it.
func cloneOr[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(s[:0:0], s...)
}
