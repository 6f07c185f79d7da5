package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// The deeper search on the value (classic-value-3.md's next idea): hard,
// but its discard weighed against the next discards at normal's least
// distance, each played one round ahead in the same sampled worlds (the
// three others by normal, to the seat's next turn) and the seat's view
// then scored by the value; a hand that ends within the round scores its
// points. Where a playout to the end carries the luck of the whole hand,
// a round carries a round's: more worlds for the same work, the value's
// error in exchange.

// modeDeep is the deeper search's mode, written deep-<worlds>w-c<k>
// (deep alone: deepDefault).
const modeDeep = "deep"

// deepConfig is a deeper search's size: worlds a decision, and the
// candidates (hard's pick among them).
type deepConfig struct {
	worlds, cands int
}

// deepDefault is about the work of search-4x-c2's 64 worlds a
// candidate: a round is a seventh of a playout, the world's dealing
// and the leaf's reading of the belief the rest.
var deepDefault = deepConfig{worlds: 64, cands: 2}

// parseDeep reads a mode deep or deep-<worlds>w-c<k>; not ok for any
// other mode.
func parseDeep(mode string) (deepConfig, bool) {
	if mode == modeDeep {
		return deepDefault, true
	}
	rest, ok := strings.CutPrefix(mode, modeDeep+"-")
	if !ok {
		return deepConfig{}, false
	}
	w, c, ok := strings.Cut(rest, "w-c")
	if !ok {
		return deepConfig{}, false
	}
	worlds, err1 := strconv.Atoi(w)
	cands, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil || worlds < 2 || cands < 2 {
		return deepConfig{}, false
	}
	return deepConfig{worlds: worlds, cands: cands}, true
}

// validMode is whether mode names a value bot's mode.
func validMode(mode string) bool {
	if _, ok := parseDeep(mode); ok {
		return true
	}
	if _, ok := parseCut(mode); ok {
		return true
	}
	if _, ok := parseGated(mode); ok {
		return true
	}
	if _, ok := parseTaker(mode); ok {
		return true
	}
	return slices.Contains(modes, mode)
}

// withMode sets b's mode (a deeper search's size too) and, for a
// deeper search, its source of world seeds and its players' cache.
func (b *valueBot) withMode(mode string, seed uint64) *valueBot {
	b.mode = mode
	if dc, ok := parseDeep(mode); ok {
		b.mode, b.deep = modeDeep, dc
		b.rnd = game.NewSeeded(seed ^ 0xdee9)
		b.cache = botsclassic.NewTableCache()
	}
	if cc, ok := parseCut(mode); ok {
		b.mode, b.cutCfg = modeCut, cc
		b.rnd = game.NewSeeded(seed ^ 0xc07)
		b.cutPlayer = &leafPlayer{cache: botsclassic.NewTableCache()}
	}
	if gc, ok := parseGated(mode); ok {
		b.mode, b.gatedCfg, b.takeGate = modeGated, gc, gc.takeGate
	}
	if g, ok := parseTaker(mode); ok {
		b.mode, b.takeGate = modeTaker, g
	}
	return b
}

// deepDiscard is the deeper search's discard: hard's a unless another
// candidate's mean beats it by a standard error of the paired
// difference over the worlds (search's gate, Z = 1).
func (b *valueBot) deepDiscard(ctx context.Context, v *classic.View, a classic.Action) (classic.Action, error) {
	more, err := botsclassic.LeastDistance(v, a.Tile, b.deep.cands)
	if err != nil || len(more) == 0 {
		return a, err
	}
	cands := append([]tile.Tile{a.Tile}, more...)
	vals, err := b.inWorlds(v, b.deep.worlds, cands, func(s classic.State, seed uint64, i int, t tile.Tile) (float64, error) {
		return b.roundAhead(ctx, s, v.Seat, t, seed+uint64(i)*0x9e3779b97f4a7c15)
	})
	if err != nil {
		return a, err
	}
	return classic.DiscardAction(v.Seat, cands[gatedBest(vals, 1)]), nil
}

// inWorlds deals n worlds of v from the shared sampler (their seed
// drawn from b's) and gives each candidate's value in each, as value
// says (given the world, the worlds' seed and its index).
func (b *valueBot) inWorlds(v *classic.View, n int, cands []tile.Tile, value func(s classic.State, seed uint64, i int, t tile.Tile) (float64, error)) ([][]float64, error) {
	ws, err := rollout.NewWorldsClassic(v, rollout.Sampler())
	if err != nil {
		return nil, err
	}
	seed := b.rnd.Uint64()
	vals := make([][]float64, len(cands))
	for i := range n {
		s, err := ws.World(seed, i)
		if err != nil {
			return nil, err
		}
		for j, t := range cands {
			x, err := value(s, seed, i, t)
			if err != nil {
				return nil, err
			}
			vals[j] = append(vals[j], x)
		}
	}
	return vals, nil
}

// gatedBest is the candidate of the best mean over the worlds whose
// paired difference with the first beats it by gate standard errors;
// the first (the level's own pick) when none does.
func gatedBest(vals [][]float64, gate float64) int {
	best, bestM := 0, 0.0
	for j := 1; j < len(vals); j++ {
		if m, half := rollout.Paired(vals[j], vals[0]); m > gate*half/1.96 && m > bestM {
			best, bestM = j, m
		}
	}
	return best
}

// roundAhead throws t from seat in world s, plays the three others by
// normal (seeded by seed, the same for every candidate) to seat's next
// turn and gives the value of seat's view there, or the hand's points
// for seat if it ended first.
func (b *valueBot) roundAhead(ctx context.Context, s classic.State, seat int, t tile.Tile, seed uint64) (float64, error) {
	s, _, err := s.Apply(classic.DiscardAction(seat, t))
	if err != nil {
		return 0, fmt.Errorf("deep: %v: %w", t, err)
	}
	var others [classic.NumSeats]botsclassic.Bot
	for n := 0; s.Phase() == game.Playing && s.Turn() != seat; n++ {
		if n > 4*classic.NumSeats {
			return 0, fmt.Errorf("deep: the round did not come back to seat %d", seat)
		}
		turn := s.Turn()
		if others[turn] == nil {
			if others[turn], err = botsclassic.New("normal", botsclassic.Options{Seed: seed ^ uint64(turn+1), Cache: b.cache}); err != nil {
				return 0, err
			}
		}
		act, err := others[turn].Decide(ctx, s.View(turn))
		if err != nil {
			return 0, fmt.Errorf("deep, seat %d: %w", turn, err)
		}
		if s, _, err = s.Apply(act); err != nil {
			return 0, fmt.Errorf("deep, seat %d: %w", turn, err)
		}
	}
	if s.Phase() != game.Playing {
		return rollout.ValueClassic(s, seat), nil
	}
	w := s.View(seat)
	return b.score(&w, nil)
}
