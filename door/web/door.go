package web

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"okey/door/internal/refusals"
)

// Config is what the door is told.
type Config struct {
	// Session runs one browser's session on the server: the door's only
	// way in. It returns once the session has ended; the door closes
	// the connection then, if the session has not.
	Session func(*Conn)
	// Origins are the origins, besides the request's own host, a page
	// may open the socket from (host or host:port, as a browser's
	// Origin header names them): the public name a reverse proxy
	// serves the page at, when it does not pass the Host on.
	Origins []string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For the
	// door believes: a connection from one of them is counted as the
	// client the header names. Anyone else's header is never read.
	TrustedProxies []netip.Prefix
	// MaxFrame is the most bytes a message from a browser may hold; a
	// larger one closes the connection (1009) as its header arrives.
	MaxFrame int64
	// IdleTimeout closes a connection on which nothing was read or
	// written for this long, MaxSession any connection this old, and
	// HandshakeTimeout bounds a request's headers: as the SSH door's
	// own. 0: none.
	IdleTimeout, MaxSession, HandshakeTimeout time.Duration
	// TLS is served when set (--web-cert, --web-key); without it the
	// door is plain HTTP, for the loopback only (CheckPlain).
	TLS *tls.Config
	// Link takes a code a page hands in (POST /link) and answers with
	// the credential the browser's cookie is to carry (link.go), or why
	// not (ErrLinkRefused, ErrNoLinks, TooSoon). nil: no browser is
	// linked.
	Link func(context.Context, LinkAsk) (string, error)
	// Unlink forgets the link a browser's cookie names (POST /unlink:
	// the browser unlinks itself).
	Unlink func(ctx context.Context, cred string)
	// Relink answers a browser's cookie with the one it is to carry
	// from now on (POST /relink, when its session says so: the cookie
	// was made before a change of the cluster's secret), or why not
	// (ErrLinkRefused: the cookie goes). nil: a cookie is never renewed.
	Relink func(ctx context.Context, cred string) (string, error)
	// Admit counts a socket against its client's address as it is
	// opened, before its hello, with the SSH door's connections: what
	// stands for it in the count (Conn.Held; closing it uncounts), or
	// nil and why (in the words of the Conn's Lang, which is the
	// browser's until the hello says): the socket is closed at once
	// (TryLater). nil: the Session counts it.
	Admit func(*Conn) (net.Conn, string)
	// MaxConnsPerAddr caps the connections one address holds open at
	// once, counted from the moment each is accepted (the page's
	// requests and the sockets together; a trusted proxy's are not
	// counted here): one over it is closed before a byte is read. 0:
	// none.
	MaxConnsPerAddr int
	// Hosts are the names the door is served at, besides IP addresses,
	// localhost and Origins: a request to any other name (a page of
	// another site that renamed this server by DNS) is refused (421).
	Hosts []string
	// HomeOnly serves clients of the loopback and the private networks
	// only (a home's): the door is plain HTTP past the loopback
	// (--web-insecure-lan), and nobody from the internet is let in.
	HomeOnly bool
	// Log receives the door's refusals, once in a while each with its
	// count; nil discards.
	Log *slog.Logger
}

// DefaultMaxFrame caps a browser's message: a key is a few bytes, a
// mouse report about ten, a pasted code a few dozen, a window's size a
// few more. The session's input has its own cap, a rate (1 KB a second
// after 4 KB): a message is never larger than that burst.
const DefaultMaxFrame = 4 << 10

// maxHeaderBytes caps a request's headers (the socket's query, the
// name in it, included).
const maxHeaderBytes = 8 << 10

// Door is the browser door: one page, its files and a WebSocket
// endpoint, each socket a session the server runs.
type Door struct {
	cfg     Config
	log     *slog.Logger
	refused *refusals.Log
	page    *page

	mu    sync.Mutex
	conns map[*Conn]struct{}
	wg    sync.WaitGroup
	// guarded is the listener that counts connections (guard), if any.
	guarded *guarded
}

// New makes a door.
func New(cfg Config) (*Door, error) {
	if cfg.Session == nil {
		return nil, errors.New("web door: no session to start")
	}
	if cfg.MaxFrame <= 0 {
		cfg.MaxFrame = DefaultMaxFrame
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	p, err := newPage()
	if err != nil {
		return nil, err
	}
	return &Door{cfg: cfg, log: log, refused: refusals.New(log, nil), page: p, conns: map[*Conn]struct{}{}}, nil
}

// CheckPlain says why the door may not listen on addr without TLS:
// plain HTTP carries a session's keys and screens in the clear, so it
// is for the loopback only (a reverse proxy with TLS in front, or a
// test). A name is resolved: localhost is the loopback.
func CheckPlain(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--web %s: %w", addr, err)
	}
	if host == "" {
		return fmt.Errorf("--web %s: plain HTTP listens on the loopback only (127.0.0.1:PORT), or give --web-cert and --web-key", addr)
	}
	ips, err := net.DefaultResolver.LookupNetIP(context.Background(), "ip", host)
	if err != nil {
		return fmt.Errorf("--web %s: %w", addr, err)
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return fmt.Errorf("--web %s: plain HTTP listens on the loopback only (127.0.0.1:PORT), or give --web-cert and --web-key", addr)
		}
	}
	return nil
}

