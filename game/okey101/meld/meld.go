package meld

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"okey/game"
	"okey/game/tile"
)

// Kind is what a group of tiles on the table is.
type Kind uint8

// The kinds of meld. Pairs are laid only by a player who opened with
// pairs; runs and sets by everyone else.
const (
	// Run is 3 to 13 tiles of one colour with consecutive values, the 1
	// only low.
	Run Kind = iota + 1
	// Set is 3 or 4 tiles of one value, all colours different.
	Set
	// Pair is two identical tiles, or an okey with any tile (with the
	// okey_pair option, two okeys).
	Pair
)

// kindNames are the kinds' names, by kind.
var kindNames = [...]string{Run: "run", Set: "set", Pair: "pair"}

func (k Kind) String() string { return game.EnumName(kindNames[:], k, "kind") }

// MarshalText writes the kind's name, so JSON carries "run".
func (k Kind) MarshalText() ([]byte, error) {
	if k < Run || k > Pair {
		return nil, fmt.Errorf("meld kind %d: not a kind", k)
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for _, c := range []Kind{Run, Set, Pair} {
		if string(b) == c.String() {
			*k = c
			return nil
		}
	}
	return fmt.Errorf("%q is not a meld kind (run, set or pair)", b)
}

// Meld is a run, a set or a pair in one reading: its tiles as laid and
// what each of them stands for. Runs list their tiles from low to high;
// sets by colour with their okeys last; pairs as given.
//
// As[i] is what Tiles[i] stands for: a real tile stands for itself, a
// false joker for the okey's face, an okey in a run for the exact tile
// whose place it takes and an okey in a pair for its partner's face (two
// paired okeys stand for nothing: tile.NoTile). An okey in a set stands
// for any colour the set lacks: its As is tile.NoTile and Stands lists
// the tiles it could be. The reading is explicit so that a meld on the
// table never changes what its okeys stand for.
type Meld struct {
	Kind  Kind        `json:"kind"`
	Tiles []tile.Tile `json:"tiles"`
	As    []tile.Tile `json:"as"`
}

// Len is the number of tiles in the meld.
func (m Meld) Len() int { return len(m.Tiles) }

// Value is what the meld counts towards an opening: the sum of the
// values of the tiles it represents (an okey counts as the tile it
// stands for; in a set, as the set's value). Pairs count 0: they open by
// number, not value.
func (m Meld) Value() int {
	switch m.Kind {
	case Run:
		v := 0
		for _, t := range m.As {
			v += t.Value()
		}
		return v
	case Set:
		return m.SetValue() * len(m.Tiles)
	}
	return 0
}

// SetValue is the value shared by a set's tiles; 0 for other kinds.
func (m Meld) SetValue() int {
	if m.Kind != Set {
		return 0
	}
	for _, t := range m.As {
		if t.Valid() {
			return t.Value()
		}
	}
	return 0
}

// RunColour is a run's colour.
func (m Meld) RunColour() tile.Colour {
	if m.Kind != Run || len(m.As) == 0 {
		return 0
	}
	return m.As[0].Colour()
}

// Low and High are the lowest and highest values a run covers.
func (m Meld) Low() int {
	if m.Kind != Run || len(m.As) == 0 {
		return 0
	}
	return m.As[0].Value()
}

// High is the highest value a run covers.
func (m Meld) High() int {
	if m.Kind != Run || len(m.As) == 0 {
		return 0
	}
	return m.As[len(m.As)-1].Value()
}

// colours is the mask of the colours a set's real tiles (and false
// jokers) hold.
func (m Meld) colours() uint8 {
	var c uint8
	for _, t := range m.As {
		if t.Valid() {
			c |= 1 << t.Colour()
		}
	}
	return c
}

// Missing lists the tiles of a set's value in the colours its real tiles
// do not hold: what its okeys may stand for and what may be laid off
// onto it while it has fewer than four tiles. Nil for other kinds.
func (m Meld) Missing() []tile.Tile {
	if m.Kind != Set {
		return nil
	}
	v := m.SetValue()
	have := m.colours()
	var out []tile.Tile
	for c := range tile.Colour(tile.NumColours) {
		if have&(1<<c) == 0 {
			out = append(out, tile.NewTile(c, v))
		}
	}
	return out
}

// Stands lists what tile i of the meld may stand for: its As, or for an
// okey in a set every tile in Missing.
func (m Meld) Stands(i int) []tile.Tile {
	if i < 0 || i >= len(m.Tiles) {
		return nil
	}
	if m.Kind == Set && !m.As[i].Valid() {
		return m.Missing()
	}
	if !m.As[i].Valid() {
		return nil
	}
	return []tile.Tile{m.As[i]}
}

// wellFormed reports whether m holds what its kind needs for the table
// analysis: tiles and readings alike in number, a run of real places
// within 1..13, a set of a value. Melds from Read and ReadPair always
// are; the analysis passes over others instead of failing on them.
func (m Meld) wellFormed() bool {
	if len(m.Tiles) != len(m.As) || len(m.Tiles) == 0 {
		return false
	}
	switch m.Kind {
	case Run:
		for _, t := range m.As {
			if !t.Valid() || t == tile.FalseJoker || t.Colour() != m.As[0].Colour() {
				return false
			}
		}
		return m.High()-m.Low()+1 == len(m.As)
	case Set:
		return m.SetValue() >= 1
	case Pair:
		return len(m.Tiles) == 2
	}
	return false
}

// Clone is a deep copy.
func (m Meld) Clone() Meld {
	return Meld{Kind: m.Kind, Tiles: slices.Clone(m.Tiles), As: slices.Clone(m.As)}
}

// Equal reports whether two melds are the same tiles in the same reading.
func (m Meld) Equal(o Meld) bool {
	return m.Kind == o.Kind && slices.Equal(m.Tiles, o.Tiles) && slices.Equal(m.As, o.As)
}

func (m Meld) String() string {
	var b strings.Builder
	b.WriteString(m.Kind.String())
	b.WriteByte(' ')
	b.WriteString(tile.FormatTiles(m.Tiles))
	return b.String()
}

// ErrNotMeld is wrapped by every error that refuses a group of tiles as a
// run, set or pair.
var ErrNotMeld = errors.New("not a meld")

func notMeld(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrNotMeld, fmt.Sprintf(format, a...))
}

