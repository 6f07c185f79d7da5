package playclassic

import (
	"context"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/game/classic"
	"okey/game/tile"
)

// The plain stand-in draws before it takes, ends a hand it may end, and
// throws the last tile of its rack; with nothing legal it has no move.
func TestPlainMove(t *testing.T) {
	k13 := tile.NewTile(tile.Black, 13)
	rack := []tile.Tile{tile.NewTile(tile.Red, 1), k13}
	for _, tc := range []struct {
		name  string
		legal classic.Legal
		want  classic.Action
		ok    bool
	}{
		{"draw first", classic.Legal{Draw: true, Take: true}, classic.DrawAction(2), true},
		{"take", classic.Legal{Take: true}, classic.TakeAction(2), true},
		{"end the hand", classic.Legal{EndHand: true, Discard: true}, classic.EndHandAction(2), true},
		{"discard the last tile", classic.Legal{Discard: true}, classic.DiscardAction(2, k13), true},
		{"nothing to do", classic.Legal{}, classic.Action{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := classic.View{Seat: 2, Legal: tc.legal, Rack: rack}
			a, ok := PlainMove(v)
			if ok != tc.ok || a != tc.want {
				t.Fatalf("PlainMove = %v %v, want %v %v", a, ok, tc.want, tc.ok)
			}
			b, err := Plain{}.Decide(context.Background(), v)
			if (err == nil) != tc.ok || tc.ok && b != tc.want {
				t.Fatalf("Plain.Decide = %v %v", b, err)
			}
		})
	}
}

// TestSeatLevel asserts which level a seat's bot plays at in a match
// read back: the record's, else the settings', and the first level for
// one this build cannot make.
func TestSeatLevel(t *testing.T) {
	tests := []struct{ named, fallback, want string }{
		{"easy", "hard", "easy"},
		{"", "normal", "normal"},
		{"expert", "easy", "expert"},
		{" Hard ", "easy", "hard"},
		{"grandmaster", "easy", botsclassic.Levels[0]},
	}
	for _, tc := range tests {
		if got := SeatLevel(tc.named, tc.fallback, 1, expertclassic.New); got != tc.want {
			t.Errorf("SeatLevel(%q, %q) = %q, want %q", tc.named, tc.fallback, got, tc.want)
		}
	}
}
