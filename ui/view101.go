package ui

import (
	"okey/ui/table"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/i18n"
	"okey/ui/layout"
	"okey/ui/theme"
)

// renderTable101 is the 101 table: the bots, the centre, the melds,
// the log, the work line, the rack, or an overlay over them; the status
// and the keys below.
func (m *Model) renderTable101() string {
	l := layout.NewTable101(m.width, m.height)
	c := canvas.New(l.W, l.H)
	c.Put(0, 0, m.header101(true))
	status := m.status101(l.W, l.StatusH)
	if m.overlay != ovNone {
		m.renderOverlay(c)
		c.Put(0, l.Help.Y-1, m.status101(l.W, 1)[0])
		c.Put(0, l.Help.Y, m.keyBar(m.overlayBar()))
		return c.String()
	}
	for s := 1; s < okey101.NumSeats; s++ {
		m.renderSeat101(c, l, s)
	}
	m.t.RenderCenter(c, l)
	rows := m.t.MeldRows(l.Flex.W)
	melds, log := l.Split(len(rows))
	if l.LogBeside && len(m.t.View.Results) > 0 {
		// A tall terminal has room under the melds: the score sheet.
		sheet := m.t.SheetTable()
		if free := melds.H - len(rows) - 1; free >= len(sheet)+1 {
			y := melds.Y + melds.H - len(sheet) - 1
			c.Put(melds.X, y, m.paint(table.Accent, canvas.Cut(m.tr.T("t101.sheet.title"), melds.W)))
			for i, s := range sheet {
				c.Put(melds.X, y+1+i, canvas.Within(s, melds.W))
			}
			melds.H = y - melds.Y - 1
		}
	}
	m.t.RenderMelds(c, melds, rows)
	m.t.RenderLog(c, log, l.LogBeside)
	if l.LogBeside {
		for y := l.Log.Y; y < l.Log.Y+l.Log.H; y++ {
			c.Put(l.Log.X-2, y, m.paint(table.Dim, "│"))
		}
	}
	m.t.RenderWork(c, l.Work)
	m.renderRack101(c, l)
	c.Put(0, l.Help.Y-len(status), status...)
	c.Put(0, l.Help.Y, m.keyBar(m.shortHelp101()))
	return c.String()
}

// header101 is the top line: the game, the hand, the opening, and on
// the table the keys for the help, the settings and quitting.
func (m *Model) header101(withKeys bool) string {
	v := &m.t.View
	w := m.width
	left := m.paint(table.Title, "OKEY 101")
	leftW := canvas.Width("OKEY 101")
	info := "  " + m.tr.T("t101.hdr.hand", v.Hand, v.Rules.Hands) + " · " + m.tr.T("t101.hdr.open", v.Threshold)
	if v.Rules.Partners {
		info += " · " + m.tr.T("t101.hdr.partners")
	}
	dealer := " · " + m.tr.T("hdr.dealer", m.seatNameMid(v.Dealer))
	badge := m.seatBadge()
	keys := ""
	if withKeys {
		k := m.keys.Table101
		quit := k.Quit
		if m.seat == nil { // a seat's q leaves the table, and says so
			quit.SetHelp(k.Quit.Help().Key, m.tr.T("key.quit.short"))
		}
		keys = keyLine([]key.Binding{k.Help, k.Settings, quit})
	}
	room := max(0, w-leftW-canvas.Width(keys)-2)
	// A casual match says so where it fits whole (u in the help bar says
	// it too); the panels mark the dealer too: where the whole line does
	// not fit, the header leaves the dealer out rather than cut a name.
	if m.casual {
		if casual := " · " + m.tr.T("hdr.casual"); canvas.Width(info+casual+badge) <= room {
			info += casual
		}
	}
	if canvas.Width(info+dealer+badge) <= room {
		info += dealer
	}
	info = canvas.Cut(info+badge, room)
	gap := w - leftW - canvas.Width(info) - canvas.Width(keys)
	if keys == "" || gap < 1 {
		return left + m.paint(table.Text, info)
	}
	return left + m.paint(table.Text, info) + strings.Repeat(" ", gap) + m.paint(table.Dim, keys)
}

