package layout

import (
	"okey/ui/rack"
	"okey/ui/theme"
)

// Sizes of the 101 table's parts.
const (
	seatH101    = 3  // a bot's panel: name, tiles and points, opening and stack
	seatTall101 = 4  // on a tall terminal: the stack on a line of its own
	tallH101    = 30 // a terminal this tall or taller is tall
	logMin101   = 1  // lines of the log below the table, at the least
	logBeside   = 116
	tableMin101 = 2 // lines of melds, at the least
)

// A terminal this wide and this tall draws the melds on the 101 table
// as tiles (small ones; big ones too from BigW×BigH) and the indicator
// as a tile: there is room beside the log for a few melds a line and
// for a line of tiles a seat; below it the melds are a line of text
// each seat.
const (
	MeldTilesW = 120
	MeldTilesH = 40
)

// MeldTilesFor are the sizes the melds on the 101 table may be drawn
// in on a w×h terminal, the biggest first (the table takes the biggest
// in which they all fit whole, else writes them as text): none below
// MeldTilesW×MeldTilesH.
func MeldTilesFor(w, h int) []theme.TileSize {
	switch {
	case w >= BigW && h >= BigH:
		return []theme.TileSize{theme.BigTile, theme.SmallTile}
	case w >= MeldTilesW && h >= MeldTilesH:
		return []theme.TileSize{theme.SmallTile}
	}
	return nil
}

// Table101 places the parts of the 101 table for a W×H terminal (which
// is at least MinWidth×MinHeight). Rendering and mouse hits both read it.
//
//	header
//	the bots: left, top, right (name, tiles and points, opening, stack)
//	the centre: indicator, okey, wall, the player's stack (a band
//	  with the indicator a tile on a wide, tall terminal)
//	the melds on the table, grouped by who laid them     │ the log, beside
//	the log (below the melds on a narrow terminal)       │ on a wide one
//	the work line: the group being made, the groups made, a taken tile owed
//	the rack (its title: the player's tiles, points, opening)
//	the status (what just happened, or what to do now)
//	the keys
type Table101 struct {
	W, H int
	// Tile is the size of the rack's tiles (TileFor).
	Tile theme.TileSize
	// MeldTiles are the sizes the melds may be drawn in, the biggest
	// first (MeldTilesFor; none: as text); with them the centre is a
	// band as tall as the biggest, the indicator a tile in it.
	MeldTiles []theme.TileSize
	// Table is the width the table's parts take (the log is beside it
	// on a wide terminal).
	Header Rect
	// Seats are the bots' panels by seat (1 right, 2 top, 3 left).
	Seats  [4]Rect
	SeatH  int
	Center Rect
	// Flex is the area of the melds and (when not beside) the log; Split
	// shares it out.
	Flex      Rect
	Log       Rect // beside the table; H 0 when below it (see Split)
	LogBeside bool
	Work      Rect
	Rack      Rect
	SlotsX    int
	SlotsY    int
	Status    Rect // the first of StatusH lines
	StatusH   int
	// Grown: the status took lines from the flexible area (GrowStatus);
	// the log below the melds then yields even its last line to them.
	Grown bool
	Help  Rect
}

