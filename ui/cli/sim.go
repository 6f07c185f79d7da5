package cli

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"charm.land/bubbles/v2/progress"

	"okey/bots/arena"
)

// PrintSim writes an arena run as okey sim's table: in a run of matches
// the matches' table first, then the hands'.
func PrintSim(w io.Writer, cfg *arena.Config, r *arena.Result) error {
	p := &printer{w: w}
	if cfg.Matches > 0 {
		p.f("%d matches (duplicate matches), %d hands, seed %d, rules %s: %.1f s, %.0f hands/s\n\n",
			r.Matches, r.Hands, cfg.Seed, cfg.Rules, r.ElapsedS, r.HandsPerSecond())
		p.table(func(tp *printer) {
			tp.f("bot\tmatches won\tshare\t95%% interval\tfirsts\tshare\t95%% interval\thands/match\t95%% interval\t\n")
			for _, b := range r.Bots {
				m := b.Match
				if m == nil {
					m = &arena.Match{}
				}
				tp.f("%s\t%.1f\t%.1f%%\t%.1f–%.1f%%\t%.1f\t%.1f%%\t%.1f–%.1f%%\t%.2f\t%.2f–%.2f\t\n",
					b.Name, m.Wins, 100*m.WinShare, 100*m.CI95[0], 100*m.CI95[1],
					m.Firsts, 100*m.FirstShare, 100*m.FirstCI95[0], 100*m.FirstCI95[1],
					m.HandsPerMatch, m.HandsCI95[0], m.HandsCI95[1])
			}
		})
		p.f("\n")
	} else {
		p.f("%d hands (duplicate deals), seed %d, rules %s: %.1f s, %.0f hands/s\n\n",
			r.Hands, cfg.Seed, cfg.Rules, r.ElapsedS, r.HandsPerSecond())
	}
	p.table(func(tp *printer) {
		tp.f("bot\twon\tshare\t95%% interval\tnet/hand\t95%% interval\tlost/hand\tokey fin.\tpairs\tgösterme\tms/decision\tmedian\tp99\t\n")
		for _, b := range r.Bots {
			tp.f("%s\t%d\t%.1f%%\t%.1f–%.1f%%\t%+.3f\t%+.3f–%+.3f\t%.3f\t%d\t%d\t%d\t%.3f\t%.3f\t%.3f\t\n",
				b.Name, b.Won, 100*b.WinShare, 100*b.CI95[0], 100*b.CI95[1],
				b.NetPointsPerHand, b.NetCI95[0], b.NetCI95[1], b.PointsLostPerHand,
				b.OkeyFinishes, b.PairsWins, b.Gosterme, b.DecisionMeanMs, b.DecisionMedianMs, b.DecisionP99Ms)
		}
	})
	p.f("\nwall out: %d of %d hands (%.1f%%)", r.WallOut, r.Hands, 100*r.WallOutShare())
	if r.Capped > 0 {
		p.f(", %d of them stopped at %d actions", r.Capped, arena.DefaultMaxActions)
	}
	p.f("\n")
	return p.err
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
