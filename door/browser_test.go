package door

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"okey/door/web"
)

// The browser door in a real browser: headless Chromium (Debian's
// package; .ci/run installs it when missing) driven through the
// DevTools protocol (chromedp). The page is read from the emulator's
// own buffer (the page's okey.screen()), keys are typed as a person
// types them, taps are touches on an emulated phone. Screenshots are
// kept as artefacts (browserShots), not committed.

// browserShots is where the screenshots go: $OKEY_ARTEFACTS, else a
// folder in the system's temporary directory, said in the test's log.
func browserShots(t *testing.T) string {
	dir := os.Getenv("OKEY_ARTEFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "okey-web-screens")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// The test binary's one headless Chromium, started by the first test
// that asks for it (newBrowser) and stopped at the binary's end
// (stopBrowser, from TestMain). Each tab the tests open gets a browser
// context of its own (newPage): its own cookies, storage and cache, as
// a new profile of the browser would have, so the tests stay apart and
// run side by side (t.Parallel): they mostly wait on the page and the
// table. One Chromium for them all, not one or more each: a start is a
// second or more of a loaded machine's time.
var chromium struct {
	once   sync.Once
	ctx    context.Context // the browser's first tab: the tabs' parent
	cancel func()          // stops the browser and its allocator
	err    error
}

// newBrowser is the test binary's headless Chromium, started on the
// first call: open pages in it with newPage (or openTab).
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("a real browser: not in -short (the whole suite runs it)")
	}
	chromium.once.Do(startBrowser)
	if chromium.err != nil {
		t.Fatal(chromium.err)
	}
	return chromium.ctx
}

// startBrowser starts the shared Chromium (chromium's fields).
func startBrowser() {
	path, err := exec.LookPath("chromium")
	if err != nil {
		chromium.err = errors.New("the browser tests need Chromium: apt-get install -y chromium (.ci/run installs it)")
		return
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		acancel()
		chromium.err = fmt.Errorf("starting Chromium: %w", err)
		return
	}
	chromium.ctx = ctx
	chromium.cancel = func() { cancel(); acancel() }
}

// stopBrowser stops the shared Chromium if a test started it.
func stopBrowser() {
	if chromium.cancel != nil {
		chromium.cancel()
	}
}

// newPage is a new tab of browser (newBrowser's) in a browser context
// of its own, as a new profile's: no cookie, storage or cache of
// another tab's. cancel closes the tab and drops its context.
func newPage(browser context.Context) (ctx context.Context, cancel context.CancelFunc) {
	return chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
}

// tab is one page in the browser, and what its scripts met that they
// should not have: a breach of the page's policy, an error.
type tab struct {
	t   *testing.T
	ctx context.Context
}

