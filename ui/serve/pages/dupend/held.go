package dupend

import (
	"charm.land/bubbles/v2/key"

	"okey/game"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// heldLines draws the end of a player's match at a table whose deal
// other tables may still be playing (a tournament's duplicate round):
// their own place and score only, and that the rest is shown once
// every table of the round has finished. Back goes to the tournament's
// page.
func (p *Page) heldLines(c *common.Common) ([]string, []key.Binding) {
	st, w, h := c.Styles(), c.PageWidth(), p.held
	score := "held.score.classic"
	if h.Game == string(game.Okey101) {
		score = "held.score.101"
	}
	lines := []string{st.Bold.Render(c.Tr.T("held.title", h.Table)), ""}
	for _, l := range tourneyview.Wrap(c.Tr.T("held.place", h.Place)+" · "+c.Tr.T(score, h.Score), w, 2) {
		lines = append(lines, st.Text.Render(l))
	}
	lines = append(lines, "")
	for _, l := range tourneyview.Wrap(c.Tr.T("held.wait"), w, 0) {
		lines = append(lines, st.Dim.Render(l))
	}
	return lines, []key.Binding{c.Keys.Back, c.Keys.Lang}
}
