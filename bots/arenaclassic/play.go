package arenaclassic

import (
	"context"
	"fmt"
	"time"

	"okey/bots/botsclassic"
	"okey/bots/internal/arenastat"
	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
)

// dealSeed is the seed of deal (or match) k of a run: every hand of the
// deal, in every rotation, is dealt from it. Match k's first hand is
// deal k of a run of hands.
func dealSeed(seed uint64, k int) uint64 {
	return game.NewSeed(seed*0x9e3779b97f4a7c15 + uint64(k))
}

// botSeed is the seed of bot j in deal (or match) k, the same in every
// rotation so that only the seat changes.
func botSeed(seed uint64, k, j int) uint64 {
	return game.NewSeed(dealSeed(seed, k) ^ uint64(j+1)*0xbf58476d1ce4e5b9)
}

// play is what one unit of a run did: a hand, or in a run of matches a
// whole match. Everything is by bot index, not seat.
type play struct {
	unit                    int // the hand's or match's number in the run
	hands, decided          int
	wallOut, capped         int
	won, okey, pairs, shown [classic.NumSeats]int
	lost                    [classic.NumSeats]int
	// net is each bot's net points and parts its split (see split).
	net                      [classic.NumSeats]float64
	parts                    [numParts][classic.NumSeats]float64
	match                    bool
	matchWin, first, handsIn [classic.NumSeats]float64
}

// The parts of a bot's net points that okey sim reports beside the
// whole: net = play + gösterme, and of play, what okey finishes and
// seven pairs add over a plain win. An edge that comes from one rule
// shows in its part rather than hiding in the whole.
const (
	partPlay = iota
	partGosterme
	partOkey
	partPairs
	numParts
)

// table is four bots seated for one rotation of a deal or match.
type table struct {
	bot   [classic.NumSeats]botsclassic.Bot
	botOf [classic.NumSeats]int // the bot index sitting in each seat
	// rec, when the run keeps records (Config.Record), is the record of
	// the unit being played, every action appended as it is applied.
	rec *classic.Record
}

// startRecord begins the record of a unit dealt from seed at s, when the
// run keeps records: the bots by seat go in its meta.
func (t *table) startRecord(cfg *Config, seed uint64, s classic.State) {
	if cfg.Record == nil {
		return
	}
	meta := map[string]string{"source": "okey sim"}
	for seat := range classic.NumSeats {
		meta[fmt.Sprintf("seat%d", seat)] = cfg.Bots[t.botOf[seat]]
	}
	t.rec = &classic.Record{Rules: cfg.Rules, Seed: seed, Meta: meta, Deals: []classic.DealInfo{s.DealInfo()}}
}

// applied files an action (and the deal it made) in the record.
func (t *table) applied(a classic.Action, s classic.State) {
	if t.rec == nil {
		return
	}
	t.rec.Actions = append(t.rec.Actions, a)
	if a.Kind == classic.ActNextHand {
		t.rec.Deals = append(t.rec.Deals, s.DealInfo())
	}
}

// saveRecord hands the unit's record to Config.Record.
func (t *table) saveRecord(cfg *Config, i int) error {
	if t.rec == nil {
		return nil
	}
	if err := cfg.Record(i, t.rec.Marshal()); err != nil {
		return fmt.Errorf("keeping the record of %d: %w", i, err)
	}
	return nil
}

// seat builds the bots of cluster k in rotation rot: bot j sits in seat
// (j+rot) mod 4.
func seat(cfg *Config, k, rot int, cache *botsclassic.TableCache) (table, error) {
	var t table
	for j, name := range cfg.Bots {
		b, err := cfg.newBot(name, botsclassic.Options{Seed: botSeed(cfg.Seed, k, j), Cache: cache})
		if err != nil {
			return t, err
		}
		s := (j + rot) % classic.NumSeats
		t.bot[s], t.botOf[s] = b, j
	}
	return t, nil
}

