package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"okey/bots/expertclassic"
	"okey/bots/smallnet"
	"okey/lab/internal/trainer"
)

// knobs are the recipe's flags.
type knobs struct {
	seed             uint64
	hands, testHands int
	pos              float64
	workers          int
	hidden           int
	epochs, batch    int
	lr, decay        float64
	order, worlds    int
	arena            int
	arenaSeed        uint64
	modes            []string
	field            []string
	out, report      string
	commit           string
	prev             string
	value            string
	prevMode         string
	prevShare        float64
	floor            int
	means            int
	pairHands        int
	pairPos          float64
	cands            int
	truth            int
	truthWorlds      int
	prize            int
	prizeWorlds      int
	prizeFit         int
	leaf, leafWorlds int
	leafReal         int
	leafOracle       int
	leafCands        int
	leafHard         bool
	oracleExpert     bool
	secondLook       bool
	oracle           int
	oracleWorlds     int
	oracleRate       float64
	oracleSeed       uint64
	oracleTake       bool
	oracleHold       bool
	need             int
	oraclePlay       string
	playHold         *expertclassic.HoldLine
	oracleMix        int
	leafModel        string
	leafSet          *leafSet
	// takeLines are -take-line's take lines, named takeNames; each
	// mode of the arena plays each in turn.
	takeLines    []*takeRule
	takeNames    []string
	holdLine     *expertclassic.HoldLine
	labelChoices int
	labelWorlds  int
	labelSeed    uint64
	orderSeed    uint64
	cache        string
	also         []string
}

// fitConfig is the network's shape and steps the flags give.
func (k knobs) fitConfig() fitConfig {
	return fitConfig{seed: k.seed, hidden: k.hidden, epochs: k.epochs, batch: k.batch, lr: k.lr, decay: k.decay}
}

