package hostclassic

import (
	"okey/game/classic"
	"okey/ui/canvas"
	"okey/ui/table"
	"strings"
)

// Render is the table screen: the stacks, the bots' panels, the wall
// and indicator, the player's line, the rack and the log, or the page
// over them; the status line and the keys below.
func (s *Side) Render() string {
	a := s.app
	l := a.Lay()
	over := a.Overlaid()
	c := canvas.New(l.W, l.H)
	c.Put(0, 0, s.Header(true))
	if over {
		lines, at := a.Overlay()
		c.Put(at.X, at.Y, lines...)
	} else {
		s.T.Render(c, l, a.Frame())
	}
	status := s.statusLines()
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
		s.renderHistory(c)
	} else {
		top = l.Flash.Y - len(status) + 1 // under an overlay, at the bottom
	}
	x := l.Status.X
	if over {
		x = l.Flash.X
	}
	c.Put(x, top, status...)
	c.Put(l.Help.X, l.Help.Y, s.helpBar())
	return c.String()
}

// renderHistory draws the score history under the status, on a tall
// terminal: its latest hands that fit.
func (s *Side) renderHistory(c *canvas.Canvas) {
	r := s.app.Lay().History
	if r.H < 3 {
		return
	}
	st, tr := s.app.Styles(), s.app.Words().Tr
	c.Put(r.X, r.Y, st.Accent.Render(canvas.Cut(tr.T("scores.title"), r.W)))
	if len(s.History) == 0 {
		c.Put(r.X, r.Y+1, st.Dim.Render(canvas.Cut(tr.T("scores.none"), r.W)))
		return
	}
	t := s.T.ScoreTable(s.History, s.app.PageW())
	if rows := r.H - 1; len(t) > rows { // the names, then the latest hands
		t = append(t[:1], t[len(t)-(rows-1):]...)
	}
	for i, line := range t {
		c.Put(r.X, r.Y+1+i, canvas.Cut(line, r.W))
	}
}

// statusLines say what just happened or what the player may do now, in
// as many lines as it takes, up to the layout's StatusMax.
func (s *Side) statusLines() []string {
	l := s.app.Lay()
	if s.app.Overlaid() {
		return s.OverlayStatus(l.Status.W)
	}
	text, st := s.app.Status(s.T.View.Phase == classic.Playing, &s.T)
	return table.StatusLines(text, st, l.Status.W, max(1, l.StatusMax), s.app.Paint)
}

// OverlayStatus is the status under a page over the table, in up to
// two lines of w columns.
func (s *Side) OverlayStatus(w int) []string {
	text, st := s.app.Status(s.T.View.Phase == classic.Playing, &s.T)
	return table.StatusLines(text, st, w, 2, s.app.Paint)
}

// helpBar is the short help for what can be done now, from the key map.
func (s *Side) helpBar() string {
	a := s.app
	if a.Overlaid() {
		return a.KeyBar(a.OverlayBar())
	}
	return a.KeyBar(s.T.ShortHelp(a.HostKeys(), a.ReadOnly(), a.Words().Watching, a.Casual()))
}

// Header is classic Okey's top line: the game, the hand, and on the
// table the keys for the help, the settings and quitting.
func (s *Side) Header(withKeys bool) string {
	const title = "OKEY"
	w := s.app.Lay().Header.W
	keys := ""
	if withKeys {
		k := s.app.Keys().Table
		keys = s.app.HeaderKeys(k.Help, k.Settings, k.Quit)
	}
	info := ""
	if l := s.app.Seat(); s.Present() || l != nil && l.Got {
		casual := s.app.Casual()
		info = s.T.HeaderInfo(casual) + s.app.Badge()
		// A casual match says so where it fits whole, as 101's header
		// does (u in the key bar says it too): not "· …".
		if casual && canvas.Width(info) > table.HeaderRoom(w, title, keys) {
			info = s.T.HeaderInfo(false) + s.app.Badge()
		}
		// The seat's badge too goes whole or not at all: a cut badge
		// reads "code: …", which tells nobody anything.
		if canvas.Width(info) > table.HeaderRoom(w, title, keys) {
			info = strings.TrimSuffix(info, s.app.Badge())
		}
	}
	return table.Header(w, title, info, keys, s.app.Paint)
}
