package ui

import (
	"okey/ui/table"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"okey/game/okey101"
	"okey/ui/canvas"
	"okey/ui/layout"
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
	f := m.frame()
	for s := 1; s < okey101.NumSeats; s++ {
		m.t.RenderSeat(c, l, s, f)
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
	m.t.RenderRack(c, l.Rack, l.Tile, m.bottomLine101(l.Rack.W), f)
	c.Put(0, l.Help.Y-len(status), status...)
	c.Put(0, l.Help.Y, m.keyBar(m.shortHelp101()))
	return c.String()
}

// header101 is the top line: the game, the hand, the opening, and on
// the table the keys for the help, the settings and quitting.
func (m *Model) header101(withKeys bool) string {
	v := &m.t.View
	const title = "OKEY 101"
	info := "  " + m.tr.T("t101.hdr.hand", v.Hand, v.Rules.Hands) + " · " + m.tr.T("t101.hdr.open", v.Threshold)
	if v.Rules.Partners {
		info += " · " + m.tr.T("t101.hdr.partners")
	}
	dealer := " · " + m.tr.T("hdr.dealer", m.seatNameMid(v.Dealer))
	badge := m.seatBadge()
	keys := ""
	if withKeys {
		k := m.keys.Table101
		keys = m.headerKeys(k.Help, k.Settings, k.Quit)
	}
	room := table.HeaderRoom(m.width, title, keys)
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
	return table.Header(m.width, title, info+badge, keys, m.paint)
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
	if m.t.Choose != nil {
		return table.StatusLines(m.t.ChooseText(), table.Accent, w, n, m.paint)
	}
	text, st := m.statusText(m.guide101())
	return table.StatusLines(text, st, w, n, m.paint)
}

// guide101 says what the player may do now.
func (m *Model) guide101() string {
	return m.guideFor(m.t.View.Phase == okey101.Playing, m.t.Guide)
}

// shortHelp101 picks the table's keys worth showing now.
func (m *Model) shortHelp101() []key.Binding {
	t := m.t
	if t.Choose != nil {
		k := m.keys.Choose101
		return []key.Binding{k.Other, k.OK, k.Cancel, k.Quit}
	}
	k := m.keys.Table101
	if m.readOnly {
		return []key.Binding{k.Sort, k.Group, k.Browse, k.Scores, k.Move, k.Help, k.Quit}
	}
	b := append(t.MoveKeys(), m.hostKeys()...) // a seat's chat, say
	if m.casual {
		b = append(b, k.Undo)
	}
	return append(b, k.Hint, k.Sort, k.Group, k.Browse, k.Scores, k.Move, k.Pick, k.Cancel, k.Help, k.Settings, k.Quit)
}
