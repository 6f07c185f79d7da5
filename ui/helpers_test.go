package ui

import (
	"context"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/bots/botsclassic"
	"okey/bots/decide101"
	"okey/game/classic"
	"okey/ui/playclassic"
	"okey/ui/settings"
)

// testEnv keeps every file of a test in temporary directories: in
// memory (/dev/shm) where the system has it, since every move is synced
// to disk and the tests check what is written, not how fast a disk
// syncs (a whole match takes seconds on a disk, a tenth of that in
// memory).
func testEnv(t testing.TB) (stateDir, configDir string) {
	t.Helper()
	home := memTempDir(t)
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", home+"/state")
	t.Setenv("XDG_CONFIG_HOME", home+"/config")
	return home + "/state/okey", home + "/config/okey"
}

// memTempDir is a temporary directory in memory if the system has one,
// else t.TempDir.
func memTempDir(t testing.TB) string {
	t.Helper()
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		if dir, err := os.MkdirTemp("/dev/shm", "okey-test-"); err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}

// newTestModel builds a table with instant bots, a fixed seed and a
// terminal of w×h.
func newTestModel(t testing.TB, w, h int, tweak ...func(*Options)) *Model {
	t.Helper()
	state, cfg := testEnv(t)
	s := settings.Default("en")
	s.Speed = "instant"
	opt := Options{Settings: s, StateDir: state, ConfigDir: cfg, Seed: 7, SeedSet: true,
		NoColor: true, Now: fixedNow,
		// The table's tests script their flows on the plain player's
		// moves; TestTable101SeatsTheBots101 plays the real bots.
		NewPlayer101: decide101.NewPlain,
		Hint101:      decide101.HardHint,
		// Tests press keys at once after a screen comes: TestSettling
		// turns the guard on.
		Settle: -1,
		// A review judges over few worlds: the tests check the screen,
		// bots/coach the verdicts.
		Review: ReviewOptions{Samples: 4, MinSamples: 4, Workers: 2, Worlds: 32}}
	for _, f := range tweak {
		f(&opt)
	}
	m, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// reopen starts the game again on old's directories with opt, as the
// next run of the program would: old is gone (killed or quit), and its
// lock with it. (A test may still drive old afterwards, to make the
// state of another kill.)
func reopen(t testing.TB, old *Model, opt Options) *Model {
	t.Helper()
	old.files.Unlock()
	m, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

func fixedNow() time.Time { return time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC) }

// plain is the rendered screen without styles.
func plain(m *Model) string { return ansi.Strip(m.View().Content) }

// keyMsg builds the message of a key as the terminal sends it.
func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// press sends a key and runs what it starts, bots included, until
// nothing is left to do (quits and timers excepted).
func press(t testing.TB, m *Model, k string) {
	t.Helper()
	_, cmd := m.Update(keyMsg(k))
	drain(t, m, cmd)
}

// beforeMsg, when a test sets it, is called with each message drain
// feeds back to the model, before the model has it (a key pressed
// while a bot thinks).
var beforeMsg func(m *Model, msg tea.Msg)

// drain runs cmd and every command that follows from it, feeding the
// messages back to the model.
func drain(t testing.TB, m *Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 100000 {
			t.Fatal("commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
		case savedMsg:
			if msg.Err != nil {
				t.Fatalf("save failed: %v", msg.Err)
			}
			_, next := m.Update(msg)
			queue = append(queue, next)
		default:
			if isSequence(msg) {
				queue = append(queue, sequenceCmds(msg)...)
				continue
			}
			if beforeMsg != nil {
				beforeMsg(m, msg)
			}
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// blockingBot waits for its release before every decision, to show that
// the screen does not wait for it.
type blockingBot struct {
	inner   botsclassic.Bot
	release chan struct{}
	mu      sync.Mutex
	asked   int
}

func (b *blockingBot) Level() string { return b.inner.Level() }
func (b *blockingBot) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	b.mu.Lock()
	b.asked++
	b.mu.Unlock()
	select {
	case <-b.release:
	case <-ctx.Done():
		return classic.Action{}, ctx.Err()
	}
	return b.inner.Decide(ctx, v)
}

// maxLineWidth is the width of the widest line of s.
func maxLineWidth(s string) (int, string) {
	w, line := 0, ""
	for _, l := range strings.Split(s, "\n") {
		if lw := ansi.StringWidth(l); lw > w {
			w, line = lw, l
		}
	}
	return w, line
}

// isSequence recognises tea.Sequence's message, which is unexported.
func isSequence(msg tea.Msg) bool {
	v := reflect.ValueOf(msg)
	return v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]()
}

func sequenceCmds(msg tea.Msg) []tea.Cmd {
	v := reflect.ValueOf(msg)
	out := make([]tea.Cmd, v.Len())
	for i := range out {
		out[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return out
}

// withPlainBots seats playclassic.Plain (the fallback move: draw, then discard
// the highest tile) at every seat. The end-to-end goldens use it so that
// they do not change when the real bots get better.
func withPlainBotsOpt(string, botsclassic.Options) (botsclassic.Bot, error) {
	return playclassic.Plain{}, nil
}

func withPlainBots(o *Options) { o.NewBot = withPlainBotsOpt }

// showingBot is playclassic.Plain that shows the indicator whenever it may.
type showingBot struct{ playclassic.Plain }

func (b showingBot) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	if v.Legal.Show {
		return classic.ShowAction(v.Seat), nil
	}
	return b.Plain.Decide(ctx, v)
}

func windowMsg(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }
