package trainer

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
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
// package's path in the lab, as belief/train) with these knobs on hands
// that kept positions. The command is the one that runs it from a
// clone's top directory.
func (k *Knobs) Made(cmd string, hands, positions int) Made {
	return Made{Command: strings.Join(append([]string{"go -C lab run ./" + cmd}, Recipe(os.Args[1:])...), " "), Seed: k.Seed, Commit: k.Commit, Hands: hands, Positions: positions}
}

// placeFlags are the flags that say where a run keeps or writes things,
// not how the weights are made.
var placeFlags = map[string]bool{"cache": true, "out": true, "fixture": true, "report": true, "hand-loss": true}

// Recipe is a trainer's arguments without the flags that name a place
// on the machine that ran it (placeFlags): what a recipe records, so
// that a shipped recipe runs as it is from any clone.
func Recipe(args []string) []string {
	var kept []string
	for i := 0; i < len(args); i++ {
		name, _, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if strings.HasPrefix(args[i], "-") && placeFlags[name] {
			if !hasValue {
				i++ // its value is the next argument
			}
			continue
		}
		kept = append(kept, args[i])
	}
	return kept
}

// Product is the directory of the product's module (okey), found from
// the working directory up: a trainer writes its weights and fixed
// cases into the product's packages there by default, wherever in the
// clone it is run from.
func Product() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && strings.HasPrefix(string(b), "module okey\n") {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no okey module above the working directory: run the trainer in a clone of okey")
		}
		dir = up
	}
}

// Defaults sets -out and -fixture, when not given, to the weights file
// and the fixed cases of the product's package pkg (as bots/wait).
func (k *Knobs) Defaults(pkg string) error {
	if k.Out != "" && k.Fixture != "" {
		return nil
	}
	root, err := Product()
	if err != nil {
		return err
	}
	if k.Out == "" {
		k.Out = filepath.Join(root, pkg, "weights.json")
	}
	if k.Fixture == "" {
		k.Fixture = filepath.Join(root, pkg, "testdata", "fixture.json")
	}
	return nil
}
