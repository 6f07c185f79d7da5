package serve

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/server/tables"
	"okey/ui/layout"
	"okey/ui/theme"
)

// View draws the page on show: the game's screen at a table (with the
// chat line typed over its status line), the session's own pages
// otherwise.
func (s *session) View() tea.View {
	if !s.drawn {
		s.frame, s.drawn = s.draw(), true
	}
	return s.frame
}

// draw draws the page anew.
func (s *session) draw() tea.View {
	if s.page == pgTable && s.seat.scr != nil {
		return s.seat.view(&s.c, s.at, s.reseat)
	}
	v := tea.NewView(s.render())
	v.AltScreen = true
	v.WindowTitle = "Okey"
	return v
}

// render draws one of the session's own pages: its header, the page's
// lines, the flash line (or the chat being typed) and the page's keys.
func (s *session) render() string {
	c := &s.c
	if c.width == 0 || c.height == 0 {
		return ""
	}
	st := c.styles()
	if c.tooSmall() {
		return renderTooSmall(c, st)
	}
	var lines []string
	var keys []key.Binding
	switch p := s.pageOf(s.page); {
	case p != nil:
		lines, keys = p.lines(c)
	case s.page == pgBye:
		lines = []string{"", st.Bold.Render(s.bye)}
	default:
		lines = []string{"", st.Dim.Render(c.tr.T("room.wait"))}
	}
	head := st.Title.Render("OKEY") + st.Text.Render("  "+c.tr.T("lobby.title", c.name))
	if c.code != "" {
		if c.codeShown {
			head += st.Dim.Render("  · " + c.tr.T("seat.code", showCode(c.code)))
		} else {
			head += st.Dim.Render("  · " + c.tr.T("seat.code.hidden"))
		}
	}
	if c.chat.on {
		keys = []key.Binding{c.keys.Send, c.keys.Cancel}
	}
	bar := keyLines(st, keys, c.width)
	statusY := c.height - 1 - len(bar)
	out := make([]string, c.height)
	out[0] = tables.CutWidth(head, c.width)
	for i, l := range lines {
		if 2+i >= statusY {
			break
		}
		out[2+i] = tables.CutWidth("  "+l, c.width)
	}
	status := st.Warn.Render(c.flash)
	if c.chat.on {
		status = c.chatLine()
	}
	out[statusY] = tables.CutWidth(status, c.width)
	copy(out[statusY+1:], bar)
	return strings.Join(out, "\n")
}

// renderTooSmall says the terminal is too small, in words wrapped to it.
func renderTooSmall(c *shared, st *theme.Styles) string {
	out := make([]string, c.height)
	msg := c.tr.T("toosmall", layout.MinWidth, layout.MinHeight, c.width, c.height)
	words := strings.Fields(msg)
	line, y := "", max(0, c.height/2-1)
	for _, w := range words {
		if ansi.StringWidth(line)+1+ansi.StringWidth(w) > c.width && line != "" {
			if y < c.height {
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
	if y < c.height {
		out[y] = st.Warn.Render(tables.CutWidth(line, c.width))
	}
	return strings.Join(out, "\n")
}
