package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"okey/door/internal/logbuf"
)

// servedDoor serves a door of cfg (an echo session) through Serve, as
// okey serve does, on a port of 127.0.0.1, and returns its address and
// what it logged.
func servedDoor(t *testing.T, cfg Config) (*Door, string, *logbuf.Buf) {
	t.Helper()
	logs := &logbuf.Buf{}
	cfg.Log = slog.New(slog.NewTextHandler(logs, nil))
	if cfg.Session == nil {
		cfg.Session = func(c *Conn) { io.Copy(io.Discard, c) }
	}
	d, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := d.HTTP()
	go d.Serve(hs, l)
	t.Cleanup(func() {
		hs.Close()
		d.Close()
	})
	return d, l.Addr().String(), logs
}

// TestSilentSocketsCapped: 2,000 connections from one address that say
// nothing are counted from the moment each is accepted: the door keeps
// at most its cap of them, closing the rest at once (none is kept
// waiting for its request's deadline, here ten minutes away), and writes
// the refusals to its log as a few lines with their count.
func TestSilentSocketsCapped(t *testing.T) {
	const silent, capped = 2000, 8
	// The requests' deadline is far past the test's patience: a
	// connection closed is one the cap closed.
	d, addr, logs := servedDoor(t, Config{MaxConnsPerAddr: capped, HandshakeTimeout: 10 * time.Minute})
	conns := make([]net.Conn, 0, silent)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range silent {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("dial %d: %v", len(conns), err)
		}
		conns = append(conns, c)
	}
	// Each is read until the door closes it: all but the cap's must be.
	closed := make(chan bool, silent)
	for _, c := range conns {
		go func() {
			c.SetReadDeadline(time.Now().Add(patience))
			_, err := c.Read(make([]byte, 1))
			closed <- err != nil && !errors.Is(err, context.DeadlineExceeded) && !isTimeout(err)
		}()
	}
	n := 0
	for range silent - capped {
		if <-closed {
			n++
		}
	}
	if n != silent-capped {
		t.Errorf("%d of %d silent connections closed, want all but the cap's %d", n, silent, capped)
	}
	d.mu.Lock()
	g := d.guarded
	d.mu.Unlock()
	if g == nil {
		t.Fatal("the door's listener counts nothing")
	}
	if got := g.count(netip.MustParseAddr("127.0.0.1")); got > capped {
		t.Errorf("%d connections of one address counted, at most %d", got, capped)
	}
	lines := strings.Count(logs.String(), "too many connections from one address")
	if lines == 0 || lines > 10 {
		t.Errorf("%d lines for %d refusals, want a few:\n%s", lines, silent-capped, logs.String())
	}
	if !strings.Contains(logs.String(), "is a reverse proxy in front? Name it with --web-proxy") {
		t.Errorf("many connections from the loopback without a proxy named, not said:\n%s", logs.String())
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// TestAdmittedBeforeHello: a socket is counted (Admit) as it is opened,
// before its hello; one refused is closed at once with TryLater and the
// reason, and never reaches a session. Which of three sockets is the
// third counted is the server's order of their handlers, not the
// order they were dialled in.
func TestAdmittedBeforeHello(t *testing.T) {
	var mu sync.Mutex
	admitted := 0
	srv, said := echoDoor(t, Config{HandshakeTimeout: time.Minute, Admit: func(c *Conn) (net.Conn, string) {
		mu.Lock()
		defer mu.Unlock()
		if admitted >= 2 {
			return nil, "too many " + c.Lang
		}
		admitted++
		return c, ""
	}})
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	ended := make(chan error, 3)
	for range 3 {
		ws, _, err := dialWS(t, srv, nil, http.Header{"Accept-Language": {"tr-TR,tr;q=0.9"}})
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			_, _, err := ws.Read(ctx)
			ended <- err
		}()
	}
	var err error
	select {
	case err = <-ended:
	case <-ctx.Done():
		t.Fatalf("no socket of three refused in %v", patience)
	}
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != TryLater || ce.Reason != "too many tr" {
		t.Errorf("a socket over the count: %v, want %v with the reason in the browser's words", err, TryLater)
	}
	select {
	case err := <-ended:
		t.Errorf("a second socket of three ended: %v", err)
	default: // the two admitted wait for their hello
	}
	select {
	case s := <-said:
		t.Errorf("a session began without a hello: %s", s)
	default:
	}
}