// Analyzer analyses racks and melds of one hand of 101: it knows the
// indicator, and so which tile is the okey (wild) and what a false joker
// plays as. It is a small value, safe to copy and to share.
type Analyzer struct {
	indicator, okey tile.Tile
}

// New returns the analyzer of a hand whose indicator is ind, a coloured
// tile (a false joker is never the indicator).
func New(ind tile.Tile) (Analyzer, error) {
	if !ind.Valid() || ind == tile.FalseJoker {
		return Analyzer{}, fmt.Errorf("indicator %v: must be a coloured tile, never a false joker", ind)
	}
	return Analyzer{indicator: ind, okey: ind.Next()}, nil
}

// Indicator is the hand's gösterge.
func (a Analyzer) Indicator() tile.Tile { return a.indicator }

// Okey is the hand's okey: both its copies are wild.
func (a Analyzer) Okey() tile.Tile { return a.okey }

// IsOkey reports whether t is wild in this hand.
func (a Analyzer) IsOkey(t tile.Tile) bool { return t == a.okey && t.Valid() }

// PlaysAs is the face a real tile plays as: a false joker the okey's
// face, any other tile its own. An okey plays as anything; PlaysAs gives
// its face.
func (a Analyzer) PlaysAs(t tile.Tile) tile.Tile {
	if t == tile.FalseJoker {
		return a.okey
	}
	return t
}

// TileValue is what a tile left in a rack counts at the end of a hand:
// its value, a false joker the okey's value. (An okey left in a rack
// counts 101; the referee handles that.)
func (a Analyzer) TileValue(t tile.Tile) int { return a.PlaysAs(t).Value() }

