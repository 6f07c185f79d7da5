package melds

import (
	"testing"

	"okey/game/tile"
)

func TestTilesOf(t *testing.T) {
	okey := tile.NewTile(tile.Blue, 7)
	for _, tc := range []struct {
		tiles []tile.Tile
		want  string
	}{
		{nil, ""},
		{[]tile.Tile{tile.NewTile(tile.Red, 4), tile.NewTile(tile.Red, 5)}, "R4 R5"},
		{[]tile.Tile{okey, tile.FalseJoker, tile.NewTile(tile.Black, 13)}, "OK J K13"},
	} {
		if got := TilesOf(tc.tiles, okey); got != tc.want {
			t.Errorf("TilesOf(%v) = %q, want %q", tc.tiles, got, tc.want)
		}
	}
}
