package serve

import (
	"context"
	"errors"
	"log/slog"
	"reflect"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/bots"
	"okey/game"
	"okey/ui"
	"okey/ui/canvas"
	"okey/ui/i18n"
	"okey/ui/layout"
	"okey/ui/seatmsg"
	"okey/ui/serve/hall"
	"okey/ui/serve/keep"
	"okey/ui/serve/tables"
	"okey/ui/serve/tty"
	"okey/ui/theme"
)

// A session is one SSH connection's program: the lobby, the form of a
// new table, the waiting room, and at a table the game's own screen for
// the seat. It talks to tables only with requests (non-blocking for
// moves and chat) and waits for their updates in a command that also
// watches the session's context, so nothing of a table ever waits for
// a session.

// page is what the session shows.
type page uint8

const (
	pgLobby page = iota + 1
	pgCreate
	pgCode  // typing a code: a private table's, or a guest's resume code
	pgRoom  // a table's waiting room, before its match
	pgTable // the game's screen
	pgBye   // a last word before the connection closes
	pgBoard // the leaderboard
)

// codeFor is what a typed code is for.
type codeFor uint8

const (
	codeJoin codeFor = iota + 1
	codeResume
)

// session is a connection's model.
type session struct {
	srv *Server
	// lines draws the session's frames on the client (nil only in tests
	// that run the model without a connection).
	lines *tty.LineScreen
	ctx   context.Context
	id    string // identity
	code  string // a guest's resume code ("" for a key)
	// codeShown: the guest asked to see their resume code (v); it hides
	// again when they sit down at the table.
	codeShown bool
	name      string
	addr      string
	port      string // the server's port the connection came in on
	tr        *i18n.Catalog
	keys      sessionKeys
	dark      bool
	bg        *tea.BackgroundColorMsg

	width, height int
	page          page
	flash         string
	bye           string

	// The lobby: the tables the player may see (listTables), the cursor
	// among them, and how many tables are open in all.
	tables []*tables.Summary
	cursor int
	open   int
	// The form of a new table.
	form createForm
	// A code being typed.
	codeIn  textinput.Model
	inputOf codeFor
	tries   int

	// The leaderboard: its game, and the board as last read (nil while
	// it is read).
	boardGame string
	board     *keep.Board
	boardErr  bool

	// The ratings the waiting room shows: the identities they were read
	// for, and what was read (an identity not rated yet is absent).
	roomRated   roomSeats
	roomRatings map[string]keep.RatedEntry

	// The table the session is at.
	at *membership
	// The game's screen at the table.
	scr tables.Screen
	// The waiting room as last told.
	room *tables.Room
	// Chat being typed (chatting), at a table or in its waiting room.
	chatting bool
	chatIn   textinput.Model
	// away is set when the seat's bot plays for the player.
	away bool
	// refusedSeq numbers the waiting room's refusals already told.
	refusedSeq uint64
	// lastKey is when the player last pressed a key; idleAway is set once
	// the table has been told they are away for it.
	lastKey  time.Time
	idleAway bool
	// inPlay: the table's match is not over (leaving asks first);
	// leaving: q was pressed once, and q again leaves.
	inPlay, leaving bool
	// reseat, while a table this session sat at moves to another node,
	// is the seat being taken back (nil: none); moveNote is the line the
	// table's screen shows meanwhile, and for a moment after.
	reseat        *reseating
	moveNote      string
	moveNoteUntil time.Time
	// held are the keys pressed at the table's screen while its table
	// moves (at most maxHeld): played in order once the seat is back,
	// never dropped without a word (issue 40, point 5).
	held []tea.KeyPressMsg
	// in is the session's input: closed before the program quits, which
	// it does once inputEnded, the input's end marker having arrived
	// (tty/input.go).
	in         *tty.Input
	inputEnded bool

	// frame is the page as last drawn, and drawn says it still shows
	// the session as it is: Bubble Tea asks for the view after every
	// message, and a message that changed nothing (the lobby's tick at
	// a table, a list of tables that looks the same) must not cost a
	// whole table drawn again (issue 28).
	frame tea.View
	drawn bool
	// What the session sleeps on (issue 28: a session that sees nothing
	// change wakes for nothing). newsSeen is the hall's change the list
	// of tables was read at, listedAt when (real time: changes are taken
	// at most once a frame), and newsArmed is set while a command waits
	// for the next change. idleAt is when the armed idle check wakes
	// (zero: none armed); idleGen numbers the checks, idleStop ends the
	// one armed.
	newsSeen  uint64
	listedAt  time.Time
	newsArmed bool
	idleAt    time.Time
	idleGen   uint64
	idleStop  chan struct{}
	// lastUpdate is the game's update the screen took last (nil: none
	// since it opened).
	lastUpdate any
	// st is the session's own style sheet, for its dark or light
	// background (nil: not built yet).
	st *theme.Styles
}

// membership is the session's place at a table; gen numbers them so a
// late message of an old one is dropped.
type membership struct {
	t      hall.SeatTable
	m      *tables.Member
	gen    uint64
	ctx    context.Context
	cancel context.CancelFunc
	kind   tables.GameKind
}

// Messages of a session.
type (
	// lobbyNewsMsg: the hall's tables have changed since the session
	// listed them.
	lobbyNewsMsg struct{}
	// idleMsg: the idle check armed as gen is due.
	idleMsg   struct{ gen uint64 }
	joinedMsg struct {
		t     hall.SeatTable
		m     *tables.Member
		seat  int
		err   error
		watch bool
	}
	fromTableMsg struct {
		gen uint64
		msg tables.Msg
	}
	byeMsg struct{}
	// boardMsg is a leaderboard read from the store.
	boardMsg struct {
		b   keep.Board
		err error
	}
	// roomRatingsMsg are the ratings of a waiting room's seats.
	roomRatingsMsg struct {
		ids     roomSeats
		ratings map[string]keep.RatedEntry
	}
	// stoppingMsg: the server is stopping (SIGTERM, ctrl+c).
	stoppingMsg struct{}
	// quitMsg: the input has settled, the program may quit.
	quitMsg struct{}
)

