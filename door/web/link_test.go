package web

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"
)

// linkDoor is a door whose server takes the code "GOOD" (answering the
// credential "cred-of-GOOD"), makes the address wait after "SOON", and
// notes what it is asked to unlink and each socket's cookie.
type linkDoor struct {
	mu       sync.Mutex
	asked    []LinkAsk
	unlinked []string
	links    chan string
}

func newLinkDoor(t *testing.T, tls bool, tweak ...func(*Config)) (*httptest.Server, *linkDoor) {
	t.Helper()
	ld := &linkDoor{links: make(chan string, 10)}
	cfg := Config{
		Session: func(c *Conn) { ld.links <- c.Link },
		Link: func(_ context.Context, a LinkAsk) (string, error) {
			ld.mu.Lock()
			defer ld.mu.Unlock()
			ld.asked = append(ld.asked, a)
			switch a.Code {
			case "GOOD":
				return "cred-of-GOOD", nil
			case "SOON":
				return "", TooSoon{Wait: 1500 * time.Millisecond}
			}
			return "", errors.New("no such code")
		},
		Unlink: func(_ context.Context, cred string) {
			ld.mu.Lock()
			defer ld.mu.Unlock()
			ld.unlinked = append(ld.unlinked, cred)
		},
	}
	for _, f := range tweak {
		f(&cfg)
	}
	d, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(d)
	if tls {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(func() {
		srv.Close()
		d.Close()
	})
	return srv, ld
}

// post sends body to path as the page does (its own Origin unless
// header names another), and returns the response read whole.
func post(t *testing.T, srv *httptest.Server, path, body string, header ...string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, srv.URL+path, strings.NewReader(body))
	req.Header.Set("Origin", srv.URL)
	req.Header.Set("User-Agent", "Mozilla/5.0 (Android 15; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func cookieOf(resp *http.Response) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == LinkCookie {
			return c
		}
	}
	return nil
}

// TestLinkSetsTheCookie: a code the server takes sets the link's
// cookie — HttpOnly, SameSite=Strict, for the whole site, Secure over
// TLS (the door's own, or a trusted proxy's that says so; an untrusted
// X-Forwarded-Proto is not believed) — and a code it refuses sets
// none: 403, or 429 with Retry-After when the address must wait.
func TestLinkSetsTheCookie(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tls    bool
		proxy  bool
		header []string
		secure bool
	}{
		{"plain", false, false, nil, false},
		{"tls", true, false, nil, true},
		{"trusted proxy over TLS", false, true, []string{"X-Forwarded-Proto", "https"}, true},
		{"untrusted proxy header", false, false, []string{"X-Forwarded-Proto", "https"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, ld := newLinkDoor(t, tc.tls, func(c *Config) {
				if tc.proxy {
					c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
				}
			})
			resp := post(t, srv, "/link", "GOOD", tc.header...)
			c := cookieOf(resp)
			if resp.StatusCode != http.StatusNoContent || c == nil {
				t.Fatalf("a good code: %s, cookie %v", resp.Status, c)
			}
			if c.Value != "cred-of-GOOD" || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.MaxAge < 300*24*3600 || c.Secure != tc.secure {
				t.Errorf("the cookie: %+v (Secure wanted %v)", c, tc.secure)
			}
			if a := ld.asked[0]; a.Agent != "Firefox · Android" || !a.Addr.IsLoopback() {
				t.Errorf("the server was asked %+v", a)
			}
		})
	}
	srv, _ := newLinkDoor(t, false)
	if r := post(t, srv, "/link", "BAD"); r.StatusCode != http.StatusForbidden || cookieOf(r) != nil {
		t.Errorf("a bad code: %s", r.Status)
	}
	if r := post(t, srv, "/link", "SOON"); r.StatusCode != http.StatusTooManyRequests || r.Header.Get("Retry-After") != "2" || cookieOf(r) != nil {
		t.Errorf("a code while the address waits: %s, Retry-After %q", r.Status, r.Header.Get("Retry-After"))
	}
	noLinks, _ := newLinkDoor(t, false, func(c *Config) { c.Link = nil })
	if r := post(t, noLinks, "/link", "GOOD"); r.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a door that links nothing: %s", r.Status)
	}
}

