package ui

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/bots"
	"okey/game"
	"okey/ui/i18n"
	"okey/ui/keymap"
	"okey/ui/layout"
	"okey/ui/pages"
	"okey/ui/play101"
	"okey/ui/playclassic"
	"okey/ui/problem"
	"okey/ui/review"
	"okey/ui/settings"
	"okey/ui/stats"
	"okey/ui/store"
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
	NewBot func(level string, opt bots.Options) (bots.Bot, error)
	// BotTimeout bounds a bot's decision; 0 is defaultBotTimeout. A bot
	// that does not answer in time is treated as failed.
	BotTimeout time.Duration
	// Notes are told to the player at the start (a damaged settings
	// file, say), in the player's language when they are Problems.
	Notes []error
	// NewPlayer101 builds the player of a seat at the 101 table; nil is
	// the table's own (players101). Tests give scripted players here.
	NewPlayer101 func(level string, seed uint64) (Player101, error)
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
}

// defaultSettle is how long a screen just come ignores the keys that
// go on from one screen to the next: longer than a key pressed twice
// (the second enter came 150 ms after the first in issue 20), shorter
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
	scrScores  // the score history
	scrLocked  // another game plays in the state directory
	scrStats   // the player's statistics
	scrReview  // the coach's review of a hand or a match
	scrMatches // the saved matches, to review one
)

// overlay is drawn over the table.
type overlay uint8

const (
	ovNone overlay = iota
	ovHelp
	ovBrowse
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

	// c is classic Okey's table, t (below) Okey 101's: the state of
	// each game's side, kept apart from the app's.
	c playclassic.Table

	// flash is the message of the last key or move, in the status line
	// until the next key; flashWarn draws it as a warning, and flashNews
	// keeps it when the turn comes round to the player (a bot's failure),
	// where other messages ("wait for X", "welcome back") are out of date.
	flash     string
	flashWarn bool
	flashNews bool
	history   []playclassic.HandScore // the hands of the match so far
	casual    bool                    // the match allows undo

	// stats are the player's statistics, statsChanged when they have
	// changed since they were last saved.
	stats        stats.File
	statsChanged bool

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
	seat *seatLink

	settings *settingsForm
	infoBack screen // the screen the scores or the statistics return to
	quitting bool

	// shown is the screen on show since shownAt; for settle after, the
	// keys that go on from a screen do nothing there (settling).
	shown   screen
	shownAt time.Time
	settle  time.Duration

	// t is the match of Okey 101 on the table, nil while the match is
	// of classic Okey (then g is).
	t *play101.Table

	// rv is the review on show or being computed, nil for none;
	// reviewID tells its messages from a closed one's.
	rv       *reviewState
	reviewID uint64
	// ml is the saved matches' page on show, nil for none.
	ml *matchesState
	// painter is the cache of drawn text (paint).
	painter table.Painter
}

// savedMsg reports a save.
type savedMsg struct {
	err  error
	path string
}

