package loadgen

import "testing"

// TestADeadNodesPlayersSpreadOverTheRest: a tournament's players dial
// their own node while it lives; once it is killed, its players dial
// the nodes alive in turn, as a name that reaches any node spreads
// them, and the others stay where they are.
func TestADeadNodesPlayersSpreadOverTheRest(t *testing.T) {
	r := newTourneyRun(3)
	for i := range 9 {
		if got := r.dialFor(i, 3); got != i%3 {
			t.Errorf("player %d, every node alive: dials %d, want %d", i, got, i%3)
		}
	}
	r.kill(0)
	per := map[int]int{}
	for i := range 300 {
		got := r.dialFor(i, 3)
		switch {
		case got == 0:
			t.Fatalf("player %d dials the dead node", i)
		case i%3 != 0 && got != i%3:
			t.Errorf("player %d of a node alive moved to %d", i, got)
		case i%3 == 0:
			per[got]++
		}
	}
	if per[1] != 50 || per[2] != 50 {
		t.Errorf("the dead node's 100 players went %d to node 1 and %d to node 2, want 50 each", per[1], per[2])
	}
}
