//go:build tune

package arena101_test

import (
	"os"
	"strings"
	"testing"

	"okey/bots/arena101"
	"okey/game/okey101"
	"okey/lab/internal/arenatest"
)

// TestCeiling measures the full-sight Ceiling player against three
// normal bots in whole matches, every seat of every deal (the ceiling
// study of docs/bots-101.md); it is built only with the tune tag, as it takes
// minutes:
//
//	OKEY_MATCHES=400 OKEY_SEED=3 go -C lab test -tags tune ./arena101 -run Ceiling -v -timeout 0
//
// OKEY_MATCHES sets the matches (400 by default), OKEY_SEED the seed
// (3), OKEY_BOTS the table (ceiling,normal,normal,normal). It only
// reports: a ceiling has no target.
func TestCeiling(t *testing.T) {
	matches := arenatest.EnvCount(t, "OKEY_MATCHES", 400)
	seed := arenatest.EnvCount(t, "OKEY_SEED", 3)
	bots := arena101.Ceiling + ",normal,normal,normal"
	if b := strings.TrimSpace(os.Getenv("OKEY_BOTS")); b != "" {
		bots = b
	}
	arenatest.Run(t, bots, arena101.Config{Bots: strings.Split(bots, ","), Matches: matches, Seed: uint64(seed), Rules: okey101.DefaultRules()})
}