func main() {
	k := knobs{seed: 9701, hands: 2000, testHands: 500, pos: 0.5, workers: 1,
		hidden: 32, epochs: 30, batch: 256, lr: 3e-3, decay: 1e-4,
		pairPos: 0.1, cands: 3, truthWorlds: 4096, prizeWorlds: 2048, orderSeed: 9701 + 2*smallnet.HeldOutOffset,
		oracleWorlds: 32, oracleRate: 0.25, oracleSeed: 9701 + 6*smallnet.HeldOutOffset}
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.Uint64Var(&k.seed, "seed", k.seed, "the seed of everything: the deals, the seats, the weights' start, the steps' order")
	fs.IntVar(&k.hands, "hands", k.hands, "training hands")
	fs.IntVar(&k.testHands, "test-hands", k.testHands, "held-out hands (dealt from seed+"+fmt.Sprint(smallnet.HeldOutOffset)+")")
	fs.Float64Var(&k.pos, "pos", k.pos, "the chance that a decision's view is kept as a position")
	fs.IntVar(&k.workers, "workers", k.workers, "goroutines playing hands (the data do not depend on them)")
	fs.IntVar(&k.hidden, "hidden", k.hidden, "hidden units (0: linear)")
	fs.IntVar(&k.epochs, "epochs", k.epochs, "passes over the training positions")
	fs.IntVar(&k.batch, "batch", k.batch, "positions a step")
	fs.Float64Var(&k.lr, "lr", k.lr, "Adam's first step size (cosine to 0)")
	fs.Float64Var(&k.decay, "decay", k.decay, "weight decay")
	fs.IntVar(&k.order, "order", 0, "discard choices whose two candidates' order is checked against playouts (dealt from seed+2×"+fmt.Sprint(smallnet.HeldOutOffset)+")")
	fs.IntVar(&k.worlds, "worlds", 1024, "the playouts' worlds a choice")
	fs.IntVar(&k.means, "means", 0, "positions labelled by their playouts' mean over -worlds worlds; the first quarter held out, a value and normal's estimate fitted to the rest (and -value's read beside them, if given)")
	fs.IntVar(&k.floor, "floor", 0, "with -value: positions (after normal's discard, of the ordering's hands) played out in -worlds worlds each, for the noise of one hand's outcome")
	fs.IntVar(&k.pairHands, "pair-hands", 0, "hands of the seed whose discard decisions are labelled by their candidates' playouts (-worlds worlds, the same for every candidate; the first fifth held out), and the value fitted to the differences between candidates (pairs.go)")
	fs.Float64Var(&k.pairPos, "pair-pos", k.pairPos, "with -pair-hands: the chance a discard decision is labelled")
	fs.IntVar(&k.cands, "cands", k.cands, "with -pair-hands: candidates a decision (normal's pick, more at its least distance, then tiles at random)")
	fs.IntVar(&k.truth, "truth", 0, "choices of the ordering's hands (-order-seed) played out in -truth-worlds worlds, against which the readings' ordering of two candidate discards is measured")
	fs.IntVar(&k.truthWorlds, "truth-worlds", k.truthWorlds, "with -truth: worlds a choice")
	fs.IntVar(&k.prize, "prize", 0, "discard choices of the ordering's hands (-order-seed) whose every distinct tile is played out in -prize-worlds worlds: what a discard judged by normal's playouts can gain over normal's pick (prize.go)")
	fs.IntVar(&k.leaf, "leaf", 0, "discard choices of the ordering's hands whose every candidate is played out in -leaf-worlds worlds and read after a few turns by a linear leaf on the whole state: what searches of playouts cut short would take of the prize (leaf.go)")
	fs.IntVar(&k.leafWorlds, "leaf-worlds", 512, "with -leaf: worlds a choice (even); with -out, the leaves fitted on every choice are written there")
	fs.IntVar(&k.leafCands, "leaf-cands", 0, "with -leaf: play only normal's pick and this many less one others at the least distance (0: every tile but an okey)")
	fs.IntVar(&k.oracle, "oracle", 0, "hands of -oracle-seed whose discard decisions are labelled on the true racks (normal's three closest played out in -oracle-worlds worlds that keep every rack, the wall's order dealt afresh), and readings of the view fitted to those labels (oracle.go)")
	fs.IntVar(&k.oracleWorlds, "oracle-worlds", k.oracleWorlds, "with -oracle: worlds a choice (even)")
	fs.IntVar(&k.oracleMix, "oracle-mix", 0, "with -oracle -leaf-hard -out: the network fitted on this many hands of the data's mix of styles too (the same seed's deals), its report's measures on the hard hands alone")
	fs.Float64Var(&k.oracleRate, "oracle-rate", k.oracleRate, "with -oracle: the chance a discard decision is kept")
	fs.StringVar(&k.oraclePlay, "oracle-play", "", "with -oracle-take or -oracle-hold: the level that plays the labels' playouts out (default normal)")
	fs.IntVar(&k.need, "need", 0, "replay this many hands of four hard (-oracle-seed) and measure how well the view reads the next player's need for a discard (need.go)")
	fs.BoolVar(&k.oracleHold, "oracle-hold", false, "with -oracle: label the decisions to finish or hold a win for an okey finish instead, every one of each hand (oraclehold.go)")
	fs.BoolVar(&k.oracleTake, "oracle-take", false, "with -oracle: label the decisions to draw or take the previous discard instead, and measure what sight of every rack gains there (oracletake.go)")
	fs.Uint64Var(&k.oracleSeed, "oracle-seed", k.oracleSeed, "with -oracle: the seed of the labelled hands (apart from every evaluation's)")
	fs.BoolVar(&k.secondLook, "second-look", false, "with -oracle -out: the network fitted on the view and the rack's second look (extra.go)")
	fs.BoolVar(&k.oracleExpert, "oracle-expert", false, "with -oracle: the choices from hands of four of the shipped expert (a next generation's labels), the discard's or with -oracle-take the take's")
	fs.BoolVar(&k.leafHard, "leaf-hard", false, "with -leaf or -oracle: the choices from hands of four hard rather than the data's mix of styles")
	fs.IntVar(&k.leafOracle, "leaf-oracle", 0, "with -leaf: score the searches over normal's three on this many worlds a candidate that keep every rack as it truly is, the wall's order dealt afresh")
	fs.IntVar(&k.leafReal, "leaf-real", 0, "with -leaf: score the searches' choices on this many playouts a candidate from the true state at the decision too (the world as it is, not sampled)")
	playHoldPath := fs.String("oracle-play-hold", "", "with -oracle-hold: the hold line (an -oracle-hold run's -out) the deciding seat holds by in the labels' playouts")
	holdPath := fs.String("hold-line", "", "the hold line (an -oracle-hold run's -out) the gated mode's -h<hundredths> reads")
	takePath := fs.String("take-line", "", "the take line (an -oracle-take run's -out) the take line's mode (taker-g<hundredths>: oracletake.go) reads; a comma list: each mode of the arena plays each in turn, hand by hand against the first; a+b: the mean of their gains")
	fixture := fs.String("expert-fixture", "", "write the fixed cases the expert's test reads (bots/expertclassic/testdata/fixture.json) here, from the shipped weights, and nothing else (fixture.go)")
	fs.StringVar(&k.leafModel, "leaf-model", "", "the leaves (a -leaf run's -out) the cut search's mode (cut-<turns>t-<worlds>w: cutbot.go) reads")
	fs.IntVar(&k.prizeWorlds, "prize-worlds", k.prizeWorlds, "with -prize: worlds a choice (even, halved for the cross-validation)")
	fs.IntVar(&k.labelChoices, "prize-labels", 0, "with -prize: a value fitted to this many choices of -prize-label-seed, every tile played out in -prize-label-worlds worlds (cheaper labels than the prize's), and its picks scored on the prize's choices")
	fs.IntVar(&k.labelWorlds, "prize-label-worlds", 256, "with -prize-labels: worlds a choice (even)")
	fs.Uint64Var(&k.labelSeed, "prize-label-seed", 9701+4*smallnet.HeldOutOffset, "with -prize-labels: the seed of the labelled choices' hands (apart from -order-seed's)")
	fs.IntVar(&k.prizeFit, "prize-fit", 0, "with -prize: folds of a value fitted to the prize's own means (-hidden, -epochs, -batch, -lr, -decay, -seed), each choice picked by the value fitted to the other folds (0: none)")
	fs.Uint64Var(&k.orderSeed, "order-seed", k.orderSeed, "with -truth: the seed of the ordering's hands")
	fs.StringVar(&k.cache, "cache", "", "with -pair-hands, -truth or -prize: a folder where labelled blocks are kept, and read back instead of made again (a run stopped goes on where it stopped)")
	also := fs.String("also", "", "with -truth: saved weights (-out; a comma list) read on the ordering too")
	fs.IntVar(&k.arena, "arena", 0, "hands (a multiple of 4) of the value bot against three hard")
	fs.Uint64Var(&k.arenaSeed, "arena-seed", 97001, "the arena's seed")
	mode := fs.String("mode", modeTies, "what the value bot decides: "+strings.Join(modes, ", ")+" (bot.go), deep (deep-<worlds>w-c<k>: deep.go) or cut (cut-<turns>t-<worlds>w, with -leaf-model: cutbot.go) or gated (gated-c<k>-g<hundredths>: oracle.go) or taker (taker-g<hundredths>, with -take-line: oracletake.go); a comma list plays an arena for each")
	field := fs.String("field", "hard,hard,hard", "the value bot's three opponents in the arena, by level (or perturbed; prev: the bot of -prev)")
	fs.StringVar(&k.out, "out", "", "write the value's weights (smallnet's format) here (with -means: the value fitted to the means)")
	fs.StringVar(&k.report, "report", "", "also write the report (markdown) here")
	fs.StringVar(&k.commit, "commit", "", "the commit of the code that made the data (default: the build's)")
	fs.StringVar(&k.value, "value", "", "play the arena (and the ordering) with these weights (-out) and make no data: the hand counts are ignored; with -prize, score its picks on the prize's worlds (a comma list: each's); with -arena, a comma list plays each in turn, hand by hand against the first, and a+b the mean of two values' scores")
	fs.StringVar(&k.prev, "prev", "", "the weights (-out) of the generation before: its value bot plays a share of the training hands' seats")
	fs.StringVar(&k.prevMode, "prev-mode", modeDiscard, "the mode of the generation before's bot")
	fs.Float64Var(&k.prevShare, "prev-share", 0.5, "the chance a training seat is the generation before's bot")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == flag.ErrHelp {
			os.Exit(0)
		}
		os.Exit(2)
	}
	k.field, k.modes = strings.Split(*field, ","), strings.Split(*mode, ",")
	if *also != "" {
		k.also = strings.Split(*also, ",")
	}
	if slices.ContainsFunc(k.modes, func(m string) bool { return !validMode(m) }) || len(k.field) != 3 {
		fmt.Fprintln(os.Stderr, "train: -mode must be one of", strings.Join(modes, ", "), "or deep-<worlds>w-c<k>, cut-<turns>t-<worlds>w[-c<k>][-z<gate>], gated-c<k>-g<hundredths> or taker-g<hundredths>, and -field three levels")
		os.Exit(2)
	}
	if fs.NArg() > 0 || k.hands < 1 || k.testHands < 1 || k.batch < 1 || k.epochs < 1 || k.pos <= 0 || k.pos > 1 || k.order < 0 || k.worlds < 1 || k.arena < 0 || k.arena%4 != 0 ||
		k.pairHands < 0 || k.pairPos <= 0 || k.pairPos > 1 || k.cands < 2 || k.truth < 0 || k.truthWorlds < 2 || k.prize < 0 || k.prizeFit < 0 || k.prizeFit == 1 || k.labelChoices < 0 || k.labelWorlds < 2 || k.labelWorlds%2 != 0 || (k.labelChoices > 0 && k.labelSeed == k.orderSeed) || k.prizeWorlds < 2 || k.prizeWorlds%2 != 0 || k.leaf < 0 || k.leafWorlds < 2 || k.leafWorlds%2 != 0 || k.leafCands < 0 || k.leafCands == 1 || k.leafReal < 0 || k.leafOracle < 0 ||
		k.oracle < 0 || k.oracleMix < 0 || k.oracleWorlds < 2 || k.oracleWorlds%2 != 0 || k.oracleRate <= 0 || k.oracleRate > 1 {
		fmt.Fprintln(os.Stderr, "train: -hands, -test-hands, -batch and -epochs must be positive, -pos and -pair-pos in (0, 1], -arena a multiple of 4, -cands at least 2, -truth-worlds at least 2, -prize-worlds even, -prize-fit 0 or 2 and more, and no arguments")
		os.Exit(2)
	}
	if k.oracleExpert && (k.oracle == 0 || k.oracleHold) {
		fmt.Fprintln(os.Stderr, "train: -oracle-expert labels the discard's or the take's decisions: give it with -oracle N, without -oracle-hold")
		os.Exit(2)
	}
	if k.commit == "" {
		k.commit = trainer.BuildCommit()
	}
	if err := k.readInputs(*takePath, *holdPath, *playHoldPath); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
	if k.cache != "" {
		// The blocks are written there as they are made: a folder not
		// made yet is made now, not found missing at the first block.
		if err := os.MkdirAll(k.cache, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "train:", err)
			os.Exit(1)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	do := run
	switch {
	case *fixture != "":
		do = func(ctx context.Context, _ knobs) error { return writeExpertFixture(ctx, *fixture) }
	case k.oracle > 0:
		do = runOracle
	case k.need > 0:
		do = runNeed
	case k.leaf > 0:
		do = runLeaf
	case k.prize > 0:
		do = runPrize
	case k.pairHands > 0 || k.truth > 0:
		do = runDiff
	case k.value != "" || k.means > 0:
		do = evaluate
	}
	if err := do(ctx, k); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		stop()
		os.Exit(1)
	}
}

