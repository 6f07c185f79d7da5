// Package ui is the full-screen table: the player at the bottom, three
// bots around, whole matches of Okey played with the keyboard or the
// mouse. The game itself lives in package game; the screen only ever
// reads game.View(0), sends actions to game.Game.Apply, and saves the
// record line by line as it grows.
package ui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"okey/bots"
	"okey/game"
	"okey/ui/i18n"
	"okey/ui/store"
	"okey/ui/theme"
)

// Options start the table.
type Options struct {
	// Settings are the effective settings (the config file with the
	// command line's flags on top).
	Settings Settings
	// StateDir holds the match record; ConfigDir the settings.
	StateDir, ConfigDir string
	// Seed makes the first match reproducible when SeedSet.
	Seed    uint64
	SeedSet bool
	// NoColor draws without colour (NO_COLOR).
	NoColor bool
	// Now is the clock, for names of set-aside files and seeds; nil is
	// time.Now.
	Now func() time.Time
	// NewBot builds a bot; nil is bots.New. Tests give slow or scripted
	// bots here.
	NewBot func(level string, opt bots.Options) (bots.Bot, error)
	// Notes are told to the player at the start (a damaged settings
	// file, say).
	Notes []string
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
	opt  Options
	set  Settings
	now  func() time.Time
	tr   *i18n.Catalog
	keys keyMap
	help help.Model

	palette theme.Palette
	st      *theme.Styles
	dark    bool

	width, height int
	lay           Layout

	screen  screen
	after   screen // where the notice screen leads
	overlay overlay
	notice  []string

	g      *game.Game
	view   game.View
	names  [game.NumSeats]string
	levels [game.NumSeats]string
	bots   [game.NumSeats]bots.Bot
	seed   uint64 // seed of the current match
	nextNo uint64 // matches started, for the next seed

	rack   Rack
	cursor int
	held   int // slot of the tile picked up, -1 for none
	fresh  int // slot of the tile just drawn or taken, -1

	flash     string
	flashWarn bool
	log       []logEntry

	// Saving: the record as written so far (append-only, so a slice of
	// it is an immutable snapshot), and a sequence number per snapshot.
	rec    []byte
	seq    uint64
	saver  *store.Saver
	lastOK bool // the last save succeeded

	// Bots: every question gets a new id; a reply with another id is
	// stale (a new hand, a quit, a newer question) and dropped.
	ctx     context.Context
	cancel  context.CancelFunc
	askID   uint64
	asking  int // seat being asked, -1 for none
	refused int // refused bot moves in a row, to stop a broken bot

	settings *settingsForm
	quitting bool
	// handShown is the hand whose end screen is showing.
	handShown int
}

// logEntry is a line of the move log: an event (as seat 0 may see it) or
// a note.
type logEntry struct {
	ev   game.Event
	note string
	hand int
}

// botMoveMsg is a bot's answer.
type botMoveMsg struct {
	id   uint64
	seat int
	act  game.Action
	err  error
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
	m := &Model{
		opt: opt, set: opt.Settings, now: opt.Now, saver: store.NewSaver(),
		held: -1, fresh: -1, asking: -1, dark: true, lastOK: true,
	}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.help = help.New()
	if err := m.applySettings(); err != nil {
		return nil, err
	}
	if opt.SeedSet {
		m.seed = opt.Seed
	} else {
		m.seed = game.NewSeed(uint64(m.now().UnixNano()))
	}
	m.notice = append(m.notice, opt.Notes...)

	path := m.matchPath()
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		err = m.startMatch(m.seed)
	case err != nil:
		return nil, fmt.Errorf("reading %s: %w", path, err)
	default:
		err = m.load(b)
	}
	if err != nil {
		return nil, err
	}
	if len(m.notice) > 0 {
		m.after = m.screen
		m.screen = scrNotice
	}
	return m, nil
}

// applySettings loads the language, keys and styles of m.set.
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
	m.keys = newKeyMap(tr)
	m.restyle()
	return nil
}

func (m *Model) restyle() {
	m.st = theme.New(m.palette, m.dark, m.opt.NoColor)
	k, s := m.st.HelpStyles()
	m.help.Styles.ShortKey, m.help.Styles.FullKey = k, k
	m.help.Styles.ShortSeparator, m.help.Styles.FullSeparator = s, s
	m.help.Styles.ShortDesc, m.help.Styles.FullDesc = m.st.Text, m.st.Text
	m.help.Styles.Ellipsis = s
}

func (m *Model) matchPath() string { return filepath.Join(m.opt.StateDir, store.MatchFile) }
func (m *Model) rackPath() string  { return filepath.Join(m.opt.StateDir, store.RackFile) }

