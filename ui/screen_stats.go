package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"okey/ui/canvas"
	"okey/ui/stats"
	"okey/ui/store"
)

// The statistics page (i, from the table and the pages between hands):
// the player's figures against each set of bots, from the statistics
// file. It scrolls.

func (m *Model) updateStats(k tea.KeyPressMsg) tea.Cmd {
	return m.updateInfo(k, m.statsLines(), m.keys.Table.Stats)
}

func (m *Model) renderStats() string { return m.renderInfo(m.statsLines()) }

// statsLines are the statistics page: a block of lines a set of bots.
func (m *Model) statsLines() []string {
	out := []string{m.st.Title.Render(m.tr.T("stats.title")), ""}
	where := m.tr.T("stats.where", store.ShortPath(m.files.StatsPath()))
	if !m.saving() {
		where = m.tr.T("stats.unsaved")
	}
	for _, s := range canvas.Wrap(where, m.pageW()) {
		out = append(out, m.st.Dim.Render(s))
	}
	keys, keys101 := stats.Keys(m.stats.ByBots), stats.Keys(m.stats.Okey101)
	if len(keys) == 0 && len(keys101) == 0 {
		return append(out, "", m.st.Text.Render(m.tr.T("stats.none")))
	}
	both := len(keys) > 0 && len(keys101) > 0 // each game under its name
	if both {
		out = append(out, "", m.st.Title.Render(m.tr.T("stats.classic")))
	}
	for _, k := range keys {
		b := m.stats.ByBots[k]
		out = append(out, "", m.st.Bold.Render(m.botsHead(k)),
			m.st.Text.Render("  "+m.tr.T("stats.matches", b.Matches, b.MatchesWon, b.MatchesTied)),
			m.st.Text.Render("  "+m.tr.T("stats.hands", b.Hands, b.HandsWon, percent(b.HandsWon, b.Hands))),
			m.st.Text.Render("  "+m.tr.T("stats.finishes", b.OkeyFinishes, b.PairsWins)),
			m.st.Text.Render("  "+m.tr.T("stats.points", b.PointsLost, b.PointsWon)),
		)
	}
	if len(keys101) > 0 {
		out = append(out, "", m.st.Title.Render(m.tr.T("stats.okey101")))
	}
	for _, k := range keys101 {
		b := m.stats.Okey101[k]
		out = append(out, "", m.st.Bold.Render(m.botsHead(k)),
			m.st.Text.Render("  "+m.tr.T("stats.matches", b.Matches, b.MatchesWon, b.MatchesTied)),
			m.st.Text.Render("  "+m.tr.T("stats101.hands", b.Hands, b.Finishes, percent(b.Finishes, b.Hands))),
			m.st.Text.Render("  "+m.tr.T("stats101.openings", b.Openings, percent(b.Openings, b.Hands))),
			m.st.Text.Render("  "+m.tr.T("stats101.points", b.Points)),
		)
	}
	return out
}

// botsHead names a set of bots of the statistics (and a casual match's
// undo) in the player's language.
func (m *Model) botsHead(k string) string {
	levels, casual := strings.CutSuffix(k, "+undo")
	names := strings.Split(levels, ",")
	for i, l := range names {
		names[i] = m.levelName(l)
	}
	head := m.tr.T("stats.bots", strings.Join(names, ", "))
	if casual {
		head += " · " + m.tr.T("hdr.casual")
	}
	return head
}

// percent is part of whole in whole percent, 0 of nothing.
func percent(part, whole int) int {
	if whole == 0 {
		return 0
	}
	return (100*part + whole/2) / whole
}
