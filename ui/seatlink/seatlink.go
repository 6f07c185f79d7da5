// Package seatlink holds what the screen of a seat at a table it does
// not own (okey serve) keeps of that table, in either game, and the
// steps both games' seats take with it, written once: how
// the table's seats turn to the screen's, who holds each seat and who
// is ready, the host, the turn's clock, the chat, the refusals and the
// match's commitment taken in once each, and sending an intent (a
// spectator sends none; a move waits for the update that answers it).
// The game on the table is each game's side's (ui/playclassic,
// ui/play101); what the screen makes of it is the app's (package ui).
//
// It imports kit/seatmsg, ui/seats, kit/i18n and Bubble Tea, and nothing
// of ui or of either game's referee.
package seatlink

import (
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/ui/seats"
)

// Link is what a seat's screen knows of its table. Make it with New.
type Link struct {
	// Rot is the table's seat shown at the bottom (0 for a spectator):
	// every seat number the table sends is turned by it (Turned).
	Rot      int
	Watching bool
	// Got is set once an update has come.
	Got bool
	// Players and Ready are the table's, turned.
	Players [seats.N]seatmsg.Player
	Ready   [seats.N]bool
	// Host is set when this seat may start a new match.
	Host bool
	// Deadline is when the seat to move runs out of time (zero: no
	// timer); Ticking is the deadline the clock's tick on its way was
	// set for (zero: none is).
	Deadline time.Time
	Ticking  time.Time
	// Fair is the match's commitment as last told.
	Fair seatmsg.Fairness
	// Between is what the status line was told between hands (whom the
	// next hand waits for): once a hand is dealt it is old news.
	Between string

	send    func(seatmsg.Intent) bool
	chatSeq uint64 // the last chat line taken in
	refused uint64 // the last refusal told
	waiting bool   // a move sent, until the next update
}

// New is the link of the screen at seat (-1 to watch), which hands its
// intents to send (false when the table cannot take one now).
func New(seat int, send func(seatmsg.Intent) bool) *Link {
	return &Link{Rot: max(0, seat), Watching: seat < 0, send: send}
}

// Turned is where the table's seat s sits on this screen.
func (l *Link) Turned(s int) int { return seats.Turn(s, l.Rot) }

// Take takes in the table around the game from an update: the players
// and who is ready (turned, as the view is), the host, the clock; a
// move sent has had its answer. It reports whether the player has just
// run out of time (their bot plays for them now).
func (l *Link) Take(u seatmsg.Update) (away bool) {
	wasAway := l.Got && l.Players[0].Kind == seatmsg.Away
	l.Got = true
	l.waiting = false
	l.Players = seats.TurnAll(u.Players, l.Rot)
	l.Ready = seats.TurnAll(u.Ready, l.Rot)
	l.Host = u.Host
	l.Deadline = u.Deadline
	return !l.Watching && !wasAway && l.Players[0].Kind == seatmsg.Away
}

// Sent is what came of an intent the screen tried to send.
type Sent uint8

// What came of an intent.
const (
	// Gone: the table has it.
	Gone Sent = iota
	// Watching: a spectator sends nothing.
	Watching
	// Waiting: a move is on its way; the next update says what came of
	// it, and nothing more goes until then.
	Waiting
	// Busy: the table could not take it now.
	Busy
)

// Key is the words' key of what the player is told of s ("" for Gone).
func (s Sent) Key() string {
	switch s {
	case Watching:
		return "status.watching"
	case Waiting:
		return "status.sent"
	case Busy:
		return "status.busy"
	}
	return ""
}

// CanMove reports whether a move may go now: Gone, or why not.
func (l *Link) CanMove() Sent {
	switch {
	case l.Watching:
		return Watching
	case l.waiting:
		return Waiting
	}
	return Gone
}

// Move sends a move (the seats of its actions the table's already),
// once CanMove allows: nothing more goes until the next update.
func (l *Link) Move(in seatmsg.Intent) Sent {
	if s := l.CanMove(); s != Gone {
		return s
	}
	if !l.send(in) {
		return Busy
	}
	l.waiting = true
	return Gone
}