// layout101 lays out the 101 table for a w×h terminal.
func NewTable101(w, h int) Table101 {
	l := Table101{W: w, H: h, Tile: TileFor(w, h)}
	rackW, rackH := RackW(l.Tile), RackH(l.Tile)
	if IsPortrait(w, h) {
		rackW, rackH = portraitRack(l.Tile.W, l.Tile.H)
	}
	l.Header = Rect{0, 0, w, 1}
	l.Help = Rect{0, h - 1, w, 1}
	l.StatusH = 2
	if h >= tallH101 {
		l.StatusH = 3
	}
	l.Status = Rect{0, h - 1 - l.StatusH, w, 1}
	tw := w
	l.LogBeside = w >= logBeside
	if l.LogBeside {
		lw := min(logW, max(logSide, w-2-110))
		tw = w - lw - 2
		l.Log = Rect{tw + 2, 1, lw, l.Status.Y - 1}
	}
	l.SeatH = seatH101
	if h >= tallH101 {
		l.SeatH = seatTall101
	}
	cw := (tw - 2) / 3
	l.Seats[3] = Rect{0, 1, cw, l.SeatH}
	l.Seats[2] = Rect{cw + 1, 1, cw, l.SeatH}
	l.Seats[1] = Rect{tw - cw, 1, cw, l.SeatH}
	l.Center = Rect{0, 1 + l.SeatH, tw, 1}
	if IsPortrait(w, h) {
		// Standing up: the top player over the two others, and the
		// centre's words in three lines (in Turkish, the draw and the
		// last discard do not share a line of 42).
		half := (w - 1) / 2
		l.Seats[2] = Rect{(w - half) / 2, 1, half, l.SeatH}
		l.Seats[3] = Rect{0, 1 + l.SeatH, half, l.SeatH}
		l.Seats[1] = Rect{w - half, 1 + l.SeatH, half, l.SeatH}
		l.Center = Rect{0, 1 + 2*l.SeatH, w, 3}
	}
	if l.MeldTiles = MeldTilesFor(w, h); len(l.MeldTiles) > 0 {
		l.Center.H = l.MeldTiles[0].H
	}
	rackY := l.Status.Y - rackH
	l.Rack = Rect{max(0, (tw-rackW)/2), rackY, rackW, rackH}
	l.SlotsX, l.SlotsY = l.Rack.X+1, l.Rack.Y+1
	l.Work = Rect{0, rackY - 1, tw, 1}
	if IsPortrait(w, h) {
		l.Work = Rect{0, rackY - 2, tw, 2} // standing up, in two lines
	}
	top := l.Center.Y + l.Center.H
	l.Flex = Rect{0, top, tw, max(0, l.Work.Y-top)}
	return l
}

// GrowStatus is the layout with the status n lines tall where it needs
// more than StatusH (a finish shown before it is confirmed, a hint):
// the lines are taken from the flexible area (the log below the table
// first, then the melds; the log beside the table shortened alike), the
// work line and the rack moving up, as many as the area has.
func (l Table101) GrowStatus(n int) Table101 {
	k := min(n-l.StatusH, l.Flex.H)
	if k <= 0 {
		return l
	}
	l.StatusH += k
	l.Grown = true
	l.Status.Y -= k
	l.Rack.Y -= k
	l.SlotsY -= k
	l.Work.Y -= k
	l.Flex.H -= k
	if l.LogBeside {
		l.Log.H = max(0, l.Log.H-k)
	}
	return l
}

// Split shares the flexible area out between the melds, which need
// need lines, and the log below them (none when the log is beside):
// the log keeps logMin101 lines (none while the status is grown: what
// it shows is read first, and the melds it names must stay in sight),
// the melds take what they need of the rest, and the log the lines
// left.
func (l Table101) Split(need int) (table, log Rect) {
	f := l.Flex
	if l.LogBeside {
		return f, l.Log
	}
	logMin := logMin101
	if l.Grown {
		logMin = 0
	}
	th := min(max(need, tableMin101), max(0, f.H-logMin))
	table = Rect{f.X, f.Y, f.W, th}
	log = Rect{f.X, f.Y + th, f.W, f.H - th}
	return table, log
}

// Slot is the rectangle of rack slot i.
func (l Table101) Slot(i int) Rect {
	r, c := SlotLine(i, PerLine(l.Rack.W, l.Tile.W))
	return Rect{l.SlotsX + c*l.Tile.W, l.SlotsY + r*l.Tile.H, l.Tile.W, l.Tile.H}
}

// SlotAt is the rack slot under the cell (x, y), or -1.
func (l Table101) SlotAt(x, y int) int {
	for i := range rack.NumSlots {
		if l.Slot(i).Contains(x, y) {
			return i
		}
	}
	return -1
}
