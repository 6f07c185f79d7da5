package door

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"okey/ui/serve/pages/create"
)

// TestBrowserJoinsWithACode: a friend in one browser opens a private
// table and reads its join code; another friend, in a browser of their
// own (another profile: another guest), types the code in the lobby and
// sits at the table; the host sees them seated, starts the match, and
// both see the table's first hand.
func TestBrowserJoinsWithACode(t *testing.T) {
	t.Parallel()
	srv, _ := testServer(t)
	addr := serveWeb(t, srv)
	host := openTab(t, newBrowser(t), "http://"+addr+"/?name=aylin", 1280, 800, false)
	host.waitFor("Tables (0 of")
	host.press("n")
	host.waitFor("A new table")
	for range create.RowPrivate {
		host.press(kb.ArrowDown)
	}
	host.press(kb.ArrowRight, kb.Enter)
	m := joinCodeRe.FindStringSubmatch(host.waitFor("Join code:"))
	if m == nil {
		t.Fatalf("no join code on the host's page:\n%s", host.screen())
	}
	friend := openTab(t, newBrowser(t), "http://"+addr+"/?name=berk", 844, 390, true)
	friend.waitFor("Tables (")
	friend.press("c")
	friend.waitFor("join code:")
	friend.press(strings.ToLower(m[1]), kb.Enter)
	friend.waitFor("Waiting for the host")
	host.waitFor("2. berk")
	host.press("s")
	host.waitFor("your rack")
	friend.waitFor("your rack")
	friend.shot("joined-phone")
	host.clean(addr)
	friend.clean(addr)
}
