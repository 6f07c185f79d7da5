package trainer

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// Knobs are the flags both trainers take: the hands and the positions
// kept from them, the network and its optimiser, and where the data and
// the results go. A trainer sets its defaults in the fields before
// Register, and reads the values there after the flags are parsed.
type Knobs struct {
	Seed             uint64
	Hands, TestHands int
	Pos, Hard        float64
	Hidden           int
	Epochs, Batch    int
	LR, Decay        float64
	Workers          int
	Cache            string
	Out, Fixture     string
	Commit, Report   string
}

// Register defines k's flags on fs, each defaulting to k's value; row
// names what a training step sums (copies' groups, rows), kept what a
// position is kept of (a decision's view, a discard's).
func (k *Knobs) Register(fs *flag.FlagSet, row, kept string) {
	fs.Uint64Var(&k.Seed, "seed", k.Seed, "the seed of everything: the deals, the bots, the weights' start, the order of the steps")
	fs.IntVar(&k.Hands, "hands", k.Hands, "training hands")
	fs.IntVar(&k.TestHands, "test-hands", k.TestHands, "held-out hands (dealt from another seed)")
	fs.Float64Var(&k.Pos, "pos", k.Pos, "the chance that "+kept+" is kept as a position")
	fs.Float64Var(&k.Hard, "hard", k.Hard, "the chance that a seat is played by hard rather than normal")
	fs.IntVar(&k.Hidden, "hidden", k.Hidden, "hidden units of the network (0: linear)")
	fs.IntVar(&k.Epochs, "epochs", k.Epochs, "passes over the training "+row)
	fs.IntVar(&k.Batch, "batch", k.Batch, row+" a step")
	fs.Float64Var(&k.LR, "lr", k.LR, "Adam's first step size (cosine to 0)")
	fs.Float64Var(&k.Decay, "decay", k.Decay, "weight decay")
	fs.IntVar(&k.Workers, "workers", k.Workers, "goroutines (the result does not depend on them)")
	fs.StringVar(&k.Cache, "cache", k.Cache, "where the data (and the checkpoints) are kept")
	fs.StringVar(&k.Out, "out", k.Out, "the weights file written")
	fs.StringVar(&k.Fixture, "fixture", k.Fixture, "the test's fixed cases written")
	fs.StringVar(&k.Commit, "commit", k.Commit, "the commit of the code that made the data (default: the build's)")
	fs.StringVar(&k.Report, "report", k.Report, "also write the report (markdown) here")
}

// Main is a trainer's main once its flags are parsed: -commit defaults
// to the build's commit, and run is given a context that ends at an
// interrupt or SIGTERM; its error is printed and the process exits 1.
func (k *Knobs) Main(run func(ctx context.Context) error) {
	if k.Commit == "" {
		k.Commit = BuildCommit()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		stop()
		os.Exit(1)
	}
}

// Made is the head of a weights file's recipe, how the weights were
// made, alike in both trainers (each adds its own sizes and figures
// after it): the command, the seed, the data's commit, the training
// hands and the positions kept from them.
type Made struct {
	Command   string `json:"command"`
	Seed      uint64 `json:"seed"`
	Commit    string `json:"data_commit"`
	Hands     int    `json:"hands"`
	Positions int    `json:"positions"`
}

// Made is the head of the recipe of a run of the trainer cmd (its
// package's path) with these knobs on hands that kept positions.
func (k *Knobs) Made(cmd string, hands, positions int) Made {
	return Made{Command: "go run ./" + cmd + " " + strings.Join(os.Args[1:], " "), Seed: k.Seed, Commit: k.Commit, Hands: hands, Positions: positions}
}
