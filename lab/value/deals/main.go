// Command deals plays classic's expert (bots/expertclassic) on the
// deals of the hint's study (docs/studies/review-judge.md, "Following
// the plan at the table"): the first hand of match seed, seat 0 by the
// expert against three hard seeded seed+seat, and the same deal with
// seat 0 by hard, as that study played the hint; it prints the expert
// less hard a hand with its 95% interval, over the same deals the
// hint's figure was taken on, so that the two are compared deal for
// deal.
//
//	go -C lab run ./value/deals -from 93000 -hands 1600
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
)

func main() {
	from := flag.Uint64("from", 93000, "the first deal's seed")
	hands := flag.Int("hands", 1600, "deals to play")
	flag.Parse()
	if *hands < 2 || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "deals: -hands must be 2 or more, and no arguments")
		os.Exit(2)
	}
	var nets, bases []float64
	moved := 0
	for h := range *hands {
		seed := *from + uint64(h)
		net, err := play(seed, true)
		if err == nil {
			var base float64
			base, err = play(seed, false)
			bases = append(bases, base)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "deals: deal %d: %v\n", seed, err)
			os.Exit(1)
		}
		nets = append(nets, net)
		if net != bases[len(bases)-1] {
			moved++
		}
		fmt.Printf("deal %d: the expert %+.4f, hard %+.4f\n", seed, net, bases[len(bases)-1])
	}
	m, half := rollout.Paired(nets, bases)
	fmt.Printf("%d deals from %d (%d ended otherwise than hard's): the expert less hard %+.3f a hand (95%%: %+.3f to %+.3f)\n", *hands, *from, moved, m, m-half, m+half)
}

// play plays the first hand of match seed, seat 0 by the expert (or by
// hard) and the others by hard, and gives seat 0's net points.
func play(seed uint64, expert bool) (float64, error) {
	ctx := context.Background()
	g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
	if err != nil {
		return 0, err
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for i := range bs {
		bs[i] = botsclassic.NewHard(seed + uint64(i))
	}
	if expert {
		bs[0] = expertclassic.NewExpert(botsclassic.Options{Seed: seed})
	}
	hand := g.State().HandNumber()
	for g.State().Phase() == game.Playing && g.State().HandNumber() == hand {
		s := g.State()
		a, err := bs[s.Turn()].Decide(ctx, s.View(s.Turn()))
		if err != nil {
			return 0, err
		}
		if _, _, err := g.Apply(a); err != nil {
			return 0, fmt.Errorf("seat %d: %v: %w", s.Turn(), a, err)
		}
	}
	return rollout.ValueClassic(g.State(), 0), nil
}
