package serve

import (
	"bytes"
	"fmt"
	"runtime/trace"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xtrace "golang.org/x/exp/trace"
)

// TestIdleSessionSleeps runs an execution trace over a few seconds of a
// session idle in the lobby and counts the times a goroutine of a
// session's went back to sleep (each wakeup ends so): a session that
// sees nothing change wakes for nothing, no ticker, no timer. Bubble
// Tea's Program woke every session at its frame rate (issue 28). Not
// parallel: the trace is the whole process's.
func TestIdleSessionSleeps(t *testing.T) {
	_, addr := testServer(t)
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	defer ann.close()
	ann.waitFor("Tables (0 of", 10*time.Second)
	time.Sleep(time.Second) // the first frames and the query of the background colour

	var buf bytes.Buffer
	if err := trace.Start(&buf); err != nil {
		t.Skipf("a trace is running already: %v", err)
	}
	time.Sleep(3 * time.Second)
	trace.Stop()

	r, err := xtrace.NewReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	woke := map[string]int{}
	for {
		ev, err := r.ReadEvent()
		if err != nil {
			break
		}
		if ev.Kind() != xtrace.EventStateTransition {
			continue
		}
		st := ev.StateTransition()
		if st.Resource.Kind != xtrace.ResourceGoroutine {
			continue
		}
		if from, to := st.Goroutine(); from != xtrace.GoRunning || to != xtrace.GoWaiting {
			continue
		}
		if where := sessionFrame(st.Stack); where != "" {
			woke[where]++
		}
	}
	if len(woke) > 0 {
		t.Errorf("an idle session's goroutines woke and slept again over 3 s: %v; want never", woke)
	}
}

// sessionFrame is the first frame of stack that is a session's (its
// model, its screen, its input, Bubble Tea), or "".
func sessionFrame(stack xtrace.Stack) string {
	for f := range stack.Frames() {
		for _, p := range []string{"charm.land/bubbletea", "okey/ui/serve.(*driver)", "okey/ui/serve.(*lineScreen)", "okey/ui/serve.(*input)", "okey/ui/serve.(*session)", "github.com/charmbracelet/ultraviolet"} {
			if strings.HasPrefix(f.Func, p) {
				return f.Func
			}
		}
	}
	return ""
}

// TestDriverRunsTheCommandsSessionsUse gives a driver the commands of
// Bubble Tea the session models use, and messages of its own that it
// cannot act on: each is run or told of, none dropped unsaid.
func TestDriverRunsTheCommandsSessionsUse(t *testing.T) {
	t.Parallel()
	var out lockedBuffer
	scr := newLineScreen(&out, 60, 80, 24, 0)
	defer scr.close()
	var strange []string
	got := make(chan tea.Msg, 16)
	m := cmdModel{got: got, init: tea.Batch(
		tea.RequestBackgroundColor,
		tea.Sequence(func() tea.Msg { return seqMsg(1) }, func() tea.Msg { return seqMsg(2) }),
		tea.Tick(time.Millisecond, func(time.Time) tea.Msg { return seqMsg(3) }),
		tea.ClearScreen,
	)}
	d := newDriver(t.Context(), m, scr, 0, nil, func(msg tea.Msg) { strange = append(strange, typeName(msg)) })
	d.in, d.term, d.w, d.h = strings.NewReader("x"), "xterm", 80, 24
	done := make(chan error, 1)
	go func() { done <- d.run() }()
	var seq []seqMsg
	keys := 0
	for len(seq) < 3 || keys < 1 {
		select {
		case msg := <-got:
			switch msg := msg.(type) {
			case seqMsg:
				seq = append(seq, msg)
			case tea.KeyPressMsg:
				keys++
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("the commands' messages: %v, keys %d; want 1, 2 and 3 and a key", seq, keys)
		}
	}
	d.send(tea.Quit())
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if i1, i2 := indexOf(seq, 1), indexOf(seq, 2); i1 > i2 {
		t.Errorf("a sequence's messages came %v; want 1 before 2", seq)
	}
	if len(strange) != 1 || !strings.Contains(strange[0], "clearScreen") {
		t.Errorf("told of %v; want the clear screen only", strange)
	}
	scr.close()
	<-scr.closed()
	if !strings.Contains(out.String(), "\x1b]11;?\x07") {
		t.Errorf("the background colour was not asked for: %q", out.String())
	}
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
