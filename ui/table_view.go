package ui

import (
	"okey/ui/table"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"okey/game"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/i18n"
	"okey/ui/layout"
	"okey/ui/rack"
	"okey/ui/theme"
)

// renderTable is the table screen: the stacks, the bots' panels, the
// wall and indicator, the player's line, the rack and the log, or an
// overlay over them; the status line and the keys below.
func (m *Model) renderTable() string {
	l := m.lay
	c := canvas.New(l.W, l.H)
	c.Put(0, 0, m.header(true))
	if m.overlay != ovNone {
		m.renderOverlay(c)
	} else {
		for s := range game.NumSeats {
			m.renderStack(c, s)
		}
		m.renderPanel(c, 1, l.PanelRight, table.Right)
		m.renderPanel(c, 2, l.PanelTop, table.Centre)
		m.renderPanel(c, 3, l.PanelLeft, table.Left)
		m.renderYou(c)
		m.renderCenter(c)
		m.renderRack(c)
	}
	status := m.statusLines()
	top := l.Status.Y - len(status) + 1
	if l.StatusDown {
		top = l.Status.Y
	}
	if m.overlay == ovNone {
		log := l.Log
		if !l.StatusDown && log.Y+log.H > top {
			log.H = top - log.Y // the log gives way to a long status
		}
		m.renderLog(c, log)
		m.renderHistory(c)
	} else {
		top = l.Flash.Y // under an overlay, one line at the bottom
		status = status[:1]
	}
	x := l.Status.X
	if m.overlay != ovNone {
		x = l.Flash.X
	}
	c.Put(x, top, status...)
	c.Put(l.Help.X, l.Help.Y, m.helpBar())
	return c.String()
}

// faceOf is how a tile is drawn: a false joker shows the face it plays
// as, with its label.
func (m *Model) faceOf(t tile.Tile) (tile.Tile, theme.Label) {
	v := &m.c.View
	switch {
	case v.Okey == tile.NoTile:
		return t, theme.LabelNone
	case t == tile.FalseJoker:
		return v.Okey, theme.LabelFalse
	case t == v.Okey:
		return t, theme.LabelOkey
	}
	return t, theme.LabelNone
}

func (m *Model) tileBox(t tile.Tile, f theme.Frame) [3]string {
	if t == tile.NoTile {
		return m.st.Tile(tile.NoTile, theme.FrameDim, theme.LabelNone)
	}
	face, lbl := m.faceOf(t)
	return m.st.Tile(face, f, lbl)
}

// renderStack draws seat's discard stack at its corner: the top tile and
// two words.
func (m *Model) renderStack(c *canvas.Canvas, seat int) {
	v := &m.c.View
	r := m.lay.Corner(seat)
	if !v.Active[seat] && v.DiscardCounts[seat] == 0 {
		return
	}
	top := v.Top(seat)
	fr := theme.FramePlain
	if seat != v.Previous && seat != 0 {
		fr = theme.FrameDim
	}
	box := m.tileBox(top, fr)
	lw := layout.StackWordsW(r)
	var words [3]string
	if seat == 0 && !m.Watching() {
		words[0] = m.tr.T("stack.yours")
	} else {
		words[0] = m.tr.T("stack.of", m.seatName(seat))
	}
	words[1] = m.tr.T("stack.count", v.DiscardCounts[seat])
	if seat == v.Previous && v.MyTurn() && v.Stage == game.MustDraw && top != tile.NoTile {
		words[2] = m.paint(table.Key, canvas.Cut(m.tr.T("stack.take"), lw))
	} else if seat == v.Previous || seat == 0 {
		words[2] = m.paint(table.Dim, canvas.Cut(m.tr.T("stack.browse"), lw))
	}
	left := r == m.lay.TopLeft || r == m.lay.BottomLeft
	for i := range layout.BandH {
		txt := words[i]
		if i < 2 {
			st := table.Text
			if i == 1 {
				st = table.Dim
			}
			txt = m.paint(st, canvas.Cut(txt, lw))
		}
		if left {
			c.Put(r.X, r.Y+i, box[i]+" "+txt)
		} else {
			c.Put(r.X, r.Y+i, canvas.Right(txt, lw)+" "+box[i])
		}
	}
}

