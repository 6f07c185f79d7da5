package serve

import (
	"context"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"okey/game/classic"
	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/pages/lobby"
)

// annAt is ann's session, in lang, on a w×h terminal, at the lobby of
// the served side srv.
func annAt(srv *commontest.Side, lang string, w, h int) *session {
	s := newSession(srv, commontest.NewTourneys(srv.Now), context.Background(), "key:test", "", "ann", "127.0.0.1", lang)
	s.Init()
	s.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return s
}

// showClassic seats s at a classic table (seed 42) and shows it seat
// view's of the deal, ann against three hard bots, in an update tweak
// may add to (nil: none).
func showClassic(t *testing.T, s *session, view int, tweak func(*seatmsg.Update)) {
	t.Helper()
	g, err := classic.NewGame(classic.DefaultRules(), 42, nil)
	if err != nil {
		t.Fatal(err)
	}
	commontest.Seat(t, &s.c)
	v := g.State().View(view)
	u := seatmsg.Update{View: &v}
	for p, name := range []string{"ann", "Zeynep", "Mehmet", "Emre"} {
		u.Players[p] = seatmsg.Player{Name: name, Kind: seatmsg.Bot, Level: "hard"}
	}
	u.Players[0].Kind = seatmsg.Human
	if tweak != nil {
		tweak(&u)
	}
	s.update(common.FromTableMsg{Gen: 1, Msg: tables.Msg{Update: &u}})
}

// screenLines is the session's screen as its player reads it.
func screenLines(s *session) []string {
	s.drawn = false // the fields were set by hand: drawn anew
	return strings.Split(strings.ReplaceAll(ansi.Strip(s.View().Content), "\u00a0", " "), "\n")
}

// A duplicate table's top line at 80×24 labels the two scores it gives
// (it said "you: 0, total -2"), beside the deal and the rotation; the
// lobby row of a duplicate under way says its deal and rotation (it said
// "hand 1" during rotation 3); a lobby whose only open tables are other
// players' dailies says so, not "c joins one with its code". Both
// languages.
func TestDuplicateAndLobbyPagesAt80x24(t *testing.T) {
	srv := commontest.New(t)
	for _, lang := range []string{"en", "tr"} {
		t.Run(lang, func(t *testing.T) {
			tr := i18n.MustLoad(lang)
			s := annAt(srv, lang, 80, 24)
			g, err := classic.NewGame(classic.DefaultRules(), 42, nil)
			if err != nil {
				t.Fatal(err)
			}
			commontest.Seat(t, &s.c)
			v := g.State().View(0)
			d := &seatmsg.Duplicate{Hand: 3, Hands: 4, Deal: 1, Deals: 1, Rotation: 3, Names: [4]string{"ann", "Mehmet", "bob", "Emre"}}
			d.Seats = [4]int{0, 1, 2, 3}
			d.Score[0], d.Totals[0] = -8, -2 // quarters: -2
			u := seatmsg.Update{View: &v, Duplicate: d}
			for p := range 4 {
				u.Players[p] = seatmsg.Player{Name: d.Names[p], Kind: seatmsg.Human}
			}
			s.update(common.FromTableMsg{Gen: 1, Msg: tables.Msg{Update: &u}})
			lines := screenLines(s)
			want := tr.T("dup.you", "-2", -2)
			if !strings.Contains(lines[0], want) || !strings.Contains(lines[0], tr.T("dup.head", 1, 1, 3)) {
				t.Errorf("the top line %q lacks %q or the deal and rotation", lines[0], want)
			}
			for _, l := range lines {
				if ansi.StringWidth(l) > 80 {
					t.Errorf("a line of %d columns: %q", ansi.StringWidth(l), l)
				}
			}
			// Four deals and long scores: still labelled, within 80.
			d.Deal, d.Deals, d.Score[0], d.Totals[0] = 4, 4, -1251, -1234
			s.update(common.FromTableMsg{Gen: 1, Msg: tables.Msg{Update: &u}})
			top := screenLines(s)[0]
			if want := tr.T("dup.you", "-312.75", -1234); !strings.Contains(top, want) || ansi.StringWidth(top) > 80 {
				t.Errorf("at four deals the top line %q lacks %q or is wider than 80", top, want)
			}

			s.seat.Close(&s.c)
			s.page = common.Lobby
			s.lobby = lobby.Shown([]*tables.Summary{{ID: "3", Game: "classic", Rules: "standard", Duplicate: 1, Started: true, Hand: 3}}, 1, 0)
			row := tr.T("lobby.dup.at", 1, 1, 3)
			if !strings.Contains(strings.Join(screenLines(s), "\n"), row) {
				t.Errorf("the lobby row of rotation 3 lacks %q:\n%s", row, strings.Join(screenLines(s), "\n"))
			}
			s.lobby = lobby.Shown(nil, 2, 0)
			words := strings.Join(strings.Fields(strings.Join(screenLines(s), " ")), " ")
			if !strings.Contains(words, tr.T("lobby.onlydailies")) || strings.Contains(words, tr.T("lobby.onlyprivate")) {
				t.Errorf("a lobby of others' dailies says:\n%s", strings.Join(screenLines(s), "\n"))
			}
			s.lobby = lobby.Shown(nil, 2, 1)
			words = strings.Join(strings.Fields(strings.Join(screenLines(s), " ")), " ")
			if !strings.Contains(words, tr.T("lobby.onlyprivate")) {
				t.Errorf("a lobby of a private table says:\n%s", strings.Join(screenLines(s), "\n"))
			}
		})
	}
}

