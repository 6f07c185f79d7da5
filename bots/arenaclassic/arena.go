package arenaclassic

import (
	"errors"
	"fmt"

	"okey/bots/botsclassic"
	"okey/bots/internal/arenastat"
	"okey/game/classic"
)

// DefaultMaxActions caps the actions of one hand. Bots that never take
// without gain cannot cycle, but a cap keeps a faulty bot from hanging a
// whole run: a hand that reaches it counts as a wall out (with Matches,
// it stops the run with an error, since the match cannot go on).
const DefaultMaxActions = 500

// maxMatchHands caps the hands of one match: a match of hands that all
// run out of wall would never end.
const maxMatchHands = 10000

// Config is one arena run.
type Config struct {
	// Bots are the four level names; bot i sits in seat i in the first
	// rotation of every deal.
	Bots []string
	// Hands is the number of hands to play when Matches is 0. Deal k is
	// played as hands 4k..4k+3, so a multiple of four gives every bot
	// every seat of every deal.
	Hands int
	// Matches, when positive, plays whole matches under Rules instead of
	// single hands: match k/4 is one sequence of deals (from its own
	// seed), played as matches 4k..4k+3 with the bots rotated, so a
	// multiple of four gives every bot every seat of every match.
	Matches int
	// Seed makes the run reproducible: it picks every deal and every
	// bot's seed.
	Seed uint64
	// Rules of every hand.
	Rules classic.Rules
	// Workers is the number of hands (or matches) played at once (0: one
	// a CPU).
	Workers int
	// MaxActions caps a hand (0: DefaultMaxActions).
	MaxActions int
	// Record, if set, is given the record of every hand (or match) as it
	// ends, in the format the game saves (classic.Record's JSON Lines), with
	// the unit's number: okey sim --record writes them so bot play can be
	// reviewed. It is called from the workers' goroutines, maybe at the
	// same time; an error stops the run.
	Record func(unit int, record []byte) error
	// Progress, if set, is called after every hand (or match) with the
	// number done so far. It is called from the workers' goroutines, one
	// call at a time.
	Progress func(done int)
	// New, if set, builds the bots from their level names in place of
	// botsclassic.New: okey sim passes one that also knows the search player
	// (bots/search), which imports bots and so cannot be one of its
	// levels.
	New func(level string, opt botsclassic.Options) (botsclassic.Bot, error)
}

// newBot builds a bot by Config.New, or botsclassic.New when it is not set.
func (c *Config) newBot(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
	if c.New != nil {
		return c.New(level, opt)
	}
	return botsclassic.New(level, opt)
}

// units is the number of hands, or of matches, the run plays.
func (c *Config) units() int {
	if c.Matches > 0 {
		return c.Matches
	}
	return c.Hands
}

// BotResult is how one bot did over the run; it follows the bot as it
// changes seats. The JSON names are those of okey sim --json.
type BotResult struct {
	// Name is the bot's level.
	Name string `json:"name"`
	// Won is the number of hands it finished.
	Won int `json:"won"`
	// WinShare is Won over the hands that had a winner.
	WinShare float64 `json:"win_share"`
	// CI95 is the 95% interval of WinShare, with the hands of a cluster
	// (a deal's four rotations, or a match's) taken together.
	CI95 [2]float64 `json:"ci95"`
	// PointsLostPerHand is the mean of the points it lost a hand (wins
	// of others and their gösterme), under the run's scoring.
	PointsLostPerHand float64 `json:"points_lost_per_hand"`
	// NetPointsPerHand is the mean over hands of what the other three
	// lost (on average) less what it lost: how many points a hand it
	// gains on a table of the others, the measure that decides matches.
	NetPointsPerHand float64 `json:"net_points_per_hand"`
	// NetCI95 is the 95% interval of NetPointsPerHand, the hands of a
	// cluster taken together.
	NetCI95 [2]float64 `json:"net_ci95"`
	// PlayPointsPerHand and GostermePointsPerHand split NetPointsPerHand
	// by where the points came from: the wins (play) and showing the
	// indicator (gösterme, which costs each other player a point). They
	// add up to it, so an edge that is only gösterme shows as such.
	// PlayCI95 and GostermeCI95 are their intervals.
	PlayPointsPerHand     float64    `json:"play_points_per_hand"`
	PlayCI95              [2]float64 `json:"play_ci95"`
	GostermePointsPerHand float64    `json:"gosterme_points_per_hand"`
	GostermeCI95          [2]float64 `json:"gosterme_ci95"`
	// OkeyFinishPointsPerHand and PairsPointsPerHand are the parts of
	// PlayPointsPerHand that okey finishes and seven pairs added over a
	// plain win (a win doubled twice shares the extra equally between
	// its doublings), with their intervals: how much of play the two
	// doubling rules account for.
	OkeyFinishPointsPerHand float64    `json:"okey_finish_points_per_hand"`
	OkeyFinishCI95          [2]float64 `json:"okey_finish_ci95"`
	PairsPointsPerHand      float64    `json:"pairs_points_per_hand"`
	PairsCI95               [2]float64 `json:"pairs_ci95"`
	// OkeyFinishes counts its wins whose finishing discard was an okey.
	OkeyFinishes int `json:"okey_finishes"`
	// PairsWins counts its wins with seven pairs.
	PairsWins int `json:"pairs_wins"`
	// Gosterme counts the hands in which it showed the indicator.
	Gosterme int `json:"gosterme"`
	// DecisionTimes is its time per decision (mean, median, 99th
	// percentile) and the number of decisions timed, as the 101 arena
	// reports them.
	DecisionTimes
	// Match is how it did in whole matches; nil unless the run played
	// matches. Its fields are part of the bot's JSON object.
	*Match
}