// renderPanel draws a bot's name, level, score and tile count.
func (m *Model) renderPanel(c *canvas.Canvas, seat int, r layout.Rect, a table.Align) {
	v := &m.c.View
	name := m.seatName(seat)
	if seat == v.Dealer {
		name += " " + m.tr.T("panel.dealer")
	}
	l1 := name
	turn := v.Phase == game.Playing && v.Turn == seat
	if turn {
		l1 = "> " + name + " <"
	}
	l2 := m.levelText(seat) + " · " + m.scoreText(seat)
	l3 := m.tr.T("panel.tiles", v.TileCounts[seat])
	switch {
	case !v.Active[seat]:
		l3 = m.tr.T("panel.left")
	case m.asking == seat:
		l3 += " · " + m.tr.T("panel.thinking")
	case v.Shown[seat]:
		l3 += " · " + m.tr.T("panel.shown")
	}
	l3 += m.seatClock(seat)
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
		m.putAligned(c, r, r.Y+i, a, st, s)
	}
}

// putAligned writes s in style st on line y of r, cut to r's width and
// aligned in it.
func (m *Model) putAligned(c *canvas.Canvas, r layout.Rect, y int, a table.Align, st table.Style, s string) {
	table.PutAligned(c, r, y, a, s, func(s string) string { return m.paint(st, s) })
}

// scoreCell is scoreText with the number right-aligned in three columns,
// for the tables of the pages (both languages write the number first).
func (m *Model) scoreCell(seat int) string {
	s := m.scoreText(seat)
	if !m.c.View.Rules.Scoring() {
		return s
	}
	return strings.Repeat(" ", max(0, 3-len(strconv.Itoa(m.c.View.Scores[seat])))) + s
}

func (m *Model) scoreText(seat int) string {
	v := &m.c.View
	if !v.Rules.Scoring() {
		return m.tr.T("panel.noscore")
	}
	return m.pointsText(v.Scores[seat])
}

// renderYou draws the player's line between the lower stacks.
func (m *Model) renderYou(c *canvas.Canvas) {
	v := &m.c.View
	r := m.lay.You
	name := m.seatName(0)
	if v.Dealer == 0 {
		name += " " + m.tr.T("panel.dealer")
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
		m.putAligned(c, r, r.Y, table.Centre, table.Dim, m.tr.T("panel.shown"))
	}
	m.putAligned(c, r, r.Y+1, table.Centre, st, l1)
	m.putAligned(c, r, r.Y+2, table.Centre, table.Text, m.scoreText(0)+" · "+m.tr.T("panel.tiles", v.TileCounts[0])+m.seatClock(0))
}

// renderCenter draws the wall and the indicator.
func (m *Model) renderCenter(c *canvas.Canvas) {
	v := &m.c.View
	l := m.lay
	toDraw := v.MyTurn() && v.Stage == game.MustDraw
	box := m.st.Box
	if toDraw {
		box = m.st.BoxActive
	}
	ww := l.Wall.W
	left, right := box.Sides()
	c.Put(l.Wall.X, l.Wall.Y, box.TopLine(ww, ""))
	c.Put(l.Wall.X, l.Wall.Y+1, left+m.paint(table.Bold, canvas.Center(strconv.Itoa(v.WallLeft), ww-2))+right)
	c.Put(l.Wall.X, l.Wall.Y+2, box.BottomLine(ww))

	w := l.WallWords
	c.Put(w.X, w.Y, m.paint(table.Text, canvas.Cut(m.tr.T("center.wall"), w.W)))
	if toDraw {
		if v.WallLeft > 0 {
			c.Put(w.X, w.Y+1, m.paint(table.Key, canvas.Cut(m.tr.T("center.draw"), w.W)))
		} else {
			c.Put(w.X, w.Y+1, m.paint(table.Warn, canvas.Cut(m.tr.T("center.end"), w.W)))
			c.Put(w.X, w.Y+2, m.paint(table.Warn, canvas.Cut(m.tr.T("center.end2"), w.W)))
		}
	}

	ind, iw := l.Indicator, l.IndicatorWords
	if v.Indicator == tile.NoTile {
		c.Put(ind.X, ind.Y+1, m.st.Dim.Render(canvas.Cut(m.tr.T("center.noindicator"), iw.X+iw.W-ind.X)))
		return
	}
	face := m.st.Tile(v.Indicator, theme.FramePlain, theme.LabelNone)
	c.Put(ind.X, ind.Y, face[:]...)
	okey, joker := m.tr.T("center.okey", m.faceText(v.Okey)), m.paint(table.Dim, canvas.Cut(m.tr.T("center.false", m.faceText(v.Okey)), iw.W))
	if canvas.Width(okey) > iw.W {
		// The okey in words ("okey: kırmızı 13") takes two lines; the
		// false joker's reminder gives way (the help says it).
		okey, joker = m.tr.T("center.okey", ""), m.paint(table.Okey, canvas.Cut(m.faceText(v.Okey), iw.W))
	}
	c.Put(iw.X, iw.Y,
		m.paint(table.Text, canvas.Cut(m.tr.T("center.indicator"), iw.W)),
		m.paint(table.Okey, canvas.Cut(strings.TrimSpace(okey), iw.W)),
		joker,
	)
}