// load resumes from a saved record, or sets it aside when it cannot be
// read and starts a new match.
func (m *Model) load(b []byte) error {
	rec, err := game.ParseRecord(b)
	var g *game.Game
	if err == nil {
		g, err = game.Replay(rec)
	}
	if err != nil {
		why := "damaged"
		if errors.Is(err, game.ErrRecordVersion) {
			why = "unknown-version"
		}
		aside, aerr := store.SetAside(m.matchPath(), why, m.now())
		if aerr != nil {
			return fmt.Errorf("the saved match %s cannot be read (%v) nor set aside (%v); move it away and start again", m.matchPath(), err, aerr)
		}
		m.notice = append(m.notice, m.tr.T("notice.damaged", store.ShortPath(m.matchPath()), err.Error(), store.ShortPath(aside)))
		return m.startMatch(m.seed)
	}
	if g.State().Phase() == game.MatchOver {
		if _, err := store.Archive(m.matchPath(), "finished", m.now()); err != nil {
			return fmt.Errorf("archiving the finished match %s: %w", m.matchPath(), err)
		}
		return m.startMatch(m.seed)
	}
	m.adopt(g, rec.Seed)
	full := g.Record()
	m.rec = full.Marshal()
	m.seq++
	m.loadRack()
	m.screen = scrResume
	return nil
}

// adopt makes g the match being played: names, levels and bots from its
// record's meta, the view, the rack.
func (m *Model) adopt(g *game.Game, seed uint64) {
	m.cancelBots()
	m.g = g
	m.seed = seed
	meta := g.Record().Meta
	m.names[0] = ""
	m.levels[0] = ""
	for s := 1; s < game.NumSeats; s++ {
		m.names[s] = meta["name"+strconv.Itoa(s)]
		if m.names[s] == "" {
			m.names[s] = m.set.Names[s-1]
		}
		m.levels[s] = meta["level"+strconv.Itoa(s)]
		if m.levels[s] == "" {
			m.levels[s] = m.set.Levels[s-1]
		}
		if _, err := m.opt.NewBot(m.levels[s], bots.Options{Seed: seed}); err != nil {
			m.levels[s] = bots.Levels[0] // a record naming a level this build lacks
		}
		m.bots[s] = &seatBot{level: m.levels[s], seed: seed*4 + uint64(s), build: m.opt.NewBot}
	}
	m.log = m.log[:0]
	m.flash = ""
	m.held, m.fresh = -1, -1
	m.rack = NewRack()
	m.view = g.State().View(0)
	m.newHandRack()
	for _, e := range m.view.History {
		m.addLog(e)
	}
}

// startMatch starts a new match with seed and the current settings.
func (m *Model) startMatch(seed uint64) error {
	r, err := game.ParseRules(m.set.Rules)
	if err != nil {
		return err
	}
	meta := map[string]string{"program": "okey"}
	for s := 1; s < game.NumSeats; s++ {
		meta["name"+strconv.Itoa(s)] = m.set.Names[s-1]
		meta["level"+strconv.Itoa(s)] = m.set.Levels[s-1]
	}
	g, err := game.NewGame(r, seed, meta)
	if err != nil {
		return err
	}
	m.nextNo++
	m.adopt(g, seed)
	rec := g.Record()
	m.rec = rec.Marshal()
	m.seq++
	m.screen = scrPlay
	return nil
}

// Init asks the terminal for its background and saves the new match.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.warmAnalysis()}
	if m.screen == scrPlay || m.after == scrPlay {
		cmds = append(cmds, m.saveCmd())
	}
	if m.screen == scrPlay {
		cmds = append(cmds, m.nextTurn())
	}
	return tea.Batch(cmds...)
}

// warmAnalysis builds hand analysis's tables (a tenth of a second, once
// a process) in the background while the first frame is on screen, so
// the player's first hint or sort does not wait for them.
func (m *Model) warmAnalysis() tea.Cmd {
	an, rack := m.view.Analyzer, m.view.Rack
	return func() tea.Msg {
		if h, err := an.NewHand(rack); err == nil && h.Len() >= 14 {
			an.Distance(h)
		}
		return nil
	}
}