// playHand plays hand i of the run (deal i/4, rotation i%4), timing
// each decision into times; its bots share cache.
func playHand(ctx context.Context, cfg *Config, i int, times *[classic.NumSeats]arenastat.TimeHist, cache *botsclassic.TableCache) (play, error) {
	p := play{unit: i}
	k, rot := i/classic.NumSeats, i%classic.NumSeats
	t, err := seat(cfg, k, rot, cache)
	if err != nil {
		return p, err
	}
	s, err := classic.NewMatch(cfg.Rules, dealSeed(cfg.Seed, k))
	if err != nil {
		return p, fmt.Errorf("hand %d: %w", i, err)
	}
	t.startRecord(cfg, dealSeed(cfg.Seed, k), s)
	s, capped, err := t.playOut(ctx, cfg, s, times, fmt.Sprintf("hand %d", i))
	if err != nil {
		return p, err
	}
	if err := t.saveRecord(cfg, i); err != nil {
		return p, err
	}
	if capped {
		p.hands, p.wallOut, p.capped = 1, 1, 1
		return p, nil
	}
	r := s.Result()
	if r == nil {
		return p, fmt.Errorf("hand %d ended without a result", i)
	}
	p.addHand(r, &t, cfg.Rules)
	return p, nil
}

// playMatch plays match i of the run (match i/4, rotation i%4) from its
// first deal to the end, timing each decision into times.
func playMatch(ctx context.Context, cfg *Config, i int, times *[classic.NumSeats]arenastat.TimeHist, cache *botsclassic.TableCache) (play, error) {
	p := play{unit: i, match: true}
	k, rot := i/classic.NumSeats, i%classic.NumSeats
	t, err := seat(cfg, k, rot, cache)
	if err != nil {
		return p, err
	}
	s, err := classic.NewMatch(cfg.Rules, dealSeed(cfg.Seed, k))
	if err != nil {
		return p, fmt.Errorf("match %d: %w", i, err)
	}
	t.startRecord(cfg, dealSeed(cfg.Seed, k), s)
	for {
		active := s.Active()
		for seat, a := range active {
			if a {
				p.handsIn[t.botOf[seat]]++
			}
		}
		where := fmt.Sprintf("match %d, hand %d", i, s.HandNumber())
		var capped bool
		if s, capped, err = t.playOut(ctx, cfg, s, times, where); err != nil {
			return p, err
		}
		if capped {
			return p, fmt.Errorf("%s reached %d actions: a bot is cycling", where, maxActions(cfg))
		}
		r := s.Result()
		if r == nil {
			return p, fmt.Errorf("%s ended without a result", where)
		}
		p.addHand(r, &t, cfg.Rules)
		if s.Phase() == game.MatchOver {
			break
		}
		if s.HandNumber() >= maxMatchHands {
			return p, fmt.Errorf("match %d: no end after %d hands", i, maxMatchHands)
		}
		if s, _, err = s.Apply(classic.NextHandAction()); err != nil {
			return p, fmt.Errorf("%s: next hand: %w", where, err)
		}
		t.applied(classic.NextHandAction(), s)
	}
	if err := t.saveRecord(cfg, i); err != nil {
		return p, err
	}
	m := s.View(0).Match
	if m == nil {
		return p, fmt.Errorf("match %d ended without a final table", i)
	}
	win, first := MatchShares(m, cfg.Rules)
	for seat := range classic.NumSeats {
		j := t.botOf[seat]
		p.matchWin[j], p.first[j] = win[seat], first[seat]
	}
	return p, nil
}

func maxActions(cfg *Config) int {
	if cfg.MaxActions > 0 {
		return cfg.MaxActions
	}
	return DefaultMaxActions
}

// playOut plays the hand under way in s to its end, timing every
// decision into times. capped is set when the hand reached the action
// cap instead (s is then mid-hand).
func (t *table) playOut(ctx context.Context, cfg *Config, s classic.State, times *[classic.NumSeats]arenastat.TimeHist, where string) (classic.State, bool, error) {
	limit := maxActions(cfg)
	for s.Phase() == game.Playing {
		if s.Moves() >= limit {
			return s, true, nil
		}
		seat := s.Turn()
		v := s.View(seat)
		t0 := time.Now()
		a, err := t.bot[seat].Decide(ctx, v)
		dt := time.Since(t0)
		name := t.bot[seat].Level()
		if err != nil {
			return s, false, fmt.Errorf("%s, seat %d (%s): %w", where, seat, name, err)
		}
		times[t.botOf[seat]].Add(dt)
		n, _, err := s.Apply(a)
		if err != nil {
			return s, false, fmt.Errorf("%s, seat %d (%s) played an illegal move: %w", where, seat, name, err)
		}
		s = n
		t.applied(a, s)
	}
	return s, false, nil
}

