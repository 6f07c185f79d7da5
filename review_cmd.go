package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"okey/bots/coach"
	"okey/ui/cli"
	"okey/ui/store"
)

type reviewFlags struct {
	seat, hand, samples, workers int
	seed                         uint64
	json                         bool
	stateDir                     string
}

// reviewCmd is okey review: flags in, records judged, the report out.
func reviewCmd(e *env) *cobra.Command {
	var f reviewFlags
	c := &cobra.Command{
		Use:   "review [RECORD…]",
		Short: e.tr.T("cli.review.short"),
		Long:  e.tr.T("cli.review.long"),
		Example: `okey review
okey review --seat 2 --hand 3 match-000042.okey
okey review --json --samples 64 match.okey`,
		RunE: func(c *cobra.Command, paths []string) error {
			return exitCode(reviewRun(c.Context(), &f, paths, e.stdout, e.stderr))
		},
	}
	fs := c.Flags()
	fs.IntVar(&f.seat, "seat", 0, e.tr.T("cli.flag.review.seat"))
	fs.IntVar(&f.hand, "hand", 0, e.tr.T("cli.flag.review.hand"))
	fs.IntVar(&f.samples, "samples", 0, e.tr.T("cli.flag.review.samples", coach.DefaultSamplesClassic, coach.DefaultSamples101))
	fs.Uint64Var(&f.seed, "seed", 1, e.tr.T("cli.flag.review.seed"))
	fs.IntVar(&f.workers, "workers", 0, e.tr.T("cli.flag.review.workers"))
	fs.BoolVar(&f.json, "json", false, e.tr.T("cli.flag.review.json"))
	fs.StringVar(&f.stateDir, "state-dir", "", e.tr.T("cli.flag.state-dir"))
	_ = c.MarkFlagDirname("state-dir")
	return c
}

// reviewRun reviews the records of paths (none: the last match).
func reviewRun(ctx context.Context, f *reviewFlags, paths []string, stdout, stderr io.Writer) int {
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "okey review: "+format+" (okey review -h for help)\n", a...)
		return 2
	}
	switch {
	case f.seat < 0 || f.seat > 3:
		return usageErr("--seat must be 0 to 3, got %d", f.seat)
	case f.hand < 0:
		return usageErr("--hand must not be negative, got %d", f.hand)
	case f.samples < 0 || f.samples > 100000:
		return usageErr("--samples must be 0 to 100000, got %d", f.samples)
	case f.workers < 0:
		return usageErr("--workers must not be negative, got %d", f.workers)
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "okey review: %v\n", err)
		return 1
	}
	if len(paths) == 0 {
		p, err := lastMatch(f.stateDir)
		if err != nil {
			return fail(err)
		}
		paths = []string{p}
	}
	for _, p := range paths {
		if err := reviewFile(ctx, p, f, stdout, stderr); err != nil {
			return fail(err)
		}
	}
	return 0
}

// lastMatch is the record to review when none is named: the match in
// progress in the state directory, or else the newest finished one.
func lastMatch(dir string) (string, error) {
	dir, err := store.StateDir(dir)
	if err != nil {
		return "", err
	}
	cur := filepath.Join(dir, store.MatchFile)
	if _, err := os.Stat(cur); err == nil {
		return cur, nil
	}
	done, _ := filepath.Glob(filepath.Join(dir, store.FinishedDir, "*.okey"))
	if len(done) == 0 {
		return "", fmt.Errorf("no match to review in %s (play one, or name a record)", dir)
	}
	slices.SortFunc(done, func(a, b string) int {
		ia, _ := os.Stat(a)
		ib, _ := os.Stat(b)
		if ia != nil && ib != nil && !ia.ModTime().Equal(ib.ModTime()) {
			return ia.ModTime().Compare(ib.ModTime())
		}
		return cmpString(a, b)
	})
	return done[len(done)-1], nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// reviewFile reviews one record file and writes its report.
func reviewFile(ctx context.Context, path string, f *reviewFlags, stdout, stderr io.Writer) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	o := coach.Options{Seed: f.seed, Samples: f.samples, Workers: f.workers}
	var bar *cli.Progress
	if isTerminal(stderr) {
		o.Progress = func(done, total int) {
			if bar == nil {
				bar = cli.NewProgress(stderr, total, "decisions")
			}
			bar.Update(done)
		}
	}
	r, err := cli.ReviewRecord(ctx, b, f.seat, f.hand, o)
	ds, sum := r.Decisions, r.Summary
	if bar != nil {
		bar.Clear()
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("%s: interrupted after %d decisions", path, len(ds))
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	if f.json {
		enc := json.NewEncoder(stdout)
		for i := range ds {
			if err := enc.Encode(&ds[i]); err != nil {
				return err
			}
		}
		return enc.Encode(&sum)
	}
	return cli.PrintReview(stdout, "Review of "+path, ds, sum)
}
