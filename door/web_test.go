package door

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"okey/door/web"
	"okey/server/tables"
	"okey/ui/serve/common"
)

// The browser door's sessions, driven as the page drives them (a
// WebSocket: bytes typed as binary messages, the terminal's size as a
// text one) and read back through the tests' terminal. The page itself
// in a real browser is door/web's browser test.

// serveWeb serves srv's browser door on a port of 127.0.0.1 until the
// test ends, and returns its address.
func serveWeb(t testing.TB, srv *Server, tweak ...func(*web.Config)) string {
	t.Helper()
	cfg := web.Config{Session: srv.Web, Admit: srv.AdmitWeb, Log: srv.log, IdleTimeout: srv.cfg.IdleTimeout, HandshakeTimeout: 10 * time.Second}
	for _, f := range tweak {
		f(&cfg)
	}
	door, err := web.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := door.HTTP()
	go door.Serve(hs, l)
	t.Cleanup(func() {
		hs.Close()
		door.Close()
	})
	return l.Addr().String()
}

// webClient is a browser's session as a client the tests drive like an
// SSH one (press, waitFor), and its socket.
type webClient struct {
	*client
	ws *websocket.Conn
	// end is how the server closed the socket, once it has.
	end chan websocket.CloseError
	// tokens are the tokens the server gave the page; unlinked is
	// closed once the server told it its link is no more.
	tokens   chan string
	unlinked chan struct{}
	// relinked is closed once the server told the page to renew its
	// link's cookie.
	relinked chan struct{}
}

// webDial opens a session at the browser door at addr as the page does,
// as a new guest; header is pairs of a request header's name and value.
func webDial(t testing.TB, addr, name string, w, h int, header ...string) (*webClient, error) {
	return webDialAs(t, addr, name, "", w, h, header...)
}

// webDialAs opens a session as webDial does, giving back a token the
// server gave before ("": none).
func webDialAs(t testing.TB, addr, name, token string, w, h int, header ...string) (*webClient, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	hdr := http.Header{}
	for i := 0; i+1 < len(header); i += 2 {
		hdr.Add(header[i], header[i+1])
	}
	ws, _, err := websocket.Dial(ctx, "ws://"+addr+"/ws", &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		return nil, err
	}
	hello, _ := json.Marshal(map[string]any{"cols": w, "rows": h, "name": name, "lang": "en", "token": token})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		return nil, err
	}
	in, out := net.Pipe()
	c := &webClient{
		client: &client{t: t, name: name, term: newTerm(w, h), done: make(chan struct{}), in: in},
		ws:     ws, end: make(chan websocket.CloseError, 1), tokens: make(chan string, 10), unlinked: make(chan struct{}), relinked: make(chan struct{}),
	}
	go func() { // what is typed goes as the page sends it: one message a write
		buf := make([]byte, 1024)
		for {
			n, err := out.Read(buf)
			if err != nil {
				return
			}
			if ws.Write(context.Background(), websocket.MessageBinary, buf[:n]) != nil {
				return
			}
		}
	}()
	go func() {
		defer close(c.done)
		defer in.Close()
		for {
			typ, b, err := ws.Read(context.Background())
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				c.end <- ce
			}
			if err != nil {
				return
			}
			if typ == websocket.MessageBinary {
				c.got.Add(int64(len(b)))
				c.term.Write(b)
				continue
			}
			var said struct {
				Token            string
				Unlinked, Relink bool
			}
			if json.Unmarshal(b, &said) == nil && said.Unlinked {
				close(c.unlinked)
			}
			if json.Unmarshal(b, &said) == nil && said.Relink {
				close(c.relinked)
			}
			if json.Unmarshal(b, &said) == nil && said.Token != "" {
				select {
				case c.tokens <- said.Token:
				default:
				}
			}
		}
	}()
	t.Cleanup(func() { ws.CloseNow() })
	return c, nil
}