// sessionKeys are the keys of the session's own pages.
type sessionKeys struct {
	Up, Down, Sit, Watch, New, Code, Resume, Lang, Quit key.Binding
	Board, BoardGame                                    key.Binding
	// ShowCode shows a guest's resume code in the header, or hides it
	// again: it stays hidden unless asked for, so that a stream or a
	// shoulder does not carry it off (issue 40, point 3).
	ShowCode                                         key.Binding
	Start, Chat, Leave                               key.Binding
	FormUp, FormDown, FormPrev, FormNext, Open, Back key.Binding
	Send, Erase, Cancel                              key.Binding
	// Choose (Up and Down) is shown in the lobby's key bar.
	Choose key.Binding
}

func newSessionKeys(tr *i18n.Catalog) sessionKeys {
	b := func(keys []string, label, help string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(label, tr.T(help)))
	}
	return sessionKeys{
		Up:        b([]string{"up", "k"}, "↑", "lobby.key.choose"),
		Down:      b([]string{"down", "j"}, "↓", "lobby.key.choose"),
		Choose:    b([]string{"up", "down"}, "↑↓", "lobby.key.choose"),
		Sit:       b([]string{"enter"}, "enter", "lobby.key.sit"),
		Watch:     b([]string{"w"}, "w", "lobby.key.watch"),
		New:       b([]string{"n"}, "n", "lobby.key.new"),
		Code:      b([]string{"c"}, "c", "lobby.key.code"),
		Resume:    b([]string{"r"}, "r", "lobby.key.resume"),
		Lang:      b([]string{"l"}, "l", "lobby.key.lang"),
		ShowCode:  b([]string{"v"}, "v", "lobby.key.showcode"),
		Board:     b([]string{"t"}, "t", "lobby.key.board"),
		BoardGame: b([]string{"tab", "left", "right"}, "tab", "board.key.game"),
		Quit:      b([]string{"q", "ctrl+c"}, "q", "key.quit.short"),
		Start:     b([]string{"s"}, "s", "lobby.key.start"),
		Chat:      b([]string{"m"}, "m", "key.chat"),
		Leave:     b([]string{"q", "ctrl+c"}, "q", "key.leave"),
		FormUp:    b([]string{"up", "shift+tab"}, "↑", "key.set.choose"),
		FormDown:  b([]string{"down", "tab"}, "↓", "key.set.choose"),
		FormPrev:  b([]string{"left"}, "←", "key.set.change"),
		FormNext:  b([]string{"right", "space"}, "→", "key.set.change"),
		Open:      b([]string{"enter"}, "enter", "lobby.key.open"),
		Back:      b([]string{"esc", "q"}, "esc", "lobby.key.back"),
		Send:      b([]string{"enter"}, "enter", "lobby.key.send"),
		Erase:     b([]string{"backspace"}, "backspace", "key.set.erase"),
		Cancel:    b([]string{"esc"}, "esc", "key.set.cancel"),
	}
}

// newSession is the model of a new connection.
func newSession(srv *Server, ctx context.Context, id, code, name, addr, lang string) *session {
	s := &session{srv: srv, ctx: ctx, id: id, code: code, name: name, addr: addr, page: pgLobby, dark: true, lastKey: srv.cfg.Now()}
	s.setLang(lang)
	s.form = newCreateForm(srv.cfg.DefaultTimer)
	s.codeIn, s.chatIn = newField(maxCodeBytes), newField(tables.MaxChat)
	return s
}

func (s *session) setLang(lang string) {
	tr, err := i18n.Load(lang)
	if err != nil {
		tr = i18n.MustLoad("en")
	}
	s.tr = tr
	s.keys = newSessionKeys(tr)
}

// Init asks for the background and goes to the seat the player holds,
// if any (a reconnection), else to the lobby.
func (s *session) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, s.watchServer()}
	if t := s.srv.hall.Holding(s.id); t != nil {
		// A player coming back from a node that died may find their
		// table still coming up on another: asked again until it is.
		s.reseat = &reseating{id: t.TableID(), until: s.srv.cfg.Now().Add(reseatFor), quiet: true}
		cmds = append(cmds, s.joinCmd(t, -1, false))
	} else {
		s.listTables()
	}
	return tea.Batch(append(cmds, s.arm())...)
}

