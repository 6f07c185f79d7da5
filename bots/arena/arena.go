// Package arena pits four bots against each other over many hands and
// measures them: it is what okey sim runs. Deals are duplicated: every
// deal is played four times with the bots rotated through the four
// seats, so that a good or bad deal falls on every bot alike and only
// the play differs.
package arena

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"okey/bots"
	"okey/game"
	"okey/game/hand"
)

// DefaultMaxActions caps the actions of one hand. Bots that never take
// without gain cannot cycle, but a cap keeps a faulty bot from hanging a
// whole run: a hand that reaches it counts as a wall out.
const DefaultMaxActions = 500

// Config is one arena run.
type Config struct {
	// Bots are the four level names; bot i sits in seat i in the first
	// rotation of every deal.
	Bots []string
	// Hands is the number of hands to play. Deal k is played as hands
	// 4k..4k+3, so a multiple of four gives every bot every seat of
	// every deal.
	Hands int
	// Seed makes the run reproducible: it picks every deal and every
	// bot's seed.
	Seed uint64
	// Rules of every hand.
	Rules game.Rules
	// Think is the expert's budget per decision (0: the bots' default).
	Think time.Duration
	// Workers is the number of hands played at once (0: one a CPU).
	Workers int
	// MaxActions caps a hand (0: DefaultMaxActions).
	MaxActions int
	// Progress, if set, is called after every hand with the number of
	// hands done so far. It is called from the workers' goroutines, one
	// call at a time.
	Progress func(done int)
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
	// CI95 is the 95% interval of WinShare, with the hands of a deal
	// taken as one cluster (see shareInterval).
	CI95 [2]float64 `json:"ci95"`
	// PointsLostPerHand is the mean of the points it lost a hand (wins
	// of others and their gösterme), under the run's scoring.
	PointsLostPerHand float64 `json:"points_lost_per_hand"`
	// NetPointsPerHand is the mean over hands of what the other three
	// lost (on average) less what it lost: how many points a hand it
	// gains on a table of the others, the measure that decides matches.
	NetPointsPerHand float64 `json:"net_points_per_hand"`
	// NetCI95 is the 95% interval of NetPointsPerHand, the hands of a
	// deal taken as one cluster.
	NetCI95 [2]float64 `json:"net_ci95"`
	// OkeyFinishes counts its wins whose finishing discard was an okey.
	OkeyFinishes int `json:"okey_finishes"`
	// PairsWins counts its wins with seven pairs.
	PairsWins int `json:"pairs_wins"`
	// Gosterme counts the hands in which it showed the indicator.
	Gosterme int `json:"gosterme"`
	// DecisionMeanMs and DecisionP99Ms are the mean and 99th percentile
	// of its time per decision, in milliseconds.
	DecisionMeanMs float64 `json:"decision_ms_mean"`
	DecisionP99Ms  float64 `json:"decision_ms_p99"`
	// Decisions is the number of decisions timed.
	Decisions int `json:"-"`
}

// Result is a whole run.
type Result struct {
	// Hands played.
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
func (r *Result) HandsPerSecond() float64 {
	if r.ElapsedS <= 0 {
		return 0
	}
	return float64(r.Hands) / r.ElapsedS
}

// ErrConfig is wrapped by every error about a bad configuration.
var ErrConfig = errors.New("bad arena configuration")

// Check validates a configuration without running it.
func (c *Config) Check() error {
	if len(c.Bots) != game.NumSeats {
		return fmt.Errorf("%w: need %d bots, got %d", ErrConfig, game.NumSeats, len(c.Bots))
	}
	for _, name := range c.Bots {
		if _, err := bots.New(name, bots.Options{}); err != nil {
			return fmt.Errorf("%w: %w", ErrConfig, err)
		}
	}
	if c.Hands <= 0 {
		return fmt.Errorf("%w: the number of hands must be positive, got %d", ErrConfig, c.Hands)
	}
	if c.Think < 0 {
		return fmt.Errorf("%w: the thinking time must not be negative, got %v", ErrConfig, c.Think)
	}
	if err := c.Rules.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrConfig, err)
	}
	return nil
}