// resize says the terminal's new size, as the page does.
func (c *webClient) resize(w, h int) {
	c.t.Helper()
	if err := c.ws.Write(context.Background(), websocket.MessageText, fmt.Appendf(nil, `{"cols":%d,"rows":%d}`, w, h)); err != nil {
		c.t.Fatal(err)
	}
}

// ended waits for the server to close the socket, and says how.
func (c *webClient) ended() websocket.CloseError {
	c.t.Helper()
	select {
	case ce := <-c.end:
		return ce
	case <-c.done:
		select { // the reader hands its close over before it is done
		case ce := <-c.end:
			return ce
		default:
		}
		c.t.Fatalf("%s: the socket ended without a close frame", c.name)
	case <-time.After(patience):
		c.t.Fatalf("%s: the socket still open after %v", c.name, patience)
	}
	return websocket.CloseError{}
}

// TestWebPlaysAsSSH: a browser's session is the SSH door's session — the
// lobby, a table against bots opened from it, the table's own screen —
// and follows the terminal's size, to the game's own page for a
// terminal too small.
func TestWebPlaysAsSSH(t *testing.T) {
	t.Parallel() // servers of its own, its waits generous (patience)
	srv, _ := testServer(t)
	addr := serveWeb(t, srv)
	c, err := webDial(t, addr, "ayşe", 100, 30)
	if err != nil {
		t.Fatal(err)
	}
	c.waitFor("playing as ayşe", patience)
	startMatch(t, c.client)
	scr := c.waitFor("your rack", patience)
	if !strings.Contains(scr, "ayşe") && !strings.Contains(scr, "You") {
		t.Errorf("the table does not seat the player:\n%s", scr)
	}
	c.resize(60, 20)
	c.waitFor("at least 80×24", patience)
	c.resize(100, 30)
	c.waitFor("your rack", patience)
}

// TestWebCountedWithSSH: the two doors share one count of connections
// from an address: with one allowed, a browser is refused (and told to
// try later) while an SSH session is open, and let in once it has gone.
func TestWebCountedWithSSH(t *testing.T) {
	t.Parallel() // servers of its own, its waits generous (patience)
	srv, sshAddr := testServer(t, func(c *Config) { c.MaxPerAddr = 1 })
	addr := serveWeb(t, srv)
	ssh := dial(t, sshAddr, "ali", dialOpts{})
	ssh.waitFor("playing as ali", patience)
	c, err := webDial(t, addr, "veli", 100, 30)
	if err != nil {
		t.Fatal(err)
	}
	if ce := c.ended(); ce.Code != web.TryLater || ce.Reason == "" {
		t.Errorf("a browser over the address's share: closed %v %q, want %v with a reason", ce.Code, ce.Reason, web.TryLater)
	}
	ssh.close()
	deadline := time.Now().Add(patience)
	for {
		c, err := webDial(t, addr, "veli", 100, 30)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := c.await(2*time.Second, func(s string) bool { return strings.Contains(s, "playing as veli") }); ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the browser is still refused after the SSH session has gone")
		}
	}
}

// TestWebStopping: a server that stops says so in the page's terminal
// and closes the socket as a restart, which the page connects again
// after.
func TestWebStopping(t *testing.T) {
	t.Parallel() // servers of its own, its waits generous (patience)
	srv, _ := testServer(t)
	addr := serveWeb(t, srv)
	c, err := webDial(t, addr, "ali", 100, 30)
	if err != nil {
		t.Fatal(err)
	}
	c.waitFor("playing as ali", patience)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		ctx, cancel := context.WithTimeout(context.Background(), patience)
		defer cancel()
		srv.Shutdown(ctx)
	}()
	if ce := c.ended(); ce.Code != web.Restarting {
		t.Errorf("a stopping server closed the socket with %v %q, want %v", ce.Code, ce.Reason, web.Restarting)
	}
	<-stopped // before the test's own Shutdown, at its end
	c.waitFor("The server is restarting", patience)
}

