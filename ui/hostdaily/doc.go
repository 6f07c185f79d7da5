// Package hostdaily is the daily as the app hosts it: the day's set of
// hands played in seat 0 against three hard bots, a hand after the
// other, each hand a match of its own (its record an ordinary one,
// carrying the day in its meta: game/daily's Set.Meta), saved, paused
// and resumed as any match. Par is measured in the background
// (bots/par) from the daily's start: the player never waits for it.
//
// The app's Model holds one *Daily while a daily is on the table and
// hands it the app's state of the moment as one value (In: the
// statistics, the words and styles in pages.Common, the clock's day,
// the settings, the match on the table); every step of the daily
// answers with one value (Result: a hand's deal to put on the table,
// what becomes of the match that was there, notices, the screen, a
// save, par, a review, the daily left), which the Model carries out the
// same way whatever step it came from: it never reaches into the Model,
// and the Model never asks whether the format on the table is a daily
// (Format). A hand is scored as a served daily's is: its outcome handed
// to game/format's Daily. What is decided and counted (for the record
// or practice, a hand's outcome, the streak) is ui/playdaily's, pure.
//
// The files:
//
//	format.go   Format, what the app asks of the format on the table (a match of one's
//	            own, the daily, a served daily's hand): the hand's number and badge,
//	            its lines at a hand's end, whether its hands count and the hint is
//	            allowed, a hand's end taken and what follows; Match, a match of one's
//	            own
//	served.go   a served daily's hand at a seat's table (Served): the header's badge, the
//	            page after the hand, its key's words
//	paused.go   the match paused for a daily: put back at the start (Unpause), read
//	            to come back in the daily's place (ReadPaused), settled
//	host.go     the daily as the Model hosts it: In down, Result up; opened (Open,
//	            Start), a saved hand's daily taken up (Resumed), the next hand
//	            (Next), a hand's end (Ended), its work taken in (Took), its pages'
//	            keys (Key, Ask's Answer) and view
//	review.go   the records of the day's hands for the coach's review, found among the
//	            finished matches when this run did not play them
//	pages.go    the pages and lines: the date asked about (Ask), the daily's page after
//	            its last hand (Page), the opening, a hand's end, the resume line, the
//	            header's badge, the statistics page's part
//	daily.go    Daily: begun or taken up from a saved hand's record, a hand's deal, a
//	            hand's end scored through game/format's Daily, par measured
//
// It may import game/daily, game/format, the engines (to check a hand's
// record), bots/par, ui/playdaily, ui/pages, ui/stats, kit/store,
// ui/settings, ui/keymap, kit/seatmsg, ui/seats, ui/canvas, kit/i18n, the
// Charm libraries and the standard library; never package ui.
package hostdaily
