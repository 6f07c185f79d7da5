package tables

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"okey/game"
	"okey/game/daily"
	"okey/ui/seatmsg"
)

// A daily table (issue 44, point 4): one player, in seat 0, against
// three hard bots, playing the day's set of the served daily hand after
// hand. Each hand is the first hand of a match of its own, seeded with
// the hand's seed from the day's secret (game/daily's NewServed), so the
// table knows the seeds but no player does: nothing of the seal is shown
// (the day's commitment is, in its place), its records say which day's
// hand they are and name the day's commitment, "record TABLE" refuses
// them until the day is over, nobody watches, and nobody but the player
// sits. The bots' random sources are keyed by the day too, so every
// player meets the same bots' play for the same moves. A hand's score,
// in par's measure, goes to Options.DailyScored as the hand ends.

// DailyPlan is a daily table's day, in its Config (the table's entry is
// sealed in the store; the plan never reaches a session).
type DailyPlan struct {
	// Date is the day, YYYY-MM-DD (UTC).
	Date string `json:"date"`
	// Commit is the day's commitment, in hex.
	Commit string `json:"commit"`
	// Seeds are each hand's deal; BotKeys each hand's bots' key.
	Seeds   []uint64 `json:"seeds"`
	BotKeys []uint64 `json:"bot_keys"`
	// Player is the identity the day is played by.
	Player string `json:"player"`
	// Practice is why the day is not ranked (keep.Practice…), "" when
	// it is: the table says so at every hand.
	Practice string `json:"practice,omitempty"`
}

// NewDailyPlan is the plan of set (a served daily) for player, the
// day's commitment c.
func NewDailyPlan(set daily.Set, c daily.Commitment, player string) *DailyPlan {
	p := &DailyPlan{Date: set.Date.String(), Commit: c.String(), Player: player}
	for _, h := range set.Hands {
		p.Seeds = append(p.Seeds, h.Seed)
		p.BotKeys = append(p.BotKeys, h.Bots[1])
	}
	return p
}

// DailyConfig is the Config of a daily table of game (classic, 101) for
// plan: the daily's rules, hard bots, no turn timer, private.
func DailyConfig(g game.Kind, plan *DailyPlan, code string) Config {
	rules := daily.ClassicRules().String()
	if g == game.Okey101 {
		rules = daily.Rules101().String()
	}
	return Config{Game: string(g), Rules: rules, Levels: [4]string{"hard", "hard", "hard", "hard"}, Code: code, Daily: plan}
}

// DailyScore is a hand of a daily played: which table, day and hand, and
// the player's score in par's measure.
type DailyScore struct {
	Table  string
	Game   string
	Date   string
	Player string
	Name   string
	// Hand is the hand's number from 1.
	Hand  int
	Score int
	// Record is the hand's record (its one-hand match's), kept sealed
	// for the player to verify once the day is over.
	Record []byte
}

// Why a daily table refuses; the Error is a key of the words.
var (
	ErrDailyOnly = errors.New("served.onlyyou")
)

// check reports what is wrong with a plan.
func (p *DailyPlan) check(name string) error {
	g, err := game.ParseKind(name)
	if err != nil {
		return err
	}
	if _, err := daily.ParseDate(p.Date); err != nil {
		return err
	}
	if len(p.Seeds) != daily.Hands(g) || len(p.BotKeys) != daily.Hands(g) || p.Player == "" || len(p.Commit) != 64 {
		return fmt.Errorf("a daily of %s: %d hands, %d bots' keys, player %q", g, len(p.Seeds), len(p.BotKeys), p.Player)
	}
	return nil
}

// dailyMeta is what hand k (from 0) of the plan's record says of its day.
func (p *DailyPlan) dailyMeta(game string, k int) map[string]string {
	return map[string]string{
		daily.MetaServed:       fmt.Sprintf("v%d %s %s hand %d", daily.Version, game, p.Date, k+1),
		daily.MetaServedCommit: p.Commit,
	}
}

// dailyHand is the hand of the plan a record's seed is (restoring a
// table), -1 if none.
func (p *DailyPlan) dailyHand(seed uint64) int { return slices.Index(p.Seeds, seed) }

// seedOf is the seed in a record's header (0 if it cannot be read).
func seedOf(record []byte) uint64 {
	head, _, _ := bytes.Cut(record, []byte{'\n'})
	var h struct {
		Seed uint64 `json:"seed"`
	}
	_ = json.Unmarshal(head, &h) // an unreadable header is no hand's
	return h.Seed
}

// dailySeal is the seal of the daily's hand k: its seed, its bots' key,
// and no commitment of its own (the day's is shown).
func (t *Table) dailySeal() seal {
	k := t.dailyIdx
	return seal{seed: t.Cfg.Daily.Seeds[k], botKey: t.Cfg.Daily.BotKeys[k], none: true}
}

