package door

import (
	"context"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// typeKey types r as a keyboard does: a key down carrying its text, and
// the key up; the browser makes the keypress itself, as for a real key,
// and makes none when the page took the key down (the terminal does,
// for every key it sends). chromedp's own KeyEvent sends the key down
// and the keypress ("char") as two events of its own, so the terminal
// met every printable key twice and sent it twice: Enter pressed once
// in a test opened a table and pressed enter on its page too.
func typeKey(r rune) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		evs := kb.Encode(r)
		if len(evs) == 3 && evs[1].Type == input.DispatchKeyEventTypeChar {
			down := *evs[0]
			down.Text, down.UnmodifiedText = evs[1].Text, evs[1].UnmodifiedText
			evs = []*input.DispatchKeyEventParams{&down, evs[2]}
		}
		for _, ev := range evs {
			if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, *ev); err != nil {
				return err
			}
		}
		return nil
	})
}

// TestBrowserKeyArrivesOnce: a key typed in the page is sent to the
// server once — a letter, Enter, an arrow — and what the page sends
// for it is the byte (or escape sequence) a terminal sends.
func TestBrowserKeyArrivesOnce(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	srv, _ := testServer(t)
	addr := serveWeb(t, srv)
	ctx, cancel := newPage(browser)
	defer cancel()
	// What the page's socket sends, kept before the page's own scripts
	// run (keys only: the size messages are JSON); and, as openTab
	// keeps them, what the page's policy refused.
	hook := chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
			window.__refused = [];
			document.addEventListener('securitypolicyviolation', (e) => __refused.push(e.violatedDirective + ' ' + e.blockedURI));
			addEventListener('error', (e) => __refused.push('error: ' + e.message));
			window.__sent = [];
			const send = WebSocket.prototype.send;
			WebSocket.prototype.send = function (d) {
				if (typeof d !== 'string') __sent.push(String.fromCharCode(...new Uint8Array(d.buffer, d.byteOffset, d.byteLength)));
				return send.call(this, d);
			};`})
		return err
	})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800), hook, chromedp.Navigate("http://"+addr+"/?name=keys")); err != nil {
		t.Fatal(err)
	}
	tb := &tab{t: t, ctx: ctx}
	tb.waitFor("Tables (0 of")
	for _, c := range []struct {
		key  string
		want string
	}{
		{"r", "r"},
		{kb.ArrowDown, "\x1b[B"},
		{kb.Enter, "\r"},
	} {
		eval[bool](tb, `(__sent.length = 0, true)`)
		tb.press(c.key)
		// Anything sent twice is sent within a moment of the first.
		var sent []string
		for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if sent = eval[[]string](tb, `__sent`); len(sent) > 0 {
				break
			}
		}
		time.Sleep(time.Second)
		// The terminal's own answers to the game's questions (its
		// background colour asked at the start) may come meanwhile on a
		// loaded machine: they are not keys.
		sent = slices.DeleteFunc(eval[[]string](tb, `__sent`), terminalReply.MatchString)
		if !slices.Equal(sent, []string{c.want}) {
			t.Errorf("typing %q sent %q, want %q once", c.key, sent, c.want)
		}
	}
	tb.clean(addr)
}

// terminalReply is what a terminal sends of its own accord in answer
// to a program's question: an OSC or DCS string (a colour, a setting)
// or a CSI report (its attributes, the cursor's place, a mode's state).
var terminalReply = regexp.MustCompile(`^\x1b(\][^\x07\x1b]*(\x07|\x1b\\)|P[^\x1b]*\x1b\\|\[[?>=]?[0-9;]*[cRn]|\[\?[0-9;]*\$y)$`)

// TestTerminalReply: the answers a terminal sends of its own are told
// from keys, the arrows' sequences among them.
func TestTerminalReply(t *testing.T) {
	for _, c := range []struct {
		sent  string
		reply bool
	}{
		{"\x1b]11;rgb:0000/0000/0000\x1b\\", true},
		{"\x1b]10;rgb:ffff/ffff/ffff\x07", true},
		{"\x1b[?1;2c", true},
		{"\x1b[12;40R", true},
		{"\x1b[?2026;2$y", true},
		{"r", false},
		{"\x1b[B", false},
		{"\r", false},
		{"\x1b", false},
	} {
		if got := terminalReply.MatchString(c.sent); got != c.reply {
			t.Errorf("%q taken for a terminal's reply: %v, want %v", c.sent, got, c.reply)
		}
	}
}
