package web

import (
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// patience is the least a test waits for what must happen.
const patience = time.Minute

// echoDoor is a door whose session says what it was told: its name,
// language and size, then each size and each chunk typed.
func echoDoor(t *testing.T, cfg Config) (*httptest.Server, chan string) {
	t.Helper()
	said := make(chan string, 100)
	cfg.Session = func(c *Conn) {
		said <- fmt.Sprintf("hello %q %q %dx%d %q from %s", c.Name, c.Lang, c.W, c.H, c.Token, c.RemoteAddr())
		if err := c.SetToken("new"); err != nil {
			said <- "no token: " + err.Error()
		}
		go func() {
			for s := range c.Sizes() {
				said <- fmt.Sprintf("size %dx%d", s.Cols, s.Rows)
			}
		}()
		buf := make([]byte, 8<<10)
		for {
			n, err := c.Read(buf)
			if err != nil {
				said <- "end"
				return
			}
			said <- "typed " + string(buf[:n])
			if _, err := c.Write(buf[:n]); err != nil {
				return
			}
		}
	}
	d, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(d)
	t.Cleanup(func() {
		srv.Close()
		d.Close()
	})
	return srv, said
}

func next(t *testing.T, said chan string) string {
	t.Helper()
	select {
	case s := <-said:
		return s
	case <-time.After(patience):
		t.Fatal("the session said nothing")
	}
	return ""
}

// dialWS opens a socket as the page does and says hello (nil: says
// nothing).
func dialWS(t *testing.T, srv *httptest.Server, hi map[string]any, h http.Header) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return ws, resp, err
	}
	t.Cleanup(func() { ws.CloseNow() })
	if hi != nil {
		b, _ := json.Marshal(hi)
		err = ws.Write(ctx, websocket.MessageText, b)
	}
	return ws, resp, err
}

// TestSocketCarriesATerminal: the page's request says the name, the
// language and the size; binary messages are what is typed, whole, a
// text message a new size, and what the session writes comes back.
func TestSocketCarriesATerminal(t *testing.T) {
	srv, said := echoDoor(t, Config{})
	origin := http.Header{"Origin": {srv.URL}}
	ws, _, err := dialWS(t, srv, map[string]any{"name": "ali", "lang": "tr", "cols": 120, "rows": 40, "token": "t0"}, origin)
	if err != nil {
		t.Fatal(err)
	}
	if got := next(t, said); !strings.HasPrefix(got, `hello "ali" "tr" 120x40 "t0" from 127.0.0.1:`) {
		t.Errorf("the session began with %s", got)
	}
	ctx := context.Background()
	ws.Write(ctx, websocket.MessageBinary, []byte("\x1b[A"))
	if got := next(t, said); got != "typed \x1b[A" {
		t.Errorf("typed %q", got)
	}
	if typ, b, err := ws.Read(ctx); err != nil || typ != websocket.MessageText || string(b) != `{"token":"new"}` {
		t.Errorf("the session's token came as %v %q, %v", typ, b, err)
	}
	if _, b, err := ws.Read(ctx); err != nil || string(b) != "\x1b[A" {
		t.Errorf("the session's write came back as %q, %v", b, err)
	}
	ws.Write(ctx, websocket.MessageText, []byte(`{"cols":90,"rows":30}`))
	ws.Write(ctx, websocket.MessageText, []byte(`not a size`))
	ws.Write(ctx, websocket.MessageText, []byte(`{"cols":100000,"rows":5}`))
	ws.Write(ctx, websocket.MessageBinary, []byte("d"))
	// The sizes a session has not taken yet are kept as the latest only
	// (Conn.Sizes): the first may be replaced by the second before the
	// session reads it, so it may or may not be seen. The latest, capped,
	// and the key are seen; the nonsense is nothing.
	var got []string
	for !slices.Contains(got, "size 1000x5") || !slices.Contains(got, "typed d") {
		got = append(got, next(t, said))
	}
	for _, g := range got {
		if g != "size 90x30" && g != "size 1000x5" && g != "typed d" {
			t.Errorf("after two sizes, nonsense and a key the session saw %q: %q is none of them", got, g)
		}
	}
	// Nonsense in the hello is no size, no language (the browser's is
	// kept: English, as it names none); a name is cut.
	_, _, err = dialWS(t, srv, map[string]any{"name": strings.Repeat("é", 500), "lang": "xx", "cols": -3, "rows": 0}, origin)
	if err != nil {
		t.Fatal(err)
	}
	for {
		got := next(t, said)
		if !strings.HasPrefix(got, "hello") {
			continue
		}
		if want := fmt.Sprintf("hello %q \"en\" 0x0 \"\"", strings.Repeat("é", maxNameBytes/2)); !strings.HasPrefix(got, want) {
			t.Errorf("a request of nonsense began %s, want %s", got, want)
		}
		break
	}
}

