package hosting

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/kit/store"
	"okey/ui/keymap"
	"okey/ui/pages"
	"okey/ui/seatlink"
	"okey/ui/settings"
	"okey/ui/stats"
)

// Game is what the app asks of a game's side of the table: the one
// place the app learns which game it hosts (it holds one Game a game,
// and the one whose match is present is on the table), so that the
// screens the games share, a match's life, the saves and the seat
// plumbing never branch on the game. ui/hostclassic and ui/host101
// implement it. It is three groups: the game's screens, its match, a
// served table's seat.
type Game interface {
	Screens
	Match
	Seat
}

// Screens are a game's table screen and what its pages between hands
// show; the app hosts those pages, the same for both games.
type Screens interface {
	// About is what the game is called and the keys of its table.
	About() About
	// Update is what a message of the game's table came to, read with
	// sc: a key on the table (the page over it, if one is, takes the
	// key first: Reply.Page), the mouse on the table while it is on
	// show with nothing over it, or the game's own messages (its bots'
	// answers, its hints, an undo's answer); the wheel, while a page is
	// over the table, is the page's (Reply.Page). ok is false for a message
	// that is not the table's. A bot's answer (Answer) comes here only
	// when it is still wanted.
	Update(msg tea.Msg, sc *Scene) (r Reply, ok bool)
	// Render draws the table screen as sc says: the table, or the page
	// over it; the status and the keys below.
	Render(sc *Scene) string
	// Header is the top line: the game, the hand, and on the table the
	// keys of the help, the settings and quitting (withKeys).
	Header(sc *Scene, withKeys bool) string
	// Pages is what its pages between hands show (Pages).
	Pages() Pages
}

// Match is a game's side of a match's life (the app's match.go): what
// only the game knows of reading, starting, playing and saving its
// match.
type Match interface {
	// Phase is whether a match of the game is on the table and where
	// it stands.
	Phase() Phase
	// ReadSaved reads a saved record of the game and replays it as far
	// as its lines allow (lost: what was left out, store.Replay), for
	// the match's life (load).
	ReadSaved(b []byte) (s ReadBack, lost *store.Lost, err error)
	// Start puts a new match with seed and meta on the table, and
	// returns its record, written whole. The bots' levels in meta
	// ("level1" to "level3") are the settings' names; the record saves
	// them as the game names them.
	// set are the settings in effect (the rules among them).
	Start(seed uint64, meta map[string]string, set settings.Settings) (record []byte, err error)
	// LetGo lets go of as much as what says: what the player holds
	// when a page opens over the table (LetPage: the settings, the
	// information pages), what the player was doing at the table when
	// its hand ends (LetHand: the groups being made, say), or the
	// game's match itself, taken off the table (LetMatch: another is
	// being put on it, or the one read back cannot be looked at).
	LetGo(what Let)
	// RackJSON is the rack's arrangement as saved; nil for nothing to
	// save.
	RackJSON() []byte
	// TakeRack restores the rack's saved arrangement b, when it fits
	// the hand on the table; why says why b is none at all.
	TakeRack(b []byte) (why string)
}

// Let is how much a game's side lets go of (Match.LetGo).
type Let uint8

// How much is let go of: what the player holds as a page opens over
// the table, what they were doing as the hand ends, the match.
const (
	LetPage Let = iota
	LetHand
	LetMatch
)

// Seat is a game's side of a seat at a served table (the app's
// seat.go). The update is handed to the side of the game it names
// (seatmsg.Update's Game, the name About gives).
type Seat interface {
	// TakeSeat takes in the game of a served table's update u (got: an
	// update came before) and the notes beside its moves, and reports
	// what it made of it for the screen.
	// l is the link to the table.
	TakeSeat(u seatmsg.Update, l *seatlink.Link, got bool, n seatlink.Notes) seatlink.Taken
}

