package ui

import (
	"context"
	"io"
	"log/slog"
	"time"

	"charm.land/bubbles/v2/key"

	"okey/bots/botsclassic"
	"okey/bots/decide101"
	"okey/game"
	"okey/game/daily"
	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/kit/store"
	"okey/ui/hostdaily"
	"okey/ui/hosting"
	"okey/ui/keymap"
	"okey/ui/layout"
	"okey/ui/pages"
	"okey/ui/review"
	"okey/ui/saves"
	"okey/ui/seathost"
	"okey/ui/settings"
	"okey/ui/stats"
	"okey/ui/table"
	"okey/ui/theme"
)

// Options start the table.
type Options struct {
	// Settings are the effective settings (the config file with the
	// command line's flags on top); Saved are those of the config file
	// alone (zero: the same), which the settings screen changes only
	// where the player changed something on it.
	Settings, Saved settings.Settings
	// GameAsked: the command line asked for Settings.Game (--game). A
	// match of the other game found saved is offered to resume, but a
	// new match is of the game asked for, and the resume page says so.
	GameAsked bool
	// StateDir holds the match record; ConfigDir the settings.
	StateDir, ConfigDir string
	// Seed makes the first match reproducible when SeedSet (and the
	// next ones, each drawn from the one before).
	Seed    uint64
	SeedSet bool
	// Random is where a match's seed comes from when no Seed is set;
	// nil is crypto/rand. Tests give a fixed one.
	Random io.Reader
	// NoColor draws without colour (NO_COLOR).
	NoColor bool
	// Now is the clock, for names of set-aside files and the record; nil is
	// time.Now.
	Now func() time.Time
	// NewBot builds a bot; nil is bots.New. Tests give slow or scripted
	// bots here.
	NewBot func(level string, opt botsclassic.Options) (botsclassic.Bot, error)
	// BotTimeout bounds a bot's decision; 0 is defaultBotTimeout. A bot
	// that does not answer in time is treated as failed.
	BotTimeout time.Duration
	// HintBudget is how long the judge weighs the moves for a classic
	// hint before the hint is cut short to the hard bot's move, said to
	// be unweighed; 0 is playclassic.HintBudget. Tests set it short to
	// see the cut.
	HintBudget time.Duration
	// Notes are told to the player at the start (a damaged settings
	// file, say), in the player's language when they are Problems.
	Notes []error
	// NewPlayer101 builds the player of a seat at the 101 table; nil is
	// the table's own (decide101.DefaultSource). Tests give scripted players here.
	NewPlayer101 func(level string, seed uint64) (Player101, error)
	// Hint101 works out the 101 hint; nil is the judge's plan
	// (decide101.HintCtx). Tests that follow hints by the thousand give
	// decide101.HardHint, the hard bot's plan at once.
	Hint101 decide101.Hinter
	// Settle is how long the keys that go on from a screen do nothing on
	// the table, a hand's end or the final table after it comes on screen
	// (keys.Settle); 0 is defaultSettle, negative none (tests, which
	// press keys faster than anyone).
	Settle time.Duration
	// Log, when set, is the debug log a bug report carries (okey
	// --debug-log): the keys, the screens, the moves as the player's log
	// says them and what went wrong — never a tile the player may not
	// see. nil logs nothing, at no cost.
	Log *slog.Logger
	// Review tunes the coach's review (w after a hand or a match); the
	// zero value is okey review's defaults.
	Review ReviewOptions
	// Daily, when set, starts the app on the daily (okey daily).
	Daily *DailyOptions
}

// SeatOptions start the screen of a seat at a table.
type SeatOptions struct {
	// Lang and Theme are the player's; NoColor draws without colour.
	Lang, Theme string
	NoColor     bool
	// Seat is the seat at the table, -1 to watch.
	Seat int
	// Send hands an intent to the table without blocking; false when
	// the table could not take it now.
	Send func(seatmsg.Intent) bool
	// Keys are keys the holding program handles itself (the chat, say),
	// shown in the help bar and on the help page.
	Keys []key.Binding
	// Dark is the terminal's background, if known.
	Dark bool
	// Badge is said in the header (a guest's resume code, say).
	Badge string
	// Record is the command that prints the table's finished match's
	// record, shown with the match's seed and salt so the player can
	// check them ("" to say nothing of it).
	Record string
	// Settle is as Options.Settle: 0 is the default, negative none.
	Settle time.Duration
	// Log is as Options.Log: the seat's debug log, nil for none.
	Log *slog.Logger
}

// Player101 is the player of a seat at the 101 table (decide101.Player):
// tests give scripted ones through Options.NewPlayer101.
type Player101 = decide101.Player

// defaultSettle is how long a screen just come ignores the keys that
// go on from one screen to the next: longer than a key pressed twice
// (a second enter has come 150 ms after the first), shorter
// than anyone takes to read a new rack before acting on it.
const defaultSettle = 750 * time.Millisecond

