package playclassic

import (
	"strconv"
	"strings"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/table"
	"okey/ui/theme"
)

// The table drawn: the stacks, the bots' panels, the player's line, the
// wall and the indicator, the rack, the log. The app places them (the
// layout, the overlays, the status and the keys are its own).

func (t *Table) paint(id table.Style, s string) string { return t.look.Paint(id, s) }

// FaceOf is how a tile is drawn: a false joker shows the face it plays
// as, with its label.
func (t *Table) FaceOf(x tile.Tile) (tile.Tile, theme.Label) {
	v := &t.View
	switch {
	case v.Okey == tile.NoTile:
		return x, theme.LabelNone
	case x == tile.FalseJoker:
		return v.Okey, theme.LabelFalse
	case x == v.Okey:
		return x, theme.LabelOkey
	}
	return x, theme.LabelNone
}

// TileBox is tile x drawn small in frame f (an empty place, dimmed, for
// none).
func (t *Table) TileBox(x tile.Tile, f theme.Frame) [3]string {
	r := t.TileBoxIn(theme.SmallTile, x, f)
	return [3]string{r[0], r[1], r[2]}
}

// TileBoxIn is TileBox in tiles of size sz.
func (t *Table) TileBoxIn(sz theme.TileSize, x tile.Tile, f theme.Frame) []string {
	st := t.look.St
	if x == tile.NoTile {
		return st.TileIn(sz, tile.NoTile, theme.FrameDim, theme.LabelNone, 0)
	}
	face, lbl := t.FaceOf(x)
	return st.TileIn(sz, face, f, lbl, 0)
}

// RenderStack draws seat's discard stack at its corner of l: the top
// tile and two words.
func (t *Table) RenderStack(c *canvas.Canvas, l layout.Screen, seat int) {
	v := &t.View
	w := t.look.Words
	r := l.Corner(seat)
	if !v.Active[seat] && v.DiscardCounts[seat] == 0 {
		return
	}
	top := v.Top(seat)
	fr := theme.FramePlain
	if seat != v.Previous && seat != 0 {
		fr = theme.FrameDim
	}
	box := t.TileBoxIn(l.Tile, top, fr)
	lw := l.StackWordsW(r)
	var words [3]string
	if seat == 0 && !w.Watching {
		words[0] = w.Tr.T("stack.yours")
	} else {
		// A heading, "Zeynep'in attıkları"; where the corner is too
		// narrow for it, the name alone heads the stack beside it (a cut
		// "Zeynep'in …" said less).
		words[0] = w.Tr.T("stack.of", w.NameIn(seat, i18n.Genitive))
		if canvas.Width(words[0]) > lw {
			words[0] = w.SeatName(seat)
		}
	}
	words[1] = w.Tr.T("stack.count", v.DiscardCounts[seat])
	if seat == v.Previous && v.MyTurn() && v.Stage == classic.MustDraw && top != tile.NoTile {
		words[2] = t.paint(table.Key, canvas.Cut(w.Tr.T(t.look.Tap("stack.take")), lw))
	} else if t.look.Touch && t.StackLooks(seat, w.Watching) {
		// Standing up, a tap on a stack that plays no move looks
		// through the stacks (Click): no b on a phone.
		words[2] = t.paint(table.Dim, canvas.Cut(w.Tr.T("stack.browse.tap"), lw))
	} else if (seat == v.Previous || seat == 0) && !t.look.Touch {
		words[2] = t.paint(table.Dim, canvas.Cut(w.Tr.T("stack.browse"), lw))
	}
	left := r == l.TopLeft || r == l.BottomLeft
	off := (l.BandH - len(words)) / 2 // the words beside a big tile's middle
	for i := range l.BandH {
		var txt string
		switch j := i - off; {
		case j == 0:
			txt = t.paint(table.Text, canvas.Cut(words[0], lw))
		case j == 1:
			txt = t.paint(table.Dim, canvas.Cut(words[1], lw))
		case j == 2:
			txt = words[2]
		}
		if left {
			c.Put(r.X, r.Y+i, box[i]+" "+txt)
		} else {
			c.Put(r.X, r.Y+i, canvas.Right(txt, lw)+" "+box[i])
		}
	}
}

