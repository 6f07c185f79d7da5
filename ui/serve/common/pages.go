package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// PageID names a PageID of the session.
type PageID uint8

const (
	Lobby PageID = iota + 1
	Create
	Code  // typing a code: a private table's, or a guest's resume code
	Room  // a table's waiting room, before its match
	Table // the game's screen
	Bye   // a last word before the connection closes
	Board // the leaderboard
	Daily // the served daily: the day's commitment, its boards
	End   // a table's end page: its scores

	Tourneys   // the tournaments listed
	Tourney    // one tournament's page: its standings, tables, rules
	TourneyNew // the form of a new tournament

	// Not pages, but where a page's turn may lead: Resume is the code
	// page typing a resume code; Leave leaves the table for the lobby,
	// LeaveKept too but keeps the seat a while (its bot playing);
	// Quit ends the session.
	Resume
	Leave
	LeaveKept
	Quit
)

// Page is one page of the session, in the shape of soft-serve's
// common.Component (and of ui/pages): it takes the session's shared
// value and a message (a key, or what one of its own commands brought)
// and answers with a turn, the page to show next and a command; it
// draws its lines between the session's header and its key bar, and
// names the keys of the bar. A page holds its own state and nothing of
// the session's; what it needs of the server it asks through c.srv.
type Page interface {
	Update(c *Common, msg tea.Msg) Turn
	Lines(c *Common) ([]string, []key.Binding)
}

// Turn is a page's answer to a message.
type Turn struct {
	// To is the page To show next (0: this one stays).
	To  PageID
	Cmd tea.Cmd
	// List: the lobby's tables are read again (its page is shown anew).
	List bool
	// Bye is a last word: the session says it and closes.
	Bye string
	// Start asks the table the session is at to Start its match (a
	// refusal is said on the flash line).
	Start bool
	// Tourney is the tournament Tourney shows (its id), when the turn
	// goes there.
	Tourney string
}

// Stay is a turn that keeps the page, with cmd.
func Stay(cmd tea.Cmd) Turn { return Turn{Cmd: cmd} }

// BackToLobby is the turn of esc on a page of the lobby's: the lobby,
// its tables read again.
var BackToLobby = Turn{To: Lobby, List: true}

// Opener is a page that does something as it opens (reads the store,
// puts its cursor back); as is the page it was opened as.
type Opener interface {
	Open(c *Common, as PageID) tea.Cmd
}

// Owned is a message one page's command brought back: it goes to
// that page, while it is shown if whileShown (a board read after the
// player left its page is dropped), else whatever is shown.
type Owned interface {
	Owner() (p PageID, whileShown bool)
}