// runLeaf measures the searches of playouts cut short on k.leaf
// choices of the ordering's hands and writes the report.
func runLeaf(ctx context.Context, k knobs) error {
	cpu0 := trainer.CPU()
	cs, discards, err := choicesSeated(ctx, k.orderSeed, k.leaf, false, k.leafHard)
	if err != nil {
		return fmt.Errorf("choices: %w", err)
	}
	tag := ""
	if k.leafCands > 0 {
		tag += fmt.Sprintf("-c%d", k.leafCands)
	}
	if k.leafHard {
		tag += "-hard"
	}
	lcs, err := leafChoices(ctx, cs, k.orderSeed, k.leafWorlds, k.leafCands, k.workers, tag, k.cache)
	if err != nil {
		return fmt.Errorf("leaf: %w", err)
	}
	fits, err := foldFits(lcs)
	if err != nil {
		return err
	}
	table, err := leafReport(cs, lcs, fits, discards, curveWorlds)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## playouts cut short, seed %d\n\n", k.orderSeed)
	fmt.Fprintf(&b, "%d discard choices, every candidate (every distinct tile but an okey) played out by normal in %d worlds; each cut's linear leaf fitted on the other half of the choices; a seat discards %.2f times a hand; commit %s.\n\n", len(lcs), k.leafWorlds, discards, k.commit)
	b.WriteString(table)
	st, err := styleReport(cs, lcs, fits, discards)
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nNormal's three, cut after 8 turns, 64 worlds, gate 0, by the style of the seat deciding:\n\n%s", st)
	// Each truth scores the searches' choices beside their own worlds.
	truths := []struct {
		n           int
		title, what string
		values      func() ([][]float64, error)
	}{
		{k.leafReal, "In the world as it is", fmt.Sprintf("Each choice's candidates played out %d times from the true state at the decision", k.leafReal),
			func() ([][]float64, error) { return realValues(ctx, cs, lcs, k.leafReal, k.workers) }},
		{k.leafOracle, "On the true racks", fmt.Sprintf("Normal's three candidates of each choice played out in %d worlds that keep every rack as it truly is, the wall's order dealt afresh", k.leafOracle),
			func() ([][]float64, error) { return oracleValues(ctx, cs, lcs, k.leafOracle, k.workers) }},
	}
	for _, tr := range truths {
		if tr.n == 0 {
			continue
		}
		cpu1 := trainer.CPU()
		vals, err := tr.values()
		if err != nil {
			return fmt.Errorf("%s: %w", strings.ToLower(tr.title), err)
		}
		rt, err := realReport(cs, lcs, fits, vals, discards, strings.ToLower(tr.title))
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "\n### %s\n\n%s (%.0f CPU-s); the searches' choices scored there and on their own worlds' other half:\n\n%s", tr.title, tr.what, (trainer.CPU() - cpu1).Seconds(), rt)
	}
	if k.out != "" {
		ls := leafSet{Command: strings.Join(os.Args, " "), Features: leafFeatures, Turns: leafTurns[:]}
		for cut := range leafTurns {
			m, err := fitLeaf(lcs, cut)
			if err != nil {
				return err
			}
			ls.Models = append(ls.Models, m)
		}
		js, err := json.MarshalIndent(&ls, "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(k.out, js, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&b, "\nThe leaves fitted on every choice: %s.\n", k.out)
	}
	fmt.Fprintf(&b, "\nCPU: %.0f s in all.\n", (trainer.CPU() - cpu0).Seconds())
	fmt.Print(b.String())
	if k.report != "" {
		return os.WriteFile(k.report, []byte(b.String()), 0o644)
	}
	return nil
}

