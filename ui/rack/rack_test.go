package rack

import (
	"slices"
	"testing"

	"okey/game/tile"
)

func TestRackMove(t *testing.T) {
	r := New()
	r.Slots[0], r.Slots[1], r.Slots[2] = 1, 2, 3
	r.Move(2, 0) // slides 1, 2 right into the gap left by 3
	if r.Slots[0] != 3 || r.Slots[1] != 1 || r.Slots[2] != 2 {
		t.Fatalf("move: %v", r.Slots[:4])
	}
	r.Move(0, 16)
	if r.Slots[16] != 3 || r.Slots[0] != tile.NoTile {
		t.Fatal("move to the other row")
	}
	want := tile.CountsOf([]tile.Tile{1, 2, 5})
	added := r.Reconcile(want)
	if r.Counts() != want || len(added) != 1 || r.Slots[added[0]] != 5 {
		t.Fatalf("reconcile: %v", r.Tiles())
	}
}

func TestRackPackFitsFifteen(t *testing.T) {
	var groups [][]tile.Tile
	for i := range 5 {
		groups = append(groups, []tile.Tile{tile.Tile(i * 3), tile.Tile(i*3 + 1), tile.Tile(i*3 + 2)})
	}
	r := New()
	r.Pack(groups)
	if len(r.Tiles()) != 15 {
		t.Fatalf("packed %d tiles", len(r.Tiles()))
	}
	// 16 singletons do not fit with gaps: packed without them.
	var single [][]tile.Tile
	for i := range 16 {
		single = append(single, []tile.Tile{tile.Tile(i)})
	}
	r.Pack(single)
	if len(r.Tiles()) != 16 {
		t.Fatalf("packed %d tiles", len(r.Tiles()))
	}
}

func TestSortsPutWildTilesApart(t *testing.T) {
	r1, r2, b1, k5 := tile.NewTile(tile.Red, 1), tile.NewTile(tile.Red, 2), tile.NewTile(tile.Blue, 1), tile.NewTile(tile.Black, 5)
	plays := func(x tile.Tile) tile.Tile { return x }
	wild := func(x tile.Tile) bool { return x == k5 }
	tests := []struct {
		name string
		got  [][]tile.Tile
		want [][]tile.Tile
	}{
		{"by colour", ByColour([]tile.Tile{k5, b1, r2, r1}, plays, wild), [][]tile.Tile{{r1, r2}, {b1}, {k5}}},
		{"by value", ByValue([]tile.Tile{k5, r2, b1, r1}, plays, wild), [][]tile.Tile{{r1, b1}, {r2}, {k5}}},
	}
	for _, tt := range tests {
		if len(tt.got) != len(tt.want) {
			t.Fatalf("%s: %v, want %v", tt.name, tt.got, tt.want)
		}
		for i := range tt.want {
			if !slices.Equal(tt.got[i], tt.want[i]) {
				t.Errorf("%s: %v, want %v", tt.name, tt.got, tt.want)
			}
		}
	}
}

// PackRows keeps each group whole on one row, a gap between groups, the
// longest first, and the rest after a gap; it refuses what does not fit.
func TestPackRows(t *testing.T) {
	run := func(c tile.Colour, from, n int) []tile.Tile {
		out := make([]tile.Tile, n)
		for i := range out {
			out[i] = tile.NewTile(c, from+i)
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		groups [][]tile.Tile
		rest   []tile.Tile
		fits   bool
	}{
		{"nothing", nil, nil, true},
		{"two groups on a row", [][]tile.Tile{run(tile.Red, 1, 3), run(tile.Blue, 1, 4)}, nil, true},
		{"groups and the rest", [][]tile.Tile{run(tile.Red, 1, 5), run(tile.Blue, 1, 5), run(tile.Black, 1, 5)}, run(tile.Yellow, 1, 3), true},
		{"three long groups on two rows", [][]tile.Tile{run(tile.Red, 1, 13), run(tile.Blue, 1, 13), run(tile.Black, 1, 13)}, nil, false},
		{"too much left over", [][]tile.Tile{run(tile.Red, 1, 13)}, append(run(tile.Blue, 1, 13), run(tile.Black, 1, 13)...), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := PackRows(tc.groups, tc.rest)
			if ok != tc.fits {
				t.Fatalf("fits %v, want %v", ok, tc.fits)
			}
			if !ok {
				return
			}
			want := tc.rest
			for _, g := range tc.groups {
				want = append(want, g...)
			}
			if tile.CountsOf(r.Tiles()) != tile.CountsOf(want) {
				t.Fatalf("the rack holds %v, want the tiles %v", r.Tiles(), want)
			}
			// Each group stands whole on one row, its tiles side by side.
			for _, g := range tc.groups {
				i := slices.Index(r.Slots[:], g[0])
				if i < 0 || i%Cols+len(g) > Cols || !slices.Equal(r.Slots[i:i+len(g)], g) {
					t.Errorf("group %v is not whole on a row: %v", g, r.Slots)
				}
			}
		})
	}
}

// TestStep asserts the cursor wraps from row to row along the rack and
// goes to the other row on dy, at both ends.
func TestStep(t *testing.T) {
	for _, tc := range []struct{ cursor, dx, dy, want int }{
		{0, 1, 0, 1},
		{0, -1, 0, NumSlots - 1},
		{Cols - 1, 1, 0, Cols},
		{NumSlots - 1, 1, 0, 0},
		{3, 0, 1, Cols + 3},
		{Cols + 3, 0, 1, 3},
		{Cols + 3, 0, -1, 3},
		{5, 0, 0, 5},
	} {
		if got := Step(tc.cursor, tc.dx, tc.dy); got != tc.want {
			t.Errorf("Step(%d, %d, %d) = %d, want %d", tc.cursor, tc.dx, tc.dy, got, tc.want)
		}
	}
}