// New builds the table: it reads the saved match, if any (setting aside
// one that cannot be read), and starts a match or offers to resume.
func New(opt Options) (*Model, error) {
	if err := opt.Settings.Validate(); err != nil {
		return nil, err
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.NewBot == nil {
		opt.NewBot = bots.New
	}
	if opt.Random == nil {
		opt.Random = rand.Reader
	}
	if opt.Saved.Lang == "" {
		opt.Saved = opt.Settings
	}
	if opt.BotTimeout <= 0 {
		opt.BotTimeout = defaultBotTimeout
	}
	m := &Model{
		opt: opt, set: opt.Settings, saved: opt.Saved, now: opt.Now, files: store.Open(opt.StateDir, opt.ConfigDir),
		asking: -1, dark: true, lastOK: true, settle: settleFor(opt.Settle),
	}
	m.c = m.newClassic()
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.bar = pages.NewBar()
	// One game at a time in a state directory: a second one may only
	// look; one that cannot write there plays unsaved, and says so.
	if err := m.files.Lock(); errors.As(err, &m.locked) {
		m.readOnly = true
	} else if err != nil {
		m.unsaved = err
	}
	if err := m.applySettings(); err != nil {
		m.files.Unlock()
		return nil, err
	}
	if m.unsaved != nil {
		m.notice = append(m.notice, m.tr.T("notice.unwritable", store.ShortPath(opt.StateDir), m.unsaved.Error()))
	}
	m.seed = opt.Seed
	if !opt.SeedSet {
		seed, err := m.drawSeed()
		if err != nil {
			m.files.Unlock()
			return nil, err
		}
		m.seed = seed
	}
	for _, n := range opt.Notes {
		m.notice = append(m.notice, problem.In(n, m.tr))
	}
	m.loadStats()

	b, err := m.files.ReadMatch()
	switch {
	case m.readOnly:
		m.lookAt(b, err)
		return m, nil
	case errors.Is(err, fs.ErrNotExist), err != nil && m.unsaved != nil:
		err = m.startMatch(m.seed)
	case err != nil:
		err = fmt.Errorf("reading %s: %w", m.files.MatchPath(), err)
	default:
		err = m.load(b)
	}
	if err != nil {
		m.files.Unlock()
		return nil, err
	}
	if len(m.notice) > 0 {
		m.after = m.screen
		m.screen = scrNotice
	}
	return m, nil
}

// lookAt takes in the match another game is playing, to look at it:
// nothing is set aside, archived or saved. With nothing to look at the
// locked screen offers only to quit.
func (m *Model) lookAt(b []byte, readErr error) {
	if readErr != nil || m.load(b) != nil {
		m.c.G, m.t = nil, nil
	}
	m.screen = scrLocked
	if !m.hasMatch() {
		return
	}
	m.notice = nil
	m.after = scrPlay
	if !m.playing() {
		m.after = scrHandOver
	}
}

// saving reports whether the match is being saved.
func (m *Model) saving() bool { return !m.readOnly && m.unsaved == nil && m.seat == nil }

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
	m.seatKeys()
	m.restyle()
	return nil
}

func (m *Model) restyle() {
	m.st = theme.New(m.palette, m.dark, m.opt.NoColor)
	m.bar.SetStyles(m.st)
}

// Init asks the terminal for its background and saves the new match.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor}
	if w := m.table().warm(); w != nil {
		cmds = append(cmds, w)
	}
	// The record as it stands: a new match, or a resumed one written
	// again whole (which repairs a torn last line at once).
	cmds = append(cmds, m.saveCmd())
	if m.screen == scrPlay {
		cmds = append(cmds, m.nextTurn())
	}
	return tea.Batch(cmds...)
}

// warmAnalysis builds hand analysis's tables (a tenth of a second, once
// a process) in the background while the first frame is on screen, so
// the player's first hint or sort does not wait for them.
func (m *Model) warmAnalysis() tea.Cmd {
	an, rack := m.c.View.Analyzer, m.c.View.Rack
	return func() tea.Msg {
		if h, err := an.NewHand(rack); err == nil && h.Len() >= playclassic.HandTiles {
			an.Distance(h)
		}
		return nil
	}
}

// Update handles a message: the window, the terminal's background, the
// bots' answers and the saves here; keys and clicks by screen. It notes
// when the screen on show changed, for settling.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.opt.Log != nil {
		defer m.debugAfter(msg, m.flash)()
	}
	if _, tick := msg.(seatTickMsg); tick {
		m.kept.tick = true
	} else {
		m.kept.valid = false
	}
	cmd := m.update(msg)
	if m.screen != m.shown {
		m.shown, m.shownAt = m.screen, m.now()
	}
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.table().update(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.lay = layout.NewScreen(msg.Width, msg.Height)
		return nil
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.restyle()
		return nil
	case SeatUpdate:
		switch {
		case msg.View101 != nil:
			return m.onSeat101Update(msg)
		case msg.View != nil:
			return m.onSeatUpdate(msg)
		}
		return nil
	case seatTickMsg:
		return m.onSeatTick()
	case review.ProgressMsg, review.DoneMsg:
		return m.onReviewMsg(msg)
	case review.ListMsg, review.RecordMsg:
		return m.onMatchesMsg(msg)
	case savedMsg:
		if msg.err != nil {
			m.lastOK = false
			m.setFlash(true, m.tr.T("status.savefail", store.ShortPath(msg.path), msg.err.Error()))
		} else if !m.lastOK {
			m.lastOK = true
		}
		return nil
	case tea.KeyPressMsg:
		if m.quitting {
			return nil
		}
		return m.onKey(msg)
	case tea.MouseClickMsg:
		if m.quitting {
			return nil
		}
		return m.onClick(msg)
	case tea.PasteMsg:
		m.onPaste(msg)
		return nil
	case tea.MouseWheelMsg:
		m.onWheel(msg)
		return nil
	}
	return nil
}

