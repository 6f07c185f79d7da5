// Package layout places every part of every screen from the terminal's
// size: the classic table and the pages between hands (Screen), the
// table of Okey 101 (Table101). Rendering and mouse hits both read it,
// so a click lands where the thing is drawn. It knows the sizes of the
// parts (tiles, rack, panels), not the rules; it imports ui/rack (the
// rack's width) and ui/theme (the tiles' size) only.
package layout

import (
	"okey/ui/rack"
	"okey/ui/theme"
)

// The smallest terminal the table fits in.
const (
	MinWidth  = 80
	MinHeight = 24
)

// Sizes of the table's parts (those that grow with the tiles are
// worked out from the tile's size: see partsFor).
const (
	stackWords  = 14  // the two words beside a stack's top tile
	panelW      = 21  // a bot's name, level, score and tiles
	indWords    = 11  // the words beside the indicator
	logSide     = 34  // the log beside the table on wide terminals
	tableW      = 100 // the table grows no wider with small tiles
	logW        = 60  // nor the log beside it
	logMin      = 3   // lines of the log below the table, at the least
	logMore     = 8   // lines the log below the table grows by, at most
	statusMax   = 3   // lines a long status may take on the table
	HistoryMin  = 6   // lines a score history under the rack needs
	wallW       = 7   // the wall's box
	wordsW      = 10  // the words beside the wall
	PageX       = 2   // the left margin of the pages and overlays
	gapMax      = 3   // lines between the bands, at most (a tall terminal)
	historyKeep = 6   // lines the score history keeps beyond HistoryMin before the bands space out
	textH       = 3   // lines of a panel, the wall, the words beside the wall, a stack and the indicator
)

// A terminal this wide and this tall draws the table in big tiles
// (theme.BigTile): there is room for their rack (15 tiles of 7
// columns) with the log beside it, and for their bands with the score
// history under the rack; below it, the tiles stay small.
const (
	BigW = 144
	BigH = 44
)

// TileFor is the size of the table's tiles on a w×h terminal: big
// where the whole table of big tiles fits with the log beside it,
// small otherwise. Both tables and their mouse read it (through
// Screen.Tile and Table101.Tile), so a click lands on the tile drawn.
func TileFor(w, h int) theme.TileSize {
	if w >= BigW && h >= BigH {
		return theme.BigTile
	}
	return theme.SmallTile
}

// parts are the widths and heights of the parts that grow with the
// tiles.
type parts struct {
	band, stack, center, rackW, rackH, table int
}

func partsFor(t theme.TileSize) parts {
	return parts{
		band:   t.H,
		stack:  t.W + 1 + stackWords,
		center: wallW + 1 + wordsW + 1 + t.W + 1 + indWords,
		rackW:  RackW(t),
		rackH:  RackH(t),
		table:  tableW + RackW(t) - RackW(theme.SmallTile), // as much wider as its rack
	}
}

// RackW is the width of the rack in its frame with tiles of size t.
func RackW(t theme.TileSize) int { return rack.Cols*t.W + 2 }

// RackH is the rack's height in its frame with tiles of size t.
func RackH(t theme.TileSize) int { return 2*t.H + 2 }

// Rect is a part of the screen.
type Rect struct{ X, Y, W, H int }

// Contains reports whether the cell (x, y) is inside r.
func (r Rect) Contains(x, y int) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Screen places every part of every screen for a terminal of W×H.
// Rendering and mouse hits both read it, so a click lands where the
// thing is drawn.
type Screen struct {
	W, H int
	// TooSmall is set below MinWidth×MinHeight: only a notice is shown.
	TooSmall bool
	// Tile is the size the table's tiles are drawn in (TileFor); BandH
	// the height of each band, a tile's.
	Tile  theme.TileSize
	BandH int

	Header Rect
	// Table is the area of the three bands and the rack.
	Table Rect
	// Bands: top (top bot, the two upper stacks), middle (side bots,
	// wall and indicator), bottom (the two lower stacks, the player).
	Top, Mid, Bottom Rect
	// Corners: the discard stacks by screen position.
	TopLeft, TopRight, BottomLeft, BottomRight Rect
	// Panels of the seats by screen position: right, top, left; You is
	// the player's line in the bottom band.
	PanelRight, PanelTop, PanelLeft, You Rect
	// Center holds the wall's box (Wall), the words beside it
	// (WallWords), the indicator's tile (Indicator) and its words
	// (IndicatorWords).
	Center, Wall, WallWords, Indicator, IndicatorWords Rect
	// Rack is the framed rack; Slots is its first slot's corner.
	Rack      Rect
	SlotsX    int
	SlotsY    int
	Log       Rect
	LogBeside bool
	// Status is the first line of the table's status, which takes up
	// to StatusMax lines: upwards from the line above the help (into
	// the free lines above it, and lines of the log below the table,
	// which keeps one at least), or, on a tall terminal (StatusDown),
	// downwards from just under the rack.
	Status     Rect
	StatusMax  int
	StatusDown bool
	// History is the score history under the status on a tall terminal
	// (H 0: none).
	History Rect
	// Flash is the pages' message line, above Help, the bottom line of
	// every screen.
	Flash Rect
	Help  Rect
	// Page is where the pages between hands (and the overlays over the
	// table) write their lines.
	Page Rect
}

// Slot is the rectangle of rack slot i.
func (l Screen) Slot(i int) Rect {
	r, c := SlotLine(i, PerLine(l.Rack.W, l.Tile.W))
	return Rect{l.SlotsX + c*l.Tile.W, l.SlotsY + r*l.Tile.H, l.Tile.W, l.Tile.H}
}

