package door

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/pages/tourneyform"
)

// TestServerChecksTheFormsLimits: the server's create and edit refuse
// what the form never offers, as a session that skips the form would
// ask it — an arena of 5 minutes, a start 25 hours ahead or past, a
// Swiss of 12 rounds — each in the form's words, in both languages;
// the operator's own may be shorter.
func TestServerChecksTheFormsLimits(t *testing.T) {
	t.Parallel()
	stateDir := t.TempDir()
	srv, rerr, err := New(withDefaults(t, func(c *Config) { c.StateDir, c.HostKey = stateDir, filepath.Join(stateDir, "k", "key") }))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	p := srv.port(nil)
	now := time.Now()
	ok := tourney.Config{Kind: tourney.Arena, Name: "Friday", Game: "101", Hands: 1, Start: now.Add(time.Hour), Length: time.Hour}
	short, ahead, past, rounds := ok, ok, ok, ok
	short.Length = 5 * time.Minute
	ahead.Start = now.Add(25 * time.Hour)
	past.Start = now.Add(-2 * time.Minute)
	rounds.Kind, rounds.Length, rounds.Rounds = tourney.Swiss, 0, 12
	side := commontest.New(t)
	for _, tc := range []struct {
		name string
		c    tourney.Config
		en   string
		tr   string
	}{
		{"5 minutes", short, "An arena lasts 10 min to 6 h: change Length.", "Arena 10 dk ile 6 sa arası sürer: Süre'yi değiştir."},
		{"25 hours ahead", ahead, "That start is past or too far ahead: change Starts in.", "Bu başlangıç geçti ya da çok ileride: Başlangıç'ı değiştir."},
		{"past", past, "That start is past or too far ahead: change Starts in.", "Bu başlangıç geçti ya da çok ileride: Başlangıç'ı değiştir."},
		{"12 rounds", rounds, "A Swiss has at most 9 rounds: change Rounds.", "İsviçre sisteminde en çok 9 tur olur: Tur sayısını değiştir."},
	} {
		_, err := p.CreateTournament("key:ann", tc.c)
		if err == nil {
			t.Errorf("%s: created", tc.name)
			continue
		}
		for lang, want := range map[string]string{"en": tc.en, "tr": tc.tr} {
			if got := tourneyform.Fault(side.Common(context.Background(), "key:ann", "", "ann", lang), err); got != want {
				t.Errorf("%s, %s: %q (%v), want %q", tc.name, lang, got, err, want)
			}
		}
	}
	id, err := p.CreateTournament("key:ann", ok)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Organise(id, "key:ann", false, short); err == nil {
		t.Error("an edit to 5 minutes was taken")
	}
	if _, err := p.CreateTournament("", short); err != nil {
		t.Errorf("the operator's 5 minutes: %v", err)
	}
}