// TestForeignOriginRefused: a page of another site cannot open a
// session in the player's name; the server's own page can, and so can
// an origin configured for a reverse proxy's public name.
func TestForeignOriginRefused(t *testing.T) {
	srv, said := echoDoor(t, Config{Origins: []string{"okey.example:8443"}})
	for _, tc := range []struct {
		origin string
		ok     bool
	}{
		{srv.URL, true},
		{"https://okey.example:8443", true},
		{"http://evil.example", false},
		{"https://okey.example", false},
		{"null", false},
	} {
		_, resp, err := dialWS(t, srv, map[string]any{}, http.Header{"Origin": {tc.origin}})
		if tc.ok != (err == nil) {
			t.Errorf("origin %s: err %v, want ok %v", tc.origin, err, tc.ok)
		}
		if !tc.ok && (resp == nil || resp.StatusCode != http.StatusForbidden) {
			t.Errorf("origin %s: answered %v, want 403", tc.origin, resp)
		}
		if tc.ok {
			next(t, said)
		}
	}
}

// TestOversizedFrameRefused: a message over the cap closes the socket
// (1009) as it arrives, and the session's input ends; one at the cap
// goes through.
func TestOversizedFrameRefused(t *testing.T) {
	srv, said := echoDoor(t, Config{MaxFrame: 64})
	ws, _, err := dialWS(t, srv, map[string]any{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	next(t, said)
	ctx := context.Background()
	ws.Read(ctx) // the token
	ws.Write(ctx, websocket.MessageBinary, []byte(strings.Repeat("a", 64)))
	if got := next(t, said); got != "typed "+strings.Repeat("a", 64) {
		t.Errorf("a message at the cap: %q", got)
	}
	ws.Read(ctx) // its echo
	ws.Write(ctx, websocket.MessageBinary, []byte(strings.Repeat("b", 65)))
	if got := next(t, said); got != "end" {
		t.Errorf("after a message over the cap the session saw %q, want its end", got)
	}
	_, _, err = ws.Read(ctx)
	if code := websocket.CloseStatus(err); code != websocket.StatusMessageTooBig {
		t.Errorf("a message over the cap closed the socket with %v (%v), want 1009", code, err)
	}
}

// TestNoHelloRefused: a socket whose first message is not the page's
// hello, or that says nothing in time, is closed before any session,
// with its documented code (1008), never cut without one.
func TestNoHelloRefused(t *testing.T) {
	srv, said := echoDoor(t, Config{HandshakeTimeout: 300 * time.Millisecond})
	for _, first := range []func(*websocket.Conn){
		func(ws *websocket.Conn) { ws.Write(context.Background(), websocket.MessageBinary, []byte("x")) },
		func(ws *websocket.Conn) { ws.Write(context.Background(), websocket.MessageText, []byte("hello")) },
		func(*websocket.Conn) {}, // nothing
	} {
		ws, _, err := dialWS(t, srv, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		first(ws)
		ctx, cancel := context.WithTimeout(context.Background(), patience)
		_, _, err = ws.Read(ctx)
		cancel()
		if code := websocket.CloseStatus(err); code != websocket.StatusPolicyViolation {
			t.Errorf("a socket without a hello: closed %v (%v)", code, err)
		}
		if err == nil {
			t.Error("a socket without a hello was read from")
		}
	}
	select {
	case s := <-said:
		t.Errorf("a session began without a hello: %s", s)
	default:
	}
}

// TestIdleCut: a connection on which nothing is read or written for the
// idle time is closed, as the SSH door's are.
func TestIdleCut(t *testing.T) {
	srv, said := echoDoor(t, Config{IdleTimeout: 300 * time.Millisecond})
	ws, _, err := dialWS(t, srv, map[string]any{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	next(t, said)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	ws.Read(ctx) // the token
	_, _, err = ws.Read(ctx)
	if code := websocket.CloseStatus(err); code != Goodbye {
		t.Errorf("an idle connection ended with %v (%v), want a goodbye", code, err)
	}
}

// TestClientAddr: a client's address is read from X-Forwarded-For only
// behind a trusted proxy, from the right, past the trusted hops.
func TestClientAddr(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, tc := range []struct {
		peer, xff, want string
	}{
		{"192.0.2.7:5000", "", "192.0.2.7"},
		{"192.0.2.7:5000", "198.51.100.1", "192.0.2.7"},             // not a proxy: its header is not read
		{"10.0.0.2:5000", "", "10.0.0.2"},                           // the proxy's own check
		{"10.0.0.2:5000", "198.51.100.1", "198.51.100.1"},           // the proxy's client
		{"10.0.0.2:5000", "6.6.6.6, 198.51.100.1", "198.51.100.1"},  // what the client wrote is not read
		{"10.0.0.2:5000", "198.51.100.1, 10.0.0.9", "198.51.100.1"}, // past a second proxy
		{"10.0.0.2:5000", "junk", "10.0.0.2"},
		{"[::1]:5000", "2001:db8::5", "2001:db8::5"},
		{"[::ffff:10.0.0.2]:5000", "::ffff:198.51.100.1", "198.51.100.1"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/ws", nil)
		r.RemoteAddr = tc.peer
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if got := clientAddr(r, proxies).Addr().String(); got != tc.want {
			t.Errorf("from %s with X-Forwarded-For %q: %s, want %s", tc.peer, tc.xff, got, tc.want)
		}
	}
	if _, err := ParseProxies([]string{"10.0.0.0/8", "192.0.2.1", "::1"}); err != nil {
		t.Error(err)
	}
	if _, err := ParseProxies([]string{"proxy.example"}); err == nil || !strings.Contains(err.Error(), "--web-proxy") {
		t.Errorf("a name as a proxy: %v, want an error naming --web-proxy", err)
	}
}

// TestCheckPlain: plain HTTP is for the loopback only.
func TestCheckPlain(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:8080": true, "[::1]:8080": true, "localhost:8080": true,
		":8080": false, "0.0.0.0:8080": false, "192.0.2.1:8080": false, "nonsense": false,
	} {
		if err := CheckPlain(addr); (err == nil) != ok {
			t.Errorf("CheckPlain(%q) = %v, want ok %v", addr, err, ok)
		}
	}
}

// TestPageIsStrict: the page asks nothing of another host, runs no
// inline script, and its policy says so; its style carries the nonce
// the policy names, a new one each time; every file it names is served.
func TestPageIsStrict(t *testing.T) {
	srv, _ := echoDoor(t, Config{})
	get := func(path string, h http.Header) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		for k, v := range h {
			req.Header[k] = v
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var r io.Reader = resp.Body
		if resp.Header.Get("Content-Encoding") == "gzip" {
			if r, err = gzip.NewReader(resp.Body); err != nil {
				t.Fatal(err)
			}
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		return resp, string(b)
	}
	resp, body := get("/", nil)
	policy := resp.Header.Get("Content-Security-Policy")
	nonce := regexp.MustCompile(`'nonce-([A-Za-z0-9_-]+)'`).FindStringSubmatch(policy)
	if nonce == nil || !strings.Contains(policy, "script-src 'self';") || !strings.Contains(policy, "default-src 'none'") || strings.Contains(policy, "unsafe") {
		t.Fatalf("the policy is %q", policy)
	}
	if !strings.Contains(body, `nonce="`+nonce[1]+`"`) {
		t.Errorf("the page does not carry its policy's nonce %s", nonce[1])
	}
	if resp2, _ := get("/", nil); resp2.Header.Get("Content-Security-Policy") == policy {
		t.Error("two pages had the same nonce")
	}
	for _, h := range []string{"X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"} {
		if resp.Header.Get(h) == "" {
			t.Errorf("no %s", h)
		}
	}
	for _, tag := range regexp.MustCompile(`<script[^>]*>([^<]*)</script>`).FindAllStringSubmatch(body, -1) {
		if !strings.Contains(tag[0], ` src="`) || strings.TrimSpace(tag[1]) != "" {
			t.Errorf("an inline script: %s", tag[0])
		}
	}
	if regexp.MustCompile(`\son[a-z]+=|style=|<style`).MatchString(body) {
		t.Error("the page has an inline handler or style")
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(body, -1)
	if len(refs) < 5 {
		t.Fatalf("the page names %d files", len(refs))
	}
	for _, ref := range refs {
		if !strings.HasPrefix(ref[1], staticPrefix) {
			t.Errorf("the page names %s, not one of its own files", ref[1])
			continue
		}
		r, b := get(ref[1], http.Header{"Accept-Encoding": {"gzip"}})
		if r.StatusCode != http.StatusOK || len(b) == 0 || r.Header.Get("Content-Type") == "" {
			t.Errorf("%s: %s, %d bytes, type %q", ref[1], r.Status, len(b), r.Header.Get("Content-Type"))
		}
		if strings.HasSuffix(ref[1], "xterm.js") && r.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("xterm.js not gzip'd for a browser that takes it")
		}
	}
	// The page's script and the emulator name no other host either.
	for _, f := range []string{"okey.js", "okey.css"} {
		_, b := get(staticPrefix+f, nil)
		if m := regexp.MustCompile(`https?://`).FindString(b); m != "" {
			t.Errorf("%s names a host: %s", f, m)
		}
	}
	if r, _ := get("/elsewhere", nil); r.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown path: %s", r.Status)
	}
	// Turkish, asked for or the browser's.
	if _, b := get("/?lang=tr", nil); !strings.Contains(b, `lang="tr"`) || !strings.Contains(b, `title="telefonun klavyesi"`) {
		t.Error("?lang=tr is not the Turkish page")
	}
	if _, b := get("/", http.Header{"Accept-Language": {"tr-TR,tr;q=0.9,en;q=0.8"}}); !strings.Contains(b, `lang="tr"`) {
		t.Error("a Turkish browser is not given the Turkish page")
	}
}

// TestVendoredAsShipped: the emulator's files are npm's, unchanged, as
// static/vendor/README.md says.
func TestVendoredAsShipped(t *testing.T) {
	sums := map[string]string{}
	f, err := os.Open("static/vendor/README.md") // beside the files, not embedded
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line := regexp.MustCompile(`^\s+([0-9a-f]{64})\s+(\S+)$`)
	for sc.Scan() {
		if m := line.FindStringSubmatch(sc.Text()); m != nil {
			sums[m[2]] = m[1]
		}
	}
	if len(sums) != 3 {
		t.Fatalf("README.md lists %d sums, want 3", len(sums))
	}
	for name, want := range sums {
		b, err := static.ReadFile("static/vendor/" + name)
		if err != nil {
			t.Fatal(err)
		}
		got := sha256.Sum256(b)
		if hex.EncodeToString(got[:]) != want {
			t.Errorf("%s is not the file npm ships (sha256 %x, README says %s)", name, got, want)
		}
	}
	for _, l := range []string{"LICENSE.xterm", "LICENSE.addon-fit"} {
		if b, err := static.ReadFile("static/vendor/" + l); err != nil || !strings.Contains(string(b), "MIT") && !strings.Contains(string(b), "Permission is hereby granted") {
			t.Errorf("%s: %v", l, err)
		}
	}
}

// A browser's connection is a net.Conn: the server counts it as one.
var _ net.Conn = (*Conn)(nil)
