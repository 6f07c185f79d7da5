package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/hosting"
	"okey/ui/table"
)

// asked carries out what a key (k; a click's is the zero key) at either
// game's table asked of the app, the same at both (table.Req): a save,
// quitting, a page opened, a key of no meaning told. own reports
// that cmd is the request's own command (a save, quitting), which
// stands for whatever the table started; for the rest the table's goes
// on. A play and the hint, which only the game knows how to do, are its
// side's (ui/hostclassic, ui/host101): asked does nothing for them.
func (m *Model) asked(r table.Req, k tea.KeyPressMsg) (cmd tea.Cmd, own bool) {
	switch r {
	case table.ReqSave:
		return m.saveCmd(), true
	case table.ReqQuit:
		return m.quit(), true
	case table.ReqHelp:
		m.openOverlay(ovHelp)
	case table.ReqSettings:
		m.openSettings()
	case table.ReqBrowse:
		m.openOverlay(ovBrowse)
	case table.ReqScores:
		m.openInfo(scrScores)
	case table.ReqStats:
		m.openInfo(scrStats)
	case table.ReqUnknown:
		m.setFlash(true, hosting.Unknown(m.tr, k, m.table().About(), m.games, m.Watching(), m.screen == scrPlay))
	}
	return nil, false
}
