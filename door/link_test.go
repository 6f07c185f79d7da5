package door

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"okey/door/web"
	"okey/kit/seatmsg"
	"okey/server/keep"
	"okey/server/tables"
)

// linkCodeRe is a code to link a browser on the browsers' page.
var linkCodeRe = regexp.MustCompile(`Your code to link a browser: ([A-Z0-9]{4}-[A-Z0-9]{4})`)

// linkCodeOf opens the browsers' page of an SSH session and reads the
// code it gives.
func linkCodeOf(t *testing.T, c *client) string {
	t.Helper()
	c.press("b")
	m := linkCodeRe.FindStringSubmatch(c.waitUntil("a code to link a browser", patience, linkCodeRe.MatchString))
	return m[1]
}

// postLink hands code in at the browser door at addr as the page does,
// and answers with the response.
func postLink(t *testing.T, addr, path, body string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", "http://"+addr)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// rotation is a change of the cluster's secret old in its steps, as
// docs/cluster.md gives them: the new key in use beside the old
// (promoted), then the old dropped.
func rotation(t *testing.T, old *keep.Secret) (_, promoted, dropped *keep.Secret) {
	t.Helper()
	added, err := old.AddKey()
	if err != nil {
		t.Fatal(err)
	}
	if promoted, err = added.PromoteKey(); err != nil {
		t.Fatal(err)
	}
	if dropped, err = promoted.DropKey(); err != nil {
		t.Fatal(err)
	}
	return old, promoted, dropped
}

// lockedLog is a log the test reads back.
type lockedLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestWebLinkedIsTheKey: a player links a browser with the code their
// SSH lobby gives, on another node of the cluster; the code works once.
// The browser then plays as the SSH key's identity on every node: its
// lobby names the key's player, its browsers' page lists it as theirs,
// and the seat the key's player left at a table on one node is taken
// back by the browser on another. Revoked from the SSH lobby, the
// browser's live session on the other node is cut off (the page told to
// come back as a guest), and its cookie is refused at its next connect.
// Neither the code nor the cookie is ever in the log.
func TestWebLinkedIsTheKey(t *testing.T) {
	t.Parallel() // servers of its own, its waits generous (patience)
	url := sharedNATS(t)
	logA, logB := &lockedLog{}, &lockedLog{}
	a, sshA := testServer(t, steadyNode(url, "a"), func(c *Config) { c.Log = slog.New(slog.NewTextHandler(logA, nil)) })
	b, _ := testServer(t, steadyNode(url, "b"), func(c *Config) { c.Log = slog.New(slog.NewTextHandler(logB, nil)) })
	webA := serveWeb(t, a, func(c *web.Config) { c.Link, c.Unlink = a.browsers.LinkBrowser, a.browsers.UnlinkBrowser })
	webB := serveWeb(t, b, func(c *web.Config) { c.Link, c.Unlink = b.browsers.LinkBrowser, b.browsers.UnlinkBrowser })
	key := newKey(t)
	keyID := keep.KeyPrefix + gossh.FingerprintSHA256(key.PublicKey())

	ali := dial(t, sshA, "ali", dialOpts{key: key})
	ali.waitFor("playing as ali", patience)
	code := linkCodeOf(t, ali)
	ali.waitFor("No browser is linked to you", patience)
	resp := postLink(t, webB, "/link", strings.ToLower(code)) // as typed: case and dash do not matter
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("a code from the SSH lobby handed in on another node: %s", resp.Status)
	}
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == web.LinkCookie {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || cookie.Value == "" || cookie.MaxAge <= 0 {
		t.Fatalf("the link's cookie: %+v", cookie)
	}
	if r := postLink(t, webA, "/link", code); r.StatusCode != http.StatusForbidden || len(r.Cookies()) != 0 {
		t.Fatalf("a code used twice: %s %v", r.Status, r.Cookies())
	}

	// The browser, on node b, is ali: its lobby names ali, and its
	// browsers' page lists it as ali's own.
	br, err := webDial(t, webB, "mallory", 100, 30, "Cookie", cookie.String())
	if err != nil {
		t.Fatal(err)
	}
	br.waitFor("playing as ali", patience)
	br.press("b")
	br.waitFor("(this browser)", patience)

	// Revoked from the SSH lobby on node a: the browser's session on
	// node b is cut off, to come back as a guest.
	ali.press("n") // a new code, the list read again
	ali.waitFor("1 of 16 browsers linked", patience)
	ali.press("x")
	ali.waitFor("No browser is linked to you", patience)
	if ce := br.ended(); ce.Code != web.Unlinked {
		t.Errorf("a revoked browser's session closed %v %q, want %v", ce.Code, ce.Reason, web.Unlinked)
	}
	again, err := webDial(t, webA, "mallory", 100, 30, "Cookie", cookie.String())
	if err != nil {
		t.Fatal(err)
	}
	again.waitFor("playing as mallory", patience)
	select {
	case <-again.unlinked:
	case <-time.After(patience):
		t.Fatal("the page with a revoked cookie was not told to drop it")
	}
	again.ws.CloseNow()

	// Linked again: ali plays a table over SSH on node a, and drops;
	// the browser on node b takes ali's seat back, as ali.
	code2 := linkCodeRe.FindStringSubmatch(ali.waitUntil("a new code", patience, linkCodeRe.MatchString))[1]
	resp = postLink(t, webB, "/link", code2)
	if resp.StatusCode != http.StatusNoContent || len(resp.Cookies()) != 1 {
		t.Fatalf("a second code: %s %v", resp.Status, resp.Cookies())
	}
	cookie2 := resp.Cookies()[0]
	ali.press("esc")
	startMatch(t, ali)
	ali.waitFor("your rack", patience)
	ali.close()
	waitSummary(t, b, "1", "the seat listed as ali's on node b", func(s *tables.Summary) bool { return slices.Contains(s.Owners[:], keyID) })
	seated, err := webDial(t, webB, "mallory", 100, 30, "Cookie", cookie2.String())
	if err != nil {
		t.Fatal(err)
	}
	seated.waitFor("your rack", patience)
	if s := summary(b, "1"); s == nil || !slices.ContainsFunc(s.Players[:], func(p seatmsg.Player) bool { return p.Name == "ali" }) {
		t.Errorf("the browser did not take ali's seat as ali: %+v", s)
	}

	if !strings.Contains(logB.String(), "a browser linked") {
		t.Errorf("the link is not logged:\n%s", logB.String())
	}
	for _, log := range []string{logA.String(), logB.String()} {
		for _, secret := range []string{cookie.Value, cookie2.Value, code, code2, strings.ReplaceAll(code, "-", ""), strings.ReplaceAll(code2, "-", ""), strings.ToLower(strings.ReplaceAll(code, "-", ""))} {
			if strings.Contains(log, secret) {
				t.Errorf("the code or the cookie %q is in the log:\n%s", secret, log)
			}
		}
	}
}

// TestWebLinkRefusals: a code handed in from another site's page is
// refused unread, as is a body longer than a code; wrong codes count
// against the address as the lobby's do, and past the free ones the
// page is told to wait (429, Retry-After) before even a right code is
// read; a server that keeps no links says so (503).
func TestWebLinkRefusals(t *testing.T) {
	t.Parallel() // servers of its own, its waits generous (patience)
	// The clock stands still: the wait after the wrong codes does not
	// run out however slow the machine is.
	still := time.Now()
	srv, sshAddr := testServer(t, func(c *Config) { c.FreeGuesses, c.Now = 2, func() time.Time { return still } })
	addr := serveWeb(t, srv, func(c *web.Config) { c.Link, c.Unlink = srv.browsers.LinkBrowser, srv.browsers.UnlinkBrowser })
	ali := dial(t, sshAddr, "ali", dialOpts{key: newKey(t)})
	ali.waitFor("playing as ali", patience)
	code := linkCodeOf(t, ali)

	if r := postLink(t, addr, "/link", code, "Origin", "http://evil.example"); r.StatusCode != http.StatusForbidden || len(r.Cookies()) != 0 {
		t.Errorf("a code from another site's page: %s", r.Status)
	}
	if r := postLink(t, addr, "/link", strings.Repeat("A", 65)); r.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a body longer than a code: %s", r.Status)
	}
	for i, wrong := range []string{"AAAA-AAAA", "not a code", "BBBBBBBB"} {
		if r := postLink(t, addr, "/link", wrong); r.StatusCode != http.StatusForbidden {
			t.Errorf("wrong code %d: %s", i, r.Status)
		}
	}
	r := postLink(t, addr, "/link", code)
	if r.StatusCode != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Errorf("a code after the free wrong ones: %s, Retry-After %q", r.Status, r.Header.Get("Retry-After"))
	}

	alone, _ := testServer(t, func(c *Config) { c.StateDir = "" })
	if r := postLink(t, serveWeb(t, alone, func(c *web.Config) { c.Link = alone.browsers.LinkBrowser }), "/link", code); r.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a server with no store: %s", r.Status)
	}
}

