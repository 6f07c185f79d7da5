package tty

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// TestDriverRunsTheCommandsSessionsUse gives a driver the commands of
// Bubble Tea the session models use, and messages of its own that it
// cannot act on: each is run or told of, none dropped unsaid. The
// commands of a batch run side by side, so the driver is stopped only
// once each has been seen through (the query written, the clear screen
// told): stopped as soon as the model's messages came, a slow machine
// (the race detector's) had not yet written the query.
func TestDriverRunsTheCommandsSessionsUse(t *testing.T) {
	t.Parallel()
	var out lockedBuffer
	scr := NewLineScreen(&out, 60, 80, 24, 0)
	defer scr.Close()
	var strange []string
	told := make(chan struct{}, 16)
	got := make(chan tea.Msg, 16)
	m := cmdModel{got: got, init: tea.Batch(
		tea.RequestBackgroundColor,
		tea.Sequence(func() tea.Msg { return seqMsg(1) }, func() tea.Msg { return seqMsg(2) }),
		tea.Tick(time.Millisecond, func(time.Time) tea.Msg { return seqMsg(3) }),
		tea.ClearScreen,
	)}
	d := NewDriver(t.Context(), m, scr, 0, nil, func(msg tea.Msg) {
		strange = append(strange, typeName(msg))
		told <- struct{}{}
	})
	d.In, d.Term, d.W, d.H = strings.NewReader("x"), "xterm", 80, 24
	done := make(chan error, 1)
	go func() { done <- d.Run() }()
	var seq []seqMsg
	keys := 0
	const query = "\x1b]11;?\x07"
	deadline := time.After(time.Minute)
	for tells := 0; len(seq) < 3 || keys < 1 || tells < 1 || !strings.Contains(out.String(), query); {
		select {
		case msg := <-got:
			switch msg := msg.(type) {
			case seqMsg:
				seq = append(seq, msg)
			case tea.KeyPressMsg:
				keys++
			}
		case <-told:
			tells++
		case <-time.After(10 * time.Millisecond):
			// The query is written by the screen's goroutine: looked
			// for again.
		case <-deadline:
			t.Fatalf("the commands' messages: %v, keys %d, strange messages told %d, query written %v; want 1, 2 and 3, a key, the clear screen and the background colour asked for", seq, keys, tells, strings.Contains(out.String(), query))
		}
	}
	d.Send(tea.Quit())
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if i1, i2 := indexOf(seq, 1), indexOf(seq, 2); i1 > i2 {
		t.Errorf("a sequence's messages came %v; want 1 before 2", seq)
	}
	if len(strange) != 1 || !strings.Contains(strange[0], "clearScreen") {
		t.Errorf("told of %v; want the clear screen only", strange)
	}
	scr.Close()
	<-scr.Closed()
	if !strings.Contains(out.String(), query) {
		t.Errorf("the background colour was not asked for: %q", out.String())
	}
}

// lockedBuffer is what a screen wrote, read while it writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type seqMsg int

// cmdModel hands every message it is given to got.
type cmdModel struct {
	got  chan<- tea.Msg
	init tea.Cmd
}

func (m cmdModel) Init() tea.Cmd { return m.init }
func (m cmdModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.got <- msg
	return m, nil
}
func (m cmdModel) View() tea.View { return tea.NewView("") }

func indexOf(s []seqMsg, v seqMsg) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func typeName(msg tea.Msg) string { return fmt.Sprintf("%T", msg) }

// TestTheFirstSizeComesBeforeAResize: a resize sent as the driver starts
// (a client that changes its window at once) is the size the model is
// left at, never overtaken by the window's first size. Sent from a
// goroutine of their own, the first messages could come after it: a
// client resized on a small screen was left with a blank one.
func TestTheFirstSizeComesBeforeAResize(t *testing.T) {
	t.Parallel()
	for range 20 {
		scr := NewLineScreen(&lockedBuffer{}, 60, 40, 12, 0)
		got := make(chan tea.Msg, 16)
		d := NewDriver(t.Context(), cmdModel{got: got}, scr, 0, nil, nil)
		d.In, d.Term, d.W, d.H = strings.NewReader(""), "xterm", 40, 12
		// The resize waits to be taken before the driver runs: first in
		// line for its messages (the wait only gives it the chance).
		go d.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
		time.Sleep(time.Millisecond)
		done := make(chan error, 1)
		go func() { done <- d.Run() }()
		var sizes []tea.WindowSizeMsg
		env, resized := false, false
		for deadline := time.After(time.Minute); !env || !resized; {
			select {
			case msg := <-got:
				switch m := msg.(type) {
				case tea.EnvMsg:
					env = true
				case tea.WindowSizeMsg:
					sizes = append(sizes, m)
					resized = resized || m.Width == 120
				}
			case <-deadline:
				t.Fatalf("the model was given sizes %v, the environment %v", sizes, env)
			}
		}
		d.Send(tea.Quit())
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		scr.Close()
		if sizes[len(sizes)-1] != (tea.WindowSizeMsg{Width: 120, Height: 40}) {
			t.Fatalf("the sizes the model was given: %v; want the resize last", sizes)
		}
	}
}