// quit ends the session's program: its input is closed first, and the
// program quits when the input's end marker arrives, every key before it
// handed over (tty/input.go says why); at the latest after quitWait.
func (s *session) quit() tea.Cmd {
	if s.in == nil {
		return tea.Quit
	}
	s.in.Close()
	ctx := s.ctx
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

// watchServer tells the session when the server stops, wherever it is.
func (s *session) watchServer() tea.Cmd {
	srv, ctx := s.srv.ctx, s.ctx
	return func() tea.Msg {
		select {
		case <-srv.Done():
			return stoppingMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

// Update handles a message: the window and the background for every
// page, the tables' messages, then keys by page. Every message but the
// hall's news and the idle check may change what the page shows; these
// do only when the tables listed look different, or the player has been
// idle too long. After each message the session arms what it sleeps on
// (arm).
func (s *session) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case lobbyNewsMsg:
		s.newsArmed = false
		if s.listsTables() && s.listTables() {
			s.drawn = false
		}
		return s, s.arm()
	case idleMsg:
		if msg.gen != s.idleGen {
			return s, nil // a check replaced by a sooner one
		}
		s.idleAt, s.idleStop = time.Time{}, nil
		cmd := s.checkIdle(s.srv.cfg.Now())
		if cmd != nil {
			s.drawn = false
		}
		return s, tea.Batch(cmd, s.arm())
	case fromTableMsg:
		if s.sameUpdate(msg) {
			return s, s.waitTable()
		}
	}
	s.drawn = false
	m, cmd := s.update(msg)
	return m, tea.Batch(cmd, s.arm())
}

// listsTables reports whether the page shows the hall's tables (the
// lobby, and the forms over it).
func (s *session) listsTables() bool {
	return s.page == pgLobby || s.page == pgCreate || s.page == pgCode
}

// arm sets what the session sleeps on, so that it wakes only when there
// is something to do (issue 28: every session once polled the hall each
// second, 0.009% of a core each in an idle lobby): while its page lists
// the tables, a command that waits for the hall's next change; and a
// timer at the next moment the player's idleness is due to be acted on
// (checkIdle), set again only when that moment comes sooner than the one
// set. A key pressed moves the moment later, and the timer set finds
// nothing to do and is set again.
func (s *session) arm() tea.Cmd {
	var news, idle tea.Cmd
	if !s.newsArmed && s.listsTables() {
		s.newsArmed = true
		news = s.waitNews()
	}
	if due, ok := s.idleDue(); ok && (s.idleAt.IsZero() || due.Before(s.idleAt)) {
		idle = s.waitIdle(due)
	}
	return tea.Batch(news, idle)
}

// waitNews waits for the hall's first change after the one the list was
// read at; taken at most once a frame (the lineScreen's gap): a hall
// where tables open and fill many times a second wakes a session in the
// lobby no more often than it can show them.
func (s *session) waitNews() tea.Cmd {
	w, seen, ctx := s.srv.hall.News, s.newsSeen, s.ctx
	next := s.listedAt.Add(time.Second / time.Duration(max(s.srv.cfg.FPS, 1)))
	return func() tea.Msg {
		if !w.After(ctx, seen) {
			return nil
		}
		if d := time.Until(next); d > 0 {
			t := time.NewTimer(d)
			defer t.Stop()
			select {
			case <-t.C:
			case <-ctx.Done():
				return nil
			}
		}
		return lobbyNewsMsg{}
	}
}

// idleDue is the next moment checkIdle could act on the player's
// idleness, as things are; false when nothing is due.
func (s *session) idleDue() (time.Time, bool) {
	cfg := &s.srv.cfg
	if s.page == pgBye {
		return time.Time{}, false
	}
	var due time.Time
	after := func(d time.Duration) {
		if t := s.lastKey.Add(d); d > 0 && (due.IsZero() || t.Before(due)) {
			due = t
		}
	}
	seated := s.at != nil && s.at.m.Seat >= 0
	if seated {
		after(cfg.ReleaseAfter)
	}
	after(cfg.IdleTimeout)
	if s.page == pgTable && seated && !s.idleAway {
		after(cfg.AwayAfter)
	}
	return due, !due.IsZero()
}

// waitIdle is a timer at due on the server's clock (Config.Now), in
// place of the one armed before. A clock set forward (the tests' clock:
// Server.clockMoved) is read again at once.
func (s *session) waitIdle(due time.Time) tea.Cmd {
	if s.idleStop != nil {
		close(s.idleStop)
	}
	stop := make(chan struct{})
	s.idleGen++
	s.idleAt, s.idleStop = due, stop
	gen, ctx, now, clock := s.idleGen, s.ctx, s.srv.cfg.Now, s.srv.clock
	return func() tea.Msg {
		for {
			moved := clock.Seen()
			d := due.Sub(now())
			if d <= 0 {
				return idleMsg{gen: gen}
			}
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-clock.Next(moved):
				t.Stop()
			case <-stop:
				t.Stop()
				return nil
			case <-ctx.Done():
				t.Stop()
				return nil
			}
		}
	}
}

// sameUpdate reports whether a table's message is the game's update the
// screen has already taken, equal in every part. A table hands every
// seat its update after every change at the table, and some change
// nothing a seat sees (another seat's refusal, a chat line while the
// seat's own did not move); an update is whole, never a difference, so
// the screen would draw again exactly what it shows. Comparing costs
// less than drawing the whole table (issue 28: in a recorded hand, 51
// of 118 updates a seat took changed nothing on its screen).
func (s *session) sameUpdate(f fromTableMsg) bool {
	return s.at != nil && f.gen == s.at.gen && s.scr != nil && s.page == pgTable &&
		f.msg.Closed == "" && f.msg.Room == nil && s.lastUpdate != nil &&
		reflect.DeepEqual(f.msg.Update, s.lastUpdate)
}

func (s *session) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if s.in.IsMarker(msg.Content) {
			s.inputEnded = true // its end of paste is the reader's last event
			return s, nil
		}
		// A paste goes to the field being typed in: a code, a chat line.
		switch {
		case s.chatting:
			return s, editField(&s.chatIn, msg, tables.MaxChatBytes)
		case s.page == pgCode:
			s.flash = ""
			return s, editField(&s.codeIn, msg, maxCodeBytes)
		}
	case tea.PasteEndMsg:
		if s.inputEnded {
			return s, tea.Quit // the input has ended: nothing is left to hand over
		}
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
		return s, s.toScreen(msg)
	case tea.BackgroundColorMsg:
		s.dark = msg.IsDark()
		s.bg = &msg
		s.st = nil
		return s, s.toScreen(msg)
	case boardMsg:
		if s.page == pgBoard && msg.b.Game == s.boardGame {
			s.board, s.boardErr = &msg.b, msg.err != nil
			if msg.err != nil {
				s.srv.log.Warn("leaderboard", "err", msg.err)
			}
		}
		return s, nil
	case roomRatingsMsg:
		if msg.ids == s.roomRated {
			s.roomRatings = msg.ratings
		}
		return s, nil
	case joinedMsg:
		return s, s.onJoined(msg)
	case reseatMsg:
		return s, s.onReseat()
	case holderProbedMsg:
		return s, s.onHolderProbed(msg)
	case fromTableMsg:
		return s, s.onTable(msg)
	case seatmsg.LeaveMsg:
		return s, s.leave()
	case byeMsg:
		return s, s.quit()
	case quitMsg:
		return s, tea.Quit
	case stoppingMsg:
		return s, s.sayByeIn(s.tr.T("bye.restart"), stopGrace)
	case tea.KeyPressMsg:
		return s, s.onKey(msg)
	}
	if s.page == pgTable && s.scr != nil {
		return s, s.toScreen(msg)
	}
	return s, nil
}

