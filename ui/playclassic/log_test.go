package playclassic

import (
	"strings"
	"testing"

	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/table"
)

// TestLogText asserts an entry says "you" to the player and the seat's
// name to a spectator, names the tile in the words of its own hand, and
// that a note is said as it is.
func TestLogText(t *testing.T) {
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	r7 := tile.NewTile(tile.Red, 7)
	w := table.Words{Tr: tr, Names: [table.Seats]string{"Ali", "Ayşe", "Can", "Deniz"}}
	discard := LogEntry{Ev: classic.Event{Kind: classic.EvDiscard, Seat: 0, Tile: r7}, Okey: tile.NewTile(tile.Blue, 3)}
	if got, want := LogText(w, discard), tr.UpFirst(tr.T("log.discard.you", tr.Tile(r7, discard.Okey, i18n.Nominative))); got != want {
		t.Errorf("the player's discard = %q, want %q", got, want)
	}
	// The same tile is the okey of another hand: said as that hand's.
	asOkey := discard
	asOkey.Okey = r7
	if LogText(w, asOkey) == LogText(w, discard) {
		t.Errorf("R7 reads the same as the okey and as a plain tile: %q", LogText(w, asOkey))
	}
	w.Watching = true
	if got := LogText(w, discard); !strings.Contains(got, "Ali") {
		t.Errorf("a spectator's log = %q, want seat 0's name", got)
	}
	if got := LogText(w, LogEntry{Note: "a note"}); got != "a note" {
		t.Errorf("a note = %q", got)
	}
}
