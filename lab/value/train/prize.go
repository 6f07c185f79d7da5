package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"okey/bots/expertclassic"
	"path/filepath"
	"slices"

	"okey/bots/rollout"
	"okey/bots/smallnet"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// The prize of the whole discard: every distinct tile of the rack played
// out against normal's pick in many worlds (the shared sampler's, normal
// playing out), so that what any discard policy judged by normal's
// playouts can gain over normal's pick is measured, not guessed. The
// gain is cross-validated: the best candidate is chosen on half the
// worlds and scored on the other half (and the other way round), so the
// noise of the choice does not count as gain.

// prizeChoice is one decision's candidates played out.
type prizeChoice struct {
	Cands int
	// PickBest is whether normal's pick has the best mean of all worlds.
	PickBest bool
	// Naive is the best mean less the pick's over all worlds (biased
	// up by the choice of the best among noisy means); Gain the
	// cross-validated gain, and Worst the worst candidate's mean less
	// the pick's.
	Naive, Gain, Worst float64
	// Tiles are the candidates, Pick normal's among them and Means
	// their means over all worlds, so that another policy's pick is
	// scored on the same worlds afterwards (blocks made before these
	// were kept have none).
	Tiles []tile.Tile
	Pick  int
	Means []float64
	// Vals are each candidate's value in each world (NaN where a world
	// did not play), so that a search of fewer worlds can be scored on
	// the others afterwards (curve.go); blocks made before they were
	// kept have none.
	Vals [][]float32
}

// prizeBlock is the prize choices First to First+len(Choices)−1.
type prizeBlock struct {
	Seed       uint64
	First      int
	Worlds     int
	Choices    []prizeChoice
	CPUSeconds float64
}

// prizeBlockChoices is the choices of a prize block: a minute or two
// of CPU at 2,048 worlds.
const prizeBlockChoices = 2

// prizes plays each of cs out (every distinct tile of its rack) in
// worlds worlds on workers goroutines, the blocks in cache read and the
// others made and kept; it gives the choices and their CPU-seconds.
func prizes(ctx context.Context, cs []choice, seed uint64, worlds, workers int, cache string) ([]prizeChoice, float64, error) {
	players := make([]*rollout.PlayerClassic, max(workers, 1))
	for w := range players {
		players[w] = rollout.NewPlayerClassic()
	}
	var out []prizeChoice
	var cpu float64
	for first := 0; first < len(cs); first += prizeBlockChoices {
		end := min(first+prizeBlockChoices, len(cs))
		name := filepath.Join(cache, fmt.Sprintf("prize-s%d-w%d-%05d.gob", seed, worlds, first))
		var pb prizeBlock
		if cache != "" {
			err := trainer.Load(name, &pb)
			if err == nil && len(pb.Choices) == end-first {
				out = append(out, pb.Choices...)
				cpu += pb.CPUSeconds
				continue
			}
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, 0, err
			}
		}
		cpu0 := trainer.CPU()
		pb = prizeBlock{Seed: seed, First: first, Worlds: worlds}
		for i := first; i < end; i++ {
			pc, err := prizeOf(ctx, &cs[i], seed^uint64(i+1)*0x9e3779b97f4a7c15, worlds, workers, players)
			if err != nil {
				return nil, 0, fmt.Errorf("choice %d: %w", i, err)
			}
			pb.Choices = append(pb.Choices, pc)
		}
		pb.CPUSeconds = (trainer.CPU() - cpu0).Seconds()
		if cache != "" {
			if err := trainer.Save(name, &pb); err != nil {
				return nil, 0, err
			}
		}
		trainer.Logf("prize: choices %d–%d", first, end-1)
		out = append(out, pb.Choices...)
		cpu += pb.CPUSeconds
	}
	return out, cpu, nil
}

