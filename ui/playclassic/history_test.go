package playclassic

import (
	"testing"

	"okey/kit/seatmsg"
)

// TestServedHistory asserts that a served table's hands are turned so
// that the seat at the bottom comes first, and written over what was
// kept before (a new match sends fewer hands).
func TestServedHistory(t *testing.T) {
	hands := []seatmsg.HandEnd{
		{Scores: [4]int{10, 20, 30, 40}},
		{Scores: [4]int{11, 21, 31, 41}},
	}
	hands[0].Result.Winner = 2
	old := []HandScore{{}, {}, {}}
	tests := []struct {
		name       string
		rot        int
		first      [4]int
		firstWin   int
		keptBefore []HandScore
	}{
		{"seat 0", 0, [4]int{10, 20, 30, 40}, 2, nil},
		{"seat 2", 2, [4]int{30, 40, 10, 20}, 0, old},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := ServedHistory(tc.keptBefore, hands, tc.rot)
			if len(h) != len(hands) {
				t.Fatalf("got %d hands, want %d", len(h), len(hands))
			}
			if h[0].Scores != tc.first || h[0].Result.Winner != tc.firstWin {
				t.Errorf("the first hand %v won by %d, want %v won by %d", h[0].Scores, h[0].Result.Winner, tc.first, tc.firstWin)
			}
		})
	}
}
