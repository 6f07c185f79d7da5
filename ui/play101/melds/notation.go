package melds

import (
	"strconv"
	"strings"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// The notation of the 101 table: tiles of a hand in a row, and the
// tiles of the melds on the table, each as the table writes it.

// TilesOf writes tiles of a hand whose okey is okey in a row: each its
// face, an okey as OK, a false joker as J.
func TilesOf(ts []tile.Tile, okey tile.Tile) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = ShortOf(t, okey)
	}
	return strings.Join(parts, " ")
}

// ShortOf is a tile in a row of tiles of a hand whose okey is okey:
// its face, an okey as OK, a false joker as J.
func ShortOf(t, okey tile.Tile) string {
	switch {
	case t == okey:
		return okeyInline
	case t == tile.FalseJoker:
		return "J"
	}
	return t.String()
}

// How the melds on the table write their tiles on one line: an okey
// with what it stands for after a star (*B7; *7 in a set, for any
// colour it lacks), a tile laid off by another player than the meld's
// with a plus before it. The words of the help say so.
const (
	okeyInline = "OK"
	okeyMark   = "*"
	LayOffMark = "+"
	TileGap    = " "
)

// TileText is tile i of a table meld as the table writes it, and
// whether it is an okey.
func TileText(tm *okey101.TableMeld, i int, an meld.Analyzer) (string, bool) {
	t := tm.Meld.Tiles[i]
	s := t.String()
	okey := an.IsOkey(t)
	if okey {
		as := tm.Meld.As[i]
		switch {
		case as.Valid():
			s = okeyMark + as.String()
		case tm.Meld.Kind == meld.Set:
			s = okeyMark + strconv.Itoa(tm.Meld.SetValue())
		default:
			s = okeyMark
		}
	}
	if i < len(tm.Seats) && tm.Seats[i] != tm.Owner {
		s = LayOffMark + s
	}
	return s, okey
}
