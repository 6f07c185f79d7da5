package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

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
	out, report      string
	commit           string
}

func main() {
	k := knobs{seed: 9701, hands: 2000, testHands: 500, pos: 0.5, workers: 1,
		hidden: 32, epochs: 30, batch: 256, lr: 3e-3, decay: 1e-4}
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
	fs.IntVar(&k.arena, "arena", 0, "hands (a multiple of 4) of the value bot against three hard")
	fs.Uint64Var(&k.arenaSeed, "arena-seed", 97001, "the arena's seed")
	fs.StringVar(&k.out, "out", "", "write the value's weights (smallnet's format) here")
	fs.StringVar(&k.report, "report", "", "also write the report (markdown) here")
	fs.StringVar(&k.commit, "commit", "", "the commit of the code that made the data (default: the build's)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == flag.ErrHelp {
			os.Exit(0)
		}
		os.Exit(2)
	}
	if fs.NArg() > 0 || k.hands < 1 || k.testHands < 1 || k.batch < 1 || k.epochs < 1 || k.pos <= 0 || k.pos > 1 || k.order < 0 || k.worlds < 1 || k.arena < 0 || k.arena%4 != 0 {
		fmt.Fprintln(os.Stderr, "train: -hands, -test-hands, -batch and -epochs must be positive, -pos in (0, 1], -arena a multiple of 4, and no arguments")
		os.Exit(2)
	}
	if k.commit == "" {
		k.commit = trainer.BuildCommit()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, k); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		stop()
		os.Exit(1)
	}
}

