package serve

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/kit/safetext"
	"okey/ui/layout"
	"okey/ui/serve/common"
	"okey/ui/theme"
)

// View draws the page on show: a page that draws the whole screen
// itself (the game's, at a table) as it draws it, any other between the
// session's header and its key bar.
func (s *session) View() tea.View {
	if !s.drawn {
		s.frame, s.drawn = s.draw(), true
	}
	return s.frame
}

// draw draws the page anew.
func (s *session) draw() tea.View {
	if scr, ok := s.pageOf(s.page).(common.Screen); ok {
		if v, ok := scr.View(&s.c); ok {
			return v
		}
	}
	v := tea.NewView(s.render())
	v.AltScreen = true
	v.WindowTitle = "Okey"
	return v
}

// render draws a page's lines: the session's header, the page's lines,
// the flash line (or the chat being typed) and the page's keys.
func (s *session) render() string {
	c := &s.c
	if c.Width == 0 || c.Height == 0 {
		return ""
	}
	st := c.Styles()
	if c.TooSmall() {
		return renderTooSmall(c, st)
	}
	lines, keys := s.pageOf(s.page).Lines(c)
	head := st.Title.Render("OKEY") + st.Text.Render("  "+c.Tr.T("lobby.title", c.Name))
	if c.Code != "" {
		if c.CodeShown {
			head += st.Dim.Render("  · " + c.Tr.T("seat.code", common.ShowCode(c.Code)))
		} else {
			head += st.Dim.Render("  · " + c.Tr.T("seat.code.hidden"))
		}
	}
	if c.Chat.On {
		keys = []key.Binding{c.Keys.Send, c.Keys.Cancel}
	}
	bar := common.KeyLines(st, keys, c.Width)
	statusY := c.Height - 1 - len(bar)
	out := make([]string, c.Height)
	y := 0
	for _, l := range strings.Split(ansi.Wrap(head, c.Width, ""), "\n") {
		if y < 2 { // the header keeps to two lines, the second on a terminal standing up
			out[y] = safetext.CutWidth(l, c.Width)
		}
		y++
	}
	y = min(y, 2) + 1
	for _, l := range lines {
		for _, part := range fitLine(l, c.Width) {
			if y >= statusY {
				break
			}
			out[y] = part
			y++
		}
	}
	status := st.Warn.Render(c.Flash)
	if c.Chat.On {
		status = c.ChatLine()
	}
	out[statusY] = safetext.CutWidth(status, c.Width)
	copy(out[statusY+1:], bar)
	return strings.Join(out, "\n")
}

// fitLine is a page's line indented on a terminal w wide: cut to it,
// but where the terminal stands up (narrower than layout.MinWidth, a
// phone held upright) wrapped, so that nothing of it is lost.
func fitLine(l string, w int) []string {
	l = "  " + l
	if w >= layout.MinWidth || ansi.StringWidth(l) <= w {
		return []string{safetext.CutWidth(l, w)}
	}
	parts := strings.Split(ansi.Wrap(strings.TrimPrefix(l, "  "), w-4, ""), "\n")
	for i, p := range parts {
		pad := "  "
		if i > 0 {
			pad = "    " // a wrapped line's rest stands in from its start
			p = strings.TrimLeft(p, " ")
		}
		parts[i] = safetext.CutWidth(pad+p, w)
	}
	return parts
}

// renderTooSmall says the terminal is too small, in words wrapped to it.
func renderTooSmall(c *common.Common, st *theme.Styles) string {
	out := make([]string, c.Height)
	msg := c.Tr.T("toosmall", layout.MinWidth, layout.MinHeight, layout.PortraitW, layout.PortraitH, c.Width, c.Height)
	words := strings.Fields(msg)
	line, y := "", max(0, c.Height/2-1)
	for _, w := range words {
		if ansi.StringWidth(line)+1+ansi.StringWidth(w) > c.Width && line != "" {
			if y < c.Height {
				out[y] = st.Warn.Render(line)
			}
			y++
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if y < c.Height {
		out[y] = st.Warn.Render(safetext.CutWidth(line, c.Width))
	}
	return strings.Join(out, "\n")
}
