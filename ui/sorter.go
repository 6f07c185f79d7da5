package ui

import (
	"slices"

	"okey/game/hand"
	"okey/game/tile"
	"okey/ui/rack"
)

// sorter orders tiles for the sorts: a false joker as the face it plays
// as, okeys apart at the end.
type sorter struct {
	an hand.Analyzer
}

func (s sorter) plays(t tile.Tile) tile.Tile { return s.an.PlaysAs(t) }

// ByColour groups the tiles by colour, each colour by value, okeys last.
func (s sorter) ByColour(tiles []tile.Tile) [][]tile.Tile {
	return rack.ByColour(tiles, s.plays, s.an.IsOkey)
}

// ByValue groups the tiles by value, colours in order, okeys last.
func (s sorter) ByValue(tiles []tile.Tile) [][]tile.Tile {
	return rack.ByValue(tiles, s.plays, s.an.IsOkey)
}

// Arranged is seri diz or çift diz: the analyser's groups, the leftovers
// apart. It reports false when the arrangement does not account for
// exactly the given tiles (or found no group), so the caller can say so
// instead of losing a tile.
func (s sorter) Arranged(tiles []tile.Tile, mode hand.ArrangeMode) ([][]tile.Tile, bool) {
	a := s.an.Arrange(slices.Clone(tiles), mode)
	var out [][]tile.Tile
	var all []tile.Tile
	for _, g := range a.Groups {
		if len(g) > 0 {
			out = append(out, slices.Clone(g))
			all = append(all, g...)
		}
	}
	if len(out) == 0 {
		return nil, false
	}
	if len(a.Leftover) > 0 {
		out = append(out, slices.Clone(a.Leftover))
		all = append(all, a.Leftover...)
	}
	if tile.CountsOf(all) != tile.CountsOf(tiles) {
		return nil, false
	}
	return out, true
}
