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
// sz (a tile in its frame and marks, or an empty place), and the bottom
// edge (bottom, or a plain edge when "").
func DrawRack(c *canvas.Canvas, r layout.Rect, frame theme.Border, title, bottom string, sz theme.TileSize, box func(slot int) []string) {
	c.Put(r.X, r.Y, frame.TopLine(r.W, title))
	var rows [rack.NumSlots / rack.Cols][theme.MaxTileH]strings.Builder
	for row := range rows {
		for k := range sz.H {
			rows[row][k].Grow(r.W * 16) // a tile's line in its styles, a slot's worth of columns
		}
	}
	for i := range rack.NumSlots {
		b := box(i)
		row := i / rack.Cols
		for k := range sz.H {
			rows[row][k].WriteString(b[k])
		}
	}
	left, right := frame.Sides()
	for row := range rows {
		for k := range sz.H {
			c.Put(r.X, r.Y+1+row*sz.H+k, left+rows[row][k].String()+right)
		}
	}
	if bottom == "" {
		bottom = frame.BottomLine(r.W)
	}
	c.Put(r.X, r.Y+r.H-1, bottom)
}
