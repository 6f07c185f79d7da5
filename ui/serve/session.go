package serve

import (
	"time"

	gametourney "okey/game/tourney"

	tea "charm.land/bubbletea/v2"

	"okey/ui/serve/common"
	"okey/ui/serve/pages/board"
	"okey/ui/serve/pages/browsers"
	"okey/ui/serve/pages/bye"
	"okey/ui/serve/pages/create"
	"okey/ui/serve/pages/daily"
	"okey/ui/serve/pages/dupend"
	"okey/ui/serve/pages/entry"
	"okey/ui/serve/pages/lobby"
	"okey/ui/serve/pages/room"
	"okey/ui/serve/pages/seat"
	"okey/ui/serve/pages/tourney"
	"okey/ui/serve/pages/tourneyform"
	"okey/ui/serve/pages/tourneylist"
	"okey/ui/serve/tty"
)

// A session is one SSH connection's program: a small host of pages,
// each a package of its own under pages/ — the lobby, the form of a new
// table, a code typed, the leaderboard, the daily, a table's waiting
// room, the seat at a table (the game's own screen), a duplicate
// table's end, the tournaments' list, page and form, a last word —
// each of which takes the shared value (package common's Common) and a
// message and answers with a turn: the page to show next and a
// command. The host handles what every page shares (the window, the
// background, the chat line, idleness, the last word, quitting) and
// hands everything else to the page on show, or to the page whose
// command brought it (common.Owned: a table's messages go to the seat's
// page), never asking which page it is.

// session is a connection's model.
type session struct {
	// c is what the pages share: who, the size, the words, the styles,
	// the place at a table.
	c common.Common
	// lines draws the session's frames on the client (nil only in tests
	// that run the model without a connection).
	lines *tty.LineScreen
	// in is the session's input: closed before the program quits, which
	// it does once inputEnded, the input's end marker having arrived
	// (tty/input.go).
	in         *tty.Input
	inputEnded bool

	// page is the page on show.
	page common.PageID
	// The pages, each keeping its own state while another is shown.
	lobby    lobby.Page
	form     create.Page
	entry    entry.Page
	ranks    board.Page
	daily    daily.Page
	room     room.Page
	seat     seat.Page
	end      dupend.Page
	tourneys tourneylist.Page
	// The tournament's page and form hold text fields of a few
	// kilobytes each: made when first shown (pageOf), not for every
	// session that never opens them.
	tourney *tourney.Page
	tform   *tourneyform.Page
	links   browsers.Page
	bye     bye.Page

	// idle is when the player last pressed a key, and the check armed.
	idle idler
	// ends are the tournaments' phases as last listed: a player is
	// told when one they played in is over.
	ends ends

	// frame is the page as last drawn, and drawn says it still shows
	// the session as it is: Bubble Tea asks for the view after every
	// message, and a message that changed nothing (the hall's news at
	// a table, a list of tables that looks the same) must not cost a
	// whole table drawn again.
	frame tea.View
	drawn bool
}

// Messages of a session.
type (
	byeMsg struct{}
	// stoppingMsg: the server is stopping (SIGTERM, ctrl+c).
	stoppingMsg struct{}
	// replacedMsg: a newer connection of the player's took the
	// session's place (Session.Replaced); web: a linked browser.
	replacedMsg struct{ web bool }
	// quitMsg: the input has settled, the program may quit.
	quitMsg struct{}
)

// pageOf is the page of name p.
func (s *session) pageOf(p common.PageID) common.Page {
	switch p {
	case common.Lobby:
		return &s.lobby
	case common.Create:
		return &s.form
	case common.Code:
		return &s.entry
	case common.Room:
		return &s.room
	case common.Table:
		return &s.seat
	case common.Bye:
		return &s.bye
	case common.Board:
		return &s.ranks
	case common.Daily:
		return &s.daily
	case common.End:
		return &s.end
	case common.Tourneys:
		return &s.tourneys
	case common.Tourney:
		if s.tourney == nil {
			s.tourney = new(tourney.Page)
		}
		return s.tourney
	case common.TourneyNew:
		if s.tform == nil {
			s.tform = new(tourneyform.Page)
		}
		return s.tform
	case common.Browsers:
		return &s.links
	}
	return &s.lobby
}

// apply does what a page's turn asks: its command, and the page to go
// to (handed what the turn passes it, and opened, if it opens with
// something to do), or the session ended.
func (s *session) apply(t common.Turn) tea.Cmd {
	c := &s.c
	if t.Bye != "" {
		return tea.Batch(t.Cmd, s.sayBye(t.Bye, t.ByeAfter))
	}
	if t.Quit {
		return tea.Batch(t.Cmd, s.quit())
	}
	cmd := t.Cmd
	if t.To == 0 {
		return cmd
	}
	p := s.pageOf(t.To)
	if t.Pass != nil {
		cmd = tea.Batch(cmd, s.apply(p.Update(c, t.Pass)))
	}
	if o, ok := p.(common.Opener); ok && (s.page != t.To || t.Again) {
		cmd = tea.Batch(cmd, o.Open(c))
	}
	s.page = t.To
	return cmd
}

// quit ends the session's program: its input is closed first, and the
// program quits when the input's end marker arrives, every key before it
// handed over (tty/input.go says why); at the latest after quitWait.
func (s *session) quit() tea.Cmd {
	if s.in == nil {
		return tea.Quit
	}
	s.in.Close()
	ctx := s.c.Ctx
	return func() tea.Msg {
		// Should the marker not come (a reader that stopped), quit
		// anyway; a command that outlived its session would keep the
		// program, so it also ends with the session.
		t := time.NewTimer(quitWait)
		defer t.Stop()
		select {
		case <-t.C:
			return quitMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

// quitWait is how long a session that quits waits for its input's
// marker before it quits anyway.
const quitWait = 3 * time.Second

// sayBye shows a last word, then closes the connection after d (0: 3
// s; the word is written again below the screen, so it stays in the
// player's terminal). The table is told, as when a connection drops:
// the seat is kept.
func (s *session) sayBye(why string, d time.Duration) tea.Cmd {
	drop := s.seat.Close(&s.c)
	if s.bye.Said() != "" {
		return drop // one goodbye is enough
	}
	if d == 0 {
		d = 3 * time.Second
	}
	s.bye.Say(why)
	s.page = common.Bye
	return tea.Batch(drop, tea.Tick(d, func(time.Time) tea.Msg { return byeMsg{} }))
}

// lastWord is the goodbye the session ended with, if any.
func (s *session) lastWord() string { return s.bye.Said() }

// ended is called once the program has stopped: the connection is gone,
// so a seat is kept for the player.
func (s *session) ended() {
	if cmd := s.seat.Close(&s.c); cmd != nil {
		cmd()
	}
}

// ends is what the session knows of the server's tournaments' phases,
// so that a player who played in one is told it is over wherever they
// are: the lobby, a page, another table.
type ends struct {
	// phase is each tournament's phase as last listed (nil: not listed
	// yet: those over by then are not told), listed when.
	phase  map[string]gametourney.Phase
	listed time.Time
	armed  bool
}

// live says whether a tournament runs, as last listed.
func (e *ends) live() bool {
	for _, ph := range e.phase {
		if ph == gametourney.Running || ph == gametourney.Ending {
			return true
		}
	}
	return false
}
