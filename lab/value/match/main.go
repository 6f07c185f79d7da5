// Command match measures what a value for the match could add to a
// value for the hand in classic Okey's countdown (issue 97's "value for
// the match" idea), before any bot is trained on it: it solves the
// match of four equal seats exactly (every state of four scores, the
// hand's results at the rates okey sim measured among four hard bots)
// and reads, at each state weighed by the hands a match plays there,
// what the hand's results are worth in seat 0's chance of the top two
// against what the hand's points say they are worth. Where the two
// agree, a bot that plays for the hand's points already plays for the
// match, and a value of the match has nothing to add.
//
//	go -C lab run ./value/match                 # docs/studies/classic-value-4.md
//	go -C lab run ./value/match -sim 200000     # the solver checked by playing the model
//
// The defaults are okey sim's rates for four hard bots (4,000 hands,
// seed 97111: 38 with no winner, 47 okey finishes and 30 seven pairs of
// 3,962 wins, 549 gösterme a seat).
//
// Files:
//
//	main.go    the flags and the report
//	model.go   the match's states, a hand's outcomes, the exact solution
//	           and the hands played at each state; the model played out
//	stakes.go  a state's stakes against the hand's points, weighed over
//	           the hands a match plays
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	points := fs.Int("points", 20, "points every seat starts with (the rules' 5 to 21)")
	var r rates
	fs.Float64Var(&r.none, "none", 38.0/4000, "share of hands with no winner")
	fs.Float64Var(&r.okey, "okey", 47.0/3962, "share of wins finished with an okey")
	fs.Float64Var(&r.pairs, "pairs", 30.0/3962, "share of wins by seven pairs")
	fs.Float64Var(&r.pairsOkey, "pairs-okey", 0, "share of wins by seven pairs finished with an okey")
	fs.Float64Var(&r.gosterme, "gosterme", 549.0/4000, "a seat's gösterme a hand")
	edge := fs.Float64("edge", 0.06, "a points edge a hand to read in matches won")
	shift := fs.Float64("shift", 0.1, "the share of the others' wins a player could move from the opponent whose win hurts most to the one whose win hurts least, at no cost in points, for the bound on choosing who wins")
	sim := fs.Int("sim", 0, "also play this many matches of the model (the solver's check)")
	feedHands := fs.Int("feeds", 0, "also play this many hands of four hard bots and count the wins the previous seat's discard finished (the bound on choosing who wins)")
	feedSeed := fs.Uint64("feed-seed", 97121, "the seed of -feeds' hands")
	seed := fs.Uint64("seed", 1, "the seed of -sim")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "match: unexpected arguments %q\n", fs.Args())
		return 2
	}
	m, err := newMatch(*points, r)
	if err != nil {
		fmt.Fprintln(stderr, "match:", err)
		return 2
	}
	fig := m.weigh()
	report(stdout, m, fig, *edge, *shift)
	if *feedHands > 0 {
		f, err := playFeeds(context.Background(), *feedHands, *feedSeed)
		if err != nil {
			fmt.Fprintln(stderr, "match:", err)
			return 1
		}
		fed := float64(f.fed) / float64(f.wins)
		fmt.Fprintf(stdout, "\nFour hard bots, %d hands (seed %d): %d won, %d of them (%.1f%%) finished on the turn that took the previous seat's discard; in %d (%.1f%%) the winner took a discard at all.\n",
			f.hands, *feedSeed, f.wins, f.fed, 100*fed, f.tookAny, 100*float64(f.tookAny)/float64(f.wins))
		// A seat's discards reach only the next seat: of the others'
		// wins, at most a third of the fed share hangs on them.
		_, worth := fig.worths(m, *edge, fed/3)
		fmt.Fprintf(stdout, "Were every such win of the next seat moved, free, to the opponent whose win hurts least whenever the next seat's hurts most (%.2f%% of the others' wins): %+.4f of the top two, an upper bound.\n",
			100*fed/3, worth)
	}
	if *sim > 0 {
		top, hands := m.simulate(*sim, *seed)
		fmt.Fprintf(stdout, "\nThe model played %d times (seed %d): seat 0 in the top two %.4f, %.3f hands a match.\n", *sim, *seed, top, hands)
	}
	return 0
}

