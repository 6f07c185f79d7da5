package serve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/ui/serve/tournaments"
)

// TestTournamentsThroughThePort: a session's side reaches the
// tournaments only through the port: the operator's file creates its
// tournament at start, once, however often the server starts on its
// state directory; a player creates one within their share, joins and
// leaves; the lobby's list and a tournament's copy say so, and the
// joins survive a restart. An unknown id is ErrNoTournament.
func TestTournamentsThroughThePort(t *testing.T) {
	t.Parallel()
	stateDir := t.TempDir()
	file := filepath.Join(t.TempDir(), "friday.json")
	start := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	if err := os.WriteFile(file, []byte(`{"name": "Friday arena", "kind": "arena", "game": "101", "hands": 1,
		"start": "`+start.Format(time.RFC3339)+`", "length": "1h", "bot_wait": "1m", "bot_level": "easy"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tweak := func(c *Config) {
		c.StateDir, c.HostKey, c.Tournaments = stateDir, filepath.Join(stateDir, "k", "key"), []string{file}
	}
	srv, rerr, err := New(withDefaults(t, tweak))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	p := srv.port(nil)
	l := p.Tournaments()
	if len(l) != 1 || l[0].Name != "Friday arena" || l[0].Phase != tourney.Starting || !l[0].Start.Equal(start) {
		t.Fatalf("the operator's tournament: %+v", l)
	}
	op := l[0].ID
	mine, err := p.CreateTournament("key:ann", tourney.Config{Kind: tourney.Swiss, Name: "ann's rounds", Game: "classic", Rules: "points=5", Hands: 1, Rounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.CreateTournament("key:ann", tourney.Config{Kind: tourney.Swiss, Name: "again", Game: "classic", Hands: 1, Rounds: 3}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.CreateTournament("key:ann", tourney.Config{Kind: tourney.Swiss, Name: "a third", Game: "classic", Hands: 1, Rounds: 3}); !errors.Is(err, tournaments.ErrYourTournaments) {
		t.Errorf("a third tournament of one player's: %v", err)
	}
	if _, err := p.CreateTournament("key:bob", tourney.Config{Kind: tourney.Swiss, Game: "classic", Hands: 1, Rounds: 99}); !errors.Is(err, tournaments.ErrSettings) {
		t.Errorf("99 rounds: %v", err)
	}
	if _, err := p.CreateTournament("key:bob", tourney.Config{Kind: tourney.Arena, Game: "chess", Hands: 1, Length: time.Hour}); !errors.Is(err, tournaments.ErrSettings) {
		t.Errorf("a game not served: %v", err)
	}
	for _, who := range []string{"key:ann", "key:bob", "key:cem"} {
		if err := p.JoinTournament(op, who, 1500); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := p.Tournament("nope"); !errors.Is(err, tournaments.ErrNoTournament) {
		t.Errorf("an unknown tournament: %v", err)
	}
	joined := func(p serverPort) (int, bool) {
		_, tr, err := p.Tournament(op)
		if err != nil {
			t.Fatal(err)
		}
		return len(tr.Joined), tr.Joined["key:cem"].Left
	}
	waitFor := func(left bool) {
		t.Helper()
		for end := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if n, l := joined(p); n == 3 && l == left {
				return
			}
			if time.Now().After(end) {
				n, l := joined(p)
				t.Fatalf("the owner never took the requests: %d joined, cem left %v", n, l)
			}
		}
	}
	waitFor(false)
	if err := p.LeaveTournament(op, "key:cem"); err != nil {
		t.Fatal(err)
	}
	if err := p.LeaveTournament(op, "key:dan"); !errors.Is(err, tourney.ErrUnknown) {
		t.Errorf("leaving a tournament never joined: %v", err)
	}
	waitFor(true)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	// Again on the same directory: the operator's tournament is not
	// made twice, and everything kept is there.
	srv, rerr, err = New(withDefaults(t, tweak))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	defer func() { _ = srv.Shutdown(ctx) }()
	p = srv.port(nil)
	if l := p.Tournaments(); len(l) != 3 || l[0].ID != op {
		t.Errorf("after a restart the lobby lists %+v, want the operator's and ann's two, the latest first", l)
	}
	if n, left := joined(p); n != 3 || !left {
		t.Errorf("after a restart: %d joined, cem left %v", n, left)
	}
	if _, tr, _ := p.Tournament(mine); tr.Config.Rounds != 3 || tr.Config.Name != "ann's rounds" {
		t.Errorf("ann's tournament after a restart: %+v", tr.Config)
	}
}
