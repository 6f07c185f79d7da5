package door

import (
	"context"
	"encoding/base64"
	"errors"
	"io"
	"net"
	"sync"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"okey/door/web"
	"okey/kit/i18n"
	"okey/server/keep"
	"okey/ui/serve/common"
)

// The browser door's way in (door/web): a browser's connection runs
// the very session an SSH connection runs — counted with the SSH door's
// connections at admission, then handed to the same handlers (guard,
// run) as an SSH session of a guest, with a terminal of the page's size.
// webSession is that session's face: what the handlers ask of an SSH
// session, answered from the browser's connection.

// Web runs one browser's session until it ends (web.Config.Session).
func (s *Server) Web(c *web.Conn) {
	tr := i18n.MustLoad(langOf(webEnv(c)))
	if s.ctx.Err() != nil {
		c.CloseWith(web.Restarting, tr.T("bye.restart"))
		return
	}
	cc, why := s.admit(c)
	if cc == nil {
		c.CloseWith(web.TryLater, tr.T(why))
		return
	}
	defer cc.Close()
	sess := newWebSession(s, c, cc)
	if l, _, ok := s.webLink(c); ok {
		// Held before it is checked again: a revoke from now on ends
		// it, and one since the first check refuses it.
		defer s.holdLinked(l.ID, c)()
		var renew bool
		if l, renew, ok = s.webLink(c); ok {
			sess.linked = l
			if renew {
				if err := c.Relink(); err != nil {
					s.log.Debug("web: the page not told to renew its link", "err", err)
				}
			}
		}
	}
	if sess.linked.Player == "" {
		sess.guest = s.webGuest(c)
	}
	s.guard(s.run)(func(ssh.Session) {})(sess)
	if s.ctx.Err() != nil {
		// The server is stopping: the page comes back, to any node.
		c.CloseWith(web.Restarting, tr.T("bye.restart"))
	}
}

// webTokenPlace is what a browser's token is sealed for: it opens as
// that and nothing else.
const webTokenPlace = "okey web guest v1"

// webGuest is the guest a browser is: the one its token names, else a
// new one, whose token the page is given to come back with. A token is
// the guest's resume code sealed with the cluster's secret, so it opens
// on any node of the cluster and nowhere else, and nobody makes one
// from a code seen on a screen. Without a store there is no secret:
// every connection is a new guest ("").
func (s *Server) webGuest(c *web.Conn) string {
	if s.eng == nil || s.eng.Seal == nil {
		return ""
	}
	code := ""
	if b, err := base64.RawURLEncoding.DecodeString(c.Token); err == nil && c.Token != "" {
		if plain, err := s.eng.Seal.Open(webTokenPlace, b); err == nil {
			code, _ = common.NormCode(string(plain), common.ResumeLen)
		}
	}
	if code == "" {
		code = common.NewResumeCode()
	}
	if err := c.SetToken(base64.RawURLEncoding.EncodeToString(s.eng.Seal.Seal(webTokenPlace, []byte(code)))); err != nil {
		s.log.Warn("web: a token not given", "err", err)
	}
	return code
}

// webSession is a browser's connection seen as an SSH session with a
// terminal. Its writes go through the counted connection, its reads
// are the page's typed bytes.
type webSession struct {
	srv  *Server
	c    *web.Conn
	conn net.Conn // the counted connection
	// guest is the guest the browser is ("": a new one); linked the
	// link it came in by, whose player it is (Player "": none).
	guest  string
	linked keep.Link
	ctx    *webContext
	winch  chan ssh.Window
	env    []string
}

func newWebSession(s *Server, c *web.Conn, conn net.Conn) *webSession {
	w := &webSession{srv: s, c: c, conn: conn, winch: make(chan ssh.Window, 1), env: webEnv(c)}
	w.ctx = &webContext{Context: c.Context(), sess: w}
	go func() {
		defer close(w.winch)
		for sz := range c.Sizes() {
			select {
			case <-w.winch: // the latest size wins
			default:
			}
			w.winch <- ssh.Window{Width: sz.Cols, Height: sz.Rows}
		}
	}()
	return w
}

// webEnv is a browser session's environment, as an SSH client's would
// be: the language the page asked for (English unless Turkish).
func webEnv(c *web.Conn) []string {
	if c.Lang == "tr" {
		return []string{"LANG=tr_TR.UTF-8"}
	}
	return []string{"LANG=en_US.UTF-8"}
}

// webTerm is the page's terminal: xterm.js, whose colours are those of
// an xterm with 256 colours.
const webTerm = "xterm-256color"

