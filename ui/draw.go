package ui

import (
	"okey/ui/between"
	"okey/ui/layout"
	"okey/ui/pages"
)

// pageW is the width page text wraps at.
func (m *Model) pageW() int { return m.lay.Page.W - layout.PageX }

// common is what the pages are drawn with, as the Model has it now.
func (m *Model) common() *pages.Common {
	return &pages.Common{Tr: m.tr, St: m.st, Keys: &m.keys, Lay: m.lay}
}

// between is the app's state as the pages between hands read it
// (ui/between), as the Model has it now.
func (m *Model) between() between.State {
	s := between.State{
		C: m.common(), Words: m.words(), Levels: m.levels,
		Daily: m.dl, Seat: m.seat != nil, ReadOnly: m.readOnly, Paused: m.paused,
		OnResume: m.screen == scrResume, Next101: m.set.Is101(),
		AskedOther: m.askedOther, AskedNow: m.set.Game == m.opt.Settings.Game,
		Fair: m.fairLines(false), FairRevealed: m.fairLines(true),
	}
	if m.seat != nil {
		s.Served = m.seat.Daily
	}
	return s
}