// checkIdle acts on a player who has pressed no key for a while: away
// at a table (their bot plays) after AwayAfter, their seat given up and
// the connection closed after ReleaseAfter, and any session closed after
// IdleTimeout. Keys, not frames, count: a screen the table keeps
// updating is no sign that anyone is there.
func (s *session) checkIdle(now time.Time) tea.Cmd {
	cfg := &s.srv.cfg
	idle := now.Sub(s.lastKey)
	switch {
	case s.page == pgBye:
		return nil
	case s.at != nil && s.at.m.Seat >= 0 && cfg.ReleaseAfter > 0 && idle >= cfg.ReleaseAfter:
		s.srv.log.Info("away too long: seat given up", "table", s.at.t.TableID(), "name", s.name)
		leave := s.dropMembership(false)
		return tea.Batch(leave, s.sayBye(s.tr.T("bye.away", int(cfg.ReleaseAfter.Minutes()))))
	case cfg.IdleTimeout > 0 && idle >= cfg.IdleTimeout:
		s.srv.log.Info("idle: closed", "name", s.name)
		return s.sayBye(s.tr.T("bye.idle", int(cfg.IdleTimeout.Minutes())))
	case s.page == pgTable && s.at != nil && s.at.m.Seat >= 0 && !s.idleAway && cfg.AwayAfter > 0 && idle >= cfg.AwayAfter:
		if s.at.t.Send(tables.Request{Kind: tables.ReqAway, M: s.at.m}) {
			s.idleAway = true
		}
	}
	return nil
}

// toScreen passes a message to the game's screen, if one is open.
func (s *session) toScreen(msg tea.Msg) tea.Cmd {
	if s.scr == nil {
		return nil
	}
	_, cmd := s.scr.Update(msg)
	return cmd
}

// onKey dispatches a key by page.
func (s *session) onKey(k tea.KeyPressMsg) tea.Cmd {
	if s.srv.cfg.hook != nil {
		s.srv.cfg.hook(k.String(), s.name)
	}
	s.lastKey = s.srv.cfg.Now()
	s.idleAway = false
	if s.page == pgBye {
		return s.quit()
	}
	if s.chatting {
		return s.updateChat(k)
	}
	if s.code != "" && (s.page == pgLobby || s.page == pgRoom) && key.Matches(k, s.keys.ShowCode) {
		s.codeShown = !s.codeShown
		s.flash = ""
		return nil
	}
	switch s.page {
	case pgLobby:
		return s.updateLobby(k)
	case pgCreate:
		return s.updateCreate(k)
	case pgCode:
		return s.updateCode(k)
	case pgRoom:
		return s.updateRoom(k)
	case pgTable:
		return s.updateTable(k)
	case pgBoard:
		return s.updateBoard(k)
	}
	return nil
}

func (s *session) tooSmall() bool { return s.width < layout.MinWidth || s.height < layout.MinHeight }

func (s *session) updateLobby(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	keys := s.keys
	if s.tooSmall() && !key.Matches(k, keys.Quit) {
		return nil
	}
	switch {
	case key.Matches(k, keys.Quit):
		return s.quit()
	case key.Matches(k, keys.Up):
		s.cursor--
		s.clampCursor()
	case key.Matches(k, keys.Down):
		s.cursor++
		s.clampCursor()
	case key.Matches(k, keys.Sit), key.Matches(k, keys.Watch):
		watch := key.Matches(k, keys.Watch)
		if len(s.tables) == 0 {
			s.flash = s.tr.T("lobby.none")
			return nil
		}
		sum := s.tables[s.cursor]
		t := s.srv.hall.Get(sum.ID)
		if t == nil {
			s.flash = s.tr.T("lobby.gone")
			return nil
		}
		if sum.Private && sum.Holds(s.id) < 0 {
			s.flash = s.tr.T("lobby.private")
			return nil
		}
		if !watch && sum.Free() == 0 && sum.Holds(s.id) < 0 {
			s.flash = s.tr.T("lobby.full")
			return nil
		}
		return s.joinCmd(t, -1, watch)
	case key.Matches(k, keys.New):
		// The form keeps the choices made last time, but opens on its
		// first row: a row left below (who may join) would take the
		// player's first → unnoticed.
		s.page, s.form.field = pgCreate, fGame
	case key.Matches(k, keys.Code):
		s.page, s.inputOf = pgCode, codeJoin
		s.codeIn.Reset()
	case key.Matches(k, keys.Resume):
		s.page, s.inputOf = pgCode, codeResume
		s.codeIn.Reset()
	case key.Matches(k, keys.Board):
		if s.srv.book == nil {
			s.flash = s.tr.T("board.none")
			return nil
		}
		if s.boardGame == "" {
			s.boardGame = tables.GameKinds()[0].Name
		}
		s.page = pgBoard
		return s.readBoard()
	case key.Matches(k, keys.Lang):
		if s.tr.Lang == "en" {
			s.setLang("tr")
		} else {
			s.setLang("en")
		}
	default:
		s.flash = s.tr.T("status.unknownkey", k.String())
	}
	return nil
}

func (s *session) clampCursor() {
	s.cursor = max(0, min(s.cursor, len(s.tables)-1))
}

// listTables takes in the hall's tables: the cursor moves only over the
// ones the player sees (a private table is listed to whoever holds a
// seat at it, and to nobody else: the cursor once stopped on hidden
// ones, issue 20), and it stays on the table it was on. It reports
// whether the list looks any different from before.
func (s *session) listTables() (changed bool) {
	was, oldCursor := "", s.cursor
	if s.cursor < len(s.tables) {
		was = s.tables[s.cursor].ID
	}
	s.newsSeen, s.listedAt = s.srv.hall.News.Seen(), time.Now()
	all := s.srv.hall.List()
	changed = s.open != len(all)
	s.open = len(all)
	shown := make([]*tables.Summary, 0, len(s.tables))
	cursor := s.cursor
	for _, t := range all {
		if !t.Private || t.Holds(s.id) >= 0 {
			if t.ID == was {
				cursor = len(shown)
			}
			shown = append(shown, t)
		}
	}
	if !changed && len(shown) == len(s.tables) {
		for i, t := range shown {
			if tables.LobbyRowOf(t) != tables.LobbyRowOf(s.tables[i]) {
				changed = true
				break
			}
		}
	} else {
		changed = true
	}
	s.tables, s.cursor = shown, cursor
	s.clampCursor()
	return changed || s.cursor != oldCursor
}

// triesOver is how many more wrong codes than the address's free ones
// a connection may type before it is closed (Config.FreeGuesses).
const triesOver = 2

