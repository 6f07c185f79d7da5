package hostdaily

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/daily"
	"okey/kit/store"
	"okey/ui/keymap"
	"okey/ui/pages"
	"okey/ui/playdaily"
	"okey/ui/settings"
	"okey/ui/stats"
)

// In is the app's state of the moment as the daily reads it, handed
// down as one value: the Model builds it afresh for each call and acts
// on the Result that comes back. The daily never reaches into the
// Model.
type In struct {
	C *pages.Common
	// Stats are the player's statistics, where the daily keeps its
	// entry; Files the state directory, where the day's hands ended in
	// an earlier run are found for their review.
	Stats *stats.File
	Files *store.Files
	// Today is the day by the clock; Started a match started now, for
	// its record's meta.
	Today   daily.Date
	Started string
	// Set are the settings in effect: a hand is played under them, with
	// the daily's game and rules.
	Set settings.Settings
	// Refused: the screen only looks at another game's match, or is a
	// served seat's; no daily is begun there.
	Refused bool
	// Holding: a match's record is on the table; Over: that match has
	// ended; Saving: the match is being saved (a match under way can be
	// paused, not only filed).
	Holding, Over, Saving bool
	// Begun: the player began the match held (moved in it, or resumed
	// it); one the app dealt and nobody touched is never paused.
	Begun bool
	// Paused: a match waits for the daily to leave the table.
	Paused bool
	// OnPage: the daily's page is on show (the records of its hands
	// brought for a review open it only there).
	OnPage bool
}

// Old is what becomes of the match that was on the table when a hand is
// dealt in its place.
type Old uint8

const (
	// Kept: nothing (there was none, or it was filed already).
	Kept Old = iota
	// Paused: it waits in the state directory for the daily to leave
	// the table (store.Files.PauseMatch).
	Paused
	// Retired: it is filed with the finished matches, under Result.Why.
	Retired
)

// Show is the screen a Result leads to.
type Show uint8

const (
	// Stay: the screen on show stays.
	Stay Show = iota
	// Notice: the notice page, then the table.
	Notice
	// Table: the table, the hand dealt on it.
	Table
	// Page: the daily's page after its last hand, from its top.
	Page
)

// Deal is a hand of the daily to put on the table: a match of its own,
// the settings it is played under (Set: its game and rules), its seed
// and its record's meta. The host starts it on its game's table and
// hands the record back (Dealt).
type Deal struct {
	Seed uint64
	Meta map[string]string
	Set  settings.Settings
	d    *Daily
	k    int
}

// Dealt takes in that the hand's match, record rec, is on the table; an
// error when rec is not the day's hand it names.
func (h Deal) Dealt(rec []byte) error { return h.d.Dealt(h.k, rec) }

// Result is what the daily asks of its host, as a value, carried out in
// this order: the daily on the table set (Daily, when Set), a hand dealt
// (when it cannot be, Flash says why and nothing after it is done: the
// daily is dropped again when it was new), the match before kept,
// paused or filed, the notices and the status, the screen, the entry
// put in the statistics, the save, par measured, the next turn asked;
// or the daily left, quitting, a page opened, a review begun.
type Result struct {
	// Set: the daily on the table is Daily from now on (nil: none).
	Set   bool
	Daily *Daily
	// Deal is a hand to put on the table (nil: none); Old what becomes
	// of the match that was there, Why the word it is filed under.
	Deal *Deal
	Old  Old
	Why  string
	// Notice are lines for the notice page; Flash a warning for the
	// status line, News a warning that outlives the turn coming round.
	Notice      []string
	Flash, News string
	Show        Show
	// Changed: the statistics changed (the daily's entry put there);
	// Save, Par, Turn: the match saved, par measured, the next player
	// asked.
	Changed, Save, Par, Turn bool
	// Leave: the daily leaves the table, its record filed under Why,
	// for the paused match or a new one.
	Leave bool
	// Quit, Stats: the app quits; the statistics page opens.
	Quit, Stats bool
	// Review is a review of the day's hands to open (nil: none); Cmd
	// a command to run (the records of its hands looked for).
	Review *Reviewed
	Cmd    tea.Cmd
}

// Open is the daily of g asked for (date zero: today's): its date asked
// about first (ask, for its page), or begun (Start). A screen that only
// looks, or a seat's, begins none.
func Open(in In, on *Daily, g game.Kind, date daily.Date) (ask *Ask, r Result) {
	if in.Refused {
		return nil, Result{Flash: in.C.Tr.T("status.readonly")}
	}
	c := playdaily.Decide(in.Stats, g, date, in.Today)
	if c.Ask != playdaily.AskNone {
		return &Ask{Game: g, Choice: c, Today: in.Today}, Result{}
	}
	return nil, Start(in, on, g, c)
}

// Start begins the daily of g on c's date in place of on (the daily on
// the table, nil for none): the match on the table paused (under way)
// or filed with the finished ones (over, or a daily's hand), the entry
// kept in the statistics, par measured in the background, and the first
// hand dealt after a page that names the day and its fingerprint.
func Start(in In, on *Daily, g game.Kind, c playdaily.Choice) Result {
	why := "abandoned"
	if on != nil && on.Done() || in.Over { // a daily's last hand, or a match, over
		why = "finished"
	}
	d, err := Begin(in.Stats, g, c, in.Started)
	if err != nil {
		return Result{Flash: err.Error()}
	}
	deal, err := d.deal(1, in)
	if err != nil { // the entry is in the statistics all the same
		return Result{Flash: err.Error(), Changed: true}
	}
	r := Result{Set: true, Daily: d, Deal: &deal, Why: why, Notice: d.Opening(in.C), Show: Notice, Changed: true, Save: true, Par: true}
	switch {
	// An ordinary match under way waits for the daily to leave the
	// table, rather than being filed with the finished ones.
	// A match the app dealt and the player never touched (after a
	// finished one) is filed without a word: it is not "your match".
	case in.Holding && on == nil && why == "abandoned" && in.Saving && in.Begun:
		r.Old = Paused
		r.Notice = append(r.Notice, in.C.Tr.T("daily.paused"))
	case in.Holding:
		r.Old = Retired
		if why == "abandoned" && (in.Begun || on != nil) {
			r.Notice = append(r.Notice, in.C.Tr.T("daily.retired"))
		}
	}
	return r
}

