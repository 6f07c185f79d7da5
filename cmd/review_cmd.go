package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"okey/bots/coach"
	"okey/kit/i18n"
	"okey/kit/problem"
	"okey/kit/store"
	"okey/ui/cli"
	"okey/ui/playclassic"
	"okey/ui/review"
)

type reviewFlags struct {
	seat, hand, samples, workers int
	seed                         uint64
	json, hints                  bool
	// hintTime is how long each of --hints' hints may weigh its moves
	// (the game's HintBudget unless told).
	hintTime time.Duration
	stateDir string
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
okey review --json --samples 64 match.okey
okey review --hints match.okey`,
		ValidArgsFunction: records,
		RunE: func(c *cobra.Command, paths []string) error {
			if err := reviewArgs(c, &f, paths); err != nil {
				return err
			}
			return exitCode(reviewRun(c.Context(), &f, paths, e.tr, e.stdin, e.stdout, e.stderr))
		},
	}
	fs := c.Flags()
	fs.IntVar(&f.seat, "seat", 0, e.tr.T("cli.flag.review.seat"))
	fs.IntVar(&f.hand, "hand", 0, e.tr.T("cli.flag.review.hand"))
	fs.IntVar(&f.samples, "samples", 0, e.tr.T("cli.flag.review.samples", coach.DefaultSamplesClassic, coach.DefaultSamples101))
	fs.Uint64Var(&f.seed, "seed", 1, e.tr.T("cli.flag.review.seed"))
	fs.IntVar(&f.workers, "workers", 0, e.tr.T("cli.flag.review.workers"))
	fs.BoolVar(&f.json, "json", false, e.tr.T("cli.flag.review.json"))
	fs.BoolVar(&f.hints, "hints", false, e.tr.T("cli.flag.review.hints", playclassic.HintBudget.Milliseconds()))
	fs.DurationVar(&f.hintTime, "hint-time", playclassic.HintBudget, e.tr.T("cli.flag.review.hint-time"))
	fs.StringVar(&f.stateDir, "state-dir", "", e.tr.T("cli.flag.state-dir"))
	_ = c.MarkFlagDirname("state-dir")
	_ = c.RegisterFlagCompletionFunc("seat", fixed("0", "1", "2", "3"))
	return c
}

// reviewArgs refuses a wrong command line of okey review.
func reviewArgs(c *cobra.Command, f *reviewFlags, paths []string) error {
	u := func(key string, a ...any) error { return &usageError{cmd: c, key: key, args: a} }
	switch {
	case f.seat < 0 || f.seat > 3:
		return u("cmd.review.seat", f.seat)
	case f.hand < 0:
		return u("cmd.review.hand", f.hand)
	case f.samples < 0 || f.samples > 100000:
		return u("cmd.review.samples", f.samples)
	case f.workers < 0:
		return u("cli.err.workers", f.workers)
	case f.hintTime <= 0 || f.hintTime > time.Minute:
		return u("cmd.review.hint-time", f.hintTime)
	case slicesCount(paths, "-") > 1:
		return u("cmd.err.stdin.twice")
	}
	return nil
}

// reviewRun reviews the records of paths ("-" is stdin; none: the last
// match), its failures said in tr's words.
func reviewRun(ctx context.Context, f *reviewFlags, paths []string, tr *i18n.Catalog, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(msg string) int {
		fmt.Fprintf(stderr, "okey review: %s\n", msg)
		return 1
	}
	if len(paths) == 0 {
		p, msg := lastMatch(f.stateDir, tr)
		if msg != "" {
			return fail(msg)
		}
		paths = []string{p}
	}
	for _, p := range paths {
		if msg := reviewFile(ctx, p, f, tr, stdin, stdout, stderr); msg != "" {
			return fail(msg)
		}
	}
	return 0
}

// lastMatch is the record to review when none is named: the match in
// progress in the state directory, or else the newest finished one.
func lastMatch(dir string, tr *i18n.Catalog) (string, string) {
	dir, err := store.StateDir(dir)
	if err != nil {
		return "", tr.T("cmd.err.nostatedir")
	}
	cur := filepath.Join(dir, store.MatchFile)
	if _, err := os.Stat(cur); err == nil {
		return cur, ""
	}
	done, _ := filepath.Glob(filepath.Join(dir, store.FinishedDir, "*.okey"))
	if len(done) == 0 {
		return "", tr.T("cmd.review.none", dir)
	}
	slices.SortFunc(done, func(a, b string) int {
		ia, _ := os.Stat(a)
		ib, _ := os.Stat(b)
		if ia != nil && ib != nil && !ia.ModTime().Equal(ib.ModTime()) {
			return ia.ModTime().Compare(ib.ModTime())
		}
		return cmpString(a, b)
	})
	return done[len(done)-1], ""
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

// reviewFile reviews one record ("-": stdin) and writes its report;
// what went wrong is said in tr's words ("" when nothing did).
func reviewFile(ctx context.Context, path string, f *reviewFlags, tr *i18n.Catalog, stdin io.Reader, stdout, stderr io.Writer) string {
	name := path
	if path == "-" {
		name = tr.T("cmd.stdin")
	}
	b, err := readRecordFrom(path, stdin)
	if err != nil {
		return name + ": " + verifyWhy(tr, err)
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
	// Each decision is written as soon as it is judged (a whole match
	// takes minutes on a busy machine): a line of --json, or the
	// report's line under its hand, the progress line drawn again under
	// it; the summary follows at the end.
	enc := json.NewEncoder(stdout)
	var st *cli.Stream // begun at the first decision: a record that does not read prints nothing
	stream := func() *cli.Stream {
		if st == nil {
			st = cli.NewStream(stdout, tr, tr.T("cli.review.title", name))
		}
		return st
	}
	o.Judged = func(d coach.Decision) {
		if f.hints {
			return // each decision is written with its hint, once both are known
		}
		if bar != nil {
			bar.Clear()
		}
		if f.json {
			_ = enc.Encode(&d) // a failed write is said once, by the guard of stdout
			return
		}
		stream().Decision(&d, func(s string) string { return review.Say(tr, b, f.seat, f.hand, []coach.Decision{d})(0, s) })
	}
	r, err := cli.ReviewRecord(ctx, b, f.seat, f.hand, o)
	ds, sum := r.Decisions, r.Summary
	if bar != nil {
		bar.Clear()
	}
	var hs []cli.HintLine
	if err == nil && f.hints {
		// what the game's hint would have said at each decision, with
		// the game's time for a hint unless --hint-time says otherwise
		hs, err = cli.HintsFor(ctx, b, f.seat, f.hand, f.hintTime)
	}
	switch {
	case errors.Is(err, context.Canceled):
		return tr.T("cmd.review.interrupted", name, tr.N("cmd.n.decisions", len(ds), len(ds)))
	case err != nil:
		return name + ": " + reviewWhy(tr, err, f)
	}
	if f.json {
		if f.hints {
			// the decisions were kept for their hints, each after its own
			for i := range ds {
				if err := enc.Encode(&ds[i]); err != nil {
					return "" // said once, by the guard of stdout
				}
				if i < len(hs) && hs[i].Index == ds[i].Index && hs[i].Hand == ds[i].Hand {
					_ = enc.Encode(&hs[i])
				}
			}
		}
		_ = enc.Encode(&sum) // a failed write is said once, by the guard of stdout
		return ""
	}
	say := review.Say(tr, b, f.seat, f.hand, ds)
	if f.hints {
		_ = cli.PrintReview(stdout, tr, tr.T("cli.review.title", name), ds, sum, say)
		_ = cli.PrintHints(stdout, tr, ds, hs, say)
		return ""
	}
	_ = stream().End(ds, sum, say)
	return ""
}

// reviewWhy is why a record cannot be reviewed, in tr's words: in
// English the engines' and the coach's own (the line, the action, what
// is wrong); in Turkish a seat without a decision in the hand asked for,
// or the record's damage with where it is.
func reviewWhy(tr *i18n.Catalog, err error, f *reviewFlags) string {
	if tr.T("err.raw") == "yes" {
		return err.Error()
	}
	if strings.Contains(err.Error(), "made no decision") {
		return tr.T("cmd.review.nodecision", f.seat+1, f.hand) // seats are counted from 1 where a player reads them
	}
	return problem.RecordReason(tr, err)
}
