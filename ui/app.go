package ui

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/bots/expertclassic"
	"okey/game"
	"okey/kit/problem"
	"okey/kit/seatmsg"
	"okey/kit/store"
	"okey/ui/debuglog"
	"okey/ui/hostdaily"
	"okey/ui/hosting"
	"okey/ui/layout"
	"okey/ui/pages"
	"okey/ui/review"
	"okey/ui/saves"
	"okey/ui/seathost"
	"okey/ui/seatlink"
	"okey/ui/settings"
)

// The app built and run: a table of one's own (New) or a seat at a
// table it does not own (NewSeat), each hosting both games' sides of the
// table (hostGames); its messages handled (Update), keys by screen
// (onKey). It is the top of the package: what it calls, the files below
// it do.

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
		opt.NewBot = expertclassic.New
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
	m.hostGames(false)
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
	m.look()
	if m.unsaved != nil {
		m.notice = append(m.notice, m.tr.T("notice.save.unwritable", store.ShortPath(opt.StateDir), saves.Why(m.tr, m.unsaved)))
	}
	m.seed = opt.Seed
	if !opt.SeedSet {
		seed, err := settings.Seeds{Random: opt.Random}.Draw()
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
	if !m.readOnly && m.unsaved == nil {
		var note string
		b, m.paused, note, err = hostdaily.Unpause(m.files, m.tr, b, err, opt.Daily != nil)
		if note != "" {
			m.notice = append(m.notice, note)
		}
	}
	switch {
	case m.readOnly:
		m.lookAt(b, err)
		return m, nil
	case errors.Is(err, fs.ErrNotExist) && opt.Daily != nil:
		err = nil // the daily deals the first match (startOn)
	case errors.Is(err, fs.ErrNotExist), err != nil && m.unsaved != nil:
		err = m.startMatch(m.seed)
	case err != nil: // a folder, a file it may not read: left alone
		m.cannotSave(m.saves().Unusable(err))
		err = m.startMatch(m.seed)
	default:
		err = m.load(b)
	}
	if err != nil {
		m.files.Unlock()
		return nil, err
	}
	m.startOn(opt.Daily)
	if len(m.notice) > 0 && m.screen != scrNotice {
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
		for _, g := range m.games {
			g.LetGo(hosting.LetMatch)
		}
		m.on, m.present = 0, false
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

// NewSeat builds the table screen of a seat at a table it does not own.
// It shows nothing but a wait until the table's first seatmsg.Update.
func NewSeat(opt SeatOptions) (*Model, error) {
	set := settings.Default(opt.Lang)
	if opt.Theme != "" {
		set.Theme = opt.Theme
	}
	if err := set.Validate(); err != nil {
		return nil, err
	}
	if opt.Send == nil {
		return nil, errors.New("ui: a seat needs a table to send its moves to")
	}
	if opt.Seat >= game.NumSeats {
		return nil, fmt.Errorf("ui: seat %d: no such seat", opt.Seat)
	}
	m := &Model{
		opt: Options{Settings: set, Saved: set, NoColor: opt.NoColor, Now: time.Now, Log: opt.Log},
		set: set, saved: set, now: time.Now,
		asking: -1, dark: opt.Dark, lastOK: true,
		screen: scrPlay, settle: settleFor(opt.Settle),
	}
	m.opt.NewBot = expertclassic.New
	m.opt.BotTimeout = defaultBotTimeout
	m.seat = &seathost.Seat{Link: seatlink.New(opt.Seat, opt.Send), Keys: opt.Keys, Badge: opt.Badge, Record: opt.Record}
	m.hostGames(true)
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.bar = pages.NewBar()
	if err := m.applySettings(); err != nil {
		return nil, err
	}
	m.look()
	return m, nil
}

// NewSeat101 builds the 101 table screen of a seat at a table it does
// not own. Until the table's first seatmsg.Update it shows an empty
// table.
func NewSeat101(opt SeatOptions) (*Model, error) {
	return NewSeat(opt)
}

// Init asks the terminal for its background and saves the new match.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor}
	if warm := m.table().About().Warm; warm != nil {
		if w := warm(); w != nil {
			cmds = append(cmds, w)
		}
	}
	// The record as it stands: a new match, or a resumed one written
	// again whole (which repairs a torn last line at once).
	cmds = append(cmds, m.saveCmd(), m.follow(hostdaily.Result{Par: true}))
	if m.screen == scrPlay {
		cmds = append(cmds, m.nextTurn())
	}
	return tea.Batch(cmds...)
}

// Update handles a message: the window, the terminal's background, the
// bots' answers and the saves here; keys and clicks by screen. It notes
// when the screen on show changed, for settling.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if log := m.opt.Log; log != nil {
		// The message as it comes, and once handled what it changed.
		debuglog.Took(log, msg, screenName(m.screen))
		was, before := m.screen, debuglog.Screen{Name: screenName(m.screen), Status: m.flash}
		defer func() {
			debuglog.After(log, before, debuglog.Screen{Name: screenName(m.screen), Changed: m.screen != was, Status: m.flash, Warn: m.flashWarn})
		}()
	}
	if _, tick := msg.(seatTickMsg); tick {
		m.kept.tick = true
	} else {
		m.kept.valid = false
	}
	cmd := m.update(msg)
	m.look() // for what the sides draw before the next message
	if m.screen != m.shown {
		m.shown, m.shownAt = m.screen, m.now()
	}
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	in := msg // as it came: a key handed on to the table as it is allocates nothing
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.lay = layout.NewScreen(msg.Width, msg.Height)
		return nil
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.restyle()
		return nil
	case seatmsg.Update:
		return m.onSeatUpdate(msg)
	case seatTickMsg:
		if m.seat == nil {
			return nil
		}
		return m.seat.OnTick(msg, m.now(), m.quitting) // the clock kept going while a turn is timed
	case review.ProgressMsg, review.DoneMsg:
		return m.onReviewMsg(msg)
	case review.ListMsg, review.RecordMsg:
		return m.onMatches(msg)
	case hostdaily.ParMsg, hostdaily.RecordMsg:
		return m.onDaily(msg)
	case hostdaily.PausedMsg:
		return m.onPaused(msg)
	case savedMsg:
		if msg.Err != nil {
			m.lastOK = false
			m.setFlash(true, m.tr.T("status.savefail", store.ShortPath(msg.Path), saves.Why(m.tr, msg.Err)))
		} else if !m.lastOK {
			m.lastOK = true
		}
		return nil
	case tea.KeyPressMsg:
		if m.quitting {
			return nil
		}
		return m.onKey(msg, in)
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
	// The game's own messages (its bots' answers, its hints, an undo's
	// answer), none of them the app's.
	if a, ok := msg.(hosting.Answer); ok {
		if cmd, play := m.answered(a.Answer()); !play {
			return cmd
		}
	}
	if r, ok := m.table().Update(msg, m.keyScene()); ok {
		return m.carry(r, tea.KeyPressMsg{})
	}
	return nil
}

