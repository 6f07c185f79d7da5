package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// The search of playouts cut short (leaf.go's measure made a bot):
// hard, but its discard, when the rack holds no win, is chosen among
// every tile but an okey by playouts of normal cut after a few turns
// and read by the leaf, in worlds of the shared sampler; hard's pick is
// kept unless another candidate's mean beats it by the gate's standard
// errors of the paired difference (1 unless the mode says, as the
// deeper search's).

// modeCut is the cut search's mode, written cut-<turns>t-<worlds>w,
// then -c<k> for hard's pick and the k−1 others at the least distance
// with the most live outs (botsclassic.LeastDistance) rather than every
// tile, and -z<gate> for the standard errors another candidate must
// beat hard's pick by (1 when not given).
const modeCut = "cut"

// cutConfig is a cut search's size: the turn its playouts stop at (one
// of leafTurns), the worlds a decision, the candidates (0: every tile
// but an okey) and the gate.
type cutConfig struct {
	cut, worlds, cands int
	gate               float64
}

// parseCut reads a mode cut-<turns>t-<worlds>w[-c<k>][-z<gate>]; not ok
// for any other.
func parseCut(mode string) (cutConfig, bool) {
	parts := strings.Split(mode, "-")
	if len(parts) < 3 || len(parts) > 5 || parts[0] != modeCut {
		return cutConfig{}, false
	}
	num := func(p, suffix, prefix string) (int, bool) {
		t, ok := strings.CutSuffix(p, suffix)
		if ok && prefix != "" {
			t, ok = strings.CutPrefix(p, prefix)
		}
		n, err := strconv.Atoi(t)
		return n, ok && err == nil && t != ""
	}
	turns, ok1 := num(parts[1], "t", "")
	worlds, ok2 := num(parts[2], "w", "")
	if !ok1 || !ok2 || worlds < 2 {
		return cutConfig{}, false
	}
	cc := cutConfig{cut: -1, worlds: worlds, gate: 1}
	for i, lt := range leafTurns {
		if lt == turns {
			cc.cut = i
		}
	}
	seen := map[byte]bool{}
	for _, p := range parts[3:] {
		if p == "" || seen[p[0]] {
			return cutConfig{}, false
		}
		seen[p[0]] = true
		switch n, ok := num(p, "", p[:1]); {
		case p[0] == 'c' && ok && n >= 2:
			cc.cands = n
		case p[0] == 'z' && ok && n >= 0:
			cc.gate = float64(n)
		default:
			return cutConfig{}, false
		}
	}
	if cc.cut < 0 {
		return cutConfig{}, false
	}
	return cc, true
}

// leafSet is the leaves of every cut, fitted on every choice of a -leaf
// run and written with -out.
type leafSet struct {
	Command  string      `json:"command"`
	Features int         `json:"features"`
	Turns    []int       `json:"turns"`
	Models   []leafModel `json:"models"`
}

// readLeafSet reads a leafSet written by a -leaf run with this build's
// inputs.
func readLeafSet(name string) (*leafSet, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var ls leafSet
	if err := json.Unmarshal(b, &ls); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if ls.Features != leafFeatures || len(ls.Models) != len(leafTurns) || len(ls.Turns) != len(leafTurns) {
		return nil, fmt.Errorf("%s: %d inputs and %d cuts, this build reads %d and %d", name, ls.Features, len(ls.Models), leafFeatures, len(leafTurns))
	}
	for i, t := range ls.Turns {
		if t != leafTurns[i] {
			return nil, fmt.Errorf("%s: cut %d after %d turns, this build's after %d", name, i, t, leafTurns[i])
		}
	}
	return &ls, nil
}

// cutDiscard is the cut search's discard (hard's a when the rack holds
// a win).
func (b *valueBot) cutDiscard(ctx context.Context, v *classic.View, a classic.Action) (classic.Action, error) {
	if b.leaf == nil {
		return a, fmt.Errorf("the cut search has no leaf (-leaf-model)")
	}
	cands := []tile.Tile{a.Tile}
	if b.cutCfg.cands > 0 {
		more, err := botsclassic.LeastDistance(v, a.Tile, b.cutCfg.cands)
		if err != nil || len(more) == 0 {
			return a, err // nothing else at the least distance
		}
		cands = append(cands, more...)
	} else {
		var err error
		if cands, err = rackCandidates(v, a.Tile); err != nil || cands == nil {
			return a, err // a win in hand: hard's finish or hold
		}
	}
	m := &b.leaf.Models[b.cutCfg.cut]
	vals, err := b.inWorlds(v, b.cutCfg.worlds, cands, func(s classic.State, seed uint64, i int, t tile.Tile) (float64, error) {
		return b.cutPlayer.cutValue(ctx, s, classic.DiscardAction(v.Seat, t), mixSeed(seed, i), leafTurns[b.cutCfg.cut], m)
	})
	if err != nil {
		return a, err
	}
	return classic.DiscardAction(v.Seat, cands[gatedBest(vals, b.cutCfg.gate)]), nil
}

// cutValue applies a to s, plays normal on every seat (seeded as play
// seeds them) to the given turn after it and reads the leaf m there,
// or gives the hand's points if it ended first.
func (p *leafPlayer) cutValue(ctx context.Context, s classic.State, a classic.Action, seed uint64, turns int, m *leafModel) (float64, error) {
	seat := s.Turn()
	s, _, err := s.Apply(a)
	if err != nil {
		return 0, fmt.Errorf("cut playout: %v: %w", a, err)
	}
	if err := p.seat(seed); err != nil {
		return 0, err
	}
	if p.hold != nil {
		p.seats[seat] = &holdBot{inner: p.seats[seat], line: p.hold}
	}
	var f [leafFeatures]float32
	for t := 0; ; {
		if s.Phase() != game.Playing || s.Moves() >= rollout.MaxActions {
			return rollout.ValueClassic(s, seat), nil
		}
		if s.Stage() == classic.MustDraw {
			if t++; t >= turns {
				if err := leafInputs(&s, seat, &f); err != nil {
					return 0, err
				}
				return m.at(&f), nil
			}
		}
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		mover := s.Turn()
		act, err := p.seats[mover].Decide(ctx, s.View(mover))
		if err != nil {
			return 0, fmt.Errorf("cut playout, seat %d: %w", mover, err)
		}
		if s, _, err = s.Apply(act); err != nil {
			return 0, fmt.Errorf("cut playout, seat %d: %w", mover, err)
		}
	}
}

// seat seats four bots of p's level (normal unless set) seeded from
// seed.
func (p *leafPlayer) seat(seed uint64) error {
	level := p.level
	if level == "" {
		level = "normal"
	}
	for i := range p.seats {
		var err error
		if p.seats[i], err = botsclassic.New(level, botsclassic.Options{Seed: seed ^ uint64(i)*0x632be59bd9b4e019, Cache: p.cache}); err != nil {
			return err
		}
	}
	return nil
}