// renderSeat101 draws a bot's panel: its name (marked when it is to
// move), its tiles and points, how it opened, its discard stack.
func (m *Model) renderSeat101(c *canvas.Canvas, l layout.Table101, seat int) {
	v := &m.t.View
	r := l.Seats[seat]
	a := table.Centre
	switch seat {
	case 1:
		a = table.Right
	case 3:
		a = table.Left
	}
	turn := v.Phase == okey101.Playing && v.Turn == seat
	name := m.seatName(seat)
	if turn {
		name = "> " + name + " <"
	}
	if seat == v.Dealer {
		name += " " + m.tr.T("panel.dealer")
	}
	name += m.seatClock(seat)
	if m.asking == seat {
		name += " " + m.tr.T("panel.thinking")
	}
	pts := m.t.Points(v.Scores[seat])
	if p := v.HandPenalties[seat]; p > 0 {
		pts += " " + m.tr.T("t101.penalties", p)
	}
	note := m.seatNote101(seat)
	l2 := note + m.t.TilesCount(v.TileCounts[seat]) + " · " + pts
	if note != "" && canvas.Width(l2) > r.W {
		// A narrow panel keeps the points whole: who holds the seat
		// (player, bot, away) goes up beside the name.
		l2 = m.t.TilesCount(v.TileCounts[seat]) + " · " + pts
		name += " · " + strings.TrimSuffix(note, " · ")
	}
	l3 := m.t.OpeningText(v.Opened[seat])
	stack, stackSt := m.t.StackText(seat)
	nameSt := table.Bold
	if turn {
		nameSt = table.Turn
	}
	m.t.PutAligned(c, r, r.Y, a, nameSt, name)
	m.t.PutAligned(c, r, r.Y+1, a, table.Text, l2)
	openSt := table.Dim
	if v.Opened[seat].Status != meld.NotOpened {
		openSt = table.Text
	}
	if l.SeatH > 3 {
		m.t.PutAligned(c, r, r.Y+2, a, openSt, l3)
		m.t.PutAligned(c, r, r.Y+3, a, stackSt, stack)
		return
	}
	// Three lines: the opening and the stack share the last.
	if stack == "" {
		m.t.PutAligned(c, r, r.Y+2, a, openSt, l3)
		return
	}
	sep := " · "
	w := canvas.Width(l3) + canvas.Width(sep) + canvas.Width(stack)
	line := m.paint(openSt, l3) + m.paint(table.Dim, sep) + m.paint(stackSt, stack)
	if w > r.W {
		line, w = m.paint(stackSt, canvas.Cut(stack, r.W)), min(r.W, canvas.Width(stack))
	}
	c.Put(table.AlignedX(r, w, a), r.Y+2, line)
}

// renderRack101 draws the rack in its frame: its title says the
// player's tiles, points and opening; each tile's frame and bottom
// mark say the cursor, the tile picked up, the group it is chosen into.
func (m *Model) renderRack101(c *canvas.Canvas, l layout.Table101) {
	t := m.t
	v := &t.View
	r := l.Rack
	name := m.seatName(0)
	if v.MyTurn() {
		name = "> " + name + " <"
	}
	if v.Dealer == 0 {
		name += " " + m.tr.T("panel.dealer")
	}
	pts := m.t.Points(v.Scores[0])
	if p := v.HandPenalties[0]; p > 0 {
		pts += " " + m.tr.T("t101.penalties", p)
	}
	title := " " + name + " · " + m.t.TilesCount(v.TileCounts[0]) + " · " + pts + " · " + m.t.OpeningText(v.Opened[0]) + m.seatClock(0) + " "
	if t.Held >= 0 {
		title = " " + m.tr.T("rack.holding", m.t.TileName(t.Rack.Slots[t.Held])) + " "
	}
	watching := m.Watching()
	table.DrawRack(c, r, m.st.Panel, title, m.bottomLine101(r.W), func(i int) [theme.TileH]string {
		f := theme.FramePlain
		g := t.GroupOf(i)
		switch {
		case i == t.Held:
			f = theme.FrameHeld
		case i == t.Cursor && !watching: // a spectator has no rack to move on
			f = theme.FrameCursor
		case g >= 0:
			f = theme.FrameSelected
		}
		var mark byte
		switch {
		case g == 0:
			mark = '+'
		case g > 0 && g < 10:
			mark = byte('0' + g)
		case g >= 10:
			mark = '#'
		}
		x := t.Rack.Slots[i]
		if x == tile.NoTile {
			return m.st.EmptySlot(f)
		}
		face, lbl := t.FaceOf(x)
		return m.st.TileMarked(face, f, lbl, mark)
	})
}

// bottomLine101 is the rack's bottom edge with the keys of the rack (a
// spectator's says the racks are hidden).
func (m *Model) bottomLine101(w int) string {
	b := m.st.Panel
	words := "t101.rack.keys"
	if m.Watching() { // no rack to move on: the keys would not work
		words = "rack.watching"
	}
	title := " " + m.tr.T(words) + " "
	title = canvas.Cut(title, max(0, w-4))
	rest := max(0, w-3-canvas.Width(title))
	k := "bottom:" + title + strconv.Itoa(w) // drawn once per width and words
	return m.painter.Drawn(m.st, k, func() string {
		return b.Edge.Render(b.BottomLeft+b.Bottom) + b.Title.Render(title) + b.Edge.Render(strings.Repeat(b.Bottom, rest)+b.BottomRight)
	})
}

