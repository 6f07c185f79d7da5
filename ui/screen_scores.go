package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/ui/canvas"
	"okey/ui/pages"
	"okey/ui/playclassic"
)

// The score history (r, from the table and the pages between hands):
// every hand of the match so far, each player's score after it and what
// it cost them, and how the hand ended. It scrolls.

// Columns of the score history.
const (
	handColW  = 4 // "  12"
	scoreColW = 9 // "18 -2", under a name of up to this width
)

// openInfo shows an information page (the score history, the
// statistics); it returns to the screen it was opened from.
func (m *Model) openInfo(s screen) {
	if m.screen == scrScores || m.screen == scrStats {
		return
	}
	m.infoBack = m.screen
	m.overlay = ovNone
	m.c.Held = -1
	m.pager.GotoTop()
	m.screen = s
}

// infoPage is an information page of lines (pages.Info), closed also
// by opener; the score history's offers the saved matches.
func (m *Model) infoPage(lines []string, opener key.Binding) pages.Info {
	return pages.NewInfo(m.common(), &m.pager, lines, opener, m.screen == scrScores)
}

// updateInfo handles a key on an information page of lines: it scrolls,
// and esc, enter or the key that opened it go back.
func (m *Model) updateInfo(k tea.KeyPressMsg, lines []string, opener key.Binding) tea.Cmd {
	switch m.infoPage(lines, opener).Update(k) {
	case pages.None:
		return nil
	case pages.Quit:
		return m.quit()
	case pages.Saved:
		return m.openMatches()
	case pages.Close:
		m.screen = m.infoBack
		if m.screen == scrPlay && !m.playing() {
			m.screen = scrHandOver // the hand ended meanwhile
		}
		return m.nextTurn()
	}
	m.setFlash(true, m.tr.T("status.info.keys"))
	return nil
}

// renderInfo draws an information page of lines, scrolled.
func (m *Model) renderInfo(lines []string) string {
	return m.renderComponent(m.infoPage(lines, key.Binding{}))
}

func (m *Model) updateScores(k tea.KeyPressMsg) tea.Cmd {
	return m.updateInfo(k, m.scoreLines(), m.keys.Table.Scores)
}

func (m *Model) renderScores() string { return m.renderInfo(m.scoreLines()) }

// scoreLines are the score history's page: a title, then the table.
func (m *Model) scoreLines() []string {
	out := []string{m.st.Title.Render(m.tr.T("scores.title")), ""}
	if len(m.history) == 0 {
		out = append(out, m.st.Dim.Render(m.tr.T("scores.none")))
	} else {
		out = append(out, m.scoreTable(m.history)...)
	}
	return append(out, m.fairLines(false)...)
}

// scoreTable is the history as a table: a line of names, a line a hand.
func (m *Model) scoreTable(hs []playclassic.HandScore) []string {
	head := canvas.Right(m.tr.T("scores.hand"), handColW)
	for s := range game.NumSeats {
		head += "  " + canvas.Fit(m.seatName(s), scoreColW)
	}
	out := []string{m.st.Bold.Render(head)}
	scoring := m.c.View.Rules.Scoring()
	for _, h := range hs {
		line := canvas.Right(strconv.Itoa(h.Result.Hand), handColW)
		for s := range game.NumSeats {
			cell := ""
			if scoring {
				cell = canvas.Right(strconv.Itoa(h.Scores[s]), 3)
				if lost := h.Result.Lost[s]; lost > 0 {
					cell += " -" + strconv.Itoa(lost)
				}
			}
			line += "  " + canvas.Fit(cell, scoreColW)
		}
		// How the hand ended, beside its row; what does not fit there
		// goes on under it, between words, never cut.
		col := canvas.Width(line) + 2
		end := canvas.Wrap(m.handEnd(&h.Result), max(m.pageW()-col, 20))
		out = append(out, m.st.Text.Render(line)+"  "+m.st.Dim.Render(end[0]))
		for _, more := range end[1:] {
			out = append(out, strings.Repeat(" ", col)+m.st.Dim.Render(more))
		}
	}
	return out
}

// handEnd says in a few words how a hand ended.
func (m *Model) handEnd(res *game.HandResult) string {
	var parts []string
	switch {
	case res.WallOut:
		parts = append(parts, m.tr.T("scores.wallout"))
	default:
		kind := m.tr.T("win." + res.Win.Kind.String())
		if res.OkeyFinish {
			kind += ", " + m.tr.T("scores.okeyfinish")
		}
		parts = append(parts, m.seatName(res.Winner)+": "+kind)
	}
	for s := range game.NumSeats {
		if res.Shown[s] {
			parts = append(parts, m.youOr(s, "scores.shown"))
		}
	}
	return strings.Join(parts, "; ")
}
