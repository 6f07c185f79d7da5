package meld

import (
	"errors"
	"fmt"
	"iter"
	"slices"

	"okey/game/tile"
)

// End says where a tile goes onto a run.
type End uint8

// The ends of a run. A real tile fits only one end, so it may say
// AnyEnd; an okey laid off onto a run goes to the end it names, and with
// AnyEnd takes the higher one that is free (as an okey at a run's end
// does when the run is read).
const (
	AnyEnd End = iota
	LowEnd
	HighEnd
)

func (e End) String() string {
	switch e {
	case LowEnd:
		return "low"
	case HighEnd:
		return "high"
	}
	return "any"
}

// MarshalText writes the end's name.
func (e End) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText reads an end's name; "" reads as AnyEnd.
func (e *End) UnmarshalText(b []byte) error {
	switch string(b) {
	case "", "any":
		*e = AnyEnd
	case "low":
		*e = LowEnd
	case "high":
		*e = HighEnd
	default:
		return fmt.Errorf("%q is not a run end (low, high or any)", b)
	}
	return nil
}

// The reasons a table action on a meld is refused; test with errors.Is.
var (
	// ErrLayOff: the tile does not fit the meld.
	ErrLayOff = errors.New("cannot lay off there")
	// ErrMovesOkey: the tile is the one an okey of the meld stands for;
	// laying it off would change what the okey stands for (take the okey
	// back instead).
	ErrMovesOkey = errors.New("would change what an okey stands for")
	// ErrTakeBack: no okey of the meld stands for the tile.
	ErrTakeBack = errors.New("cannot take an okey back")
)

// LayOff adds tile t to meld m at end and returns the new meld and the
// index t has in it; the other tiles keep their order. A real tile fits
// a run below its low end or above its high end (the 1 only low, 13 at
// most), or a set of three lacking its colour; an okey fits any run end
// that exists or a set of three. Nothing is laid off onto a pair, and a
// lay-off never changes what an okey stands for. m is not changed.
func (a Analyzer) LayOff(m Meld, t tile.Tile, end End) (Meld, int, error) {
	if !t.Valid() {
		return Meld{}, 0, fmt.Errorf("%w: %v is not a tile", ErrLayOff, t)
	}
	switch m.Kind {
	case Run:
		return a.layOffRun(m, t, end)
	case Set:
		return a.layOffSet(m, t)
	case Pair:
		return Meld{}, 0, fmt.Errorf("%w: nothing is laid off onto a pair", ErrLayOff)
	}
	return Meld{}, 0, fmt.Errorf("%w: not a meld", ErrLayOff)
}

func (a Analyzer) layOffRun(m Meld, t tile.Tile, end End) (Meld, int, error) {
	c, lo, hi := m.RunColour(), m.Low(), m.High()
	if a.IsOkey(t) {
		switch {
		case end == HighEnd && hi == tile.NumValues:
			return Meld{}, 0, fmt.Errorf("%w: the run ends at 13", ErrLayOff)
		case end == LowEnd && lo == 1:
			return Meld{}, 0, fmt.Errorf("%w: the run starts at 1 (no wrap-around in 101)", ErrLayOff)
		case end == HighEnd || end == AnyEnd && hi < tile.NumValues:
			return appendTile(m, t, tile.NewTile(c, hi+1)), len(m.Tiles), nil
		case end == LowEnd || lo > 1:
			return prependTile(m, t, tile.NewTile(c, lo-1)), 0, nil
		}
		return Meld{}, 0, fmt.Errorf("%w: the run is 1 to 13", ErrLayOff)
	}
	p := a.PlaysAs(t)
	v := p.Value()
	switch {
	case p.Colour() != c:
		return Meld{}, 0, fmt.Errorf("%w: %v is not %s", ErrLayOff, t, c)
	case v == lo-1 && end != HighEnd:
		return prependTile(m, t, p), 0, nil
	case v == hi+1 && end != LowEnd:
		return appendTile(m, t, p), len(m.Tiles), nil
	case v >= lo && v <= hi:
		i := v - lo
		if a.IsOkey(m.Tiles[i]) {
			return Meld{}, 0, fmt.Errorf("%w: the okey in the run stands for %v: take it back instead", ErrMovesOkey, p)
		}
		return Meld{}, 0, fmt.Errorf("%w: the run already holds %v", ErrLayOff, p)
	}
	return Meld{}, 0, fmt.Errorf("%w: %v does not fit %v-%v (the run is %d to %d)", ErrLayOff, t, tile.NewTile(c, lo), tile.NewTile(c, hi), lo, hi)
}

