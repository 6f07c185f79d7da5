// Package dupend is okey serve's page at a duplicate table's end:
// every player's duplicate score beside the usual one, or, at a
// tournament's duplicate round whose other tables may still be dealing
// the same racks, the player's own place and score only (held.go). One of the
// session's pages: it takes package common's value and answers with a
// turn, and imports no other page.
package dupend

import (
	"cmp"
	"fmt"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/duplicate"
	"okey/kit/safetext"
	"okey/kit/seatmsg"
	"okey/ui/serve/common"
)

// Page is a duplicate table's end page: every player's duplicate score
// beside the usual one. The seat's page hands it the table's end
// (common.DupEnd) as it goes there.
type Page struct {
	// end is the table's standing at its end; game and me are its game
	// and the player's number.
	end  *seatmsg.Duplicate
	game string
	me   int
	// held is a duplicate round's end held back (nil: none): the
	// page shows it instead of end.
	held *seatmsg.Held
}

// Open asks whether the player's tournament has seated them meanwhile
// (a duplicate round's table ends; the next round's opens).
func (p *Page) Open(c *common.Common) tea.Cmd { return c.CallToTable() }

// WatchesHall: at no table, the player is taken from the end page to
// their tournament's next table as soon as it opens.
func (*Page) WatchesHall(c *common.Common) bool { return c.AwaitsTable() }

// Update takes the table's end, the tournament side's word, and a key
// on the end page: back goes to the lobby.
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	if t, ok := c.AwaitTable(msg); ok {
		return t
	}
	switch e := msg.(type) {
	case common.DupEnd:
		*p = Page{end: e.End, game: e.Game, me: e.Me}
		return common.Turn{}
	case seatmsg.Held:
		*p = Page{held: &e}
		return common.Turn{}
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return common.Turn{}
	}
	c.Flash = ""
	switch {
	case key.Matches(k, c.Keys.Back) && p.held != nil && p.held.Tourney != "":
		id := p.held.Tourney
		*p = Page{}
		return common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: id}}
	case key.Matches(k, c.Keys.Back):
		*p = Page{}
		return common.BackToLobby
	default:
		c.OtherKey(k)
	}
	return common.Turn{}
}

// Lines draws a duplicate table's end page: every player's duplicate
// score (the deals' hands against the mean of the same racks) beside
// the usual score, best first.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	if p.held != nil {
		return p.heldLines(c)
	}
	st := c.Styles()
	d := p.end
	keys := []key.Binding{c.Keys.Back, c.Keys.Lang}
	if d == nil {
		return nil, keys
	}
	title := c.Tr.T("dup.title", c.GameName(p.game), d.Deals, d.Played)
	if d.Deals == 1 {
		title = c.Tr.T("dup.title.one", c.GameName(p.game), d.Played)
	}
	lines := []string{st.Bold.Render(title), ""}
	order := []int{0, 1, 2, 3}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(d.Score[b], d.Score[a]) })
	lines = append(lines, st.Dim.Render(fmt.Sprintf("   %-16s %10s %12s", "", c.Tr.T("dup.col.dup"), c.Tr.T("dup.col.usual"))))
	for i, pl := range order {
		mark := "  "
		style := st.Text
		if pl == p.me {
			mark, style = "> ", st.Bold
		}
		place := i + 1
		if i > 0 && d.Score[pl] == d.Score[order[i-1]] {
			place = 0 // a tie shares the place above
		}
		pls := "  "
		if place > 0 {
			pls = fmt.Sprintf("%d.", place)
		}
		lines = append(lines, style.Render(fmt.Sprintf("%s%s %-16s %10s %12d", mark, pls, safetext.CutWidth(d.Names[pl], 16),
			duplicate.Quarters(d.Score[pl]).String(), d.Totals[pl])))
	}
	usual := "dup.usual.classic"
	if p.game == string(game.Okey101) {
		usual = "dup.usual.101"
	}
	lines = append(lines, "", st.Dim.Render(c.Tr.T("dup.explain")), st.Dim.Render(c.Tr.T(usual)))
	return lines, keys
}
