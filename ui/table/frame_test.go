package table

import (
	"testing"

	"okey/kit/i18n"
)

// TestFrameNote checks who holds a seat, as a panel begins its line: no
// word at a local table, the bot's short word, else the seat's level.
func TestFrameNote(t *testing.T) {
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	served := Frame{Served: true, Bot: [Seats]bool{1: true}, Level: [Seats]string{2: "player"}}
	for _, tc := range []struct {
		name string
		f    Frame
		seat int
		want string
	}{
		{"local table", Frame{Bot: [Seats]bool{1: true}, Level: [Seats]string{1: "hard"}}, 1, ""},
		{"served bot", served, 1, tr.T("seat.bot.short") + " · "},
		{"served player", served, 2, "player · "},
	} {
		if got := tc.f.Note(tc.seat, tr); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