func (a Analyzer) layOffSet(m Meld, t tile.Tile) (Meld, int, error) {
	v := m.SetValue()
	if a.IsOkey(t) {
		if len(m.Tiles) >= 4 {
			return Meld{}, 0, fmt.Errorf("%w: the set has four tiles", ErrLayOff)
		}
		return appendTile(m, t, tile.NoTile), len(m.Tiles), nil
	}
	p := a.PlaysAs(t)
	switch {
	case p.Value() != v:
		return Meld{}, 0, fmt.Errorf("%w: %v is not a %d", ErrLayOff, t, v)
	case m.colours()&(1<<p.Colour()) != 0:
		return Meld{}, 0, fmt.Errorf("%w: the set already holds a %s %d", ErrLayOff, p.Colour(), v)
	case len(m.Tiles) >= 4:
		return Meld{}, 0, fmt.Errorf("%w: the set's okey stands for %v: take it back instead", ErrMovesOkey, p)
	}
	// Insert by colour, before the okeys.
	i := 0
	for i < len(m.Tiles) && m.As[i].Valid() && m.As[i] < p {
		i++
	}
	n := Meld{Kind: Set, Tiles: slices.Insert(slices.Clone(m.Tiles), i, t), As: slices.Insert(slices.Clone(m.As), i, p)}
	return n, i, nil
}

func appendTile(m Meld, t, as tile.Tile) Meld {
	return Meld{Kind: m.Kind, Tiles: append(slices.Clone(m.Tiles), t), As: append(slices.Clone(m.As), as)}
}

func prependTile(m Meld, t, as tile.Tile) Meld {
	return Meld{Kind: m.Kind, Tiles: slices.Insert(slices.Clone(m.Tiles), 0, t), As: slices.Insert(slices.Clone(m.As), 0, as)}
}

// TakeBack puts the real tile t in the place of an okey of m that stands
// for it (in a set, any okey: it stands for every colour the set lacks)
// and returns the new meld, the index the okey had in m and the index t
// has in the new meld. m is not changed.
func (a Analyzer) TakeBack(m Meld, t tile.Tile) (Meld, int, int, error) {
	if !t.Valid() || a.IsOkey(t) {
		return Meld{}, 0, 0, fmt.Errorf("%w: an okey is taken back with a real tile, not %v", ErrTakeBack, t)
	}
	p := a.PlaysAs(t)
	for i, x := range m.Tiles {
		if !a.IsOkey(x) {
			continue
		}
		switch m.Kind {
		case Run, Pair:
			if m.As[i] != p {
				continue
			}
			n := m.Clone()
			n.Tiles[i] = t
			if m.Kind == Pair {
				// The pair is now two identical tiles, in their order.
				n.Tiles[0], n.Tiles[1] = m.Tiles[1-i], t
				return n, i, 1, nil
			}
			return n, i, i, nil
		case Set:
			if p.Value() != m.SetValue() || m.colours()&(1<<p.Colour()) != 0 {
				continue
			}
			rest := Meld{Kind: Set, Tiles: slices.Delete(slices.Clone(m.Tiles), i, i+1), As: slices.Delete(slices.Clone(m.As), i, i+1)}
			j := 0
			for j < len(rest.Tiles) && rest.As[j].Valid() && rest.As[j] < p {
				j++
			}
			rest.Tiles = slices.Insert(rest.Tiles, j, t)
			rest.As = slices.Insert(rest.As, j, p)
			return rest, i, j, nil
		}
	}
	return Meld{}, 0, 0, fmt.Errorf("%w: no okey in the %s stands for %v", ErrTakeBack, m.Kind, p)
}

// LayOffMove is one legal lay-off: tile Tile of the rack onto meld Meld
// of the table, at End (for runs), where it stands for As (tile.NoTile
// for an okey on a set).
type LayOffMove struct {
	Meld int       `json:"meld"`
	Tile tile.Tile `json:"tile"`
	End  End       `json:"end"`
	As   tile.Tile `json:"as"`
}

