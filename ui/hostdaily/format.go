package hostdaily

import (
	"okey/ui/i18n"
	"okey/ui/pages"
)

// Format is what the app's screens ask of the format the match on the
// table is played in: a match of one's own (Match), the daily (*Daily)
// or a served daily's hand (Served). The screens ask it, never which
// format it is.
type Format interface {
	// FirstHand is the number the match's first hand has in the format
	// (0: the match's own count, from 1).
	FirstHand() int
	// Badge is what the header says in place of the match's count, in
	// tr's words ("" for the match's own). It takes the catalogue alone:
	// the header is drawn every frame, and a pages.Common made for it
	// would be an allocation a key.
	Badge(tr *i18n.Catalog) string
	// HandLines are what a hand's end says of the format before the
	// game's page (none: nothing).
	HandLines(c *pages.Common) []string
}

// Match is a match of one's own: its hands counted as its own, nothing
// said around them.
type Match struct{}

// FirstHand is 0: the match's own count.
func (Match) FirstHand() int { return 0 }

// Badge is none.
func (Match) Badge(*i18n.Catalog) string { return "" }

// HandLines are none.
func (Match) HandLines(*pages.Common) []string { return nil }

// FirstHand is the daily's hand on the table: each of the day's hands is
// a match of its own, its first hand the day's.
func (d *Daily) FirstHand() int { return d.hand }

// FirstHand is the day's hand the served table deals.
func (s Served) FirstHand() int { return s.D.Hand }

var (
	_ Format = Match{}
	_ Format = (*Daily)(nil)
	_ Format = Served{}
)
