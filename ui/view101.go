package ui

import (
	"strconv"
	"strings"

	"okey/game/okey101"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/table"
)

// renderTable101 is the 101 table (its parts are play101.Table.Render's),
// or an overlay over it; the status and the keys below.
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
	m.t.Render(c, l, m.frame(), m.bottomLine101(l.Rack.W))
	c.Put(0, l.Help.Y-len(status), status...)
	c.Put(0, l.Help.Y, m.keyBar(m.t.ShortHelp(m.readOnly, m.casual, m.hostKeys())))
	return c.String()
}

// header101 is the top line (play101.Table.Header), and on the table the
// keys for the help, the settings and quitting.
func (m *Model) header101(withKeys bool) string {
	keys := ""
	if withKeys {
		k := m.keys.Table101
		keys = m.headerKeys(k.Help, k.Settings, k.Quit)
	}
	return m.t.Header(m.width, m.casual, m.seatBadge(), keys)
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
	text, st := m.statusText(m.guideFor(m.t.View.Phase == okey101.Playing, m.t.Guide))
	return table.StatusLines(text, st, w, n, m.paint)
}
