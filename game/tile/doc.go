// Package tile holds the tiles of Okey: the four colours, the faces R1 to
// K13 and the false joker J, their notation (case-insensitive, every
// parser and writer of the project goes through here), counts of tiles
// and sets of faces. It knows no rule beyond the tiles themselves and
// imports only the standard library.
//
// A use:
//
//	t, err := tile.ParseTile("k13") // K13
//	okey := t.Next()               // K1: the okey an indicator K13 makes
//	c := tile.CountsOf([]tile.Tile{t, t, okey})
package tile
