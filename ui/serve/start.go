package serve

import (
	"context"
	"io"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"okey/server/tables"
	"okey/ui/layout"
	"okey/ui/serve/common"
	"okey/ui/serve/pages/create"
	"okey/ui/serve/pages/entry"
	"okey/ui/serve/tty"
)

// Session is a connection's session as the SSH door starts and runs
// it: the model (the host of pages), its input, its screen on the
// client, and the driver that runs the model on them (tty/drive.go:
// like wish's bubbletea middleware, but without a tea.Program).
type Session struct {
	m    *session
	d    *tty.Driver
	stop func()
}

// Options are what the door hands a session it starts.
type Options struct {
	// Side is the server as the session reaches it; Tour its
	// tournaments (nil: it runs none).
	Side common.ServerSide
	Tour common.TourneySide
	// ID is who the player is (a key's fingerprint or a guest), Code a guest's
	// resume code ("" for a key), Name their name made safe, Addr the
	// address their seats count by, Lang their language, Port the
	// server's port their connection came in on.
	ID, Code, Name, Addr, Lang, Port string
	// Link is the browser link the player came in by ("": none).
	Link string
	// Term, Width and Height are the client's terminal; Env its
	// environment.
	Term          string
	Width, Height int
	Env           []string
	// FPS is the most frames a second its screen is sent; MaxWidth and
	// MaxHeight cap its window (a huge terminal would cost memory for
	// every cell).
	FPS, MaxWidth, MaxHeight int
	// Seen, when set (tests), is given every frame the screen is asked
	// to show; Strange is told of every message of Bubble Tea's own the
	// driver cannot act on.
	Seen    func(Frame)
	Strange func(msg any)
}

// Frame is a frame as a session's screen is asked to show it.
type Frame = tea.View

// MinWidth and MaxWidth are the smallest terminal a session's pages and
// tables are drawn in (a smaller one is told so).
const (
	MinWidth  = layout.MinWidth
	MinHeight = layout.MinHeight
)

// newsHold is how long a frame of the table's news (another player's
// move) waits for what follows it before it is sent
// (tty.LineScreen.HoldNews): two changes within it go as one write, one
// SSH packet; a key's answer never waits.
const newsHold = 100 * time.Millisecond

// Start builds the session of a connection, whose bytes come and go by
// conn, on the terminal o says. It ends with ctx (the connection's), or
// when Stop is called; its driver stops once its input has ended
// (tty/input.go says why).
func Start(ctx context.Context, conn io.ReadWriter, o Options) *Session {
	ctx, cancel := context.WithCancel(ctx)
	pctx, pcancel := context.WithCancel(context.Background())
	in := tty.NewInput(conn)
	stop := func() { cancel(); in.Stop(pcancel) }
	context.AfterFunc(ctx, stop)
	m := newSession(o.Side, o.Tour, ctx, o.ID, o.Code, o.Name, o.Addr, o.Lang)
	m.c.Port, m.c.Link = o.Port, o.Link
	m.in = in
	w, h := clamp(o.Width, o.Height, o.MaxWidth, o.MaxHeight)
	// The session's screen is drawn by a LineScreen (tty/frame.go). The
	// colour profile is the one wish would have given a program (the
	// terminal's TERM, the PTY being emulated).
	env := append(append([]string(nil), o.Env...), "TERM="+o.Term)
	profile := colorprofile.Env(env)
	m.lines = tty.NewLineScreen(conn, o.FPS, w, h, profile)
	m.lines.HoldNews(newsHold)
	f := tty.Framed{M: m, Scr: m.lines, Seen: o.Seen}
	strange := func(msg tea.Msg) {
		if o.Strange != nil {
			o.Strange(msg)
		}
	}
	// The filter keeps wish's suspend handling (a remote ctrl+z must
	// not stop the server's process) and caps the window.
	filter := func(msg tea.Msg) tea.Msg {
		switch msg := msg.(type) {
		case tea.SuspendMsg:
			return tea.ResumeMsg{}
		case tea.WindowSizeMsg:
			msg.Width, msg.Height = clamp(msg.Width, msg.Height, o.MaxWidth, o.MaxHeight)
			return msg
		}
		return msg
	}
	d := tty.NewDriver(pctx, f, m.lines, profile, filter, strange)
	d.In, d.Term, d.W, d.H, d.Env = in, o.Term, w, h, env
	return &Session{m: m, d: d, stop: stop}
}

// clamp caps a window at maxW×maxH; an unknown (0×0) one is the
// smallest a session draws in.
func clamp(w, h, maxW, maxH int) (int, int) {
	if w <= 0 || h <= 0 {
		return MinWidth, MinHeight
	}
	return min(w, maxW), min(h, maxH)
}

// newSession is the model of a new connection to the server side.
func newSession(side common.ServerSide, tour common.TourneySide, ctx context.Context, id, code, name, addr, lang string) *session {
	s := &session{page: common.Lobby}
	c := &s.c
	c.Srv, c.Tour, c.Ctx, c.ID, c.Code, c.Name, c.Addr, c.Dark = side, tour, ctx, id, code, name, addr, true
	s.idle.lastKey = side.Now()
	c.SetLang(lang)
	s.form = create.New(side.Settings().DefaultTimer)
	s.entry, c.Chat.In = entry.New(), common.NewField(tables.MaxChat)
	return s
}

// Run runs the session until its program ends; its input is ended then.
func (s *Session) Run() error {
	err := s.d.Run()
	s.m.in.End()
	return err
}

// Panic is what the session's model panicked with, if it did (nil: it
// did not).
func (s *Session) Panic() any { return s.d.Panic }

// Resize takes the client's window as it changed (capped).
func (s *Session) Resize(w, h int) { s.d.Send(tea.WindowSizeMsg{Width: w, Height: h}) }

// Stop ends the session: it says goodbye (if it has one to say) and its
// program stops once its input has ended.
func (s *Session) Stop() { s.stop() }

// Restore stops the session's screen and puts the client's terminal
// back as it was, once the screen's writer has stopped.
func (s *Session) Restore(w io.Writer) error {
	s.m.lines.Close()
	<-s.m.lines.Closed()
	_, err := w.Write(s.m.lines.Restore())
	return err
}

// Replaced tells the session a newer connection of its player's took
// its place — in a browser linked to the player's key (web), else
// anywhere: it says so, whatever page is on show, before it ends. It
// returns once the session has been told, or has ended.
func (s *Session) Replaced(web bool) { s.d.Send(replacedMsg{web: web}) }

// LastWord is the goodbye the session ended with ("": none), which the
// door writes below its screen, so it stays in the player's terminal.
func (s *Session) LastWord() string { return s.m.lastWord() }

// Leave is called once the program has stopped: the connection is gone,
// so a seat the player held is kept for them.
func (s *Session) Leave() { s.m.ended() }

// ID is who the player is now (a guest who took back a seat with its
// resume code is that guest); Name their name.
func (s *Session) ID() string   { return s.m.c.ID }
func (s *Session) Name() string { return s.m.c.Name }

// Link is the browser link the session came in by ("": none).
func (s *Session) Link() string { return s.m.c.Link }

// SeenSince is when the cluster first saw the session's key, in Unix
// nanoseconds, once the store has said (0: not yet): the door sets it.
func (s *Session) SeenSince() *atomic.Int64 { return &s.m.c.SeenSince }