// Ask sends an intent that is not a move (ready for the next hand, a
// new match), which no update answers: a spectator sends none.
func (l *Link) Ask(in seatmsg.Intent) Sent {
	switch {
	case l.Watching:
		return Watching
	case !l.send(in):
		return Busy
	}
	return Gone
}

// NewChat is the chat lines not taken in yet.
func (l *Link) NewChat(chat []seatmsg.ChatLine) []seatmsg.ChatLine {
	var out []seatmsg.ChatLine
	for _, c := range chat {
		if c.Seq > l.chatSeq {
			l.chatSeq = c.Seq
			out = append(out, c)
		}
	}
	return out
}

// TakeFair takes in the match's commitment; it reports a commitment
// not told before ("" for none).
func (l *Link) TakeFair(f seatmsg.Fairness) string {
	seen := l.Fair.Commit
	l.Fair = f
	if f.Commit == "" || f.Commit == seen {
		return ""
	}
	return f.Commit
}

// Notes are what an update adds to a game's log beside its moves, in
// the player's words, taken in once: the match's commitment not told
// before ("" for none), and the chat lines not taken in yet (Chat),
// each with its words (Said).
type Notes struct {
	Fair string
	Chat []seatmsg.ChatLine
	Said []string
}

// Notes takes in the commitment and the chat of u (TakeFair, NewChat),
// worded by fair and said, for either game's log (Place): what the
// notes are is the same at both tables, only the log's entries differ.
func (l *Link) Notes(u seatmsg.Update, fair func(commit string) string, said func(seatmsg.ChatLine) string) Notes {
	var n Notes
	if c := l.TakeFair(u.Fair); c != "" {
		n.Fair = fair(c)
	}
	n.Chat = l.NewChat(u.Chat)
	for _, c := range n.Chat {
		n.Said = append(n.Said, said(c))
	}
	return n
}

// Place puts notes into a game's log: the commitment at its end (note
// makes its entry), then each chat line where it was said among the
// moves (seatmsg.ChatAt): entry reads an entry as ChatAt does, line
// makes a chat line's entry of its words.
func Place[E any](log []E, n Notes, note func(text string) E, entry func(e *E) (chat, event bool, deal, at int), line func(c seatmsg.ChatLine, text string) E) []E {
	if n.Fair != "" {
		log = append(log, note(n.Fair))
	}
	for i, c := range n.Chat {
		p := seatmsg.ChatAt(c, len(log), func(i int) (bool, bool, int, int) { return entry(&log[i]) })
		log = slices.Insert(log, p, line(c, n.Said[i]))
	}
	return log
}

// Refusal is what the player is told of the table's refusal seq, in
// tr's words, once: "" for one told before, one made before the screen
// opened (first) or one without words. text is the refusal's key in
// the words (a reason's, "err.why.…", or the table's own), else an
// error in English, shown as it is only where the words say so.
func (l *Link) Refusal(tr *i18n.Catalog, text string, seq uint64, first bool) string {
	if seq <= l.refused {
		return ""
	}
	l.refused = seq
	switch {
	case first || text == "":
		return ""
	case strings.HasPrefix(text, "err.why.") && tr.Has(text):
		return tr.T("status.refused", tr.T(text))
	case tr.Has(text):
		return tr.T(text)
	case tr.T("err.raw") == "yes":
		return tr.T("status.refused", text)
	}
	return tr.T("status.refused", tr.T("err.why.other"))
}

// NotReady are the seats held by players not yet ready for the next
// hand, in order: whom the table waits for.
func (l *Link) NotReady() []int {
	var out []int
	for i, p := range l.Players {
		if p.Kind == seatmsg.Human && !l.Ready[i] {
			out = append(out, i)
		}
	}
	return out
}

