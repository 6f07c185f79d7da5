package serve

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestIdleLobbyIsNotRedrawn: a session in the lobby draws its page again
// only when what the page shows has changed. The hall's news with the
// same tables listed leaves the frame as it was drawn (Bubble Tea asks
// for the view after every message); a table opened is shown at the
// next news; a key is drawn at once.
func TestIdleLobbyIsNotRedrawn(t *testing.T) {
	srv := commontest.New(t)
	s := newSession(srv, commontest.NewTourneys(srv.Now), context.Background(), "key:test", "", "ann", "127.0.0.1", "en")
	s.Init()
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	first := s.View().Content
	if !s.drawn {
		t.Fatal("the page was not kept once drawn")
	}
	for range 3 {
		s.Update(common.HallNews{})
		if !s.drawn {
			t.Fatal("an idle lobby's tick redraws the page")
		}
	}
	if s.View().Content != first {
		t.Fatal("the kept page changed")
	}

	if _, err := srv.H.Create(tables.Config{Game: "classic", Rules: "", Levels: [4]string{"normal", "normal", "normal", "normal"}}, "key:bob", "127.0.0.2"); err != nil {
		t.Fatal(err)
	}
	s.Update(common.HallNews{})
	if s.drawn {
		t.Fatal("a new table listed did not redraw the lobby")
	}
	if got := ansi.Strip(s.View().Content); got == ansi.Strip(first) {
		t.Fatalf("the lobby does not show the new table:\n%s", got)
	}
	s.Update(common.HallNews{})
	if !s.drawn {
		t.Fatal("the lobby is redrawn with nothing new")
	}

	s.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
	if s.drawn {
		t.Fatal("a key did not redraw the page")
	}
}
