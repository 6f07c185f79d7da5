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
// tournament standings reads them (cmd/testdata/standings). Skipped
// otherwise.
func TestWriteStandingsFixture(t *testing.T) {
	dir := os.Getenv("OKEY_STANDINGS_FIXTURE")
	if dir == "" {
		t.Skip("OKEY_STANDINGS_FIXTURE names no folder to write the fixture in")
	}
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Arena, Name: "Friday arena", Game: "101", Hands: 1, Start: t0, Length: 10 * time.Minute,
		BotWait: time.Minute, BotLevel: "easy", Back: time.Minute,
	}, 6)
	tr := play(t, n, clk, id, 10*time.Second, nil)
	b, err := json.MarshalIndent(tr, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tournament.json"), b, 0o644); err != nil {
		t.Fatal(err)
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
