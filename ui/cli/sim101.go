package cli

import (
	"fmt"
	"io"

	"okey/bots/arena101"
)

// PrintSim101 writes an Okey 101 arena run as okey sim --game 101's
// tables, one row a bot: points a hand and against the table, finishes,
// openings, penalties and the time a decision; then where each bot's
// points go (they add up to its points a hand); in a run of matches,
// the matches won.
func PrintSim101(w io.Writer, cfg *arena101.Config, r *arena101.Result) error {
	p := &printer{w: w}
	what := fmt.Sprintf("%d hands", r.Hands)
	if r.Matches > 0 {
		what = fmt.Sprintf("%d matches (%d hands)", r.Matches, r.Hands)
	}
	p.f("Okey 101: %s, duplicate deals, seed %d, rules %s: %.1f s, %.0f hands/s\n", what, cfg.Seed, cfg.Rules, r.ElapsedS, r.HandsPerSecond())
	p.f("finished by a player: %d (%.1f%%), wall out: %d, void deals dealt again: %d\n\n", r.Finished, pct(r.Finished, r.Hands), r.WallOut, r.Voids)
	p.table(func(tp *printer) {
		tp.f("bot\tpoints/hand\t95%% interval\tvs others\t95%% interval\tfinished\tshare\t95%% interval\topened\tpairs\topen turn\tpenalties\tokey fin.\tms/decision\tp99 ms\t\n")
		for _, b := range r.Bots {
			tp.f("%s\t%.1f\t%s\t%+.1f\t%s\t%d\t%.1f%%\t%s\t%.1f%%\t%d\t%.2f\t%d\t%d\t%.3f\t%.3f\t\n",
				b.Name, b.PointsPerHand, ones(b.CI95), b.VsOthers, signedOnes(b.VsOthersCI95),
				b.Finished, 100*b.FinishShare, percents(b.FinishCI95),
				pct(b.Opened, r.Hands), b.OpenedPairs, b.OpenTurnMean, b.Penalties, b.OkeyFinishes,
				b.DecisionMeanMs, b.DecisionP99Ms)
		}
	})
	p.f("\nwhere the points go, a hand (they add up to points/hand):\n")
	p.table(func(tp *printer) {
		tp.f("bot\tfinishing\track left\tokeys left\tnot opened\tpenalties\thands not opened\tokey caught\t\n")
		for _, b := range r.Bots {
			c := b.Causes
			tp.f("%s\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%d\t%d\t\n", b.Name, c.Finished, c.Rack, c.Okeys, c.NotOpened, c.Penalties,
				b.NotOpenedHands, b.OkeyCaughtHands)
		}
	})
	if r.Matches > 0 {
		p.f("\n")
		p.table(func(tp *printer) {
			tp.f("bot\tmatches won\ttied\tshare\t95%% interval\tpoints/match\t95%% interval\t\n")
			for _, b := range r.Bots {
				if m := b.Match; m != nil {
					tp.f("%s\t%d\t%d\t%.1f%%\t%s\t%.1f\t%s\t\n", b.Name, m.Won, m.Tied,
						100*m.WinShare, percents(m.WinCI95), m.PointsPerMatch, ones(m.CI95))
				}
			}
		})
	}
	return p.err
}

// ones is an interval of 101's points as its tables show it, to one
// decimal.
func ones(ci [2]float64) string {
	return interval(fmt.Sprintf("%.1f", ci[0]), fmt.Sprintf("%.1f", ci[1]), "")
}

// signedOnes is ones with the signs shown.
func signedOnes(ci [2]float64) string {
	return interval(fmt.Sprintf("%+.1f", ci[0]), fmt.Sprintf("%+.1f", ci[1]), "")
}

// pct is k of n in percent (0 of none).
func pct(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(k) / float64(n)
}
