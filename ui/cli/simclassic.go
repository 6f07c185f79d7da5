package cli

import (
	"fmt"
	"io"
	"unicode/utf8"

	"okey/bots/arenaclassic"
)

// PrintSimClassic writes a classic arena run as okey sim's tables, each
// within 80 columns: in a run of matches the matches' table first; then
// the hands won and the time a decision; then net points a hand split
// into play and gösterme, and what okey finishes and seven pairs add to
// play, each with its interval, so that an edge that comes from one rule
// shows where it comes from.
func PrintSimClassic(w io.Writer, cfg *arenaclassic.Config, r *arenaclassic.Result) error {
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
