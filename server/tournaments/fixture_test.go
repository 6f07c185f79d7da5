package tournaments

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"okey/game/tourney"
)

// TestWriteStandingsFixture writes, when OKEY_STANDINGS_FIXTURE names a
// folder, a played arena's state (the director's, as the store keeps
// it) and each of its matches' records there: cmd's test of okey
// tournament standings reads them (cmd/testdata/standings). When
// OKEY_STANDINGS_DUP_FIXTURE names one, a played Swiss of duplicate
// rounds there too, with its field scores (field.json: each entrant's,
// as a fraction): cmd/testdata/standings-dup. Skipped otherwise.
func TestWriteStandingsFixture(t *testing.T) {
	arena, dup := os.Getenv("OKEY_STANDINGS_FIXTURE"), os.Getenv("OKEY_STANDINGS_DUP_FIXTURE")
	if arena == "" && dup == "" {
		t.Skip("OKEY_STANDINGS_FIXTURE and OKEY_STANDINGS_DUP_FIXTURE name no folder to write a fixture in")
	}
	if arena != "" {
		writeFixture(t, arena, tourney.Config{
			Kind: tourney.Arena, Name: "Friday arena", Game: "101", Hands: 1, Start: t0, Length: 10 * time.Minute,
			BotWait: time.Minute, BotLevel: "easy", Back: time.Minute,
		}, 6)
	}
	if dup != "" {
		writeFixture(t, dup, tourney.Config{
			Kind: tourney.Swiss, Name: "Friday duplicate", Game: "101", Hands: 1, Start: t0, Rounds: 2,
			BotLevel: "easy", Back: time.Minute, Duplicate: true,
		}, 8)
	}
}

// writeFixture plays tournament c with players to its end and writes
// its state and its matches' records in dir, and a duplicate one's
// field scores.
func writeFixture(t *testing.T, dir string, c tourney.Config, players int) {
	t.Helper()
	n, clk, id := begin(t, c, players)
	tr := play(t, n, clk, id, 10*time.Second, nil)
	write := func(name string, v any) {
		t.Helper()
		b, err := json.MarshalIndent(v, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("tournament.json", tr)
	if c.Duplicate {
		fs, err := n.svc.FieldScores(id)
		if err != nil {
			t.Fatal(err)
		}
		field := map[string]string{}
		for p, v := range fs {
			field[p] = v.RatString()
		}
		write("field.json", field)
	}
	for _, m := range tr.Matches {
		rec, err := n.svc.Record(context.Background(), id, m.Table)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.okey", m.Table)), rec, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d matches written to %s", len(tr.Matches), dir)
}
