package serve

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/classic"
	"okey/server/tables"
	"okey/ui/i18n"
	"okey/ui/seatmsg"
)

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
	srv, _ := testServer(t)
	for _, lang := range []string{"en", "tr"} {
		t.Run(lang, func(t *testing.T) {
			tr := i18n.MustLoad(lang)
			s := newSession(srv, context.Background(), "key:test", "", "ann", "127.0.0.1", lang)
			s.Init()
			s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			g, err := classic.NewGame(classic.DefaultRules(), 42, nil)
			if err != nil {
				t.Fatal(err)
			}
			m := tables.NewMember("key:test", "ann", "127.0.0.1", 0)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s.at = &membership{t: stubTable{}, m: m, gen: 1, ctx: ctx, cancel: cancel, kind: tables.GameKinds()[0], seat: 0}
			v := g.State().View(0)
			d := &seatmsg.Duplicate{Hand: 3, Hands: 4, Deal: 1, Deals: 1, Rotation: 3, Names: [4]string{"ann", "Mehmet", "bob", "Emre"}}
			d.Seats = [4]int{0, 1, 2, 3}
			d.Score[0], d.Totals[0] = -8, -2 // quarters: -2
			u := seatmsg.Update{View: &v, Duplicate: d}
			for p := range 4 {
				u.Players[p] = seatmsg.Player{Name: d.Names[p], Kind: seatmsg.Human}
			}
			s.onTable(fromTableMsg{gen: 1, msg: tables.Msg{Update: &u}})
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
			s.onTable(fromTableMsg{gen: 1, msg: tables.Msg{Update: &u}})
			top := screenLines(s)[0]
			if want := tr.T("dup.you", "-312.75", -1234); !strings.Contains(top, want) || ansi.StringWidth(top) > 80 {
				t.Errorf("at four deals the top line %q lacks %q or is wider than 80", top, want)
			}

			s.seat.close()
			s.at, s.page = nil, pgLobby
			s.lobby.tables = []*tables.Summary{{ID: "3", Game: "classic", Rules: "standard", Duplicate: 1, Started: true, Hand: 3}}
			s.lobby.open, s.lobby.hiddenPrivate = 1, 0
			row := tr.T("lobby.dup.at", 1, 1, 3)
			if !strings.Contains(strings.Join(screenLines(s), "\n"), row) {
				t.Errorf("the lobby row of rotation 3 lacks %q:\n%s", row, strings.Join(screenLines(s), "\n"))
			}
			s.lobby.tables, s.lobby.open, s.lobby.hiddenPrivate = nil, 2, 0
			words := strings.Join(strings.Fields(strings.Join(screenLines(s), " ")), " ")
			if !strings.Contains(words, tr.T("lobby.onlydailies")) || strings.Contains(words, tr.T("lobby.onlyprivate")) {
				t.Errorf("a lobby of others' dailies says:\n%s", strings.Join(screenLines(s), "\n"))
			}
			s.lobby.hiddenPrivate = 1
			words = strings.Join(strings.Fields(strings.Join(screenLines(s), " ")), " ")
			if !strings.Contains(words, tr.T("lobby.onlyprivate")) {
				t.Errorf("a lobby of a private table says:\n%s", strings.Join(screenLines(s), "\n"))
			}
		})
	}
}