// Match is how one bot did over the whole matches of a run.
type Match struct {
	// Wins is the number of matches it finished in the top two (the
	// winners under the rules), a tie across that line counting as the
	// share of the places left (half, when two tie for one).
	Wins float64 `json:"match_wins"`
	// WinShare is Wins over the matches played; CI95 its 95% interval,
	// the four rotations of a match taken as one cluster.
	WinShare float64    `json:"match_win_share"`
	CI95     [2]float64 `json:"match_ci95"`
	// Firsts is the number of matches it ended in first place (shared
	// equally when several tie there); FirstShare is Firsts over the
	// matches, FirstCI95 its interval.
	Firsts     float64    `json:"firsts"`
	FirstShare float64    `json:"first_share"`
	FirstCI95  [2]float64 `json:"first_ci95"`
	// HandsPerMatch is the mean number of hands it played a match (all
	// of a match's hands, unless it left early under leave_at_zero),
	// HandsCI95 its interval.
	HandsPerMatch float64    `json:"hands_per_match"`
	HandsCI95     [2]float64 `json:"hands_per_match_ci95"`
}

// Result is a whole run.
type Result struct {
	// Matches is the number of matches played (0 in a run of hands).
	Matches int `json:"matches,omitempty"`
	// Hands played (in a run of matches, every hand of every match).
	Hands int `json:"hands"`
	// WallOut is the number of hands that ended with the wall empty and
	// no winner (hands stopped by MaxActions included).
	WallOut int `json:"wall_out"`
	// Capped is the number of hands stopped by MaxActions.
	Capped int `json:"-"`
	// Elapsed is the wall-clock time of the run, in seconds.
	ElapsedS float64 `json:"elapsed_s"`
	// Bots in the order of Config.Bots.
	Bots []BotResult `json:"bots"`
}

// WallOutShare is the share of the hands that ended with the wall empty.
func (r *Result) WallOutShare() float64 {
	if r.Hands == 0 {
		return 0
	}
	return float64(r.WallOut) / float64(r.Hands)
}

// HandsPerSecond is the rate of play of the run.
func (r *Result) HandsPerSecond() float64 { return arenastat.HandsPerSecond(r.Hands, r.ElapsedS) }

// DecisionTimes is a bot's time per decision, as both arenas report it.
type DecisionTimes = arenastat.DecisionTimes

// ErrConfig is wrapped by every error about a bad configuration.
var ErrConfig = errors.New("bad arena configuration")

// Check validates a configuration without running it.
func (c *Config) Check() error {
	if err := arenastat.CheckBots(ErrConfig, c.Bots, func(name string) error {
		_, err := c.newBot(name, botsclassic.Options{})
		return err
	}); err != nil {
		return err
	}
	switch {
	case c.Matches < 0:
		return fmt.Errorf("%w: the number of matches must not be negative, got %d", ErrConfig, c.Matches)
	case c.Matches > 0 && c.Hands != 0:
		return fmt.Errorf("%w: give a number of hands or of matches, not both", ErrConfig)
	case c.Matches == 0 && c.Hands <= 0:
		return fmt.Errorf("%w: the number of hands must be positive, got %d", ErrConfig, c.Hands)
	}
	if err := c.Rules.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrConfig, err)
	}
	return nil
}

// ErrInterrupted is returned with the results of the whole clusters
// played when the run's context ends early.
var ErrInterrupted = errors.New("interrupted")
