package door

import (
	"context"
	"fmt"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/ui/serve"
	"okey/ui/serve/common"
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
					s.log.Error("panic in a session", "panic", r, "user", safeUser(sess.User()))
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

// run runs a session's model with its driver (package serve's Session, under ui/).
// Window changes reach the session from a goroutine of the
// connection's own.
func (s *Server) run(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if s.command(sess) {
			next(sess)
			return
		}
		se := s.start(sess)
		if se == nil {
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
		type size struct{ w, h int }
		sizes := make(chan size, 1)
		go func() {
			for w := range winch {
				select {
				case <-sizes:
				default:
				}
				sizes <- size{w.Width, w.Height}
			}
		}()
		go func() {
			for {
				select {
				case <-ctx.Done():
					return
				case z := <-sizes:
					se.Resize(z.w, z.h)
				}
			}
		}()
		if err := se.Run(); err != nil {
			s.log.Error("a session's model failed", "err", err, "panic", se.Panic())
		}
		cancel()
		// The terminal is put back (once the screen's writer has
		// stopped), then the word goes below the screen the model
		// left, so it stays in the player's terminal; a client that
		// stopped reading does not hold the session up for either.
		said := make(chan struct{})
		word := se.LastWord()
		go func() {
			defer close(said)
			if se.Restore(sess) != nil {
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

// start starts a connection's session, or tells a client without a
// terminal that it needs one, or a newcomer that the node is full or
// stopping (nil: no session).
func (s *Server) start(sess ssh.Session) *serve.Session {
	pty, _, ok := sess.Pty()
	if !ok {
		wish.Println(sess, i18n.MustLoad(langOf(sess.Environ())).T("bye.noterminal"))
		sess.Exit(1)
		return nil
	}
	if s.ctx.Err() != nil {
		wish.Println(sess, i18n.MustLoad(langOf(sess.Environ())).T("bye.stopping"))
		sess.Exit(1)
		return nil
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
		return nil
	}
	name := safeUser(sess.User())
	if name == "" {
		name = "guest"
	}
	// The session ends with its connection, or when the server has said
	// goodbye (Shutdown).
	port := &serverPort{srv: s}
	addr := s.limitKey(sess.RemoteAddr())
	o := serve.Options{
		Side: port, Tour: s.tournamentSideOf(addr, s.operatorOf(sess)),
		ID: id, Code: code, Name: name, Addr: addr, Lang: langOf(sess.Environ()), Port: portOf(sess.LocalAddr()),
		Term: pty.Term, Width: pty.Window.Width, Height: pty.Window.Height, Env: sess.Environ(),
		FPS: s.cfg.FPS, MaxWidth: s.cfg.MaxWidth, MaxHeight: s.cfg.MaxHeight,
		Strange: func(msg any) {
			s.log.Error("a command the session's driver cannot run", "msg", fmt.Sprintf("%T", msg), "name", name)
			if s.cfg.onStrange != nil {
				s.cfg.onStrange(msg)
			}
		},
	}
	if s.cfg.onFrame != nil {
		o.Seen = func(f serve.Frame) { s.cfg.onFrame(name, f) }
	}
	if w, ok := sess.(interface{ LinkID() string }); ok {
		o.Link = w.LinkID() // a linked browser's
	}
	se := serve.Start(sess.Context(), sess, o)
	port.me = se
	s.desk.noteSeen(se.ID(), se.SeenSince())
	s.register(se, sess, se.Stop)
	s.log.Info("connect", "name", name, "addr", hostOf(sess.RemoteAddr()), "guest", code != "")
	return se
}

// safeUser is an SSH user name made safe to show and to log: no
// terminal sequences, no control characters, capped.
func safeUser(user string) string {
	return safetext.Name(ansi.Strip(safetext.CutBytes(user, common.MaxUserBytes)))
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
	m.Leave()
	s.unregister(m, sess)
	s.log.Info("disconnect", "name", m.Name())
}
