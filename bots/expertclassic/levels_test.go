package expertclassic

import (
	"slices"
	"strings"
	"testing"

	"okey/bots/botsclassic"
)

// storedLevels are the level names that saved settings, match records
// and server tables may hold: every classic level this game has offered,
// current or merged into another. The list only grows: a level renamed
// or merged keeps its old name here, and Current must send it on.
var storedLevels = []struct{ name, plays string }{
	{"easy", "easy"},
	{"normal", "normal"},
	{"hard", "hard"},
	{"expert", "expert"}, // merged into hard in 2026-11, a level of its own again since
}

// Every name a file may hold still builds a bot (as match records and
// server tables do, through New) and maps to an offered level (as saved
// settings do, through Current, before checking it against Levels), and
// every offered level is among the names a file may hold (changing what
// a level does must not strand a saved name).
func TestStoredLevelNames(t *testing.T) {
	for _, c := range storedLevels {
		for _, spelt := range []string{c.name, strings.ToUpper(c.name), " " + c.name + " "} {
			t.Run(spelt, func(t *testing.T) {
				cur := Current(spelt)
				if cur != c.plays || !slices.Contains(Levels, cur) {
					t.Errorf("Current(%q) = %q, want %q, one of %v", spelt, cur, c.plays, Levels)
				}
				b, err := New(spelt, botsclassic.Options{Seed: 1})
				if err != nil {
					t.Fatalf("New(%q): %v", spelt, err)
				}
				if b.Level() != c.plays {
					t.Errorf("New(%q) plays as %q, want %q", spelt, b.Level(), c.plays)
				}
			})
		}
	}
	for _, l := range Levels {
		if !slices.ContainsFunc(storedLevels, func(s struct{ name, plays string }) bool { return s.name == l }) {
			t.Errorf("level %q is offered but not among the stored names: add it to storedLevels", l)
		}
	}
}