// settleFor is the settling time an option asks for.
func settleFor(d time.Duration) time.Duration {
	switch {
	case d == 0:
		return defaultSettle
	case d < 0:
		return 0
	}
	return d
}

// screen is what the player looks at.
type screen uint8

const (
	scrNotice screen = iota + 1 // something to tell before playing
	scrResume                   // a saved match: resume or start anew
	scrPlay                     // the table
	scrHandOver
	scrMatchOver
	scrSettings
	scrScores   // the score history
	scrLocked   // another game plays in the state directory
	scrStats    // the player's statistics
	scrReview   // the coach's review of a hand or a match
	scrMatches  // the saved matches, to review one
	scrDailyAsk // a daily's date asked about before playing (daily.go)
	scrDaily    // the daily's page after its last hand
)

// overlay is drawn over the table.
type overlay = hosting.Page

const (
	ovNone   = hosting.NoPage
	ovHelp   = hosting.HelpPage
	ovBrowse = hosting.BrowsePage
)

// Model is the Bubble Tea model of the table. Use it as a pointer.
type Model struct {
	// kept is the frame last drawn, for a tick of the clock (view.go).
	kept  keptFrame
	opt   Options
	set   settings.Settings // the settings in effect
	saved settings.Settings // the settings file's, which the settings screen changes
	now   func() time.Time
	files *store.Files
	tr    *i18n.Catalog
	keys  keymap.KeyMap
	bar   pages.Bar // draws the key bar at the foot of every screen

	palette theme.Palette
	st      *theme.Styles
	dark    bool

	width, height int
	lay           layout.Screen

	screen  screen
	after   screen // where the notice screen leads
	overlay overlay
	pager   pages.Scroll // scrolls the overlay or the information page on show
	notice  []string

	names  [game.NumSeats]string
	levels [game.NumSeats]string
	seed   uint64 // seed of the current match
	nextNo uint64 // matches started, for the next seed

	// flash is the message of the last key or move, in the status line
	// until the next key; flashWarn draws it as a warning, and flashNews
	// keeps it when the turn comes round to the player (a bot's failure),
	// where other messages ("wait for X", "welcome back") are out of date.
	flash     string
	flashWarn bool
	flashNews bool
	casual    bool // the match allows undo

	// stats are the player's statistics, statsChanged when they have
	// changed since they were last saved.
	stats        stats.File
	statsChanged bool
	// paused: a match waits in the state directory's PausedFile, set
	// aside for a daily; it comes back when the daily leaves the table.
	paused bool
	// begun: the player has begun the match on the table (moved in it,
	// or resumed it). A match the app dealt and the player never
	// touched is not paused for a daily: it would come back as "your
	// match" though the player never started it.
	begun bool
	// askedOther: the match offered to resume is not of the game the
	// command line asked for, which a new match is (load).
	askedOther bool
	// askedLeave: n on the resume page of a daily's hand under way asked
	// whether to give it up; n again does.
	askedLeave bool

	// Saving: the record as written so far (append-only, so a slice of
	// it is an immutable snapshot), and a sequence number per snapshot.
	rec    []byte
	seq    uint64
	lastOK bool // the last save succeeded
	// unsaved is why nothing can be saved (the state directory cannot
	// be written), nil when saves work.
	unsaved error
	// readOnly: another game holds the state directory (locked says
	// which); this one may only look at its match.
	readOnly bool
	locked   *store.LockError

	// Bots: every question gets a new id; a reply with another id is
	// stale (a new hand, a quit, a newer question) and dropped.
	ctx    context.Context
	cancel context.CancelFunc
	askID  uint64
	asking int // seat being asked, -1 for none

	// seat links the screen to a table it does not own (okey serve);
	// nil for a match played here.
	seat *seathost.Seat

	// games are the games the Model can host (hostGames), classic's
	// first; table is the one on the table. Each holds its match.
	games []hosting.Game
	// on is the index in games of the game on the table, present
	// whether its match is (table, hasMatch): kept as a match is put on
	// the table (appHost.Adopt), taken off it, or a served table's
	// update taken in, so that asking which game is on the table asks
	// the games nothing.
	on      int
	present bool
	// sc is the scene a frame or a key is handed down with (scene,
	// keyScene), filled anew each time.
	sc hosting.Scene

	settings *settingsForm
	infoBack screen // the screen the scores or the statistics return to
	quitting bool

	// shown is the screen on show since shownAt; for settle after, the
	// keys that go on from a screen do nothing there (settling).
	shown   screen
	shownAt time.Time
	settle  time.Duration

	// rv is the review on show or being computed, nil for none;
	// reviewID tells its messages from a closed one's.
	rv       *reviewState
	reviewID uint64
	// ml is the saved matches' page on show, nil for none.
	ml *matchesState
	// painter is the cache of drawn text (table.Look.Paint).
	painter table.Painter

	// dl is the daily being played, nil for none; dlAsk a daily whose
	// date is asked about; parSeq tells par's measures apart (daily.go).
	dl     *hostdaily.Daily
	dlAsk  *dailyAsk
	parSeq uint64
}

