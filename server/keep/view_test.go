package keep

import (
	"regexp"
	"strconv"
	"testing"
)

// TestTheViewSaysHowBusyTheNode: the store's view on one line says,
// beside the streams' leaders, how busy the node is — its CPU, its
// goroutines, the JetStream requests it served, and what its connection
// to the store carried, which grows as the node writes — so that a
// trace of a node killed says whether the node every player redialled
// was short of CPU or flooded when its store went unanswered.
func TestTheViewSaysHowBusyTheNode(t *testing.T) {
	t.Parallel()
	k, l := loggedOnce(t, "3")
	fields := regexp.MustCompile(`node\{cpu=\d+% goroutines=\d+ api=\d+/\d+ inflight=\d+ slow=\d+\} conn\{in=(\d+)/\d+KB out=(\d+)/\d+KB\}`)
	sent := func() int {
		t.Helper()
		v := k.eng.View()
		m := fields.FindStringSubmatch(v)
		if m == nil {
			t.Fatalf("the view says nothing of how busy the node is: %s", v)
		}
		n, _ := strconv.Atoi(m[2])
		return n
	}
	before := sent()
	if err := l.Write(nil, []byte("H\nA\n")); err != nil {
		t.Fatal(err)
	}
	if after := sent(); after <= before {
		t.Errorf("the connection's messages out went from %d to %d across a write", before, after)
	}
}
