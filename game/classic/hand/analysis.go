package hand

import (
	"fmt"

	"okey/game/tile"
)

// RackSize is the size of a classic rack between turns and of a winning
// hand; a rack holds RackSize+1 tiles after a draw.
const RackSize = 14

// wrapTop is the position of the 1 above 13 in a colour's line of runs
// (12-13-1), positions 1..13 being the values.
const wrapTop = tile.NumValues + 1

// Config is what hand analysis needs to know of a game's rules.
type Config struct {
	// NoOkey is set when no indicator is turned up: there are no okeys
	// and no false jokers (the simple104 preset).
	NoOkey bool
	// Wrap allows 12-13-1 runs (never 13-1-2).
	Wrap bool
	// IndicatorLast draws the indicator as the wall's last tile, so a
	// rack may hold both copies of its face.
	IndicatorLast bool
	// OneColourDouble doubles a win whose 14 tiles are of one colour.
	OneColourDouble bool
	// Unscored is set when wins score nothing: the first to finish wins
	// the match (the simple104 preset).
	Unscored bool
}

// Analyzer knows what hand analysis needs of one deal: which face is wild
// (the okey), what a false joker plays as, whether 12-13-1 runs are
// allowed, how many copies of each face exist, and how wins are valued.
// It is a small value, built once per deal and shared by the bots, the
// hints and the command line. Its methods never mutate their input.
type Analyzer struct {
	cfg Config
	// stock is the deal's tiles in existence, which the witnesses check
	// a solve against and the groupings lay real tiles out from.
	stock stock
}

// NewAnalyzer builds the analyzer of a deal with the given indicator
// (NoTile under simple104, where there is no okey).
func NewAnalyzer(c Config, indicator tile.Tile) (Analyzer, error) {
	a := Analyzer{cfg: c, stock: stock{okey: tile.NoTile, indicator: tile.NoTile, noOkey: c.NoOkey}}
	for f := range a.stock.avail {
		a.stock.avail[f] = 2
	}
	if c.NoOkey {
		if indicator != tile.NoTile {
			return Analyzer{}, fmt.Errorf("simple104 has no indicator, got %v", indicator)
		}
		a.stock.avail[tile.FalseJoker] = 0
		return a, nil
	}
	if !indicator.Valid() || indicator == tile.FalseJoker {
		return Analyzer{}, fmt.Errorf("indicator %v: must be a coloured tile, never a false joker", indicator)
	}
	a.stock.indicator = indicator
	a.stock.okey = indicator.Next()
	if !c.IndicatorLast {
		// The indicator stays on the table: only its other copy can be
		// held. Under indicator_last it is drawn as the wall's last tile,
		// so a rack may end up with both.
		a.stock.avail[indicator] = 1
	}
	return a, nil
}

// Config is what the analyzer was built for.
func (a *Analyzer) Config() Config { return a.cfg }

// Points is what each other player loses when this deal's hand wins
// with w: Win.Points under the configured options, 0 when unscored.
func (a *Analyzer) Points(w *Win, okeyFinish bool) int {
	if a.cfg.Unscored {
		return 0
	}
	return w.Points(okeyFinish, a.cfg.OneColourDouble)
}

// Okey is the wild face, NoTile when the rules have none.
func (a *Analyzer) Okey() tile.Tile { return a.stock.okey }

// Indicator is the gösterge, NoTile when the rules have none.
func (a *Analyzer) Indicator() tile.Tile { return a.stock.indicator }

// Available is how many copies of face t can be held in a rack.
func (a *Analyzer) Available(t tile.Tile) int {
	if !t.Valid() {
		return 0
	}
	return int(a.stock.avail[t])
}

// PlaysAs is the face a tile stands for when it is not wild: a false
// joker plays as the okey's face, every other tile as itself.
func (a *Analyzer) PlaysAs(t tile.Tile) tile.Tile {
	if t == tile.FalseJoker && a.stock.okey != tile.NoTile {
		return a.stock.okey
	}
	return t
}

// IsOkey reports whether t is wild in this deal.
func (a *Analyzer) IsOkey(t tile.Tile) bool { return a.stock.okey != tile.NoTile && t == a.stock.okey }

