package tourneyview

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/server/tournaments"
)

// Every refusal the server or the director may give the form is said
// in the player's words, naming what to change, within the 78 columns
// of an 80-column status line, never in the error's own words; one
// none names is a passing fault, its words not shown.
func TestFaultsSayWhatToChange(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		other := tr.T("tourney.new.err.other")
		for _, f := range faults {
			err := fmt.Errorf("tournament x: %w: internal detail 12345", f.err)
			got := Refusal(tr, err)
			switch {
			case got == other || got == "":
				t.Errorf("%s: %v is said as a passing fault", lang, f.err)
			case strings.Contains(got, "%!") || strings.Contains(got, "internal detail"):
				t.Errorf("%s: %v says %q", lang, f.err, got)
			case ansi.StringWidth(got) > 78:
				t.Errorf("%s: %q is %d columns", lang, got, ansi.StringWidth(got))
			}
		}
		if got := Refusal(tr, errors.New("nats: timeout 10")); got != other {
			t.Errorf("%s: an unknown error says %q", lang, got)
		}
	}
}

// The clashes the server refuses, as the form checks them before it
// asks: each said with what to change, in both languages.
func TestClashesNamed(t *testing.T) {
	now := time.Date(2026, 11, 25, 21, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name  string
		cfg   func(tourney.Config) tourney.Config
		timer time.Duration
		key   string
	}{
		{"a bank with no turn timer", func(c tourney.Config) tourney.Config { c.Bank, c.Turn = time.Minute, 0; return c }, 0, "tourney.new.err.banknoturn"},
		{"a turn of 2 s", func(c tourney.Config) tourney.Config { c.Turn = 2 * time.Second; return c }, 0, "tourney.new.err.turn"},
		{"a bank of an hour", func(c tourney.Config) tourney.Config { c.Bank = time.Hour; return c }, 30 * time.Second, "tourney.new.err.bank"},
		{"an arena of 5 min", func(c tourney.Config) tourney.Config { c.Length = 5 * time.Minute; return c }, 0, "tourney.new.err.arena"},
		{"an arena of 7 h", func(c tourney.Config) tourney.Config { c.Length = 7 * time.Hour; return c }, 0, "tourney.new.err.arena"},
		{"101 of 3 hands, a match of 1", func(c tourney.Config) tourney.Config { c.Game, c.Rules, c.Hands = "101", "hands=3", 1; return c }, 0, "tourney.new.err.ruleshands"},
		{"a name of 41 bytes", func(c tourney.Config) tourney.Config { c.Name = strings.Repeat("x", 41); return c }, 0, "tourney.new.err.name"},
		{"a description of 81 letters", func(c tourney.Config) tourney.Config { c.Description = strings.Repeat("a", 81); return c }, 0, "tourney.new.err.description"},
		{"a start 20 days ahead", func(c tourney.Config) tourney.Config { c.Start = now.Add(20 * 24 * time.Hour); return c }, 0, "tourney.new.err.start"},
		{"duplicate arena", func(c tourney.Config) tourney.Config { c.Duplicate = true; return c }, 0, "tourney.new.err.duplicate"},
		{"classic partners", func(c tourney.Config) tourney.Config { c.Partners = true; return c }, 0, "tourney.new.err.partners"},
	} {
		base := tourney.Config{Kind: tourney.Arena, Game: "classic", Rules: "default", Hands: 20, Start: now.Add(time.Hour), Length: time.Hour, Name: "x"}
		_, err := tournaments.Check("ann", c.cfg(base), now, c.timer)
		if err == nil {
			t.Errorf("%s: taken", c.name)
			continue
		}
		for _, lang := range []string{"en", "tr"} {
			tr := i18n.MustLoad(lang)
			i := slices.IndexFunc(faults, func(f fault) bool { return f.key == c.key })
			if i < 0 {
				t.Fatalf("no fault says %s", c.key)
			}
			if got, want := Refusal(tr, err), Refusal(tr, faults[i].err); got != want {
				t.Errorf("%s (%s): %q, want %q (%v)", c.name, lang, got, want, err)
			}
		}
	}
}
