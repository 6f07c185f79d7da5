package tables

import (
	"context"
	"errors"
	"fmt"

	"okey/game"
	"okey/game/daily"
	"okey/game/format"
)

// A daily table: one player, in seat 0, against three hard bots,
// playing the day's set of the served daily hand after hand (the format
// is game/format's Daily: its seeds from the day's secret, nothing of a
// hand's seal shown but the day's commitment, each hand's score handed
// to Options.DailyScored). Here: its plan and config, the score handed
// out, and par measured as the table plays.

// DailyPlan is a daily table's day, in its Config (the table's entry is
// sealed in the store; the plan never reaches a session).
type DailyPlan = format.DailyPlan

// NewDailyPlan is the plan of set (a served daily) for player, the
// day's commitment c.
func NewDailyPlan(set daily.Set, c daily.Commitment, player string) *DailyPlan {
	return format.NewDailyPlan(set, c, player)
}

// DailyConfig is the Config of a daily table of game (classic, 101) for
// plan: the daily's rules, hard bots, no turn timer, private.
func DailyConfig(g game.Kind, plan *DailyPlan, code string) Config {
	return Config{Game: string(g), Rules: format.DailyRules(g), Levels: [4]string{"hard", "hard", "hard", "hard"}, Code: code, Daily: plan}
}

// ErrDailyOnly is a seat or a watch a daily table refuses: it is its
// player's alone. Its Error is a key of the words.
var ErrDailyOnly = errors.New("served.onlyyou")

// ErrRoundUnwatched is a watch a table of a tournament's duplicate
// round refuses: its deal is in play at the round's other tables, whose
// players a watcher could tell. Its Error is a key of the words.
var ErrRoundUnwatched = errors.New("served.roundunwatched")

// DailyPar is the par of a daily table's day as the server measures it:
// each hand played at a table of its own with the hard bot in the
// player's seat, the three others the bots every player meets there —
// the same questions to the same bots, seeded as the table seeds them —
// so that a player's score and par differ only by the player's own
// play. One score a hand, in par's measure (bots/par), scored by the
// day's format as the table scores the player's.
func DailyPar(ctx context.Context, name string, plan *DailyPlan) ([]int, error) {
	k, ok := FindKind(name)
	if !ok {
		return nil, fmt.Errorf("game %q: not offered here", name)
	}
	if err := plan.Check(name); err != nil {
		return nil, err
	}
	cfg := DailyConfig(game.Kind(name), plan, "")
	day := format.NewServedDaily(name, plan)
	out := make([]int, 0, day.Hands())
	for i := 0; ; i++ {
		h := day.Deal(format.Seal{})
		ref, err := k.newReferee(cfg.Rules, h.Seal.Seed, h.Meta)
		if err != nil {
			return nil, err
		}
		score, err := parHand(ctx, ref, cfg.Levels, h.Seal.BotKey, i)
		if err != nil {
			return nil, err
		}
		sc, _ := day.Score(score)
		out = append(out, sc.Score)
		if _, more, _ := day.Next(); !more {
			return out, nil
		}
	}
}

// parHand plays hand i (from 0), ref, to its end with every seat's bot,
// and is its outcome.
func parHand(ctx context.Context, ref referee, levels [4]string, botKey uint64, i int) (format.Outcome, error) {
	for moves := 0; ; moves++ {
		if o, ok := ref.Outcome(); ok {
			return o, nil
		}
		if moves > dailyParMoves {
			return format.Outcome{}, fmt.Errorf("hand %d: no end after %d moves", i+1, moves)
		}
		switch stg, turn := ref.Stage(); stg {
		case stPlaying:
			mv, err := ref.AskBot(turn, levels[turn], botKey)(ctx)
			if err != nil {
				return format.Outcome{}, fmt.Errorf("hand %d, seat %d: %w", i+1, turn, err)
			}
			if _, err := ref.Apply(turn, mv); err != nil {
				return format.Outcome{}, fmt.Errorf("hand %d, seat %d: %w", i+1, turn, err)
			}
		case stHandOver: // a void deal of 101, dealt again
			if err := ref.NextHand(); err != nil {
				return format.Outcome{}, err
			}
		default:
			return format.Outcome{}, fmt.Errorf("hand %d: over without a score", i+1)
		}
	}
}

// dailyParMoves bounds a hand par plays (the arenas' cap for 101, the
// longer game): a hand that would never end is an error, not a hang.
const dailyParMoves = 3000