// HTTP is the door as an HTTP server, with the timeouts and caps of its
// requests set (the sockets, once upgraded, are the door's).
func (d *Door) HTTP() *http.Server {
	return &http.Server{
		Handler:           d,
		ReadHeaderTimeout: d.cfg.HandshakeTimeout,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    maxHeaderBytes,
		TLSConfig:         d.cfg.TLS,
		ErrorLog:          slog.NewLogLogger(d.log.Handler(), slog.LevelDebug),
	}
}

// Serve serves the door on l until srv is shut down: TLS when the
// configuration has it.
func (d *Door) Serve(srv *http.Server, l net.Listener) error {
	l = d.guard(l)
	var err error
	if d.cfg.TLS != nil {
		err = srv.ServeTLS(l, "", "")
	} else {
		err = srv.Serve(l)
	}
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Close ends every connection still open (the server has said its
// goodbyes), and waits for their handlers.
func (d *Door) Close() {
	d.mu.Lock()
	for c := range d.conns {
		c.CloseWith(Restarting, "")
	}
	d.mu.Unlock()
	d.wg.Wait()
}

// ServeHTTP serves the page, its files and the socket; anything else is
// not found.
func (d *Door) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.page.headers(w, d.cfg.TLS != nil)
	d.noteProxy(r)
	if !d.checkHost(r.Host) {
		d.refused.Note("web: refused: a name this server is not served at (--web-origin names one)", clientAddr(r, d.cfg.TrustedProxies).Addr().String(), "host", cut(r.Host))
		http.Error(w, "misdirected: this server is not served at that name", http.StatusMisdirectedRequest)
		return
	}
	if a := clientAddr(r, d.cfg.TrustedProxies).Addr(); d.cfg.HomeOnly && !atHome(a) {
		d.refused.Note("web: refused: not from the home network (--web-insecure-lan)", a.String())
		http.Error(w, "forbidden: this server serves its home network only", http.StatusForbidden)
		return
	}
	switch {
	case r.URL.Path == "/ws":
		d.socket(w, r)
	case r.URL.Path == "/link" && r.Method == http.MethodPost:
		d.linkPage(w, r)
	case r.URL.Path == "/unlink":
		d.unlinkPage(w, r)
	case r.URL.Path == "/relink":
		d.relinkPage(w, r)
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	case r.URL.Path == "/", r.URL.Path == "/link":
		// /link is the page, which asks for a code to link the browser.
		d.page.serveIndex(w, r)
	case strings.HasPrefix(r.URL.Path, staticPrefix):
		d.page.serveFile(w, r, strings.TrimPrefix(r.URL.Path, staticPrefix))
	default:
		http.NotFound(w, r)
	}
}

// socket upgrades a request from the page to a WebSocket and runs its
// session: the Origin first (a page of another site may not open a
// session in the player's name), then the socket counted against its
// client's address with the SSH door's connections (Admit) before a
// byte of it is read, its hello awaited (closed 1008 without one in
// time), then the session.
func (d *Door) socket(w http.ResponseWriter, r *http.Request) {
	client := clientAddr(r, d.cfg.TrustedProxies)
	addr := client.Addr().String()
	if err := d.checkOrigin(r); err != nil {
		d.refused.Note("web: refused: a foreign origin", addr, "origin", cut(r.Header.Get("Origin")))
		http.Error(w, "forbidden: the page must come from this server", http.StatusForbidden)
		return
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true}) // the Origin is checked above
	if err != nil {
		d.refused.Note("web: a socket could not be opened", addr, "err", err)
		return
	}
	ws.SetReadLimit(d.cfg.MaxFrame)
	local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	c := newConn(ws, net.TCPAddrFromAddrPort(client), local)
	c.Lang, c.Link = pickLang(r), linkOf(r)
	c.tooBig = func() { d.refused.Note("web: refused: a message over the cap (1009)", addr, "cap", d.cfg.MaxFrame) }
	if d.cfg.Admit != nil {
		held, why := d.cfg.Admit(c)
		if held == nil {
			c.CloseWith(TryLater, why)
			return
		}
		c.held = held
	}
	d.mu.Lock()
	d.conns[c] = struct{}{}
	d.wg.Add(1)
	d.mu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			d.log.Error("web: panic in a session", "panic", r, "addr", addr)
		}
		c.Close()
		if c.held != nil {
			c.held.Close()
		}
		d.mu.Lock()
		delete(d.conns, c)
		d.mu.Unlock()
		d.wg.Done()
	}()
	wait := helloWait
	if d.cfg.HandshakeTimeout > 0 {
		wait = d.cfg.HandshakeTimeout
	}
	h, err := c.awaitHello(wait)
	if err != nil {
		d.refused.Note("web: refused: no hello from the page (1008)", addr, "err", err)
		return
	}
	c.start(h, d.cfg.IdleTimeout, d.cfg.MaxSession)
	d.cfg.Session(c)
}
