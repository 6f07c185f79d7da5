package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
)

func main() {
	cfg := labelConfig{seed: 10101, hands: 1000, worlds: 64, rate: 0.25, cands: 3, expert: true, workers: 1}
	fs := flag.NewFlagSet("value101", flag.ContinueOnError)
	fs.Uint64Var(&cfg.seed, "seed", cfg.seed, "the seed of the labelled hands (apart from every evaluation's)")
	fs.IntVar(&cfg.hands, "hands", cfg.hands, "hands of four hard whose discard decisions are labelled")
	fs.IntVar(&cfg.worlds, "worlds", cfg.worlds, "worlds a decision (even: halved for the ceiling's cross-validation)")
	fs.Float64Var(&cfg.rate, "rate", cfg.rate, "the chance a discard decision is labelled")
	fs.IntVar(&cfg.cands, "cands", cfg.cands, "candidates a decision: hard's pick, then hard's ranking")
	fs.BoolVar(&cfg.expert, "expert", cfg.expert, "ask the expert's pick at each labelled decision too")
	fs.IntVar(&cfg.workers, "workers", cfg.workers, "goroutines labelling hands (the data do not depend on them)")
	fs.StringVar(&cfg.cache, "cache", "", "a folder where labelled blocks are kept, and read back instead of made again")
	nc := netConfig{seed: 9701, hidden: 32, epochs: 30, batch: 256, lr: 3e-3, decay: 1e-4}
	fs.IntVar(&nc.hidden, "hidden", nc.hidden, "the network's hidden units")
	fs.IntVar(&nc.epochs, "epochs", nc.epochs, "passes over the training choices")
	fs.Float64Var(&nc.lr, "lr", nc.lr, "Adam's first step size (cosine to 0)")
	fs.Float64Var(&nc.decay, "decay", nc.decay, "weight decay")
	lambda := fs.Float64("lambda", 10, "the ridge's penalty on the standardised inputs")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == flag.ErrHelp {
			os.Exit(0)
		}
		os.Exit(2)
	}
	if cfg.worlds < 2 || cfg.worlds%2 != 0 || cfg.hands < 1 || cfg.cands < 2 || cfg.rate <= 0 || cfg.rate > 1 {
		fmt.Fprintln(os.Stderr, "value101: -worlds must be even and at least 2, -hands and -rate positive, -cands at least 2")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, cfg, *lambda, nc); err != nil {
		fmt.Fprintln(os.Stderr, "value101:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cfg labelConfig, lambda float64, nc netConfig) error {
	bs, err := blocks(ctx, cfg)
	if err != nil {
		return err
	}
	var cs []choice
	discards, hands := 0, 0
	for _, b := range bs {
		cs = append(cs, b.Choices...)
		discards += b.Discards
		hands += b.End - b.First
	}
	fmt.Printf("%d hands, %d choices, %.2f discards a seat a hand\n\n", hands, len(cs), float64(discards)/float64(4*hands))
	rel, sd := reliability(cs)
	fmt.Printf("the second candidate less hard's pick: spread %.1f points on half the worlds, %.2f correlated between the halves\n\n", sd, rel)
	figs := ceilings(cs, hands, cfg.rate)
	if err := readAll(ctx, cfg.seed, cs, cfg.workers); err != nil {
		return err
	}
	for _, rd := range []rowReader{viewRows, bothRows, trueRows} {
		fs, err := readers(cs, hands, cfg.rate, lambda, rd)
		if err != nil {
			return err
		}
		figs = append(figs, fs...)
	}
	nf, err := netReaders(ctx, cs, hands, cfg.rate, nc)
	if err != nil {
		return err
	}
	figs = append(figs, nf...)
	fmt.Print(table(figs))
	fmt.Print("\n", correlations(cs))
	fmt.Print("\n", where(cs))
	fmt.Print("\n", byState(cs))
	return nil
}