// Left is the seconds the clock of the seat to move shows at now,
// false when the turn is not timed: every second of the last ten, and
// before them the time left rounded up to five seconds (30 for 26 to
// 30). A player needs the last seconds one by one; before that, that
// the clock runs and about how far, which every five seconds says.
// Each change of the clock is a frame sent to every player at the
// table: a clock that changed every second sent one more frame a
// second to each of them, on a phone's data plan.
func (l *Link) Left(now time.Time) (int, bool) {
	if l.Deadline.IsZero() {
		return 0, false
	}
	return shownLeft(l.Deadline.Sub(now)), true
}

// clockGrain is the step of the clock above clockFine seconds.
const (
	clockGrain = 5
	clockFine  = 10
)

// shownLeft is what the clock shows with d left: the whole seconds
// (rounded) up to clockFine, above it rounded up to clockGrain.
func shownLeft(d time.Duration) int {
	n := max(0, int(d.Round(time.Second)/time.Second))
	if n > clockFine {
		n = (n + clockGrain - 1) / clockGrain * clockGrain
	}
	return n
}

// nextChange is how long after a moment with d left the clock shows
// something else (a second on once it shows 0: the deadline may be
// put back).
func nextChange(d time.Duration) time.Duration {
	n := shownLeft(d)
	if n == 0 {
		return time.Second
	}
	// It shows n while the time left rounds to more than below.
	below := n - 1
	if n > clockFine {
		below = n - clockGrain
	}
	wait := d - (time.Duration(below)*time.Second + time.Second/2)
	return max(wait, time.Millisecond) + time.Millisecond
}

// Level is the second line of seat's panel: whether a person (ready,
// between hands; rated) or a bot (its level) holds the seat.
func (l *Link) Level(tr *i18n.Catalog, seat int, handOver bool) string {
	p := l.Players[seat]
	switch p.Kind {
	case seatmsg.Human:
		if handOver && l.Ready[seat] {
			return tr.T("seat.ready")
		}
		if p.Rated {
			return tr.T("seat.human.rated", p.Rating)
		}
		return tr.T("seat.human")
	case seatmsg.Away:
		return tr.T("seat.away")
	case seatmsg.Awaited:
		return tr.T("seat.awaited")
	}
	return tr.T("seat.bot", tr.T("level."+p.Level))
}

// TickMsg redraws the turn's clock when what it shows changes (Left),
// for the deadline it was set for.
type TickMsg struct{ For time.Time }

// tick is the clock's next tick at now, for the link's deadline.
func (l *Link) tick(now time.Time) tea.Cmd {
	l.Ticking = l.Deadline
	at := l.Deadline
	return tea.Tick(nextChange(at.Sub(now)), func(time.Time) tea.Msg { return TickMsg{For: at} })
}

// Clock starts the clock's tick at now if the turn is timed and no
// tick is on its way for its deadline (one set for an older deadline
// is dropped when it comes).
func (l *Link) Clock(now time.Time) tea.Cmd {
	if l.Deadline.IsZero() || l.Ticking.Equal(l.Deadline) {
		return nil
	}
	return l.tick(now)
}

// OnTick keeps the clock going at now while a turn is timed and the
// screen is open; a tick set for another deadline than the one its
// clock now follows is dropped.
func (l *Link) OnTick(msg TickMsg, now time.Time, quitting bool) tea.Cmd {
	if !msg.For.Equal(l.Ticking) {
		return nil
	}
	if l.Deadline.IsZero() || quitting {
		l.Ticking = time.Time{}
		return nil
	}
	return l.tick(now)
}

// Taken is what a game's side made of an update (playclassic's and
// play101's TakeUpdate), for what the screen does next, the same in
// both games: where the match stood before the update (Was) and where
// it stands now (Now).
type Taken struct {
	// First is the seat's first view of the game; NewMatch is set when
	// the update begins a new match (the rack and the log begun anew).
	First, NewMatch bool
	Was, Now        Stand
}

// Stand is where a match stands, as the screen of a seat reads it.
type Stand struct {
	// Mine: the turn is the player's; Playing: a hand is being played;
	// HandOver and MatchOver: the hand, or the match, is over.
	Mine, Playing, HandOver, MatchOver bool
}
