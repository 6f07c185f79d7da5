package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/ui/canvas"
	"okey/ui/i18n"
	"okey/ui/overlays"
	"okey/ui/pages"
	"okey/ui/play101"
	"okey/ui/store"
)

// The pages of the 101 table: resuming a saved match, the end of a hand
// (who finished and how, each player's score and why), the score sheet
// of every hand, the final sheet; and the two overlays over the table
// (the keys and rules, the stacks and the whole table).

// Resuming.

// renderResume101 is 101's resume page: the hand saved of how many,
// the seats and their scores.
func (m *Model) renderResume101() string {
	v := &m.t.View
	rows := make([][2]string, okey101.NumSeats)
	for s := range rows {
		rows[s] = [2]string{m.whoLevel(s), canvas.Right(strconv.Itoa(v.Scores[s]), 6)}
	}
	body := m.tr.T("t101.resume.body", v.Hand, v.Rules.Hands, store.ShortPath(m.files.MatchPath()))
	return m.renderComponent(pages.NewResume(m.common(), body, rows, m.nextGameLine()))
}

// whoLevel names a seat with its bot's level.
func (m *Model) whoLevel(s int) string {
	if s == 0 {
		return m.seatName(0)
	}
	return m.seatName(s) + " (" + m.levelName(m.levels[s]) + ")"
}

// switchGame switches the game of the next new match, for this run.
func (m *Model) switchGame() {
	if m.set.Is101() {
		m.set.Game = GameClassic
	} else {
		m.set.Game = Game101
	}
	m.setFlash(false, m.nextGameLine())
}

// nextGameLine says which game a new match will be, and how to switch.
func (m *Model) nextGameLine() string {
	if m.seat != nil {
		return "" // a table over SSH plays the game it was opened for
	}
	now, other := "val.classic", "val.okey101"
	if m.set.Is101() {
		now, other = other, now
	}
	return m.tr.T("game.next", m.tr.T(now), m.keys.Resume.Game.Help().Key, m.tr.T(other))
}

// The end of a hand.

func (m *Model) updateHandOver101(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.HandOver
	v := &m.t.View
	switch pages.NewHandEnd(m.common(), pages.HandEnd{}).Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.Next:
		switch {
		case v.Phase == okey101.MatchOver:
			m.screen = scrMatchOver
			return nil
		case m.seat != nil:
			return m.seatReady101()
		case m.readOnly:
			m.setFlash(true, m.tr.T("status.readonly"))
			return nil
		}
		m.screen = scrPlay
		evs, lines, err := m.t.G.Apply(okey101.NextHand())
		if err != nil {
			m.setFlash(true, m.tr.T("status.refused", m.reason(err)))
			return nil
		}
		return m.applied101(evs, lines)
	case pages.Coach:
		return m.reviewCurrent(v.Hand)
	}
	switch {
	case m.openFromPage(k, keys.Settings, keys.Scores, keys.Stats):
		return nil
	case m.updateScroll(k, m.keys.Overlay.ScrollKeys, m.handOver101Lines()):
		// Next (enter, space, n) is matched first: space goes on.
		return nil
	case v.Phase == okey101.MatchOver:
		m.setFlash(true, m.tr.T("t101.handover.keys.final"))
		return nil
	}
	m.setFlash(true, m.tr.T("status.handover.keys"))
	return nil
}