// outcome is what one hand did, by bot index (not seat).
type outcome struct {
	hand            int
	winner          int8 // bot index, -1 for none
	wallOut, capped bool
	okey, pairs     bool
	lost            [game.NumSeats]int
	shown           [game.NumSeats]bool
}

// tally is what a run has counted so far, deal by deal: sums and cluster
// sums, never a list of hands, so a run of any length keeps the same few
// kilobytes.
type tally struct {
	hands, deals, wallOut, capped int
	won, okey, pairs, shown       [game.NumSeats]int
	lost                          [game.NumSeats]int
	share, net                    [game.NumSeats]ratio
	// pending holds the hands of deals not yet complete.
	pending map[int][]outcome
}

// add files one hand; a deal is counted once all its hands are in, so
// that an interrupted run reports whole deals only.
func (t *tally) add(o outcome, cfg *Config) {
	k := o.hand / game.NumSeats
	t.pending[k] = append(t.pending[k], o)
	if len(t.pending[k]) < min(game.NumSeats, cfg.Hands-k*game.NumSeats) {
		return
	}
	var wins, nets [game.NumSeats]float64
	decided := 0.0
	for _, o := range t.pending[k] {
		t.hands++
		if o.wallOut {
			t.wallOut++
		}
		if o.capped {
			t.capped++
		}
		total := 0
		for j := range game.NumSeats {
			total += o.lost[j]
		}
		for j := range game.NumSeats {
			t.lost[j] += o.lost[j]
			if o.shown[j] {
				t.shown[j]++
			}
			// what the other three lost on average, less what j lost
			nets[j] += float64(total-o.lost[j])/float64(game.NumSeats-1) - float64(o.lost[j])
		}
		if o.winner >= 0 {
			decided++
			j := o.winner
			wins[j]++
			t.won[j]++
			if o.okey {
				t.okey[j]++
			}
			if o.pairs {
				t.pairs[j]++
			}
		}
	}
	n := float64(len(t.pending[k]))
	for j := range game.NumSeats {
		t.share[j].add(wins[j], decided)
		t.net[j].add(nets[j], n)
	}
	t.deals++
	delete(t.pending, k)
}

// ErrInterrupted is returned with the results of the deals played when
// the run's context ends early.
var ErrInterrupted = errors.New("interrupted")

// Run plays the configured hands on Workers goroutines and returns the
// table. A bot that errs or plays an illegal move stops the run with an
// error naming the hand, the seat and the bot. When ctx ends first, Run
// returns the table of the whole deals played so far and an error that
// wraps ErrInterrupted.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, cfg.Hands)
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	// The analysis tables are built once a process: not in the time of
	// whichever bot decides first.
	hand.Prepare()

	start := time.Now()
	var next atomic.Int64
	var mu sync.Mutex // guards all and done
	all := tally{pending: map[int][]outcome{}}
	done := 0
	times := make([][game.NumSeats]timeHist, workers)
	errs := make([]error, workers)
	// One discard-table cache for the run: the four rotations of a deal
	// analyse the same racks until the bots' choices part.
	cache := bots.NewTableCache()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(cfg.Hands) || stop.Err() != nil {
					return
				}
				o, err := playHand(stop, &cfg, int(i), &times[w], cache)
				if err != nil {
					if stop.Err() == nil {
						errs[w] = err
					}
					cancel()
					return
				}
				mu.Lock()
				all.add(o, &cfg)
				done++
				if cfg.Progress != nil {
					cfg.Progress(done)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return Result{}, err
	}
	var hist [game.NumSeats]timeHist
	for w := range times {
		for j := range hist {
			hist[j].merge(&times[w][j])
		}
	}
	res := summarise(&cfg, &all, &hist, time.Since(start))
	if err := ctx.Err(); err != nil {
		return res, fmt.Errorf("%w after %d of %d hands (%d whole deals counted): %w", ErrInterrupted, done, cfg.Hands, all.deals, err)
	}
	return res, nil
}

