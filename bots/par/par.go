// Package par measures a daily's par, the yardstick a player's day is
// scored against (docs/daily.md): the day's
// hands played with a bot in the player's seat against the same three
// hard bots, with the same seeds, that the player meets. Par is what the
// hard bot makes; the other levels are played too, for a fuller measure
// of what a hand allowed.
//
// A hand's score is the game's own measure of how a seat did, higher or
// lower as the game counts it:
//
//   - classic: what the seat made each other player lose (its win's
//     points, 1 for its gösterme) less what it lost: a win of 2 is +2,
//     an okey finish +4, losing to another's win of 2 is −2, the wall
//     out 0, showing the indicator +1 and another's showing −1. Higher
//     is better.
//   - 101: the seat's total for the hand as the scoring table gives it,
//     penalties included (−101 for finishing, the rack's values, 202 for
//     never opening). Lower is better.
//
// Against turns a score and par into one number where more is better in
// both games: "+3 against par".
//
// Everything is deterministic: the bots are seeded from the day, so par
// is the same on every run and every machine.
package par

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// Level is the bot level whose result is par.
const Level = "hard"

// Levels are the levels measured, weakest first; Level is the last.
var Levels = []string{"easy", "normal", "hard"}

// maxActions caps a hand that would never end (two bots taking each
// other's discards for ever): past it the hand is scored as a wall out,
// as the arenas score it, and marked Capped. No daily measured so far
// came near it.
const (
	maxActionsClassic = 500
	maxActions101     = 3000
)

// ErrLevel is returned for a bot level this package does not know.
var ErrLevel = errors.New("unknown bot level")

// Hand is one hand's result for the player's seat.
type Hand struct {
	N     int `json:"hand"`
	Score int `json:"score"`
	// Winner is the seat that finished (0 is the player's), -1 if none.
	Winner int `json:"winner"`
	// Capped is set when the hand reached the cap on actions.
	Capped bool `json:"capped,omitempty"`
}

// Line is a level's result over the day.
type Line struct {
	Level string `json:"level"`
	Hands []Hand `json:"hands"`
	Total int    `json:"total"`
}

// Against is score against par in game g, more being better in both
// games: score − par in classic, par − score in 101.
func Against(g game.Kind, score, par int) int {
	if g == game.Okey101 {
		return par - score
	}
	return score - par
}

// Of plays the day's hands with a bot of level in seat 0, the hands in
// parallel (each on its own goroutine: they share nothing), and returns
// its line. The result does not depend on how the hands are scheduled.
func Of(ctx context.Context, set daily.Set, level string) (Line, error) {
	lines, err := Measure(ctx, set, []string{level})
	if err != nil {
		return Line{}, err
	}
	return lines[0], nil
}

// Measure plays the day with each of levels in seat 0 and returns their
// lines in the same order. Every (level, hand) is a job of its own, run
// on as many goroutines as there are jobs: on a small machine the
// scheduler shares the cores, and the slowest hand sets the time.
func Measure(ctx context.Context, set daily.Set, levels []string) ([]Line, error) {
	for _, l := range levels {
		if !knownLevel(l) {
			return nil, fmt.Errorf("%q: %w (known: easy, normal, hard)", l, ErrLevel)
		}
	}
	lines := make([]Line, len(levels))
	for i, l := range levels {
		lines[i] = Line{Level: l, Hands: make([]Hand, len(set.Hands))}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	for i, l := range levels {
		for k, h := range set.Hands {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := play(ctx, set.Game, h, l)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					if first == nil {
						first = fmt.Errorf("%s, %s %s, hand %d, %s in seat 0: %w", set.Date, set.Game, "daily", h.N, l, err)
						cancel()
					}
					return
				}
				lines[i].Hands[k] = r
			}()
		}
	}
	wg.Wait()
	if first != nil {
		return nil, first
	}
	for i := range lines {
		for _, h := range lines[i].Hands {
			lines[i].Total += h.Score
		}
	}
	return lines, nil
}

func knownLevel(l string) bool {
	for _, k := range Levels {
		if k == l {
			return true
		}
	}
	return false
}

// play plays hand h of a daily of g with level in seat 0.
func play(ctx context.Context, g game.Kind, h daily.Hand, level string) (Hand, error) {
	if g == game.Okey101 {
		return play101(ctx, h, level)
	}
	return playClassic(ctx, h, level)
}

// playClassic plays the first hand of the hand's match to its end.
func playClassic(ctx context.Context, h daily.Hand, level string) (Hand, error) {
	out := Hand{N: h.N, Winner: -1}
	levels := [classic.NumSeats]string{level, Level, Level, Level}
	r, capped, err := PlayClassic(ctx, daily.ClassicRecord(h), levels, h.Bots)
	if err != nil || capped {
		out.Capped = capped
		return out, err
	}
	out.Winner = r.Winner
	out.Score = swing(r, 0)
	return out, nil
}