// runPrize measures the prize of the whole discard on k.prize choices
// of the ordering's hands (-order-seed) and writes the report.
func runPrize(ctx context.Context, k knobs) error {
	cpu0 := trainer.CPU()
	cs, discards, ps, cpu, err := prizeOfSeed(ctx, k, k.orderSeed, k.prize, k.prizeWorlds)
	if err != nil {
		return fmt.Errorf("prize: %w", err)
	}
	s := summarize(ps, discards)
	var b strings.Builder
	fmt.Fprintf(&b, "## the prize of the whole discard, seed %d\n\n", k.orderSeed)
	fmt.Fprintf(&b, "%d discard choices (one in ten of the ordering's hands' discards, every seat), every distinct tile of the rack played out in %d worlds (normal playing out), %.1f candidates a choice; commit %s.\n\n", s.Choices, k.prizeWorlds, s.Cands, k.commit)
	fmt.Fprintf(&b, "| measure | a choice |\n| --- | --- |\n")
	fmt.Fprintf(&b, "| normal's pick the best by all the worlds' means | %.1f%% of choices |\n", 100*s.PickBest)
	fmt.Fprintf(&b, "| the best mean less the pick's (all worlds; biased up) | %+.4f |\n", s.Naive)
	fmt.Fprintf(&b, "| **the best of half the worlds less the pick, scored on the other half** | **%+.4f ± %.4f** |\n", s.Gain, s.GainHalf)
	fmt.Fprintf(&b, "| the worst candidate less the pick | %+.4f |\n\n", s.Worst)
	fmt.Fprintf(&b, "A seat discards %.2f times a hand in these hands: the cross-validated gain is **%+.3f ± %.3f a hand** if each decision's gain held with the others changed too (one step of improvement a decision, normal playing on).\n", discards, s.PerHand, s.PerHandHalf)
	if rows := budgetCurve(cs, ps, discards, curveWorlds); len(rows) > 0 {
		playouts := 0.0
		for _, p := range ps {
			playouts += float64(p.Cands * k.prizeWorlds)
		}
		b.WriteString("\n")
		b.WriteString(curveReport(rows, 1000*cpu/playouts))
	}
	if k.value != "" {
		fmt.Fprintf(&b, "\nValues picking among the same candidates (okeys left out), on the choices whose candidates' means were kept; the gain is the pick's mean less normal's pick's, unbiased (the pick does not look at the worlds):\n\n")
		fmt.Fprintf(&b, "| value | choices | its pick the best | normal's pick | gain a choice (95%%) | a hand (95%%) |\n| --- | ---: | ---: | ---: | ---: | ---: |\n")
		names := strings.Split(k.value, ",")
		ms, err := readValues(names)
		if err != nil {
			return err
		}
		for i, name := range names {
			vp, err := scoreValue(cs, ps, ms[i], discards)
			if err != nil {
				return fmt.Errorf("%s's picks: %w", name, err)
			}
			fmt.Fprintf(&b, "| %s | %d | %.1f%% | %.1f%% | %+.4f ± %.4f | %+.3f ± %.3f |\n", filepath.Base(name), vp.Choices, 100*vp.Best, 100*vp.Same, vp.Gain, vp.GainHalf, vp.PerHand, vp.PerHandHalf)
		}
		b.WriteString("\n")
	}
	if k.prizeFit > 1 {
		vp, err := prizeFit(ctx, cs, ps, k.fitConfig(), k.prizeFit, discards)
		if err != nil {
			return fmt.Errorf("the value fitted to the prize: %w", err)
		}
		fmt.Fprintf(&b, "A value fitted to these means themselves (%d hidden, %d epochs of %d, seed %d), %d-fold by choice, each choice picked by the value of the other folds: %d choices, its pick the best in %.1f%%, normal's own in %.1f%%; **its pick's mean less normal's pick's %+.4f ± %.4f a choice, %+.3f ± %.3f a hand**.\n\n", k.hidden, k.epochs, k.batch, k.seed, k.prizeFit, vp.Choices, 100*vp.Best, 100*vp.Same, vp.Gain, vp.GainHalf, vp.PerHand, vp.PerHandHalf)
	}
	if k.labelChoices > 0 {
		lcs, _, lps, lcpu, err := prizeOfSeed(ctx, k, k.labelSeed, k.labelChoices, k.labelWorlds)
		if err != nil {
			return fmt.Errorf("labelled choices: %w", err)
		}
		pos, _, err := prizePositions(lcs, lps)
		if err != nil {
			return err
		}
		m, err := fitPrize(ctx, pos, k.fitConfig())
		if err != nil {
			return fmt.Errorf("the value fitted to the labels: %w", err)
		}
		vp, err := scoreValue(cs, ps, m, discards)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "A value fitted to %d choices of seed %d, every tile in %d worlds (%.0f CPU-s of playouts; %d hidden, %d epochs of %d), scored on this prize's %d choices with means: its pick the best in %.1f%%, normal's own in %.1f%%; **its pick's mean less normal's pick's %+.4f ± %.4f a choice, %+.3f ± %.3f a hand**.\n\n", len(pos), k.labelSeed, k.labelWorlds, lcpu, k.hidden, k.epochs, k.batch, vp.Choices, 100*vp.Best, 100*vp.Same, vp.Gain, vp.GainHalf, vp.PerHand, vp.PerHandHalf)
	}
	fmt.Fprintf(&b, "CPU: %.0f s for the playouts, %.0f s in all.\n", cpu, (trainer.CPU() - cpu0).Seconds())
	fmt.Print(b.String())
	if k.report != "" {
		return os.WriteFile(k.report, []byte(b.String()), 0o644)
	}
	return nil
}

