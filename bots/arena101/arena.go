// Package arena101 pits four Okey 101 bots against each other over many
// hands or whole matches and measures them: it is what okey sim --game
// 101 runs. Deals are duplicated: every deal (or every match's seed) is
// played four times with the bots rotated through the four seats, so
// that a good or bad deal falls on every bot alike and only the play
// differs; the four rotations are one cluster in every interval.
//
// Files:
//
//	arena.go  Config, Result, Run: the workers, the hands and matches played
//	tally.go  what a run counts, deal by deal, and the Result made of it
//	(okey sim prints it as text tables: ui/cli's PrintSim101, beside
//	classic's)
//	(the cluster-robust intervals and the decision-time histogram are
//	package bots/internal/arenastat's, shared with the classic arena)
//	ceiling.go  Ceiling, the full-sight player of the ceiling study (seatable only here)
package arena101

import (
	"context"
	"errors"
	"fmt"
	"time"

	"okey/bots/bots101"
	"okey/bots/internal/arenastat"
	"okey/bots/internal/parallel"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// DefaultMaxActions caps the actions of one hand. A hand of 101 always
// ends (the wall runs down, and every take puts a tile on the table for
// good), so a hand that reaches the cap is a bot's fault and stops the
// run with an error rather than hang it.
const DefaultMaxActions = 3000

// Config is one arena run. Give Hands for single hands or Matches for
// whole matches, not both.
type Config struct {
	// Bots are the four level names; bot i sits in seat i in the first
	// rotation of every deal.
	Bots []string `json:"bots"`
	// Hands is the number of single hands to play: deal k is played as
	// hands 4k..4k+3, so a multiple of four gives every bot every seat
	// of every deal. A deal voided (all four opened with pairs) is dealt
	// again and not counted.
	Hands int `json:"hands,omitempty"`
	// Matches is the number of whole matches to play instead (each of
	// Rules.Hands hands): match seed k is played as matches 4k..4k+3.
	Matches int `json:"matches,omitempty"`
	// From is the first hand (or match) to play, a multiple of four: a
	// run from From plays what a longer run from 0 plays from there, the
	// same deals, bots' seeds and record numbers, so that a run cut short
	// can be continued and a study can add matches to one already played.
	From int `json:"from,omitempty"`
	// Seed makes the run reproducible: it picks every deal and every
	// bot's seed.
	Seed uint64 `json:"seed"`
	// Rules of every hand; Rules.Hands is the length of a match (single
	// hands ignore it).
	Rules okey101.Rules `json:"rules"`
	// Workers is the number of hands (or matches) played at once (0: one
	// a CPU).
	Workers int `json:"-"`
	// MaxActions caps a hand (0: DefaultMaxActions).
	MaxActions int `json:"-"`
	// Record, if set, is given the record of every hand (or match) as it
	// ends, in the format the game saves (okey101.Record's JSON Lines),
	// with the unit's number: okey sim --record writes them so bot play
	// can be reviewed. It is called from the workers' goroutines, maybe
	// at the same time; an error stops the run.
	Record func(unit int, record []byte) error `json:"-"`
	// Progress, if set, is called after every hand (or match) with the
	// number done so far, from the workers' goroutines, one call at a
	// time.
	Progress func(done int) `json:"-"`
	// New, if set, builds a bot from a name that is not the arena's
	// Ceiling, instead of bots101.New: okey sim passes one that also
	// knows the search player (bots/search), which okey sim alone plays.
	New func(name string, opt bots101.Options) (bots101.Bot, error) `json:"-"`
}

// ErrConfig is wrapped by every error about a bad configuration.
var ErrConfig = errors.New("bad 101 arena configuration")

// ErrInterrupted is wrapped by the error Run returns, with the results
// of the whole deals (or matches) played in all four rotations, when its
// context ends first.
var ErrInterrupted = errors.New("101 arena interrupted")

// Check validates a configuration without running it.
func (c *Config) Check() error {
	if err := arenastat.CheckBots(ErrConfig, c.Bots, func(name string) error {
		_, err := c.newBot(name, bots101.Options{})
		return err
	}); err != nil {
		return err
	}
	switch {
	case c.Hands < 0 || c.Matches < 0:
		return fmt.Errorf("%w: hands and matches must not be negative", ErrConfig)
	case c.Hands > 0 && c.Matches > 0:
		return fmt.Errorf("%w: give hands or matches, not both", ErrConfig)
	case c.Hands == 0 && c.Matches == 0:
		return fmt.Errorf("%w: give a positive number of hands or matches", ErrConfig)
	case c.From < 0 || c.From%seats != 0:
		return fmt.Errorf("%w: the first hand or match must be a multiple of %d, got %d", ErrConfig, seats, c.From)
	case c.Workers < 0:
		return fmt.Errorf("%w: workers must not be negative, got %d", ErrConfig, c.Workers)
	case c.MaxActions < 0:
		return fmt.Errorf("%w: the action cap must not be negative, got %d", ErrConfig, c.MaxActions)
	}
	if err := c.Rules.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrConfig, err)
	}
	return nil
}

