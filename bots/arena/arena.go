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
	"slices"
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
	// taken as one cluster (see ShareInterval).
	CI95 [2]float64 `json:"ci95"`
	// PointsLostPerHand is the mean of the points it lost a hand (wins
	// of others and their gösterme), under the run's scoring.
	PointsLostPerHand float64 `json:"points_lost_per_hand"`
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

// tally is what one worker counts; tallies are merged at the end.
type tally struct {
	hands, wallOut, capped  int
	won, okey, pairs, shown [game.NumSeats]int
	lost                    [game.NumSeats]int
	times                   [game.NumSeats][]time.Duration
}

func (t *tally) add(o *tally) {
	t.hands += o.hands
	t.wallOut += o.wallOut
	t.capped += o.capped
	for i := range game.NumSeats {
		t.won[i] += o.won[i]
		t.okey[i] += o.okey[i]
		t.pairs[i] += o.pairs[i]
		t.shown[i] += o.shown[i]
		t.lost[i] += o.lost[i]
		t.times[i] = append(t.times[i], o.times[i]...)
	}
}

// Run plays the configured hands on Workers goroutines and returns the
// table. A bot that errs or plays an illegal move stops the run with an
// error naming the hand, the seat and the bot; so does ctx.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, cfg.Hands)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	start := time.Now()
	var next, done atomic.Int64
	var progressMu sync.Mutex
	tallies := make([]tally, workers)
	winners := make([]int8, cfg.Hands) // bot index of each hand's winner, -1 for none
	errs := make([]error, workers)
	// One discard-table cache for the run: the four rotations of a deal
	// analyse the same racks until the bots' choices part.
	cache := bots.NewTableCache()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			t := &tallies[w]
			for {
				i := int(next.Add(1) - 1)
				if i >= cfg.Hands || ctx.Err() != nil {
					return
				}
				if err := playHand(ctx, &cfg, i, t, &winners[i], cache); err != nil {
					errs[w] = err
					cancel()
					return
				}
				n := int(done.Add(1))
				if cfg.Progress != nil {
					progressMu.Lock()
					cfg.Progress(n)
					progressMu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("arena stopped after %d of %d hands: %w", done.Load(), cfg.Hands, err)
	}
	var all tally
	for i := range tallies {
		all.add(&tallies[i])
	}
	return summarise(&cfg, &all, winners, time.Since(start)), nil
}

// DealSeed is the seed of deal k of a run: every hand of the deal, in
// every rotation, is dealt from it.
func DealSeed(seed uint64, k int) uint64 {
	return game.NewSeed(seed*0x9e3779b97f4a7c15 + uint64(k))
}

// botSeed is the seed of bot j in deal k, the same in every rotation so
// that only the seat changes.
func botSeed(seed uint64, k, j int) uint64 {
	return game.NewSeed(DealSeed(seed, k) ^ uint64(j+1)*0xbf58476d1ce4e5b9)
}

// playHand plays hand i of the run (deal i/4, rotation i%4) and counts it
// into t; its bots share cache.
func playHand(ctx context.Context, cfg *Config, i int, t *tally, winner *int8, cache *bots.TableCache) error {
	*winner = -1
	k, rot := i/game.NumSeats, i%game.NumSeats
	var seatBot [game.NumSeats]bots.Bot
	var botOf [game.NumSeats]int // bot index sitting in each seat
	for j, name := range cfg.Bots {
		b, err := bots.New(name, bots.Options{Seed: botSeed(cfg.Seed, k, j), Think: cfg.Think, Cache: cache})
		if err != nil {
			return err
		}
		seat := (j + rot) % game.NumSeats
		seatBot[seat], botOf[seat] = b, j
	}
	s, err := game.NewMatch(cfg.Rules, DealSeed(cfg.Seed, k))
	if err != nil {
		return fmt.Errorf("hand %d: %w", i, err)
	}
	limit := cfg.MaxActions
	if limit <= 0 {
		limit = DefaultMaxActions
	}
	t.hands++
	for s.Phase() == game.Playing {
		if s.Moves() >= limit {
			t.wallOut++
			t.capped++
			return nil
		}
		seat := s.Turn()
		v := s.View(seat)
		t0 := time.Now()
		a, err := seatBot[seat].Decide(ctx, v)
		dt := time.Since(t0)
		if err != nil {
			return fmt.Errorf("hand %d, seat %d (%s): %w", i, seat, cfg.Bots[botOf[seat]], err)
		}
		t.times[botOf[seat]] = append(t.times[botOf[seat]], dt)
		n, _, err := s.Apply(a)
		if err != nil {
			return fmt.Errorf("hand %d, seat %d (%s) played an illegal move: %w", i, seat, cfg.Bots[botOf[seat]], err)
		}
		s = n
	}
	r := s.Result()
	if r == nil {
		return fmt.Errorf("hand %d ended without a result", i)
	}
	if r.WallOut {
		t.wallOut++
	}
	for seat := range game.NumSeats {
		j := botOf[seat]
		t.lost[j] += r.Lost[seat]
		if r.Shown[seat] {
			t.shown[j]++
		}
	}
	if r.Winner >= 0 {
		j := botOf[r.Winner]
		*winner = int8(j)
		t.won[j]++
		if r.OkeyFinish {
			t.okey[j]++
		}
		if r.Win.Kind == hand.WinPairs {
			t.pairs[j]++
		}
	}
	return nil
}

// summarise turns the merged tally into the table.
func summarise(cfg *Config, t *tally, winners []int8, elapsed time.Duration) Result {
	r := Result{Hands: t.hands, WallOut: t.wallOut, Capped: t.capped, ElapsedS: elapsed.Seconds()}
	decided := t.hands - t.wallOut
	for j, name := range cfg.Bots {
		b := BotResult{
			Name: name, Won: t.won[j], OkeyFinishes: t.okey[j], PairsWins: t.pairs[j],
			Gosterme: t.shown[j], Decisions: len(t.times[j]),
		}
		if decided > 0 {
			b.WinShare = float64(t.won[j]) / float64(decided)
			lo, hi := ShareInterval(winners, j)
			b.CI95 = [2]float64{lo, hi}
		}
		if t.hands > 0 {
			b.PointsLostPerHand = float64(t.lost[j]) / float64(t.hands)
		}
		b.DecisionMeanMs, b.DecisionP99Ms = meanP99(t.times[j])
		r.Bots = append(r.Bots, b)
	}
	return r
}

// meanP99 is the mean and the 99th percentile (nearest rank) of ds in
// milliseconds. It sorts ds.
func meanP99(ds []time.Duration) (mean, p99 float64) {
	if len(ds) == 0 {
		return 0, 0
	}
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	slices.Sort(ds)
	rank := (99*len(ds) + 99) / 100 // ceil(0.99 n)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	return ms(sum) / float64(len(ds)), ms(ds[rank-1])
}