// RenderPanel draws a bot's name, level, score and tile count in r.
func (t *Table) RenderPanel(c *canvas.Canvas, seat int, r layout.Rect, a table.Align, f table.Frame) {
	v := &t.View
	w := t.look.Words
	name := w.SeatName(seat)
	if seat == v.Dealer {
		name += " " + w.Tr.T("panel.dealer")
	}
	l1 := name
	turn := v.Phase == game.Playing && v.Turn == seat
	if turn {
		l1 = "> " + name + " <"
	}
	l2 := f.Level[seat] + " · " + t.ScoreText(seat)
	l3 := w.Tr.T("panel.tiles", v.TileCounts[seat])
	switch {
	case !v.Active[seat]:
		l3 = w.Tr.T("panel.left")
	case f.Asking == seat:
		l3 += " · " + w.Tr.T("panel.thinking")
	case v.Shown[seat]:
		// The panel's short word: "showed the indicator" does not fit
		// its 21 columns. With a turn clock it still may not: the clock
		// stays (the log and the scores say who showed).
		if shown := l3 + " · " + w.Tr.T("panel.shown.bot"); canvas.Width(shown+f.Clock[seat]) <= r.W {
			l3 = shown
		}
	}
	l3 += f.Clock[seat]
	for i, s := range []string{l1, l2, l3} {
		st := table.Text
		switch {
		case i == 0 && turn:
			st = table.Turn
		case i == 0:
			st = table.Bold
		case i == 2:
			st = table.Dim
		}
		t.putAligned(c, r, r.Y+i, a, st, s)
	}
}

// putAligned writes s in style st on line y of r, cut to r's width and
// aligned in it.
func (t *Table) putAligned(c *canvas.Canvas, r layout.Rect, y int, a table.Align, st table.Style, s string) {
	table.PutAligned(c, r, y, a, s, func(s string) string { return t.paint(st, s) })
}

// ScoreCell is ScoreText with the number right-aligned in three
// columns, for the tables of the pages (both languages write the number
// first).
func (t *Table) ScoreCell(seat int) string {
	s := t.ScoreText(seat)
	if !t.View.Rules.Scoring() {
		return s
	}
	return strings.Repeat(" ", max(0, 3-len(strconv.Itoa(t.View.Scores[seat])))) + s
}

// ScoreText is a seat's score for a panel, or that the match keeps none.
func (t *Table) ScoreText(seat int) string {
	v := &t.View
	w := t.look.Words
	if !v.Rules.Scoring() {
		return w.Tr.T("panel.noscore")
	}
	return w.PointsText(v.Scores[seat])
}

// RenderYou draws the player's line in r, between the lower stacks.
func (t *Table) RenderYou(c *canvas.Canvas, r layout.Rect, f table.Frame) {
	v := &t.View
	w := t.look.Words
	name := w.SeatName(0)
	if v.Dealer == 0 {
		name += " " + w.Tr.T("panel.dealer")
	}
	turn := v.MyTurn()
	l1 := name
	if turn {
		l1 = "> " + name + " <"
	}
	st := table.Bold
	if turn {
		st = table.Turn
	}
	if v.Shown[0] {
		t.putAligned(c, r, r.Y, table.Centre, table.Dim, w.Tr.T("panel.shown"))
	}
	t.putAligned(c, r, r.Y+1, table.Centre, st, l1)
	t.putAligned(c, r, r.Y+2, table.Centre, table.Text, t.ScoreText(0)+" · "+w.Tr.T("panel.tiles", v.TileCounts[0])+f.Clock[0])
}