func (s *session) updateCode(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	switch {
	case key.Matches(k, s.keys.Cancel):
		s.page = pgLobby
	case key.Matches(k, s.keys.Send):
		return s.useCode()
	default:
		return editField(&s.codeIn, k, maxCodeBytes)
	}
	return nil
}

// newField is a one-line text field: a code's or the chat's. Its cursor
// does not blink (a blink is a frame a second for every session typing),
// and ctrl+v does not read a clipboard (it would be the server's): a
// terminal's own paste arrives as a paste.
func newField(runes int) textinput.Model {
	f := textinput.New()
	f.Prompt = ""
	f.CharLimit = runes
	f.KeyMap.Paste.SetEnabled(false)
	st := f.Styles()
	st.Cursor.Blink = false
	f.SetStyles(st)
	f.Focus()
	return f
}

// editField hands a field a key or a paste, and keeps it to its cap in
// bytes (its CharLimit caps the letters).
func editField(f *textinput.Model, msg tea.Msg, maxBytes int) tea.Cmd {
	var cmd tea.Cmd
	*f, cmd = f.Update(msg)
	if v := f.Value(); len(v) > maxBytes {
		f.SetValue(canvas.CutBytes(v, maxBytes))
		f.CursorEnd()
	}
	return cmd
}

// useCode joins the private table of a join code, or takes a guest's
// seat back with a resume code.
func (s *session) useCode() tea.Cmd {
	// Wrong codes are counted per address, across connections: after a
	// few, each waits longer before the next is even tried.
	now := s.srv.cfg.Now()
	if d := s.srv.guesses.wait(s.addr, now); d > 0 {
		s.codeIn.Reset()
		s.flash = s.tr.T("lobby.codewait", int(d.Round(time.Second)/time.Second)+1)
		return nil
	}
	var code string
	var ok bool
	var t hall.SeatTable
	if s.inputOf == codeJoin {
		if code, ok = normCode(s.codeIn.Value(), codeLen); ok {
			t = s.srv.hall.ByCode(code)
		}
	} else {
		// Ten letters; six from before resume codes grew, for seats
		// kept across the upgrade.
		if code, ok = normCode(s.codeIn.Value(), resumeLen, codeLen); ok {
			t = s.srv.hall.Holding(guestID(code))
		}
	}
	if t == nil {
		s.srv.guesses.wrong(s.addr, now)
		s.tries++
		s.codeIn.Reset()
		s.flash = s.tr.T("lobby.badcode")
		if free := s.srv.cfg.FreeGuesses; free > 0 && s.tries >= free+triesOver {
			s.srv.log.Warn("too many wrong codes", "addr", s.addr, "name", s.name)
			return s.sayBye(s.tr.T("lobby.toomanytries"))
		}
		return nil
	}
	if s.inputOf == codeResume {
		s.codeIn.Reset()
		id := guestID(code)
		if holder := s.srv.liveHolder(id, s); holder != nil {
			// A session here holds the seat: asked whether its
			// connection still answers before anything is decided.
			s.flash = s.tr.T("lobby.codechecking")
			return s.probeHolder(holder, code, t)
		}
		if s.srv.seatInPlay(t, id) {
			return s.refuseLiveCode(code)
		}
		return s.resumeAs(code, t)
	}
	s.page = pgLobby
	return s.joinCmd(t, -1, false)
}

// A resume code never takes a seat from a player who is playing: the
// code shows on a guest's screen, and a stream or a shoulder is enough
// to read it. A code typed while a session holds its seat is refused,
// saying why — unless that session's connection no longer answers (a
// laptop closed, a network changed: the guest back on another
// connection), which an SSH keepalive tells within holderProbe. A
// player holding the seat on another node is refused while the table
// shows them at it.

// holderProbe is how long a holder's connection has to answer.
const holderProbe = 5 * time.Second

// holderProbedMsg says whether the session holding a resume code's seat
// still answers.
type holderProbedMsg struct {
	code  string
	t     hall.SeatTable
	alive bool
}

// probeHolder asks holder's connection whether it is still there.
func (s *session) probeHolder(holder *session, code string, t hall.SeatTable) tea.Cmd {
	srv, ctx := s.srv, s.ctx
	return func() tea.Msg {
		return holderProbedMsg{code: code, t: t, alive: srv.answers(ctx, holder, holderProbe)}
	}
}

// onHolderProbed takes the seat back, or refuses, as the probe says.
func (s *session) onHolderProbed(msg holderProbedMsg) tea.Cmd {
	s.flash = ""
	if msg.alive {
		return s.refuseLiveCode(msg.code)
	}
	return s.resumeAs(msg.code, msg.t)
}

// refuseLiveCode says the code's seat is taken by a live session.
func (s *session) refuseLiveCode(code string) tea.Cmd {
	s.srv.log.Warn("a resume code typed while its seat's player is connected: refused", "addr", s.addr, "name", s.name)
	s.flash = s.tr.T("lobby.codelive")
	return nil
}

// resumeAs makes the session the guest code stands for, and takes the
// seat at t: their seat, their code.
func (s *session) resumeAs(code string, t hall.SeatTable) tea.Cmd {
	old := s.id
	s.id, s.code = guestID(code), code
	s.srv.reidentify(s, old)
	s.page = pgLobby
	return s.joinCmd(t, -1, false)
}

// joinCmd takes a seat (or watches) at t, in a command: the request
// waits for room in the table's queue, which Update must not.
func (s *session) joinCmd(t hall.SeatTable, seat int, watch bool) tea.Cmd {
	m := tables.NewMember(s.id, s.name, s.addr, seat)
	ctx := s.ctx
	return func() tea.Msg {
		r := tables.Request{Kind: tables.ReqJoin, M: m, Seat: seat, Reply: make(chan tables.JoinReply, 1)}
		if watch {
			r.Kind = tables.ReqWatch
		}
		if !t.Call(ctx, r) {
			return joinedMsg{t: t, m: m, err: tables.ErrClosed, watch: watch}
		}
		select {
		case rep := <-r.Reply:
			return joinedMsg{t: t, m: m, seat: rep.Seat, err: rep.Err, watch: watch}
		case <-t.Ended():
			return joinedMsg{t: t, m: m, err: tables.ErrClosed, watch: watch}
		case <-ctx.Done():
			return nil
		}
	}
}