// prizeOf plays every distinct tile of c's rack out in worlds worlds.
func prizeOf(ctx context.Context, c *choice, seed uint64, worlds, workers int, players []*rollout.PlayerClassic) (prizeChoice, error) {
	var tiles []tile.Tile
	for _, t := range c.v.Rack {
		if !slices.Contains(tiles, t) {
			tiles = append(tiles, t)
		}
	}
	pick := slices.Index(tiles, c.cands[0])
	if pick < 0 {
		return prizeChoice{}, fmt.Errorf("normal's pick %v is not in the rack", c.cands[0])
	}
	acts := make([]classic.Action, len(tiles))
	for j, t := range tiles {
		acts[j] = classic.DiscardAction(c.v.Seat, t)
	}
	vals, err := rollout.Compare(ctx, nil, 0, worlds, workers, nil, rollout.CandidatesClassic(&c.v, acts, seed, players))
	if err != nil {
		return prizeChoice{}, err
	}
	// The means over all worlds, the even ones and the odd ones.
	mean := func(v []float64, from, step int) float64 {
		s, n := 0.0, 0
		for w := from; w < len(v); w += step {
			if !math.IsNaN(v[w]) {
				s += v[w]
				n++
			}
		}
		return s / float64(max(n, 1))
	}
	all, even, odd := make([]float64, len(tiles)), make([]float64, len(tiles)), make([]float64, len(tiles))
	for j := range tiles {
		all[j], even[j], odd[j] = mean(vals[j], 0, 1), mean(vals[j], 0, 2), mean(vals[j], 1, 2)
	}
	best := func(m []float64) int { return slices.Index(m, slices.Max(m)) }
	pc := prizeChoice{Cands: len(tiles), PickBest: best(all) == pick, Tiles: tiles, Pick: pick, Means: all}
	pc.Naive = all[best(all)] - all[pick]
	pc.Gain = (odd[best(even)] - odd[pick] + even[best(odd)] - even[pick]) / 2
	pc.Worst = slices.Min(all) - all[pick]
	pc.Vals = make([][]float32, len(tiles))
	for j := range tiles {
		pc.Vals[j] = make([]float32, len(vals[j]))
		for w, x := range vals[j] {
			pc.Vals[j][w] = float32(x)
		}
	}
	return pc, nil
}

// prizeSummary is the prizes over the choices measured.
type prizeSummary struct {
	Choices                      int
	Cands                        float64
	PickBest                     float64
	Gain, GainHalf, Naive, Worst float64
	// PerHand is Gain times a seat's discards a hand.
	PerHand, PerHandHalf float64
}

// summarize is the prizes' means (with the gain's 95% half-width over
// the choices), a seat making discards decisions a hand.
func summarize(ps []prizeChoice, discards float64) prizeSummary {
	s := prizeSummary{Choices: len(ps)}
	var gains []float64
	for _, p := range ps {
		s.Cands += float64(p.Cands)
		if p.PickBest {
			s.PickBest++
		}
		s.Naive += p.Naive
		s.Worst += p.Worst
		gains = append(gains, p.Gain)
	}
	n := float64(max(len(ps), 1))
	s.Cands, s.PickBest, s.Naive, s.Worst = s.Cands/n, s.PickBest/n, s.Naive/n, s.Worst/n
	s.Gain, s.GainHalf = rollout.Paired(gains, make([]float64, len(gains)))
	s.PerHand, s.PerHandHalf = s.Gain*discards, s.GainHalf*discards
	return s
}

// valuePrize is how a value's pick scores on the prize's worlds: on the
// choices whose candidates' means were kept, the value's pick (the
// candidate whose view after the discard it rates highest, okeys left
// out as the discard bot leaves them) against normal's pick. The pick
// does not look at the worlds, so its mean less the pick's is an
// unbiased gain, unlike the best mean's.
type valuePrize struct {
	Choices int
	// Best is the share of choices where the value picks the candidate
	// of the best mean; Same where it picks normal's.
	Best, Same float64
	// Gain is the value's pick's mean less normal's pick's, a choice,
	// with its 95% half-width over the choices; PerHand is it times a
	// seat's discards a hand.
	Gain, GainHalf       float64
	PerHand, PerHandHalf float64
}

// scoreValue scores m's picks on the prize choices ps of cs.
func scoreValue(cs []choice, ps []prizeChoice, m *smallnet.Model, discards float64) (valuePrize, error) {
	var picks []valuePick
	for i := range ps {
		pk, ok, err := valuePickOf(&cs[i].v, &ps[i], m)
		if err != nil {
			return valuePrize{}, fmt.Errorf("choice %d: %w", i, err)
		}
		if ok {
			picks = append(picks, pk)
		}
	}
	return summarizePicks(picks, discards), nil
}

// valuePick is how one choice's pick by a value scored.
type valuePick struct {
	Best, Same bool
	Gain       float64
}