// deal is hand k's deal as the daily's format deals it (Deal).
func (d *Daily) deal(k int, in In) (Deal, error) {
	seed, meta, set, err := d.Deal(k, in.Set, in.Started)
	return Deal{Seed: seed, Meta: meta, Set: set, d: d, k: k}, err
}

// Next goes on from the end of a hand: the next hand dealt (the match of
// the hand before filed with the finished ones) and said, or after the
// last the daily's page.
func (d *Daily) Next(in In) Result {
	if d.Last() {
		d.Finish()
		return Result{Show: Page, Save: true}
	}
	k := d.hand + 1
	deal, err := d.deal(k, in)
	if err != nil {
		return Result{Flash: err.Error()}
	}
	r := Result{Deal: &deal, Why: "finished", Show: Table, Save: true, Turn: true,
		News: in.C.Tr.T("daily.hand", k, len(d.set.Hands), d.short)}
	if in.Holding {
		r.Old = Retired
	}
	return r
}

// Ended takes in the end of the hand on the table (rec, its record),
// its score kept in the entry and the entry put in the statistics f
// (changed: f changed); over reports whether the hand is over.
func (d *Daily) Ended(f *stats.File, rec []byte) (over, changed bool) {
	over, scored := d.HandEnded(rec)
	if scored {
		d.Put(f.PutDaily(d.Entry()))
	}
	return over, scored
}

// Took takes in what the daily's work brought: par measured (the entry
// put in the statistics and saved), or the records of the hands asked
// for review (opened while the daily's page is on show).
func (d *Daily) Took(in In, msg tea.Msg) Result {
	switch msg := msg.(type) {
	case ParMsg:
		if d.TookPar(msg) {
			d.Put(in.Stats.PutDaily(d.Entry()))
			return Result{Changed: true, Save: true}
		}
	case RecordMsg:
		if !in.OnPage {
			return Result{}
		}
		r, ok, none := d.TookRecords(in.C, msg)
		out := Result{Flash: none}
		if ok {
			out.Review = &r
		}
		return out
	}
	return Result{}
}

// Key is what a key on the daily's page after its last hand comes to.
func (d *Daily) Key(in In, k tea.KeyPressMsg) Result {
	do, n := d.Page(in.C, in.Stats, in.Today, in.Paused).Update(k)
	switch do {
	case Quit:
		return Result{Quit: true}
	case NewMatch:
		return Result{Leave: true, Why: "finished"}
	case Stats:
		return Result{Stats: true}
	case Review, ReviewHand:
		hands, none := d.ReviewHands(in.C, n)
		if none != "" {
			return Result{Flash: none}
		}
		r, ok, find := d.Records(in.C, in.Files, hands)
		if !ok {
			return Result{Cmd: find}
		}
		return Result{Review: &r}
	}
	return Result{Flash: in.C.Tr.T("daily.page.keys")}
}

// View is the daily's page after its last hand: its lines and its keys.
func (d *Daily) View(in In) ([]string, []key.Binding) {
	p := d.Page(in.C, in.Stats, in.Today, in.Paused)
	return p.Lines(), p.ShortHelp()
}

// Answer is what a key on the question about a daily's date comes to:
// the daily begun (yes), the question left (no: back), or the keys
// said.
func (a Ask) Answer(in In, on *Daily, k tea.KeyPressMsg) (r Result, answered, back bool) {
	switch a.Page(in.C).Update(k) {
	case Yes:
		return Start(in, on, a.Game, a.Choice), true, false
	case No:
		return Result{}, true, true
	}
	return Result{Flash: in.C.Tr.T("daily.ask.keys")}, false, false
}

// Starts reports whether k is the key that opens today's daily from a
// page between hands (d on the resume page and the final table).
func Starts(c *pages.Common, k tea.KeyPressMsg) bool {
	return key.Matches(k, NewKeys(c, false).Start)
}

// IsHint reports whether k is one of the tables' hint keys. They are
// matched by their keys, not key.Matches, which skips a key that is
// off: the hint's keys are off at a daily played for the record.
func IsHint(keys *keymap.KeyMap, k tea.KeyPressMsg) bool {
	is := func(ks []string) bool { return slices.Contains(ks, k.String()) }
	return is(keys.Table.Hint.Keys()) || is(keys.Table101.Hint.Keys())
}

// Resumed is the daily a saved record b is a hand of taken up again
// (OfRecord), to be the daily on the table: nothing when the record is
// no daily's, or the screen only looks. Its notes are said.
func Resumed(in In, b []byte) Result {
	if in.Refused {
		return Result{}
	}
	d, note := OfRecord(in.C.Tr, b, in.Stats, in.Started)
	r := Result{Set: d != nil, Daily: d, Changed: d != nil}
	if note != "" {
		r.Notice = []string{note}
	}
	return r
}
