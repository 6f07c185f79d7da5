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
	lines := layout.RackLines(per)
	// Each line of a row is written once at its length: the slots'
	// boxes gathered first and their bytes counted.
	var boxes [rack.NumSlots][]string
	var rowOf [rack.NumSlots]int
	var size [rack.NumSlots][theme.MaxTileH]int
	filled := [rack.NumSlots]int{}
	for i := range rack.NumSlots {
		boxes[i] = box(i)
		row, _ := layout.SlotLine(i, per)
		rowOf[i] = row
		for k := range sz.H {
			size[row][k] += len(boxes[i][k])
		}
		filled[row]++
	}
	left, right := frame.Sides()
	for row := range lines {
		pad := (per - filled[row]) * sz.W // the short line of a folded row
		for k := range sz.H {
			var b strings.Builder
			b.Grow(len(left) + size[row][k] + pad + len(right))
			b.WriteString(left)
			for i := range rack.NumSlots {
				if rowOf[i] == row {
					b.WriteString(boxes[i][k])
				}
			}
			for range pad {
				b.WriteByte(' ')
			}
			b.WriteString(right)
			c.Put(r.X, r.Y+1+row*sz.H+k, b.String())
		}
	}
	if bottom == "" {
		bottom = frame.BottomLine(r.W)
	}
	c.Put(r.X, r.Y+r.H-1, bottom)
}