// onJoined opens the table's page after a join.
func (s *session) onJoined(j joinedMsg) tea.Cmd {
	if j.err != nil && s.reseat != nil && !errors.Is(j.err, tables.ErrSeatTaken) && !errors.Is(j.err, tables.ErrTableFull) {
		// The table is not up again yet: asked again in a moment.
		return reseatAfter(reseatEvery)
	}
	if j.err == nil && s.reseat != nil {
		if !s.reseat.quiet {
			s.moveNote, s.moveNoteUntil = s.tr.T("table.movedback"), s.srv.cfg.Now().Add(moveNoteFor)
		}
		s.reseat = nil
	} else if j.err != nil && s.reseat != nil {
		s.reseat, s.moveNote = nil, ""
		s.closeScreen()
	}
	if j.err != nil {
		// The seat the player took is not theirs: leave it again.
		switch {
		case errors.Is(j.err, tables.ErrTableFull):
			s.flash = s.tr.T("lobby.full")
		case errors.Is(j.err, tables.ErrSeatTaken):
			s.flash = s.tr.T("lobby.taken")
		case errors.Is(j.err, tables.ErrSameAddr):
			s.flash = s.tr.T("lobby.sameaddr")
		default:
			s.flash = s.tr.T("lobby.gone")
		}
		s.page = pgLobby
		s.listTables()
		return nil
	}
	if s.at != nil {
		s.dropMembership(false)
	}
	ctx, cancel := context.WithCancel(s.ctx)
	s.at = &membership{t: j.t, m: j.m, gen: s.srv.nextGen(), ctx: ctx, cancel: cancel, kind: j.t.GameKind()}
	if s.scr == nil {
		s.page = pgRoom
	}
	s.room = nil
	s.srv.log.Info("join", "table", j.t.TableID(), "seat", j.seat, "name", s.name, "addr", s.addr)
	// Keys held while the table moved go to the screen now: it shows
	// the table as it was, which is where the new node takes it up (a
	// takeover resumes the record as acknowledged), and what they ask
	// goes to the table where it now runs.
	return tea.Batch(s.waitTable(), s.playHeld())
}

// waitTable waits for the table's next message, or the end of the
// membership.
func (s *session) waitTable() tea.Cmd {
	at := s.at
	return func() tea.Msg {
		select {
		case msg := <-at.m.Box:
			return fromTableMsg{gen: at.gen, msg: msg}
		case <-at.ctx.Done():
			return nil
		}
	}
}

// onTable takes in a table's message: the waiting room, the game's
// update (opening the game's screen at the first), or the table's end.
func (s *session) onTable(f fromTableMsg) tea.Cmd {
	if s.at == nil || f.gen != s.at.gen {
		return nil
	}
	msg := f.msg
	switch {
	case msg.Closed == "replaced":
		return s.sayBye(s.tr.T("bye.replaced"))
	case msg.Closed == "server.stopping":
		return s.sayByeIn(s.tr.T("bye.restart"), stopGrace)
	case msg.Closed == "table.moved":
		// The player keeps the table's screen; the session takes the
		// seat back where the table comes up again.
		r := &reseating{id: s.at.t.TableID(), watch: s.at.m.Seat < 0, until: s.srv.cfg.Now().Add(reseatFor)}
		cmd := s.dropMembership(false)
		s.reseat, s.moveNote, s.drawn = r, s.tr.T("table.moving"), false
		if s.scr == nil {
			s.page = pgLobby
			s.listTables()
		}
		return tea.Batch(cmd, reseatAfter(reseatEvery))
	case msg.Closed == "table.parked":
		cmd := s.leave()
		s.flash = s.tr.T(msg.Closed)
		return cmd
	case msg.Closed == "room.expired":
		// Back to the lobby, told why: the connection stays.
		cmd := s.leave()
		s.flash = s.tr.T("room.expired", int(s.srv.cfg.RoomIdle.Minutes()))
		return cmd
	case msg.Closed != "":
		s.dropMembership(false)
		s.closeScreen()
		why := msg.Closed
		if s.tr.Has(why) { // the table's reasons are keys of the words
			why = s.tr.T(why)
		}
		return s.sayBye(s.tr.T("bye.closed", why))
	case msg.Room != nil:
		if msg.Room.RefusedSeq > s.refusedSeq {
			s.refusedSeq = msg.Room.RefusedSeq
			s.flash = msg.Room.Refused
			if s.tr.Has(s.flash) {
				s.flash = s.tr.T(s.flash)
			}
		}
		s.room = msg.Room
		s.closeScreen()
		s.page = pgRoom
		return tea.Batch(s.waitTable(), s.readRoomRatings())
	}
	cmds := []tea.Cmd{s.waitTable()}
	if s.scr == nil {
		scr, err := s.at.kind.NewScreen(ui.SeatOptions{
			Lang: s.tr.Lang, Seat: s.at.m.Seat, Send: s.sendMove, Keys: []key.Binding{s.keys.Chat}, Dark: s.dark,
			Badge: s.badge(), Record: s.recordCmd(s.at.t), Settle: s.srv.cfg.seatSettle,
			Log: s.debugLog(),
		})
		if err != nil {
			s.flash = err.Error()
			return s.leave()
		}
		s.scr = scr
		cmds = append(cmds, scr.Init())
		s.scr.Update(tea.WindowSizeMsg{Width: s.width, Height: s.height})
		if s.bg != nil {
			s.scr.Update(*s.bg)
		}
	}
	s.page, s.codeShown = pgTable, false
	if u, ok := msg.Update.(seatmsg.Update); ok {
		s.inPlay = u.InPlay()
		if seat := s.at.m.Seat; seat >= 0 {
			s.away = u.Players[seat].Kind == seatmsg.Away
		}
	}
	_, cmd := s.scr.Update(msg.Update)
	s.lastUpdate = msg.Update
	return tea.Batch(append(cmds, cmd)...)
}

