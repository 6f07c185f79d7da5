package ui

import (
	"charm.land/bubbles/v2/key"

	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/ui/hosting"
	"okey/ui/pages"
	"okey/ui/table"
)

// What both games' tables say below them, the same at both: the status
// (the last message, or what the player may do now) and the key bar.
// The tables themselves are the games' sides' (ui/hostclassic,
// ui/host101).

// flashLines is the message of the last key or move on a page,
// wrapped to w, at most four lines (a page's question, n again ends this
// match…, is read whole at 80 columns, not cut).
func (m *Model) flashLines(w int) string {
	st := m.st.Accent
	if m.flashWarn {
		st = m.st.Warn
	}
	return pages.FlashLines(m.flash, w, 4, st)
}

// scene is what the game on the table draws with, as the app has it
// now (hosting.Scene): handed down whole for a frame, so that drawing
// never calls back into the app.
func (m *Model) scene() *hosting.Scene {
	sc := m.keyScene()
	sc.Frame = m.frame()
	return sc
}

// appGuide is what either table's guide says before the game's own,
// while a hand is being played: that the screen only looks, a served
// seat's own guide; "" for the game's.
func (m *Model) appGuide() string {
	if m.readOnly {
		return m.tr.T("guide.readonly")
	}
	return m.seat.Guide(m.tr, func() string { return m.words().NameIn(m.table().Phase().Turn, i18n.Locative) })
}

// keyBar draws bindings as the bottom line (pages.Bar: whole keys
// most needed first, what does not fit left out).
func (m *Model) keyBar(b []key.Binding) string { return m.bar.View(b, m.lay.Help.W) }

// frame is what the table draws with that only the app knows, as it
// stands now (table.Frame): the seat being asked, the seats' clocks
// and levels (seat 0's level is never shown), which seats bots hold.
func (m *Model) frame() table.Frame {
	f := table.Frame{Asking: m.asking, Served: m.seat != nil}
	for s := range table.Seats {
		f.Clock[s] = m.seatClock(s)
		if s > 0 {
			f.Level[s] = m.levelText(s)
		}
		f.Bot[s] = f.Served && m.seat.Players[s].Kind == seatmsg.Bot
	}
	return f
}

// keyScene is what a key or a click is read with: the scene but its
// frame (the clocks and levels only a frame draws, which scene adds).
func (m *Model) keyScene() *hosting.Scene {
	// Field by field into the scene the model keeps, not a fresh
	// literal: copying a whole Scene costs a small key a third of its
	// time (BenchmarkKeyMove).
	sc := &m.sc
	sc.Lay, sc.W, sc.H = m.lay, m.width, m.height
	m.look() // sc.Look, the sides' too
	sc.Bar = &m.bar
	sc.Frame = table.Frame{}
	sc.Status = hosting.Status{Flash: m.flash, Warn: m.flashWarn, Guide: m.appGuide()}
	sc.Overlay = hosting.Overlay{Which: m.overlay, Scroll: &m.pager}
	sc.Badge, sc.Hand, sc.HostKeys = m.seat.HeaderBadge(), m.format().Badge(m.tr), m.seat.HostKeys()
	sc.ReadOnly, sc.Casual, sc.SeatGot = m.readOnly, m.casual, m.seat != nil && m.seat.Got
	sc.OnTable = m.screen == scrPlay
	sc.Seat, sc.Ctx, sc.Seed = m.seat.Of(), m.ctx, m.seed
	return sc
}
