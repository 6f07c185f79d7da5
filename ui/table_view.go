package ui

import (
	"charm.land/bubbles/v2/key"

	"okey/ui/canvas"
	"okey/ui/hosting"
)

// What both games' tables say below them, the same at both: the status
// (the last message, or what the player may do now) and the key bar.
// The tables themselves are the games' sides' (ui/hostclassic,
// ui/host101).

// flashLine is the message of the last key or move, cut to w.
func (m *Model) flashLine(w int) string {
	st := m.st.Accent
	if m.flashWarn {
		st = m.st.Warn
	}
	return st.Render(canvas.Cut(m.flash, w))
}

// scene is what the game on the table draws with, as the app has it
// now (hosting.Scene): handed down whole for a frame, so that drawing
// never calls back into the app.
func (m *Model) scene() *hosting.Scene {
	m.sc = hosting.Scene{
		Lay: m.lay, W: m.width, H: m.height,
		Words: m.words(), St: m.st, Keys: &m.keys,
		Painter: &m.painter, Bar: &m.bar,
		Frame:   m.frame(),
		Status:  hosting.Status{Flash: m.flash, Warn: m.flashWarn, Guide: m.appGuide()},
		Overlay: hosting.Overlay{Which: m.overlay, Scroll: &m.pager, Keys: m.keys.Overlay},
		Badge:   m.seatBadge(), HostKeys: m.hostKeys(),
		ReadOnly: m.readOnly, Casual: m.casual, SeatGot: m.seat != nil && m.seat.Got,
	}
	return &m.sc
}

// appGuide is what either table's guide says before the game's own,
// while a hand is being played: that the screen only looks, a served
// seat's own guide; "" for the game's.
func (m *Model) appGuide() string {
	if m.readOnly {
		return m.tr.T("guide.readonly")
	}
	return m.seatGuide()
}

// keyBar draws bindings as the bottom line (pages.Bar: whole keys
// most needed first, what does not fit left out).
func (m *Model) keyBar(b []key.Binding) string { return m.bar.View(b, m.lay.Help.W) }
