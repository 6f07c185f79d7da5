// Package between is the app's pages between hands as the Model hosts
// them, both games alike: the match found saved (Resume), a hand's end
// (HandEnd) and the final table (Final) — each a ui/pages component fed
// the game's values (hosting.Pages) and the app's state of the moment,
// handed down as one value (State). What a page shows and which keys
// its bar offers is decided here from that value; the Model frames the
// page, scrolls it, and acts on its keys.
//
// It may import ui/pages, ui/canvas, ui/hosting, ui/hostdaily, ui/table,
// kit/seatmsg, the Charm libraries and the standard library; never
// package ui.
package between

import (
	"charm.land/bubbles/v2/key"

	"okey/kit/seatmsg"
	"okey/ui/canvas"
	"okey/ui/hostdaily"
	"okey/ui/hosting"
	"okey/ui/pages"
	"okey/ui/table"
)

// State is what the pages between hands read of the app, as values.
type State struct {
	C *pages.Common
	// Words name the seats; Levels are the bots' levels by seat.
	Words  table.Words
	Levels [table.Seats]string
	// Daily is the daily on the table (nil: none); Served a served
	// daily's hand at a seat's table (nil: none).
	Daily  *hostdaily.Daily
	Served *seatmsg.Daily
	// Format is the format the match is played in, as the screens ask
	// it (a match of one's own: hostdaily.Match).
	Format hostdaily.Format
	// Seat: the screen is a seat at a served table; ReadOnly: it only
	// looks at another game's match; Paused: a match waits for the
	// daily to leave the table.
	Seat, ReadOnly, Paused bool
	// OnResume: the resume page is on show.
	OnResume bool
	// Next and Other name the game a new match would be of and the
	// other one (the catalogue's keys: hosting.About's Name).
	// AskedOther: the match offered to resume is not of the game the
	// command line asked for, which a new match is (AskedNow: the next
	// game is still that one).
	Next, Other          string
	AskedOther, AskedNow bool
	// Fair are a served match's lines on its commitment, revealed (the
	// match over) or not.
	Fair, FairRevealed []string
}

// NextGameLine says which game a new match will be, and how to switch.
func (s State) NextGameLine() string {
	if s.Seat {
		return "" // a table over SSH plays the game it was opened for
	}
	tr, keys := s.C.Tr, s.C.Keys.Resume
	now, other := s.Next, s.Other
	if s.AskedOther && s.OnResume && s.AskedNow {
		// The game asked for on the command line is not the one saved:
		// n starts the one asked for, enter goes on with the other.
		return tr.T("game.asked", tr.T(now), keys.NewMatch.Help().Key, tr.T(other), keys.Resume.Help().Key)
	}
	return tr.T("game.next", tr.T(now), keys.Game.Help().Key, tr.T(other))
}

// NewMatchLine is the resume page's and the final table's line of what
// comes next: the game of a new match, and d for today's daily (the
// entry a player finds it by without the command line).
func (s State) NewMatchLine() string {
	tr := s.C.Tr
	if s.Paused && s.Daily != nil && !s.Seat {
		return tr.T("daily.paused.line", s.C.Keys.Resume.NewMatch.Help().Key)
	}
	next := s.NextGameLine()
	if s.Seat || s.ReadOnly || (s.Daily != nil && !s.Daily.Over() && s.OnResume) {
		return next // a served table, a look, a daily to resume: no daily to begin
	}
	return next + " " + tr.T("daily.entry", hostdaily.NewKeys(s.C, false).Start.Help().Key)
}

// Resume is the resume page of the match found saved: what is saved in
// words and each seat's score (the game's: hosting.Pages' Resume, where
// the file it is saved in), each seat's name with its bot's level, the
// game of a new match. A daily's hand says the daily's count, and n
// says where it goes when a match is paused.
func (s State) Resume(resume func(where string) (string, func(seat int) string), where string) pages.Resume {
	body, score := resume(where)
	if s.Daily != nil {
		// A daily's hand is its match's first: the daily's count is the
		// one to say (a hand of the daily on the page is under way:
		// one that ended goes on to the next as it is read).
		body = s.Daily.ResumeLine(s.C, where)
	}
	rows := make([][2]string, table.Seats)
	for seat := range rows {
		rows[seat] = [2]string{s.whoLevel(seat), score(seat)}
	}
	c := s.C
	if s.Daily != nil && s.Paused {
		cc := *c
		keys := *c.Keys // n says where it goes: back to the paused match
		keys.Resume.NewMatch.SetHelp(keys.Resume.NewMatch.Help().Key, c.Tr.T(hostdaily.NewMatchWords(true, "")))
		cc.Keys = &keys
		c = &cc
	}
	return pages.NewResume(c, body, rows, s.NewMatchLine())
}

