package serve

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"okey/ui/i18n"
	"okey/ui/layout"
	"okey/ui/safetext"
	"okey/ui/serve/common"
	"okey/ui/serve/tty"
)

// guard keeps a panic in one session from taking the server down (the
// session ends, the others play on), and tidies up after every session:
// the table is told the player is gone (the seat is kept for them), and
// the session is forgotten.
func (s *Server) guard(next wish.Middleware) wish.Middleware {
	return func(h ssh.Handler) ssh.Handler {
		inner := next(h)
		return func(sess ssh.Session) {
			s.wg.Add(1)
			defer s.wg.Done()
			defer func() {
				if r := recover(); r != nil {
					s.log.Error("panic in a session", "panic", r, "user", safetext.Name(ansi.Strip(safetext.CutBytes(sess.User(), common.MaxUserBytes))))
				}
				s.ended(sess)
			}()
			if !s.countByKey(sess) {
				s.refused.Add(1)
				s.log.Warn("refused: too many connections with one key", "addr", hostOf(sess.RemoteAddr()))
				wish.Println(sess, i18n.MustLoad(langOf(sess.Environ())).T("bye.toomany"))
				sess.Exit(1)
				return
			}
			inner(sess)
		}
	}
}

// run runs a session's model with its driver (tty/drive.go: like wish's
// bubbletea middleware, but without a tea.Program). Window changes reach
// the model from a goroutine of the session's own; the filter caps them.
func (s *Server) run(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if s.command(sess) {
			next(sess)
			return
		}
		d, m := s.program(sess)
		if d == nil {
			next(sess)
			return
		}
		_, winch, _ := sess.Pty()
		ctx, cancel := context.WithCancel(sess.Context())
		// The SSH library hands window changes over a channel of one,
		// from the goroutine that reads the connection's requests: it
		// must never wait for the model (busy writing to a client that
		// stopped reading, and so waiting for that very goroutine). The
		// latest size is kept and handed on from another goroutine.
		sizes := make(chan tea.WindowSizeMsg, 1)
		go func() {
			for w := range winch {
				select {
				case <-sizes:
				default:
				}
				sizes <- tea.WindowSizeMsg{Width: w.Width, Height: w.Height}
			}
		}()
		go func() {
			for {
				select {
				case <-ctx.Done():
					return
				case m := <-sizes:
					d.Send(m)
				}
			}
		}()
		if err := d.Run(); err != nil {
			s.log.Error("a session's model failed", "err", err, "panic", d.Panic)
		}
		cancel()
		m.in.End()
		// The terminal is put back (once the screen's writer has
		// stopped), then the word goes below the screen the model
		// left, so it stays in the player's terminal; a client that
		// stopped reading does not hold the session up for either.
		said := make(chan struct{})
		word := m.lastWord()
		go func() {
			defer close(said)
			m.lines.Close()
			<-m.lines.Closed()
			if _, err := sess.Write(m.lines.Restore()); err != nil {
				return
			}
			if word != "" {
				wish.Println(sess, "okey: "+word)
			}
		}()
		select {
		case <-said:
		case <-time.After(time.Second):
		}
		next(sess)
	}
}