// addHand files the result of one hand: wins, points lost and each
// bot's net (what the other three lost on average, less what it lost),
// whole and split into its parts (see split).
func (p *play) addHand(r *classic.HandResult, t *table, rules classic.Rules) {
	p.hands++
	if r.WallOut {
		p.wallOut++
	}
	var lost [classic.NumSeats]float64
	for seat := range classic.NumSeats {
		lost[seat] = float64(r.Lost[seat])
	}
	net := NetOf(&lost)
	parts := split(r, rules)
	for seat := range classic.NumSeats {
		j := t.botOf[seat]
		p.lost[j] += r.Lost[seat]
		if r.Shown[seat] {
			p.shown[j]++
		}
		p.net[j] += net[seat]
		for k := range parts {
			p.parts[k][j] += parts[k][seat]
		}
	}
	if r.Winner >= 0 {
		p.decided++
		j := t.botOf[r.Winner]
		p.won[j]++
		if r.OkeyFinish {
			p.okey[j]++
		}
		if r.Win.Kind == hand.WinPairs {
			p.pairs[j]++
		}
	}
}

// NetOf is each seat's net points of a hand in which each seat lost
// lost[seat]: what the other three lost on average, less its own loss.
// It is linear in lost, so the nets of the parts of a loss add up to the
// net of the whole.
// Exported for the lab's paired runs (lab/arenaclassic), which score
// records as the arena does.
func NetOf(lost *[classic.NumSeats]float64) (net [classic.NumSeats]float64) {
	total := 0.0
	for _, l := range lost {
		total += l
	}
	for seat, l := range lost {
		net[seat] = (total-l)/float64(classic.NumSeats-1) - l
	}
	return net
}

// split is each seat's net points of the hand r, part by part: gösterme
// is the net of what showing the indicator cost (r.ShowLost), play the
// net of the rest (the win's points), so the two add up to the whole.
// Of play, the okey finish and the seven pairs parts are the net of what
// their doubling added to the win over a plain one: a win of P points
// doubled k times (okey finish, seven pairs, and one colour when the
// rules double it) is worth P/2^k plain, and the extra, P - P/2^k, is
// shared equally among its doublings (each doubling's average gain over
// the orders in which the doublings could be applied: 2 each of a
// 4-point pairs win, 3 each of an 8-point pairs win with an okey
// finish). The one-colour share stays in play, unnamed.
func split(r *classic.HandResult, rules classic.Rules) (parts [numParts][classic.NumSeats]float64) {
	var win, show, okey, pairs [classic.NumSeats]float64
	doublings := 0
	if r.Winner >= 0 {
		for _, d := range []bool{r.OkeyFinish, r.Win.Kind == hand.WinPairs, r.Win.OneColour && rules.OneColourDouble} {
			if d {
				doublings++
			}
		}
	}
	share := 0.0
	if doublings > 0 {
		share = (1 - 1/float64(int(1)<<doublings)) / float64(doublings)
	}
	for seat := range classic.NumSeats {
		show[seat] = float64(r.ShowLost[seat])
		win[seat] = float64(r.Lost[seat] - r.ShowLost[seat])
		if r.OkeyFinish {
			okey[seat] = share * win[seat]
		}
		if r.Win.Kind == hand.WinPairs {
			pairs[seat] = share * win[seat]
		}
	}
	parts[partPlay] = NetOf(&win)
	parts[partGosterme] = NetOf(&show)
	parts[partOkey] = NetOf(&okey)
	parts[partPairs] = NetOf(&pairs)
	return parts
}

// MatchShares is each seat's share of a match's win and of its first
// place. The winners are the top two under the point countdown (one
// under leave_at_zero, where the last player standing wins, and under
// simple104, where the first to finish does: RULES.md); seats level
// across that line share the places left equally (two level for one
// place: half each), and seats level in first place share it.
// Exported for the lab's paired matches (lab/arenaclassic), which
// score records as the arena does.
func MatchShares(m *classic.MatchResult, r classic.Rules) (win, first [classic.NumSeats]float64) {
	winners := 2
	if !r.Scoring() || r.LeaveAtZero {
		winners = 1
	}
	for s := range classic.NumSeats {
		higher, level := 0, 0
		for t := range classic.NumSeats {
			switch {
			case m.Place[t] < m.Place[s]:
				higher++
			case m.Place[t] == m.Place[s]:
				level++
			}
		}
		win[s] = float64(min(max(winners-higher, 0), level)) / float64(level)
		if m.Place[s] == 1 {
			first[s] = 1 / float64(level)
		}
	}
	return win, first
}
