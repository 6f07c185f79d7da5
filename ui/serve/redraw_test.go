package serve

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// TestIdleLobbyIsNotRedrawn: a session in the lobby draws its page again
// only when what the page shows has changed. The lobby's tick every
// second, with the same tables listed, leaves the frame as it was drawn
// (Bubble Tea asks for the view after every message: an idle lobby must
// cost nothing); a table opened is shown at the next tick; a key is
// drawn at once.
func TestIdleLobbyIsNotRedrawn(t *testing.T) {
	srv, _ := testServer(t)
	s := newSession(srv, context.Background(), "key:test", "", "ann", "127.0.0.1", "en")
	s.Init()
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	first := s.View().Content
	if !s.drawn {
		t.Fatal("the page was not kept once drawn")
	}
	for range 3 {
		s.Update(lobbyTickMsg{})
		if !s.drawn {
			t.Fatal("an idle lobby's tick redraws the page")
		}
	}
	if s.View().Content != first {
		t.Fatal("the kept page changed")
	}

	if _, err := srv.hall.create(tableConfig{Game: "classic", Rules: "", Levels: [4]string{"normal", "normal", "normal", "normal"}}, "key:bob", "127.0.0.2"); err != nil {
		t.Fatal(err)
	}
	s.Update(lobbyTickMsg{})
	if s.drawn {
		t.Fatal("a new table listed did not redraw the lobby")
	}
	if got := ansi.Strip(s.View().Content); got == ansi.Strip(first) {
		t.Fatalf("the lobby does not show the new table:\n%s", got)
	}
	s.Update(lobbyTickMsg{})
	if !s.drawn {
		t.Fatal("the lobby is redrawn with nothing new")
	}

	s.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
	if s.drawn {
		t.Fatal("a key did not redraw the page")
	}
}
