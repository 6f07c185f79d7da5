package host101

import (
	"strconv"
	"strings"

	"okey/game"
	"okey/ui/canvas"
	"okey/ui/hosting"
	"okey/ui/layout"
	"okey/ui/table"
)

// Render is the 101 table (its parts are play101.Table.Render's), or
// the page over it; the status and the keys below.
func (s *Side) Render(sc *hosting.Scene) string {
	l := s.layout(sc)
	c := canvas.New(l.W, l.H)
	c.Put(0, 0, s.Header(sc, true))
	status := s.status(sc, l.W, l.StatusH)
	if sc.Overlay.Which != hosting.NoPage {
		lines, pos, bar := sc.Overlaid(s)
		c.Put(pos.X, pos.Y, lines...)
		st := s.OverlayStatus(sc, l.W)
		c.Put(0, l.Help.Y-len(st), st...)
		c.Put(0, l.Help.Y, sc.KeyBar(bar))
		return c.String()
	}
	s.T.Render(c, l, sc.Frame, s.bottomLine(sc, l.Rack.W))
	c.Put(0, l.Help.Y-len(status), status...)
	c.Put(0, l.Help.Y, sc.KeyBar(s.T.ShortHelp(sc.ReadOnly, sc.Casual, sc.HostKeys)))
	return c.String()
}

// Header is the top line (play101.Table.Header), and on the table the
// keys for the help, the settings and quitting.
func (s *Side) Header(sc *hosting.Scene, withKeys bool) string {
	keys := ""
	if withKeys {
		k := sc.Keys.Table101
		keys = sc.HeaderKeys(k.Help, k.Settings, k.Quit)
	}
	return s.T.Header(sc.W, sc.Casual, sc.Hand, sc.Badge, keys)
}

// bottomLine is the rack's bottom edge with the keys of the rack (a
// spectator's says the racks are hidden).
func (s *Side) bottomLine(sc *hosting.Scene, w int) string {
	b := sc.St.Panel
	words := sc.Look.Tap("t101.rack.keys")
	if sc.Words.Watching { // no rack to move on: the keys would not work
		words = "rack.watching"
	}
	title := " " + sc.Words.Tr.T(words) + " "
	title = canvas.Cut(title, max(0, w-4))
	rest := max(0, w-3-canvas.Width(title))
	k := "bottom:" + title + strconv.Itoa(w) // drawn once per width and words
	return sc.Painter.Drawn(sc.St, k, func() string {
		return b.Edge.Render(b.BottomLeft+b.Bottom) + b.Title.Render(title) + b.Edge.Render(strings.Repeat(b.Bottom, rest)+b.BottomRight)
	})
}

// layout is the table laid out for the terminal, drawing and the mouse
// alike: the status grown to show whole what the player must read
// before the next key (play101.Table.Tall: the finish shown before f
// again confirms it, the hint told), the lines taken from the log and
// the melds (layout.Table101.GrowStatus).
func (s *Side) layout(sc *hosting.Scene) layout.Table101 {
	l := layout.NewTable101(sc.W, sc.H)
	s.T.InSight = nil
	if s.T.Tall == "" { // nothing to show whole: the status is not asked twice a frame
		return l
	}
	if text, _ := s.statusText(sc); text == s.T.Tall {
		// The text is shown whole, since a hint cut short misleads; in
		// the lines left, the melds it names come first, so that the
		// reader sees what it speaks of.
		s.T.InSight = s.T.TallMelds
		if n := len(canvas.Wrap(text, l.W)); n > l.StatusH {
			l = l.GrowStatus(n)
		}
	}
	return l
}

// statusText is what the status says: the place being chosen, the
// message of the last key or move, or what the player may do now.
func (s *Side) statusText(sc *hosting.Scene) (string, table.Style) {
	if s.T.Choose != nil {
		return s.T.ChooseText(), table.Accent
	}
	return sc.StatusText(s.T.View.Phase == game.Playing, s.T)
}

// OverlayStatus is the status under a page over the table, in up to
// hosting.OverlayStatusH lines of w columns.
func (s *Side) OverlayStatus(sc *hosting.Scene, w int) []string {
	return s.status(sc, w, hosting.OverlayStatusH(w))
}

// status is the status (statusText), wrapped in up to n lines of w
// columns.
func (s *Side) status(sc *hosting.Scene, w, n int) []string {
	text, st := s.statusText(sc)
	return table.StatusLines(text, st, w, n, sc.Paint)
}