// matchMode reports whether the run plays whole matches.
func (c *Config) matchMode() bool { return c.Matches > 0 }

// units is the number of hands or matches to play.
func (c *Config) units() int {
	if c.matchMode() {
		return c.Matches
	}
	return c.Hands
}

// Run plays the configured hands (or matches) on Workers goroutines and
// returns the table. A bot that errs, plays an illegal move or does not
// end a hand stops the run with an error naming the hand, the seat and
// the bot. When ctx ends first, Run returns the table of the whole deals
// played so far and an error wrapping ErrInterrupted and ctx's error.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	total := cfg.units()
	workers := parallel.Workers(cfg.Workers, total)

	start := time.Now()
	all := newTally(&cfg)
	done := 0
	times := make([][okey101.NumSeats]arenastat.TimeHist, workers)
	// One analysis memory a worker, shared by the bots of its hands:
	// they decide one at a time.
	solvers := make([]meld.Solver, workers)
	err := parallel.Each(ctx, total, workers, func(ctx context.Context, w, i int) (unit, error) {
		return playUnit(ctx, &cfg, i, &times[w], &solvers[w])
	}, func(u unit) {
		all.add(u)
		done++
		if cfg.Progress != nil {
			cfg.Progress(done)
		}
	})
	if err != nil {
		return Result{}, err
	}
	res := all.result(arenastat.MergeTimes(times), time.Since(start))
	if err := ctx.Err(); err != nil {
		counted := res.Hands
		if cfg.matchMode() {
			counted = res.Matches
		}
		return res, arenastat.Interrupted(ErrInterrupted, err, cfg.matchMode(), done, total, counted, all.deals)
	}
	return res, nil
}

// newBot is the arena's Ceiling player, or the bot Config.New builds
// (a level of bots101 when New is not set).
func (c *Config) newBot(name string, opt bots101.Options) (bots101.Bot, error) {
	switch {
	case name == Ceiling:
		return newCeiling(opt), nil
	case c.New != nil:
		return c.New(name, opt)
	}
	return bots101.New(name, opt)
}

// dealSeed is the seed of deal (or match) k of a run: every rotation of
// it is dealt from it.
func dealSeed(seed uint64, k int) uint64 {
	return game.NewSeed(seed*0x9e3779b97f4a7c15 + uint64(k) + 0x101)
}

// botSeed is the seed of bot j in deal k, the same in every rotation so
// that only the seat changes.
func botSeed(seed uint64, k, j int) uint64 {
	return game.NewSeed(dealSeed(seed, k) ^ uint64(j+1)*0xbf58476d1ce4e5b9)
}

// handOut is what one hand did, by bot index (not seat).
type handOut struct {
	finisher   int // bot index, -1 for none
	okeyFinish bool
	score      [okey101.NumSeats]int // the hand's total, penalties included
	opened     [okey101.NumSeats]okeyOpen
	penalties  [okey101.NumSeats]int // how many
	causes     [okey101.NumSeats]Causes
}

// okeyOpen is how a bot opened in a hand: its status and on which of its
// own turns (from 1; 0 if it did not open).
type okeyOpen struct {
	pairs bool
	turn  int
}

// unit is what one hand, or one match, did.
type unit struct {
	index int
	voids int
	hands []handOut
	// total and outcome of a match, by bot index.
	total   [okey101.NumSeats]int
	outcome [okey101.NumSeats]game.Outcome
}