// prizeOfSeed is n discard choices of seed's hands (a seat's discards
// a hand beside them) and their prize at worlds worlds, k's cache and
// workers used: the choices, the discards, the prize and its CPU-s.
func prizeOfSeed(ctx context.Context, k knobs, seed uint64, n, worlds int) ([]choice, float64, []prizeChoice, float64, error) {
	cs, discards, err := choicesOf(ctx, seed, n, false)
	if err != nil {
		return nil, 0, nil, 0, fmt.Errorf("choices: %w", err)
	}
	ps, cpu, err := prizes(ctx, cs, seed, worlds, k.workers, k.cache)
	return cs, discards, ps, cpu, err
}

// run makes the data, fits the value and normal's estimate on it,
// measures both on the held-out hands and writes the report.
func run(ctx context.Context, k knobs) error {
	// The training hands' seats include the generation before's bot
	// (-prev); the held-out hands' never do, so that every generation
	// is measured on the same positions.
	gc := genConfig{workers: k.workers, pos: k.pos, maxActions: 400, prevMode: k.prevMode, prevShare: k.prevShare}
	prev, err := readPrev(k)
	if err != nil {
		return err
	}
	gen := func(seed uint64, hands int, withPrev bool) (*dataset, error) {
		cfg := gc
		cfg.seed, cfg.hands = seed, hands
		if withPrev {
			cfg.prev = prev
		}
		return generate(ctx, cfg)
	}
	cpu0 := trainer.CPU()
	train, err := gen(k.seed, k.hands, true)
	if err != nil {
		return fmt.Errorf("training hands: %w", err)
	}
	test, err := gen(k.seed+smallnet.HeldOutOffset, k.testHands, false)
	if err != nil {
		return fmt.Errorf("held-out hands: %w", err)
	}
	cpuData := trainer.CPU() - cpu0
	trainer.Logf("data: %d positions of %d hands (digest %s), %d held out of %d hands (digest %s), %.0f CPU-s",
		train.Len(), train.Hands, train.digest(), test.Len(), test.Hands, test.digest(), cpuData.Seconds())
	cfg := k.fitConfig()
	value, err := fit(ctx, train, cfg)
	if err != nil {
		return err
	}
	est := cfg
	est.use = estimateFeatures
	estimate, err := fit(ctx, train, est)
	if err != nil {
		return err
	}
	bc := cfg
	bc.use = baseFeatures
	base, err := fit(ctx, train, bc)
	if err != nil {
		return err
	}
	cpuFit := trainer.CPU() - cpu0 - cpuData
	trainer.Logf("fits: %.0f CPU-s", cpuFit.Seconds())
	var mean float64
	for _, y := range train.Y {
		mean += float64(y)
	}
	mean /= float64(max(train.Len(), 1))
	flat := make([]float64, test.Len())
	for i := range flat {
		flat[i] = mean
	}
	pv, pe, pb := predict(value, test), predict(estimate, test), predict(base, test)
	ev, ee, ef, eb := errorsOf(pv, test), errorsOf(pe, test), errorsOf(flat, test), errorsOf(pb, test)
	dv, de, db := deciles(pv, test), deciles(pe, test), deciles(pb, test)

	var b strings.Builder
	fmt.Fprintf(&b, "## classic value, seed %d\n\n", k.seed)
	fmt.Fprintf(&b, "- data: %d positions of %d training hands (digest %s); %d positions of %d held-out hands, seed %d (digest %s); %d and %d hands cut at the move cap\n",
		train.Len(), train.Hands, train.digest(), test.Len(), test.Hands, k.seed+smallnet.HeldOutOffset, test.digest(), train.Unfinished, test.Unfinished)
	fmt.Fprintf(&b, "- CPU: data %.0f s, fits %.0f s\n", cpuData.Seconds(), cpuFit.Seconds())
	fmt.Fprintf(&b, "- network: %d hidden, %d epochs of %d, lr %g, decay %g\n\n", k.hidden, k.epochs, k.batch, k.lr, k.decay)
	b.WriteString("| held-out | RMSE | MAE | calibration gap |\n| --- | ---: | ---: | ---: |\n")
	fmt.Fprintf(&b, "| the mean (%+.3f) | %.3f | %.3f | — |\n", mean, ef.RMSE, ef.MAE)
	fmt.Fprintf(&b, "| normal's estimate (distance, outs, live outs), fitted | %.3f | %.3f | %.3f |\n", ee.RMSE, ee.MAE, calibrationGap(de))
	fmt.Fprintf(&b, "| the first step's value (%d features) | %.3f | %.3f | %.3f |\n", NumBase, eb.RMSE, eb.MAE, calibrationGap(db))
	fmt.Fprintf(&b, "| the learned value (%d features) | %.3f | %.3f | %.3f |\n\n", NumFeatures, ev.RMSE, ev.MAE, calibrationGap(dv))
	fmt.Fprintf(&b, "The value's RMSE is %.1f%% below the estimate's, its MAE %.1f%% below (the first step's features: %.1f%% and %.1f%%).\n\n",
		100*(1-ev.RMSE/ee.RMSE), 100*(1-ev.MAE/ee.MAE), 100*(1-eb.RMSE/ee.RMSE), 100*(1-eb.MAE/ee.MAE))
	b.WriteString(decileTable([]string{"value", "estimate"}, [][10]decile{dv, de}))
	b.WriteString("\n| style of the seat | positions | value RMSE | first step's RMSE | estimate RMSE |\n| --- | ---: | ---: | ---: | ---: |\n")
	for s := range numStyles {
		sub := test.only(uint8(s))
		if sub.Len() == 0 {
			continue
		}
		fmt.Fprintf(&b, "| %s | %d | %.3f | %.3f | %.3f |\n", styleNames[s], sub.Len(), errorsOf(predict(value, sub), sub).RMSE,
			errorsOf(predict(base, sub), sub).RMSE, errorsOf(predict(estimate, sub), sub).RMSE)
	}
	b.WriteString("\n| kind of position | positions | value RMSE | first step's RMSE | estimate RMSE |\n| --- | ---: | ---: | ---: | ---: |\n")
	for kind, name := range kindNames {
		sub := test.kind(kind)
		fmt.Fprintf(&b, "| %s | %d | %.3f | %.3f | %.3f |\n", name, sub.Len(), errorsOf(predict(value, sub), sub).RMSE,
			errorsOf(predict(base, sub), sub).RMSE, errorsOf(predict(estimate, sub), sub).RMSE)
	}
	if k.order > 0 {
		cpu1 := trainer.CPU()
		cs, err := choices(ctx, k.seed+2*smallnet.HeldOutOffset, k.order)
		if err != nil {
			return fmt.Errorf("choices: %w", err)
		}
		o, err := order(ctx, cs, []*trainer.Net{value, base, estimate}, k.worlds, k.workers, k.seed)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "\n%d discard choices (seed %d, two candidates at normal's least distance: normal's pick and the next), %d worlds of playouts each (%.0f CPU-s):\n\n",
			len(cs), k.seed+2*smallnet.HeldOutOffset, k.worlds, (trainer.CPU() - cpu1).Seconds())
		b.WriteString("| orders the two as the playouts do | all | decisive |\n| --- | ---: | ---: |\n")
		pc := func(a float64, n int) string { return fmt.Sprintf("%.1f%% (%g of %d)", 100*a/float64(max(n, 1)), a, n) }
		for j, name := range []string{"the learned value", "the first step's value", "normal's estimate, fitted"} {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", name, pc(o.Agree[j], o.Positions), pc(o.AgreeDecisive[j], o.Decisive))
		}
		fmt.Fprintf(&b, "\nAgainst the playouts' mean value of each of the %d candidates: the value's RMSE %.3f, the first step's %.3f, the estimate's %.3f.\n", o.Scored, o.RMSE[0], o.RMSE[1], o.RMSE[2])
	}
	if err := finish(ctx, k, value, &b); err != nil {
		return err
	}
	return save(k, value, "classic value", map[string]any{
		"hands":      k.hands,
		"positions":  train.Len(),
		"test_hands": k.testHands,
		"rmse":       ev.RMSE,
		"estimate":   ee.RMSE,
	})
}

