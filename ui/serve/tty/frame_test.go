package tty

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"okey/kit/vt"
)

// TestLineScreenSendsOnlyWhatChanged: a frame the same as the one shown
// sends nothing; a frame that changes one line sends that line alone;
// a new window size draws the whole frame again.
func TestLineScreenSendsOnlyWhatChanged(t *testing.T) {
	var out syncBuffer
	scr := NewLineScreen(&out, 120, 20, 4, colorprofile.Ascii)
	defer scr.Close()
	view := func(s string) tea.View { v := tea.NewView(s); v.AltScreen = true; return v }

	scr.Show(view("one\ntwo\nthree"))
	first := out.await(t, "three")
	for _, mode := range []string{ansi.SetModeAltScreenSaveCursor, ansi.ResetModeTextCursorEnable, ansi.SetModeBracketedPaste, ansi.EraseEntireScreen} {
		if !strings.Contains(first, mode) {
			t.Errorf("the first frame does not set %q: %q", mode, first)
		}
	}

	scr.Show(view("one\ntwo\nthree"))
	scr.Show(view("one\nTWO\nthree"))
	second := out.await(t, "TWO")
	if strings.Contains(second, "one") || strings.Contains(second, "three") || strings.Contains(second, ansi.EraseEntireScreen) {
		t.Errorf("a change of one line sent more: %q", second)
	}
	if !strings.Contains(second, lineStart(1)) {
		t.Errorf("the changed line was not placed on line 2: %q", second)
	}

	scr.Show(view("one"))
	third := out.await(t, ansi.EraseLineRight)
	if strings.Contains(third, "one") {
		t.Errorf("shortening the frame redrew a line that stayed: %q", third)
	}
	term := vt.New(20, 4)
	_, _ = term.Write([]byte(first + second + third))
	if got := strings.TrimRight(term.String(), "\n"); got != "one" {
		t.Errorf("shortening the frame left %q on the screen, want \"one\"", got)
	}

	scr.resize(30, 5)
	fourth := out.await(t, "one")
	if !strings.Contains(fourth, ansi.EraseEntireScreen) {
		t.Errorf("a new size did not draw the frame whole: %q", fourth)
	}

	scr.Close()
	<-scr.Closed()
	restore := string(scr.Restore())
	for _, mode := range []string{ansi.ResetModeAltScreenSaveCursor, ansi.SetModeTextCursorEnable, ansi.ResetModeBracketedPaste} {
		if !strings.Contains(restore, mode) {
			t.Errorf("the terminal's restoration does not reset %q: %q", mode, restore)
		}
	}
}

// TestLineScreenCutsWideLines: a line wider than the window is cut at
// its width, as the cell renderer cut it, not wrapped.
func TestLineScreenCutsWideLines(t *testing.T) {
	term := vt.New(10, 3)
	scr := NewLineScreen(term, 120, 10, 3, colorprofile.Ascii)
	defer scr.Close()
	v := tea.NewView("0123456789ABCDEF\n\x1b[1mbold line that is long\x1b[m\nend")
	v.AltScreen = true
	scr.Show(v)
	want := "0123456789\nbold line\nend"
	if got, ok := term.Await(want, 5*time.Second); !ok {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// syncBuffer is what a screen wrote, taken a write at a time.
type syncBuffer struct {
	mu     sync.Mutex
	writes chan string
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	if b.writes == nil {
		b.writes = make(chan string, 16)
	}
	w := b.writes
	b.mu.Unlock()
	w <- string(p)
	return len(p), nil
}

// await is the next write, which must contain s.
func (b *syncBuffer) await(t *testing.T, s string) string {
	t.Helper()
	b.mu.Lock()
	if b.writes == nil {
		b.writes = make(chan string, 16)
	}
	w := b.writes
	b.mu.Unlock()
	select {
	case got := <-w:
		if !strings.Contains(got, s) {
			t.Fatalf("the write %q does not contain %q", got, s)
		}
		return got
	case <-time.After(5 * time.Second):
		t.Fatalf("nothing written with %q", s)
		return ""
	}
}

// TestLineScreenHoldsNews: a frame that answers no key (the table's
// news) waits for what follows it, and a key's frame takes it along
// in the same write; news alone is sent once its hold is over. Without
// the hold the news went in a write of its own.
func TestLineScreenHoldsNews(t *testing.T) {
	var out syncBuffer
	scr := NewLineScreen(&out, 120, 20, 4, colorprofile.Ascii)
	defer scr.Close()
	view := func(s string) tea.View { v := tea.NewView(s); v.AltScreen = true; return v }
	scr.Show(view("one\ntwo"))
	first := out.await(t, "two") // the first frame: nothing held yet
	scr.HoldNews(time.Hour)
	scr.Show(view("one\ntwo\nnews")) // another player moved
	scr.typed()
	scr.Show(view("ONE\ntwo\nnews")) // the player's key
	both := out.await(t, "ONE")
	if !strings.Contains(both, "news") {
		t.Errorf("the key's frame did not take the news along: %q", both)
	}
	select {
	case w := <-out.writes:
		t.Errorf("a write more: %q", w)
	default:
	}
	term := vt.New(20, 4)
	_, _ = term.Write([]byte(first + both))
	if got, want := strings.TrimRight(term.String(), "\n"), "ONE\ntwo\nnews"; got != want {
		t.Errorf("the screen is\n%s\nwant\n%s", got, want)
	}
	scr.HoldNews(time.Millisecond)
	scr.Show(view("ONE\ntwo\nnews\nmore")) // news, with no key after it
	out.await(t, "more")
}