// RenderCenter draws the wall and the indicator where l places them.
func (t *Table) RenderCenter(c *canvas.Canvas, l layout.Screen) {
	v := &t.View
	tr := t.tr()
	sheet := t.look.St
	toDraw := v.MyTurn() && v.Stage == classic.MustDraw
	box := sheet.Box
	if toDraw {
		box = sheet.BoxActive
	}
	ww := l.Wall.W
	left, right := box.Sides()
	c.Put(l.Wall.X, l.Wall.Y, box.TopLine(ww, ""))
	c.Put(l.Wall.X, l.Wall.Y+1, left+t.paint(table.Bold, canvas.Center(strconv.Itoa(v.WallLeft), ww-2))+right)
	c.Put(l.Wall.X, l.Wall.Y+2, box.BottomLine(ww))

	w := l.WallWords
	c.Put(w.X, w.Y, t.paint(table.Text, canvas.Cut(tr.T("center.wall"), w.W)))
	if toDraw {
		if v.WallLeft > 0 {
			c.Put(w.X, w.Y+1, t.paint(table.Key, canvas.Cut(tr.T(t.look.Tap("center.draw")), w.W)))
		} else {
			c.Put(w.X, w.Y+1, t.paint(table.Warn, canvas.Cut(tr.T(t.look.Tap("center.end")), w.W)))
			c.Put(w.X, w.Y+2, t.paint(table.Warn, canvas.Cut(tr.T("center.end2"), w.W)))
		}
	}

	ind, iw := l.Indicator, l.IndicatorWords
	if v.Indicator == tile.NoTile {
		c.Put(ind.X, ind.Y+l.BandH/2, sheet.Dim.Render(canvas.Cut(tr.T("center.noindicator"), iw.X+iw.W-ind.X)))
		return
	}
	c.Put(ind.X, ind.Y, sheet.TileIn(l.Tile, v.Indicator, theme.FramePlain, theme.LabelNone, 0)...)
	okey, joker := tr.T("center.okey", tr.Face(v.Okey)), t.paint(table.Dim, canvas.Cut(tr.T("center.false", tr.Face(v.Okey)), iw.W))
	if canvas.Width(okey) > iw.W {
		// The okey in words ("okey: kırmızı 13") takes two lines; the
		// false joker's reminder gives way (the help says it).
		okey, joker = tr.T("center.okey", ""), t.paint(table.Okey, canvas.Cut(tr.Face(v.Okey), iw.W))
	}
	c.Put(iw.X, iw.Y,
		t.paint(table.Text, canvas.Cut(tr.T("center.indicator"), iw.W)),
		t.paint(table.Okey, canvas.Cut(strings.TrimSpace(okey), iw.W)),
		joker,
	)
}

// RenderRack draws the rack in its frame r in tiles of size sz, the
// cursor and the tile picked up marked by their frames.
func (t *Table) RenderRack(c *canvas.Canvas, r layout.Rect, sz theme.TileSize) {
	w := t.look.Words
	sheet := t.look.St
	title := " " + w.Tr.T(t.look.Tap("rack.title")) + " "
	if w.Watching {
		title = " " + w.Tr.T("rack.watching") + " "
	}
	if t.Held >= 0 {
		title = " " + w.Tr.T(t.look.Tap("rack.holding"), t.TileName(t.Rack.Slots[t.Held])) + " "
	}
	table.DrawRack(c, r, sheet.Panel, title, "", sz, func(i int) []string {
		f := theme.FramePlain
		switch {
		case i == t.Held:
			f = theme.FrameHeld
		case i == t.Cursor && !w.Watching: // a spectator has no rack to move on
			f = theme.FrameCursor
		}
		x := t.Rack.Slots[i]
		if x == tile.NoTile {
			return sheet.EmptySlotIn(sz, f)
		}
		face, lbl := t.FaceOf(x)
		return sheet.TileIn(sz, face, f, lbl, 0)
	})
}

// RenderLog draws the latest moves in r, the newest last (beside the
// table long entries wrap, below it they are cut).
func (t *Table) RenderLog(c *canvas.Canvas, r layout.Rect, beside bool) {
	w := t.look.Words
	table.DrawLog(c, r, beside, w.Tr.T("log.title"), len(t.Log), func(i int) []string {
		return table.EntryLines(LogText(w, t.Log[i]), r.W, beside)
	}, t.paint)
}

// RenderTotals draws the players' scores, best first, at the top of r,
// the log's place beside the table, where they fit with the log under
// them (a wide terminal shows the standings at a glance); it
// returns what is left of r to the log. A match without scores shows
// none.
func (t *Table) RenderTotals(c *canvas.Canvas, r layout.Rect) layout.Rect {
	v := &t.View
	if !v.Rules.Scoring() {
		return r
	}
	w := t.look.Words
	seats := make([]table.Total, classic.NumSeats)
	for s := range seats {
		seats[s] = table.Total{Name: w.SeatName(s), Text: t.ScoreText(s), Score: v.Scores[s]}
	}
	return table.DrawTotals(c, r, w.Tr.T("totals.title"), seats, false, t.paint)
}

// Render draws the table laid out as l in c: the stacks, the bots'
// panels, the player's line, the wall and the indicator, the rack (the
// log, the status and the keys are placed by the app).
func (t *Table) Render(c *canvas.Canvas, l layout.Screen, f table.Frame) {
	for s := range classic.NumSeats {
		t.RenderStack(c, l, s)
	}
	t.RenderPanel(c, 1, l.PanelRight, table.Right, f)
	t.RenderPanel(c, 2, l.PanelTop, table.Centre, f)
	t.RenderPanel(c, 3, l.PanelLeft, table.Left, f)
	t.RenderYou(c, l.You, f)
	t.RenderCenter(c, l)
	t.RenderRack(c, l.Rack, l.Tile)
}
