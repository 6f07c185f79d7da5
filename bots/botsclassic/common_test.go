package botsclassic

import (
	"slices"
	"testing"

	"okey/game/tile"
)

// The run rule of RULES.md: 12-13-1 is a run with wrap, 13-1-2 never.
func TestRunMates(t *testing.T) {
	for _, tc := range []struct {
		f    string
		wrap bool
		want string
	}{
		{"R5", true, "R3 R4 R6 R7"},
		{"R1", true, "R2 R3 R12 R13"},
		{"R1", false, "R2 R3"},
		{"R13", true, "R1 R11 R12"},
		{"R13", false, "R11 R12"},
		{"R12", true, "R1 R10 R11 R13"},
		{"R2", true, "R1 R3 R4"},
		{"J", true, ""},
	} {
		f, _ := tile.ParseTile(tc.f)
		var got []tile.Tile
		RunMates(f, tc.wrap, func(g tile.Tile, _ int) { got = append(got, g) })
		slices.Sort(got)
		if s := tile.FormatTiles(got); s != tc.want {
			t.Errorf("%s wrap=%v: %s, want %s", tc.f, tc.wrap, s, tc.want)
		}
	}
}
