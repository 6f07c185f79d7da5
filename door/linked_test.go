package door

import (
	"regexp"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"okey/door/web"
	"okey/server/keep"
	"okey/ui/serve/common/commontest"
)

// A browser linked to an SSH key is that key's player wherever the
// server asks who plays: the daily's one-a-day rule, the ratings, the
// tournaments. Each test links a browser through the door's own code
// (the SSH lobby's code handed in at POST /link, the cookie carried to
// the socket) and meets the key's player on the other side.

// linkedBrowser serves srv's browser door with its links, and links a
// browser to a new key's player, name, through the SSH lobby at
// sshAddr: the door's address, the key and the browser's cookie.
func linkedBrowser(t *testing.T, srv *Server, sshAddr, name string) (webAddr string, key gossh.Signer, cookie string) {
	t.Helper()
	webAddr = serveWeb(t, srv, func(c *web.Config) {
		c.Link, c.Unlink, c.Relink = srv.browsers.LinkBrowser, srv.browsers.UnlinkBrowser, srv.browsers.RelinkBrowser
	})
	key = newKey(t)
	c := dial(t, sshAddr, name, dialOpts{key: key})
	c.waitFor("playing as "+name, patience)
	resp := postLink(t, webAddr, "/link", linkCodeOf(t, c))
	c.close()
	for _, ck := range resp.Cookies() {
		if ck.Name == web.LinkCookie && ck.Value != "" {
			return webAddr, key, ck.String()
		}
	}
	t.Fatalf("linking a browser: %s, no cookie", resp.Status)
	return "", nil, ""
}

// TestLinkedBrowserKeepsTheDailysRule: a day begun in the linked
// browser is the key's: over SSH the key is taken back to its table,
// the same deal (its commitment), and once it leaves it, the daily's
// page says the day is begun (enter goes back to it; no second day is
// dealt). The browser's page says what the key's says of its rank (a
// key new today), not a guest's.
func TestLinkedBrowserKeepsTheDailysRule(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	webAddr, key, cookie := linkedBrowser(t, srv, addr, "ali")
	br, err := webDial(t, webAddr, "mallory", 100, 30, "Cookie", cookie)
	if err != nil {
		t.Fatal(err)
	}
	br.waitFor("playing as ali", patience)
	br.press("d")
	br.waitFor("You have not played today's daily", patience)
	br.waitFor("Practice: your key is new today", patience)
	br.press("enter")
	commit := regexp.MustCompile(`Deal committed: [0-9a-f ]{19}`)
	deal := commit.FindString(br.waitUntil("the day's deal", patience, commit.MatchString))
	br.ws.CloseNow()

	ali := dial(t, addr, "ali", dialOpts{key: key, w: 100, h: 30})
	ali.waitFor(deal, patience)
	ali.press("q")
	ali.waitFor("q again to leave", patience)
	ali.press("q")
	ali.waitFor("d daily", patience)
	ali.press("d")
	ali.waitFor("You have begun today's daily: enter takes you back to it", patience)

	guest, err := webDial(t, webAddr, "gus", 100, 30)
	if err != nil {
		t.Fatal(err)
	}
	guest.waitFor("playing as gus", patience)
	guest.press("d")
	guest.waitFor("You have not played today's daily", patience)
	guest.waitFor("Practice: a guest is not ranked", patience)
}

// TestLinkedBrowserCarriesTheRating: the key's rating is the linked
// browser's: at a table the browser opens, the other player sees it
// beside its player.
func TestLinkedBrowserCarriesTheRating(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	webAddr, key, cookie := linkedBrowser(t, srv, addr, "ali")
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	id := keep.KeyPrefix + gossh.FingerprintSHA256(key.PublicKey())
	if err := srv.book.Set(ctx, "classic", keep.RatedEntry{ID: id, Name: "ali", Mu: 30, Sigma: 4, Games: 7}); err != nil {
		t.Fatal(err)
	}
	br, err := webDial(t, webAddr, "mallory", 100, 30, "Cookie", cookie)
	if err != nil {
		t.Fatal(err)
	}
	br.waitFor("playing as ali", patience)
	openTable(t, br.client)
	guest := dial(t, addr, "gus", dialOpts{w: 100, h: 30})
	sit(t, guest)
	br.press("s")
	guest.waitFor("player 18.0", 10*time.Second) // 30 - 3×4
}

// TestLinkedBrowserIsTheKeysEntrant: a tournament the key joined over
// SSH counts the linked browser as joined, its line marked as its own;
// a guest's browser is not.
func TestLinkedBrowserIsTheKeysEntrant(t *testing.T) {
	t.Parallel()
	srv, rerr, err := New(testConfig(t))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	srv.tourSide = commontest.ArenaOfFive(t, srv.port(nil).Now) // before it serves
	addr := serveLocal(t, srv)
	webAddr, key, cookie := linkedBrowser(t, srv, addr, "ali")
	ali := dial(t, addr, "ali", dialOpts{key: key, w: 80, h: 24})
	ali.waitFor("Tournaments: 1 running", patience)
	ali.press("u")
	ali.waitFor("Friday arena", patience)
	ali.press("enter")
	ali.waitFor("enter join", patience)
	ali.press("enter")
	ali.waitFor("You have joined", patience)
	ali.close()

	br, err := webDial(t, webAddr, "mallory", 80, 24, "Cookie", cookie)
	if err != nil {
		t.Fatal(err)
	}
	br.waitFor("playing as ali", patience)
	br.press("u")
	br.waitFor("Friday arena", patience)
	br.press("enter")
	br.waitFor("you: #5 of 6", patience)
	br.waitFor("x leave", patience) // joined: it may leave
	br.waitUntil("ali's line marked", patience, func(scr string) bool { return commontest.HasMarked(scr, "ali") })

	guest, err := webDial(t, webAddr, "gus", 80, 24)
	if err != nil {
		t.Fatal(err)
	}
	guest.waitFor("playing as gus", patience)
	guest.press("u")
	guest.waitFor("Friday arena", patience)
	guest.press("enter")
	scr := guest.waitFor("enter join", patience)
	if commontest.HasMarked(scr, "ali") {
		t.Errorf("a guest's browser sees ali's line as its own:\n%s", scr)
	}
}
