package seats

import "testing"

func TestTurn(t *testing.T) {
	for _, tc := range []struct{ s, rot, want int }{
		{0, 0, 0}, {2, 2, 0}, {1, 2, 3}, {3, 1, 2}, {-1, 2, -1}, {4, 1, 4},
	} {
		if got := Turn(tc.s, tc.rot); got != tc.want {
			t.Errorf("Turn(%d, %d) = %d, want %d", tc.s, tc.rot, got, tc.want)
		}
	}
	a := [N]string{"a", "b", "c", "d"}
	if got := TurnAll(a, 2); got != [N]string{"c", "d", "a", "b"} {
		t.Errorf("TurnAll(%v, 2) = %v", a, got)
	}
	for s := range N {
		if TurnAll(a, 3)[Turn(s, 3)] != a[s] {
			t.Errorf("seat %d's entry does not follow its number", s)
		}
	}
}
