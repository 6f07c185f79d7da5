package ui

import (
	"okey/ui/table"

	"charm.land/bubbles/v2/key"

	"okey/game"
	"okey/ui/canvas"
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
		m.c.Render(c, l, m.frame())
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
		if l.LogBeside {
			log = m.c.RenderTotals(c, log) // the standings above the log
		}
		m.c.RenderLog(c, log, l.LogBeside)
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
	text, st := m.statusText(m.guide())
	n := max(1, m.lay.StatusMax)
	if m.overlay != ovNone {
		n = 1 // the page above is the overlay's
	}
	return table.StatusLines(text, st, m.lay.Status.W, n, m.paint)
}

// statusText is what either table's status says: the message of the
// last key or move (a warning or not), or else guide, what the player
// may do now.
func (m *Model) statusText(guide string) (string, table.Style) {
	if m.flash == "" {
		return m.upFirst(guide), table.Bold
	}
	if m.flashWarn {
		return m.flash, table.Warn
	}
	return m.flash, table.Accent
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
func (m *Model) guide() string { return m.guideFor(m.c.View.Phase == game.Playing, m.c.Guide) }

// guideFor is what either table's guide says first: nothing out of
// play, that the screen only looks, a served seat's own guide; else
// what the game's own guide says.
func (m *Model) guideFor(playing bool, own func() string) string {
	switch {
	case !playing:
		return ""
	case m.readOnly:
		return m.tr.T("guide.readonly")
	}
	if g := m.seatGuide(); g != "" {
		return g
	}
	return own()
}

// helpBar is the short help for what can be done now, from the key map.
func (m *Model) helpBar() string {
	if m.overlay != ovNone {
		return m.keyBar(m.overlayBar())
	}
	return m.keyBar(m.c.ShortHelp(m.hostKeys(), m.readOnly, m.Watching(), m.casual))
}

// keyBar draws bindings as the bottom line (pages.Bar: whole keys
// most needed first, what does not fit left out).
func (m *Model) keyBar(b []key.Binding) string { return m.bar.View(b, m.lay.Help.W) }
