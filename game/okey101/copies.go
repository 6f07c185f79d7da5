package okey101

import (
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// copies is where the copies of a table's melds and a history's events
// are cut from when a view is made from a state (State.View) or a state
// from a view (SampleWorld): one array of tiles, one of melds, one of
// seats and one of okey places for all of them, each piece capped to
// its length, so that an append to one reallocates instead of writing
// into the next. A view is made at every move of every playout the judge
// plays out, where a slice allocated for each meld would be most of its
// cost. The pieces hold the same values as separate clones would, nil
// where those are nil.
type copies struct {
	tiles []tile.Tile
	melds []meld.Meld
	seats []int
	okeys []OkeyPlace
}

// newCopies makes room for copies of table and history.
func newCopies(table []TableMeld, history []Event) copies {
	var nt, nm, ns, no int
	for i := range table {
		m := &table[i]
		nt += len(m.Meld.Tiles) + len(m.Meld.As)
		ns += len(m.Seats)
		no += len(m.Okeys)
		for _, o := range m.Okeys {
			nt += len(o.Stands)
		}
	}
	for i := range history {
		nm += len(history[i].Melds)
		for _, m := range history[i].Melds {
			nt += len(m.Tiles) + len(m.As)
		}
	}
	return copies{tiles: make([]tile.Tile, nt), melds: make([]meld.Meld, nm),
		seats: make([]int, ns), okeys: make([]OkeyPlace, no)}
}

// take cuts the next n elements off buf, capped to n.
func take[T any](buf *[]T, n int) []T {
	c := (*buf)[:n:n]
	*buf = (*buf)[n:]
	return c
}

// cut is a copy of s cut off buf: nil for nil, as slices.Clone.
func cut[T any](buf *[]T, s []T) []T {
	if s == nil {
		return nil
	}
	c := take(buf, len(s))
	copy(c, s)
	return c
}

// meld is m.Clone().
func (c *copies) meld(m meld.Meld) meld.Meld {
	return meld.Meld{Kind: m.Kind, Tiles: cut(&c.tiles, m.Tiles), As: cut(&c.tiles, m.As)}
}

// tableMeld is m.clone().
func (c *copies) tableMeld(m *TableMeld) TableMeld {
	t := TableMeld{Meld: c.meld(m.Meld), Seats: cut(&c.seats, m.Seats), Owner: m.Owner}
	if len(m.Okeys) > 0 {
		t.Okeys = take(&c.okeys, len(m.Okeys))
		for i, o := range m.Okeys {
			t.Okeys[i] = OkeyPlace{Index: o.Index, Stands: cut(&c.tiles, o.Stands)}
		}
	}
	return t
}

// event is e.clone().
func (c *copies) event(e Event) Event {
	if e.Melds != nil {
		ms := take(&c.melds, len(e.Melds))
		for i, m := range e.Melds {
			ms[i] = c.meld(m)
		}
		e.Melds = ms
	}
	return e
}
