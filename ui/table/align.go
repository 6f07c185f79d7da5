package table

import (
	"okey/ui/canvas"
	"okey/ui/layout"
)

// Align is where a line sits across its rectangle.
type Align uint8

// The ways a line sits across its rectangle.
const (
	Left Align = iota
	Centre
	Right
)

// AlignedX is the column a line w columns wide starts at in r, aligned
// a: both tables' panels and stacks lay their lines out by it.
func AlignedX(r layout.Rect, w int, a Align) int {
	switch a {
	case Centre:
		return r.X + (r.W-w)/2
	case Right:
		return r.X + r.W - w
	}
	return r.X
}

// PutAligned writes s on line y of r, cut to r's width, aligned a and
// drawn by paint.
func PutAligned(c *canvas.Canvas, r layout.Rect, y int, a Align, s string, paint func(string) string) {
	s = canvas.Cut(s, r.W)
	c.Put(AlignedX(r, canvas.Width(s), a), y, paint(s))
}
