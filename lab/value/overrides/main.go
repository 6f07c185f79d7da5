// Command overrides says where the classic hint, followed, plays
// otherwise than its analyser (the expert): it plays the first hand of
// each deal named as the follow study plays it (ui/playclassic's
// TestFollowingThePlanClassic: seat 0 by the hint, bounded by work,
// seeded as the table seeds it; seats 1 to 3 hard, seeded seed+seat)
// and prints each decision of seat 0 where the hint's move is not the
// analyser's from the same view, with the judge's label of the
// analyser's move and its loss. So the study of the hint followed can
// say what the judge changed in the expert's play on the deals where
// the two ended otherwise (docs/studies/classic-value-13.md).
//
//	go -C lab run ./value/overrides -work 2048 93003 93007
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

func main() {
	work := flag.Int("work", 2048, "the hands each hint may play out (coach.Options.Playouts)")
	flag.Parse()
	if flag.NArg() == 0 || *work < 1 {
		fmt.Fprintln(os.Stderr, "usage: overrides [-work N] SEED...")
		os.Exit(2)
	}
	for _, arg := range flag.Args() {
		seed, err := strconv.ParseUint(arg, 10, 64)
		if err != nil {
			fmt.Fprintf(os.Stderr, "overrides: %q is not a deal's seed\n", arg)
			os.Exit(2)
		}
		if err := deal(seed, *work); err != nil {
			fmt.Fprintf(os.Stderr, "overrides: deal %d: %v\n", seed, err)
			os.Exit(1)
		}
	}
}

// deal plays deal seed's first hand with seat 0 by the hint and prints
// its overrides.
func deal(seed uint64, work int) error {
	ctx := context.Background()
	g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
	if err != nil {
		return err
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for i := range bs {
		bs[i] = botsclassic.NewHard(seed + uint64(i))
	}
	var kept *coach.TurnPlan // the plan made at the draw, for the discard
	hand := g.State().HandNumber()
	for g.State().Phase() == game.Playing && g.State().HandNumber() == hand {
		s := g.State()
		seat := s.Turn()
		v := s.View(seat)
		var a classic.Action
		if seat != 0 {
			if a, err = bs[seat].Decide(ctx, v); err != nil {
				return err
			}
		} else if a, kept, err = hint(ctx, seed, v, kept, work); err != nil {
			return err
		}
		if _, _, err := g.Apply(a); err != nil {
			return fmt.Errorf("seat %d: %v: %w", seat, a, err)
		}
	}
	return nil
}

// hint is the hint's move from v as the table gives it (its plan at
// the draw followed at the discard), printed with the judge's verdict
// when it is not the analyser's move from v seeded as the hint seeds
// it (the move the follow study's expert plays there); the plan it
// keeps for the discard.
func hint(ctx context.Context, seed uint64, v classic.View, kept *coach.TurnPlan, work int) (classic.Action, *coach.TurnPlan, error) {
	hs := coach.HintSeed(seed, v)
	o := coach.HintOptions(hs)
	o.Playouts = work
	an, err := coach.Analyse(ctx, v, o)
	if err != nil {
		return an, nil, err
	}
	say := func(a classic.Action, how string) {
		if a != an {
			fmt.Printf("deal %d, wall %d, %s: %s; the hint %v%s, the expert %v\n", seed, v.WallLeft, v.Stage, tile.FormatTiles(v.Rack), a, how, an)
		}
	}
	if kept != nil {
		if a, _, ok := kept.Next(v); ok {
			why := " (as planned"
			if len(kept.Decs) > 1 {
				d := kept.Decs[1]
				why += fmt.Sprintf("; the expert's move after the take %s, loss %.3f, %.3f to %.3f", d.Label, d.Loss, d.Low, d.High)
			} else {
				why += fmt.Sprintf(", after %d)", kept.After)
			}
			say(a, why+")")
			return a, nil, nil
		}
	}
	p, err := coach.PlanClassic(ctx, v, o)
	if errors.Is(err, coach.ErrOutOfWork) || err == nil && len(p.Steps) == 0 {
		return an, nil, nil // cut short: the analyser's move, as the table gives it
	}
	if err != nil {
		return classic.Action{}, nil, err
	}
	a := p.Steps[0]
	if len(p.Decs) > 0 {
		d := p.Decs[0]
		say(a, fmt.Sprintf(" (%s; the expert's %s, %s, loss %.3f, %.3f to %.3f)", strings.Join(p.Words(v), ", then "), d.Played, d.Label, d.Loss, d.Low, d.High))
	}
	if v.Stage == classic.MustDraw {
		return a, &p, nil
	}
	return a, nil, nil
}
