package hostclassic

import (
	"charm.land/bubbles/v2/key"

	"okey/game"
	"okey/ui/canvas"
	"okey/ui/hosting"
	"okey/ui/layout"
	"okey/ui/table"
)

// Render is the table screen: the stacks, the bots' panels, the wall
// and indicator, the player's line, the rack and the log, or the page
// over them; the status line and the keys below.
func (s *Side) Render(sc *hosting.Scene) string {
	l := &sc.Lay
	over := sc.Overlay.Which != hosting.NoPage
	c := canvas.New(l.W, l.H)
	c.Put(0, 0, s.Header(sc, true))
	var bar []key.Binding
	if over {
		var lines []string
		var at layout.Rect
		lines, at, bar = sc.Overlaid(s)
		c.Put(at.X, at.Y, lines...)
	} else {
		s.T.Render(c, *l, sc.Frame)
		bar = s.T.ShortHelp(sc.HostKeys, sc.ReadOnly, sc.Words.Watching, sc.Casual)
	}
	status := s.statusLines(sc)
	top := l.Status.Y - len(status) + 1
	if l.StatusDown {
		top = l.Status.Y
	}
	if !over {
		log := l.Log
		if !l.StatusDown && log.Y+log.H > top {
			log.H = top - log.Y // the log gives way to a long status
		}
		if l.LogBeside {
			log = s.T.RenderTotals(c, log) // the standings above the log
		}
		s.T.RenderLog(c, log, l.LogBeside)
		s.renderHistory(c, sc)
	} else {
		top = l.Flash.Y - len(status) + 1 // under an overlay, at the bottom
	}
	x := l.Status.X
	if over {
		x = l.Flash.X
	}
	c.Put(x, top, status...)
	c.Put(l.Help.X, l.Help.Y, sc.KeyBar(bar))
	return c.String()
}

// renderHistory draws the score history under the status, on a tall
// terminal: its latest hands that fit.
func (s *Side) renderHistory(c *canvas.Canvas, sc *hosting.Scene) {
	r := sc.Lay.History
	if r.H < 3 {
		return
	}
	st, tr := sc.St, sc.Words.Tr
	c.Put(r.X, r.Y, st.Accent.Render(canvas.Cut(tr.T("scores.title"), r.W)))
	if len(s.History) == 0 {
		c.Put(r.X, r.Y+1, st.Dim.Render(canvas.Cut(tr.T("scores.none"), r.W)))
		return
	}
	t := s.T.ScoreTable(s.History, sc.PageW())
	if rows := r.H - 1; len(t) > rows { // the names, then the latest hands
		t = append(t[:1], t[len(t)-(rows-1):]...)
	}
	for i, line := range t {
		c.Put(r.X, r.Y+1+i, canvas.Cut(line, r.W))
	}
}

// statusLines say what just happened or what the player may do now, in
// as many lines as it takes, up to the layout's StatusMax.
func (s *Side) statusLines(sc *hosting.Scene) []string {
	l := &sc.Lay
	if sc.Overlay.Which != hosting.NoPage {
		return s.OverlayStatus(sc, l.Status.W)
	}
	text, st := sc.StatusText(s.T.View.Phase == game.Playing, &s.T)
	return table.StatusLines(text, st, l.Status.W, max(1, l.StatusMax), sc.Paint)
}

// OverlayStatus is the status under a page over the table, in up to
// hosting.OverlayStatusH lines of w columns.
func (s *Side) OverlayStatus(sc *hosting.Scene, w int) []string {
	text, st := sc.StatusText(s.T.View.Phase == game.Playing, &s.T)
	return table.StatusLines(text, st, w, hosting.OverlayStatusH(w), sc.Paint)
}

// Header is classic Okey's top line: the game, the hand, and on the
// table the keys for the help, the settings and quitting.
func (s *Side) Header(sc *hosting.Scene, withKeys bool) string {
	const title = "OKEY"
	w := sc.Lay.Header.W
	keys := ""
	if withKeys {
		k := sc.Keys.Table
		keys = sc.HeaderKeys(k.Help, k.Settings, k.Quit)
	}
	info := ""
	if s.Present() || sc.SeatGot {
		casual := sc.Casual
		room := table.HeaderRoom(w, title, keys)
		info = s.T.HeaderInfo(casual, true, sc.Hand) + sc.Badge
		// A casual match says so where it fits whole, as 101's header
		// does (u in the key bar says it too): not "· …".
		if casual && canvas.Width(info) > room {
			info = s.T.HeaderInfo(false, true, sc.Hand) + sc.Badge
		}
		// Then the dealer goes, as in 101's header (the panels mark
		// the dealer too), before the seat's badge, so that at 80
		// columns a tournament's table still says whose it is. (With no
		// badge the dealer goes before the points.)
		if sc.Badge != "" && canvas.Width(info) > room {
			info = s.T.HeaderInfo(false, false, sc.Hand) + sc.Badge
		}
		// The seat's badge too goes whole or not at all: a cut badge
		// reads "code: …", which tells nobody anything.
		if canvas.Width(info) > room {
			info = s.T.HeaderInfo(false, true, sc.Hand)
		}
	}
	return table.Header(w, title, info, keys, sc.Paint)
}