// PlayClassic plays the first hand of rec's match to its end with a bot
// of levels[s] seeded with seeds[s] in each seat s, and returns the
// hand's result; capped (and no result) if it reached the cap on
// actions. Every seat's bot is built afresh for each decision from its
// seat's seed, as the table builds the bots the player meets: par plays
// against the very bots the player does. One analysis cache serves the
// hand's four (it saves time and changes nothing). A duplicate table's
// bots play through it too (bots/duplicate).
func PlayClassic(ctx context.Context, rec classic.Record, levels [classic.NumSeats]string, seeds [classic.NumSeats]uint64) (r *classic.HandResult, capped bool, err error) {
	cache := botsclassic.NewTableCache()
	build := func(l string, opt botsclassic.Options) (botsclassic.Bot, error) {
		opt.Cache = cache
		return botsclassic.New(l, opt)
	}
	var seats [classic.NumSeats]botsclassic.PerDecision
	for seat := range seats {
		if _, err := build(levels[seat], botsclassic.Options{}); err != nil {
			return nil, false, err
		}
		seats[seat] = botsclassic.PerDecision{Level: levels[seat], Seed: seeds[seat], Build: build}
	}
	s, err := rec.Start()
	if err != nil {
		return nil, false, err
	}
	for s.Phase() == game.Playing {
		if s.Moves() >= maxActionsClassic {
			return nil, true, nil
		}
		seat := s.Turn()
		a, err := seats[seat].Decide(ctx, s.View(seat))
		if err != nil {
			return nil, false, fmt.Errorf("seat %d: %w", seat, err)
		}
		if s, _, err = s.Apply(a); err != nil {
			return nil, false, fmt.Errorf("seat %d played an illegal move: %w", seat, err)
		}
	}
	if r = s.Result(); r == nil {
		return nil, false, errors.New("the hand ended without a result")
	}
	return r, false, nil
}

// ClassicScore is the player's (seat 0's) score of the classic hand r,
// par's measure: the app scores a daily hand the player played with it,
// so that the player's score and par are the same number.
func ClassicScore(r *classic.HandResult) int { return swing(r, 0) }

// ClassicSeatScore is ClassicScore for any seat: a duplicate table
// scores every seat of a hand in par's measure.
func ClassicSeatScore(r *classic.HandResult, seat int) int { return swing(r, seat) }

// swing is seat's score of the classic hand r: what it made each other
// player lose, less what it lost.
func swing(r *classic.HandResult, seat int) int {
	won := 0
	if r.Winner == seat {
		won += r.Points
	}
	if r.Shown[seat] {
		won++ // gösterme: every other player loses 1
	}
	return won - r.Lost[seat]
}

// play101 plays the hand's one-hand match of 101 to its end: a void
// deal is dealt again, as the rules say, and the hand that counts is the
// last.
func play101(ctx context.Context, h daily.Hand, level string) (Hand, error) {
	out := Hand{N: h.N, Winner: -1}
	levels := [okey101.NumSeats]string{level, Level, Level, Level}
	r, capped, err := Play101(ctx, daily.Record101(h), levels, h.Bots)
	if err != nil || capped {
		out.Capped = capped
		return out, err
	}
	out.Winner = r.Finisher
	out.Score = r.Lines[0].Total
	return out, nil
}

// Play101 is PlayClassic's twin for 101: it plays rec's match, which
// must be of one hand, to its end (a void deal dealt again, as the rules
// say) and returns the last hand's result; capped (and no result) if it
// reached the cap on actions.
func Play101(ctx context.Context, rec okey101.Record, levels [okey101.NumSeats]string, seeds [okey101.NumSeats]uint64) (r *okey101.HandResult, capped bool, err error) {
	// Every seat's bot is built afresh for each decision from its seat's
	// seed, as the table builds the bots the player meets. The hand's
	// bots share one analysis memory: they decide one after another, and
	// each hand runs on a goroutine of its own with its own Solver.
	solver := new(meld.Solver)
	build := func(l string, opt bots101.Options) (bots101.Bot, error) {
		opt.Solver = solver
		return bots101.New(l, opt)
	}
	var seats [okey101.NumSeats]bots101.PerDecision
	for seat := range seats {
		if _, err := build(levels[seat], bots101.Options{}); err != nil {
			return nil, false, err
		}
		seats[seat] = bots101.PerDecision{Level: levels[seat], Seed: seeds[seat], Build: build}
	}
	s, err := rec.Start()
	if err != nil {
		return nil, false, err
	}
	for {
		switch s.Phase() {
		case game.MatchOver:
			if r = s.Result(); r == nil {
				return nil, false, errors.New("the hand ended without a result")
			}
			return r, false, nil
		case game.HandOver: // a void deal, dealt again
			if s, _, err = s.Apply(okey101.NextHand()); err != nil {
				return nil, false, err
			}
			continue
		}
		if s.Moves() >= maxActions101 {
			return nil, true, nil
		}
		seat := s.Turn()
		a, err := seats[seat].Decide(ctx, s.View(seat))
		if err != nil {
			return nil, false, fmt.Errorf("seat %d: %w", seat, err)
		}
		if s, _, err = s.Apply(a); err != nil {
			return nil, false, fmt.Errorf("seat %d played an illegal move: %w", seat, err)
		}
	}
}
