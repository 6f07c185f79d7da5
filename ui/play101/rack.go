package play101

import (
	"encoding/json"
	"slices"

	"okey/game"
	"okey/game/tile"
	"okey/ui/rack"
)

// The rack of the 101 table: the cursor, moving tiles, the groups the
// player makes of them.

// MoveCursor moves along the rack (dx, wrapping from row to row) or to
// the other row (dy).
func (t *Table) MoveCursor(dx, dy int) { t.Cursor = rack.Step(t.Cursor, dx, dy) }

// Move moves a tile on the rack as Rack.Move does; the group being made
// and the groups made follow their tiles wherever they slide.
func (t *Table) Move(from, to int) {
	var shadow rack.Rack // each tile stands for the slot it came from
	for i, x := range t.Rack.Slots {
		shadow.Slots[i] = tile.NoTile
		if x != tile.NoTile {
			shadow.Slots[i] = tile.Tile(i)
		}
	}
	t.Rack.Move(from, to)
	shadow.Move(from, to)
	var where [rack.NumSlots]int
	for j, x := range shadow.Slots {
		if x != tile.NoTile {
			where[int(x)] = j
		}
	}
	remap := func(s []int) {
		for k, i := range s {
			s[k] = where[i]
		}
	}
	remap(t.Sel)
	for _, g := range t.Groups {
		remap(g)
	}
}

// GroupOf is the group (0 for the one being made, k+1 for groups[k])
// rack slot i is chosen into, or -1.
func (t *Table) GroupOf(i int) int {
	if slices.Contains(t.Sel, i) {
		return 0
	}
	for k, g := range t.Groups {
		if slices.Contains(g, i) {
			return k + 1
		}
	}
	return -1
}

// GroupAt is the group of tiles around rack slot i: the tiles next to
// each other in its row, between gaps.
func (t *Table) GroupAt(i int) []int {
	if t.Rack.Slots[i] == tile.NoTile {
		return nil
	}
	row := i / rack.Cols * rack.Cols
	lo, hi := i, i
	for lo > row && t.Rack.Slots[lo-1] != tile.NoTile {
		lo--
	}
	for hi < row+rack.Cols-1 && t.Rack.Slots[hi+1] != tile.NoTile {
		hi++
	}
	out := make([]int, 0, hi-lo+1)
	for s := lo; s <= hi; s++ {
		out = append(out, s)
	}
	return out
}

// DropGone takes out of the selection the slots whose tile left the
// rack since before, and takes apart every group made that lost a tile
// (a taken tile given back, a tile laid off): what is left of it is no
// longer the run, set or pair the player made, and counting it on
// (B11 B12 read as a pair) would mislead.
func (t *Table) DropGone(before rack.Rack) {
	gone := func(i int) bool { return t.Rack.Slots[i] == tile.NoTile || t.Rack.Slots[i] != before.Slots[i] }
	t.Sel = slices.DeleteFunc(t.Sel, gone)
	t.Groups = slices.DeleteFunc(t.Groups, func(g []int) bool { return slices.ContainsFunc(g, gone) })
}

// NewHandRack lays out a freshly dealt rack, sorted by colour.
func (t *Table) NewHandRack() {
	t.Rack = rack.New()
	t.Rack.Reconcile(t.View.Counts)
	an := t.View.Analyzer
	groups := rack.ByColour(t.Rack.Tiles(), an.PlaysAs, an.IsOkey)
	if r, ok := rack.PackRows(groups, nil); ok {
		t.Rack = r
	} else {
		t.Rack.Pack(groups)
	}
	t.Cursor, t.Held = 0, -1
	t.Sel, t.Groups, t.Choose, t.Confirm = nil, nil, nil, Confirm{}
}

// RackJSON is the rack as saved; nil if it cannot be written.
func (t *Table) RackJSON() []byte {
	b, err := json.Marshal(RackFile{Game: string(game.Okey101), Hand: t.View.Hand, Redeal: t.View.Redeal,
		Cursor: t.Cursor, Slots: t.Rack.Slots[:], Sel: t.Sel, Groups: t.Groups})
	if err != nil {
		return nil
	}
	return b
}

// RackFile is the saved arrangement of the 101 rack, with the group
// being made and the groups made, so that a resumed table looks as it
// was left.
type RackFile struct {
	Game   string      `json:"game"`
	Hand   int         `json:"hand"`
	Redeal int         `json:"redeal"`
	Cursor int         `json:"cursor"`
	Slots  []tile.Tile `json:"slots"`
	Sel    []int       `json:"sel,omitempty"`
	Groups [][]int     `json:"groups,omitempty"`
}
