package hosting_test

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/seatmsg"
	"okey/ui/hosting"
	"okey/ui/hosting/hostingtest"
	"okey/ui/settings"
	"okey/ui/table"
)

// TestServedGameNames asserts that a served update names its game as
// the settings and a side's About do (the seat hands the update to the
// side whose About().Game it is), and names none without a view.
func TestServedGameNames(t *testing.T) {
	for _, c := range []struct {
		u    seatmsg.Update
		want string
	}{
		{seatmsg.Update{View: &classic.View{}}, settings.GameClassic},
		{seatmsg.Update{View101: &okey101.View{}}, settings.Game101},
		{seatmsg.Update{}, ""},
	} {
		if got := c.u.Game(); got != c.want {
			t.Errorf("update's game %q, want %q", got, c.want)
		}
	}
}

// guide is a game's guide that counts how often it is asked.
type guide struct {
	text  string
	asked int
}

func (g *guide) Guide() string { g.asked++; return g.text }

// The status says the last message (a warning or not) before anything
// else; while a hand is played, the app's guide before the game's,
// which is asked only when nothing else is to be said; out of play,
// nothing.
func TestStatusText(t *testing.T) {
	app := hostingtest.New(t, "en")
	for _, tc := range []struct {
		name      string
		st        hosting.Status
		playing   bool
		want      string
		style     table.Style
		askedGame bool
	}{
		{"a warning", hosting.Status{Flash: "No!", Warn: true, Guide: "looking"}, true, "No!", table.Warn, false},
		{"a message", hosting.Status{Flash: "Saved"}, true, "Saved", table.Accent, false},
		{"the app's guide", hosting.Status{Guide: "looking"}, true, app.Tr.UpFirst("looking"), table.Bold, false},
		{"the game's guide", hosting.Status{}, true, app.Tr.UpFirst("your turn"), table.Bold, true},
		{"out of play", hosting.Status{Guide: "looking"}, false, "", table.Bold, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := app.Scene(100, 30)
			sc.Status = tc.st
			g := &guide{text: "your turn"}
			text, style := sc.StatusText(tc.playing, g)
			if text != tc.want || style != tc.style {
				t.Errorf("StatusText = %q %v, want %q %v", text, style, tc.want, tc.style)
			}
			if (g.asked > 0) != tc.askedGame {
				t.Errorf("the game's guide asked %d times", g.asked)
			}
		})
	}
}

// The header names the help, the settings and quitting; at a table
// played here quitting is said short, at a served seat as the key map
// says it (leaving the table).
func TestHeaderKeys(t *testing.T) {
	app := hostingtest.New(t, "en")
	k := app.KeyMap.Table
	sc := app.Scene(100, 30)
	here := sc.HeaderKeys(k.Help, k.Settings, k.Quit)
	if want := k.Quit.Help().Key + " " + app.Tr.T("key.quit.short"); !strings.HasSuffix(here, want) {
		t.Errorf("header keys here = %q, want it to end %q", here, want)
	}
	sc.Frame.Served = true
	if seat := sc.HeaderKeys(k.Help, k.Settings, k.Quit); !strings.HasSuffix(seat, k.Quit.Help().Key+" "+k.Quit.Help().Desc) {
		t.Errorf("header keys at a seat = %q", seat)
	}
	if got := strings.Count(here, " · "); got != 2 {
		t.Errorf("header keys %q: %d separators, want 2", here, got)
	}
}

// cursor records the steps it is moved by.
type cursor struct{ dx, dy int }

func (c *cursor) MoveCursor(dx, dy int) { c.dx, c.dy = c.dx+dx, c.dy+dy }

// The keys both tables share: a step moves the cursor there and then,
// quitting, the help and the settings are requests; any other key is
// the game's.
func TestShared(t *testing.T) {
	app := hostingtest.New(t, "en")
	keys := app.KeyMap.Table.Common()
	for _, tc := range []struct {
		key    string
		want   table.Req
		ok     bool
		dx, dy int
	}{
		{"right", table.ReqNone, true, 1, 0},
		{"left", table.ReqNone, true, -1, 0},
		{"?", table.ReqHelp, true, 0, 0},
		{"q", table.ReqQuit, true, 0, 0},
		{"x", table.ReqNone, false, 0, 0},
	} {
		c := &cursor{}
		r, ok := hosting.Shared(hostingtest.Key(tc.key), keys, c)
		if ok != tc.ok || r.Req != tc.want || c.dx != tc.dx || c.dy != tc.dy {
			t.Errorf("%s: Shared = %v %v, cursor moved %d,%d; want %v %v, %d,%d", tc.key, r.Req, ok, c.dx, c.dy, tc.want, tc.ok, tc.dx, tc.dy)
		}
	}
}

// paged is a game's side as its pages see it, with a status of n lines.
type paged struct{ n int }

func (p paged) Help(int) (string, []string) { return "help.title", []string{"How to play."} }
func (p paged) Keys() [][]key.Binding       { return nil }
func (p paged) Game() string                { return "classic" }
func (p paged) Browse(int) []string         { return []string{"stack 1", "stack 2"} }
func (p paged) OverlayStatus(*hosting.Scene, int) []string {
	return make([]string, p.n)
}

// The page over the table: the ? page says the game's help then its
// rules, the stacks are the game's lines; the area gives up a line for
// a status of two, none for one; no page, no lines.
func TestOverlayPage(t *testing.T) {
	app := hostingtest.New(t, "en")
	sc := app.Scene(100, 30)
	if lines, _ := sc.OverlayPage(paged{1}); lines != nil {
		t.Errorf("no page over the table, yet lines %q", lines)
	}
	sc.Overlay.Which = hosting.BrowsePage
	lines, area := sc.OverlayPage(paged{1})
	if strings.Join(lines, "|") != "stack 1|stack 2" || area != sc.Lay.Page {
		t.Errorf("the stacks = %q in %+v, want the game's lines in %+v", lines, area, sc.Lay.Page)
	}
	if _, area := sc.OverlayPage(paged{2}); area.H != sc.Lay.Page.H-1 {
		t.Errorf("under a status of two lines the page is %d high, want %d", area.H, sc.Lay.Page.H-1)
	}
	sc.Overlay.Which = hosting.HelpPage
	lines, _ = sc.OverlayPage(paged{1})
	page := strings.Join(lines, "\n")
	if !strings.Contains(page, app.Tr.T("help.title")) || !strings.Contains(page, "How to play.") {
		t.Errorf("the ? page says neither its title nor how to play:\n%s", page)
	}
	if i := strings.Index(page, "How to play."); i < 0 || !strings.Contains(page[i:], "\n") {
		t.Errorf("nothing (the rules) follows how to play:\n%s", page)
	}
	shown, at, bar := sc.Overlaid(paged{1})
	if len(shown) == 0 || len(shown) > at.H || len(bar) == 0 {
		t.Errorf("Overlaid shows %d lines in %d, bar of %d keys", len(shown), at.H, len(bar))
	}
}
