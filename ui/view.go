package ui

import (
	"okey/ui/canvas"
	"okey/ui/layout"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// View draws the screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "Okey"
	return v
}

// render is the screen on show as text.
func (m *Model) render() string {
	if m.width == 0 || m.height == 0 {
		return ""
	}
	if m.lay.TooSmall {
		return m.renderTooSmall()
	}
	switch m.screen {
	case scrNotice:
		return m.renderNotice()
	case scrSettings:
		return m.renderSettings()
	case scrLocked:
		return m.renderLocked()
	case scrStats:
		return m.renderStats()
	case scrReview:
		return m.renderReview()
	case scrMatches:
		return m.renderMatches()
	}
	if s, ok := m.table().render(); ok {
		return s
	}
	return ""
}

// header is the top line: the game, the hand, and on the table the keys
// for the help, the settings and quitting.
func (m *Model) header(withKeys bool) string { return m.table().header(withKeys) }

// headerClassic is classic Okey's top line.
func (m *Model) headerClassic(withKeys bool) string {
	v := &m.c.view
	w := m.lay.Header.W
	left := m.paint(sTitle, "OKEY")
	leftW := canvas.Width("OKEY")
	info := ""
	if m.hasMatch() {
		info = "  " + m.tr.T("hdr.hand", v.Hand) + " · " + m.tr.T("hdr.dealer", m.seatNameMid(v.Dealer))
		if !v.Rules.Scoring() {
			info += " · " + m.tr.T("hdr.noscore")
		} else {
			info += " · " + m.tr.T("hdr.points", v.Rules.Points)
		}
		if m.casual {
			info += " · " + m.tr.T("hdr.casual")
		}
		info += m.seatBadge()
	}
	keys := ""
	if withKeys {
		k := m.keys.Table
		quit := k.Quit
		if m.seat == nil {
			quit.SetHelp(k.Quit.Help().Key, m.tr.T("key.quit.short"))
		}
		keys = keyLine([]key.Binding{k.Help, k.Settings, quit})
	}
	avail := w - leftW - canvas.Width(keys) - 2
	info = canvas.Cut(info, max(0, avail))
	gap := w - leftW - canvas.Width(info) - canvas.Width(keys)
	if keys == "" || gap < 1 {
		return left + m.paint(sText, info)
	}
	return left + m.paint(sText, info) + strings.Repeat(" ", gap) + m.paint(sDim, keys)
}

// keyLine writes bindings as "k what · k what", for the header.
func keyLine(bs []key.Binding) string {
	parts := make([]string, 0, len(bs))
	for _, b := range bs {
		if b.Enabled() {
			parts = append(parts, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(parts, " · ")
}

// pageW is the width page text wraps at.
func (m *Model) pageW() int { return m.lay.Page.W - layout.PageX }