// openTab opens url in a new tab of w×h pixels; phone emulates a phone
// held sideways (touch, mobile).
func openTab(t *testing.T, browser context.Context, url string, w, h int64, phone bool) *tab {
	t.Helper()
	ctx, cancel := newPage(browser)
	t.Cleanup(cancel)
	view := chromedp.EmulateViewport(w, h)
	if phone {
		view = chromedp.EmulateViewport(w, h, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulateLandscape)
	}
	// Before the page's own scripts: what the page's policy refused,
	// and any error a script threw.
	watch := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
			window.__refused = [];
			document.addEventListener('securitypolicyviolation', (e) => __refused.push(e.violatedDirective + ' ' + e.blockedURI));
			addEventListener('error', (e) => __refused.push('error: ' + e.message));`})
		return err
	})
	if err := chromedp.Do(ctx, view, watch, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	return &tab{t: t, ctx: ctx}
}

// eval evaluates a script in the page.
func eval[T any](tb *tab, script string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](script, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("%s: %v", script, err)
	}
	return v
}

// screen is the terminal's screen as text, read from the emulator.
func (tb *tab) screen() string {
	tb.t.Helper()
	s, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`window.okey ? okey.screen() : ''`))
	if err != nil {
		tb.t.Fatal(err)
	}
	return s
}

// waitUntil waits until ok holds for the screen (a minute at least, as
// client.waitUntil).
func (tb *tab) waitUntil(what string, ok func(string) bool) string {
	tb.t.Helper()
	deadline := time.Now().Add(patience)
	for {
		scr := tb.screen()
		if ok(scr) {
			return scr
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("the page is not %s after %v:\n%s", what, patience, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (tb *tab) waitFor(s string) string {
	tb.t.Helper()
	return tb.waitUntil(fmt.Sprintf("showing %q", s), func(scr string) bool { return strings.Contains(scr, s) })
}

// press types keys as a person would (chromedp's names: kb.Enter…),
// through typeKey.
func (tb *tab) press(keys ...string) {
	tb.t.Helper()
	for _, k := range keys {
		for _, r := range k {
			if err := chromedp.Do(tb.ctx, typeKey(r)); err != nil {
				tb.t.Fatal(err)
			}
		}
	}
}

// tapCell taps the middle of the terminal's cell at (col, row).
func (tb *tab) tapCell(col, row int) {
	tb.t.Helper()
	box := eval[map[string]float64](tb, `(() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect(), s = okey.size();
		return {x: r.left, y: r.top, w: r.width / s.cols, h: r.height / s.rows}; })()`)
	if err := chromedp.Do(tb.ctx, chromedp.TapXY(box["x"]+(float64(col)+0.5)*box["w"], box["y"]+(float64(row)+0.5)*box["h"])); err != nil {
		tb.t.Fatal(err)
	}
}

// tapKey taps the on-screen key named name (its data-key).
func (tb *tab) tapKey(name string) {
	tb.t.Helper()
	b := eval[map[string]float64](tb, fmt.Sprintf(`(() => { const r = document.querySelector('#keys button[data-key=%q]').getBoundingClientRect();
		return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width}; })()`, name))
	if b["w"] == 0 {
		tb.t.Fatalf("the on-screen key %s is not shown", name)
	}
	if err := chromedp.Do(tb.ctx, chromedp.TapXY(b["x"], b["y"])); err != nil {
		tb.t.Fatal(err)
	}
}

// shot keeps a screenshot of the page as name.png among the artefacts.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatal(err)
	}
	path := filepath.Join(browserShots(tb.t), name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Logf("screenshot: %s", path)
}

// clean checks that the page's policy refused nothing it needs, no
// script threw, and nothing was fetched from another host than host.
func (tb *tab) clean(host string) {
	tb.t.Helper()
	for _, r := range eval[[]string](tb, `__refused`) {
		tb.t.Errorf("the page met: %s", r)
	}
	for _, u := range eval[[]string](tb, `performance.getEntriesByType('resource').map((e) => e.name).concat([location.href])`) {
		if !strings.HasPrefix(u, "http://"+host+"/") && !strings.HasPrefix(u, "ws://"+host+"/") {
			tb.t.Errorf("the page asked another host: %s", u)
		}
	}
}

// cutListener is a listener whose connections the test can cut, as a
// network that drops them would.
type cutListener struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func (l *cutListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns = append(l.conns, c)
		l.mu.Unlock()
	}
	return c, err
}

// cut drops every connection accepted so far, without a word.
func (l *cutListener) cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
	l.conns = nil
}

// serveWebCut serves srv's browser door on a listener whose connections
// the test can cut.
func serveWebCut(t *testing.T, srv *Server) (string, *cutListener) {
	t.Helper()
	door, err := web.New(web.Config{Session: srv.Web, Log: srv.log, HandshakeTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := &cutListener{Listener: l}
	hs := door.HTTP()
	go door.Serve(hs, cl)
	t.Cleanup(func() {
		hs.Close()
		door.Close()
	})
	return l.Addr().String(), cl
}

// openTable opens a classic table against three bots from the lobby
// and starts it.
func (tb *tab) openTable(name string) {
	tb.t.Helper()
	tb.waitFor("playing as " + name)
	tb.press("n")
	tb.waitFor("A new table")
	tb.press(kb.Enter)
	tb.waitFor("s starts the match")
	tb.press("s")
	tb.waitFor("your rack")
}

// TestBrowserPlays: in a real browser the page shows the lobby, opens a
// table against bots, and plays a turn — at a desktop's window by keys,
// at a phone's held sideways by taps: the wall tapped to draw, a tile
// tapped to choose it, the on-screen key to discard — and the move is
// on screen. The page meets no breach of its policy and asks no other
// host. A screenshot of each is kept.
func TestBrowserPlays(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	for _, tc := range []struct {
		name  string
		w, h  int64
		phone bool
	}{
		{"desktop", 1280, 800, false},
		{"phone", 844, 390, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := testServer(t)
			addr := serveWeb(t, srv)
			tb := openTab(t, browser, "http://"+addr+"/?name="+tc.name, tc.w, tc.h, tc.phone)
			size := eval[map[string]float64](tb, `okey.size()`)
			if size["cols"] < 80 || size["rows"] < 24 {
				t.Errorf("a %dx%d window gave a terminal of %vx%v cells: the game needs 80x24", tc.w, tc.h, size["cols"], size["rows"])
			}
			keysShown := eval[bool](tb, `getComputedStyle(document.getElementById('keys')).display !== 'none'`)
			if keysShown != tc.phone {
				t.Errorf("the on-screen keys shown: %v, on a phone: %v", keysShown, tc.phone)
			}
			tb.waitFor("Tables (0 of")
			tb.openTable(tc.name)
			// The player's turn: their panel marked (> You <); the
			// status line may be saying something else (the rack sorted).
			scr := tb.waitUntil("the player's turn", func(s string) bool { return myTiles(s) > 0 })
			if myTiles(scr) == 14 {
				if tc.phone {
					col, row := wallCell(t, scr)
					tb.tapCell(col, row)
				} else {
					tb.press("d")
				}
				tb.waitFor("You draw")
			}
			tb.waitUntil("holding 15 tiles", func(s string) bool { return myTiles(s) == 15 })
			if tc.phone {
				tb.chooseByTap()
				tb.tapKey("x")
			} else {
				// The cursor may be on an empty place of the rack: it
				// is moved left until x finds a tile there.
				for range 30 {
					tb.press("x")
					if s := tb.waitUntil("answering x", func(s string) bool {
						return strings.Contains(s, "You discard") || strings.Contains(s, "No tile under the cursor")
					}); strings.Contains(s, "You discard") {
						break
					}
					tb.press(kb.ArrowLeft)
				}
			}
			// The bots may have played a whole round before the page
			// is read, the move gone from the latest moves and the
			// tile taken from the player's pile by the next (a CI run
			// beside a busy neighbour): the rack back to 14 tiles says
			// it too, until the player draws again.
			tb.waitUntil("the player's discard", func(s string) bool {
				return strings.Contains(s, "You discard") || myDiscards(s) > 0 || myTiles(s) == 14
			})
			tb.shot("table-" + tc.name)
			tb.clean(addr)
		})
	}
}

// myTiles is how many tiles the player holds, as their panel says when
// it is their turn (0: not their turn).
func myTiles(scr string) int {
	lines := strings.Split(scr, "\n")
	for i, l := range lines {
		if strings.Contains(l, "> You") && i+1 < len(lines) {
			var n int
			for _, f := range strings.Split(lines[i+1], "·") {
				if _, err := fmt.Sscanf(strings.TrimSpace(f), "%d tiles", &n); err == nil {
					return n
				}
			}
		}
	}
	return 0
}

// myDiscards is how many tiles the player has discarded, as the count
// under their pile's name says (0 when none is shown).
func myDiscards(scr string) int {
	lines := strings.Split(scr, "\n")
	for i, l := range lines {
		if strings.Contains(l, "Your discards") && i+1 < len(lines) {
			f := strings.Fields(lines[i+1][:strings.LastIndex(lines[i+1], " discarded")+1])
			var n int
			if len(f) > 0 {
				fmt.Sscanf(f[len(f)-1], "%d", &n)
			}
			return n
		}
	}
	return 0
}

// wallCell is where the wall's count is on a classic table's screen.
func wallCell(t *testing.T, scr string) (col, row int) {
	t.Helper()
	lines := strings.Split(scr, "\n")
	for i, l := range lines {
		if j := strings.Index(l, "┐ wall"); j >= 0 && i+1 < len(lines) {
			return len([]rune(l[:j])) - 3, i + 1
		}
	}
	t.Fatalf("no wall on the screen:\n%s", scr)
	return 0, 0
}

// rackCell is where the n-th tile (from 0) of the rack's line-th row
// (from 0) is written on the screen.
func rackCell(t *testing.T, scr string, line, n int) (col, row int) {
	t.Helper()
	col, row, ok := rackCellOf(scr, line, n)
	if !ok {
		t.Fatalf("no tile %d on row %d of the rack:\n%s", n, line, scr)
	}
	return col, row
}

// chooseByTap taps a tile of the rack that the cursor is not on (a tap
// on the tile under the cursor picks it up instead, and the tile drawn
// may be under it) and waits until the page frames it as chosen. It
// reports false when one of stop (say, the hand's end) was met first.
func (tb *tab) chooseByTap(stop ...func(string) bool) bool {
	tb.t.Helper()
	scr := tb.screen()
	col, row, ok := rackOtherCell(scr)
	if !ok {
		tb.t.Fatalf("no tile on the rack away from the cursor:\n%s", scr)
	}
	tb.tapCell(col, row)
	chosen := false
	what := fmt.Sprintf("choosing the tile tapped at (%d, %d) of this screen:\n%s\nbut is", col, row, scr)
	tb.waitUntil(what, func(s string) bool {
		for _, f := range stop {
			if f(s) {
				return true
			}
		}
		ls := strings.Split(s, "\n")
		if row < len(ls) {
			if rs := []rune(ls[row]); col-1 < len(rs) && rs[col-1] == '║' {
				chosen = true
			}
		}
		return chosen
	})
	return chosen
}

// rackOtherCell is where the first tile of the rack not framed as the
// cursor's (nor as picked up) is written on the screen; the okey is
// passed over, a tile no player throws.
func rackOtherCell(scr string) (col, row int, ok bool) {
	for line := 0; line < 2; line++ {
		for n := 0; ; n++ {
			c, r, ok := rackCellOf(scr, line, n)
			if !ok {
				break
			}
			if rs := []rune(strings.Split(scr, "\n")[r]); rs[c-1] == '│' && !strings.HasPrefix(string(rs[c:]), "OK") {
				return c, r, true
			}
		}
	}
	return 0, 0, false
}

// rackCellOf is rackCell, ok false when there is no such tile.
func rackCellOf(scr string, line, n int) (col, row int, ok bool) {
	lines := strings.Split(scr, "\n")
	for i, l := range lines {
		if !strings.Contains(l, "╭─ your rack") {
			continue
		}
		head := []rune(l)
		left, right := slices.Index(head, '╭'), slices.Index(head, '╮')
		if right < 0 {
			return 0, 0, false
		}
		seen := 0
		for k := i + 1; k < len(lines); k++ {
			rs := []rune(lines[k])
			if len(rs) <= right || rs[left] == '╰' {
				break
			}
			// Only the box's own columns: the latest moves beside it
			// have letters too.
			in := string(rs[left+1 : right])
			// A tile's face line: its borders' lines (light, the
			// cursor's double, a held tile's heavy) are passed over.
			if !strings.ContainsAny(in, "RYBKJ") || strings.ContainsAny(in, "─═━") {
				continue
			}
			if seen < line {
				seen++
				continue
			}
			found := 0
			for j := left + 1; j < right; j++ {
				if (rs[j-1] == '│' || rs[j-1] == '║') && strings.ContainsRune("RYBKJO", rs[j]) {
					if found == n {
						return j, k, true
					}
					found++
				}
			}
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// TestBrowserTapsThroughAHand: at a phone's size, held sideways, a
// whole hand against bots is played by taps alone: each turn the wall
// tapped to draw, a tile of the rack tapped to choose it, the
// on-screen discard key, until the hand is over. A screenshot of its
// end is kept. Long for the whole suite (a Chromium through a hand):
// OKEY_BROWSER_HAND=1 go test ./door -run TestBrowserTapsThroughAHand.
func TestBrowserTapsThroughAHand(t *testing.T) {
	t.Parallel()
	if os.Getenv("OKEY_BROWSER_HAND") == "" {
		t.Skip("a whole hand in a browser: OKEY_BROWSER_HAND=1")
	}
	browser := newBrowser(t)
	srv, _ := testServer(t)
	addr := serveWeb(t, srv)
	tb := openTab(t, browser, "http://"+addr+"/?name=tapper", 844, 390, true)
	tb.waitFor("Tables (0 of")
	tb.openTable("tapper")
	over := func(s string) bool {
		return strings.Contains(s, "ready for the next hand") || strings.Contains(s, "inal table")
	}
	turns := 0
	for deadline := time.Now().Add(5 * time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the hand not over after %d turns:\n%s", turns, tb.screen())
		}
		scr := tb.waitUntil("the player's turn or the hand's end", func(s string) bool { return over(s) || myTiles(s) > 0 })
		if over(scr) {
			break
		}
		if myTiles(scr) == 14 {
			col, row := wallCell(t, scr)
			tb.tapCell(col, row)
			scr = tb.waitUntil("the tile drawn", func(s string) bool { return over(s) || myTiles(s) == 15 })
			if over(scr) {
				break
			}
		}
		if !tb.chooseByTap(over) {
			break
		}
		tb.tapKey("x")
		tb.waitUntil("the discard", func(s string) bool { return over(s) || myTiles(s) != 15 })
		turns++
	}
	t.Logf("the hand played by taps in %d turns", turns)
	if turns == 0 {
		t.Error("the hand ended before the player's first turn")
	}
	tb.shot("hand-phone")
	tb.clean(addr)
}

// TestBrowserRefused: the door refuses a socket opened from a page of
// another site, and a message over its cap from its own page.
func TestBrowserRefused(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	srv, _ := testServer(t)
	addr := serveWeb(t, srv)
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>evil</title><script>
			const ws = new WebSocket('ws://%s/ws?name=evil');
			ws.onopen = () => { document.title = 'open'; };
			ws.onclose = (e) => { document.title = 'closed ' + e.code; };
		</script>`, addr)
	}))
	defer evil.Close()
	tb := openTab(t, browser, evil.URL, 800, 600, false)
	title := ""
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if title = eval[string](tb, `document.title`); title != "evil" {
			break
		}
	}
	if title != "closed 1006" {
		t.Errorf("a page of another site opening the socket: %q, want it refused (closed 1006)", title)
	}
	own := openTab(t, browser, "http://"+addr+"/?name=own", 1280, 800, false)
	own.waitFor("playing as own")
	code := eval[float64](own, `new Promise((done) => {
		const ws = new WebSocket('ws://' + location.host + '/ws?name=big');
		ws.onopen = () => ws.send(new Uint8Array(`+fmt.Sprint(web.DefaultMaxFrame+1)+`));
		ws.onclose = (e) => done(e.code);
	})`)
	if code != 1009 {
		t.Errorf("a message over the cap closed the socket with %v, want 1009", code)
	}
}