// TestLinkRefusedUnread: what is not the page's own POST of a code is
// refused before the server is asked: another site's page (403), a body
// longer than a code (413), a GET (the page itself, which asks for the
// code), another method (405).
func TestLinkRefusedUnread(t *testing.T) {
	srv, ld := newLinkDoor(t, false)
	if r := post(t, srv, "/link", "GOOD", "Origin", "https://evil.example"); r.StatusCode != http.StatusForbidden || cookieOf(r) != nil {
		t.Errorf("another site's page: %s", r.Status)
	}
	if r := post(t, srv, "/unlink", "", "Origin", "https://evil.example", "Cookie", LinkCookie+"=x"); r.StatusCode != http.StatusForbidden {
		t.Errorf("another site's page unlinking: %s", r.Status)
	}
	if r := post(t, srv, "/link", strings.Repeat("G", maxLinkCodeBytes+1)); r.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a long body: %s", r.Status)
	}
	resp, err := srv.Client().Get(srv.URL + "/link")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "data-link-ask=") || resp.Header.Get("Content-Security-Policy") == "" {
		t.Errorf("GET /link: %s, the page asking for a code? %v", resp.Status, strings.Contains(string(body), "data-link-ask="))
	}
	req, _ := http.NewRequest(http.MethodPut, srv.URL+"/unlink", nil)
	if r, err := srv.Client().Do(req); err != nil || r.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("PUT /unlink: %v %v", r, err)
	}
	if len(ld.asked) != 0 || len(ld.unlinked) != 0 {
		t.Errorf("the server was asked %v, told to unlink %v", ld.asked, ld.unlinked)
	}
}

// TestUnlinkAndTheSocket: a socket carries the browser's cookie to the
// server (one longer than the server's never: none); POST /unlink hands
// the server the cookie to forget and clears it.
func TestUnlinkAndTheSocket(t *testing.T) {
	srv, ld := newLinkDoor(t, false)
	for _, tc := range []struct{ cookie, want string }{
		{"cred-of-GOOD", "cred-of-GOOD"},
		{strings.Repeat("x", maxCredBytes+1), ""},
		{"", ""},
	} {
		h := http.Header{}
		if tc.cookie != "" {
			h.Set("Cookie", LinkCookie+"="+tc.cookie)
		}
		if _, _, err := dialWS(t, srv, map[string]any{"cols": 80, "rows": 24}, h); err != nil {
			t.Fatal(err)
		}
		select {
		case got := <-ld.links:
			if got != tc.want {
				t.Errorf("a socket with cookie of %d bytes: the session saw %q", len(tc.cookie), got)
			}
		case <-time.After(patience):
			t.Fatal("no session")
		}
	}
	r := post(t, srv, "/unlink", "", "Cookie", LinkCookie+"=cred-of-GOOD")
	c := cookieOf(r)
	if r.StatusCode != http.StatusNoContent || c == nil || c.MaxAge >= 0 || c.Value != "" {
		t.Errorf("unlink: %s, cookie %+v", r.Status, c)
	}
	if len(ld.unlinked) != 1 || ld.unlinked[0] != "cred-of-GOOD" {
		t.Errorf("the server was told to unlink %v", ld.unlinked)
	}
}

// TestRelink: POST /relink hands the server the browser's cookie and
// sets the one it answers; a cookie the server refuses is cleared, one
// it cannot tell of (its store slow) is kept; a foreign page's is
// refused unread, as /link's.
func TestRelink(t *testing.T) {
	srv, _ := newLinkDoor(t, false, func(c *Config) {
		c.Relink = func(_ context.Context, cred string) (string, error) {
			switch cred {
			case "cred-old":
				return "cred-new", nil
			case "cred-slow":
				return "", context.DeadlineExceeded
			}
			return "", ErrLinkRefused
		}
	})
	for _, tc := range []struct {
		cookie, origin string
		status         int
		want           string // the cookie set: "" cleared, "-" none
	}{
		{"cred-old", "", http.StatusNoContent, "cred-new"},
		{"cred-revoked", "", http.StatusForbidden, ""},
		{"cred-slow", "", http.StatusServiceUnavailable, "-"},
		{"", "", http.StatusBadRequest, "-"},
		{"cred-old", "https://evil.example", http.StatusForbidden, "-"},
	} {
		h := []string{}
		if tc.cookie != "" {
			h = append(h, "Cookie", LinkCookie+"="+tc.cookie)
		}
		if tc.origin != "" {
			h = append(h, "Origin", tc.origin)
		}
		r := post(t, srv, "/relink", "", h...)
		c := cookieOf(r)
		got := "-"
		if c != nil {
			got = c.Value
		}
		if r.StatusCode != tc.status || got != tc.want || c != nil && c.Value != "" && (!c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.MaxAge <= 0) {
			t.Errorf("relink with %q from %q: %s, cookie %+v; want %d, %q", tc.cookie, tc.origin, r.Status, c, tc.status, tc.want)
		}
	}
}

// TestAgentLabel: a browser named as its player knows it.
func TestAgentLabel(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36":                                   "Chrome · Linux",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1": "Safari · iPhone",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0":           "Edge · Windows",
		"Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36":                                "Chrome · Android",
		"curl/8.0": "curl/8.0",
		"":         "",
	} {
		if got := AgentLabel(ua); got != want {
			t.Errorf("AgentLabel(%q) = %q, want %q", ua, got, want)
		}
	}
}
