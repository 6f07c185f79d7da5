package loadgen

import (
	"strings"
	"testing"
	"time"
)

// TestHeldKeysAreNotLost: a key pressed while its table moves to another
// node, its screen saying so, waits past the answer's 5 s for the
// table's new node without being lost, and once answered is counted
// held, apart from the keys' latency; a key whose screen never said so
// is lost at 5 s as before, and a held one too once heldAnswer passes.
func TestHeldKeysAreNotLost(t *testing.T) {
	p := pace{answer: 5 * time.Second}
	for _, tc := range []struct {
		name string
		held bool
		want time.Duration
	}{
		{"not held", false, 5 * time.Second},
		{"held as its table moved", true, heldAnswer},
	} {
		pend := &pendingKey{held: tc.held}
		if got := pend.answerBy(p); got != tc.want {
			t.Errorf("%s: answered by %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := (&pendingKey{held: true}).answerBy(pace{answer: time.Minute}); got != time.Minute {
		t.Errorf("a held key with an answer's wait longer than heldAnswer: answered by %v, want the pace's minute", got)
	}

	var st stats
	st.answeredKey(40*time.Millisecond, false)
	st.answeredKey(8*time.Second, true)
	st.answeredMove(50*time.Millisecond, 50*time.Millisecond, false)
	st.answeredMove(300*time.Millisecond, 9*time.Second, true)
	if len(st.keys) != 1 || len(st.keysHeld) != 1 || st.keysHeld[0] != 8*time.Second {
		t.Errorf("keys %v, held %v: want one of each, the held one 8 s", st.keys, st.keysHeld)
	}
	if len(st.moves) != 1 || len(st.movesHeld) != 1 || st.movesHeld[0] != 9*time.Second {
		t.Errorf("moves %v, held %v: want one of each, the held one 9 s from its first press", st.moves, st.movesHeld)
	}
	if st.keysLost+st.movesLost != 0 {
		t.Errorf("%d keys and %d moves lost: a held key answered is not lost", st.keysLost, st.movesLost)
	}

	r := Result{Keys: st.keys, Moves: st.moves, KeysHeld: st.keysHeld, MovesHeld: st.movesHeld}
	if got := r.answered(); got != "50.00%" {
		t.Errorf("answered within the wait %s, want 50.00%% (the held ones were answered late)", got)
	}
	if line := heldLine(r.KeysHeld); !strings.Contains(line, "1 held") {
		t.Errorf("the held keys' line %q does not count them", line)
	}
	if heldLine(nil) != "" {
		t.Errorf("a line for no held keys: %q", heldLine(nil))
	}
}
