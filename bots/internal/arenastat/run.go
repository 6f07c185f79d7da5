package arenastat

import "fmt"

// Seats is the number of bots at an arena's table: four in both games.
const Seats = 4

// DecisionTimes is a bot's time per decision as both arenas report it,
// under the names of okey sim --json: the mean, the median and the 99th
// percentile in milliseconds (the quantiles within 2%, from a TimeHist),
// and the number of decisions timed.
type DecisionTimes struct {
	DecisionMeanMs   float64 `json:"decision_ms_mean"`
	DecisionMedianMs float64 `json:"decision_ms_median"`
	DecisionP99Ms    float64 `json:"decision_ms_p99"`
	Decisions        int     `json:"decisions"`
}

// Times reads h as a bot's decision times.
func (h *TimeHist) Times() DecisionTimes {
	return DecisionTimes{
		DecisionMeanMs:   h.Mean(),
		DecisionMedianMs: h.Quantile(0.5),
		DecisionP99Ms:    h.Quantile(0.99),
		Decisions:        h.Count(),
	}
}

// MergeTimes folds the histograms each worker kept, one a bot, into one
// a bot for the whole run.
func MergeTimes(workers [][Seats]TimeHist) *[Seats]TimeHist {
	var all [Seats]TimeHist
	for w := range workers {
		for j := range all {
			all[j].Merge(&workers[w][j])
		}
	}
	return &all
}

// CheckBots checks an arena's bots: Seats names, each one that build
// makes a bot of. Its errors wrap errConfig (and build's error).
func CheckBots(errConfig error, names []string, build func(name string) error) error {
	if len(names) != Seats {
		return fmt.Errorf("%w: need %d bots, got %d", errConfig, Seats, len(names))
	}
	for _, name := range names {
		if err := build(name); err != nil {
			return fmt.Errorf("%w: %w", errConfig, err)
		}
	}
	return nil
}

// HandsPerSecond is a run's rate of play: hands over the seconds it took
// (0 for no time).
func HandsPerSecond(hands int, elapsedS float64) float64 {
	if elapsedS <= 0 {
		return 0
	}
	return float64(hands) / elapsedS
}

// Interrupted is the error of a run whose context ended first (ctxErr):
// it wraps the arena's sentinel and ctxErr and says how far the run
// came, done of units hands (or matches, when matches), and what its
// result counts: counted hands (or matches) in clusters whole clusters
// of four rotations.
func Interrupted(sentinel, ctxErr error, matches bool, done, units, counted, clusters int) error {
	what, cluster := "hands", "deals"
	if matches {
		what, cluster = "matches", "groups of a match"
	}
	return fmt.Errorf("%w after %d of %d %s (%d %s counted: %d %s in all four rotations): %w", sentinel, done, units, what, counted, what, clusters, cluster, ctxErr)
}