// dealSeed is the seed of deal k of a run: every hand of the deal, in
// every rotation, is dealt from it.
func dealSeed(seed uint64, k int) uint64 {
	return game.NewSeed(seed*0x9e3779b97f4a7c15 + uint64(k))
}

// botSeed is the seed of bot j in deal k, the same in every rotation so
// that only the seat changes.
func botSeed(seed uint64, k, j int) uint64 {
	return game.NewSeed(dealSeed(seed, k) ^ uint64(j+1)*0xbf58476d1ce4e5b9)
}

// playHand plays hand i of the run (deal i/4, rotation i%4), timing
// each decision into times; its bots share cache.
func playHand(ctx context.Context, cfg *Config, i int, times *[game.NumSeats]timeHist, cache *bots.TableCache) (outcome, error) {
	o := outcome{hand: i, winner: -1}
	k, rot := i/game.NumSeats, i%game.NumSeats
	var seatBot [game.NumSeats]bots.Bot
	var botOf [game.NumSeats]int // bot index sitting in each seat
	for j, name := range cfg.Bots {
		b, err := bots.New(name, bots.Options{Seed: botSeed(cfg.Seed, k, j), Think: cfg.Think, Cache: cache})
		if err != nil {
			return o, err
		}
		seat := (j + rot) % game.NumSeats
		seatBot[seat], botOf[seat] = b, j
	}
	s, err := game.NewMatch(cfg.Rules, dealSeed(cfg.Seed, k))
	if err != nil {
		return o, fmt.Errorf("hand %d: %w", i, err)
	}
	limit := cfg.MaxActions
	if limit <= 0 {
		limit = DefaultMaxActions
	}
	for s.Phase() == game.Playing {
		if s.Moves() >= limit {
			o.wallOut, o.capped = true, true
			return o, nil
		}
		seat := s.Turn()
		v := s.View(seat)
		t0 := time.Now()
		a, err := seatBot[seat].Decide(ctx, v)
		dt := time.Since(t0)
		if err != nil {
			return o, fmt.Errorf("hand %d, seat %d (%s): %w", i, seat, cfg.Bots[botOf[seat]], err)
		}
		times[botOf[seat]].add(dt)
		n, _, err := s.Apply(a)
		if err != nil {
			return o, fmt.Errorf("hand %d, seat %d (%s) played an illegal move: %w", i, seat, cfg.Bots[botOf[seat]], err)
		}
		s = n
	}
	r := s.Result()
	if r == nil {
		return o, fmt.Errorf("hand %d ended without a result", i)
	}
	o.wallOut = r.WallOut
	for seat := range game.NumSeats {
		j := botOf[seat]
		o.lost[j] = r.Lost[seat]
		o.shown[j] = r.Shown[seat]
	}
	if r.Winner >= 0 {
		o.winner = int8(botOf[r.Winner])
		o.okey = r.OkeyFinish
		o.pairs = r.Win.Kind == hand.WinPairs
	}
	return o, nil
}

// summarise turns the tally into the table.
func summarise(cfg *Config, t *tally, times *[game.NumSeats]timeHist, elapsed time.Duration) Result {
	r := Result{Hands: t.hands, WallOut: t.wallOut, Capped: t.capped, ElapsedS: elapsed.Seconds()}
	decided := t.hands - t.wallOut
	for j, name := range cfg.Bots {
		b := BotResult{
			Name: name, Won: t.won[j], OkeyFinishes: t.okey[j], PairsWins: t.pairs[j],
			Gosterme: t.shown[j], Decisions: times[j].n,
		}
		if decided > 0 {
			b.WinShare = float64(t.won[j]) / float64(decided)
			lo, hi := t.share[j].share()
			b.CI95 = [2]float64{lo, hi}
		}
		if t.hands > 0 {
			b.PointsLostPerHand = float64(t.lost[j]) / float64(t.hands)
			var lo, hi float64
			b.NetPointsPerHand, lo, hi = t.net[j].mean()
			b.NetCI95 = [2]float64{lo, hi}
		}
		b.DecisionMeanMs, b.DecisionP99Ms = times[j].meanP99()
		r.Bots = append(r.Bots, b)
	}
	return r
}