// end is when the plan's day closes: the next 00:00 UTC (the zero time
// for a date that cannot be read, which check refuses).
func (p *DailyPlan) end() time.Time {
	d, err := time.Parse(time.DateOnly, p.Date)
	if err != nil {
		return time.Time{}
	}
	return d.Add(24 * time.Hour)
}

// dailyClosed ends a daily table whose day has closed before its last
// hand: the day's secret is revealed now, so no hand of it may be played
// on. The player, if at the table, is told; the hands left are forfeit
// (the board of the day shows the day unfinished, ranked after every
// finished day: keep.RankDaily, the lobby's page).
func (t *Table) dailyClosed() {
	t.Opt.Log.Info("daily unfinished at the day's close", "table", t.ID, "date", t.Cfg.Daily.Date, "hands", t.dailyDone)
	for i := range t.seats {
		if m := t.seats[i].m; m != nil {
			t.put(m, Msg{Closed: "served.dayover"})
		}
		t.seats[i] = seatState{}
	}
	t.deadline, t.nextBot = time.Time{}, time.Time{}
	t.cancelBot()
}

// dailyHand is what the seat's screen is told of the daily's hand (nil
// at other tables).
func (t *Table) dailyHand() *seatmsg.Daily {
	p := t.Cfg.Daily
	if p == nil {
		return nil
	}
	return &seatmsg.Daily{Date: p.Date, Hand: t.dailyIdx + 1, Of: len(p.Seeds), Practice: p.Practice}
}

// dailyScored hands the score of the hand just ended to DailyScored,
// once a hand.
func (t *Table) dailyScored() {
	p := t.Cfg.Daily
	if p == nil || t.Ref == nil || t.dailyDone > t.dailyIdx {
		return
	}
	score, ok := t.Ref.DailyScore()
	if !ok {
		return
	}
	t.dailyDone = t.dailyIdx + 1
	t.Opt.Log.Info("daily hand", "table", t.ID, "date", p.Date, "hand", t.dailyDone, "score", score)
	if t.Opt.DailyScored != nil {
		t.Opt.DailyScored(DailyScore{Table: t.ID, Game: t.Cfg.Game, Date: p.Date, Player: p.Player, Name: t.seats[0].name, Hand: t.dailyDone, Score: score, Record: t.Ref.Record()})
	}
}

// nextDaily deals the daily's next hand, a match of its own, once the
// hand before it has ended; after the last, the player is told the day
// is done and the table closes.
func (t *Table) nextDaily() error {
	if t.dailyDone <= t.dailyIdx {
		return nil // the hand is not over
	}
	if t.dailyIdx+1 < len(t.Cfg.Daily.Seeds) {
		t.dailyIdx++
		return t.start()
	}
	t.Opt.Log.Info("daily done", "table", t.ID, "date", t.Cfg.Daily.Date)
	for i := range t.seats {
		if m := t.seats[i].m; m != nil {
			t.put(m, Msg{Closed: "served.done"})
		}
		t.seats[i] = seatState{}
	}
	return nil
}

// DailyPar is the par of a daily table's day as the server measures it:
// each hand played at a table of its own with the hard bot in the
// player's seat, the three others the bots every player meets there —
// the same questions to the same bots, seeded as the table seeds them —
// so that a player's score and par differ only by the player's own
// play. One score a hand, in par's measure (bots/par).
func DailyPar(ctx context.Context, name string, plan *DailyPlan) ([]int, error) {
	k, ok := FindKind(name)
	if !ok {
		return nil, fmt.Errorf("game %q: not offered here", name)
	}
	if err := plan.check(name); err != nil {
		return nil, err
	}
	cfg := DailyConfig(game.Kind(name), plan, "")
	out := make([]int, len(plan.Seeds))
	for i, seed := range plan.Seeds {
		ref, err := k.newReferee(cfg.Rules, seed, plan.dailyMeta(name, i))
		if err != nil {
			return nil, err
		}
		for moves := 0; ; moves++ {
			if score, ok := ref.DailyScore(); ok {
				out[i] = score
				break
			}
			if moves > dailyParMoves {
				return nil, fmt.Errorf("hand %d: no end after %d moves", i+1, moves)
			}
			switch stg, turn := ref.Stage(); stg {
			case stPlaying:
				mv, err := ref.AskBot(turn, cfg.Levels[turn], plan.BotKeys[i])(ctx)
				if err != nil {
					return nil, fmt.Errorf("hand %d, seat %d: %w", i+1, turn, err)
				}
				if _, err := ref.Apply(turn, mv); err != nil {
					return nil, fmt.Errorf("hand %d, seat %d: %w", i+1, turn, err)
				}
			case stHandOver: // a void deal of 101, dealt again
				if err := ref.NextHand(); err != nil {
					return nil, err
				}
			default:
				return nil, fmt.Errorf("hand %d: over without a score", i+1)
			}
		}
	}
	return out, nil
}

// dailyParMoves bounds a hand par plays (the arenas' cap for 101, the
// longer game): a hand that would never end is an error, not a hang.
const dailyParMoves = 3000