// TestWebLinkKeptAcrossASecretChange: the cluster's secret is changed
// (docs/cluster.md's three forms) with a browser linked, and the browser
// is still its player. Linked under the old key on a node of the old
// form; a node of the second form (the new key in use, the old taken)
// seals the link again as it starts, lets the browser in on its cookie
// from before as the key's player, and renews the cookie; a node of the
// new key alone lets the renewed cookie in as the player, and the cookie
// from before in as a guest, told to drop it.
func TestWebLinkKeptAcrossASecretChange(t *testing.T) {
	t.Parallel()
	url := sharedNATS(t)
	old, promoted, dropped := rotation(t, secretOf(url))
	node := func(name string, secret *keep.Secret) (*Server, string, string) {
		srv, sshAddr := testServer(t, steadyNode(url, name), func(c *Config) { c.Store.Secret = secret })
		return srv, sshAddr, serveWeb(t, srv, func(c *web.Config) {
			c.Link, c.Unlink, c.Relink = srv.browsers.LinkBrowser, srv.browsers.UnlinkBrowser, srv.browsers.RelinkBrowser
		})
	}
	stop := func(srv *Server) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Fatal(err)
		}
	}
	cookieOf := func(resp *http.Response) *http.Cookie {
		t.Helper()
		for _, c := range resp.Cookies() {
			if c.Name == web.LinkCookie && c.Value != "" {
				return c
			}
		}
		t.Fatalf("no cookie in the answer: %s", resp.Status)
		return nil
	}

	a, sshA, webA := node("a", old)
	ali := dial(t, sshA, "ali", dialOpts{key: newKey(t)})
	ali.waitFor("playing as ali", patience)
	before := cookieOf(postLink(t, webA, "/link", linkCodeOf(t, ali)))
	ali.close()
	stop(a)

	b, _, webB := node("b", promoted)
	br, err := webDial(t, webB, "mallory", 100, 30, "Cookie", before.String())
	if err != nil {
		t.Fatal(err)
	}
	br.waitFor("playing as ali", patience)
	select {
	case <-br.relinked:
	case <-time.After(patience):
		t.Fatal("a browser let in on its cookie from before the change was not told to renew it")
	}
	resp := postLink(t, webB, "/relink", "", "Cookie", before.String())
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("renewing the cookie: %s", resp.Status)
	}
	renewed := cookieOf(resp)
	if renewed.Value == before.Value || !renewed.HttpOnly || renewed.SameSite != http.SameSiteStrictMode || renewed.MaxAge <= 0 {
		t.Fatalf("the renewed cookie: %+v", renewed)
	}
	br.ws.CloseNow()
	stop(b)

	_, _, webC := node("c", dropped)
	now, err := webDial(t, webC, "mallory", 100, 30, "Cookie", renewed.String())
	if err != nil {
		t.Fatal(err)
	}
	now.waitFor("playing as ali", patience)
	select {
	case <-now.relinked:
		t.Error("a renewed cookie was asked to be renewed again")
	default:
	}
	now.ws.CloseNow()
	stale, err := webDial(t, webC, "mallory", 100, 30, "Cookie", before.String())
	if err != nil {
		t.Fatal(err)
	}
	stale.waitFor("playing as mallory", patience)
	select {
	case <-stale.unlinked:
	case <-time.After(patience):
		t.Fatal("a cookie sealed with the dropped key: the page was not told to drop it")
	}
}

