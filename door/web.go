package door

import (
	"context"
	"encoding/base64"
	"net"
	"time"

	"okey/door/web"
	"okey/kit/i18n"
	"okey/server/keep"
	"okey/ui/serve/common"
)

// The browser door's way in (door/web): a browser's connection runs
// the very session an SSH connection runs — counted with the SSH door's
// connections at admission, then handed to the same handlers (guard,
// run) as an SSH session of a guest, with a terminal of the page's size.
// webTerminal is the browser's terminal as the session sees it, and
// webVisit the connection as the door holds it.

// AdmitWeb counts a browser's socket against its address with the SSH
// door's connections as it is opened, before its hello
// (web.Config.Admit): what stands for it in the count, or nil and why,
// in the browser's words.
func (s *Server) AdmitWeb(c *web.Conn) (net.Conn, string) {
	cc, why := s.admit(c)
	if cc == nil {
		return nil, i18n.MustLoad(langOf(webEnv(c))).T(why)
	}
	return cc, ""
}

// Web runs one browser's session until it ends (web.Config.Session):
// counted as it was opened (AdmitWeb), else now.
func (s *Server) Web(c *web.Conn) {
	tr := i18n.MustLoad(langOf(webEnv(c)))
	if s.ctx.Err() != nil {
		c.CloseWith(web.Restarting, tr.T("bye.restart"))
		return
	}
	cc := c.Held()
	if cc == nil {
		var why string
		if cc, why = s.AdmitWeb(c); cc == nil {
			c.CloseWith(web.TryLater, why)
			return
		}
	}
	defer cc.Close()
	var linked keep.Link
	guest := ""
	if l, _, ok := s.browsers.webLink(c); ok {
		// Held before it is checked again: a revoke from now on ends
		// it, and one since the first check refuses it.
		defer s.browsers.holdLinked(l.ID, c)()
		var renew bool
		if l, renew, ok = s.browsers.webLink(c); ok {
			linked = l
			if renew {
				if err := c.Relink(); err != nil {
					s.log.Debug("web: the page not told to renew its link", "err", err)
				}
			}
		}
	}
	if linked.Player == "" {
		guest = s.webGuest(c)
	}
	v := s.webVisit(c, cc, linked, guest)
	s.guard(v, func() { s.run(v) })
	if s.ctx.Err() != nil {
		// The server is stopping: the page comes back, to any node.
		c.CloseWith(web.Restarting, tr.T("bye.restart"))
	}
}

// WebConnsPerAddr is the browser door's cap on the connections one
// address holds open at once (web.Config.MaxConnsPerAddr): its share of
// sessions (MaxPerAddr), as many again for the page's own requests (a
// browser fetches a page's files over up to six connections at once,
// and keeps them a while), and a few more.
func (c Config) WebConnsPerAddr() int { return 2*c.MaxPerAddr + 8 }

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

// webTerminal is a browser's page as a terminal: its writes go through
// the counted connection, its reads are the page's typed bytes, its
// sizes the page's.
type webTerminal struct {
	net.Conn // the counted connection
	c        *web.Conn
	sizes    chan Size
}

func newWebTerminal(c *web.Conn, conn net.Conn) *webTerminal {
	t := &webTerminal{Conn: conn, c: c, sizes: make(chan Size, 1)}
	go func() {
		defer close(t.sizes)
		for sz := range c.Sizes() {
			select {
			case <-t.sizes: // the latest size wins
			default:
			}
			t.sizes <- Size{sz.Cols, sz.Rows}
		}
	}()
	return t
}

func (t *webTerminal) Window() (string, Size, bool) {
	return webTerm, Size{t.c.W, t.c.H}, true
}

func (t *webTerminal) Resized() <-chan Size { return t.sizes }

func (t *webTerminal) Context() context.Context { return t.c.Context() }

// webVisit is a browser's connection as the door holds it: the player
// a linked browser plays as (linked.Player, by their key's identity),
// else the guest it comes back as (guest), else a new guest.
func (s *Server) webVisit(c *web.Conn, conn net.Conn, linked keep.Link, guest string) *visit {
	v := &visit{Terminal: newWebTerminal(c, conn), user: c.Name, remote: c.RemoteAddr(), local: c.LocalAddr(), env: webEnv(c)}
	switch {
	case linked.Player != "":
		v.user, v.id, v.link = linked.Name, linked.Player, linked.ID
	case guest != "":
		v.id, v.code = common.GuestID(guest), guest
	default:
		v.code = common.NewResumeCode()
		v.id = common.GuestID(v.code)
	}
	v.close = conn.Close
	// A refusal (overloaded, too many) ends the page's socket as one
	// the page tries again after a while.
	v.end = func(code int) {
		if code != 0 && s.ctx.Err() == nil {
			c.CloseWith(web.TryLater, "")
		}
		_ = conn.Close()
	}
	// A keepalive is the WebSocket's ping, bounded by webPingWait.
	v.ping = func() <-chan bool {
		done := make(chan bool, 1)
		go func() {
			ctx, cancel := context.WithTimeout(c.Context(), webPingWait)
			defer cancel()
			done <- c.Ping(ctx) == nil
		}()
		return done
	}
	return v
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

// webPingWait bounds a ping's wait for its pong: Server.answers waits
// less, and says a connection that has not answered is gone.
const webPingWait = 30 * time.Second