// Read checks that tiles form a run or a set and returns it in its
// highest reading: okeys at a run's ends take the higher places, and a
// group that reads both as a set and as a run (one tile and two okeys)
// is the one worth more, the set when both are worth the same. The error
// wraps ErrNotMeld and says what is wrong.
func (a Analyzer) Read(tiles []tile.Tile) (Meld, error) {
	buf := make([]tile.Tile, 2*len(tiles))
	return a.readInto(tiles, buf)
}

// readInto is Read writing the meld's Tiles and As into buf, which must
// hold twice as many tiles as the meld.
func (a Analyzer) readInto(tiles []tile.Tile, buf []tile.Tile) (Meld, error) {
	n := len(tiles)
	switch {
	case n < 3:
		return Meld{}, notMeld("%d tiles: a run or set has at least 3", n)
	case n > tile.NumValues:
		return Meld{}, notMeld("%d tiles: a run has at most 13", n)
	}
	var natBuf [tile.NumValues]tile.Tile
	nat := natBuf[:0] // the played faces of the real tiles
	for _, t := range tiles {
		if !t.Valid() {
			return Meld{}, notMeld("%v is not a tile", t)
		}
		if !a.IsOkey(t) {
			nat = append(nat, a.PlaysAs(t))
		}
	}
	if len(nat) == 0 {
		return Meld{}, notMeld("only okeys: a meld holds at least one tile that is not an okey")
	}
	isSet := n <= 4 && setFault(nat) == tile.NoTile
	lo, runBad := runStart(nat, n)
	switch {
	case isSet && runBad == runFine:
		if runValue(lo, n) > nat[0].Value()*n {
			return a.buildRun(tiles, nat[0].Colour(), lo, buf), nil
		}
		return a.buildSet(tiles, buf), nil
	case isSet:
		return a.buildSet(tiles, buf), nil
	case runBad == runFine:
		return a.buildRun(tiles, nat[0].Colour(), lo, buf), nil
	}
	// Name what is wrong with the reading the tiles come closer to.
	if n <= 4 && len(nat) > 1 && nat[0].Value() == nat[1].Value() {
		return Meld{}, notMeld("%s", setWhy(nat))
	}
	return Meld{}, notMeld("%s", runWhy(nat, n, runBad))
}

// runValue is the value of the run of n tiles from lo.
func runValue(lo, n int) int { return n*lo + n*(n-1)/2 }

// setFault is the first of the naturals nat that keeps them from being
// a set's (another value, or a colour twice), or NoTile. The reading of
// every meld asks it, so it says why only when asked (setWhy): building
// the sentence each time cost a tenth of a bot's time.
func setFault(nat []tile.Tile) tile.Tile {
	v := nat[0].Value()
	var seen uint8
	for _, t := range nat {
		if t.Value() != v || seen&(1<<t.Colour()) != 0 {
			return t
		}
		seen |= 1 << t.Colour()
	}
	return tile.NoTile
}

// setWhy says why the naturals nat cannot be a set's, or "".
func setWhy(nat []tile.Tile) string {
	t := setFault(nat)
	switch {
	case t == tile.NoTile:
		return ""
	case t.Value() != nat[0].Value():
		return fmt.Sprintf("%v and %v: a set's tiles share one value, and a run's one colour", nat[0], t)
	}
	return fmt.Sprintf("two %s %ds: a set's colours are all different", t.Colour(), t.Value())
}

// runFault is what keeps naturals from being a run's (runStart).
type runFault uint8

const (
	runFine    runFault = iota
	runColours          // two colours
	runTwice            // a value twice
	runSpread           // too far apart for the run's length
)