// TestWebAdmission: the browser door is let in as the SSH door is —
// turned away with a word while the node is overloaded (and told to
// try later), held to its address's rate of new connections together
// with SSH, and counted by the address a trusted proxy names (anyone
// else's X-Forwarded-For is not read).
func TestWebAdmission(t *testing.T) {
	t.Parallel() // servers of its own, its waits generous (patience)
	t.Run("overloaded", func(t *testing.T) {
		srv, _ := testServer(t, func(c *Config) { c.overloaded = func() bool { return true } })
		c, err := webDial(t, serveWeb(t, srv), "ali", 100, 30)
		if err != nil {
			t.Fatal(err)
		}
		c.waitFor("The hall is full just now", patience)
		if ce := c.ended(); ce.Code != web.TryLater {
			t.Errorf("turned away with %v %q, want %v", ce.Code, ce.Reason, web.TryLater)
		}
		if srv.TurnedAway() != 1 {
			t.Errorf("%d turned away, want 1", srv.TurnedAway())
		}
	})
	t.Run("rate", func(t *testing.T) {
		srv, sshAddr := testServer(t, func(c *Config) { c.ConnBurst, c.ConnPerMinute = 1, 1 })
		addr := serveWeb(t, srv)
		dial(t, sshAddr, "ali", dialOpts{}).waitFor("playing as ali", patience)
		c, err := webDial(t, addr, "veli", 100, 30)
		if err != nil {
			t.Fatal(err)
		}
		if ce := c.ended(); ce.Code != web.TryLater || !strings.Contains(ce.Reason, "Too many connections") {
			t.Errorf("a browser over the address's rate: %v %q", ce.Code, ce.Reason)
		}
	})
	t.Run("proxy", func(t *testing.T) {
		for _, trusted := range []bool{true, false} {
			srv, _ := testServer(t, func(c *Config) { c.MaxPerAddr = 1 })
			addr := serveWeb(t, srv, func(c *web.Config) {
				if trusted {
					c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
				}
			})
			a, err := webDial(t, addr, "ali", 100, 30, "X-Forwarded-For", "198.51.100.1")
			if err != nil {
				t.Fatal(err)
			}
			a.waitFor("playing as ali", patience)
			b, err := webDial(t, addr, "veli", 100, 30, "X-Forwarded-For", "198.51.100.2")
			if err != nil {
				t.Fatal(err)
			}
			if trusted {
				b.waitFor("playing as veli", patience) // another client: its own share
				c, err := webDial(t, addr, "can", 100, 30, "X-Forwarded-For", "198.51.100.1")
				if err != nil {
					t.Fatal(err)
				}
				if ce := c.ended(); ce.Code != web.TryLater {
					t.Errorf("a second connection from ali's address through the proxy: %v %q", ce.Code, ce.Reason)
				}
			} else if ce := b.ended(); ce.Code != web.TryLater {
				// Not trusted: both are the loopback, one connection.
				t.Errorf("an untrusted X-Forwarded-For was believed: %v %q", ce.Code, ce.Reason)
			}
		}
	})
}

// tokenOf is the token the server gave a page.
func (c *webClient) tokenOf() string {
	c.t.Helper()
	select {
	case tok := <-c.tokens:
		return tok
	case <-time.After(patience):
		c.t.Fatalf("%s: no token given", c.name)
	}
	return ""
}