// SlotAt is the rack slot under the cell (x, y), or -1.
func (l Screen) SlotAt(x, y int) int {
	for i := range rack.NumSlots {
		if l.Slot(i).Contains(x, y) {
			return i
		}
	}
	return -1
}

// corner is the screen rectangle of seat's discard stack: each stack lies
// on its owner's right.
func (l Screen) Corner(seat int) Rect {
	switch seat {
	case 0:
		return l.BottomRight
	case 1:
		return l.TopRight
	case 2:
		return l.TopLeft
	}
	return l.BottomLeft
}

// StackWordsW is the width of the words beside a stack's top tile in
// r.
func (l Screen) StackWordsW(r Rect) int { return r.W - l.Tile.W - 1 }

// NewScreen places the screens for a W×H terminal.
func NewScreen(w, h int) Screen {
	l := Screen{W: w, H: h, Tile: TileFor(w, h)}
	z := partsFor(l.Tile)
	l.BandH = z.band
	BandH, stackW, centerW, rackW, rackH, tableW := z.band, z.stack, z.center, z.rackW, z.rackH, z.table
	if IsPortrait(w, h) {
		return newPortrait(l)
	}
	if w < MinWidth || h < MinHeight {
		l.TooSmall = true
		return l
	}
	l.Header = Rect{0, 0, w, 1}
	l.Status = Rect{0, h - 2, w, 1}
	l.Flash = l.Status
	l.Help = Rect{0, h - 1, w, 1}
	l.Page = Rect{PageX, 1, w - PageX, h - 3}

	// The log goes beside the table when there is room for it.
	l.LogBeside = w >= MinWidth+logSide+2
	tw := min(w, tableW)
	tx := (w - tw) / 2
	lw := 0
	if l.LogBeside {
		tw = min(w-logSide-2, tableW)
		lw = min(logW, w-tw-2)
		tx = max(0, (w-tw-2-lw)/2)
	}
	// Spare lines go first between the bands, then to the log, then
	// above and below the table.
	fixed := 1 + 3*BandH + rackH + 2 // header, bands, rack, status, help
	spare := h - fixed
	logH := 0
	if !l.LogBeside {
		logH = logMin
		spare -= logH
	}
	gap := 0
	if spare >= 3 {
		gap = 1
		spare -= 3
	}
	// A tall terminal with the log beside: the table goes up, the status
	// under the rack, the score history under it, the log down the side.
	tall := l.LogBeside && spare >= statusMax+1+HistoryMin
	if tall {
		// A terminal much taller than that spaces the bands and the rack
		// out (up to gapMax lines apart) rather than leave the room
		// empty under a score history that has only a few hands in it.
		if extra := spare - (statusMax + 1 + HistoryMin + historyKeep); extra >= 3 {
			gap = min(gapMax, gap+extra/3)
		}
		spare = 1 // a blank line under the header
	}
	if !l.LogBeside {
		more := min(spare, logMore)
		logH += more
		spare -= more
	}
	y := 1 + (spare+1)/2
	tableY := y
	l.Top = Rect{tx, y, tw, BandH}
	y += BandH + gap
	l.Mid = Rect{tx, y, tw, BandH}
	y += BandH + gap
	l.Bottom = Rect{tx, y, tw, BandH}
	y += BandH + gap

	l.TopLeft = Rect{tx, l.Top.Y, stackW, BandH}
	l.TopRight = Rect{tx + tw - stackW, l.Top.Y, stackW, BandH}
	l.BottomLeft = Rect{tx, l.Bottom.Y, stackW, BandH}
	l.BottomRight = Rect{tx + tw - stackW, l.Bottom.Y, stackW, BandH}
	// The panels, the wall and the words are three lines, in the
	// middle of a band of big tiles.
	off := (BandH - textH) / 2
	l.PanelTop = Rect{tx + (tw-panelW)/2, l.Top.Y + off, panelW, textH}
	l.PanelLeft = Rect{tx, l.Mid.Y + off, panelW, textH}
	l.PanelRight = Rect{tx + tw - panelW, l.Mid.Y + off, panelW, textH}
	l.Center = Rect{tx + (tw-centerW)/2, l.Mid.Y, centerW, BandH}
	l.Wall = Rect{l.Center.X, l.Mid.Y + off, wallW, textH}
	l.WallWords = Rect{l.Wall.X + wallW + 1, l.Mid.Y + off, wordsW, textH}
	l.Indicator = Rect{l.WallWords.X + wordsW + 1, l.Mid.Y, l.Tile.W, BandH}
	ix := l.Indicator.X + l.Tile.W + 1
	l.IndicatorWords = Rect{ix, l.Mid.Y + off, l.Center.X + l.Center.W - ix, textH}
	youW := tw - 2*stackW - 2
	l.You = Rect{tx + stackW + 1, l.Bottom.Y + off, youW, textH}

	l.Rack = Rect{tx + (tw-rackW)/2, y, rackW, rackH}
	l.SlotsX = l.Rack.X + 1
	l.SlotsY = l.Rack.Y + 1
	y += rackH
	l.Table = Rect{tx, tableY, tw, y - tableY}
	free := l.Status.Y - y // lines between the rack and the status
	if tall {
		l.Status = Rect{tx, y + 1, tw, 1}
		l.StatusMax, l.StatusDown = statusMax, true
		hy := l.Status.Y + statusMax + 1
		l.History = Rect{tx, hy, tw, h - 2 - hy}
		l.Log = Rect{tx + tw + 2, tableY, lw, h - 2 - tableY}
		return l
	}
	if l.LogBeside {
		l.Log = Rect{tx + tw + 2, tableY, lw, y - tableY}
	} else {
		l.Log = Rect{0, y, w, logH}
		free = max(0, free-1) // the log keeps a line
	}
	l.StatusMax = min(statusMax, 1+free)
	return l
}
