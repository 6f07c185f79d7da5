package common

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/tourney"
	"okey/kit/seatmsg"
	"okey/server/hall"
	"okey/server/tables"
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

	Browsers // the browsers linked to the player, and a code to link one
)

// Page is one page of the session, in the shape of soft-serve's
// common.Component (and of ui/pages): it takes the session's shared
// value and a message (a key, or what one of its own commands brought)
// and answers with a turn, the page to show next and a command; it
// draws its lines between the session's header and its key bar, and
// names the keys of the bar. A page holds its own state and nothing of
// the session's; what it needs of the server it asks through c.Srv.
type Page interface {
	Update(c *Common, msg tea.Msg) Turn
	Lines(c *Common) ([]string, []key.Binding)
}

// Turn is a page's answer to a message.
type Turn struct {
	// To is the page To show next (0: this one stays).
	To  PageID
	Cmd tea.Cmd
	// Again opens To again even when it is on show already (the
	// lobby's tables read again).
	Again bool
	// Pass is a message for the page To, handed to it before it opens:
	// what it is to show (a tournament's id, a waiting room, a table's
	// end).
	Pass tea.Msg
	// Quiet: the page shows nothing new, and is not drawn again (a
	// message that changed nothing must not cost a whole table drawn
	// again).
	Quiet bool
	// Bye is a last word: the session says it and closes, after
	// ByeAfter (0: the usual while); Quit ends it at once.
	Bye      string
	ByeAfter time.Duration
	Quit     bool
}

// Stay is a turn that keeps the page, with cmd.
func Stay(cmd tea.Cmd) Turn { return Turn{Cmd: cmd} }

// BackToLobby is the turn of esc on a page of the lobby's: the lobby,
// its tables read again.
var BackToLobby = Turn{To: Lobby, Again: true}

// Opener is a page that does something as it opens (reads the store,
// puts its cursor back).
type Opener interface {
	Open(c *Common) tea.Cmd
}

// Owned is a message one page's command brought back: it goes to
// that page, while it is shown if whileShown (a board read after the
// player left its page is dropped), else whatever is shown.
type Owned interface {
	Owner() (p PageID, whileShown bool)
}

// Screen is a page that draws the whole screen itself, the session's
// header and key bar with it (the game's own screen at a table); false:
// not now, its lines are drawn as any page's.
type Screen interface {
	View(c *Common) (tea.View, bool)
}

// Watcher is a page that, while on show, wants the hall's news
// (HallNews) as the tables change: the lobby lists them, a page the
// player may be taken from to their tournament's table asks for it
// (CallToTable).
type Watcher interface {
	WatchesHall(c *Common) bool
}

// Idleness is how a page on show counts a player who presses no key.
type Idleness uint8

const (
	// IdleCounts: idle too long, the session closes (and a seat held
	// is given up): every page but those below.
	IdleCounts Idleness = iota
	// IdleAway: as IdleCounts, and a seated player is also away after
	// a while (their bot plays): the game's screen.
	IdleAway
	// IdleOver: nothing counts: the session is ending anyway (a last
	// word).
	IdleOver
)

// Idler is a page whose idleness is not IdleCounts.
type Idler interface {
	Idle(c *Common) Idleness
}

// IdleOf is how page p counts idleness.
func IdleOf(c *Common, p Page) Idleness {
	if i, ok := p.(Idler); ok {
		return i.Idle(c)
	}
	return IdleCounts
}

// Messages a page passes another through the session.
type (
	// ShowTourney is the tournament the tournament's page shows (its
	// id).
	ShowTourney struct{ ID string }
	// EditTourney is the tournament the form shows to its creator to
	// change before it begins: its id and its settings, and whether it
	// is the server's operator's change (AsOperator), held to the
	// server's limits rather than a player's.
	EditTourney struct {
		ID         string
		Config     tourney.Config
		AsOperator bool
	}
	// CodeFor is what the code typed is for: a private table's join
	// code, or (Resume) a guest's resume code.
	CodeFor struct{ Resume bool }
	// RoomNews is a table's waiting room as it is now, for the waiting
	// room's page (nil: the session is at another table, the room last
	// told is forgotten).
	RoomNews struct{ Room *tables.Room }
	// DupEnd is a duplicate table's end for its end page: the
	// standing at its end, the table's game and the player's number
	// in it (-1: a spectator).
	DupEnd struct {
		End  *seatmsg.Duplicate
		Game string
		Me   int
	}
	// LeaveTable leaves the table the session is at for the lobby
	// (its seat goes to a bot): the seat's page does it.
	LeaveTable struct{}
	// Reconnect takes back the seat the player holds at T as they
	// connect (a node that died may bring the table up on another a
	// moment later): the seat's page asks for it until it is up.
	Reconnect struct{ T hall.SeatTable }
)

func (LeaveTable) Owner() (PageID, bool) { return Table, false }
func (Reconnect) Owner() (PageID, bool)  { return Table, false }

// A table's answers and messages (join.go) go to the seat's page,
// whatever page is on show: it keeps the place at the table.
func (JoinedMsg) Owner() (PageID, bool)    { return Table, false }
func (AskAgainMsg) Owner() (PageID, bool)  { return Table, false }
func (FromTableMsg) Owner() (PageID, bool) { return Table, false }
