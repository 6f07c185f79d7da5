package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/pages"
	"okey/ui/theme"
)

// The hand-over screen shows how a hand ended: the winner's hand in its
// groups, what each player lost and why, the scores. After the last hand
// of a match it leads to the final table.

// Columns of the tables of the pages between hands.
const (
	lossW    = 4  // a hand's loss, "-8"
	scoreW   = 10 // a score, "20 pts"
	groupGap = 2  // between the winner's groups of tiles
)

func (m *Model) updateHandOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.HandOver
	switch pages.NewHandEnd(m.common(), pages.HandEnd{}).Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.Next:
		switch {
		case m.c.View.Phase == game.MatchOver:
			m.screen = scrMatchOver
			return nil
		case m.readOnly:
			m.setFlash(true, m.tr.T("status.readonly"))
			return nil
		case m.seat != nil:
			return m.act(game.NextHandAction()) // sent to the table
		}
		m.screen = scrPlay
		evs, lines, err := m.c.G.Apply(game.NextHandAction())
		if err != nil {
			m.setFlash(true, m.tr.T("status.refused", m.reason(err)))
			return nil
		}
		return m.applied(evs, lines)
	case pages.Coach:
		return m.reviewCurrent(m.c.View.Hand)
	}
	if m.openFromPage(k, keys.Settings, keys.Scores, keys.Stats) {
		return nil
	}
	m.setFlash(true, m.tr.T("status.handover.keys"))
	return nil
}

// openFromPage opens the settings, the score history or the statistics
// from a page between hands, when k is one of their keys; it reports
// whether it was.
func (m *Model) openFromPage(k tea.KeyPressMsg, settings, scores, stats key.Binding) bool {
	switch {
	case key.Matches(k, settings):
		m.openSettings()
	case key.Matches(k, scores):
		m.openInfo(scrScores)
	case key.Matches(k, stats):
		m.openInfo(scrStats)
	default:
		return false
	}
	return true
}

// handOverBar is the keys of the hand-over screen; after the last hand,
// enter leads to the final table.
func (m *Model) handOverBar() string {
	k := m.keys.HandOver
	if m.c.View.Phase == game.MatchOver {
		next := k.Next
		next.SetHelp(k.Next.Help().Key, m.tr.T("key.final"))
		return m.keyBar([]key.Binding{next, k.Review, k.Scores, k.Quit})
	}
	// Quitting before the statistics and the settings: at 80 columns
	// the bar leaves the last keys out (in Turkish the statistics' too),
	// and quitting stays in sight (i and o still work).
	return m.keyBar([]key.Binding{k.Next, k.Review, k.Scores, k.Quit, k.Stats, k.Settings})
}

// renderHandOver shows how the hand ended (ui/pages' HandEnd): the
// winner's hand in its groups, what each player lost and why, the
// scores, and the hands before when they fit.
func (m *Model) renderHandOver() string {
	res := m.c.View.Result
	if res == nil {
		return m.renderPage(nil, m.handOverBar())
	}
	h := pages.HandEnd{Head: m.tr.T("handover.lost"), AfterFits: true}
	if res.WallOut {
		h.Top = []string{m.st.Title.Render(m.tr.T("handover.wallout", res.Hand)), ""}
	} else {
		kind := m.tr.T("win." + res.Win.Kind.String())
		title := m.tr.T("handover.won", res.Hand, m.seatName(res.Winner), kind)
		if res.Winner == 0 && !m.Watching() {
			title = m.tr.T("handover.won.you", res.Hand, kind)
		}
		h.Top = append([]string{m.st.Title.Render(title), ""}, m.winLines(res)...)
		h.Top = append(h.Top, "")
	}
	if res.Lost == [game.NumSeats]int{} {
		h.Head = m.tr.T("handover.scores") // nobody lost anything
	}
	for s := range game.NumSeats {
		lost := "-" + strconv.Itoa(res.Lost[s])
		if res.Lost[s] == 0 {
			lost = "0"
		}
		cells := fmt.Sprintf("  %s  %s  %s  ", canvas.Fit(m.seatName(s), MaxNameLen), canvas.Right(lost, lossW), canvas.Fit(m.c.ScoreCell(s), scoreW))
		h.Rows = append(h.Rows, pages.HandEndRow{Cells: cells, Why: m.lossReasons(res, s)})
	}
	if len(m.history) > 1 { // the hands before, when the page has room for them
		h.After = m.scoreTable(m.history)
	}
	return m.renderPage(pages.NewHandEnd(m.common(), h).Lines(), m.handOverBar())
}

// winLines draw the winning hand in its groups, with what the finishing
// tile was.
func (m *Model) winLines(res *game.HandResult) []string {
	var rows [][theme.TileH]string
	var cur [theme.TileH]string
	curW := 0
	maxW := m.pageW()
	for _, g := range res.Win.Melds {
		gw := len(g.Tiles)*theme.TileW + groupGap
		if curW > 0 && curW+gw > maxW {
			rows = append(rows, cur)
			cur, curW = [theme.TileH]string{}, 0
		}
		for i, t := range g.Tiles {
			box := m.c.TileBox(t, theme.FramePlain)
			if m.c.View.Okey != tile.NoTile && t == m.c.View.Okey && i < len(g.As) {
				box = m.st.Tile(g.As[i], theme.FramePlain, theme.LabelOkeyAs)
			}
			for k := range theme.TileH {
				cur[k] += box[k]
			}
		}
		for k := range theme.TileH {
			cur[k] += strings.Repeat(" ", groupGap)
		}
		curW += gw
	}
	if curW > 0 {
		rows = append(rows, cur)
	}
	var out []string
	for _, r := range rows {
		out = append(out, r[0], r[1], r[2])
	}
	if len(res.Win.Melds) == 0 {
		out = append(out, m.st.Dim.Render(m.tr.T("handover.nogroups")))
	}
	fin := m.upFirst(m.tr.T("handover.discard", m.tileName(res.Discard)))
	if res.OkeyFinish {
		fin += " " + m.tr.T("handover.okeyfinish")
	}
	out = append(out, m.st.Text.Render(fin))
	return out
}

// lossReasons says why seat lost what it lost in this hand.
func (m *Model) lossReasons(res *game.HandResult, seat int) string {
	v := &m.c.View
	var why []string
	if res.Winner == seat {
		why = append(why, m.tr.T("why.winner"))
	}
	if res.Winner >= 0 && res.Winner != seat && res.Lost[seat] > 0 && res.Points > 0 {
		w := m.tr.T("why."+res.Win.Kind.String(), res.Points)
		var dbl []string
		if res.OkeyFinish {
			dbl = append(dbl, m.tr.T("why.okeyfinish"))
		}
		if v.Rules.OneColourDouble && res.Win.OneColour {
			dbl = append(dbl, m.tr.T("why.onecolour"))
		}
		if len(dbl) > 0 {
			w += " (" + strings.Join(dbl, ", ") + ")"
		}
		why = append(why, w)
	}
	for s := range game.NumSeats {
		if res.Shown[s] && s != seat && res.Lost[seat] > 0 {
			why = append(why, m.youOr(s, "why.shown"))
		}
	}
	if res.Left[seat] {
		why = append(why, m.tr.T("why.left"))
	}
	return strings.Join(why, "; ")
}