// badge is what the game's header says of the session: for a guest,
// where their resume code is shown. Not the code itself: the table's
// screen is the one players stream and others look at, and the code
// takes the seat back whenever its player is not connected. The tables
// page, where a guest starts and comes back to, shows it.
func (s *session) badge() string {
	if s.code == "" {
		return ""
	}
	return s.tr.T("seat.code.where")
}

// sendMove is the screen's way to the table: non-blocking.
func (s *session) sendMove(in seatmsg.Intent) bool {
	if s.at == nil {
		return false
	}
	kind := tables.ReqMove
	if in.Kind == seatmsg.IntentNewMatch {
		kind = tables.ReqNewMatch
	}
	return s.at.t.Send(tables.Request{Kind: kind, M: s.at.m, Move: in})
}

func (s *session) closeScreen() {
	if s.scr != nil {
		s.scr.Close()
		s.scr = nil
	}
	s.lastUpdate = nil
}

// leave leaves the table on purpose (its seat goes to a bot) and goes
// back to the lobby.
func (s *session) leave() tea.Cmd {
	s.closeScreen()
	s.chatting = false
	cmd := s.dropMembership(false)
	s.page = pgLobby
	s.listTables()
	return cmd
}

// dropMembership ends the session's place at its table: the table is
// told in a command (gone: the connection ended, the seat is kept).
func (s *session) dropMembership(gone bool) tea.Cmd {
	at := s.at
	if at == nil {
		return nil
	}
	s.at = nil
	at.cancel()
	s.srv.log.Info("leave", "table", at.t.TableID(), "name", s.name, "gone", gone)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		at.t.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: at.m, Gone: gone})
		return nil
	}
}

// sayBye shows a last word, then closes the connection (the word is
// written again below the screen, so it stays in the player's terminal).
func (s *session) sayBye(why string) tea.Cmd { return s.sayByeIn(why, 3*time.Second) }

// stopGrace is how long the goodbye of a stopping server is shown.
const stopGrace = time.Second

func (s *session) sayByeIn(why string, d time.Duration) tea.Cmd {
	s.closeScreen()
	// The table is told, as when a connection drops: the seat is kept.
	drop := s.dropMembership(true)
	if s.page == pgBye && s.bye != "" {
		return drop // one goodbye is enough
	}
	s.page, s.bye = pgBye, why
	return tea.Batch(drop, tea.Tick(d, func(time.Time) tea.Msg { return byeMsg{} }))
}

// lastWord is the goodbye the session ended with, if any.
func (s *session) lastWord() string {
	if s.page != pgBye {
		return ""
	}
	return s.bye
}

func (s *session) updateRoom(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	switch {
	case key.Matches(k, s.keys.Leave):
		return s.leave()
	case key.Matches(k, s.keys.Chat):
		s.chatting = true
		s.chatIn.Reset()
	case key.Matches(k, s.keys.Start):
		if s.room == nil || !s.room.Host {
			s.flash = s.tr.T("room.hostonly")
			return nil
		}
		if !s.at.t.Send(tables.Request{Kind: tables.ReqStart, M: s.at.m}) {
			s.flash = s.tr.T("status.busy")
		}
	case key.Matches(k, s.keys.Lang):
		if s.tr.Lang == "en" {
			s.setLang("tr")
		} else {
			s.setLang("en")
		}
	default:
		s.flash = s.tr.T("status.unknownkey", k.String())
	}
	return nil
}

// updateTable gives keys to the game's screen, but for the chat's, and
// tells the table an away player is back.
func (s *session) updateTable(k tea.KeyPressMsg) tea.Cmd {
	if s.scr == nil {
		return nil
	}
	if s.away && s.at != nil {
		s.at.t.Send(tables.Request{Kind: tables.ReqHere, M: s.at.m})
		s.away = false
	}
	if key.Matches(k, s.keys.Chat) && !s.tooSmall() {
		s.chatting = true
		s.chatIn.Reset()
		s.leaving = false
		return nil
	}
	// Leaving a match in play asks first (a q meant for something else
	// must not cost the seat); q again leaves, and the seat is kept for
	// a while, its bot playing, as for a dropped connection.
	if key.Matches(k, s.keys.Leave) && s.inPlay && s.at != nil && s.at.m.Seat >= 0 {
		if !s.leaving {
			s.leaving = true
			return nil
		}
		s.leaving = false
		s.closeScreen()
		cmd := s.dropMembership(true)
		s.page = pgLobby
		s.tables = s.srv.hall.List()
		s.flash = s.tr.T("leave.kept", int(s.srv.cfg.KeepSeat.Minutes()))
		return cmd
	}
	s.leaving = false
	if s.at == nil && s.reseat != nil && !s.reseat.quiet {
		return s.hold(k)
	}
	_, cmd := s.scr.Update(k)
	return cmd
}

// maxHeld is the most keys kept while a table moves: a few moves' worth.
const maxHeld = 16

// hold keeps a key pressed while the table moves, and says so.
func (s *session) hold(k tea.KeyPressMsg) tea.Cmd {
	if len(s.held) < maxHeld {
		s.held = append(s.held, k)
		s.moveNote = s.tr.T("table.moving.held", len(s.held))
	} else {
		s.moveNote = s.tr.T("table.moving.full", maxHeld)
	}
	s.drawn = false
	return nil
}

// playHeld plays the keys held while the table moved, now that the
// seat is back.
func (s *session) playHeld() tea.Cmd {
	if len(s.held) == 0 || s.scr == nil {
		return nil
	}
	var cmds []tea.Cmd
	for _, k := range s.held {
		_, cmd := s.scr.Update(k)
		cmds = append(cmds, cmd)
	}
	s.moveNote, s.moveNoteUntil = s.tr.T("table.movedback.held", len(s.held)), s.srv.cfg.Now().Add(moveNoteFor)
	s.held = nil
	return tea.Batch(cmds...)
}

// updateChat edits the chat line; enter sends it, esc drops it.
func (s *session) updateChat(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, s.keys.Cancel):
		s.chatting = false
	case key.Matches(k, s.keys.Send):
		s.chatting = false
		if text := s.chatIn.Value(); s.at != nil && tables.CleanChat(text) != "" {
			if !s.at.t.Send(tables.Request{Kind: tables.ReqChat, M: s.at.m, Text: text}) {
				s.flash = s.tr.T("status.busy")
			}
		}
	default:
		return editField(&s.chatIn, k, tables.MaxChatBytes)
	}
	return nil
}