func report(w io.Writer, m *match, fig figures, edge, shift float64) {
	var start [seats]int
	for j := range start {
		start[j] = m.points
	}
	stake, okey, none, spread := &fig.stake, &fig.okey, &fig.none, &fig.spread
	edgeWorth, shiftWorth := fig.worths(m, edge, shift)
	total := fig.total
	fmt.Fprintf(w, "Classic countdown from %d points, four equal seats: seat 0 in the top two %.4f at the start, %.3f hands a match.\n\n",
		m.points, m.at(start), total)
	fmt.Fprintf(w, "Rates a hand: no winner %.4f; of wins, okey finish %.4f, seven pairs %.4f, both %.4f; gösterme %.4f a seat.\n\n",
		m.r.none, m.r.okey, m.r.pairs, m.r.pairsOkey, m.r.gosterme)
	fmt.Fprintf(w, "The own win's stake (seat 0's chance of the top two if it wins the hand, less if another does): weighed by the hands a match plays at each state, mean %.4f, 10%% %.4f, median %.4f, 90%% %.4f; %.1f%% of the hands are played where the match is settled for seat 0 (no stake).\n\n",
		stake.mean(), stake.quantile(0.1), stake.quantile(0.5), stake.quantile(0.9), 100*stake.share(decided, 2))
	fmt.Fprintln(w, "Each ratio to that stake weighed by the hands a match plays at each state and the stake there (settled states left out):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| figure | the hand's points say | mean | 10% | median | 90% | weight outside the band |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | --- |")
	row := func(name string, pts float64, x *weighed, lo, hi float64, f string) {
		fmt.Fprintf(w, "| %s | %s | "+f+" | "+f+" | "+f+" | "+f+" | %.1f%% outside %.2f to %.2f |\n",
			name, ptsText(pts), x.mean(), x.quantile(0.1), x.quantile(0.5), x.quantile(0.9), 100*x.share(lo, hi), lo, hi)
	}
	row("okey finish's extra, of the stake", pointsOkey, okey, pointsOkey*2/3, pointsOkey*4/3, "%.3f")
	row("no winner, of the stake", pointsNone, none, pointsNone*2/3, pointsNone*4/3, "%.3f")
	row("which opponent wins (best less worst), of the stake", 0, spread, 0, 0.25, "%.3f")
	fmt.Fprintf(w, "\nA points edge of %+.3f a hand is worth %+.4f of the match's top two (first order).\n", edge, edgeWorth)
	fmt.Fprintf(w, "Moving %.0f%% of the others' wins from the worst opponent to the best, free, every hand: %+.4f of the top two.\n", 100*shift, shiftWorth)
}

// decided is a stake too small to be any: a state where seat 0's place
// in the match no longer depends on the hand.
const decided = 1e-9

func ptsText(v float64) string { return fmt.Sprintf("%.3f", v) }

// figures are the stakes over a match, weighed as report says.
type figures struct {
	stake, okey, none, spread weighed
	total                     float64 // hands a match
	live                      []liveState
}

// liveState is a state where the hand still matters to seat 0: the
// hands a match plays there and its stakes read against the points.
type liveState struct {
	hands float64
	f     stakeFigures
}

func (m *match) weigh() figures {
	var fig figures
	hands := m.hands()
	m.states(func(s [seats]int) {
		h := hands[m.index(s)]
		if h == 0 {
			return
		}
		f := m.stakesAt(s).figures()
		fig.total += h
		fig.stake.add(f.stake, h)
		if f.stake < decided {
			return // the match is settled for seat 0 whatever the hand does
		}
		// A ratio matters as much as the hand does where it is read:
		// weighed by the hands and the own win's stake there.
		fig.okey.add(f.okey, h*f.stake)
		fig.none.add(f.none, h*f.stake)
		fig.spread.add(f.spread, h*f.stake)
		fig.live = append(fig.live, liveState{h, f})
	})
	return fig
}

// worths reads a points edge a hand, and a share of the others' wins
// moved from the worst opponent to the best each hand, in seat 0's
// chance of the top two (first order).
func (fig figures) worths(m *match, edge, shift float64) (edgeWorth, shiftWorth float64) {
	pOther := (1 - m.r.none) * (seats - 1) / seats
	for _, l := range fig.live {
		edgeWorth += l.hands * edge * l.f.stake / pointsStake
		shiftWorth += l.hands * pOther * shift * l.f.spread * l.f.stake
	}
	return edgeWorth, shiftWorth
}
