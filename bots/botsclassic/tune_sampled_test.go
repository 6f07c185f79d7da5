//go:build tune

package botsclassic_test

import (
	"testing"

	"okey/bots/belief"
	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game/classic"
)

// TestBoundSampled is TestBound (same variables, same files) with the
// worlds of bots/rollout's samplers open to pimc, so that the bound's
// bench measures the honest search on the worlds the search, the hint
// and the coach draw (docs/classic-belief.md):
//
//	pimc-sampler=1  rollout.Sampler: the learned belief, weighed (the shared sampler)
//	pimc-sampler=2  rollout.Uniform: the sampler before the belief
//	pimc-sampler=3  the learned belief's placements, unweighed
//
//	OKEY_OUT=/tmp/b.tsv OKEY_DEALS=109 \
//	OKEY_BOUND='pimc-sampler=1-n=64,normal,normal,normal;pimc-sampler=2-n=64,normal,normal,normal' \
//	  go test -tags tune ./bots/botsclassic -run 'BoundSampled$' -v -timeout 0
//
// Its lines go with TestBound's in TestBoundReport (the same deals and
// bot seeds).
func TestBoundSampled(t *testing.T) {
	botsclassic.RunBound(t,
		worldsOf(rollout.Sampler()),
		worldsOf(rollout.Uniform()),
		worldsOf(rollout.SamplerClassic{Belief: belief.Trained()}))
}

func worldsOf(s rollout.SamplerClassic) botsclassic.PimcWorlds {
	return func(v *classic.View, seed uint64) (func(int) (classic.State, error), error) {
		w, err := rollout.NewWorldsClassic(v, s)
		if err != nil {
			return nil, err
		}
		return func(i int) (classic.State, error) { return w.World(seed, i) }, nil
	}
}