// ended is called once the program has stopped: the connection is gone,
// so a seat is kept for the player.
func (s *session) ended() {
	s.closeScreen()
	if cmd := s.dropMembership(true); cmd != nil {
		cmd()
	}
}

// createForm is the form of a new table.
type createForm struct {
	field int
	game  int
	rules int
	level [game.NumSeats - 1]int
	timer int
	priv  bool
	// same is the host's consent to several seats from one address.
	same bool
	// timers are the turn timers offered.
	timers []time.Duration
}

// newCreateForm is the form with the server's default timer first
// among the timers offered.
func newCreateForm(def time.Duration) createForm {
	f := createForm{level: [3]int{1, 1, 1}, timers: []time.Duration{def}}
	for _, d := range []time.Duration{30 * time.Second, 60 * time.Second, 15 * time.Second, 0} {
		if d != def {
			f.timers = append(f.timers, d)
		}
	}
	return f
}

// Fields of the form.
const (
	fGame = iota
	fRules
	fLevel1
	fLevel2
	fLevel3
	fTimer
	fSameAddr
	fPrivate
	nFields
)

func (f *createForm) change(d int) {
	wrap := func(i, n int) int { return ((i+d)%n + n) % n }
	kinds := tables.GameKinds()
	switch f.field {
	case fGame:
		f.game = wrap(f.game, len(kinds))
		f.rules = 0
	case fRules:
		f.rules = wrap(f.rules, len(kinds[f.game].Rules))
	case fLevel1, fLevel2, fLevel3:
		i := f.field - fLevel1
		f.level[i] = wrap(f.level[i], len(bots.Levels))
	case fTimer:
		f.timer = wrap(f.timer, len(f.timers))
	case fPrivate:
		f.priv = !f.priv
	case fSameAddr:
		f.same = !f.same
	}
}

// config is the table the form describes; the host's own seat (0)
// gets the middle level for a stand-in.
func (f *createForm) config() tables.Config {
	k := tables.GameKinds()[f.game]
	c := tables.Config{Game: k.Name, Rules: k.Rules[f.rules], Timer: f.timers[f.timer]}
	c.Levels[0] = "normal"
	for i := range f.level {
		c.Levels[i+1] = bots.Levels[f.level[i]]
	}
	if f.priv {
		c.Code = newCode()
	}
	c.SameAddr = f.same
	return c
}

// openRefused says why a table was not opened, in the player's words.
func (s *session) openRefused(err error) string {
	var full *hall.FullError
	switch {
	case errors.As(err, &full):
		if full.Frees.IsZero() {
			return s.tr.T("lobby.hallfull")
		}
		mins := int(full.Frees.Sub(s.srv.cfg.Now()).Minutes()) + 1
		return s.tr.T("lobby.hallfull.in", max(1, mins))
	case errors.Is(err, hall.ErrYourTables):
		return s.tr.T("lobby.yourtables")
	case errors.Is(err, hall.ErrAddrTables):
		return s.tr.T("lobby.addrtables")
	}
	return s.tr.T("lobby.cannotopen", err.Error())
}

func (s *session) updateCreate(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	f := &s.form
	switch {
	case key.Matches(k, s.keys.Back):
		s.page = pgLobby
	case key.Matches(k, s.keys.FormUp):
		f.field = (f.field + nFields - 1) % nFields
	case key.Matches(k, s.keys.FormDown):
		f.field = (f.field + 1) % nFields
	case key.Matches(k, s.keys.FormPrev):
		f.change(-1)
	case key.Matches(k, s.keys.FormNext):
		f.change(1)
	case key.Matches(k, s.keys.Open):
		if s.srv.overloaded() {
			// The seated play on; no new table while the node is over
			// its limit.
			s.srv.turnedAway.Add(1)
			s.flash = s.tr.T("lobby.busy", retryMinutes)
			return nil
		}
		t, err := s.srv.hall.Create(f.config(), s.id, s.addr)
		if err != nil {
			s.flash = s.openRefused(err)
			return nil
		}
		s.page = pgLobby
		return s.joinCmd(t, 0, false)
	}
	return nil
}

// debugLog is the debug log of this session's table screen, its lines
// saying whose they are; nil when the server keeps none.
func (s *session) debugLog() *slog.Logger {
	if s.srv.cfg.Debug == nil {
		return nil
	}
	return s.srv.cfg.Debug.With("name", s.name, "table", s.at.t.TableID(), "seat", s.at.m.Seat)
}

// A table that moves to another node (its node died or froze, and
// another took it over) keeps its players: the session keeps the
// table's screen, says what happened, and takes the seat back as soon as
// the table answers on its new node — no key to press.

// reseating is a seat being taken back at a table that moved.
type reseating struct {
	id    string
	watch bool
	until time.Time
	// quiet: a player reconnecting, not a table moving under them:
	// nothing to say once seated.
	quiet bool
}

// reseatMsg asks the session to try its seat again.
type reseatMsg struct{}

// reseatEvery is how often the seat is asked for again; reseatFor how
// long before the player is sent to the lobby (a takeover takes 4 to
// 10 s); moveNoteFor how long the line saying it stays.
const (
	reseatEvery = 300 * time.Millisecond
	reseatFor   = 30 * time.Second
	moveNoteFor = 5 * time.Second
)

func reseatAfter(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return reseatMsg{} })
}

// onReseat asks for the seat again, or gives up and goes to the lobby.
func (s *session) onReseat() tea.Cmd {
	r := s.reseat
	if r == nil || s.at != nil {
		return nil
	}
	if s.srv.cfg.Now().After(r.until) {
		s.reseat, s.moveNote = nil, ""
		cmd := s.leave()
		s.flash = s.tr.T("table.moved")
		if len(s.held) > 0 {
			s.flash += " " + s.tr.T("table.moved.held", len(s.held))
		}
		s.held = nil
		return cmd
	}
	t := s.srv.hall.Get(r.id)
	if t == nil {
		return reseatAfter(reseatEvery)
	}
	return s.joinCmd(t, -1, r.watch)
}