// runStart is the lowest value of the highest run of n tiles holding the
// naturals nat, or what keeps them from one (runWhy says it).
func runStart(nat []tile.Tile, n int) (int, runFault) {
	c := nat[0].Colour()
	lo, hi := tile.NumValues+1, 0
	var seen uint16
	for _, t := range nat {
		if t.Colour() != c {
			return 0, runColours
		}
		v := t.Value()
		if seen&(1<<v) != 0 {
			return 0, runTwice
		}
		seen |= 1 << v
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo+1 > n {
		return 0, runSpread
	}
	return min(lo, tile.NumValues-n+1), runFine
}

// runWhy says why the naturals nat cannot be a run of n tiles (f, from
// runStart), in the words of a refusal.
func runWhy(nat []tile.Tile, n int, f runFault) string {
	c := nat[0].Colour()
	lo, hi := tile.NumValues+1, 0
	var seen uint16
	for _, t := range nat {
		v := t.Value()
		switch {
		case f == runColours && t.Colour() != c:
			return fmt.Sprintf("%v and %v: a run's tiles share one colour, and a set's one value", nat[0], t)
		case f == runTwice && seen&(1<<v) != 0:
			return fmt.Sprintf("two %vs: a run holds each value once", t)
		}
		seen |= 1 << v
		lo, hi = min(lo, v), max(hi, v)
	}
	return fmt.Sprintf("%d tiles cannot cover %s %d to %d (no wrap-around in 101: the 1 is only low)", n, c, lo, hi)
}

// buildRun and buildSet lay the meld out in buf (2n tiles).
func (a Analyzer) buildRun(tiles []tile.Tile, c tile.Colour, lo int, buf []tile.Tile) Meld {
	n := len(tiles)
	m := Meld{Kind: Run, Tiles: buf[:n:n], As: buf[n : 2*n : 2*n]}
	var okeys [tile.NumValues]tile.Tile
	k := 0
	var placed uint16
	for _, t := range tiles {
		if a.IsOkey(t) {
			okeys[k] = t
			k++
			continue
		}
		i := a.PlaysAs(t).Value() - lo
		m.Tiles[i] = t
		placed |= 1 << i
	}
	k = 0
	for i := range n {
		m.As[i] = tile.NewTile(c, lo+i)
		if placed&(1<<i) == 0 {
			m.Tiles[i] = okeys[k]
			k++
		}
	}
	return m
}

func (a Analyzer) buildSet(tiles []tile.Tile, buf []tile.Tile) Meld {
	n := len(tiles)
	m := Meld{Kind: Set, Tiles: buf[:0:n], As: buf[n : n : 2*n]}
	for c := range tile.Colour(tile.NumColours) {
		for _, t := range tiles {
			if !a.IsOkey(t) && a.PlaysAs(t).Colour() == c {
				m.Tiles = append(m.Tiles, t)
				m.As = append(m.As, a.PlaysAs(t))
			}
		}
	}
	for _, t := range tiles {
		if a.IsOkey(t) {
			m.Tiles = append(m.Tiles, t)
			m.As = append(m.As, tile.NoTile)
		}
	}
	return m
}

// ReadPair checks that two tiles form a pair: two identical tiles (two
// false jokers too), an okey with any tile, or, with okeyPair, two okeys.
func (a Analyzer) ReadPair(tiles []tile.Tile, okeyPair bool) (Meld, error) {
	if len(tiles) != 2 {
		return Meld{}, notMeld("%d tiles: a pair has 2", len(tiles))
	}
	x, y := tiles[0], tiles[1]
	if !x.Valid() || !y.Valid() {
		return Meld{}, notMeld("not a tile in %v", tile.FormatTiles(tiles))
	}
	ox, oy := a.IsOkey(x), a.IsOkey(y)
	switch {
	case ox && oy:
		if !okeyPair {
			return Meld{}, notMeld("two okeys pair only with the okey_pair option")
		}
		return Meld{Kind: Pair, Tiles: []tile.Tile{x, y}, As: []tile.Tile{tile.NoTile, tile.NoTile}}, nil
	case ox:
		return Meld{Kind: Pair, Tiles: []tile.Tile{y, x}, As: []tile.Tile{a.PlaysAs(y), a.PlaysAs(y)}}, nil
	case oy:
		return Meld{Kind: Pair, Tiles: []tile.Tile{x, y}, As: []tile.Tile{a.PlaysAs(x), a.PlaysAs(x)}}, nil
	case x != y:
		return Meld{}, notMeld("%v and %v: a pair is two identical tiles, or an okey with any tile", x, y)
	}
	return Meld{Kind: Pair, Tiles: []tile.Tile{x, y}, As: []tile.Tile{a.PlaysAs(x), a.PlaysAs(y)}}, nil
}