// Update handles a message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.lay = layout(msg.Width, msg.Height)
		m.help.SetWidth(msg.Width)
		return m, nil
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.restyle()
		return m, nil
	case botMoveMsg:
		return m, m.onBotMove(msg)
	case savedMsg:
		if msg.err != nil {
			m.lastOK = false
			m.setFlash(true, m.tr.T("status.savefail", store.ShortPath(msg.path), msg.err.Error()))
		} else if !m.lastOK {
			m.lastOK = true
		}
		return m, nil
	case tea.KeyPressMsg:
		if m.quitting {
			return m, nil
		}
		if msg.String() == "ctrl+c" {
			return m, m.quit()
		}
		return m, m.onKey(msg)
	case tea.MouseClickMsg:
		if m.quitting {
			return m, nil
		}
		return m, m.onClick(msg)
	}
	return m, nil
}

// onKey dispatches a key by screen.
func (m *Model) onKey(k tea.KeyPressMsg) tea.Cmd {
	switch m.screen {
	case scrNotice:
		return m.keyNotice(k)
	case scrResume:
		return m.keyResume(k)
	case scrHandOver:
		return m.keyHandOver(k)
	case scrMatchOver:
		return m.keyMatchOver(k)
	case scrSettings:
		return m.keySettings(k)
	}
	return m.keyPlay(k)
}

// quit saves what is not saved yet and stops.
func (m *Model) quit() tea.Cmd {
	m.quitting = true
	m.cancelBots()
	return tea.Sequence(m.saveCmd(), tea.Quit)
}

// Flush writes the record and the rack if the last snapshot has not been
// written yet; the command calls it after the program ends.
func (m *Model) Flush() error {
	if m.g == nil {
		return nil
	}
	if _, err := m.saver.Save(m.matchPath(), m.seq, m.rec); err != nil {
		return err
	}
	_, err := m.saver.Save(m.rackPath(), m.seq, m.rackJSON())
	return err
}

// SavedPath is where the match is saved, for the goodbye line.
func (m *Model) SavedPath() string { return m.matchPath() }

// MatchOver reports whether the match on the table has ended.
func (m *Model) MatchOver() bool { return m.g != nil && m.g.State().Phase() == game.MatchOver }

func (m *Model) setFlash(warn bool, s string) {
	m.flash, m.flashWarn = s, warn
}

func (m *Model) keyNotice(k tea.KeyPressMsg) tea.Cmd {
	if m.isQuit(k) {
		return m.quit()
	}
	m.notice = nil
	m.screen = m.after
	if m.screen == scrPlay {
		return m.nextTurn()
	}
	return nil
}

func (m *Model) isQuit(k tea.KeyPressMsg) bool {
	return k.String() == "q" || k.String() == "ctrl+c"
}

func (m *Model) keyResume(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case m.isQuit(k):
		return m.quit()
	case k.String() == "n":
		return m.newMatchCmd("abandoned")
	case k.String() == "enter" || k.String() == "y" || k.String() == "r":
		m.screen = scrPlay
		m.setFlash(false, m.tr.T("status.resumed"))
		if m.view.Phase == game.HandOver {
			m.screen = scrHandOver
			return nil
		}
		return m.nextTurn()
	}
	m.setFlash(true, m.tr.T("status.resumekeys"))
	return nil
}

// newMatchCmd starts a new match; the old record is archived under why.
func (m *Model) newMatchCmd(why string) tea.Cmd {
	m.cancelBots()
	old := m.matchPath()
	seed := game.NewSeed(m.seed + m.nextNo)
	if err := m.startMatch(seed); err != nil {
		m.setFlash(true, err.Error())
		return nil
	}
	m.setFlash(false, m.tr.T("status.newmatch"))
	m.seq++
	seq, data, rack := m.seq, m.rec, m.rackJSON()
	saver, now, rackPath := m.saver, m.now(), m.rackPath()
	save := func() tea.Msg {
		err := saver.Locked(func() error {
			if _, err := os.Stat(old); err == nil {
				if _, err := store.Archive(old, why, now); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil {
			_, err = saver.Save(old, seq, data)
		}
		if err == nil {
			_, err = saver.Save(rackPath, seq, rack)
		}
		return savedMsg{err: err, path: old}
	}
	return tea.Batch(save, m.nextTurn())
}

// saveCmd saves the record and the rack as they stand, in a command.
func (m *Model) saveCmd() tea.Cmd {
	if m.g == nil {
		return nil
	}
	m.seq++
	seq, data := m.seq, m.rec
	path, saver := m.matchPath(), m.saver
	rack, rackPath := m.rackJSON(), m.rackPath()
	return func() tea.Msg {
		if _, err := saver.Save(path, seq, data); err != nil {
			return savedMsg{err: err, path: path}
		}
		if _, err := saver.Save(rackPath, seq, rack); err != nil {
			return savedMsg{err: err, path: rackPath}
		}
		return savedMsg{}
	}
}
