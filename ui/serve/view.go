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
	out[0] = safetext.CutWidth(head, c.Width)
	for i, l := range lines {
		if 2+i >= statusY {
			break
		}
		out[2+i] = safetext.CutWidth("  "+l, c.Width)
	}
	status := st.Warn.Render(c.Flash)
	if c.Chat.On {
		status = c.ChatLine()
	}
	out[statusY] = safetext.CutWidth(status, c.Width)
	copy(out[statusY+1:], bar)
	return strings.Join(out, "\n")
}

// renderTooSmall says the terminal is too small, in words wrapped to it.
func renderTooSmall(c *common.Common, st *theme.Styles) string {
	out := make([]string, c.Height)
	msg := c.Tr.T("toosmall", layout.MinWidth, layout.MinHeight, c.Width, c.Height)
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
