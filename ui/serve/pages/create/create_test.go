package create

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"okey/server/hall"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestCreateFormOpensOnItsFirstRow: the form of a new table opens with
// its cursor on the first row, whatever row it was left on, so that a
// player who left it on "Who may join" and comes back pressing → does
// not make a private table unawares.
func TestCreateFormOpensOnItsFirstRow(t *testing.T) {
	c := commontest.New(t).Common(context.Background(), "key:test", "", "ann", "en")
	f := New(0)
	press := func(k string) common.Turn { return commontest.Press(c, &f, k) }

	f.Open(c) // n in the lobby
	for range Rows - 1 {
		press("down")
	}
	if f.field != RowPrivate {
		t.Fatalf("the cursor is on row %d after going down; want the last (%d)", f.field, RowPrivate)
	}
	if to := press("esc").To; to != common.Lobby {
		t.Fatalf("esc left the page %v; want the lobby", to)
	}

	f.Open(c)
	if f.field != RowGame {
		t.Errorf("the form opened again on row %d; want the first (%d)", f.field, RowGame)
	}
	before := f
	press("right")
	if f.priv != before.priv {
		t.Errorf("→ on the opened form changed who may join (private %v → %v)", before.priv, f.priv)
	}
	if f.game == before.game {
		t.Errorf("→ on the opened form did not change the game (the first row)")
	}
}

// TestCreateFormDuplicate: the form's duplicate row goes from off
// through 1 to 4 deals and round again, for both games; each choice is
// a table the hall takes (a 101 duplicate's matches one hand long), and
// the row says the hands in both languages.
func TestCreateFormDuplicate(t *testing.T) {
	for game := range tables.GameKinds() {
		f := New(0)
		f.game, f.field = game, RowDuplicate
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
	side := commontest.New(t)
	for _, lang := range []string{"en", "tr"} {
		c := side.Common(context.Background(), "key:test", "", "ann", lang)
		f := New(side.Set.DefaultTimer)
		f.dup = 3
		lines, _ := f.Lines(c)
		text := strings.Join(lines, "\n")
		if !strings.Contains(text, c.Tr.T("create.dup.deals", 3, 12)) || !strings.Contains(text, c.Tr.T("create.dup.note")) {
			t.Errorf("%s: the form does not say the plan:\n%s", lang, text)
		}
	}
}

// TestAStoreTooSlowToOpenIsSaidInWords: a table the store could not
// number in time (fifty opened at once beside a CPU burner) is refused
// in the player's words, in both languages, saying to try again — not
// with the store's error ("Cannot open a table: the next table's
// number: context deadline exceeded", as players were shown it) — and
// the error as it came is in the server's log. The line fits an
// 80-column screen (the flash line is cut there).
func TestAStoreTooSlowToOpenIsSaidInWords(t *testing.T) {
	side := commontest.New(t)
	slow := fmt.Errorf("%w: a table's number: the next table's number: %w", hall.ErrStoreSlow, context.DeadlineExceeded)
	for _, lang := range []string{"en", "tr"} {
		c := side.Common(context.Background(), "key:test", "", "ann", lang)
		got := c.OpenRefused(slow)
		if got != c.Tr.T("lobby.storeslow") || strings.Contains(got, "deadline") || strings.Contains(got, "lobby.") {
			t.Errorf("%s: the player reads %q, want %q", lang, got, c.Tr.T("lobby.storeslow"))
		}
		if n := utf8.RuneCountInString(got); n > 80 {
			t.Errorf("%s: the line is %d wide, cut on an 80-column screen: %q", lang, n, got)
		}
	}
	if log := side.Logged(); !strings.Contains(log, "context deadline exceeded") {
		t.Errorf("the store's error is not in the log:\n%s", log)
	}
}