// onPaste hands a paste to the name being typed on the settings form;
// anywhere else a paste means nothing (it is not a string of keys).
func (m *Model) onPaste(msg tea.PasteMsg) {
	if m.quitting || m.lay.TooSmall || m.screen != scrSettings || m.settings == nil {
		return
	}
	m.settings.Page(m.common()).Paste(msg)
}

// onKey dispatches a key to the update of the screen on show: every
// page here, the same for both games, and a key on the table to the
// game on it. in is k as the message it came in.
func (m *Model) onKey(k tea.KeyPressMsg, in tea.Msg) tea.Cmd {
	if key.Matches(k, m.keys.ForceQuit) {
		return m.quit()
	}
	if m.lay.TooSmall { // the notice that stands in: q quits
		if pages.NewTooSmall(m.common(), m.width, m.height).Update(k) == pages.Quit {
			return m.quit()
		}
		return nil
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
	case scrStats, scrScores:
		return m.updateInfo(k)
	case scrReview:
		return m.updateReview(k)
	case scrMatches:
		return m.onMatches(k)
	// The pages between hands, hosted here once for both games (each
	// game gives what they show), and the table, the game's.
	case scrResume:
		return m.updateResume(k)
	case scrHandOver:
		return m.updateHandEnd(k, m.table().Pages().HandEnd(m.pageW()))
	case scrMatchOver:
		return m.updateMatchOver(k)
	case scrDailyAsk, scrDaily:
		return m.onDaily(k)
	}
	if why := m.format().HintRefused(); why != "" && m.overlay == ovNone && hostdaily.IsHint(&m.keys, k) {
		// The hint's keys are off where the format refuses it: said why.
		m.setFlash(true, m.tr.T(why))
		return nil
	}
	return m.onTableKey(k, in)
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
