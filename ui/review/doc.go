// Package review is the work behind the app's review pages, apart from
// the Model that hosts them: the coach's review of a hand or a match
// (bots/coach, as okey review gives it) worked out in a goroutine that
// says how far it got, and the saved matches read from the state
// directory. Both answer in tea.Msgs that the host hands back (Take,
// ListMsg, RecordMsg), so that Update does no I/O and no heavy work;
// the pages themselves (what is drawn, what a key asks) are ui/pages'.
//
// The coach reads a match's record and judges every decision from the
// reviewed seat's view alone (the worlds it plays out are sampled from
// what that seat could see), so a review never learns another seat's
// tiles. After a hand is over, and only then, the review shows beside
// each decision what the belief of the racks read of each other rack
// from that seat's view (bots/belief in classic, the judge's worlds; in
// 101 bots/belief101 weighed by the turns its worlds explain, read
// after the judging while the page counts them), and what each rack
// really held (ReadsOf).
//
// The files:
//
//	work.go     a review worked out in the background: Start, its messages taken in, Close
//	reads.go    Options, what tunes a review; ReadsOf: the belief's reading of the other
//	            racks at each decision of a hand that is over, beside the racks as they were
//	say.go      Say: okey review's report says the coach's words as the review page does;
//	            handsOf: each decision's okey and table, as the seat saw them
//	saved.go    the saved matches: their list and a chosen record, read in tea.Cmds
//
// It may import bots/coach, bots/belief, bots/belief101, the referees (game/classic, game/okey101 and its meld solver, game/record,
// game/tile), ui/cli (the review's engine), ui/pages (what a review
// and a list hold), kit/i18n (the words), kit/store, Bubble Tea and the
// standard library; never package ui.
package review
