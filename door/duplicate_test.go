package door

import (
	"strings"
	"testing"
	"time"

	"okey/ui/serve/pages/create"
)

// TestServedDuplicate: a duplicate table over ssh, as friends meet it.
// ann opens a classic table with one deal from the form (its waiting
// room and its lobby row say it is a duplicate), bob sits, ann
// starts; both are soon away (their bots play for them). The screen's
// top line says the deal and rotation; as the players move one seat on,
// each is told where they sit now and their screen (their own rack at
// the bottom, "You") follows them; after the fourth rotation both see
// the end page: every player's duplicate score beside the usual one,
// their own row marked. The table is gone after.
func TestServedDuplicate(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a duplicate table's four hands over ssh")
	}
	t.Parallel()
	_, addr := testServer(t, func(c *Config) { c.AwayAfter = time.Second })
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t), w: 100, h: 30})
	defer ann.close()
	ann.waitFor("Tables (0 of", 10*time.Second)
	ann.press("n")
	ann.waitFor("A new table", 5*time.Second)
	for range create.RowDuplicate {
		ann.press("down")
	}
	ann.press("right")
	ann.waitFor("1 deal × 4 seats = 4 hands", 5*time.Second)
	ann.press("enter")
	ann.waitFor("Duplicate: 1 deal × 4 seats = 4 hands", 5*time.Second) // the waiting room says it
	ann.waitFor("s starts the match", 5*time.Second)
	bob := dial(t, addr, "bob", dialOpts{key: newKey(t), w: 80, h: 24})
	defer bob.close()
	bob.waitFor("standard · duplicate: 1 deal, 4 hands", 10*time.Second) // and the lobby
	bob.press("enter")
	bob.waitFor("Waiting for the host", 5*time.Second)
	ann.press("s")
	for _, c := range []*client{ann, bob} {
		c.waitFor("Duplicate · deal 1 of 1 · rotation 1 of 4", patience)
	}
	for _, c := range []*client{ann, bob} {
		scr := c.waitUntil("moved to rotation 2", 2*time.Minute, func(s string) bool {
			return strings.Contains(s, "rotation 2 of 4") || strings.Contains(s, "rotation 3 of 4") || strings.Contains(s, "Duplicate over")
		})
		if strings.Contains(scr, "Duplicate over") {
			t.Log("the hands went by faster than the screen was read")
			continue
		}
		if !strings.Contains(scr, "sat last hand") || !strings.Contains(scr, "You") {
			t.Errorf("a moved player's screen does not say where they sit, or is not theirs:\n%s", scr)
		}
	}
	for _, c := range []*client{ann, bob} {
		scr := c.waitFor("Duplicate over · classic Okey · 1 deal, 4 hands", 3*time.Minute)
		name := map[*client]string{ann: "ann", bob: "bob"}[c]
		mine := false
		for _, l := range strings.Split(scr, "\n") {
			if strings.Contains(l, "> ") && strings.Contains(l, " "+name+" ") {
				mine = true
			}
		}
		for _, want := range []string{"duplicate", "usual score", "ann", "bob", "Zeynep", "Emre", "each hand against the mean"} {
			if !strings.Contains(scr, want) {
				t.Errorf("%s's end page lacks %q:\n%s", name, want, scr)
			}
		}
		if !mine {
			t.Errorf("%s's own row is not marked:\n%s", name, scr)
		}
		c.press("esc")
		c.waitFor("Tables (0 of", 10*time.Second)
	}
}