// savedMsg reports a save (ui/saves').
type savedMsg = saves.Msg

// saving reports whether the match is being saved.
func (m *Model) saving() bool { return !m.readOnly && m.unsaved == nil && m.seat == nil }

// saves are the match's files as the app keeps them (ui/saves), with
// the words of the moment.
func (m *Model) saves() saves.Files { return saves.Files{Files: m.files, Now: m.now, Tr: m.tr} }

// Close lets the bots and the state directory go; the command calls it
// after the program ends (and after Flush).
func (m *Model) Close() error {
	m.cancel()
	if m.files == nil { // a seat at a table: no files
		return nil
	}
	return m.files.Unlock()
}

// applySettings loads the language, keys and styles of m.set. Nothing
// changes unless all of them load.
func (m *Model) applySettings() error {
	tr, err := i18n.Load(m.set.Lang)
	if err != nil {
		return err
	}
	p, err := theme.Load(m.set.Theme)
	if err != nil {
		return err
	}
	m.tr, m.palette = tr, p
	m.keys = keymap.New(tr, m.saving())
	m.pager = pages.NewScroll(m.keys.Info.ScrollKeys)
	if m.seat != nil { // fitted to a seat (keymap.KeyMap.ForSeat)
		m.keys.ForSeat(m.tr.T("key.leave"), m.tr.T("key.ready"), m.seat.Watching)
	}
	m.restyle()
	return nil
}

func (m *Model) restyle() {
	m.st = theme.New(m.palette, m.dark, m.opt.NoColor)
	m.bar.SetStyles(m.st)
}

func (m *Model) setFlash(warn bool, s string) {
	m.flash, m.flashWarn, m.flashNews = m.tr.UpFirst(s), warn, false
}

// tellNews is setFlash for news that must outlive the turn coming round
// to the player.
func (m *Model) tellNews(s string) {
	m.flash, m.flashWarn, m.flashNews = m.tr.UpFirst(s), true, true
}

// The smallest terminal the table fits in (okey serve sizes its
// sessions' windows by it).
const (
	MinWidth  = layout.MinWidth
	MinHeight = layout.MinHeight
)

// Watching reports whether the screen is a spectator's.
func (m *Model) Watching() bool { return m.seat != nil && m.seat.Watching }

// table is the game on the table: the one whose match is present, else
// the first (classic Okey's), which stands in while no match is on the
// screen yet (a seat waiting for its table's first view) and draws an
// empty table.
func (m *Model) table() hosting.Game { return m.games[m.on] }

// retable finds the game on the table anew, asking each whether its
// match is present (after a served table's update, or every game's
// match taken off the table).
func (m *Model) retable() {
	m.on, m.present = 0, m.games[0].Phase().Present
	for i, g := range m.games[1:] {
		if g.Phase().Present {
			m.on, m.present = i+1, true
			return
		}
	}
}

// hasMatch reports whether a match is on the screen: of either game,
// or the one of a table over SSH once its first view came in.
func (m *Model) hasMatch() bool { return m.present || (m.seat != nil && m.seat.Got) }

// playing reports whether a hand is being played on the table: the
// game's own, or at a served seat the one its views show (a seat holds
// no game, so present alone would say no hand is ever played there).
func (m *Model) playing() bool {
	if !m.hasMatch() {
		return false
	}
	return m.table().Phase().Playing
}

// MatchOver reports whether the match on the table has ended.
func (m *Model) MatchOver() bool {
	if !m.present {
		return false
	}
	return m.table().Phase().Over
}

// ReviewOptions tune the in-game review (review.Options); the zero
// value is okey review's defaults.
type ReviewOptions = review.Options

// reviewState is the review on show and the screen esc goes back to.
type reviewState struct {
	*review.Work
	back screen
}

// matchesState is the page on show, and the screen it returns to.
type matchesState struct {
	pages.Matches
	back screen
}

// settingsForm is the settings screen being edited: the form (ui/pages)
// of the settings' lines, and the screen it returns to.
type settingsForm struct {
	*pages.Form
	back screen
}

// keptFrame is the frame last drawn and the clocks it shows: valid
// while no message but the clock's tick has come since, tick once a
// tick has.
type keptFrame struct {
	frame       string
	clocks      [table.Seats]string
	valid, tick bool
}

// DailyOptions start the app on the daily (okey daily).
type DailyOptions struct {
	Game game.Kind
	// Date is the day asked for; zero is today, by the clock (Now).
	Date daily.Date
}

// dailyAsk is a daily waiting for the player's word on its date: back
// is the screen a "no" returns to; quit when there is none (the app
// was started for the daily).
type dailyAsk struct {
	hostdaily.Ask
	back screen
	quit bool
}