// TestHostChecked: the door answers only at the names it is served at
// — an IP address, localhost, Hosts and Origins; a page on a name of
// another site's, renamed to this server by DNS, is refused (421), its
// socket too, though its Origin is its own Host.
func TestHostChecked(t *testing.T) {
	_, addr, logs := servedDoor(t, Config{Hosts: []string{"okey.lan"}, Origins: []string{"okey.example"}})
	_, port, _ := net.SplitHostPort(addr)
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{addr, true},
		{"localhost:" + port, true},
		{"[::1]:" + port, true},
		{"OKEY.lan.:" + port, true},
		{"okey.example", true},
		{"rebind.evil.example:" + port, false},
		{"okey.lan.evil.example", false},
	} {
		for _, path := range []string{"/", "/ws"} {
			req, _ := http.NewRequest("GET", "http://"+addr+path, nil)
			req.Host = tc.host
			req.Header.Set("Origin", "http://"+tc.host)
			if path == "/ws" {
				req.Header.Set("Connection", "Upgrade")
				req.Header.Set("Upgrade", "websocket")
				req.Header.Set("Sec-WebSocket-Version", "13")
				req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if refused := resp.StatusCode == http.StatusMisdirectedRequest; refused == tc.ok {
				t.Errorf("Host %s %s: %s", tc.host, path, resp.Status)
			}
		}
	}
	if !strings.Contains(logs.String(), "a name this server is not served at") {
		t.Errorf("a rebinding name refused, not logged:\n%s", logs.String())
	}
}

// TestHomeOnly: a home's plain door lets in the loopback and the
// private networks, and refuses a client from the internet (here named
// by a trusted proxy).
func TestHomeOnly(t *testing.T) {
	_, addr, _ := servedDoor(t, Config{HomeOnly: true, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	for _, tc := range []struct {
		client string
		ok     bool
	}{
		{"", true},
		{"192.168.1.20", true},
		{"10.1.2.3", true},
		{"fd00::1", true},
		{"fe80::1", true},
		{"203.0.113.5", false},
		{"2001:db8::1", false},
	} {
		req, _ := http.NewRequest("GET", "http://"+addr+"/", nil)
		if tc.client != "" {
			req.Header.Set("X-Forwarded-For", tc.client)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if ok := resp.StatusCode == http.StatusOK; ok != tc.ok {
			t.Errorf("a client at %q: %s", tc.client, resp.Status)
		}
	}
}

// TestRefusalsLogged: a message over the cap is logged (1009), and a
// proxy that names its clients without being trusted is said to the
// operator; each a few lines, however many times it happens.
func TestRefusalsLogged(t *testing.T) {
	_, addr, logs := servedDoor(t, Config{MaxFrame: 64})
	for range 20 {
		ctx, cancel := context.WithTimeout(context.Background(), patience)
		ws, _, err := websocket.Dial(ctx, "ws://"+addr+"/ws", &websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {"192.0.2.7"}}})
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		ws.Write(ctx, websocket.MessageText, []byte(`{"cols":80,"rows":24}`))
		ws.Write(ctx, websocket.MessageBinary, bytes.Repeat([]byte("x"), 65))
		_, _, err = ws.Read(ctx)
		cancel()
		if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
			t.Fatalf("a message over the cap: %v", err)
		}
	}
	deadline := time.Now().Add(patience)
	for !strings.Contains(logs.String(), "over the cap (1009)") {
		if time.Now().After(deadline) {
			t.Fatalf("a message over the cap, not logged:\n%s", logs.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	out := logs.String()
	if n := strings.Count(out, "over the cap (1009)"); n != 1 {
		t.Errorf("%d lines for 20 messages over the cap from one address, want 1:\n%s", n, out)
	}
	if n := strings.Count(out, "it is no --web-proxy"); n != 1 {
		t.Errorf("%d lines for a proxy not trusted, want 1:\n%s", n, out)
	}
}
