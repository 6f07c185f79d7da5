package tourney

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
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
