package hall

import (
	"strconv"
	"testing"
)

// TestShareOfSplitsAGoneNodesTables: a gone node's tables are shared out
// among the nodes left, each table to one of them, the same whichever
// node reckons it (the alive list is sorted), and about evenly: no node
// left with most of them to bring back alone while another idles.
func TestShareOfSplitsAGoneNodesTables(t *testing.T) {
	alive := []string{"n1", "n2"}
	count := map[string]int{}
	for i := 51; i <= 100; i++ {
		id := strconv.Itoa(i)
		s := shareOf(id, alive)
		if s != shareOf(id, []string{"n1", "n2"}) {
			t.Fatalf("table %s: shared to %q, then otherwise", id, s)
		}
		count[s]++
	}
	if len(count) != 2 || count["n1"] < 15 || count["n2"] < 15 {
		t.Errorf("50 tables shared %v; want each node 15 or more", count)
	}
	if s := shareOf("7", []string{"n1"}); s != "n1" {
		t.Errorf("a node alone: table shared to %q, want it", s)
	}
	if s := shareOf("7", nil); s != "" {
		t.Errorf("no node alive: table shared to %q", s)
	}
}
