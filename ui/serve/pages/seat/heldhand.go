package seat

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// heldHand is the end of a hand the table holds back (its deal other
// tables may still be dealing: seatmsg.Update's HeldHand), nil when the
// last update is not one. The game's screen is not given it: it keeps
// the hand as it was played, and the page says the seat's own place and
// score in its stead until the next hand's view comes.
func (p *Page) heldHand() *seatmsg.HeldHand {
	if p.lastUpdate == nil || p.scr == nil {
		return nil
	}
	return p.lastUpdate.HeldHand
}

// heldKey takes a key while the hand's end is held: ready for the next
// hand, the language; q is the table's leave (asked first, a match in
// play), before this.
func (p *Page) heldKey(c *common.Common, k tea.KeyPressMsg) common.Turn {
	h := p.heldHand()
	switch {
	case key.Matches(k, c.Keys.Ready) && c.At != nil:
		c.At.Send(tables.Request{Kind: tables.ReqMove, Move: seatmsg.Intent{Kind: seatmsg.IntentReady, Hand: h.Hand, Redeal: h.Redeal}})
	default:
		c.OtherKey(k)
	}
	return common.Turn{}
}

// heldLines draw the end of a hand held back: the hand, the seat's place
// and score so far, why no more is shown, and whether they said they
// are ready.
func (p *Page) heldLines(c *common.Common) ([]string, []key.Binding) {
	h := p.heldHand()
	st, w := c.Styles(), c.PageWidth()
	title := c.Tr.T("held.hand.title", h.Hand)
	if h.Hands > 0 {
		title = c.Tr.T("held.hand.title.of", h.Hand, h.Hands)
	}
	score := "held.score.classic"
	if h.Game == string(game.Okey101) {
		score = "held.score.101"
	}
	lines := []string{st.Bold.Render(title), ""}
	for _, l := range tourneyview.Wrap(c.Tr.T("held.place", h.Place)+" · "+c.Tr.T(score, h.Score), w, 2) {
		lines = append(lines, st.Text.Render(l))
	}
	lines = append(lines, "")
	for _, l := range tourneyview.Wrap(c.Tr.T("held.hand.wait"), w, 0) {
		lines = append(lines, st.Dim.Render(l))
	}
	keys := []key.Binding{c.Keys.Ready, c.Keys.Leave, c.Keys.Lang}
	if h.Ready {
		lines = append(lines, "")
		for _, l := range tourneyview.Wrap(c.Tr.T("held.hand.ready"), w, 0) {
			lines = append(lines, st.Text.Render(l))
		}
		keys = keys[1:]
	}
	if p.leaving {
		lines = append(lines, "")
		for _, l := range tourneyview.Wrap(c.LeaveWords("leave.confirm"), w, 0) {
			lines = append(lines, st.Warn.Render(l))
		}
	}
	return lines, keys
}