// whoLevel names a seat with its bot's level.
func (s State) whoLevel(seat int) string {
	if seat == 0 {
		return s.Words.SeatName(0)
	}
	return s.Words.SeatName(seat) + " (" + pages.LevelName(s.C, s.Levels[seat]) + ")"
}

// HandEndLines are the hand's end page's lines: a daily's result
// against par (or a served daily's hand and what comes next) first —
// it is what the player came for, and below a 101 hand's table it was
// off an 80×24 screen — then the game's page g (none when there is
// none to show).
func (s State) HandEndLines(g hosting.HandEnd) []string {
	var own []string
	if h, ok := g.Page(); ok {
		own = pages.NewHandEnd(s.C, h).Lines()
	}
	return append(topOf(s.Format.HandLines(s.C)), own...)
}

// topOf are lines written to follow a page's own (a blank line, then
// theirs), put above it instead: the blank line after them.
func topOf(lines []string) []string {
	if len(lines) == 0 {
		return nil
	}
	if lines[0] == "" {
		lines = lines[1:]
	}
	return append(lines, "")
}

// HandEndBar is the key bar of the hand's end g, both games: next, the
// review, the game's score page and quitting, then what else the
// game's page names (the settings, classic's statistics). After the
// match's last hand next says it leads to the final table, and the
// rest goes; a page that scrolls (scrolls: it is longer than the page)
// says how in place of the rest (its keys still work). A daily's hand
// goes on to the next hand or the daily's page, a served daily's to the
// next hand or the lobby: never to its one-hand match's final table.
//
// Quitting comes before the rest, and before the review and the sheet
// on a page that scrolls: at 80 columns the bar leaves its last keys
// out (in Turkish classic's statistics too), and these pages have no
// header that names q.
func (s State) HandEndBar(g hosting.HandEnd, scrolls bool) []key.Binding {
	next, more := g.Next, g.More
	if s.Served != nil {
		next.SetHelp(next.Help().Key, s.C.Tr.T(hostdaily.Served{D: s.Served}.NextKey()))
	}
	k := s.C.Keys.HandOver
	if g.Over && s.Daily == nil && s.Served == nil {
		next.SetHelp(next.Help().Key, s.C.Tr.T("key.final"))
		more = nil
	}
	if scrolls {
		o := s.C.Keys.Overlay
		return []key.Binding{next, o.Scroll, o.Page, k.Quit, k.Review, g.ScoresKey}
	}
	return append([]key.Binding{next, k.Review, g.ScoresKey, k.Quit}, more...)
}

// Final is the final table of the game on the table f (its rows are
// the game's: hosting.Pages' Final), on a page h lines high: the
// game's sheet of every hand when the page has room for it beside the
// rest (the title, the verdict and its rule, the head, the rows), a
// served match's commitment revealed, the game of a new match. ok is
// false while the match goes on: the page is empty, the bar the
// game's.
func (s State) Final(f hosting.Final, h int) (p pages.Final, ok bool) {
	if !f.OK {
		return pages.Final{}, false
	}
	t := f.Table
	if len(f.Sheet) > 0 && 6+len(t.Rows)+1+len(f.Sheet)+len(s.FairRevealed)+2 <= h && fitsWidth(f.Sheet, s.C.TextW()) {
		t.After = append(append(t.After, ""), f.Sheet...)
	}
	t.After = append(t.After, s.FairRevealed...)
	t.After = append(t.After, "")
	for _, l := range canvas.Wrap(s.NewMatchLine(), max(1, s.C.TextW())) {
		t.After = append(t.After, s.C.St.Dim.Render(l))
	}
	return pages.NewFinal(s.C, t, f.Bar), true
}

// fitsWidth says whether no line of lines is wider than w: the score
// sheet under the final table is left out where it would be cut (its
// own page, r, draws it to the width).
func fitsWidth(lines []string, w int) bool {
	for _, l := range lines {
		if canvas.Width(l) > w {
			return false
		}
	}
	return true
}
