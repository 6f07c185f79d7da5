package format

import (
	"fmt"
	"slices"
	"time"

	"okey/game/daily"
)

// Daily is the daily's set: the day's hands, one after the other, each
// the first hand of a match of its own, played in seat 0 against three
// hard bots. Its seeds are the day's (game/daily): public ones for the
// local app (NewDaily), or a served day's, derived from the server's
// secret for the day, which no player knows until the day is over
// (NewServedDaily): then nothing of a hand's seed is shown, only the
// day's commitment. Each hand's score, seat 0's in its game's measure,
// goes to the day's board.
type Daily struct {
	game      daily.Game
	date      string
	commit    string
	seeds     []uint64
	botKeys   []uint64
	bots      [][Seats]uint64
	player    string
	practice  string
	closes    time.Time
	meta      func(k int) map[string]string
	idx, done int
	scores    []int
}

// DailyPlan is a served daily's day, as a table keeps it (sealed in its
// store: the seeds never reach a player).
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
	// Practice is why the day is not ranked, "" when it is: the table
	// says so at every hand.
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

// Check reports what is wrong with a plan for a daily of game.
func (p *DailyPlan) Check(game string) error {
	g, err := daily.ParseGame(game)
	if err != nil {
		return err
	}
	if _, err := daily.ParseDate(p.Date); err != nil {
		return err
	}
	if len(p.Seeds) != g.Hands() || len(p.BotKeys) != g.Hands() || p.Player == "" || len(p.Commit) != 64 {
		return fmt.Errorf("a daily of %s: %d hands, %d bots' keys, player %q", g, len(p.Seeds), len(p.BotKeys), p.Player)
	}
	return nil
}

// Closes is when the plan's day closes: the next 00:00 UTC (the zero
// time for a date that cannot be read, which Check refuses).
func (p *DailyPlan) Closes() time.Time {
	d, err := time.Parse(time.DateOnly, p.Date)
	if err != nil {
		return time.Time{}
	}
	return d.Add(24 * time.Hour)
}

// HandMeta is what hand k (from 0) of the plan's record says of its
// day: the served hand's name and the day's commitment.
func (p *DailyPlan) HandMeta(game string, k int) map[string]string {
	return map[string]string{
		daily.MetaServed:       fmt.Sprintf("v%d %s %s hand %d", daily.Version, game, p.Date, k+1),
		daily.MetaServedCommit: p.Commit,
	}
}

// DailyRules are the daily's rules of game, as its rules text.
func DailyRules(g daily.Game) string {
	if g == daily.Okey101 {
		return daily.Rules101().String()
	}
	return daily.ClassicRules().String()
}

// NewServedDaily is the daily of game (classic, 101) a server plays for
// plan, which must pass Check.
func NewServedDaily(game string, plan *DailyPlan) *Daily {
	return &Daily{
		game: daily.Game(game), date: plan.Date, commit: plan.Commit, seeds: plan.Seeds, botKeys: plan.BotKeys,
		player: plan.Player, practice: plan.Practice, closes: plan.Closes(),
		meta: func(k int) map[string]string { return plan.HandMeta(game, k) },
	}
}

// NewDaily is the daily of set played locally: its public seeds, each
// seat's bot seeded by the set, its records' meta naming the day
// (daily's Set.Meta), practice when the day is not played for the
// record.
func NewDaily(set daily.Set, practice bool) *Daily {
	d := &Daily{game: set.Game, date: set.Date.String()}
	for _, h := range set.Hands {
		d.seeds = append(d.seeds, h.Seed)
		d.bots = append(d.bots, h.Bots)
	}
	d.meta = func(k int) map[string]string { return set.Meta(set.Hands[k], practice) }
	return d
}

// Kind is KindDaily.
func (*Daily) Kind() Kind { return KindDaily }

// Policy: only the day's player sits, nobody watches (they would see
// the deals), no hand is rated (the day is ranked on its board), a
// player away keeps the seat until the day closes.
func (d *Daily) Policy() Policy {
	return Policy{Only: d.player, RecordAtEnd: true, Closes: d.closes, DoneWord: "served.done", ClosedWord: "served.dayover"}
}

// Hands is the day's number of hands.
func (d *Daily) Hands() int { return len(d.seeds) }

// Index is the hand under way, from 0.
func (d *Daily) Index() int { return d.idx }

// NeedsSeal is false: the day's seeds are fixed.
func (*Daily) NeedsSeal() bool { return false }

// Deal is the hand under way, from the day's seeds: a served day's
// without a commitment of its own (the day's is shown).
func (d *Daily) Deal(Seal) Hand {
	h := Hand{Seal: d.seal(), Meta: d.meta(d.idx)}
	if d.idx < len(d.bots) {
		h.Bots = d.bots[d.idx]
	}
	return h
}

// seal is the hand under way's seal.
func (d *Daily) seal() Seal {
	s := Seal{Seed: d.seeds[d.idx], None: true}
	if d.idx < len(d.botKeys) {
		s.BotKey = d.botKeys[d.idx]
	}
	return s
}

// Player is the seat: the day is played in seat 0.
func (*Daily) Player(seat int) int { return seat }

// Arranged is 0: nobody moves.
func (*Daily) Arranged() int { return 0 }

// Score takes the hand's outcome once: seat 0's score, for the board.
func (d *Daily) Score(o Outcome) (Scored, bool) {
	if d.HandOver() {
		return Scored{}, false
	}
	d.done = d.idx + 1
	d.scores = append(d.scores, o.Scores[0])
	return Scored{Hand: d.done, Score: o.Scores[0], Results: o.Results(), Board: true, Date: d.date, Player: d.player}, true
}

// HandOver reports whether the hand under way has been scored.
func (d *Daily) HandOver() bool { return d.done > d.idx }

// Next is the day's next hand once the hand under way is scored; after
// the last the day is done.
func (d *Daily) Next() (turn int, more, ok bool) {
	if !d.HandOver() {
		return 0, false, false
	}
	if d.idx+1 < len(d.seeds) {
		d.idx++
		return 0, true, true
	}
	return 0, false, true
}

// Show is the day's commitment, grouped as a short one is (a served
// day's; nothing for a local one): the seeds are shown with the day's
// secret, never at the table.
func (d *Daily) Show(Seal, bool) Shown {
	c := d.commit
	if len(c) < 16 {
		return Shown{}
	}
	return Shown{Commit: c[0:4] + " " + c[4:8] + " " + c[8:12] + " " + c[12:16]}
}

// Standing is the day, the hand under way and the scores so far.
func (d *Daily) Standing() Standing {
	return Standing{Daily: &DailyStanding{Date: d.date, Hand: d.idx + 1, Of: len(d.seeds), Practice: d.practice, Scores: slices.Clone(d.scores)}}
}

// Lobby is the day's hand, never over: the day goes on (a hand of
// 101 ends its one-hand match).
func (d *Daily) Lobby(int, bool) (int, bool) { return d.idx + 1, false }

// Restore puts the day at the hand whose seed seed is, not yet scored
// (a hand that was over is scored again, which a board takes once).
func (d *Daily) Restore(seed uint64, _ map[string]string, _ Seal) (Seal, error) {
	k := slices.Index(d.seeds, seed)
	if k < 0 {
		return Seal{}, fmt.Errorf("%w: a record that is none of the day's hands", ErrDaily)
	}
	d.idx, d.done = k, k
	return d.seal(), nil
}

// LogAttrs name the day and the hand.
func (d *Daily) LogAttrs() []any { return []any{"daily", d.date, "hand", d.idx + 1} }
