package game

import (
	"encoding/json"
	"testing"
)

// TestPhaseAndOutcomeCrossAsJSON: both games' views carry the phase and
// the outcomes by name, and read back a name or, as a classic view
// crossed between server nodes before the games shared these types, a
// number; a name nobody has is refused.
func TestPhaseAndOutcomeCrossAsJSON(t *testing.T) {
	type wire struct {
		P Phase
		O [NumSeats]Outcome
	}
	in := wire{P: HandOver, O: [NumSeats]Outcome{OutcomeWon, OutcomeLost, OutcomeTied, OutcomeLost}}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `{"P":"hand over","O":["won","lost","tied","lost"]}` {
		t.Fatalf("written as %s (%v)", b, err)
	}
	for _, text := range []string{string(b), `{"P":2,"O":[2,1,3,1]}`} {
		var out wire
		if err := json.Unmarshal([]byte(text), &out); err != nil || out != in {
			t.Errorf("%s read as %+v (%v)", text, out, err)
		}
	}
	keep := wire{P: MatchOver}
	if err := json.Unmarshal([]byte(`{"P":null}`), &keep); err != nil || keep.P != MatchOver {
		t.Errorf("null read as %v (%v)", keep.P, err)
	}
	for _, bad := range []string{`{"P":"dancing"}`, `{"P":-1}`, `{"O":["drawn"]}`} {
		var out wire
		if err := json.Unmarshal([]byte(bad), &out); err == nil {
			t.Errorf("%s read as %+v", bad, out)
		}
	}
}

// TestTurnSeats: a turned table puts seat rot at 0, leaves a number that
// is no seat alone, and moves each seat's entry with its number.
func TestTurnSeats(t *testing.T) {
	for _, tc := range []struct{ s, rot, want int }{
		{0, 0, 0}, {2, 2, 0}, {1, 2, 3}, {3, 1, 2}, {-1, 2, -1}, {4, 1, 4},
	} {
		if got := TurnSeat(tc.s, tc.rot); got != tc.want {
			t.Errorf("TurnSeat(%d, %d) = %d, want %d", tc.s, tc.rot, got, tc.want)
		}
	}
	a := [NumSeats]string{"a", "b", "c", "d"}
	for rot := range NumSeats {
		for s := range NumSeats {
			if TurnSeats(a, rot)[TurnSeat(s, rot)] != a[s] {
				t.Errorf("rot %d: seat %d's entry does not follow its number", rot, s)
			}
		}
	}
}

// TestDealKey asserts deals order by hand, then by the deals after void
// ones, and that no two deals share a key.
func TestDealKey(t *testing.T) {
	order := [][2]int{{1, 0}, {1, 1}, {1, 255}, {2, 0}, {2, 3}, {10, 0}}
	for i := 1; i < len(order); i++ {
		a, b := order[i-1], order[i]
		if DealKey(a[0], a[1]) >= DealKey(b[0], b[1]) {
			t.Errorf("DealKey%v = %d, not before DealKey%v = %d", a, DealKey(a[0], a[1]), b, DealKey(b[0], b[1]))
		}
	}
}
