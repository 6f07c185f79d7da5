package serve

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// page names a page of the session.
type page uint8

const (
	pgLobby page = iota + 1
	pgCreate
	pgCode  // typing a code: a private table's, or a guest's resume code
	pgRoom  // a table's waiting room, before its match
	pgTable // the game's screen
	pgBye   // a last word before the connection closes
	pgBoard // the leaderboard
	pgDaily // the served daily: the day's commitment, its boards
	pgEnd   // a table's end page: its scores

	pgTourneys   // the tournaments listed
	pgTourney    // one tournament's page: its standings, tables, rules
	pgTourneyNew // the form of a new tournament

	// Not pages, but where a page's turn may lead: pgResume is the code
	// page typing a resume code; pgLeave leaves the table for the lobby,
	// pgLeaveKept too but keeps the seat a while (its bot playing);
	// pgQuit ends the session.
	pgResume
	pgLeave
	pgLeaveKept
	pgQuit
)

// pageView is one page of the session, in the shape of soft-serve's
// common.Component (and of ui/pages): it takes the session's shared
// value and a message (a key, or what one of its own commands brought)
// and answers with a turn, the page to show next and a command; it
// draws its lines between the session's header and its key bar, and
// names the keys of the bar. A page holds its own state and nothing of
// the session's; what it needs of the server it asks through c.srv.
type pageView interface {
	update(c *shared, msg tea.Msg) turn
	lines(c *shared) ([]string, []key.Binding)
}

// turn is a page's answer to a message.
type turn struct {
	// to is the page to show next (0: this one stays).
	to  page
	cmd tea.Cmd
	// list: the lobby's tables are read again (its page is shown anew).
	list bool
	// bye is a last word: the session says it and closes.
	bye string
	// start asks the table the session is at to start its match (a
	// refusal is said on the flash line).
	start bool
	// tourney is the tournament pgTourney shows (its id), when the turn
	// goes there.
	tourney string
}

// stay is a turn that keeps the page, with cmd.
func stay(cmd tea.Cmd) turn { return turn{cmd: cmd} }

// backToLobby is the turn of esc on a page of the lobby's: the lobby,
// its tables read again.
var backToLobby = turn{to: pgLobby, list: true}

// opener is a page that does something as it opens (reads the store,
// puts its cursor back); as is the page it was opened as.
type opener interface {
	open(c *shared, as page) tea.Cmd
}

// ownedMsg is a message one page's command brought back: it goes to
// that page, while it is shown if whileShown (a board read after the
// player left its page is dropped), else whatever is shown.
type ownedMsg interface {
	owner() (p page, whileShown bool)
}
