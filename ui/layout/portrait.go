package layout

import "okey/ui/rack"

// A terminal narrower than MinWidth but at least PortraitW wide and
// PortraitH tall (a phone held upright, over SSH or in the browser
// door) draws the tables standing up: one part a band, the rack's rows
// of fifteen each folded in two lines of tiles a thumb can hit.
const (
	PortraitW = 42
	PortraitH = 40
)

// IsPortrait says whether a w×h terminal gets the standing layout.
func IsPortrait(w, h int) bool {
	return w < MinWidth && w >= PortraitW && h >= PortraitH
}

// portraitPer is how many slots a line of the rack holds standing up:
// a row of the rack in two lines, eight and seven.
const portraitPer = (rack.Cols + 1) / 2

// PerLine is how many of the rack's slots a line of tiles holds in a
// rack frame w columns wide with tiles tw wide: a whole row of the
// rack, else half of one. DrawRack and the layouts' Slot both read it.
func PerLine(w, tw int) int {
	if w-2 >= rack.Cols*tw {
		return rack.Cols
	}
	return portraitPer
}

// SlotLine is the line of tiles and the place in it of rack slot i,
// with per slots a line: each row of the rack takes as many lines as
// it needs.
func SlotLine(i, per int) (line, col int) {
	r, c := i/rack.Cols, i%rack.Cols
	lines := (rack.Cols + per - 1) / per
	return r*lines + c/per, c % per
}

// RackLines is how many lines of tiles a rack of per slots a line has.
func RackLines(per int) int { return rack.NumSlots / rack.Cols * ((rack.Cols + per - 1) / per) }

// portraitRack is the size of the rack standing up, in its frame.
func portraitRack(tileW, tileH int) (w, h int) {
	return portraitPer*tileW + 2, RackLines(portraitPer)*tileH + 2
}

// newPortrait places the classic table standing up on l's w×h terminal
// (IsPortrait), a band for each part, top to bottom:
//
//	header
//	the top player's panel
//	their stack (left), the right player's (right)
//	the left player's panel, the right player's
//	the wall, its words, the indicator
//	the left player's stack, the player's own
//	the player's line
//	the rack, in four lines of tiles
//	the log, the status, the keys
func newPortrait(l Screen) Screen {
	w, h := l.W, l.H
	bh := l.BandH
	half := (w - 1) / 2
	rackW, rackH := portraitRack(l.Tile.W, l.Tile.H)
	l.Header = Rect{0, 0, w, 1}
	l.Status = Rect{0, h - 2, w, 1}
	l.Flash = l.Status
	l.Help = Rect{0, h - 1, w, 1}
	l.Page = Rect{1, 1, w - 1, h - 3}
	const bands = 6
	spare := h - (1 + bands*bh + rackH + 2) - logMin
	gap := 0
	if spare >= bands {
		gap = 1
		spare -= bands
	}
	logH := logMin + min(spare, logMore)
	spare -= logH - logMin
	y := 1 + spare/2
	tableY := y
	band := func() int {
		at := y
		y += bh + gap
		return at
	}
	panelW := min(panelW, half)
	l.Top = Rect{0, band(), w, bh}
	l.PanelTop = Rect{(w - panelW) / 2, l.Top.Y, panelW, textH}
	stacks := band()
	l.TopLeft = Rect{0, stacks, half, bh}
	l.TopRight = Rect{w - half, stacks, half, bh}
	l.Mid = Rect{0, band(), w, bh}
	l.PanelLeft = Rect{0, l.Mid.Y, panelW, textH}
	l.PanelRight = Rect{w - panelW, l.Mid.Y, panelW, textH}
	cy := band()
	centerW := wallW + 1 + wordsW + 1 + l.Tile.W + 1 + indWords
	l.Center = Rect{max(0, (w-centerW)/2), cy, min(w, centerW), bh}
	l.Wall = Rect{l.Center.X, cy, wallW, textH}
	l.WallWords = Rect{l.Wall.X + wallW + 1, cy, wordsW, textH}
	l.Indicator = Rect{l.WallWords.X + wordsW + 1, cy, l.Tile.W, bh}
	ix := l.Indicator.X + l.Tile.W + 1
	l.IndicatorWords = Rect{ix, cy, min(w, l.Center.X+l.Center.W) - ix, textH}
	l.Bottom = Rect{0, band(), w, bh}
	l.BottomLeft = Rect{0, l.Bottom.Y, half, bh}
	l.BottomRight = Rect{w - half, l.Bottom.Y, half, bh}
	l.You = Rect{0, band(), w, textH}
	l.Rack = Rect{(w - rackW) / 2, y, rackW, rackH}
	l.SlotsX, l.SlotsY = l.Rack.X+1, l.Rack.Y+1
	y += rackH
	l.Table = Rect{0, tableY, w, y - tableY}
	l.Log = Rect{0, y, w, logH}
	// The status grows up into the log, which keeps a line.
	l.StatusMax = min(statusMax, max(1, l.Status.Y-y-1))
	return l
}