// run makes the data, fits the value and normal's estimate on it,
// measures both on the held-out hands and writes the report.
func run(ctx context.Context, k knobs) error {
	gen := func(seed uint64, hands int) (*dataset, error) {
		return generate(ctx, genConfig{seed: seed, hands: hands, workers: k.workers, pos: k.pos, maxActions: 400})
	}
	cpu0 := trainer.CPU()
	train, err := gen(k.seed, k.hands)
	if err != nil {
		return fmt.Errorf("training hands: %w", err)
	}
	test, err := gen(k.seed+smallnet.HeldOutOffset, k.testHands)
	if err != nil {
		return fmt.Errorf("held-out hands: %w", err)
	}
	cpuData := trainer.CPU() - cpu0
	trainer.Logf("data: %d positions of %d hands (digest %s), %d held out of %d hands (digest %s), %.0f CPU-s",
		train.Len(), train.Hands, train.digest(), test.Len(), test.Hands, test.digest(), cpuData.Seconds())
	cfg := fitConfig{seed: k.seed, hidden: k.hidden, epochs: k.epochs, batch: k.batch, lr: k.lr, decay: k.decay}
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
	cpuFit := trainer.CPU() - cpu0 - cpuData
	var mean float64
	for _, y := range train.Y {
		mean += float64(y)
	}
	mean /= float64(max(train.Len(), 1))
	flat := make([]float64, test.Len())
	for i := range flat {
		flat[i] = mean
	}
	pv, pe := predict(value, test), predict(estimate, test)
	ev, ee, ef := errorsOf(pv, test), errorsOf(pe, test), errorsOf(flat, test)
	dv, de := deciles(pv, test), deciles(pe, test)

	var b strings.Builder
	fmt.Fprintf(&b, "## classic value, seed %d\n\n", k.seed)
	fmt.Fprintf(&b, "- data: %d positions of %d training hands (digest %s); %d positions of %d held-out hands, seed %d (digest %s); %d and %d hands cut at the move cap\n",
		train.Len(), train.Hands, train.digest(), test.Len(), test.Hands, k.seed+smallnet.HeldOutOffset, test.digest(), train.Unfinished, test.Unfinished)
	fmt.Fprintf(&b, "- CPU: data %.0f s, fits %.0f s\n", cpuData.Seconds(), cpuFit.Seconds())
	fmt.Fprintf(&b, "- network: %d hidden, %d epochs of %d, lr %g, decay %g\n\n", k.hidden, k.epochs, k.batch, k.lr, k.decay)
	b.WriteString("| held-out | RMSE | MAE | calibration gap |\n| --- | ---: | ---: | ---: |\n")
	fmt.Fprintf(&b, "| the mean (%+.3f) | %.3f | %.3f | — |\n", mean, ef.RMSE, ef.MAE)
	fmt.Fprintf(&b, "| normal's estimate (distance, outs, live outs), fitted | %.3f | %.3f | %.3f |\n", ee.RMSE, ee.MAE, calibrationGap(de))
	fmt.Fprintf(&b, "| the learned value | %.3f | %.3f | %.3f |\n\n", ev.RMSE, ev.MAE, calibrationGap(dv))
	fmt.Fprintf(&b, "The value's RMSE is %.1f%% below the estimate's, its MAE %.1f%% below.\n\n", 100*(1-ev.RMSE/ee.RMSE), 100*(1-ev.MAE/ee.MAE))
	b.WriteString(decileTable([]string{"value", "estimate"}, [][10]decile{dv, de}))
	b.WriteString("\n| style of the seat | positions | value RMSE | estimate RMSE |\n| --- | ---: | ---: | ---: |\n")
	for s := range numStyles {
		sub := test.only(uint8(s))
		fmt.Fprintf(&b, "| %s | %d | %.3f | %.3f |\n", styleNames[s], sub.Len(), errorsOf(predict(value, sub), sub).RMSE, errorsOf(predict(estimate, sub), sub).RMSE)
	}
	if k.order > 0 {
		cpu1 := trainer.CPU()
		cs, err := choices(ctx, k.seed+2*smallnet.HeldOutOffset, k.order)
		if err != nil {
			return fmt.Errorf("choices: %w", err)
		}
		o, err := order(ctx, cs, value, estimate, k.worlds, k.workers, k.seed)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "\n%d discard choices (seed %d, two candidates at normal's least distance: normal's pick and the next), %d worlds of playouts each (%.0f CPU-s):\n\n",
			len(cs), k.seed+2*smallnet.HeldOutOffset, k.worlds, (trainer.CPU() - cpu1).Seconds())
		b.WriteString("| orders the two as the playouts do | all | decisive |\n| --- | ---: | ---: |\n")
		pc := func(a float64, n int) string { return fmt.Sprintf("%.1f%% (%g of %d)", 100*a/float64(max(n, 1)), a, n) }
		fmt.Fprintf(&b, "| the learned value | %s | %s |\n", pc(o.Value, o.Positions), pc(o.ValueDecisive, o.Decisive))
		fmt.Fprintf(&b, "| normal's estimate, fitted | %s | %s |\n", pc(o.Estimate, o.Positions), pc(o.EstimateDecisive, o.Decisive))
		fmt.Fprintf(&b, "\nAgainst the playouts' mean value of each of the %d candidates: the value's RMSE %.3f, the estimate's %.3f.\n", o.Scored, o.ValueRMSE, o.EstimateRMSE)
	}
	if k.arena > 0 {
		m, err := shipped(value, []byte(`{"command":"this run","data_commit":"this run","hands":1}`))
		if err != nil {
			return err
		}
		cpu1 := trainer.CPU()
		r, err := arena(ctx, m, k.arena, k.arenaSeed, k.workers)
		if err != nil {
			return err
		}
		vb := r.Bots[0]
		fmt.Fprintf(&b, "\nThe value bot against three hard, %d hands of seed %d (%.0f CPU-s): play %+.3f a hand (%+.3f to %+.3f), net %+.3f (%+.3f to %+.3f), won %d; its decisions %.1f ms mean, %.1f ms p99 (this machine, loaded).\n",
			r.Hands, k.arenaSeed, (trainer.CPU() - cpu1).Seconds(), vb.PlayPointsPerHand, vb.PlayCI95[0], vb.PlayCI95[1],
			vb.NetPointsPerHand, vb.NetCI95[0], vb.NetCI95[1], vb.Won, vb.DecisionMeanMs, vb.DecisionP99Ms)
	}
	fmt.Print(b.String())
	if k.report != "" {
		if err := os.WriteFile(k.report, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	if k.out != "" {
		recipe, err := json.Marshal(map[string]any{
			"command":     "go -C lab run ./value/train " + strings.Join(trainer.Recipe(os.Args[1:]), " "),
			"seed":        k.seed,
			"data_commit": k.commit,
			"hands":       k.hands,
			"positions":   train.Len(),
			"test_hands":  k.testHands,
			"rmse":        ev.RMSE,
			"estimate":    ee.RMSE,
		})
		if err != nil {
			return err
		}
		js, err := json.MarshalIndent(value.Model("classic value", recipe), "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(k.out, append(js, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
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
