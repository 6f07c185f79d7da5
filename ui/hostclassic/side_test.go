package hostclassic

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/tile"
	"okey/ui/hosting"
	"okey/ui/hosting/hostingtest"
	"okey/ui/table"
)

// mySide is classic's side hosted by a stand-in app, with a match of
// the first seed from 1 that the player opens (fifteen tiles, a discard
// to make).
func mySide(t *testing.T) (*Side, *hostingtest.App) {
	t.Helper()
	app := hostingtest.New(t, "en")
	s := New(app, &app.Look, Config{NewBot: botsclassic.New, Timeout: time.Second})
	for seed := uint64(1); seed < 100; seed++ {
		if _, err := s.Start(seed, nil, app.Set); err != nil {
			t.Fatal(err)
		}
		if p := s.Phase(); p.Playing && p.Turn == 0 {
			return s, app
		}
	}
	t.Fatal("no seed below 100 has the player open")
	return nil, nil
}

// A discard key comes back as one value: a play, taken in (the record's
// line, the turn gone to the next player), with nothing asked of the app
// on the way: a side talks to the app in values, not calls.
func TestDiscardComesBackAsAPlay(t *testing.T) {
	s, app := mySide(t)
	n, tallied := len(s.T.View.Rack), app.Tallied
	r := s.Key(hostingtest.Key("x"), app.Scene(100, 30))
	if r.Req != table.ReqPlay || len(r.Plays) != 1 || r.Sending || r.Page {
		t.Fatalf("x came to %+v, want one play", r)
	}
	p := r.Plays[0]
	if !p.WasMine || p.Mine || p.Over || len(p.Lines) == 0 {
		t.Errorf("the play taken in = %+v, want the turn gone on and the record's line", p)
	}
	if len(p.Rack) == 0 || !p.Playing || p.Turn == 0 || p.Next == nil {
		t.Errorf("the play hands up no rack to save or no next player to ask: %+v", p)
	}
	if got := len(s.T.View.Rack); got != n-1 {
		t.Errorf("the rack holds %d tiles after the discard, want %d", got, n-1)
	}
	if s.Phase().Turn == 0 {
		t.Error("the turn is still the player's after the discard")
	}
	if app.Tallied != tallied || p.Tally != nil { // a discard that ends no hand counts nothing
		t.Errorf("the discard counted the statistics (%d calls, Tally %v)", app.Tallied-tallied, p.Tally != nil)
	}
}

// A screen that only looks plays nothing.
func TestReadOnlyPlaysNothing(t *testing.T) {
	s, app := mySide(t)
	sc := app.Scene(100, 30)
	sc.ReadOnly = true
	if r := s.Key(hostingtest.Key("x"), sc); len(r.Plays) != 0 || r.Sending {
		t.Errorf("x on a read-only screen came to %+v, want no play", r)
	}
}

// The keys both tables share come back as the app's requests; a step
// moves the cursor at once.
func TestSharedKeys(t *testing.T) {
	s, app := mySide(t)
	sc := app.Scene(100, 30)
	for _, tc := range []struct {
		key  string
		want table.Req
	}{{"?", table.ReqHelp}, {"q", table.ReqQuit}} {
		if r := s.Key(hostingtest.Key(tc.key), sc); r.Req != tc.want {
			t.Errorf("%s came to %v, want %v", tc.key, r.Req, tc.want)
		}
	}
	c := s.T.Cursor
	if r := s.Key(hostingtest.Key("right"), sc); r.Req != table.ReqNone || len(r.Plays) != 0 {
		t.Errorf("→ came to %+v, want nothing for the app", r)
	}
	if s.T.Cursor == c {
		t.Error("→ did not move the cursor")
	}
}

// With a page over the table a key goes to the page first, and the
// table is left as it was.
func TestPageTakesTheKeyFirst(t *testing.T) {
	s, app := mySide(t)
	sc := app.Scene(100, 30)
	sc.Overlay.Which = hosting.HelpPage
	n := len(s.T.View.Rack)
	r := s.Key(hostingtest.Key("x"), sc)
	if !r.Page || len(r.Lines) == 0 || r.Area.H == 0 {
		t.Fatalf("x under the ? page came to %+v, want the page", r)
	}
	if !strings.Contains(strings.Join(r.Lines, "\n"), app.Tr.T("help.title")) {
		t.Error("the page handed back is not the ? page")
	}
	if len(s.T.View.Rack) != n || s.T.View.Phase != game.Playing {
		t.Error("the key reached the table under the page")
	}
}

// A frame is drawn from the scene alone: what it says on the status
// line, the page over the table.
func TestRenderDrawsTheScene(t *testing.T) {
	s, app := mySide(t)
	sc := app.Scene(100, 30)
	sc.Status = hosting.Status{Flash: "Something to read"}
	out := s.Render(sc)
	if lines := strings.Split(out, "\n"); len(lines) != 30 {
		t.Errorf("the frame is %d lines, want 30", len(lines))
	}
	for _, want := range []string{"OKEY", "Something to read"} {
		if !strings.Contains(out, want) {
			t.Errorf("the frame does not say %q:\n%s", want, out)
		}
	}
	sc.Status = hosting.Status{}
	sc.Overlay.Which = hosting.HelpPage
	if out := s.Render(sc); !strings.Contains(out, app.Tr.T("help.title")) {
		t.Errorf("the frame with the ? page over it does not show it:\n%s", out)
	}
}

// What the table says on the status line comes up in the reply, once,
// and the app is called for none of it: space on a tile says
// it was picked up, the next key says nothing of it again, space on an
// empty slot warns, and a click clears the line.
func TestSaidComesUpInTheReply(t *testing.T) {
	s, app := mySide(t)
	sc := app.Scene(100, 30)
	s.T.Cursor = 0
	x := s.T.Rack.Slots[0]
	if x == tile.NoTile {
		t.Fatal("the rack's first slot is empty")
	}
	r, _ := s.Update(hostingtest.Key(" "), sc)
	if want := (table.Said{Text: app.Tr.T("status.picked", s.T.TileName(x)), Set: true}); r.Said != want {
		t.Errorf("space on %v said %+v, want %+v", x, r.Said, want)
	}
	if r, _ = s.Update(hostingtest.Key("right"), sc); r.Said.Set {
		t.Errorf("→ said %+v again, want nothing said", r.Said)
	}
	s.Update(hostingtest.Key(" "), sc) // put down where it is now
	for i, sl := range s.T.Rack.Slots {
		if sl == tile.NoTile {
			s.T.Cursor = i
			break
		}
	}
	r, _ = s.Update(hostingtest.Key(" "), sc)
	if want := (table.Said{Text: app.Tr.T("status.pick.empty"), Warn: true, Set: true}); r.Said != want {
		t.Errorf("space on an empty slot said %+v, want %+v", r.Said, want)
	}
	r, _ = s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: -1, Y: -1}, sc)
	if r.Said != (table.Said{Set: true}) {
		t.Errorf("a click on nothing said %+v, want the line cleared", r.Said)
	}
}