// The served pages that were cut at 80 columns, drawn at 80×24 in both
// languages and held by goldens (go test ./ui/serve -run
// TestServedPagesAt80x24 -update rewrites them): a guest's lobby, whose
// key bar's first line read "t lead"; the lobby's rows of duplicate
// tables, waiting ("… 1 deal, 4 hands · waiting to") and under way; the
// served daily's table, whose header read "from 20 …". No line is wider
// than 80, and what was cut is whole.
func TestServedPagesAt80x24(t *testing.T) {
	srv := commontest.New(t)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		check := func(t *testing.T, lines []string, wants ...string) {
			t.Helper()
			for _, l := range lines {
				if ansi.StringWidth(l) > 80 {
					t.Errorf("a line of %d columns: %q", ansi.StringWidth(l), l)
				}
			}
			screen := strings.Join(lines, "\n")
			words := strings.Join(strings.Fields(screen), " ")
			for _, w := range wants {
				if !strings.Contains(words, w) {
					t.Errorf("%q is not whole on the screen:\n%s", w, screen)
				}
			}
			golden.RequireEqual(t, screen)
		}
		t.Run(lang+"-guest-lobby", func(t *testing.T) {
			s := newSession(srv, commontest.NewTourneys(srv.Now), context.Background(), common.GuestID("ABCD1234"), "ABCD1234", "guest", "127.0.0.1", lang)
			s.Init()
			s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			s.lobby = lobby.Shown(nil, 0, 0)
			var keys []string
			for _, b := range []key.Binding{s.c.Keys.Board, s.c.Keys.ShowCode, s.c.Keys.Quit} {
				keys = append(keys, b.Help().Key+" "+b.Help().Desc)
			}
			check(t, screenLines(s), keys...)
		})
		t.Run(lang+"-duplicate-rows", func(t *testing.T) {
			s := annAt(srv, lang, 80, 24)
			four := [4]seatmsg.Player{{Name: "ann", Kind: seatmsg.Human}, {Name: "bob", Kind: seatmsg.Human}, {Kind: seatmsg.Bot, Level: "normal"}, {Kind: seatmsg.Bot, Level: "hard"}}
			owners := [4]string{"key:ann", "key:bob"}
			s.lobby = lobby.Shown([]*tables.Summary{
				{ID: "2", Game: "classic", Rules: "default", Duplicate: 1, Timer: 30 * time.Second, Watchers: 2, Players: four, Owners: owners},
				{ID: "3", Game: "101", Rules: "default", Duplicate: 2, Started: true, Hand: 6, Timer: 30 * time.Second, Players: four, Owners: owners},
			}, 2, 0)
			check(t, screenLines(s), tr.T("lobby.dup.one"), tr.T("lobby.waiting"), tr.T("lobby.dup.at", 2, 2, 2), tr.T("lobby.watchers", 2))
		})
		t.Run(lang+"-daily-header", func(t *testing.T) {
			s := annAt(srv, lang, 80, 24)
			showClassic(t, s, 0, func(u *seatmsg.Update) {
				u.Daily = &seatmsg.Daily{Date: "2026-11-24", Hand: 1, Of: 4, Practice: "new"}
			})
			lines := screenLines(s)
			if strings.Contains(lines[0], "…") {
				t.Errorf("the header is cut: %q", lines[0])
			}
			check(t, lines)
			s.seat.Close(&s.c)
		})
	}
}