// renderRack draws the rack in its frame, the cursor and the tile
// picked up marked by their frames.
func (m *Model) renderRack(c *canvas.Canvas) {
	r := m.lay.Rack
	title := " " + m.tr.T("rack.title") + " "
	if m.Watching() {
		title = " " + m.tr.T("rack.watching") + " "
	}
	if m.c.Held >= 0 {
		title = " " + m.tr.T("rack.holding", m.tileName(m.c.Rack.Slots[m.c.Held])) + " "
	}
	frame := m.st.Panel
	c.Put(r.X, r.Y, frame.TopLine(r.W, title))
	var rows [2][theme.TileH]strings.Builder
	for row := range rows {
		for k := range theme.TileH {
			rows[row][k].Grow(r.W * 16) // a tile's line in its styles, a slot's worth of columns
		}
	}
	for i, t := range m.c.Rack.Slots {
		f := theme.FramePlain
		switch {
		case i == m.c.Held:
			f = theme.FrameHeld
		case i == m.c.Cursor && !m.Watching(): // a spectator has no rack to move on
			f = theme.FrameCursor
		}
		var box [theme.TileH]string
		if t == tile.NoTile {
			box = m.st.EmptySlot(f)
		} else {
			face, lbl := m.faceOf(t)
			box = m.st.Tile(face, f, lbl)
		}
		row := i / rack.Cols
		for k := range theme.TileH {
			rows[row][k].WriteString(box[k])
		}
	}
	left, right := frame.Sides()
	for row := range rows {
		for k := range theme.TileH {
			c.Put(r.X, r.Y+1+row*theme.TileH+k, left+rows[row][k].String()+right)
		}
	}
	c.Put(r.X, r.Y+r.H-1, frame.BottomLine(r.W))
}

// renderLog draws the latest moves in r, the newest last (beside the
// table long entries wrap, below it they are cut).
func (m *Model) renderLog(c *canvas.Canvas, r layout.Rect) {
	beside := m.lay.LogBeside
	table.DrawLog(c, r, beside, m.tr.T("log.title"), len(m.c.Log), func(i int) []string {
		return table.EntryLines(m.logText(m.c.Log[i]), r.W, beside)
	}, m.paint)
}

// renderHistory draws the score history under the status, on a tall
// terminal: its latest hands that fit.
func (m *Model) renderHistory(c *canvas.Canvas) {
	r := m.lay.History
	if r.H < 3 {
		return
	}
	c.Put(r.X, r.Y, m.st.Accent.Render(canvas.Cut(m.tr.T("scores.title"), r.W)))
	if len(m.history) == 0 {
		c.Put(r.X, r.Y+1, m.st.Dim.Render(canvas.Cut(m.tr.T("scores.none"), r.W)))
		return
	}
	t := m.scoreTable(m.history)
	if rows := r.H - 1; len(t) > rows { // the names, then the latest hands
		t = append(t[:1], t[len(t)-(rows-1):]...)
	}
	for i, s := range t {
		c.Put(r.X, r.Y+1+i, canvas.Cut(s, r.W))
	}
}