// onPaste hands a paste to the name being typed on the settings form;
// anywhere else a paste means nothing (it is not a string of keys).
func (m *Model) onPaste(msg tea.PasteMsg) {
	if m.quitting || m.lay.TooSmall || m.screen != scrSettings || m.settings == nil {
		return
	}
	m.settingsPage().Paste(msg)
}

// onKey dispatches a key to the update of the screen on show: the
// screens the games share here, the others to the game on the table.
func (m *Model) onKey(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, m.keys.ForceQuit) {
		return m.quit()
	}
	if m.lay.TooSmall {
		return m.updateTooSmall(k)
	}
	if m.settling(k) {
		return nil
	}
	switch m.screen {
	case scrNotice:
		return m.updateNotice(k)
	case scrSettings:
		return m.updateSettings(k)
	case scrLocked:
		return m.updateLocked(k)
	case scrStats:
		return m.updateStats(k)
	case scrReview:
		return m.updateReview(k)
	case scrMatches:
		return m.updateMatches(k)
	}
	cmd, _ := m.table().key(k)
	return cmd
}

// settling reports whether k is a key that goes on from a screen
// (keys.Settle) pressed while the table, a hand's end or the final table
// has been on screen for less than the settling time: the key was meant
// for the screen before (a second enter after the next hand's, space
// arranging the rack as a bot finished the hand) and does nothing. The
// same rule holds at both games' tables, here and at a server's.
func (m *Model) settling(k tea.KeyPressMsg) bool {
	switch m.screen {
	case scrPlay, scrHandOver, scrMatchOver:
	default:
		return false
	}
	return m.settle > 0 && key.Matches(k, m.keys.Settle) && m.now().Sub(m.shownAt) < m.settle
}

// quit saves what is not saved yet and stops.
func (m *Model) quit() tea.Cmd {
	if m.seat != nil {
		return m.leave()
	}
	m.quitting = true
	m.cancelBots()
	return tea.Sequence(m.saveCmd(), tea.Quit)
}

// Goodbye is the line to print after the program ends, in the player's
// language: where the match is saved, unless it is over; why it is not
// saved, if it could not be (flushErr is Flush's error).
func (m *Model) Goodbye(flushErr error) string {
	switch {
	case flushErr != nil:
		return m.tr.T("bye.unsaved", flushErr.Error())
	case m.unsaved != nil:
		return m.tr.T("bye.unsaved", m.unsaved.Error())
	case m.readOnly || m.MatchOver():
		return ""
	}
	return m.tr.T("bye.saved", store.ShortPath(m.files.MatchPath()))
}

func (m *Model) setFlash(warn bool, s string) {
	m.flash, m.flashWarn, m.flashNews = m.upFirst(s), warn, false
}

// tellNews is setFlash for news that must outlive the turn coming round
// to the player.
func (m *Model) tellNews(s string) {
	m.flash, m.flashWarn, m.flashNews = m.upFirst(s), true, true
}

// drawSeed is a new match's seed from Options.Random (crypto/rand unless
// a test gives another): never from the clock, which a player could
// guess a seed from.
func (m *Model) drawSeed() (uint64, error) {
	var b [8]byte
	if _, err := io.ReadFull(m.opt.Random, b[:]); err != nil {
		return 0, fmt.Errorf("drawing a seed for the match: %w", err)
	}
	return binary.BigEndian.Uint64(b[:]), nil
}

// nextSeed is the seed of the next match: drawn anew, or with a seed
// given on the command line the next of that series, so that a run
// with --seed stays reproducible match after match.
func (m *Model) nextSeed() (uint64, error) {
	if m.opt.SeedSet {
		return game.NewSeed(m.seed + m.nextNo), nil
	}
	return m.drawSeed()
}

// The smallest terminal the table fits in (okey serve sizes its
// sessions' windows by it).
const (
	MinWidth  = layout.MinWidth
	MinHeight = layout.MinHeight
)
