package hostdaily

import (
	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/ui/pages"
)

// Served is a served daily's hand at a seat's table (the table plays
// the day's hands one match each, and says which hand it is dealing):
// what the header and the page after the hand say of it.
type Served struct{ D *seatmsg.Daily }

// NextKey is the catalogue key of the words of the key that goes on
// after the hand: the next hand, or after the day's last the lobby.
func (s Served) NextKey() string {
	if s.D.Hand >= s.D.Of {
		return "served.key.lobby"
	}
	return "served.key.next"
}

// Badge is what the header says in place of the hand of its one-hand
// match: the local daily's words ("Daily 2/4"), which leave the dealer
// and the points room at 80 columns; the day's date is on the page
// after each hand.
func (s Served) Badge(tr *i18n.Catalog) string {
	d := s.D
	if d.Practice != "" {
		// Practice, as the local daily marks it: on every hand.
		return tr.T("daily.badge", d.Hand, d.Of) + " · " + tr.T("daily.practice")
	}
	return tr.T("daily.badge", d.Hand, d.Of)
}

// HandLines are what the page after the hand says of the day: which
// hand it was, and what comes next.
func (s Served) HandLines(c *pages.Common) []string {
	d := s.D
	next := c.Tr.T("served.handend.next", d.Hand+1, d.Of)
	if d.Hand >= d.Of {
		next = c.Tr.T("served.handend.last")
	}
	lines := []string{"", c.St.Bold.Render(c.Tr.T("daily.handend", d.Date, d.Hand, d.Of))}
	if d.Practice != "" {
		lines = append(lines, c.St.Bold.Render(c.Tr.T("served.practice."+d.Practice)))
	}
	return append(lines, wrap(c, []string{next})...)
}