// statusLines say what just happened or what the player may do now, in
// as many lines as it takes, up to the layout's StatusMax.
func (m *Model) statusLines() []string {
	text, st := m.upFirst(m.guide()), table.Bold
	if m.flash != "" {
		text, st = m.flash, table.Accent
		if m.flashWarn {
			st = table.Warn
		}
	}
	w := m.lay.Status.W
	lines := canvas.Wrap(text, w)
	n := max(1, m.lay.StatusMax)
	if m.overlay != ovNone {
		n = 1 // the page above is the overlay's
	}
	if len(lines) > n {
		lines[n-1] = canvas.Cut(strings.Join(lines[n-1:], " "), w)
		lines = lines[:n]
	}
	for i, s := range lines {
		lines[i] = m.paint(st, s)
	}
	return lines
}

// flashLine is the message of the last key or move, cut to w.
func (m *Model) flashLine(w int) string {
	st := m.st.Accent
	if m.flashWarn {
		st = m.st.Warn
	}
	return st.Render(canvas.Cut(m.flash, w))
}

// guide says what the player may do now.
func (m *Model) guide() string {
	v := &m.c.View
	if v.Phase != game.Playing {
		return ""
	}
	if m.readOnly {
		return m.tr.T("guide.readonly")
	}
	if g := m.seatGuide(); g != "" {
		return g
	}
	if !v.Active[0] {
		return m.tr.T("guide.left")
	}
	show := ""
	if v.Legal.Show {
		show = " " + m.tr.T("guide.show", m.faceText(v.Indicator))
	}
	if v.Turn != 0 {
		return m.tr.T("guide.wait", m.seatName(v.Turn)) + show
	}
	if m.c.Held >= 0 {
		return m.tr.T("guide.holding")
	}
	if v.Stage == game.MustDraw {
		top := v.Top(v.Previous)
		switch {
		case v.WallLeft == 0 && top != tile.NoTile:
			return m.tr.T("guide.wallout.take", m.tileCase(top, i18n.Accusative))
		case v.WallLeft == 0:
			return m.tr.T("guide.wallout")
		case top != tile.NoTile:
			return m.tr.T("guide.draw.take", m.nameIn(v.Previous, i18n.Genitive), m.tileCase(top, i18n.Accusative)) + show
		}
		return m.tr.T("guide.draw") + show
	}
	if len(v.History) <= 1 && v.Counts.Total() == turnTiles {
		return m.tr.T("guide.start") + show
	}
	return m.tr.T("guide.discard")
}

// helpBar is the short help for what can be done now, from the key map.
func (m *Model) helpBar() string {
	if m.overlay != ovNone {
		return m.keyBar(m.overlayBar())
	}
	return m.keyBar(m.shortHelp())
}

// keyBar draws bindings as the bottom line (pages.Bar: whole keys
// most needed first, what does not fit left out).
func (m *Model) keyBar(b []key.Binding) string { return m.bar.View(b, m.lay.Help.W) }

// shortHelp picks the table's keys worth showing now.
func (m *Model) shortHelp() []key.Binding {
	k := m.keys.Table
	v := &m.c.View
	if m.readOnly { // looking only: the keys that move nothing
		return []key.Binding{k.Sort, k.Group, k.Browse, k.Scores, k.Move, k.Help, k.Quit}
	}
	if m.Watching() { // no rack: the keys that look, the chat, leaving
		return append(m.hostKeys(), k.Browse, k.Scores, k.Help, k.Quit)
	}
	var b []key.Binding
	switch {
	case v.MyTurn() && v.Stage == game.MustDraw && v.WallLeft == 0:
		end := k.Draw
		end.SetHelp(k.Draw.Help().Key, m.tr.T("key.endhand"))
		b = append(b, end)
		if v.Top(v.Previous) != tile.NoTile {
			b = append(b, k.Take)
		}
	case v.MyTurn() && v.Stage == game.MustDraw:
		b = append(b, k.Draw, k.Take)
	case v.MyTurn():
		b = append(b, k.Discard, k.Finish)
	}
	b = append(b, m.hostKeys()...)
	if v.Legal.Show {
		b = append(b, k.Show)
	}
	if m.casual {
		b = append(b, k.Undo)
	}
	// What to do now first, then the hint, the ways to arrange the rack
	// and the discards, which fit at 80 columns; the header shows help,
	// settings and quit, and the rack's title how to move and pick up;
	// they follow here as the width allows.
	return append(b, k.Hint, k.Sort, k.Group, k.Browse, k.Move, k.Pick, k.Help, k.Settings, k.Quit)
}
