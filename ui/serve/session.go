package serve

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/ui/i18n"
	"okey/ui/layout"
	"okey/ui/safetext"
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
	pgCode   // typing a code: a private table's, or a guest's resume code
	pgRoom   // a table's waiting room, before its match
	pgTable  // the game's screen
	pgBye    // a last word before the connection closes
	pgBoard  // the leaderboard
	pgDaily  // the served daily: the day's commitment, its boards
	pgDupEnd // a duplicate table's end: its scores
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
	// seenSince is when the cluster first saw the session's key, in
	// Unix nanoseconds, once the store has said (0: not yet, or a guest):
	// a key from the loopback counts by itself only once it is old
	// enough (seatAddr).
	seenSince atomic.Int64
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
	// hiddenPrivate is how many of the open tables are private ones
	// not listed (a code joins them); other players' dailies are not
	// among them, and no code joins them.
	hiddenPrivate int
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

	// The daily's page: its game, and the page as last read (nil while
	// it is read).
	dailyGame game.Kind
	dailyView *dailyPage
	dailyErr  bool

	// The ratings the waiting room shows: the identities they were read
	// for, and what was read (an identity not rated yet is absent).
	roomRated   roomSeats
	roomRatings map[string]keep.RatedEntry

	// The table the session is at.
	at *membership
	// dup is what the session keeps of a duplicate table (duplicate.go).
	dup dupState
	// The game's screen at the table.
	scr seatScreen
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
	// sent are the moves sent to the table that it has not yet answered
	// (the view they were made on is still the last one): a table whose
	// node dies or freezes with them on the way comes up on another
	// node at that view, and they are sent there again (resendOnUpdate:
	// at the first update after the seat is back). At most maxHeld.
	sent           []sentMove
	resendOnUpdate bool
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
	lastUpdate *seatmsg.Update
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
	// seat is the seat held now: the join's, then each update's view's
	// (a duplicate table moves its players; m.Seat is the table's).
	seat int
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
		// resume is the resume code the seat was asked with ("": none).
		resume string
		// restarted: the table came back after every server stopped
		// (tables.JoinReply).
		restarted *tables.Restarted
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
	// Daily opens the daily's page; Play plays the day there.
	Daily, Play key.Binding
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
		Daily:     b([]string{"d"}, "d", "lobby.key.daily"),
		Play:      b([]string{"enter"}, "enter", "served.key.play"),
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

func (s *session) tooSmall() bool { return s.width < layout.MinWidth || s.height < layout.MinHeight }

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
	hidden := 0
	for _, t := range all {
		if !t.Private || t.Holds(s.id) >= 0 {
			if t.ID == was {
				cursor = len(shown)
			}
			shown = append(shown, t)
		} else if !t.Daily {
			hidden++
		}
	}
	s.hiddenPrivate = hidden
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
		f.SetValue(safetext.CutBytes(v, maxBytes))
		f.CursorEnd()
	}
	return cmd
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

// debugLog is the debug log of this session's table screen, its lines
// saying whose they are; nil when the server keeps none.
func (s *session) debugLog() *slog.Logger {
	if s.srv.cfg.Debug == nil {
		return nil
	}
	return s.srv.cfg.Debug.With("name", s.name, "table", s.at.t.TableID(), "seat", s.at.m.Seat)
}

// reseating is a seat being taken back at a table that moved.
type reseating struct {
	id    string
	watch bool
	until time.Time
	// quiet: a player reconnecting, not a table moving under them:
	// nothing to say once seated.
	quiet bool
}

// liveSession is a running session's handles.
type liveSession struct {
	cancel context.CancelFunc
	sess   ssh.Session
	conn   *countedConn // nil when not known
}

// roomSeats are the rated identities of a waiting room's seats, and
// the game they are rated at.
type roomSeats struct {
	game string
	ids  [classic.NumSeats]string
}

// dailyPage is the daily's page as read from the store.
type dailyPage struct {
	game   game.Kind
	today  daily.Date
	commit daily.Commitment
	// mine is the player's own day (begun: they have claimed it).
	mine  keep.DailyResult
	begun bool
	// practice is why the player's day is (or, not begun, would be)
	// practice: keep.Practice…; "" for a ranked day.
	practice string
	board    keep.DailyBoard
	secret   daily.Secret
	// yesterday's board and secret (revealed: a daily was dealt).
	past     keep.DailyBoard
	revealed bool
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

// toggleLang switches the session's language between English and
// Turkish (l on the session's own pages).
func (s *session) toggleLang() {
	if s.tr.Lang == "en" {
		s.setLang("tr")
	} else {
		s.setLang("en")
	}
}