// status101 is the status: the message of the last key or move, or what
// the player may do now, wrapped in up to n lines of w columns.
func (m *Model) status101(w, n int) []string {
	text, st := m.upFirst(m.guide101()), table.Bold
	if m.t.Choose != nil {
		text, st = m.t.ChooseText(), table.Accent
	} else if m.flash != "" {
		text, st = m.flash, table.Accent
		if m.flashWarn {
			st = table.Warn
		}
	}
	lines := canvas.Wrap(text, w)
	if len(lines) > n {
		lines[n-1] = canvas.Cut(strings.Join(lines[n-1:], " "), w)
		lines = lines[:n]
	}
	for i, s := range lines {
		lines[i] = m.paint(st, s)
	}
	return lines
}

// guide101 says what the player may do now.
func (m *Model) guide101() string {
	t := m.t
	v := &t.View
	if v.Phase != okey101.Playing {
		return ""
	}
	if m.readOnly {
		return m.tr.T("guide.readonly")
	}
	if g := m.seatGuide(); g != "" {
		return g
	}
	switch {
	case v.Turn != 0:
		return m.tr.T("guide.wait", m.seatName(v.Turn))
	case t.Held >= 0:
		return m.tr.T("guide.holding")
	case v.Stage == okey101.StageFirst:
		return m.tr.T("t101.guide.first")
	case v.Stage == okey101.StageDraw && v.Legal.Take:
		return m.tr.T("t101.guide.draw.take", m.nameIn(v.Previous, i18n.Genitive), m.t.TileCase(v.Top(v.Previous), i18n.Accusative))
	case v.Stage == okey101.StageDraw:
		return m.tr.T("t101.guide.draw")
	case v.Legal.GiveBack:
		return m.tr.T("t101.guide.owed", m.t.TileCase(v.Taken.Tile, i18n.Accusative))
	case len(t.Sel) > 0:
		return m.tr.T("t101.guide.sel")
	case len(t.Groups) > 0 && v.Opened[0].Status == meld.NotOpened:
		return m.tr.T("t101.guide.groups.open")
	case len(t.Groups) > 0:
		return m.tr.T("t101.guide.groups.lay")
	case v.Counts.Total() == 1:
		return m.tr.T("t101.guide.last")
	case v.Opened[0].Status == meld.NotOpened:
		return m.tr.T("t101.guide.open")
	}
	return m.tr.T("t101.guide.opened")
}

// shortHelp101 picks the table's keys worth showing now.
func (m *Model) shortHelp101() []key.Binding {
	t := m.t
	v := &t.View
	if t.Choose != nil {
		k := m.keys.Choose101
		return []key.Binding{k.Other, k.OK, k.Cancel, k.Quit}
	}
	k := m.keys.Table101
	if m.readOnly {
		return []key.Binding{k.Sort, k.Group, k.Browse, k.Scores, k.Move, k.Help, k.Quit}
	}
	var b []key.Binding
	lay := k.Lay
	if v.Opened[0].Status == meld.NotOpened {
		lay.SetHelp(k.Lay.Help().Key, m.tr.T("key.open"))
	}
	switch {
	case !v.MyTurn():
		b = append(b, k.Select, k.AddGroup)
	case v.Stage == okey101.StageFirst:
		b = append(b, k.Discard)
	case v.Stage == okey101.StageDraw:
		b = append(b, k.Draw)
		if v.Legal.Take {
			b = append(b, k.Take)
		}
	case v.Legal.GiveBack:
		b = append(b, k.Select, k.AddGroup, lay)
		if v.Opened[0].Status != meld.NotOpened {
			b = append(b, k.LayOff)
		}
		b = append(b, k.GiveBack)
	case v.Opened[0].Status == meld.NotOpened:
		b = append(b, k.Select, k.AddGroup, lay, k.Discard, k.Finish)
	default:
		b = append(b, k.Select, k.AddGroup, lay, k.LayOff, k.TakeBack, k.Discard, k.Finish)
	}
	b = append(b, m.hostKeys()...) // a seat's chat, say
	if m.casual {
		b = append(b, k.Undo)
	}
	return append(b, k.Hint, k.Sort, k.Group, k.Browse, k.Scores, k.Move, k.Pick, k.Cancel, k.Help, k.Settings, k.Quit)
}
