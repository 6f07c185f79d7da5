package ui

import (
	"os"
	"strings"
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
)

// At the 101 table too, a casual match takes the player's last discard
// back with u, whatever the bots did after it, and marks the record;
// other matches say how to have it.
func TestUndo101TakesTheDiscardBack(t *testing.T) {
	m := start101(t, 100, 30, func(o *Options) { o.Settings.Undo = true })
	if !m.casual || !strings.Contains(plain(m), "casual") {
		t.Fatalf("a match of 101 started with undo is not marked:\n%s", plain(m))
	}
	press(t, m, "u")
	if !strings.Contains(m.flash, "No discard of yours") {
		t.Fatalf("u before any discard says %q", m.flash)
	}
	drawIfDue(t, m)
	before := table101(m).View.Counts
	actions := len(table101(m).G.Record().Actions)
	for i, u := range table101(m).Rack.Slots {
		if u != tile.NoTile && !table101(m).View.Analyzer.IsOkey(u) {
			cursorTo101(t, m, i)
			break
		}
	}
	thrown := table101(m).Rack.Slots[table101(m).Cursor]
	press(t, m, "x")
	if table101(m).View.MyTurn() && table101(m).View.Stage == okey101.StagePlay {
		press(t, m, "x") // an işler taş asks first
	}
	if m.screen != scrPlay || table101(m).View.Phase != game.Playing {
		t.Skip("the hand ended on the discard; nothing to take back")
	}
	if len(table101(m).G.Record().Actions) <= actions+1 {
		t.Fatal("the discard did not happen, or the bots did not move")
	}
	press(t, m, "u")
	v := &table101(m).View
	if v.Counts != before || v.Stage != okey101.StagePlay || !v.MyTurn() || len(table101(m).G.Record().Actions) != actions {
		t.Fatalf("after u the rack is not as before the discard: %q", m.flash)
	}
	if table101(m).Rack.Slots[table101(m).Cursor] != thrown || !strings.Contains(m.flash, "taken back") {
		t.Fatalf("the cursor is on %v, %q", table101(m).Rack.Slots[table101(m).Cursor], m.flash)
	}
	rec := table101(m).G.Record()
	if rec.Meta[metaUndo] != "on" || rec.Meta[metaUndos] != "1" {
		t.Fatalf("the record's marks: %v", rec.Meta)
	}
	b, err := os.ReadFile(m.files.MatchPath())
	if err != nil {
		t.Fatal(err)
	}
	saved, err := okey101.ParseRecord(b)
	if err != nil || len(saved.Actions) != len(rec.Actions) || saved.Meta[metaUndos] != "1" {
		t.Fatalf("the saved record is not the one after the undo: %v", err)
	}
	// The table plays on.
	myTurn101(t, m)
	if m.screen == scrPlay && table101(m).View.MyTurn() && len(table101(m).G.Record().Actions) == actions {
		t.Fatal("the table does not go on after an undo")
	}

	plainMatch := start101(t, 100, 30)
	drawIfDue(t, plainMatch)
	n := len(table101(plainMatch).G.Record().Actions)
	press(t, plainMatch, "u")
	if len(table101(plainMatch).G.Record().Actions) != n || !strings.Contains(plainMatch.flash, "casual matches") {
		t.Fatalf("u in a match of 101 without undo: %q", plainMatch.flash)
	}
}
