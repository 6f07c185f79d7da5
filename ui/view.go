package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/ui/pages"
	"okey/ui/table"
)

// View draws the screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.draw())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "Okey"
	return v
}

// draw is the screen on show as text. A tick of the turn's clock, with
// nothing else changed since the last frame, changes only the clock's
// text (drawing every seat's whole table once a second would cost a third
// of a server's CPU); the frame is drawn whole when the clock's text
// changes width or is not found once and once only.
func (m *Model) draw() string {
	tick := m.kept.tick
	m.kept.tick = false
	var clocks [table.Seats]string
	for s := range table.Seats {
		clocks[s] = m.seatClock(s)
	}
	if tick && m.kept.valid {
		if s, ok := spliceClocks(m.kept.frame, m.kept.clocks, clocks); ok {
			m.kept.frame, m.kept.clocks = s, clocks
			return s
		}
	}
	s := m.render()
	m.kept = keptFrame{frame: s, clocks: clocks, valid: true}
	return s
}

// spliceClocks is frame with each clock's text was replaced by its text
// now; false when one cannot be: a clock that appears or goes, changes
// width, or whose text is not in the frame exactly once.
func spliceClocks(frame string, was, now [table.Seats]string) (string, bool) {
	for s := range table.Seats {
		if was[s] == now[s] {
			continue
		}
		if was[s] == "" || now[s] == "" || ansi.StringWidth(was[s]) != ansi.StringWidth(now[s]) ||
			strings.Count(frame, was[s]) != 1 {
			return "", false
		}
		frame = strings.Replace(frame, was[s], now[s], 1)
	}
	return frame, true
}

// render is the screen on show as text.
func (m *Model) render() string {
	if m.width == 0 || m.height == 0 {
		return ""
	}
	if m.lay.TooSmall {
		return pages.NewTooSmall(m.common(), m.width, m.height).View()
	}
	if p := m.page(); p != nil {
		return m.renderComponent(p)
	}
	switch m.screen {
	case scrReview: // its work gone
		return m.renderPage(nil, m.keyBar(m.keys.Review.ShortHelp()))
	case scrMatches: // its list gone
		return m.renderPage(nil, m.keyBar([]key.Binding{m.keys.Matches.Close, m.keys.Matches.Quit}))
	// The pages between hands, hosted here once for both games (each
	// game gives what they show), and the table, the game's.
	case scrHandOver:
		return m.renderHandOver()
	case scrMatchOver:
		return m.renderMatchOver()
	case scrDailyAsk, scrDaily:
		return m.renderDailyPage()
	}
	return m.table().Render(m.scene())
}