// About is what a game is called — in the catalogs (Name: val.classic,
// say) and in the settings and its records' header (Game:
// settings.GameClassic, Game101) — and its table's keys in groups, as
// on its help page (Keys: a key of another game's table says what it
// means there), how it asks a seat's bot for its move (Ask), and the
// work it would have started while the first frame is drawn (Warm).
type About struct {
	Name, Game string
	Keys       [][]key.Binding
	// Ask asks the bot of a seat for its move; Level is a bot level
	// named l (the settings') as the game's records save it.
	Ask   Question
	Level func(l string) string
	// Warm is work worth starting while the first frame is drawn (nil,
	// or a nil command: none).
	Warm func() tea.Cmd
}

// Unknown is what the status line says of a key k that does nothing at
// the table of here (the game on it), one of games: to a spectator
// (watching), that only the players move; on the table (onTable), a key
// of another game's table named as that game's; else that k does
// nothing here.
func Unknown(tr *i18n.Catalog, k tea.KeyPressMsg, here About, games []Game, watching, onTable bool) string {
	if watching {
		return tr.T("status.watching")
	}
	for _, g := range games {
		a := g.About()
		if a.Name == here.Name || !onTable {
			continue
		}
		if b, ok := keymap.OtherGame(k, a.Keys); ok {
			return tr.T("status.othergame", k.String(), tr.T(a.Name), b.Help().Desc, tr.T(here.Name))
		}
	}
	return tr.T("status.unknownkey", k.String())
}

// Phase is whether a match of a game is on the table (Present) and
// where it stands: a hand being played, a hand over, whose turn it is,
// whether the match is over.
type Phase struct {
	Present           bool
	Playing, HandOver bool
	Turn              int
	Over              bool
}

// ReadBack is a saved match of either game read back and replayed
// (Game.ReadSaved), for the app's load.
type ReadBack struct {
	// Version is set when the record is of an unknown version (the
	// error then says so).
	Version bool
	// Over is set when the match had ended; Done is its record, whole.
	Over bool
	Done []byte
	// Tally is what a finished match's end adds to the statistics (if
	// it was never counted), for the app to count; Adopt puts the match
	// on the table.
	Tally func(f *stats.File) bool
	Adopt func()
}

// Pages are what a game's pages between hands show, each given as a
// plain value the app's pages draw, asked for only when its page is on
// show (its work, a score table say, is done then): one method of Game
// for the four pages, the same for both games.
type Pages struct {
	// Resume is the resume page's words of the saved match (where: the
	// file it is saved in) and each seat's score.
	Resume func(where string) (body string, score func(seat int) string)
	// HandEnd is the end of the hand on the table, for the page the app
	// hosts, w columns wide.
	HandEnd func(w int) HandEnd
	// Final is the final table, for the page the app hosts.
	Final func() Final
	// Scores is the score history's page, w columns wide: every hand so
	// far.
	Scores func(w int) Scores
}

// HandEnd is what a hand's end needs of the game on the table, given as
// values, so that the app handles its page and its keys once for both
// games.
type HandEnd struct {
	Hand int  // the hand that ended
	Over bool // it was the match's last
	// Ready tells the served table at the end of l the player is ready
	// for the next hand; Deal deals it here. Both say what came of it.
	Ready func(l *seatlink.Link) Reply
	Deal  func() (Reply, error)
	// Page is the page's content (ok false: none to show).
	Page func() (h pages.HandEnd, ok bool)
	// Scroll: the page scrolls (101's, whose table and last turn can be
	// long).
	Scroll bool
	// FinalKeys is what a key that means nothing says after the last
	// hand ("" the same as after another).
	FinalKeys string
	// Next, ScoresKey and More are the keys of the page's bar: the next
	// hand, the game's score page, and what else the page names.
	Next, ScoresKey key.Binding
	More            []key.Binding
}

// Final is the final table of a game, for the page the app hosts
// (pages.Final).
type Final struct {
	// Table is the game's table (OK false: the match goes on, and the
	// page is empty).
	Table pages.FinalTable
	OK    bool
	// Sheet is the game's sheet of every hand, shown when the page has
	// room for it (nil: none).
	Sheet []string
	// Bar is the page's keys.
	Bar []key.Binding
}

// Scores is a game's score history's page: its title, its table (a line
// of names, a line a hand; nil before the first hand ends) and the key
// that opens (and closes) it.
type Scores struct {
	Title string
	Table []string
	Key   key.Binding
}