// program builds a session's model and its driver, or tells a client
// without a terminal that it needs one (nil: no driver).
func (s *Server) program(sess ssh.Session) (*tty.Driver, *session) {
	pty, _, ok := sess.Pty()
	if !ok {
		wish.Println(sess, i18n.MustLoad(langOf(sess.Environ())).T("bye.noterminal"))
		sess.Exit(1)
		return nil, nil
	}
	if s.ctx.Err() != nil {
		wish.Println(sess, i18n.MustLoad(langOf(sess.Environ())).T("bye.stopping"))
		sess.Exit(1)
		return nil, nil
	}
	if s.cfg.hook != nil {
		s.cfg.hook("start", safetext.CutBytes(sess.User(), common.MaxUserBytes))
	}
	id, code := common.IdentityOf(sess)
	if s.overloaded() && s.hall.Holding(id) == nil {
		// A newcomer, while the node is over its limit: told so at
		// once, in their language. A player holding a seat here comes
		// back in.
		s.turnedAway.Add(1)
		s.log.Warn("turned away: the node is overloaded", "addr", hostOf(sess.RemoteAddr()), "delay", s.health.delay(), "store", s.health.storeWait())
		tr := i18n.MustLoad(langOf(sess.Environ()))
		if other := s.hall.OpenDoor(); other != "" {
			wish.Println(sess, tr.T("bye.full.elsewhere", sshCommand(other), common.RetryMinutes))
		} else {
			wish.Println(sess, tr.T("bye.full", common.RetryMinutes))
		}
		sess.Exit(1)
		return nil, nil
	}
	name := safetext.Name(ansi.Strip(safetext.CutBytes(sess.User(), common.MaxUserBytes)))
	if name == "" {
		name = "guest"
	}
	// The session ends with its connection, or when the server has said
	// goodbye (Shutdown). Its driver stops once its input has ended
	// (tty/input.go says why).
	ctx, cancel := context.WithCancel(sess.Context())
	pctx, pcancel := context.WithCancel(context.Background())
	in := tty.NewInput(sess)
	stop := func() { cancel(); in.Stop(pcancel) }
	context.AfterFunc(ctx, stop)
	m := newSession(s, ctx, id, code, name, s.limitKey(sess.RemoteAddr()), langOf(sess.Environ()))
	s.desk.noteSeen(m.c.ID, &m.c.SeenSince)
	m.c.Port = portOf(sess.LocalAddr())
	m.in = in
	w, h := s.clamp(pty.Window.Width, pty.Window.Height)
	// The session's screen is drawn by a LineScreen (tty/frame.go). The
	// colour profile is the one wish would have given a program (the
	// terminal's TERM, the PTY being emulated).
	env := append(sess.Environ(), "TERM="+pty.Term)
	profile := colorprofile.Env(env)
	m.lines = tty.NewLineScreen(sess, s.cfg.FPS, w, h, profile)
	f := tty.Framed{M: m, Scr: m.lines}
	if s.cfg.onFrame != nil {
		f.Seen = func(v tea.View) { s.cfg.onFrame(name, v) }
	}
	strange := func(msg tea.Msg) {
		s.log.Error("a command the session's driver cannot run", "msg", fmt.Sprintf("%T", msg), "name", name)
		if s.cfg.onStrange != nil {
			s.cfg.onStrange(msg)
		}
	}
	d := tty.NewDriver(pctx, f, m.lines, profile, func(msg tea.Msg) tea.Msg { return s.filter(nil, msg) }, strange)
	d.In, d.Term, d.W, d.H, d.Env = in, pty.Term, w, h, env
	s.register(m, sess, stop)
	s.log.Info("connect", "name", name, "addr", hostOf(sess.RemoteAddr()), "guest", code != "")
	return d, m
}

// ended tidies up after a session whose program has stopped.
func (s *Server) ended(sess ssh.Session) {
	s.mu.Lock()
	m, ok := s.bySess[sess]
	var reg *liveSession
	if ok {
		reg = s.sessions[m] // read under the lock: other sessions end at the same time
	}
	s.mu.Unlock()
	if !ok {
		return
	}
	if reg != nil {
		reg.cancel()
	}
	m.ended()
	s.unregister(m, sess)
	s.log.Info("disconnect", "name", m.c.Name)
}

// filter keeps wish's suspend handling (a remote ctrl+z must not stop
// the server's process) and caps the window: a huge terminal would cost
// memory for every cell; an unknown (0×0) one is 80×24.
func (s *Server) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg := msg.(type) {
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	case tea.WindowSizeMsg:
		msg.Width, msg.Height = s.clamp(msg.Width, msg.Height)
		return msg
	}
	return msg
}

func (s *Server) clamp(w, h int) (int, int) {
	if w <= 0 || h <= 0 {
		return layout.MinWidth, layout.MinHeight
	}
	return min(w, s.cfg.MaxWidth), min(h, s.cfg.MaxHeight)
}
