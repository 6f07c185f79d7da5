//go:build tune

package arena101_test

import (
	"strings"
	"testing"

	"okey/bots/arena101"
	"okey/game/okey101"
	"okey/lab/internal/arenatest"
)

// TestStrength measures the levels against their targets
// (docs/bots-101.md), and fails when one is missed; it is built only
// with the tune tag, as it takes minutes:
//
//	OKEY_HANDS=8000 go -C lab test -tags tune ./arena101 -run Strength -v -timeout 0
//
// normal must finish at least 40% of the hands someone finishes against
// three easy bots; hard must score fewer points a hand than the three
// normal bots it plays with, significant at 95% (the paired difference's
// interval below zero). OKEY_HANDS sets the hands of each table (8000
// by default), OKEY_SEED the seed (1).
func TestStrength(t *testing.T) {
	hands := arenatest.EnvCount(t, "OKEY_HANDS", 8000)
	seed := arenatest.EnvCount(t, "OKEY_SEED", 1)
	run := func(bots string) arena101.Result {
		return arenatest.Run(t, bots, arena101.Config{Bots: strings.Split(bots, ","), Hands: hands, Seed: uint64(seed), Rules: okey101.DefaultRules()})
	}
	ne := run("normal,easy,easy,easy")
	if n := ne.Bots[0]; n.FinishShare < 0.40 {
		t.Errorf("normal finishes %.1f%% (%.1f–%.1f%%) of the finished hands against three easy, want 40%% or more",
			100*n.FinishShare, 100*n.FinishCI95[0], 100*n.FinishCI95[1])
	}
	hn := run("hard,normal,normal,normal")
	if h := hn.Bots[0]; h.VsOthersCI95[1] >= 0 {
		t.Errorf("hard scores %+.1f (%+.1f–%+.1f) points a hand against three normal: not lower at 95%%",
			h.VsOthers, h.VsOthersCI95[0], h.VsOthersCI95[1])
	}
}
