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
