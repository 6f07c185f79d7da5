package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
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
	b := &valueBot{value: m, mode: modeDiscard}
	var gains []float64
	var out valuePrize
	for i := range ps {
		p := &ps[i]
		if len(p.Means) != len(p.Tiles) || len(p.Means) == 0 {
			continue
		}
		v := &cs[i].v
		pick, pickV := -1, 0.0
		for j, t := range p.Tiles {
			if v.Analyzer.IsOkey(t) {
				continue
			}
			w := after(v, t)
			s, err := b.score(&w, nil)
			if err != nil {
				return out, fmt.Errorf("choice %d: %w", i, err)
			}
			if pick < 0 || s > pickV {
				pick, pickV = j, s
			}
		}
		if pick < 0 {
			continue // a rack of okeys alone: nothing the value may throw
		}
		out.Choices++
		if p.Means[pick] == slices.Max(p.Means) {
			out.Best++
		}
		if pick == p.Pick {
			out.Same++
		}
		gains = append(gains, p.Means[pick]-p.Means[p.Pick])
	}
	n := float64(max(out.Choices, 1))
	out.Best, out.Same = out.Best/n, out.Same/n
	out.Gain, out.GainHalf = rollout.Paired(gains, make([]float64, len(gains)))
	out.PerHand, out.PerHandHalf = out.Gain*discards, out.GainHalf*discards
	return out, nil
}