func (w *webSession) Read(p []byte) (int, error)  { return w.conn.Read(p) }
func (w *webSession) Write(p []byte) (int, error) { return w.conn.Write(p) }
func (w *webSession) Close() error                { return w.conn.Close() }
func (w *webSession) CloseWrite() error           { return nil }
func (w *webSession) Stderr() io.ReadWriter       { return w }
func (w *webSession) SendRequest(string, bool, []byte) (bool, error) {
	return false, nil
}
func (w *webSession) User() string {
	if w.linked.Player != "" {
		return w.linked.Name
	}
	return w.c.Name
}
func (w *webSession) RemoteAddr() net.Addr { return w.c.RemoteAddr() }
func (w *webSession) LocalAddr() net.Addr  { return w.c.LocalAddr() }
func (w *webSession) Environ() []string    { return append([]string(nil), w.env...) }

// Exit ends the session: a refusal (overloaded, too many) as one the
// page tries again after a while.
func (w *webSession) Exit(code int) error {
	if code != 0 && w.srv.ctx.Err() == nil {
		w.c.CloseWith(web.TryLater, "")
	}
	return w.conn.Close()
}

// GuestCode is the guest the browser comes back as (common.IdentityOf).
func (w *webSession) GuestCode() string { return w.guest }

// LinkedID is the player a linked browser plays as: their SSH key's
// identity (common.IdentityOf).
func (w *webSession) LinkedID() string { return w.linked.Player }

// LinkID is the link a linked browser came in by ("": none), which its
// browsers' page marks as this browser.
func (w *webSession) LinkID() string { return w.linked.ID }

func (w *webSession) Command() []string        { return nil }
func (w *webSession) RawCommand() string       { return "" }
func (w *webSession) Subsystem() string        { return "" }
func (w *webSession) PublicKey() ssh.PublicKey { return nil }
func (w *webSession) Context() ssh.Context     { return w.ctx }
func (w *webSession) Permissions() ssh.Permissions {
	return ssh.Permissions{Permissions: &gossh.Permissions{}}
}
func (w *webSession) EmulatedPty() bool         { return false }
func (w *webSession) Signals(chan<- ssh.Signal) {}
func (w *webSession) Break(chan<- bool)         {}
func (w *webSession) Pty() (ssh.Pty, <-chan ssh.Window, bool) {
	return ssh.Pty{Term: webTerm, Window: ssh.Window{Width: w.c.W, Height: w.c.H}}, w.winch, true
}

// webContext is a browser session's context as an SSH context: it ends
// with the connection, and its connection answers a keepalive with the
// WebSocket's ping (Server.answers).
type webContext struct {
	context.Context
	sync.Mutex
	sess *webSession
}

func (x *webContext) Value(key any) any {
	if key == ssh.ContextKeyConn {
		return webPinger{x.sess}
	}
	return x.Context.Value(key)
}
func (x *webContext) User() string                  { return x.sess.User() }
func (x *webContext) SessionID() string             { return "" }
func (x *webContext) ClientVersion() string         { return "" }
func (x *webContext) ServerVersion() string         { return "" }
func (x *webContext) RemoteAddr() net.Addr          { return x.sess.RemoteAddr() }
func (x *webContext) LocalAddr() net.Addr           { return x.sess.LocalAddr() }
func (x *webContext) Permissions() *ssh.Permissions { p := x.sess.Permissions(); return &p }
func (x *webContext) SetValue(any, any)             {}

// webPinger is a browser's connection as the SSH connection a keepalive
// is asked on: the request is a WebSocket ping.
type webPinger struct{ sess *webSession }

// webPingWait bounds a ping's wait for its pong: Server.answers waits
// less, and says a connection that has not answered is gone.
const webPingWait = 30 * time.Second

func (p webPinger) SendRequest(string, bool, []byte) (bool, []byte, error) {
	ctx, cancel := context.WithTimeout(p.sess.c.Context(), webPingWait)
	defer cancel()
	err := p.sess.c.Ping(ctx)
	return err == nil, nil, err
}
func (p webPinger) User() string          { return p.sess.User() }
func (p webPinger) SessionID() []byte     { return nil }
func (p webPinger) ClientVersion() []byte { return nil }
func (p webPinger) ServerVersion() []byte { return nil }
func (p webPinger) RemoteAddr() net.Addr  { return p.sess.RemoteAddr() }
func (p webPinger) LocalAddr() net.Addr   { return p.sess.LocalAddr() }
func (p webPinger) OpenChannel(string, []byte) (gossh.Channel, <-chan *gossh.Request, error) {
	return nil, nil, errNoChannels
}
func (p webPinger) Close() error { return p.sess.Close() }
func (p webPinger) Wait() error  { <-p.sess.c.Context().Done(); return nil }

// errNoChannels: a browser's connection opens no SSH channel.
var errNoChannels = errors.New("a browser's connection has no SSH channels")

// What the handlers ask of a session, its context and its connection.
var (
	_ ssh.Session = (*webSession)(nil)
	_ ssh.Context = (*webContext)(nil)
	_ gossh.Conn  = webPinger{}
)
