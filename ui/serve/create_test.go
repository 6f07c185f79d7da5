package serve

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestCreateFormOpensOnItsFirstRow: the form of a new table opens with
// its cursor on the first row, whatever row it was left on. It once kept
// the last row between openings, so a player who had left it on "Who may
// join" and came back pressing → made a private table unawares.
func TestCreateFormOpensOnItsFirstRow(t *testing.T) {
	srv, _ := testServer(t)
	s := newSession(srv, context.Background(), "key:test", "", "ann", "127.0.0.1", "en")
	s.Init()
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	press := func(code rune, text string) { s.Update(tea.KeyPressMsg{Code: code, Text: text}) }

	press('n', "n")
	for range nFields - 1 {
		press(tea.KeyDown, "")
	}
	if s.form.field != fPrivate {
		t.Fatalf("the cursor is on row %d after going down; want the last (%d)", s.form.field, fPrivate)
	}
	press(tea.KeyEscape, "")
	if s.page != pgLobby {
		t.Fatalf("esc left the page %v; want the lobby", s.page)
	}

	press('n', "n")
	if s.form.field != fGame {
		t.Errorf("the form opened again on row %d; want the first (%d)", s.form.field, fGame)
	}
	before := s.form
	press(tea.KeyRight, "")
	if s.form.priv != before.priv {
		t.Errorf("→ on the opened form changed who may join (private %v → %v)", before.priv, s.form.priv)
	}
	if s.form.game == before.game {
		t.Errorf("→ on the opened form did not change the game (the first row)")
	}
}
