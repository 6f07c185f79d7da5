package hostdaily

import (
	"okey/kit/i18n"
	"okey/ui/pages"
	"okey/ui/stats"
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
	// Tallies reports whether the hands played count in the games'
	// statistics (a daily is counted on its own, against par, and its
	// hands are no match against hard bots).
	Tallies() bool
	// HintRefused is the catalogue's key of why the hint is refused at
	// the table ("": it is not).
	HintRefused() string
	// Ended takes in the end of the hand on the table (rec, its record),
	// its result kept in the statistics f (changed: f changed); over
	// reports whether the format goes on from it itself (Next).
	Ended(f *stats.File, rec []byte) (over, changed bool)
	// Next is what follows a hand the format took the end of (Ended's
	// over): the next hand dealt, or the format's own page.
	Next(in In) Result
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

// Tallies: a match's hands count.
func (Match) Tallies() bool { return true }

// HintRefused is "": the hint is there.
func (Match) HintRefused() string { return "" }

// Ended is nothing: the match goes on by its own rules.
func (Match) Ended(*stats.File, []byte) (bool, bool) { return false, false }

// Next is nothing.
func (Match) Next(In) Result { return Result{} }

// Tallies: a daily's hands do not count as matches.
func (d *Daily) Tallies() bool { return false }

// HintRefused refuses the hint at a daily played for the record: the
// hint is the coach's move, and a result against par is the player's
// own. Practice may ask for it.
func (d *Daily) HintRefused() string {
	if d.Practice() {
		return ""
	}
	return "daily.nohint"
}

// Tallies: what a served seat counts is its table's (nothing here).
func (Served) Tallies() bool { return true }

// HintRefused is "": the served table says what it allows.
func (Served) HintRefused() string { return "" }

// Ended is nothing: the served table scores the day's hand.
func (Served) Ended(*stats.File, []byte) (bool, bool) { return false, false }

// Next is nothing: the served table deals the day's next hand.
func (Served) Next(In) Result { return Result{} }

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