// runDiff makes (or reads from -cache) the pairs of -pair-hands, fits
// the value and normal's estimate to the differences between each
// decision's candidates, measures them on the held-out fifth, then the
// ordering of the -truth choices against their playouts beside normal's
// own pick, the playouts of fewer worlds and the saved values of -also;
// with -arena, the value bot plays; with -out, the value is written.
func runDiff(ctx context.Context, k knobs) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## classic value of differences, seed %d\n", k.seed)
	cfg := k.fitConfig()
	var value, estimate *trainer.Net
	if k.pairHands > 0 {
		cpu0 := trainer.CPU()
		ps, made, err := pairData(ctx, pairConfig{seed: k.seed, hands: k.pairHands, pos: k.pairPos, cands: k.cands, worlds: k.worlds, workers: k.workers, cache: k.cache})
		if err != nil {
			return fmt.Errorf("pairs: %w", err)
		}
		cpuData := trainer.CPU() - cpu0
		held := int32(k.pairHands / 5)
		var train, test []pairPos
		cands := 0
		for _, p := range ps {
			cands += p.cands()
			if p.Hand < held {
				test = append(test, p)
			} else {
				train = append(train, p)
			}
		}
		if len(train) == 0 || len(test) == 0 {
			return fmt.Errorf("pairs: %d positions fitted, %d held out: too few hands", len(train), len(test))
		}
		if value, err = fitDiff(ctx, train, cfg); err != nil {
			return err
		}
		est := cfg
		est.use = estimateFeatures
		if estimate, err = fitDiff(ctx, train, est); err != nil {
			return err
		}
		cpuFit := trainer.CPU() - cpu0 - cpuData
		trainer.Logf("pairs: %d positions, %d candidates; data %.0f CPU-s (%d blocks made), fits %.0f CPU-s", len(ps), cands, cpuData.Seconds(), made, cpuFit.Seconds())
		fmt.Fprintf(&b, "\n%d discard decisions of %d hands (seed %d, one in %g kept), %d candidates, each played out in the same %d worlds; hands 0–%d held out (%d decisions), the rest fitted (%d). CPU: the data %.0f s (%d of %d blocks made in this run), the fits %.0f s; %d hidden, %d epochs of %d.\n\n",
			len(ps), k.pairHands, k.seed, 1/k.pairPos, cands, k.worlds, held-1, len(test), len(train), cpuData.Seconds(), made, (k.pairHands+pairBlockHands-1)/pairBlockHands, cpuFit.Seconds(), k.hidden, k.epochs, k.batch)
		b.WriteString("| held out, against the 32-world means | RMSE of the centred values | orders normal's pick and another as the means do | of them, at the pick's distance |\n| --- | ---: | ---: | ---: |\n")
		pick := func(_ *pairPos, c int) float64 {
			if c == 0 {
				return 1
			}
			return 0
		}
		// An order without a scale (normal's pick) has no error; one
		// without an order (every candidate alike) no agreement.
		row := func(name string, e diffErr, rmse, agree bool) {
			r, a := "—", ""
			if rmse {
				r = fmt.Sprintf("%.3f", e.RMSE)
			}
			if agree {
				a = fmt.Sprintf("%.1f%% of %d | %.1f%% of %d", 100*e.Agree, e.Pairs, 100*e.AgreeTies, e.TiePairs)
			} else {
				a = "— | —"
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", name, r, a)
		}
		vs, es := netScore(value), netScore(estimate)
		row("every candidate alike", diffErrors(test, nil), true, false)
		row("normal's pick first", diffErrors(test, pick), false, true)
		row("normal's estimate, fitted to the differences", diffErrors(test, func(p *pairPos, c int) float64 { return es(p.row(c)) }), true, true)
		row("the value, fitted to the differences", diffErrors(test, func(p *pairPos, c int) float64 { return vs(p.row(c)) }), true, true)
	}
	if k.truth > 0 {
		cpu1 := trainer.CPU()
		cs, err := choices(ctx, k.orderSeed, k.truth)
		if err != nil {
			return fmt.Errorf("choices: %w", err)
		}
		ts, cpuTruth, err := truths(ctx, cs, k.orderSeed, k.truthWorlds, k.workers, k.cache)
		if err != nil {
			return fmt.Errorf("truth: %w", err)
		}
		var ags []agreement
		ones := make([]float64, len(ts))
		for i := range ones {
			ones[i] = 1
		}
		ags = append(ags, orderAgainst("normal's own pick", ts, ones))
		for j, p := range truthPrefixes {
			if p >= k.truthWorlds {
				continue
			}
			d := make([]float64, len(ts))
			for i, t := range ts {
				d[i] = t.Prefix[j]
			}
			ags = append(ags, orderAgainst(fmt.Sprintf("playouts of %d worlds (the first of the truth's)", p), ts, d))
		}
		type reading struct {
			name  string
			score func(x []float32) float64
		}
		var rs []reading
		if value != nil {
			rs = append(rs, reading{"normal's estimate, fitted to the differences", netScore(estimate)}, reading{"the value, fitted to the differences", netScore(value)})
		}
		for _, path := range k.also {
			m, err := readModel(path)
			if err != nil {
				return err
			}
			rs = append(rs, reading{"the value of " + filepath.Base(path), modelScore(m)})
		}
		for _, r := range rs {
			d, err := scoreChoices(cs, r.score)
			if err != nil {
				return err
			}
			ags = append(ags, orderAgainst(r.name, ts, d))
		}
		decisive := 0
		for _, x := range ags[0].Decisive {
			if x {
				decisive++
			}
		}
		fmt.Fprintf(&b, "\n%d discard choices of the ordering's hands (seed %d; two candidates at normal's least distance, normal's pick and the next), each played out in %d worlds (%.0f CPU-s made, %.0f this run); %d told apart, %d decisively (the 95%% interval clear of 0):\n\n",
			len(cs), k.orderSeed, k.truthWorlds, cpuTruth, (trainer.CPU() - cpu1).Seconds(), len(ags[0].Agree), decisive)
		b.WriteString("| reading | orders the two as the playouts do (95%) | decisive ones | less normal's pick, paired (95%) | points given up a choice |\n| --- | ---: | ---: | ---: | ---: |\n")
		for i := range ags {
			a := &ags[i]
			p, h, _ := a.share(false)
			pd, hd, nd := a.share(true)
			g, gh := pairedGap(a, &ags[0])
			fmt.Fprintf(&b, "| %s | %.1f%% ± %.1f | %.1f%% ± %.1f of %d | %+.1f ± %.1f | %.4f |\n", a.Name, 100*p, 100*h, 100*pd, 100*hd, nd, 100*g, 100*gh, a.Regret)
			trainer.Logf("ordering, %s: %.1f%% (decisive %.1f%%)", a.Name, 100*p, 100*pd)
		}
	}
	if value == nil {
		fmt.Print(b.String())
		return writeReport(k, &b)
	}
	if err := finish(ctx, k, value, &b); err != nil {
		return err
	}
	return save(k, value, "classic value of differences", map[string]any{
		"hands": k.pairHands,
		"label": "the playouts' differences between candidates",
	})
}

