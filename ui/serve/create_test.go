package serve

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/server/tables"
	"okey/ui/serve/common"
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
	if s.page != common.Lobby {
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

// TestCreateFormDuplicate: the form's duplicate row goes from off
// through 1 to 4 deals and round again, for both games; each choice is
// a table the hall takes (a 101 duplicate's matches one hand long), and
// the row says the hands in both languages.
func TestCreateFormDuplicate(t *testing.T) {
	for game := range tables.GameKinds() {
		f := newCreateForm(0)
		f.game, f.field = game, fDuplicate
		for want := range tables.MaxDuplicateDeals + 2 {
			c := f.config()
			deals := want % (tables.MaxDuplicateDeals + 1)
			switch {
			case deals == 0 && c.Duplicate != nil:
				t.Errorf("%s: off gave a plan %+v", c.Game, *c.Duplicate)
			case deals > 0 && (c.Duplicate == nil || c.Duplicate.Deals != deals):
				t.Errorf("%s: %d deals gave %+v", c.Game, deals, c.Duplicate)
			}
			if err := c.Check(); err != nil {
				t.Errorf("%s, %d deals: %v", c.Game, deals, err)
			}
			f.change(1)
		}
	}
	for _, lang := range []string{"en", "tr"} {
		srv, _ := testServer(t)
		s := newSession(srv, context.Background(), "key:test", "", "ann", "127.0.0.1", lang)
		s.form.dup = 3
		lines, _ := s.form.Lines(&s.c)
		text := strings.Join(lines, "\n")
		if !strings.Contains(text, s.c.Tr.T("create.dup.deals", 3, 12)) || !strings.Contains(text, s.c.Tr.T("create.dup.note")) {
			t.Errorf("%s: the form does not say the plan:\n%s", lang, text)
		}
	}
}
