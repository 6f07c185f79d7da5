package table

import (
	"strings"

	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/rack"
	"okey/ui/theme"
)

// DrawRack draws a rack of either game in its frame r: the top edge
// with title, the two rows of slots as box draws each in tiles of size
// sz (a tile in its frame and marks, or an empty place), each row in
// as many lines as r's width needs (layout.PerLine: two on a terminal
// standing up), and the bottom edge (bottom, or a plain edge when "").
func DrawRack(c *canvas.Canvas, r layout.Rect, frame theme.Border, title, bottom string, sz theme.TileSize, box func(slot int) []string) {
	c.Put(r.X, r.Y, frame.TopLine(r.W, title))
	per := layout.PerLine(r.W, sz.W)
	var rows [rack.NumSlots][theme.MaxTileH]strings.Builder
	lines := layout.RackLines(per)
	for row := range lines {
		for k := range sz.H {
			rows[row][k].Grow(r.W * 16) // a tile's line in its styles, a slot's worth of columns
		}
	}
	filled := [rack.NumSlots]int{}
	for i := range rack.NumSlots {
		b := box(i)
		row, _ := layout.SlotLine(i, per)
		for k := range sz.H {
			rows[row][k].WriteString(b[k])
		}
		filled[row]++
	}
	left, right := frame.Sides()
	for row := range lines {
		pad := strings.Repeat(" ", (per-filled[row])*sz.W) // the short line of a folded row
		for k := range sz.H {
			c.Put(r.X, r.Y+1+row*sz.H+k, left+rows[row][k].String()+pad+right)
		}
	}
	if bottom == "" {
		bottom = frame.BottomLine(r.W)
	}
	c.Put(r.X, r.Y+r.H-1, bottom)
}
