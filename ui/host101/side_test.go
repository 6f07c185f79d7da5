package host101

import (
	"strings"
	"testing"

	"okey/bots/decide101"
	"okey/game/okey101"
	"okey/ui/hosting"
	"okey/ui/hosting/hostingtest"
	"okey/ui/table"
)

// mySide is 101's side hosted by a stand-in app, with a match of the
// first seed from 1 that the player opens (a discard to make), the
// cursor on the tile the plain player would throw (no discard that
// asks first).
func mySide(t *testing.T) (*Side, *hostingtest.App) {
	t.Helper()
	app := hostingtest.New(t, "en")
	s := New(app, &app.Look, nil, nil)
	for seed := uint64(1); seed < 100; seed++ {
		if _, err := s.Start(seed, nil, app.Set); err != nil {
			t.Fatal(err)
		}
		v := &s.T.View
		if p := s.Phase(); !p.Playing || p.Turn != 0 || v.Stage == okey101.StageDraw {
			continue
		}
		x := decide101.DiscardChoice(v, &s.T.SV)
		for i, y := range s.T.Rack.Slots {
			if y == x && s.T.GroupOf(i) < 0 {
				s.T.Cursor = i
				return s, app
			}
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
	n := len(s.T.View.Rack)
	r := s.Key(hostingtest.Key("x"), app.Scene(100, 30))
	if r.Req != table.ReqPlay || len(r.Plays) != 1 || r.Sending || r.Page {
		t.Fatalf("x came to %+v, want one play", r)
	}
	p := r.Plays[0]
	if !p.WasMine || p.Mine || p.Over || p.Tally != nil || len(p.Lines) == 0 {
		t.Errorf("the play taken in = %+v, want the turn gone on and the record's line", p)
	}
	if len(p.Rack) == 0 || !p.Playing || p.Turn == 0 || p.Next == nil {
		t.Errorf("the play hands up no rack to save or no next player to ask: %+v", p)
	}
	if got := len(s.T.View.Rack); got != n-1 {
		t.Errorf("the rack holds %d tiles after the discard, want %d", got, n-1)
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

// With a page over the table a key goes to the page first (the stacks
// here), and the table is left as it was.
func TestPageTakesTheKeyFirst(t *testing.T) {
	s, app := mySide(t)
	sc := app.Scene(100, 30)
	sc.Overlay.Which = hosting.BrowsePage
	n := len(s.T.View.Rack)
	r := s.Key(hostingtest.Key("x"), sc)
	if !r.Page || len(r.Lines) == 0 || r.Area.H == 0 {
		t.Fatalf("x under the stacks came to %+v, want the page", r)
	}
	if len(s.T.View.Rack) != n {
		t.Error("the key reached the table under the page")
	}
}

// A frame is drawn from the scene alone: the status line's message, the
// key bar, the page over the table.
func TestRenderDrawsTheScene(t *testing.T) {
	s, app := mySide(t)
	sc := app.Scene(100, 30)
	sc.Status = hosting.Status{Flash: "Something to read"}
	out := s.Render(sc)
	if lines := strings.Split(out, "\n"); len(lines) != 30 {
		t.Errorf("the frame is %d lines, want 30", len(lines))
	}
	if !strings.Contains(out, "Something to read") {
		t.Errorf("the frame does not say the message:\n%s", out)
	}
	sc.Status = hosting.Status{}
	sc.Overlay.Which = hosting.HelpPage
	if out := s.Render(sc); !strings.Contains(out, app.Tr.T("t101.help.title")) {
		t.Errorf("the frame with the ? page over it does not show it:\n%s", out)
	}
}

// What the table says on the status line comes up in the reply, once:
// space on the tile under the cursor says it was picked up,
// and the next key says nothing of it again.
func TestSaidComesUpInTheReply(t *testing.T) {
	s, app := mySide(t)
	sc := app.Scene(100, 30)
	x := s.T.Rack.Slots[s.T.Cursor]
	r, _ := s.Update(hostingtest.Key(" "), sc)
	if want := (table.Said{Text: app.Tr.T("status.picked", s.T.TileName(x)), Set: true}); r.Said != want {
		t.Errorf("space on %v said %+v, want %+v", x, r.Said, want)
	}
	if r, _ = s.Update(hostingtest.Key("right"), sc); r.Said.Set {
		t.Errorf("→ said %+v again, want nothing said", r.Said)
	}
}