// MeldKind says what a group of a laid-down hand is.
type MeldKind uint8

// The kinds of group.
const (
	Run MeldKind = iota + 1
	Set
	Pair
)

func (k MeldKind) String() string {
	switch k {
	case Run:
		return "run"
	case Set:
		return "set"
	case Pair:
		return "pair"
	}
	return "group"
}

// Meld is one group of a laid-down hand. Tiles are the real tiles (an
// okey as itself), in the order they lie: a run from low to high. As is
// what each tile plays as: an okey the face it stands for, a false joker
// the okey's face, any other tile itself.
type Meld struct {
	Kind  MeldKind
	Tiles []tile.Tile
	As    []tile.Tile
}

// WinKind says how a hand wins.
type WinKind uint8

// The ways to win; NoWin for a hand that does not.
const (
	NoWin WinKind = iota
	WinMelds
	WinPairs
)

func (k WinKind) String() string {
	switch k {
	case WinMelds:
		return "melds"
	case WinPairs:
		return "pairs"
	}
	return ""
}

// Win is a winning hand of 14 tiles with the grouping that proves it.
type Win struct {
	Kind  WinKind
	Melds []Meld
	// OneColour is set when all 14 tiles are of one colour (okeys and
	// false jokers count as the colour they play as).
	OneColour bool
}

// Discard is the analysis of a 15-tile hand: the tile to throw and what
// is left.
type Discard struct {
	// Tile is the suggested discard.
	Tile tile.Tile
	// Distance is the distance to win of the 14 tiles left; 0 when the
	// discard finishes.
	Distance int
	// Wins is set when discarding Tile finishes the hand; Win then holds
	// the grouping of the 14 tiles left.
	Wins bool
	// OkeyFinish is set when the winning discard is an okey.
	OkeyFinish bool
	Win        Win
}

// ArrangeMode chooses how Arrange groups a rack.
type ArrangeMode uint8

// The arrangements of the table's sort keys.
const (
	// ArrangeRuns is seri diz: runs and sets together, leftovers apart.
	ArrangeRuns ArrangeMode = iota
	// ArrangePairs is çift diz: pairs together, leftovers apart.
	ArrangePairs
)

// Arrangement is a rack laid out in groups, the tiles that fit no group
// apart.
type Arrangement struct {
	Groups [][]tile.Tile
	// As holds, group by group, what each tile plays as: an okey the
	// face it stands for in its group (tile.NoTile where it could be
	// anything, as in a pair of okeys), a false joker the okey's face.
	As       [][]tile.Tile
	Leftover []tile.Tile
}

// add appends a group and what its tiles play as.
func (arr *Arrangement) add(g, as []tile.Tile) {
	arr.Groups = append(arr.Groups, g)
	arr.As = append(arr.As, as)
}

// stock is what one deal leaves in existence, the question the
// witnesses and the groupings ask of an Analyzer: which face is wild,
// the indicator, and how many copies of each face can be held.
type stock struct {
	okey      tile.Tile // NoTile under simple104
	indicator tile.Tile // NoTile under simple104
	// avail is how many copies of each face can be in a rack: 2, 1 for
	// the indicator's face (the other copy is on the table) unless
	// indicator_last, 0 for J under simple104.
	avail  [tile.NumFaces]uint8
	noOkey bool // Config.NoOkey: no okey may fill a missing slot
}

// Points is what each other player loses for this win under the point
// countdown: 2 for melds, 4 for seven pairs, doubled by an okey finish
// and, under oneColourDouble, again when all 14 tiles are of one colour.
// It is the one scoring rule of a win: the referee charges it and the
// analysis ranks winning discards by it. NoWin is worth nothing.
func (w *Win) Points(okeyFinish, oneColourDouble bool) int {
	if w.Kind == NoWin {
		return 0
	}
	v := 2
	if w.Kind == WinPairs {
		v = 4
	}
	if okeyFinish {
		v *= 2
	}
	if w.OneColour && oneColourDouble {
		v *= 2
	}
	return v
}