// TestBrowserReconnects: a socket cut under the page mid-match (the
// network dropped it) is connected again by the page by itself, which
// says so meanwhile, and the guest is seated again at their table, as
// the same guest (the token the page kept), without a key pressed.
func TestBrowserReconnects(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	srv, _ := testServer(t)
	addr, l := serveWebCut(t, srv)
	tb := openTab(t, browser, "http://"+addr+"/?name=ali", 1280, 800, false)
	tb.openTable("ali")
	l.cut()
	tb.waitFor("Connection lost")
	tb.waitUntil("seated again", func(s string) bool {
		return strings.Contains(s, "your rack") && !strings.Contains(s, "Connection lost")
	})
	if n := len(srv.tableList()); n != 1 {
		t.Errorf("%d tables after the reconnection, want the one", n)
	}
	tb.clean(addr)
}

// TestBrowserTooSmall: a window that cannot hold 80x24 cells even at the
// page's smallest font gets the game's own page for a terminal too
// small, not a table cut off.
func TestBrowserTooSmall(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	srv, _ := testServer(t)
	addr := serveWeb(t, srv)
	tb := openTab(t, browser, "http://"+addr+"/?name=ali", 400, 200, true)
	tb.waitFor("Make the terminal at least 80×24")
	tb.shot("too-small")
}