// TestWebReseated: a guest in a browser whose socket dropped mid-match
// comes back with the token the server gave their page — to any node of
// the cluster — and is seated again at once, as a player with an SSH
// key is; the resume code on their screen is the one they had. A token
// not made by the cluster is a new guest's.
func TestWebReseated(t *testing.T) {
	t.Parallel()
	url := sharedNATS(t)
	a, _ := testServer(t, steadyNode(url, "a"))
	b, _ := testServer(t, steadyNode(url, "b"))
	addrA, addrB := serveWeb(t, a), serveWeb(t, b)
	gus, err := webDial(t, addrA, "gus", 100, 30)
	if err != nil {
		t.Fatal(err)
	}
	token := gus.tokenOf()
	code := resumeCode(t, gus.client)
	startMatch(t, gus.client)
	gus.waitFor("your rack", patience)
	gus.ws.CloseNow() // the network dropped it: no goodbye
	// The page comes back after a second at least (its backoff): by
	// then node b's lobby lists the table as gus's. (A session that
	// starts before its node has heard of the seat starts in the lobby,
	// over SSH as here, the seat listed as the player's.)
	gusID := common.GuestID(normalized(code))
	waitSummary(t, b, "1", "the seat listed as gus's on node b", func(s *tables.Summary) bool { return slices.Contains(s.Owners[:], gusID) })

	back, err := webDialAs(t, addrB, "gus", token, 100, 30)
	if err != nil {
		t.Fatal(err)
	}
	back.waitFor("your rack", patience)
	if again := back.tokenOf(); again == "" {
		t.Error("no token given to the page that came back")
	}
	if s := summary(b, "1"); s == nil || !slices.Contains(s.Owners[:], gusID) {
		t.Errorf("table 1 is not held by the guest of code %s: %+v", code, s)
	}

	forged, err := webDialAs(t, addrB, "eve", token[:len(token)-4]+"AAAA", 100, 30)
	if err != nil {
		t.Fatal(err)
	}
	forged.waitFor("playing as eve", patience)
	if c := resumeCode(t, forged.client); c == code {
		t.Error("a forged token took the guest's identity")
	}
}

// TestWebSilentSocketsCounted: 2,000 sockets from one address that
// never say their hello are counted with the SSH door's connections as
// each is opened: the server keeps at most the address's share
// (--max-per-addr), the rest closed at once with TryLater (none is kept
// waiting for its hello, here ten minutes away), and an SSH client from
// the same address is refused while they hold its share.
func TestWebSilentSocketsCounted(t *testing.T) {
	t.Parallel() // a server of its own, its waits generous (patience)
	const silent, share = 2000, 8
	srv, sshAddr := testServer(t, func(c *Config) {
		c.MaxPerAddr, c.MaxSessions, c.ConnPerMinute = share, 100000, 0
		c.HandshakeTimeout = 10 * time.Minute
	})
	addr := serveWeb(t, srv, func(c *web.Config) { c.HandshakeTimeout = 10 * time.Minute })
	// Which of them are let in is the server's to say (their upgrades
	// are answered before they are counted): each is read until it is
	// closed, and all but the share's must be, with TryLater.
	ends := make(chan websocket.StatusCode, silent)
	for i := range silent {
		ctx, cancel := context.WithTimeout(context.Background(), patience)
		ws, _, err := websocket.Dial(ctx, "ws://"+addr+"/ws", nil)
		cancel()
		if err != nil {
			t.Fatalf("socket %d: %v", i, err)
		}
		t.Cleanup(func() { ws.CloseNow() })
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 2*patience)
			defer cancel()
			_, _, err := ws.Read(ctx)
			ends <- websocket.CloseStatus(err)
		}()
	}
	for range silent - share {
		if code := <-ends; code != web.TryLater {
			srv.mu.Lock()
			t.Logf("counted by address: %v", srv.perAddr)
			srv.mu.Unlock()
			t.Fatalf("a silent socket over the share ended %v, want %v", code, web.TryLater)
		}
	}
	srv.mu.Lock()
	held := srv.perAddr["127.0.0.1"]
	srv.mu.Unlock()
	if held > share {
		t.Errorf("%d connections of one address counted, at most %d", held, share)
	}
	if _, err := tryDial(t, sshAddr, "ali", dialOpts{}); err == nil {
		t.Error("an SSH client let in while silent sockets held its address's share")
	}
}
