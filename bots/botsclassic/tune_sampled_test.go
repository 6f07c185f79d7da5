//go:build tune

package botsclassic_test

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"okey/bots/belief"
	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/bots/smallnet"
	"okey/game/classic"
	"okey/game/tile"
)

// TestBoundSampled is TestBound (same variables, same files) with the
// worlds of bots/rollout's samplers open to pimc, so that the bound's
// bench measures the honest search on the worlds the search, the hint
// and the coach draw (docs/studies/classic-belief.md):
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
	botsclassic.RunBound(t, botsclassic.BoundHooks{Samplers: samplers()})
}

// samplers are pimc's sampler=1, 2, 3.
func samplers() []botsclassic.PimcWorlds {
	return []botsclassic.PimcWorlds{
		worldsOf(rollout.Sampler()),
		worldsOf(rollout.Uniform()),
		worldsOf(rollout.SamplerClassic{Belief: belief.Trained()}),
	}
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

// TestBoundLogLoss is TestBound (same variables, same files) with the
// probe of pimc's probe=1 (tune_logloss_test.go): at each searched
// discard of the first bot the worlds of its variant are scored, by the
// log-loss of the belief their frequencies give (belief.Frequencies,
// belief.CellLoss: docs/studies/classic-belief.md's measure of the samplers),
// beside the learned reading and the uniform reading themselves, and
// normal's pick is played, so that every table plays the same hands of
// four normal bots:
//
//	P=',normal,normal,normal'
//	OKEY_OUT=/tmp/ll.tsv OKEY_SEED=66 OKEY_DEALS=25 \
//	OKEY_BOUND="pimc-probe=1-n=256$P;pimc-probe=1-sampler=1-n=256$P;pimc-probe=1-honest=8-n=64$P;pimc-probe=1-belief=8-n=64$P" \
//	  go test -tags tune ./bots/botsclassic -run 'BoundLogLoss$' -v -timeout 0
//
// It refuses deals the belief was trained or measured on
// (freshDeals). TestBoundLogLossReport reads the lines back.
func TestBoundLogLoss(t *testing.T) {
	if os.Getenv("OKEY_BOUND") == "" || os.Getenv("OKEY_OUT") == "" {
		t.Skip("set OKEY_BOUND to the tables and OKEY_OUT to the file")
	}
	env := func(k string, d uint64) uint64 {
		if s := os.Getenv(k); s != "" {
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatalf("%s: %v", k, err)
			}
			return n
		}
		return d
	}
	if err := freshDeals(env("OKEY_SEED", 1), env("OKEY_FROM", 0), env("OKEY_DEALS", 250)); err != nil {
		t.Fatal(err)
	}
	botsclassic.RunBound(t, botsclassic.BoundHooks{Samplers: samplers(), Probe: probeWorlds})
}

// evalSeed and evalHands are the other deals the shipped belief's
// weights were measured on (docs/studies/classic-belief.md, "Measured again on
// other deals").
const (
	evalSeed  = 2_000_000
	evalHands = 3000
)

// freshDeals fails when a deal of TestBound's seed in [from, from+deals)
// is a hand the shipped belief was trained on, held out with, or
// measured on again: TestBound's deal k of seed s and the trainer's hand
// k of seed s are dealt from the same seed (smallnet.HandSeed), so seed 1
// is the training's deals.
func freshDeals(seed, from, deals uint64) error {
	sets, err := smallnet.ModelHands(belief.Trained())
	if err != nil {
		return err
	}
	sets = append(sets, smallnet.HandSet{Name: "measured again on", Seed: evalSeed, Hands: evalHands})
	return smallnet.Fresh(seed, int(from), int(deals), sets)
}

// TestFreshDeals: the bound's own seed 1 is the belief's training deals,
// and seed 66's first thousand deals are none of its deals.
func TestFreshDeals(t *testing.T) {
	if err := freshDeals(1, 0, 1); err == nil {
		t.Error("deal 0 of seed 1 passed as fresh; it is the training's hand 0")
	}
	if err := freshDeals(66, 0, 1000); err != nil {
		t.Error(err)
	}
}

// probeWorlds is the probe of TestBoundLogLoss: each (opponent, face)
// cell the learned reading of v counts (unseen copies, unseen slots in
// that rack) is scored by the log-loss of the count the true rack held,
// under the frequencies of 64 worlds (every n/64-th of the n drawn: a
// chain's 64 span its whole run) and of all of them, the learned
// reading and the uniform reading.
func probeWorlds(v *classic.View, truth *[classic.NumSeats]tile.Counts, worlds [][classic.NumSeats]tile.Counts) (botsclassic.ProbeSums, error) {
	var s botsclassic.ProbeSums
	rd := new(belief.Reader)
	var read, flat belief.Reading
	if err := rd.Read(v, belief.Trained(), &read); err != nil {
		return s, err
	}
	if err := rd.Read(v, nil, &flat); err != nil {
		return s, err
	}
	// the 64 worlds: every stride-th, so that a chain's 64 span its run
	stride := max(len(worlds)/64, 1)
	m := min(64, len(worlds))
	for f := range tile.NumFaces {
		u := read.Unseen[f]
		if u == 0 {
			continue
		}
		var h64, all [belief.Opponents]float64
		for i, w := range worlds {
			for o, seat := range read.Seats {
				if seat < 0 {
					continue
				}
				x := float64(w[seat][f]) - float64(read.Known[o][f])
				all[o] += x
				if i%stride == 0 && i/stride < m {
					h64[o] += x
				}
			}
		}
		q64 := belief.Frequencies(h64, m, u, read.Slots)
		qall := belief.Frequencies(all, len(worlds), u, read.Slots)
		for o, seat := range read.Seats {
			if seat < 0 || read.Slots[o] == 0 {
				continue
			}
			k := int(truth[seat][f]) - int(read.Known[o][f])
			if k < 0 || k > int(u) {
				return s, fmt.Errorf("face %v: seat %d holds %d, the view knows %d of %d unseen", tile.Tile(f), seat, truth[seat][f], read.Known[o][f], u)
			}
			l64, lall := belief.CellLoss(q64[o], u, uint8(k)), belief.CellLoss(qall[o], u, uint8(k))
			n, uu := float64(len(worlds)), float64(u)
			shrunk := func(a float64, p *belief.Reading) float64 {
				return belief.CellLoss((all[o]/uu+a*p.P[o][f])/(n+a), u, uint8(k))
			}
			s.S4 += shrunk(4, &flat)
			s.S16 += shrunk(16, &flat)
			s.S64 += shrunk(64, &flat)
			s.M16 += shrunk(16, &read)
			lr, lf := belief.CellLoss(read.P[o][f], u, uint8(k)), belief.CellLoss(flat.P[o][f], u, uint8(k))
			s.Cells++
			s.W64 += l64
			s.WAll += lall
			s.Read += lr
			s.Flat += lf
			if o == 0 {
				s.NCells++
				s.NW64 += l64
				s.NRead += lr
				s.NFlat += lf
			}
		}
	}
	return s, nil
}
