package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"charm.land/bubbles/v2/progress"

	"okey/bots"
	"okey/bots/arena"
	"okey/game"
)

// simMain is okey sim: it plays bots against each other over duplicate
// deals and prints how each did. Bad arguments exit with status 2, a run
// that fails with 1.
func simMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, asJSON, err := parseSim(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "okey sim: %v\n", err)
		return 2
	}
	var bar *progressLine
	if isTerminal(stdout) {
		bar = newProgressLine(stdout, cfg.Hands)
		cfg.Progress = bar.update
	}
	res, err := arena.Run(ctx, cfg)
	if bar != nil {
		bar.clear()
	}
	if err != nil {
		fmt.Fprintf(stderr, "okey sim: %v\n", err)
		if errors.Is(err, arena.ErrConfig) {
			return 2
		}
		return 1
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(stderr, "okey sim: %v\n", err)
			return 1
		}
		return 0
	}
	printSim(stdout, &cfg, &res)
	return 0
}

// parseSim reads okey sim's flags into an arena configuration.
func parseSim(args []string, stderr io.Writer) (arena.Config, bool, error) {
	fs := flag.NewFlagSet("okey sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	botList := fs.String("bots", "hard,normal,normal,normal", "the four bots, comma-separated, from: "+strings.Join(bots.Levels, ", "))
	hands := fs.Int("hands", 1000, "hands to play (a multiple of 4 gives every bot every seat of every deal)")
	seed := fs.Uint64("seed", 1, "seed of the deals and the bots")
	rules := fs.String("rules", "default", "rules options as for the game: "+strings.Join(game.RuleOptions, ", "))
	think := fs.Duration("think", bots.DefaultThink, "the expert's time budget per decision")
	workers := fs.Int("workers", 0, "hands played at once (0: one per CPU)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the table")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: okey sim [flags]")
		fmt.Fprintln(stderr, "\nPits four bots against each other over duplicate deals (each deal played")
		fmt.Fprintln(stderr, "with the bots rotated through all four seats) and prints how each did.")
		fmt.Fprintln(stderr, "\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return arena.Config{}, false, err
	}
	if fs.NArg() > 0 {
		return arena.Config{}, false, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	r, err := game.ParseRules(*rules)
	if err != nil {
		return arena.Config{}, false, fmt.Errorf("--rules: %w", err)
	}
	var names []string
	for _, n := range strings.Split(*botList, ",") {
		names = append(names, strings.ToLower(strings.TrimSpace(n)))
	}
	if *think <= 0 {
		return arena.Config{}, false, fmt.Errorf("--think must be positive, got %v", *think)
	}
	if *workers < 0 {
		return arena.Config{}, false, fmt.Errorf("--workers must not be negative, got %d", *workers)
	}
	cfg := arena.Config{Bots: names, Hands: *hands, Seed: *seed, Rules: r, Think: *think, Workers: *workers}
	if err := cfg.Check(); err != nil {
		return arena.Config{}, false, err
	}
	return cfg, *asJSON, nil
}

// printSim writes the result as a table.
func printSim(w io.Writer, cfg *arena.Config, r *arena.Result) {
	fmt.Fprintf(w, "%d hands (duplicate deals), seed %d, rules %s: %.1f s, %.0f hands/s\n\n",
		r.Hands, cfg.Seed, cfg.Rules, r.ElapsedS, r.HandsPerSecond())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bot\twon\tshare\t95% interval\tlost/hand\tokey fin.\tpairs\tgösterme\tms/decision\tp99 ms\t")
	for _, b := range r.Bots {
		fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.1f–%.1f%%\t%.3f\t%d\t%d\t%d\t%.3f\t%.3f\t\n",
			b.Name, b.Won, 100*b.WinShare, 100*b.CI95[0], 100*b.CI95[1], b.PointsLostPerHand,
			b.OkeyFinishes, b.PairsWins, b.Gosterme, b.DecisionMeanMs, b.DecisionP99Ms)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nwall out: %d of %d hands (%.1f%%)", r.WallOut, r.Hands, 100*r.WallOutShare())
	if r.Capped > 0 {
		fmt.Fprintf(w, ", %d of them stopped at %d actions", r.Capped, arena.DefaultMaxActions)
	}
	fmt.Fprintln(w)
}

// isTerminal reports whether w is a terminal, where a progress bar
// belongs.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressLine draws a bubbles progress bar on one terminal line,
// redrawn at most ten times a second.
type progressLine struct {
	w     io.Writer
	total int
	bar   progress.Model
	last  time.Time
	start time.Time
}

func newProgressLine(w io.Writer, total int) *progressLine {
	return &progressLine{w: w, total: total, bar: progress.New(progress.WithDefaultBlend(), progress.WithWidth(40)), start: time.Now()}
}

// update is the arena's progress callback (called one at a time).
func (p *progressLine) update(done int) {
	now := time.Now()
	if done < p.total && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	rate := float64(done) / max(now.Sub(p.start).Seconds(), 1e-9)
	fmt.Fprintf(p.w, "\r%s %d/%d hands, %.0f/s\x1b[K", p.bar.ViewAs(float64(done)/float64(p.total)), done, p.total, rate)
}

// clear removes the bar before the results are printed.
func (p *progressLine) clear() { fmt.Fprint(p.w, "\r\x1b[K") }
