package pages

import (
	"strings"

	"okey/ui/canvas"
	"okey/ui/stats"
)

// StatsLines are the statistics page (i, from the table and the pages
// between hands): where the figures are kept (where), then the player's
// figures against each set of bots, each game under its name when both
// have some.
func StatsLines(c *Common, f *stats.File, where string) []string {
	st, tr := c.St, c.Tr
	out := []string{st.Title.Render(tr.T("stats.title")), ""}
	for _, s := range canvas.Wrap(where, c.TextW()) {
		out = append(out, st.Dim.Render(s))
	}
	keys, keys101 := stats.Keys(f.ByBots), stats.Keys(f.Okey101)
	if len(keys) == 0 && len(keys101) == 0 {
		return append(out, "", st.Text.Render(tr.T("stats.none")))
	}
	// A block a set of bots: its name, then its figures.
	block := func(k string, figures ...string) {
		out = append(out, "", st.Bold.Render(BotsHead(c, k)))
		for _, f := range figures {
			out = append(out, st.Text.Render("  "+f))
		}
	}
	if len(keys) > 0 && len(keys101) > 0 {
		out = append(out, "", st.Title.Render(tr.T("stats.classic")))
	}
	for _, k := range keys {
		b := f.ByBots[k]
		block(k, tr.T("stats.matches", b.Matches, b.MatchesWon, b.MatchesTied),
			tr.T("stats.hands", b.Hands, b.HandsWon, percent(b.HandsWon, b.Hands)),
			tr.T("stats.finishes", b.OkeyFinishes, b.PairsWins),
			tr.T("stats.points", b.PointsLost, b.PointsWon))
	}
	if len(keys101) > 0 {
		out = append(out, "", st.Title.Render(tr.T("stats.okey101")))
	}
	for _, k := range keys101 {
		b := f.Okey101[k]
		block(k, tr.T("stats.matches", b.Matches, b.MatchesWon, b.MatchesTied),
			tr.T("stats101.hands", b.Hands, b.Finishes, percent(b.Finishes, b.Hands)),
			tr.T("stats101.openings", b.Openings, percent(b.Openings, b.Hands)),
			tr.T("stats101.points", b.Points))
	}
	return out
}

// BotsHead names a set of bots of the statistics (and a casual match's
// undo) in the player's language.
func BotsHead(c *Common, k string) string {
	levels, casual := strings.CutSuffix(k, "+undo")
	names := strings.Split(levels, ",")
	for i, l := range names {
		names[i] = LevelName(c, l)
	}
	head := c.Tr.T("stats.bots", strings.Join(names, ", "))
	if casual {
		head += " · " + c.Tr.T("hdr.casual")
	}
	return head
}

// LevelName is a bot level in the player's language.
func LevelName(c *Common, l string) string {
	if c.Tr.Has("level." + l) {
		return c.Tr.T("level." + l)
	}
	return l
}

// percent is part of whole in whole percent, 0 of nothing.
func percent(part, whole int) int {
	if whole == 0 {
		return 0
	}
	return (100*part + whole/2) / whole
}