func (m *Model) handOverBar101() string {
	k := m.keys.HandOver
	sheet := m.keys.Table101.Scores
	next := k.Next
	// Quitting comes before the settings, and before the review and the
	// sheet on a page that scrolls: at 80 columns the bar leaves its
	// last keys out, and these pages have no header that names q.
	bar := []key.Binding{next, k.Review, sheet, k.Quit, k.Settings}
	switch res := m.t.View.Result; {
	case m.t.View.Phase == okey101.MatchOver:
		next.SetHelp(k.Next.Help().Key, m.tr.T("key.final"))
		bar = []key.Binding{next, k.Review, sheet, k.Quit}
	case res != nil && res.Void:
		next.SetHelp(k.Next.Help().Key, m.tr.T("t101.key.redeal"))
		bar = []key.Binding{next, k.Review, sheet, k.Quit, k.Settings}
	}
	if _, more := m.scrolled(m.handOver101Lines()); more {
		// A page longer than the screen scrolls: say how, in place of
		// the settings (o still opens them).
		o := m.keys.Overlay
		bar = []key.Binding{next, o.Scroll, o.Page, k.Quit, k.Review, sheet}
	}
	return m.keyBar(bar)
}

// renderHandOver101 shows how the hand ended (handOver101Lines),
// scrolled (↑↓, pgup pgdn) when it is longer than the page.
func (m *Model) renderHandOver101() string {
	lines, _ := m.scrolled(m.handOver101Lines())
	return m.renderPage(lines, m.handOverBar101())
}

// handOver101Lines are the end of a hand: who finished and how, the
// table as it ended (every meld, by who laid it down, and the tiles
// others laid off on it), the finisher's last turn step by step, then
// each player's score for the hand and why, and the sheet.
func (m *Model) handOver101Lines() []string {
	v := &m.t.View
	res := v.Result
	if res == nil {
		return nil
	}
	w := m.pageW()
	lines := []string{m.st.Title.Render(m.t.HandTitle(res))}
	if d := m.t.Doublings(res); d != "" {
		lines = append(lines, m.st.Accent.Render(d))
	}
	if rows := m.t.MeldLines(w); len(rows) > 0 {
		lines = append(lines, "", m.st.Bold.Render(m.tr.T("t101.handover.table")))
		lines = append(lines, rows...)
		if offs := m.t.LayOffsByOthers(); offs != "" {
			for _, s := range canvas.Wrap(m.tr.T("t101.handover.offs", offs), w-2) {
				lines = append(lines, "  "+m.st.Dim.Render(s))
			}
		}
	}
	// How it ended: the finisher's last turn, step by step, or the
	// last moves of the hand.
	head, steps := m.tr.T("t101.handover.last"), m.t.LastMoves(3)
	if res.Finisher >= 0 && !res.Void {
		head, steps = m.tr.T("t101.handover.steps", m.nameIn(res.Finisher, i18n.Genitive)), m.t.LastTurn(res.Finisher)
		if res.Finisher == 0 && !m.Watching() {
			head = m.tr.T("t101.handover.steps.you")
		}
	}
	if len(steps) > 0 {
		lines = append(lines, "", m.st.Bold.Render(head))
		for _, s := range canvas.Wrap(strings.Join(steps, " "), w-2) {
			lines = append(lines, "  "+m.st.Dim.Render(s))
		}
	}
	h := pages.HandEnd{Top: append(lines, "")}
	if !res.Void {
		h.Head = "  " + canvas.Fit(m.tr.T("matchover.player"), MaxNameLen) + "  " + canvas.Right(m.tr.T("t101.col.hand"), handPtsW) +
			"  " + canvas.Right(m.tr.T("t101.col.total"), handPtsW) + "  " + m.tr.T("t101.col.why")
		for s := range okey101.NumSeats {
			l := res.Lines[s]
			cells := fmt.Sprintf("  %s  %s  %s  ", canvas.Fit(m.seatName(s), MaxNameLen), canvas.Right(play101.Signed(l.Total), handPtsW),
				canvas.Right(strconv.Itoa(res.Scores[s]), handPtsW))
			h.Rows = append(h.Rows, pages.HandEndRow{Cells: cells, Why: m.t.LineWhy(&l)})
		}
	} else {
		h.Body = m.tr.T("t101.void.body")
	}
	if len(v.Results) > 1 {
		h.After = m.t.SheetTable()
	}
	return pages.NewHandEnd(m.common(), h).Lines()
}

