package play101_test

import (
	"testing"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/hosting/hostingtest"
	"okey/ui/play101"
	"okey/ui/table"
)

// opening is a 101 table hosted by a stand-in app, of the first seed
// from 1 whose player opens the match (a discard to make), with the
// cursor on the tile the plain player would throw.
func opening(t *testing.T) (*play101.Table, *hostingtest.App, tile.Tile) {
	t.Helper()
	app := hostingtest.New(t, "en")
	r, err := app.Set.ParsedRules101()
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 100; seed++ {
		g, err := okey101.NewGame(r, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		tb := play101.NewTable(&app.Look, g)
		tb.Start(g.State().View(0))
		v := &tb.View
		if v.Phase != game.Playing || !v.MyTurn() || v.Stage == okey101.StageDraw {
			continue
		}
		x := decide101.DiscardChoice(v, &tb.SV)
		for i, y := range tb.Rack.Slots {
			if y == x && tb.GroupOf(i) < 0 {
				tb.Cursor = i
				return tb, app, x
			}
		}
	}
	t.Fatal("no seed below 100 has the player open")
	var none tile.Tile
	return nil, nil, none
}

// What a key at the 101 table comes to, as a value (Outcome): a discard
// is a play of that tile; on a screen that only looks, nothing to play;
// sorting the rack is a save; undo and the stacks are requests of the
// app. None of it plays anything on the match: playing is the side's.
func TestKeyOutcome(t *testing.T) {
	for _, tc := range []struct {
		name     string
		key      string
		readOnly bool
		want     table.Req
	}{
		{"discard", "x", false, table.ReqPlay},
		{"discard, only looking", "x", true, table.ReqNone},
		{"sort by colour", "c", false, table.ReqSave},
		{"undo", "u", false, table.ReqUndo},
		{"the stacks", "b", false, table.ReqBrowse},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, _, x := opening(t)
			moves := tb.G.State().Moves()
			o := tb.Key(hostingtest.Key(tc.key), tb.TakeConfirm(), play101.At{ReadOnly: tc.readOnly, State: tb.TryState()})
			if o.Req != tc.want {
				t.Fatalf("%s came to %v, want %v", tc.key, o.Req, tc.want)
			}
			if tc.want == table.ReqPlay {
				if len(o.Acts) != 1 || o.Acts[0].Kind != okey101.ActDiscard || o.Acts[0].Tile != x {
					t.Errorf("the discard's actions = %+v, want the discard of %v", o.Acts, x)
				}
			}
			if tb.G.State().Moves() != moves {
				t.Error("the key played on the match itself")
			}
		})
	}
}
