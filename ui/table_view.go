package ui

import (
	"charm.land/bubbles/v2/key"

	"okey/ui/canvas"
	"okey/ui/hosting"
	"okey/ui/table"
)

// What both games' tables say below them, the same at both: the status
// (the last message, or what the player may do now) and the key bar.
// The tables themselves are the games' sides' (ui/hostclassic,
// ui/host101).

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

// guideFor is what either table's guide says first: nothing out of
// play, that the screen only looks, a served seat's own guide; else
// what the game's own guide says.
func (m *Model) guideFor(playing bool, own hosting.Guide) string {
	switch {
	case !playing:
		return ""
	case m.readOnly:
		return m.tr.T("guide.readonly")
	}
	if g := m.seatGuide(); g != "" {
		return g
	}
	return own.Guide()
}

// keyBar draws bindings as the bottom line (pages.Bar: whole keys
// most needed first, what does not fit left out).
func (m *Model) keyBar(b []key.Binding) string { return m.bar.View(b, m.lay.Help.W) }
