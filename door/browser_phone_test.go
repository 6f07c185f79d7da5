package door

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The browser door on a phone held upright, sideways and on a desktop:
// the game by taps and clicks alone (the page's bar of the moment's
// actions, the terminal's cells), and the terminal read back for cut
// lines and tiles too small for a thumb.

// openPhone opens url in a new tab of a phone held upright, w×h CSS
// pixels, with touch.
func openPhone(t *testing.T, browser context.Context, url string, w, h int64) *tab {
	t.Helper()
	ctx, cancel := newPage(browser)
	t.Cleanup(cancel)
	watch := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
			window.__refused = [];
			document.addEventListener('securitypolicyviolation', (e) => __refused.push(e.violatedDirective + ' ' + e.blockedURI));
			addEventListener('error', (e) => __refused.push('error: ' + e.message));`})
		return err
	})
	view := chromedp.EmulateViewport(w, h, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait)
	if err := chromedp.Do(ctx, view, watch, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	return &tab{t: t, ctx: ctx}
}

// tapWords taps the button of the page's bar that reads words (one of
// the moment's actions, from the game's own key bar), waiting for it
// to be there.
func (tb *tab) tapWords(words string) {
	tb.t.Helper()
	find := fmt.Sprintf(`(() => { const b = [...document.querySelectorAll('#keys button.now')].find((b) => b.textContent === %q);
		if (!b) return {w: 0};
		b.scrollIntoView({block: 'nearest', inline: 'nearest'});
		const r = b.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width}; })()`, words)
	deadline := time.Now().Add(patience)
	for {
		b := eval[map[string]float64](tb, find)
		if b["w"] > 0 {
			if err := chromedp.Do(tb.ctx, chromedp.TapXY(b["x"], b["y"])); err != nil {
				tb.t.Fatal(err)
			}
			return
		}
		if time.Now().After(deadline) {
			bar := eval[[]string](tb, `[...document.querySelectorAll('#keys button')].map((b) => b.textContent)`)
			tb.t.Fatalf("no key %q in the bar %q after %v:\n%s", words, bar, patience, tb.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// clickCell clicks (a mouse, not a touch) the middle of the cell at
// (col, row).
func (tb *tab) clickCell(col, row int) {
	tb.t.Helper()
	box := eval[map[string]float64](tb, `(() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect(), s = okey.size();
		return {x: r.left, y: r.top, w: r.width / s.cols, h: r.height / s.rows}; })()`)
	if err := chromedp.Do(tb.ctx, chromedp.MouseClickXY(box["x"]+(float64(col)+0.5)*box["w"], box["y"]+(float64(row)+0.5)*box["h"])); err != nil {
		tb.t.Fatal(err)
	}
}

// standingOK checks what a phone held upright draws: a terminal of the
// game's standing size at least (layout.PortraitW×PortraitH: 42×40),
// text of 14 CSS px or more, a tile (5 cells by 3) of 40×40 CSS px or
// more, the page filled, and no row of the table's own parts cut: the
// header, the panels and stacks, the rack and the key bar end whole
// (only the log's entries may end with "…", as at every size).
func standingOK(t *testing.T, tb *tab, scr string) {
	t.Helper()
	size := eval[map[string]float64](tb, `okey.size()`)
	cell := eval[map[string]float64](tb, `okey.cell()`)
	if size["cols"] < 42 || size["rows"] < 40 {
		t.Errorf("a phone upright got a terminal of %vx%v cells, want 42x40 at least", size["cols"], size["rows"])
	}
	if size["font"] < 14 {
		t.Errorf("text of %v CSS px, want 14 at least", size["font"])
	}
	if w, h := 5*cell["w"], 3*cell["h"]; w < 40 || h < 40 {
		t.Errorf("a tile of %.1fx%.1f CSS px, want 40x40 at least", w, h)
	}
	filled := eval[map[string]float64](tb, `(() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect(), k = document.getElementById('keys').getBoundingClientRect();
		return {w: r.width, bottom: k.bottom, page: innerWidth, pageH: innerHeight}; })()`)
	if filled["w"] < filled["page"]*0.9 || filled["bottom"] < filled["pageH"]-2 {
		t.Errorf("the page is not filled: a terminal %.0f px wide in %.0f, the keys end at %.0f of %.0f", filled["w"], filled["page"], filled["bottom"], filled["pageH"])
	}
	lines := strings.Split(scr, "\n")
	inRack := false
	for i, l := range lines {
		if strings.Contains(l, "your rack") || strings.Contains(l, "╭─ ") {
			inRack = true
		}
		rackRow := inRack && (strings.ContainsAny(l, "│║╭╰"))
		if i == 0 || i >= len(lines)-1 || rackRow || strings.Contains(l, "┐") || strings.Contains(l, "┘") {
			if strings.Contains(l, "…") {
				t.Errorf("row %d is cut: %q", i, l)
			}
		}
	}
}

// pressAction presses one of the moment's actions by its words: a tap
// on the page's bar where it is shown (a phone), else a click on the
// words in the game's own key bar at the foot of the terminal (a
// desktop: the page makes it that key).
func (tb *tab) pressAction(words string) {
	tb.t.Helper()
	if eval[bool](tb, `getComputedStyle(document.getElementById('keys')).display !== 'none'`) {
		tb.tapWords(words)
		return
	}
	scr := tb.waitUntil(fmt.Sprintf("offering %q", words), func(s string) bool {
		ls := strings.Split(s, "\n")
		for _, l := range ls[max(0, len(ls)-6):] {
			if strings.Contains(l, " "+words) {
				return true
			}
		}
		return false
	})
	ls := strings.Split(scr, "\n")
	for row := len(ls) - 1; row >= max(0, len(ls)-6); row-- {
		if j := strings.Index(ls[row], " "+words); j >= 0 {
			tb.clickCell(len([]rune(ls[row][:j]))+1, row)
			return
		}
	}
}

// TestBrowserByTapsAndClicks: on a phone held upright (390×844 CSS px,
// touch) the page gives the game a terminal standing up, readable and
// with tiles a thumb can hit; there, on a phone held sideways (844×390,
// touch) and on a desktop (1280×800, a mouse), the lobby is worked by
// taps or clicks alone (a new table, open it, start it: the page's bar
// of the moment's actions on a phone, the game's own key bar on a
// desktop), and a turn of classic Okey (a whole hand with
// OKEY_BROWSER_HAND=1) by taps or clicks alone: the wall to draw, a
// tile, then the player's own stack to discard. Screenshots are kept.
func TestBrowserByTapsAndClicks(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	for _, tc := range []struct {
		name  string
		w, h  int64
		touch bool
	}{
		{"phone-upright", 390, 844, true},
		{"phone-sideways", 844, 390, true},
		{"desktop", 1280, 800, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := testServer(t)
			addr := serveWeb(t, srv)
			url := "http://" + addr + "/?name=" + tc.name
			var tb *tab
			switch {
			case tc.w < tc.h:
				tb = openPhone(t, browser, url, tc.w, tc.h)
			default:
				tb = openTab(t, browser, url, tc.w, tc.h, tc.touch)
			}
			tb.waitFor("Tables (0 of")
			tb.shot(tc.name + "-lobby")
			tb.pressAction("new table")
			tb.waitFor("A new table")
			tb.pressAction("open the table")
			tb.waitFor("starts the match")
			tb.pressAction("start the match")
			scr := tb.waitFor("your rack")
			size, cell := eval[map[string]float64](tb, `okey.size()`), eval[map[string]float64](tb, `okey.cell()`)
			t.Logf("%dx%d CSS px: a terminal of %vx%v cells, text of %v px, a tile of %.0fx%.0f px",
				tc.w, tc.h, size["cols"], size["rows"], size["font"], 5*cell["w"], 3*cell["h"])
			if tc.w < tc.h {
				standingOK(t, tb, scr)
			}
			tb.shot(tc.name + "-table")
			tap := tb.tapCell
			if !tc.touch {
				tap = tb.clickCell
			}
			turns := playByTaps(t, tb, tap, os.Getenv("OKEY_BROWSER_HAND") == "")
			t.Logf("played by taps or clicks for %d turns", turns)
			tb.shot(tc.name + "-hand")
			tb.clean(addr)
		})
	}
}

// playByTaps plays the player's turns by taps (or clicks: tap) until
// the hand is over (one turn only when short): the wall tapped to
// draw, the first tile of the rack, then the player's own stack. It
// returns the turns played.
func playByTaps(t *testing.T, tb *tab, tap func(col, row int), short bool) int {
	t.Helper()
	over := func(s string) bool {
		return strings.Contains(s, "ready for the next hand") || strings.Contains(s, "inal table")
	}
	turns := 0
	for deadline := time.Now().Add(5 * time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the hand not over after %d turns:\n%s", turns, tb.screen())
		}
		scr := tb.waitUntil("the player's turn or the hand's end", func(s string) bool { return over(s) || myTiles(s) > 0 })
		if over(scr) || short && turns == 1 {
			return turns
		}
		if myTiles(scr) == 14 {
			col, row := wallCell(t, scr)
			tap(col, row)
			scr = tb.waitUntil("the tile drawn", func(s string) bool { return over(s) || myTiles(s) == 15 })
			if over(scr) {
				return turns
			}
		}
		col, row, ok := rackCellOf(scr, 0, 0)
		if !ok {
			col, row = rackCell(t, scr, 1, 0)
		}
		tap(col, row)
		// Chosen, or picked up if the cursor was on it: either is
		// discarded by the tap on the stack.
		tb.waitUntil("the tapped tile chosen", func(s string) bool {
			ls := strings.Split(s, "\n")
			return over(s) || row-1 < len(ls) && strings.ContainsAny(ls[row-1], "╔┏")
		})
		col, row = ownStackCell(t, tb.screen())
		tap(col, row)
		tb.waitUntil("the discard", func(s string) bool { return over(s) || myTiles(s) != 15 })
		turns++
	}
}

// ownStackCell is where the player's own discard stack is drawn: the
// words "Your discards" beside it.
func ownStackCell(t *testing.T, scr string) (col, row int) {
	t.Helper()
	for i, l := range strings.Split(scr, "\n") {
		if j := strings.Index(l, "Your discards"); j >= 0 {
			return len([]rune(l[:j])), i
		}
	}
	t.Fatalf("no stack of the player's on the screen:\n%s", scr)
	return 0, 0
}

// TestBrowserLooksThroughAStack: on a phone held upright (390×844,
// touch) there is no b to press: a tap on another player's stack, where
// it says "tap: look", opens the stacks' page, and the bar's "close"
// takes the player back to the table. A screenshot of the page is kept.
func TestBrowserLooksThroughAStack(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	srv, _ := testServer(t)
	addr := serveWeb(t, srv)
	tb := openPhone(t, browser, "http://"+addr+"/?name=looker", 390, 844)
	tb.waitFor("Tables (0 of")
	tb.pressAction("new table")
	tb.waitFor("A new table")
	tb.pressAction("open the table")
	tb.waitFor("starts the match")
	tb.pressAction("start the match")
	scr := tb.waitFor("tap: look")
	col, row := -1, -1
	for y, line := range strings.Split(scr, "\n") {
		if x := strings.Index(line, "tap: look"); x >= 0 {
			col, row = len([]rune(line[:x])), y
			break
		}
	}
	tb.tapCell(col, row)
	tb.waitFor("Discard stacks")
	tb.shot("phone-upright-stacks")
	tb.pressAction("close")
	tb.waitUntil("the table again", func(s string) bool { return !strings.Contains(s, "Discard stacks") && strings.Contains(s, "your rack") })
	tb.clean(addr)
}
