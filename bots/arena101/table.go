package arena101

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// WriteTable writes a run's result as a text table, one row a bot:
// what okey sim --game 101 prints without --json.
func WriteTable(w io.Writer, cfg *Config, r *Result) error {
	p := &printer{w: w}
	what := fmt.Sprintf("%d hands", r.Hands)
	if r.Matches > 0 {
		what = fmt.Sprintf("%d matches (%d hands)", r.Matches, r.Hands)
	}
	p.f("Okey 101: %s, duplicate deals, seed %d, rules %s: %.1f s, %.0f hands/s\n", what, cfg.Seed, cfg.Rules, r.ElapsedS, r.HandsPerSecond())
	p.f("finished by a player: %d (%.1f%%), wall out: %d, void deals dealt again: %d\n\n", r.Finished, pct(r.Finished, r.Hands), r.WallOut, r.Voids)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	tp := &printer{w: tw}
	tp.f("bot\tpoints/hand\t95%% interval\tvs others\t95%% interval\tfinished\tshare\t95%% interval\topened\tpairs\topen turn\tpenalties\tokey fin.\tms/decision\tp99 ms\t\n")
	for _, b := range r.Bots {
		tp.f("%s\t%.1f\t%s\t%+.1f\t%s\t%d\t%.1f%%\t%s\t%.1f%%\t%d\t%.2f\t%d\t%d\t%.3f\t%.3f\t\n",
			b.Name, b.PointsPerHand, intervalf("%.1f", b.CI95, ""), b.VsOthers, intervalf("%+.1f", b.VsOthersCI95, ""),
			b.Finished, 100*b.FinishShare, intervalf("%.1f", [2]float64{100 * b.FinishCI95[0], 100 * b.FinishCI95[1]}, "%"),
			pct(b.Opened, r.Hands), b.OpenedPairs, b.OpenTurnMean, b.Penalties, b.OkeyFinishes,
			b.DecisionMeanMs, b.DecisionP99Ms)
	}
	tp.flush(tw)
	p.err = firstErr(p.err, tp.err)
	p.f("\nwhere the points go, a hand (they add up to points/hand):\n")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	tp = &printer{w: tw}
	tp.f("bot\tfinishing\track left\tokeys left\tnot opened\tpenalties\thands not opened\tokey caught\t\n")
	for _, b := range r.Bots {
		c := b.Causes
		tp.f("%s\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%d\t%d\t\n", b.Name, c.Finished, c.Rack, c.Okeys, c.NotOpened, c.Penalties,
			b.NotOpenedHands, b.OkeyCaughtHands)
	}
	tp.flush(tw)
	p.err = firstErr(p.err, tp.err)
	if r.Matches > 0 {
		p.f("\n")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		tp := &printer{w: tw}
		tp.f("bot\tmatches won\ttied\tshare\t95%% interval\tpoints/match\t95%% interval\t\n")
		for _, b := range r.Bots {
			if m := b.Match; m != nil {
				tp.f("%s\t%d\t%d\t%.1f%%\t%s\t%.1f\t%s\t\n", b.Name, m.Won, m.Tied,
					100*m.WinShare, intervalf("%.1f", [2]float64{100 * m.WinCI95[0], 100 * m.WinCI95[1]}, "%"), m.PointsPerMatch, intervalf("%.1f", m.CI95, ""))
			}
		}
		tp.flush(tw)
		p.err = firstErr(p.err, tp.err)
	}
	return p.err
}

// interval is a 95% interval as the tables show it, lo–hi and the unit;
// an interval whose ends read the same (one match, or no case of what
// it measures) says nothing, and reads "too few" instead of 154.2–154.2.
func interval(lo, hi, unit string) string {
	if lo == hi {
		return "too few"
	}
	return lo + "–" + hi + unit
}

// intervalf is Interval of ci with both ends in format.
func intervalf(format string, ci [2]float64, unit string) string {
	return interval(fmt.Sprintf(format, ci[0]), fmt.Sprintf(format, ci[1]), unit)
}

func pct(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(k) / float64(n)
}

// printer writes until the first error and keeps it.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

func (p *printer) flush(tw *tabwriter.Writer) {
	if p.err == nil {
		p.err = tw.Flush()
	}
}

func firstErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