// TakeBackMove is one legal okey take-back: the rack's tile Tile goes
// into meld Meld in the place of an okey, which goes to the rack.
type TakeBackMove struct {
	Meld int       `json:"meld"`
	Tile tile.Tile `json:"tile"`
}

// places yields each place of meld m where a real tile can be laid off:
// the face that fits there, the run end it goes to (AnyEnd for a set)
// and what it stands for. Malformed melds have none.
func (a Analyzer) places(m Meld) iter.Seq2[tile.Tile, LayOffMove] {
	return func(yield func(tile.Tile, LayOffMove) bool) {
		if !m.wellFormed() {
			return
		}
		switch m.Kind {
		case Run:
			col, lo, hi := m.RunColour(), m.Low(), m.High()
			if lo > 1 && !yield(a.tileAt(int(col), lo-1), LayOffMove{End: LowEnd, As: tile.NewTile(col, lo-1)}) {
				return
			}
			if hi < tile.NumValues {
				yield(a.tileAt(int(col), hi+1), LayOffMove{End: HighEnd, As: tile.NewTile(col, hi+1)})
			}
		case Set:
			if len(m.Tiles) >= 4 {
				return
			}
			for _, p := range m.Missing() {
				if !yield(a.tileAt(int(p.Colour()), p.Value()), LayOffMove{As: p}) {
					return
				}
			}
		}
	}
}

// LayOffs lists every lay-off the rack c can make onto the table now, one
// tile at a time: each real face once per place it fits, and each okey
// once per run end and set with room.
func (a Analyzer) LayOffs(c tile.Counts, table []Meld) []LayOffMove {
	var out []LayOffMove
	okey := a.okey.Valid() && c[a.okey] > 0
	for i, m := range table {
		for t, mv := range a.places(m) {
			mv.Meld = i
			if c[t] > 0 {
				mv.Tile = t
				out = append(out, mv)
			}
			if okey && (m.Kind == Run || mv.As == m.Missing()[0]) {
				// An okey goes to each run end, and once onto a set.
				mv.Tile = a.okey
				if m.Kind == Set {
					mv.As = tile.NoTile
				}
				out = append(out, mv)
			}
		}
	}
	return out
}

// TakeBacks lists every okey take-back the rack c can make now: one per
// meld and tile that frees an okey.
func (a Analyzer) TakeBacks(c tile.Counts, table []Meld) []TakeBackMove {
	var out []TakeBackMove
	for i, m := range table {
		if !m.wellFormed() {
			continue
		}
		var seen tile.TileSet
		for k, x := range m.Tiles {
			if !a.IsOkey(x) {
				continue
			}
			for _, p := range m.Stands(k) {
				t := a.tileAt(int(p.Colour()), p.Value())
				if c[t] > 0 && !seen.Has(t) {
					seen = seen.With(t)
					out = append(out, TakeBackMove{Meld: i, Tile: t})
				}
			}
		}
	}
	return out
}

// Islek is the set of işler taş: the real faces (false jokers included)
// that could be laid off onto a run or set of the table as it stands.
// Discarding one costs 101, unless it finishes the hand; the okey is
// left out (discarding it costs 101 on its own account).
func (a Analyzer) Islek(table []Meld) tile.TileSet {
	var s tile.TileSet
	for _, m := range table {
		for t := range a.places(m) {
			s = s.With(t)
		}
	}
	return s
}

// TakeBackTiles is the set of real tiles (false jokers included) that
// could take an okey back from the table as it stands: what an okey on a
// run or pair stands for, every colour a set holding an okey lacks. Under
// the house rule islek_back of Okey 101 discarding one costs 101, as an
// işler taş does.
func (a Analyzer) TakeBackTiles(table []Meld) tile.TileSet {
	var s tile.TileSet
	for _, m := range table {
		if !m.wellFormed() {
			continue
		}
		for k, x := range m.Tiles {
			if !a.IsOkey(x) {
				continue
			}
			for _, p := range m.Stands(k) {
				if t := a.tileAt(int(p.Colour()), p.Value()); t.Valid() && !a.IsOkey(t) {
					s = s.With(t)
				}
			}
		}
	}
	return s
}
