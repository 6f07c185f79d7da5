package door

import (
	"bytes"
	"runtime/trace"
	"strings"
	"testing"
	"time"

	xtrace "golang.org/x/exp/trace"
)

// TestIdleSessionSleeps runs an execution trace over a few seconds of a
// session idle in the lobby and counts the times a goroutine of a
// session's went back to sleep (each wakeup ends so): a session that
// sees nothing change wakes for nothing, no ticker, no timer. Bubble
// Tea's Program woke every session at its frame rate. Not
// parallel: the trace is the whole process's.
func TestIdleSessionSleeps(t *testing.T) {
	if testing.Short() {
		t.Skip("traces the whole process alone for 4 s: the whole suite runs it")
	}
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
