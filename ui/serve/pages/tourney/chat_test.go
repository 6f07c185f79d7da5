package tourney

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/server/tournaments"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// An entrant's m opens a line to the tournament's chat; said, it is on
// every page of the tournament within its width, a watcher's too, in
// either language; a watcher is offered no m.
func TestTournamentChatOnThePage(t *testing.T) {
	side := commontest.New(t)
	f := commontest.NewTourneys(side.Now)
	id, err := f.CreateTournament("key:ann", tourney.Config{Name: "Friday", Kind: tourney.Arena, Game: "101", Hands: 1, Start: side.Now().Add(time.Hour), Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.JoinTournament(id, "key:bob", "bob", 0); err != nil {
		t.Fatal(err)
	}
	bob, bc := opened(t, side, f, id, "key:bob")
	if _, bar := bob.Lines(bc); !hasKey(bar, "m") {
		t.Fatal("an entrant's key bar offers no m")
	}
	bob.key(bc, keyOf('m'))
	if !bc.Chat.On || bc.Chat.To != id {
		t.Fatalf("m: chat on %v to %q", bc.Chat.On, bc.Chat.To)
	}
	said := "iyi şanslar " + strings.Repeat("ğ", 120)
	run(bob, bc, common.Stay(bc.SayTourney(id, said)))
	if bc.Flash != "" {
		t.Fatalf("said: %q", bc.Flash)
	}
	for _, lang := range []string{"en", "tr"} {
		eve, ec := opened(t, side, f, id, "key:eve")
		ec.SetLang(lang)
		lines, bar := eve.Lines(ec)
		if hasKey(bar, "m") {
			t.Errorf("%s: a watcher is offered m", lang)
		}
		text := ansi.Strip(strings.Join(lines, "\n"))
		if !strings.Contains(text, "bob: iyi şanslar ğğ") || !strings.Contains(text, ec.Tr.T("tourney.chat.title")) {
			t.Errorf("%s: the watcher's page lacks the line:\n%s", lang, text)
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > ec.PageWidth() {
				t.Errorf("%s: a line of %d columns: %q", lang, w, ansi.Strip(l))
			}
		}
	}
	eve, ec := opened(t, side, f, id, "key:eve")
	run(eve, ec, common.Stay(ec.SayTourney(id, "hello")))
	if ec.Flash != ec.Tr.T("tourney.chat.notin") {
		t.Errorf("a watcher's line: %q", ec.Flash)
	}
}

// A player the operator muted reads so under the chat, until when, in
// either language within the page's width, and their line is refused
// with the same words.
func TestMutedToldOnThePage(t *testing.T) {
	side := commontest.New(t)
	f := commontest.NewTourneys(side.Now)
	id, err := f.CreateTournament("key:ann", tourney.Config{Name: "Friday", Kind: tourney.Arena, Game: "101", Hands: 1, Start: side.Now().Add(time.Hour), Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.JoinTournament(id, "key:bob", "bob", 0); err != nil {
		t.Fatal(err)
	}
	until := time.Date(2026, 11, 27, 21, 30, 0, 0, time.UTC)
	f.Mutes = map[string]tournaments.MutedError{"key:bob": {Until: until}}
	for _, lang := range []string{"en", "tr"} {
		bob, bc := opened(t, side, f, id, "key:bob")
		bc.SetLang(lang)
		lines, _ := bob.Lines(bc)
		text := strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, "\n"))), " ")
		want := bc.Tr.T("tourney.chat.muted", "21:30")
		if !strings.Contains(text, want) || !strings.Contains(want, "21:30") {
			t.Errorf("%s: the page does not say %q:\n%s", lang, want, text)
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > bc.PageWidth() {
				t.Errorf("%s: a line of %d columns: %q", lang, w, ansi.Strip(l))
			}
		}
		run(bob, bc, common.Stay(bc.SayTourney(id, "spam")))
		if bc.Flash != want {
			t.Errorf("%s: a muted line says %q", lang, bc.Flash)
		}
	}
}
