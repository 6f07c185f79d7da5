package ui

import (
	"os"
	"slices"
	"strings"
	"testing"

	"okey/game/classic"
)

// In a casual match u takes the player's last discard back, whatever the
// bots did after it, and the match is marked as one with undo; in other
// matches u says how to have it.
func TestUndoTakesTheDiscardBack(t *testing.T) {
	m := newTestModel(t, 100, 30, withPlainBots, func(o *Options) { o.Settings.Undo = true })
	drain(t, m, m.Init())
	if !m.casual || !strings.Contains(plain(m), "casual") {
		t.Fatalf("a match started with undo is not marked:\n%s", plain(m))
	}
	press(t, m, "u")
	if !strings.Contains(m.flash, "No discard of yours") {
		t.Fatalf("u before any discard says %q", m.flash)
	}
	press(t, m, "d")
	drawn := tableClassic(m).View.Counts
	cursorTo(t, m, firstTile(m))
	thrown := tableClassic(m).Rack.Slots[tableClassic(m).Cursor]
	press(t, m, "x")
	if tableClassic(m).View.Counts == drawn || !tableClassic(m).View.MyTurn() {
		t.Fatal("the discard did not happen, or the bots did not move")
	}
	press(t, m, "u")
	if tableClassic(m).View.Counts != drawn || tableClassic(m).View.Stage != classic.MustDiscard || !tableClassic(m).View.MyTurn() {
		t.Fatalf("after u the rack is not as before the discard: %q", m.flash)
	}
	if tableClassic(m).Rack.Slots[tableClassic(m).Cursor] != thrown || !strings.Contains(m.flash, "taken back") {
		t.Fatalf("the cursor is on %v, %q", tableClassic(m).Rack.Slots[tableClassic(m).Cursor], m.flash)
	}
	rec := tableClassic(m).G.Record()
	if rec.Meta[metaUndo] != "on" || rec.Meta[metaUndos] != "1" {
		t.Fatalf("the record's marks: %v", rec.Meta)
	}
	// What is saved is the match as it now stands.
	b, err := os.ReadFile(m.files.MatchPath())
	if err != nil {
		t.Fatal(err)
	}
	saved, err := classic.ParseRecord(b)
	if err != nil || !slices.Equal(saved.Actions, rec.Actions) || saved.Meta[metaUndos] != "1" {
		t.Fatalf("the saved record is not the one after the undo: %v", err)
	}
	// A different discard now plays on.
	press(t, m, "right")
	press(t, m, "x")
	if m.screen == scrPlay && !tableClassic(m).View.MyTurn() {
		t.Fatal("the table does not go on after an undo")
	}

	plainMatch := newTestModel(t, 100, 30, withPlainBots)
	drain(t, plainMatch, plainMatch.Init())
	playMyTurn(t, plainMatch)
	moves := tableClassic(plainMatch).G.State().Moves()
	press(t, plainMatch, "u")
	if tableClassic(plainMatch).G.State().Moves() != moves || !strings.Contains(plainMatch.flash, "casual matches") {
		t.Fatalf("u in a match without undo: %q", plainMatch.flash)
	}
}
