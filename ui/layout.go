package ui

import "okey/ui/theme"

// The smallest terminal the table fits in.
const (
	MinWidth  = 80
	MinHeight = 24
)

// Sizes of the table's parts.
const (
	stackW  = 20 // a discard stack: its top tile and two words
	panelW  = 21 // a bot's name, level, score and tiles
	centerW = 36 // the wall and the indicator
	bandH   = theme.TileH
	rackW   = RackCols*theme.TileW + 2 // the rack in its frame
	rackH   = 2*theme.TileH + 2
	logSide = 34 // the log beside the table on wide terminals
)

// Rect is a part of the screen.
type Rect struct{ X, Y, W, H int }

// Contains reports whether the cell (x, y) is inside r.
func (r Rect) Contains(x, y int) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Layout places every part of the table screen for a terminal of W×H.
// Rendering and mouse hits both read it, so a click lands where the
// thing is drawn.
type Layout struct {
	W, H int
	// TooSmall is set below MinWidth×MinHeight: only a notice is shown.
	TooSmall bool

	Header Rect
	// Table is the area of the three bands and the rack; TX is its left.
	Table Rect
	// Bands: top (top bot, the two upper stacks), middle (side bots,
	// wall and indicator), bottom (the two lower stacks, the player).
	Top, Mid, Bottom Rect
	// Corners: the discard stacks by screen position.
	TopLeft, TopRight, BottomLeft, BottomRight Rect
	// Panels of the seats by screen position: right, top, left; You is
	// the player's line in the bottom band.
	PanelRight, PanelTop, PanelLeft, You Rect
	// Center holds the wall box (Wall) and the indicator.
	Center, Wall Rect
	// Rack is the framed rack; Slots is its first slot's corner.
	Rack      Rect
	SlotsX    int
	SlotsY    int
	Log       Rect
	Status    Rect
	Help      Rect
	LogBeside bool
}

// Slot is the rectangle of rack slot i.
func (l Layout) Slot(i int) Rect {
	r, c := i/RackCols, i%RackCols
	return Rect{l.SlotsX + c*theme.TileW, l.SlotsY + r*theme.TileH, theme.TileW, theme.TileH}
}

// SlotAt is the rack slot under the cell (x, y), or -1.
func (l Layout) SlotAt(x, y int) int {
	for i := range RackSlots {
		if l.Slot(i).Contains(x, y) {
			return i
		}
	}
	return -1
}

// layout places the table for a W×H terminal.
func layout(w, h int) Layout {
	l := Layout{W: w, H: h}
	if w < MinWidth || h < MinHeight {
		l.TooSmall = true
		return l
	}
	// The log goes beside the table when there is room for it.
	l.LogBeside = w >= MinWidth+logSide+2
	tw := min(w, 100)
	tx := (w - tw) / 2
	logW := 0
	if l.LogBeside {
		tw = min(w-logSide-2, 100)
		logW = min(60, w-tw-2)
		tx = max(0, (w-tw-2-logW)/2)
	}
	l.Header = Rect{0, 0, w, 1}
	// Spare lines go first between the bands, then to the log, then
	// above and below the table.
	fixed := 1 + 3*bandH + rackH + 2 // header, bands, rack, status, help
	spare := h - fixed
	logH := 0
	if !l.LogBeside {
		logH = 3
		spare -= logH
	}
	gap := 0
	if spare >= 3 {
		gap = 1
		spare -= 3
	}
	if !l.LogBeside {
		more := min(spare, 8)
		logH += more
		spare -= more
	}
	y := 1 + (spare+1)/2
	tableY := y
	l.Top = Rect{tx, y, tw, bandH}
	y += bandH + gap
	l.Mid = Rect{tx, y, tw, bandH}
	y += bandH + gap
	l.Bottom = Rect{tx, y, tw, bandH}
	y += bandH + gap

	l.TopLeft = Rect{tx, l.Top.Y, stackW, bandH}
	l.TopRight = Rect{tx + tw - stackW, l.Top.Y, stackW, bandH}
	l.BottomLeft = Rect{tx, l.Bottom.Y, stackW, bandH}
	l.BottomRight = Rect{tx + tw - stackW, l.Bottom.Y, stackW, bandH}
	l.PanelTop = Rect{tx + (tw-panelW)/2, l.Top.Y, panelW, bandH}
	l.PanelLeft = Rect{tx, l.Mid.Y, panelW, bandH}
	l.PanelRight = Rect{tx + tw - panelW, l.Mid.Y, panelW, bandH}
	l.Center = Rect{tx + (tw-centerW)/2, l.Mid.Y, centerW, bandH}
	l.Wall = Rect{l.Center.X, l.Mid.Y, 7, bandH}
	youW := tw - 2*stackW - 2
	l.You = Rect{tx + stackW + 1, l.Bottom.Y, youW, bandH}

	l.Rack = Rect{tx + (tw-rackW)/2, y, rackW, rackH}
	l.SlotsX = l.Rack.X + 1
	l.SlotsY = l.Rack.Y + 1
	y += rackH
	l.Table = Rect{tx, tableY, tw, y - tableY}
	if l.LogBeside {
		l.Log = Rect{tx + tw + 2, tableY, logW, y - tableY}
	} else {
		l.Log = Rect{0, y, w, logH}
	}
	l.Status = Rect{0, h - 2, w, 1}
	l.Help = Rect{0, h - 1, w, 1}
	return l
}