// valuePickOf is m's pick among p's candidates (okeys left out), at
// view v; not ok when p has no means kept or nothing the value may
// throw.
func valuePickOf(v *classic.View, p *prizeChoice, m *smallnet.Model) (valuePick, bool, error) {
	if len(p.Means) != len(p.Tiles) || len(p.Means) == 0 {
		return valuePick{}, false, nil
	}
	b := &valueBot{value: m, mode: modeDiscard}
	pick, pickV := -1, 0.0
	for j, t := range p.Tiles {
		if v.Analyzer.IsOkey(t) {
			continue
		}
		w := expertclassic.After(v, t)
		s, err := b.score(&w, nil)
		if err != nil {
			return valuePick{}, false, err
		}
		if pick < 0 || s > pickV {
			pick, pickV = j, s
		}
	}
	if pick < 0 {
		return valuePick{}, false, nil // a rack of okeys alone
	}
	return valuePick{Best: p.Means[pick] == slices.Max(p.Means), Same: pick == p.Pick, Gain: p.Means[pick] - p.Means[p.Pick]}, true, nil
}

// summarizePicks is the value's picks over the choices scored.
func summarizePicks(picks []valuePick, discards float64) valuePrize {
	out := valuePrize{Choices: len(picks)}
	gains := make([]float64, len(picks))
	for i, pk := range picks {
		if pk.Best {
			out.Best++
		}
		if pk.Same {
			out.Same++
		}
		gains[i] = pk.Gain
	}
	n := float64(max(out.Choices, 1))
	out.Best, out.Same = out.Best/n, out.Same/n
	out.Gain, out.GainHalf = rollout.Paired(gains, make([]float64, len(gains)))
	out.PerHand, out.PerHandHalf = out.Gain*discards, out.GainHalf*discards
	return out
}

// prizeFit fits a value to the prize's own means (fitDiff: each
// candidate but an okey read after its discard, its mean over all the
// worlds the label) and scores it folds-fold by choice: each choice's
// pick is by the value fitted to the other folds, so none is scored by
// a value that saw its worlds.
func prizeFit(ctx context.Context, cs []choice, ps []prizeChoice, cfg fitConfig, folds int, discards float64) (valuePrize, error) {
	pos, idx, err := prizePositions(cs, ps)
	if err != nil {
		return valuePrize{}, err
	}
	var picks []valuePick
	for f := range folds {
		var train []pairPos
		for j := range pos {
			if j%folds != f {
				train = append(train, pos[j])
			}
		}
		m, err := fitPrize(ctx, train, cfg)
		if err != nil {
			return valuePrize{}, fmt.Errorf("fold %d: %w", f, err)
		}
		for j := f; j < len(pos); j += folds {
			pk, ok, err := valuePickOf(&cs[idx[j]].v, &ps[idx[j]], m)
			if err != nil {
				return valuePrize{}, fmt.Errorf("choice %d: %w", idx[j], err)
			}
			if ok {
				picks = append(picks, pk)
			}
		}
	}
	return summarizePicks(picks, discards), nil
}

// fitPrize is fitDiff on pos, shipped as a model.
func fitPrize(ctx context.Context, pos []pairPos, cfg fitConfig) (*smallnet.Model, error) {
	n, err := fitDiff(ctx, pos, cfg)
	if err != nil {
		return nil, err
	}
	return shipped(n, []byte(`{"command":"train -prize-fit","data_commit":"this run","hands":1}`))
}

// prizePositions are the prize choices whose means were kept, as
// positions for fitDiff (each candidate but an okey read after its
// discard, its mean the label), and each one's index in ps.
func prizePositions(cs []choice, ps []prizeChoice) ([]pairPos, []int, error) {
	var fx featurer
	var x [NumFeatures]float32
	var pos []pairPos
	var idx []int
	for i := range ps {
		p := &ps[i]
		if len(p.Means) == 0 || len(p.Means) != len(p.Tiles) {
			continue
		}
		v := &cs[i].v
		pp := pairPos{Hand: int32(i)}
		for j, t := range p.Tiles {
			if v.Analyzer.IsOkey(t) {
				continue
			}
			w := expertclassic.After(v, t)
			if err := fx.Features(&w, &x); err != nil {
				return nil, nil, fmt.Errorf("choice %d: %w", i, err)
			}
			pp.X = append(pp.X, x[:]...)
			pp.Mean = append(pp.Mean, float32(p.Means[j]))
		}
		if len(pp.Mean) >= 2 {
			pos, idx = append(pos, pp), append(idx, i)
		}
	}
	return pos, idx, nil
}