// finish plays value's arenas (if k asks for them) into b, then prints
// b and writes it to k's report.
func finish(ctx context.Context, k knobs, value *trainer.Net, b *strings.Builder) error {
	if k.arena > 0 {
		m, err := shipped(value, []byte(`{"command":"this run","data_commit":"this run","hands":1}`))
		if err != nil {
			return err
		}
		if err := arenas(ctx, k, []arenaValue{{m: m}}, []string{""}, b); err != nil {
			return err
		}
	}
	fmt.Print(b.String())
	return writeReport(k, b)
}

// writeReport writes b to k's report, if k names one.
func writeReport(k knobs, b *strings.Builder) error {
	if k.report == "" {
		return nil
	}
	return os.WriteFile(k.report, []byte(b.String()), 0o644)
}

// save writes value to k's out (if k names one) as a model named name,
// its recipe the command that made it, its seed and data, and fields.
func save(k knobs, value *trainer.Net, name string, fields map[string]any) error {
	if k.out == "" {
		return nil
	}
	fields["command"] = "go -C lab run ./value/train " + strings.Join(trainer.Recipe(os.Args[1:]), " ")
	fields["seed"] = k.seed
	fields["data_commit"] = k.commit
	recipe, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	js, err := json.MarshalIndent(value.Model(name, recipe), "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(k.out, append(js, '\n'), 0o644)
}

// evaluate plays the arenas of the value k.value names, with no data
// made and nothing fitted.
func evaluate(ctx context.Context, k knobs) error {
	// A comma list plays each value in the arenas, hand by hand against
	// the first; the other measures read the first.
	var ms []arenaValue
	var names []string
	if k.value != "" {
		names = strings.Split(k.value, ",")
		for _, name := range names {
			parts := strings.Split(name, "+")
			vs, err := readValues(parts)
			if err != nil {
				return err
			}
			if len(vs) > 2 {
				return fmt.Errorf("%s: a mean of two values at most", name)
			}
			ms = append(ms, arenaValue{m: vs[0]})
			if len(vs) == 2 {
				ms[len(ms)-1].also = vs[1]
			}
		}
	} else if k.floor > 0 || k.arena > 0 {
		return fmt.Errorf("-floor and -arena read a value: give -value")
	}
	var m *smallnet.Model
	if len(ms) > 0 {
		m = ms[0].m
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## classic value %s\n", k.value)
	if k.floor > 0 {
		cpu1 := trainer.CPU()
		cs, err := choices(ctx, k.seed+2*smallnet.HeldOutOffset, k.floor)
		if err != nil {
			return fmt.Errorf("choices: %w", err)
		}
		nz, err := floor(ctx, cs, m, k.worlds, k.workers, k.seed)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "\n%d positions after normal's discard (seed %d), %d worlds each (%.0f CPU-s): a perfect reading errs by %.3f against one hand's outcome (the root mean spread of the outcomes around their position's mean); the value by %.3f against every world's outcome, %.3f against each position's mean.\n",
			nz.Positions, k.seed+2*smallnet.HeldOutOffset, nz.Worlds, (trainer.CPU() - cpu1).Seconds(), nz.Floor, nz.ValueOutcome, nz.ValueMean)
		trainer.Logf("floor %.3f, value %.3f against outcomes, %.3f against means", nz.Floor, nz.ValueOutcome, nz.ValueMean)
	}
	if k.means > 0 {
		if err := fitMeans(ctx, k, m, &b); err != nil {
			return err
		}
	}
	if k.arena > 0 {
		if err := arenas(ctx, k, ms, names, &b); err != nil {
			return err
		}
	}
	fmt.Print(b.String())
	if k.report != "" {
		return os.WriteFile(k.report, []byte(b.String()), 0o644)
	}
	return nil
}

// The kinds of position, as the features tell them.
var kindNames = []string{"draw (14 tiles, to move)", "discard (15 tiles)", "waiting (after its discard)"}

// kind is d's positions of kind k (an index of kindNames).
func (d *dataset) kind(k int) *dataset {
	return d.where(func(i int) bool {
		x := d.row(i)
		switch {
		case x[fWaiting] == 1:
			return k == 2
		case x[fDiscardStage] == 1:
			return k == 1
		}
		return k == 0
	})
}

// where is d's positions i for which keep(i).
func (d *dataset) where(keep func(i int) bool) *dataset {
	out := &dataset{Hands: d.Hands}
	for i := range d.Len() {
		if keep(i) {
			out.X = append(out.X, d.row(i)...)
			out.Y = append(out.Y, d.Y[i])
			out.Hand = append(out.Hand, d.Hand[i])
			out.Style = append(out.Style, d.Style[i])
		}
	}
	return out
}

// only is d's positions of seats of style s.
func (d *dataset) only(s uint8) *dataset {
	out := &dataset{Hands: d.Hands}
	for i := range d.Len() {
		if d.Style[i] == s {
			out.X = append(out.X, d.row(i)...)
			out.Y = append(out.Y, d.Y[i])
			out.Hand = append(out.Hand, d.Hand[i])
			out.Style = append(out.Style, s)
		}
	}
	return out
}