// TestBrowserFirstFrame: a browser that never saw the page (a new
// profile of the shared Chromium: a browser context of its own, its
// cache empty) opens it and gets the lobby's first frame
// in its terminal; the time from the navigation's start to that frame,
// and to the page's load, are logged (docs/studies/serving-performance.md),
// three times. Nothing is asserted of the times: only that the frame
// came. In the whole suite it runs beside other tests: its figures are
// the ones of a run alone (-run TestBrowserFirstFrame).
func TestBrowserFirstFrame(t *testing.T) {
	t.Parallel()
	srv, _ := testServer(t)
	addr := serveWeb(t, srv)
	browser := newBrowser(t)
	for run := range 3 {
		ctx, cancel := newPage(browser)
		// Polled from before the page's own scripts, every 2 ms: when
		// the terminal first shows the lobby, from the navigation's start.
		watch := chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
				const poll = setInterval(() => {
					try {
						if (window.okey && okey.screen().includes('OKEY')) { window.__first = performance.now(); clearInterval(poll); }
					} catch (e) {}
				}, 2);`})
			return err
		})
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800), watch, chromedp.Navigate("http://"+addr+"/?name=first")); err != nil {
			cancel()
			t.Fatal(err)
		}
		tb := &tab{t: t, ctx: ctx}
		tb.waitFor("OKEY")
		var first, loaded float64
		for deadline := time.Now().Add(patience); first == 0 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			first = eval[float64](tb, `window.__first || 0`)
		}
		if first == 0 {
			cancel()
			t.Fatal("the page's watch never saw the lobby it shows")
		}
		loaded = eval[float64](tb, `performance.getEntriesByType('navigation')[0].loadEventEnd`)
		t.Logf("run %d: the page loaded %.0f ms, the lobby's first frame %.0f ms after the navigation began", run+1, loaded, first)
		cancel()
	}
}

// TestBrowserLinked: a player links a browser with the code their SSH
// lobby gives (the link it prints, on another node of the cluster): the
// page hands it in, keeps no trace of it in the address bar, and its
// lobby names the SSH key's player, not the name the page asked for;
// no script of the page can read the cookie. Revoked from the SSH
// lobby, the page is cut off and comes back by itself as a guest, its
// cookie gone. The code typed at /link (the page asks for it) links a
// browser as well.
func TestBrowserLinked(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	url := sharedNATS(t)
	a, sshA := testServer(t, steadyNode(url, "a"))
	b, _ := testServer(t, steadyNode(url, "b"))
	serveWeb(t, a, func(c *web.Config) { c.Link, c.Unlink = a.browsers.LinkBrowser, a.browsers.UnlinkBrowser })
	addr := serveWeb(t, b, func(c *web.Config) { c.Link, c.Unlink = b.browsers.LinkBrowser, b.browsers.UnlinkBrowser })
	ali := dial(t, sshA, "ali", dialOpts{key: newKey(t)})
	ali.waitFor("playing as ali", patience)
	code := linkCodeOf(t, ali)

	tb := openTab(t, browser, "http://"+addr+"/?name=mallory#link="+code, 1280, 800, false)
	tb.waitFor("playing as ali")
	if h := eval[string](tb, `location.hash`); h != "" {
		t.Errorf("the code stays in the address bar: %q", h)
	}
	if c := eval[string](tb, `document.cookie`); strings.Contains(c, web.LinkCookie) {
		t.Errorf("a script of the page reads the link's cookie: %q", c)
	}
	if !hasLinkCookie(t, tb) {
		t.Fatal("the browser keeps no link's cookie")
	}
	tb.press("b")
	tb.waitFor("(this browser)")
	tb.shot("linked")

	ali.press("n") // the list read again
	ali.waitFor("1 of 16 browsers linked", patience)
	ali.press("x")
	ali.waitFor("No browser is linked to you", patience)
	tb.waitFor("playing as mallory")
	if hasLinkCookie(t, tb) {
		t.Error("the revoked link's cookie is still kept")
	}
	tb.clean(addr)

	// Typed: /link asks for the code, in a dialog of the browser's own.
	code2 := linkCodeRe.FindStringSubmatch(ali.waitUntil("a new code", patience, linkCodeRe.MatchString))[1]
	ctx, cancel := newPage(browser)
	t.Cleanup(cancel)
	asked := make(chan string, 1)
	err := chromedp.Listen(ctx, func(ev any) {
		if d, ok := ev.(*page.EventJavascriptDialogOpening); ok && d.Type == page.DialogTypePrompt {
			select {
			case asked <- d.Message:
			default:
			}
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true, PromptText: strings.ToLower(code2)})
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate("http://"+addr+"/link?name=eve")); err != nil {
		t.Fatal(err)
	}
	typed := &tab{t: t, ctx: ctx}
	typed.waitFor("playing as ali")
	select {
	case m := <-asked:
		if !strings.Contains(m, "SSH") {
			t.Errorf("the page asked %q", m)
		}
	default:
		t.Error("the page at /link asked for no code")
	}
	if p := eval[string](typed, `location.pathname + location.hash`); p != "/" {
		t.Errorf("after linking the page is at %q", p)
	}
}

// hasLinkCookie says whether the browser keeps a link's cookie for the
// tab's site (read through the DevTools protocol: no script can).
func hasLinkCookie(t *testing.T, tb *tab) bool {
	t.Helper()
	got, err := chromedp.Call(tb.ctx, network.GetCookies, network.GetCookiesParams{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range got.Cookies {
		if c.Name == web.LinkCookie {
			if !c.HTTPOnly || c.SameSite != network.CookieSameSiteStrict {
				t.Errorf("the link's cookie: %+v", c)
			}
			return true
		}
	}
	return false
}

// TestBrowserRenewsItsLink: a browser whose link's cookie was sealed
// before a change of the cluster's secret is let in as the key's player
// by a node of the new key, and the page renews its cookie on its own
// (the session says relink, the page posts /relink): the cookie it then
// keeps is another, still the link's.
func TestBrowserRenewsItsLink(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	url := sharedNATS(t)
	old, promoted, _ := rotation(t, secretOf(url))
	a, sshA := testServer(t, steadyNode(url, "a"), func(c *Config) { c.Store.Secret = old })
	webA := serveWeb(t, a, func(c *web.Config) { c.Link, c.Unlink = a.browsers.LinkBrowser, a.browsers.UnlinkBrowser })
	ali := dial(t, sshA, "ali", dialOpts{key: newKey(t)})
	ali.waitFor("playing as ali", patience)
	var before *http.Cookie
	for _, c := range postLink(t, webA, "/link", linkCodeOf(t, ali)).Cookies() {
		if c.Name == web.LinkCookie && c.Value != "" {
			before = c
		}
	}
	if before == nil {
		t.Fatal("linking gave no cookie")
	}
	ali.close()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	if err := a.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	b, _ := testServer(t, steadyNode(url, "b"), func(c *Config) { c.Store.Secret = promoted })
	webB := serveWeb(t, b, func(c *web.Config) {
		c.Link, c.Unlink, c.Relink = b.browsers.LinkBrowser, b.browsers.UnlinkBrowser, b.browsers.RelinkBrowser
	})
	tb := openTab(t, browser, "about:blank", 1280, 800, false)
	if _, err := chromedp.Call(tb.ctx, network.SetCookie, network.SetCookieParams{
		Name: web.LinkCookie, Value: before.Value, URL: "http://" + webB + "/",
		HTTPOnly: new(true), SameSite: network.CookieSameSiteStrict,
	}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tb.ctx, chromedp.Navigate("http://"+webB+"/?name=mallory")); err != nil {
		t.Fatal(err)
	}
	tb.waitFor("playing as ali")
	deadline := time.Now().Add(patience)
	for {
		got, err := chromedp.Call(tb.ctx, network.GetCookies, network.GetCookiesParams{})
		if err != nil {
			t.Fatal(err)
		}
		renewed := ""
		for _, c := range got.Cookies {
			if c.Name == web.LinkCookie {
				renewed = c.Value
			}
		}
		if renewed != "" && renewed != before.Value {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page kept its cookie from before the change (now %q)", renewed)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !hasLinkCookie(t, tb) {
		t.Fatal("the renewed cookie is not the link's")
	}
	tb.clean(webB)
}