// TestWebLinkTellsTheSSHSession: a browser linked to a key comes in on
// the node where the key's SSH session waits in the lobby: the SSH
// session is replaced, and says why on its screen before it closes (not
// only the client's "Connection closed"), the word left below it.
func TestWebLinkTellsTheSSHSession(t *testing.T) {
	t.Parallel() // servers of its own, its waits generous (patience)
	a, sshA := testServer(t, steadyNode(sharedNATS(t), "a"))
	webA := serveWeb(t, a, func(c *web.Config) { c.Link, c.Unlink = a.browsers.LinkBrowser, a.browsers.UnlinkBrowser })
	ali := dial(t, sshA, "ali", dialOpts{key: newKey(t)})
	ali.waitFor("playing as ali", patience)
	code := linkCodeOf(t, ali)
	resp := postLink(t, webA, "/link", code)
	if resp.StatusCode != http.StatusNoContent || len(resp.Cookies()) != 1 {
		t.Fatalf("a code handed in: %s %v", resp.Status, resp.Cookies())
	}
	br, err := webDial(t, webA, "mallory", 100, 30, "Cookie", resp.Cookies()[0].String())
	if err != nil {
		t.Fatal(err)
	}
	br.waitFor("playing as ali", patience)
	ali.waitFor("You are playing in a browser now", patience)
	select {
	case <-ali.done:
	case <-time.After(patience):
		t.Fatal("the SSH session replaced by a browser did not end")
	}
	if scr := ali.term.String(); !strings.Contains(scr, "okey: You are playing in a browser now") {
		t.Errorf("the word is not left below the SSH screen:\n%s", scr)
	}
}
