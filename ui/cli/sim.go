package cli

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/progress"

	"okey/bots/arenaclassic"
)

// PrintSim writes an arena run as okey sim's tables, each within 80
// columns: in a run of matches the matches' table first; then the hands
// won and the time a decision; then net points a hand split into play
// and gösterme, and what okey finishes and seven pairs add to play, each
// with its interval, so that an edge that comes from one rule shows
// where it comes from.
func PrintSim(w io.Writer, cfg *arenaclassic.Config, r *arenaclassic.Result) error {
	p := &printer{w: w}
	if cfg.Matches > 0 {
		p.f("%d matches (duplicate matches), %d hands: %.1f s, %.0f hands/s\n%s\n\n",
			r.Matches, r.Hands, r.ElapsedS, r.HandsPerSecond(), seedRules(cfg))
		p.f("matches won (the top two), first places, hands a match:\n")
		p.table(func(tp *printer) {
			tp.f("bot\twon\tshare\t95%% interval\tfirsts\tshare\t95%% interval\thands\t\n")
			for _, b := range r.Bots {
				m := b.Match
				if m == nil {
					m = &arenaclassic.Match{}
				}
				tp.f("%s\t%.1f\t%.1f%%\t%s\t%.1f\t%.1f%%\t%s\t%.2f\t\n",
					b.Name, m.Wins, 100*m.WinShare, percents(m.CI95),
					m.Firsts, 100*m.FirstShare, percents(m.FirstCI95), m.HandsPerMatch)
			}
		})
		p.f("\n")
	} else {
		p.f("%d hands (duplicate deals): %.1f s, %.0f hands/s\n%s\n\n",
			r.Hands, r.ElapsedS, r.HandsPerSecond(), seedRules(cfg))
	}
	p.f("hands won, gösterme shown, and ms a decision:\n")
	p.table(func(tp *printer) {
		tp.f("bot\twon\tshare\t95%% interval\tshown\tms mean\tmedian\tp99\t\n")
		for _, b := range r.Bots {
			tp.f("%s\t%d\t%.1f%%\t%s\t%d\t%.3f\t%.3f\t%.3f\t\n",
				b.Name, b.Won, 100*b.WinShare, percents(b.CI95), b.Gosterme,
				b.DecisionMeanMs, b.DecisionMedianMs, b.DecisionP99Ms)
		}
	})
	p.f("\nnet points a hand = play + gösterme, with 95%% intervals:\n")
	p.table(func(tp *printer) {
		tp.f("bot\tnet\t95%% interval\tplay\t95%% interval\tgösterme\t95%% interval\t\n")
		for _, b := range r.Bots {
			tp.f("%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", b.Name,
				signed(b.NetPointsPerHand), points(b.NetCI95), signed(b.PlayPointsPerHand), points(b.PlayCI95),
				signed(b.GostermePointsPerHand), points(b.GostermeCI95))
		}
	})
	p.f("\nof play, what okey finishes and seven pairs add over plain wins:\n")
	p.table(func(tp *printer) {
		tp.f("bot\tokey fin.\tpoints\t95%% interval\tpairs\tpoints\t95%% interval\t\n")
		for _, b := range r.Bots {
			tp.f("%s\t%d\t%s\t%s\t%d\t%s\t%s\t\n", b.Name,
				b.OkeyFinishes, signed(b.OkeyFinishPointsPerHand), points(b.OkeyFinishCI95),
				b.PairsWins, signed(b.PairsPointsPerHand), points(b.PairsCI95))
		}
	})
	p.f("\nwall out: %d of %d hands (%.1f%%)", r.WallOut, r.Hands, 100*r.WallOutShare())
	if r.Capped > 0 {
		p.f(", %d of them stopped at %d actions", r.Capped, arenaclassic.DefaultMaxActions)
	}
	p.f("\n")
	return p.err
}

// seedRules says the run's seed and rules, on two lines when one would
// pass 80 columns.
func seedRules(cfg *arenaclassic.Config) string {
	s := fmt.Sprintf("seed %d, rules %s", cfg.Seed, cfg.Rules)
	if utf8.RuneCountInString(s) > 80 {
		s = fmt.Sprintf("seed %d,\nrules %s", cfg.Seed, cfg.Rules)
	}
	return s
}

// percents is an interval of shares as the tables show it.
func percents(ci [2]float64) string {
	return interval(fmt.Sprintf("%.1f", 100*ci[0]), fmt.Sprintf("%.1f", 100*ci[1]), "%")
}

// points is an interval of points a hand as the tables show it.
func points(ci [2]float64) string {
	return interval(signed(ci[0]), signed(ci[1]), "")
}

// interval is lo–hi and the unit; ends that read the same (one match,
// or no case of what is measured) say nothing: "too few", as okey sim
// --game 101's tables say it, rather than 154.2–154.2.
func interval(lo, hi, unit string) string {
	if lo == hi {
		return "too few"
	}
	return lo + "–" + hi + unit
}

// signed is points a hand with their sign, three decimals; a figure that
// rounds to zero reads +0.000, not -0.000 (the gösterme of bots that all
// show sums to zero within a rounding error of either sign).
func signed(x float64) string {
	if math.Abs(x) < 0.0005 {
		x = 0
	}
	return fmt.Sprintf("%+.3f", x)
}

// table writes rows through a right-aligned tabwriter and flushes it.
func (p *printer) table(rows func(tp *printer)) {
	if p.err != nil {
		return
	}
	tw := tabwriter.NewWriter(p.w, 0, 0, 2, ' ', tabwriter.AlignRight)
	tp := &printer{w: tw}
	rows(tp)
	if tp.err == nil {
		tp.err = tw.Flush()
	}
	p.err = tp.err
}

// Progress draws a progress bar on one terminal line, redrawn at most ten
// times a second.
type Progress struct {
	w     io.Writer
	what  string
	total int
	bar   progress.Model
	last  time.Time
	start time.Time
}

// NewProgress starts a bar of total steps on w, a terminal; what names
// the steps (hands, matches).
func NewProgress(w io.Writer, total int, what string) *Progress {
	return &Progress{w: w, what: what, total: total, bar: progress.New(progress.WithDefaultBlend(), progress.WithWidth(40)), start: time.Now()}
}

// Update redraws the bar after done steps; an arena's progress callback
// (called one at a time).
func (p *Progress) Update(done int) {
	now := time.Now()
	if done < p.total && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	rate := float64(done) / max(now.Sub(p.start).Seconds(), 1e-9)
	fmt.Fprintf(p.w, "\r%s %d/%d %s, %.0f/s\x1b[K", p.bar.ViewAs(float64(done)/float64(p.total)), done, p.total, p.what, rate)
}

// Clear removes the bar before the results are printed.
func (p *Progress) Clear() { fmt.Fprint(p.w, "\r\x1b[K") }
