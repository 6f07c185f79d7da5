package main

import (
	"context"
	"fmt"
	"strings"

	"okey/bots/smallnet"
	"okey/lab/internal/trainer"
)

// arenas plays the value bot of each of ms (named names) in each of
// k's modes against k's field and reports each run to b; every run
// after the first is also compared with the first hand by hand.
func arenas(ctx context.Context, k knobs, ms []arenaValue, names []string, b *strings.Builder) error {
	prev, err := readPrev(k)
	if err != nil {
		return err
	}
	var first []float64
	takes, takeNames := k.takeLines, k.takeNames
	if len(takes) == 0 {
		takes, takeNames = []*takeRule{nil}, []string{""}
	}
	type run struct {
		mode, name string
		v          arenaValue
		take       *takeRule
	}
	var runs []run
	for _, mode := range k.modes {
		for v, m := range ms {
			for j, t := range takes {
				name := mode
				if len(ms) > 1 {
					name += ", value " + names[v]
				}
				if len(takes) > 1 {
					name += ", take " + takeNames[j]
				}
				runs = append(runs, run{mode, name, m, t})
			}
		}
	}
	for i, rn := range runs {
		cpu1 := trainer.CPU()
		mode := rn.name
		r, gap, half, gaps, err := pairedArena(ctx, rn.v.m, botInputs{also: rn.v.also, leaf: k.leafSet, take: rn.take, hold: k.holdLine}, rn.mode, k.field, prev, k.prevMode, k.arena, k.arenaSeed, k.workers, k.field[0])
		if err != nil {
			return err
		}
		vb := r.Bots[0]
		fmt.Fprintf(b, "\nPaired on the same hands, what the field's %s lost from play (the mean of its seats) less what the value bot (mode %s) lost: %+.3f a hand (%+.3f to %+.3f).\n", k.field[0], mode, gap, gap-half, gap+half)
		trainer.Logf("arena, mode %s, paired against %s: %+.3f (%+.3f to %+.3f)", mode, k.field[0], gap, gap-half, gap+half)
		if i == 0 {
			first = gaps
		} else {
			d, dh := dealGaps(gaps, first)
			fmt.Fprintf(b, "\nHand by hand on the same deals and seeds, mode %s less mode %s: %+.4f a hand (%+.4f to %+.4f).\n", mode, runs[0].name, d, d-dh, d+dh)
		}
		fmt.Fprintf(b, "\nThe value bot (mode %s) against %s, %d hands of seed %d (%.0f CPU-s): play %+.3f a hand (%+.3f to %+.3f), net %+.3f (%+.3f to %+.3f), won %d; its decisions %.1f ms mean, %.1f ms p99 (this machine, loaded).\n",
			mode, strings.Join(k.field, ", "), r.Hands, k.arenaSeed, (trainer.CPU() - cpu1).Seconds(), vb.PlayPointsPerHand, vb.PlayCI95[0], vb.PlayCI95[1],
			vb.NetPointsPerHand, vb.NetCI95[0], vb.NetCI95[1], vb.Won, vb.DecisionMeanMs, vb.DecisionP99Ms)
		trainer.Logf("arena, mode %s: play %+.3f (%+.3f to %+.3f)", mode, vb.PlayPointsPerHand, vb.PlayCI95[0], vb.PlayCI95[1])
	}
	return nil
}

// readPrev reads the generation before's weights (-prev; nil when
// none).
func readPrev(k knobs) (*smallnet.Model, error) {
	if k.prev == "" {
		return nil, nil
	}
	return readModel(k.prev)
}

// arenaValue is a value the arena plays: a network, or the mean of two
// networks' scores (-value a+b).
type arenaValue struct{ m, also *smallnet.Model }

// readValues reads the values' weights (-out) the files name.
func readValues(names []string) ([]*smallnet.Model, error) {
	var ms []*smallnet.Model
	for _, name := range names {
		m, err := readModel(name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, m)
	}
	return ms, nil
}