// handPtsW is the width of a hand's points and a total.
const handPtsW = 6

// The score sheet.

// sheetLines101 is the score sheet's page: a title, then the table.
func (m *Model) sheetLines101() []string {
	out := []string{m.st.Title.Render(m.tr.T("t101.sheet.title")), ""}
	if len(m.t.View.Results) == 0 {
		out = append(out, m.st.Dim.Render(m.tr.T("scores.none")))
	} else {
		out = append(out, m.t.SheetTable()...)
	}
	return append(out, m.fairLines(false)...)
}

// The final sheet.

// renderMatchOver101 is the final sheet (ui/pages' Final): who won (the
// lowest total), the places, ties shown, then the hands.
func (m *Model) renderMatchOver101() string {
	v := &m.t.View
	mr := v.Match
	k := m.keys.MatchOver
	bar := []key.Binding{k.NewMatch, k.Review, k.Game, m.keys.Table101.Scores, k.Quit, k.Settings}
	if mr == nil {
		return m.renderPage(nil, m.keyBar(bar))
	}
	t := pages.FinalTable{Title: m.tr.T("matchover.title", mr.Hands), Rule: m.tr.T("t101.final.lowest"), Points: m.tr.T("t101.col.total")}
	var winners []string
	for s := range okey101.NumSeats {
		if mr.Outcome[s] != okey101.OutcomeLost {
			winners = append(winners, m.seatName(s))
		}
	}
	switch mr.Outcome[0] {
	case okey101.OutcomeWon:
		t.Verdict, t.VerdictMood = m.tr.T("matchover.you.won"), pages.Won
	case okey101.OutcomeTied:
		t.Verdict, t.VerdictMood = m.tr.T("t101.final.tied", strings.Join(winners[1:], ", ")), pages.Even
	default:
		t.Verdict, t.VerdictMood = m.tr.T("t101.final.lost", strings.Join(winners, ", ")), pages.Lost
	}
	for _, s := range byPlace(mr.Place) {
		mood := pages.Plain
		switch mr.Outcome[s] {
		case okey101.OutcomeWon:
			mood = pages.Won
		case okey101.OutcomeLost:
			mood = pages.Lost
		}
		total := strconv.Itoa(mr.Scores[s])
		if v.Rules.Partners {
			total = strconv.Itoa(mr.Totals[s])
		}
		t.Rows = append(t.Rows, pages.FinalRow{Place: mr.Place[s], Name: m.seatName(s), Points: total,
			Outcome: m.tr.T("outcome." + mr.Outcome[s].String()), Mood: mood})
	}
	// The sheet, when the page has room for it beside the rest (the
	// title, the verdict and its rule, the head, the rows).
	fair := m.fairLines(true)
	if sheet := m.t.SheetTable(); 6+len(t.Rows)+1+len(sheet)+len(fair)+2 <= m.lay.Page.H {
		t.After = append(append(t.After, ""), sheet...)
	}
	t.After = append(t.After, fair...)
	t.After = append(t.After, "", m.st.Dim.Render(m.nextGameLine()))
	return m.renderComponent(pages.NewFinal(m.common(), t, bar))
}

// The overlays.

// overlay101Lines are the lines of the overlay on show over the 101
// table.
func (m *Model) overlay101Lines() []string {
	w := m.pageW()
	switch m.overlay {
	case ovHelp:
		return m.help101Lines(w)
	case ovBrowse:
		return m.t.BrowseLines(w)
	}
	return nil
}

// help101Lines are the ? page of the 101 table: every key of its group
// in the key map, then how to play 101.
func (m *Model) help101Lines(w int) []string {
	out := overlays.KeyPage(m.common(), m.tr.T("t101.help.title"), m.keys.Table101.FullHelp(), m.hostKeys(), w)
	return append(append(out, ""), m.t.HowToPlay(w)...)
}