// playUnit plays the run's hand (or match) From+i: deal (From+i)/4,
// rotation i%4, timing each decision into times by bot index; its bots
// work in sv. The unit's index stays i, the tally's count.
func playUnit(ctx context.Context, cfg *Config, i int, times *[okey101.NumSeats]arenastat.TimeHist, sv *meld.Solver) (unit, error) {
	u := unit{index: i}
	i += cfg.From
	k, rot := i/okey101.NumSeats, i%okey101.NumSeats
	var seatBot [okey101.NumSeats]bots101.Bot
	var botOf [okey101.NumSeats]int // the bot index sitting in each seat
	for j, name := range cfg.Bots {
		b, err := cfg.newBot(name, bots101.Options{Seed: botSeed(cfg.Seed, k, j), Solver: sv})
		if err != nil {
			return u, err
		}
		seat := (j + rot) % okey101.NumSeats
		seatBot[seat], botOf[seat] = b, j
	}
	rules := cfg.Rules
	what := "hand"
	if !cfg.matchMode() {
		rules.Hands = 1
	} else {
		what = "match"
	}
	s, err := okey101.NewMatch(rules, dealSeed(cfg.Seed, k))
	if err != nil {
		return u, fmt.Errorf("%s %d: %w", what, i, err)
	}
	var rec *okey101.Record
	if cfg.Record != nil {
		meta := map[string]string{"source": "okey sim"}
		for seat := range okey101.NumSeats {
			meta[fmt.Sprintf("seat%d", seat)] = cfg.Bots[botOf[seat]]
		}
		rec = &okey101.Record{Rules: rules, Seed: dealSeed(cfg.Seed, k), Meta: meta, Deals: []okey101.DealInfo{s.DealInfo()}}
	}
	applied := func(a okey101.Action) {
		if rec == nil {
			return
		}
		rec.Actions = append(rec.Actions, a.Clone())
		if a.Kind == okey101.ActNextHand {
			rec.Deals = append(rec.Deals, s.DealInfo())
		}
	}
	limit := cfg.MaxActions
	if limit <= 0 {
		limit = DefaultMaxActions
	}
	for {
		switch s.Phase() {
		case game.HandOver, game.MatchOver:
			r := s.Result()
			if r == nil {
				return u, fmt.Errorf("%s %d: hand %d over without a result", what, i, s.HandNumber())
			}
			if r.Void {
				u.voids++
			} else {
				u.hands = append(u.hands, handOf(&s, r, &botOf))
			}
			if s.Phase() == game.MatchOver {
				if m := s.MatchResult(); m != nil {
					for seat := range okey101.NumSeats {
						u.total[botOf[seat]] = m.Totals[seat]
						u.outcome[botOf[seat]] = m.Outcome[seat]
					}
				}
				if rec != nil {
					if err := cfg.Record(i, rec.Marshal()); err != nil {
						return u, fmt.Errorf("keeping the record of %s %d: %w", what, i, err)
					}
				}
				return u, nil
			}
			if s, _, err = s.Apply(okey101.NextHand()); err != nil {
				return u, fmt.Errorf("%s %d: %w", what, i, err)
			}
			applied(okey101.NextHand())
			continue
		}
		if s.Moves() >= limit {
			return u, fmt.Errorf("%s %d, hand %d: no end after %d actions (a bot goes round in circles)", what, i, s.HandNumber(), limit)
		}
		seat := s.Turn()
		v := s.View(seat)
		t0 := time.Now()
		var a okey101.Action
		if sb, ok := seatBot[seat].(Sighted); ok {
			a, err = sb.DecideState(ctx, &s)
		} else {
			a, err = seatBot[seat].Decide(ctx, v)
		}
		dt := time.Since(t0)
		if err != nil {
			return u, fmt.Errorf("%s %d, hand %d, seat %d (%s): %w", what, i, s.HandNumber(), seat, cfg.Bots[botOf[seat]], err)
		}
		times[botOf[seat]].Add(dt)
		n, _, err := s.Apply(a)
		if err != nil {
			return u, fmt.Errorf("%s %d, hand %d, seat %d (%s) played an illegal move: %w", what, i, s.HandNumber(), seat, cfg.Bots[botOf[seat]], err)
		}
		for _, b := range seatBot {
			if w, ok := b.(Watcher); ok {
				w.Watch(&s, a)
			}
		}
		s = n
		applied(a)
	}
}

// causesOf splits a score line into its causes.
func causesOf(l *okey101.ScoreLine) Causes {
	c := Causes{Penalties: float64(l.Penalties)}
	switch l.Kind {
	case okey101.LineFinished:
		c.Finished = float64(l.Points)
	case okey101.LineNotOpened:
		c.NotOpened = float64(l.Points)
	case okey101.LineOpened:
		c.Okeys = float64(okey101.PenaltyPoints * l.Okeys)
		c.Rack = float64(l.Points) - c.Okeys
	}
	return c
}

// handOf reads a finished hand's result by bot index.
func handOf(s *okey101.State, r *okey101.HandResult, botOf *[okey101.NumSeats]int) handOut {
	h := handOut{finisher: -1, okeyFinish: r.OkeyFinish}
	if r.Finisher >= 0 {
		h.finisher = botOf[r.Finisher]
	}
	opened := s.View(0).Opened
	dealer := s.Dealer()
	for seat := range okey101.NumSeats {
		j := botOf[seat]
		l := r.Lines[seat]
		h.score[j] = l.Total
		h.penalties[j] = l.Penalties / okey101.PenaltyPoints
		h.causes[j] = causesOf(&l)
		o := opened[seat]
		if o.Turn > 0 {
			// Turns run round the table from the dealer's: the seat's
			// own turns are every fourth from its offset.
			off := (seat - dealer + okey101.NumSeats) % okey101.NumSeats
			h.opened[j] = okeyOpen{pairs: o.Status == meld.OpenedPairs, turn: (o.Turn-1-off)/okey101.NumSeats + 1}
		}
	}
	return h
}
