package arena101

import (
	"time"

	"okey/bots/internal/arenastat"
	"okey/game"
	"okey/game/okey101"
)

const seats = okey101.NumSeats

// tally is what a run has counted so far, deal by deal: sums and the
// clusters' sums, never a list of hands, so that a run of any length
// keeps the same few kilobytes. A deal is counted once its four
// rotations are in (pending holds the ones not yet complete, at most a
// few per worker), so that an interrupted run reports whole deals only.
type tally struct {
	cfg                     *Config
	units, deals            int
	hands, finished, voids  int
	finishes, okeyFin       [seats]int
	opened, openedPairs     [seats]int
	openTurns, penalties    [seats]int
	points, vs, share       [seats]arenastat.Ratio
	won, tied               [seats]int
	matchPoints, matchShare [seats]arenastat.Ratio
	causes                  [seats]Causes
	notOpened, caught       [seats]int
	byOpen                  [seats][2]OpeningOut
	pending                 map[int][]unit
}

func newTally(cfg *Config) *tally { return &tally{cfg: cfg, pending: map[int][]unit{}} }

// add files one hand or match, and its deal once it is complete.
func (t *tally) add(u unit) {
	k := u.index / seats
	t.pending[k] = append(t.pending[k], u)
	if len(t.pending[k]) < min(seats, t.cfg.units()-k*seats) {
		return
	}
	var pts, vs, fin [seats]float64
	var mpts, mwon [seats]float64
	hands, finished := 0.0, 0.0
	for _, u := range t.pending[k] {
		t.units++
		t.voids += u.voids
		for _, h := range u.hands {
			t.hands++
			hands++
			sum := 0
			for j := range seats {
				sum += h.score[j]
			}
			for j := range seats {
				pts[j] += float64(h.score[j])
				vs[j] += float64(h.score[j]) - float64(sum-h.score[j])/(seats-1)
				t.penalties[j] += h.penalties[j]
				t.causes[j].add(h.causes[j])
				if h.causes[j].NotOpened > 0 {
					t.notOpened[j]++
				}
				if h.causes[j].Okeys > 0 {
					t.caught[j]++
				}
				if o := h.opened[j]; o.turn > 0 {
					k := 0
					if o.pairs {
						k = 1
					}
					bo := &t.byOpen[j][k]
					bo.Hands++
					bo.Turn += float64(o.turn)
					bo.Points += float64(h.score[j])
					switch {
					case h.finisher == j:
						bo.Finished++
					default:
						bo.Rack += h.causes[j].Rack
						bo.Okeys += h.causes[j].Okeys
					}
					t.opened[j]++
					t.openTurns[j] += o.turn
					if o.pairs {
						t.openedPairs[j]++
					}
				}
			}
			if j := h.finisher; j >= 0 {
				t.finished++
				finished++
				fin[j]++
				t.finishes[j]++
				if h.okeyFinish {
					t.okeyFin[j]++
				}
			}
		}
		if t.cfg.matchMode() {
			for j := range seats {
				mpts[j] += float64(u.total[j])
				switch u.outcome[j] {
				case game.OutcomeWon:
					t.won[j]++
					mwon[j]++
				case game.OutcomeTied:
					t.tied[j]++
				}
			}
		}
	}
	n := float64(len(t.pending[k]))
	for j := range seats {
		t.points[j].Add(pts[j], hands)
		t.vs[j].Add(vs[j], hands)
		t.share[j].Add(fin[j], finished)
		if t.cfg.matchMode() {
			t.matchPoints[j].Add(mpts[j], n)
			t.matchShare[j].Add(mwon[j], n)
		}
	}
	t.deals++
	delete(t.pending, k)
}

// Result is a whole run. The JSON names are those of okey sim --game 101
// --json.
type Result struct {
	// Hands is the number of hands counted (void deals apart), Matches
	// the number of matches in match mode.
	Hands   int `json:"hands"`
	Matches int `json:"matches,omitempty"`
	// Finished is the number of hands a player finished; WallOut the
	// others (the wall ran out); Voids the deals voided because all four
	// opened with pairs (dealt again, not counted).
	Finished int `json:"finished"`
	WallOut  int `json:"wall_out"`
	Voids    int `json:"voids"`
	// ElapsedS is the wall-clock time of the run, in seconds.
	ElapsedS float64 `json:"elapsed_s"`
	// Bots in the order of Config.Bots.
	Bots []BotResult `json:"bots"`
}

// HandsPerSecond is the rate of play of the run.
func (r *Result) HandsPerSecond() float64 { return arenastat.HandsPerSecond(r.Hands, r.ElapsedS) }

// DecisionTimes is a bot's time per decision, as both arenas report it.
type DecisionTimes = arenastat.DecisionTimes

// BotResult is how one bot did over the run; it follows the bot as it
// changes seats. Points are those of the score sheet (lower is better),
// penalties included.
type BotResult struct {
	// Name is the bot's level.
	Name string `json:"name"`
	// Finished is the number of hands it finished; FinishShare its share
	// of the hands someone finished, with its 95% interval.
	Finished    int        `json:"finished"`
	FinishShare float64    `json:"finish_share"`
	FinishCI95  [2]float64 `json:"finish_ci95"`
	// PointsPerHand is its mean score a hand, with its 95% interval.
	PointsPerHand float64    `json:"points_per_hand"`
	CI95          [2]float64 `json:"ci95"`
	// VsOthers is its mean score a hand less the mean of the other three
	// in the same hand (negative: it scores less than the table), with
	// its 95% interval: the paired comparison that says whether a bot is
	// better than the others.
	VsOthers     float64    `json:"vs_others_per_hand"`
	VsOthersCI95 [2]float64 `json:"vs_others_ci95"`
	// Opened is the number of hands it opened in (OpenedPairs of them
	// with pairs); OpenTurnMean the mean of its own turn it opened on
	// (its first turn is 1).
	Opened       int     `json:"opened"`
	OpenedPairs  int     `json:"opened_pairs"`
	OpenTurnMean float64 `json:"open_turn_mean"`
	// Penalties is the number of 101-point penalties it paid.
	Penalties int `json:"penalties"`
	// OkeyFinishes counts its finishes with an okey as the last discard.
	OkeyFinishes int `json:"okey_finishes"`
	// DecisionTimes is its time a decision (one action: mean, median,
	// 99th percentile) and the number of decisions timed, as the classic
	// arena reports them.
	DecisionTimes
	// Causes splits PointsPerHand by where the points came from.
	Causes Causes `json:"points_by_cause"`
	// NotOpenedHands counts the hands it ended without opening;
	// OkeyCaughtHands those it ended open with an okey in the rack.
	NotOpenedHands  int `json:"not_opened_hands"`
	OkeyCaughtHands int `json:"okey_caught_hands"`
	// ByOpening splits the hands it opened by the kind of opening
	// (runs and sets, pairs): totals, not means.
	ByOpening map[string]OpeningOut `json:"by_opening"`
	// Match is how it did in whole matches; nil unless the run played
	// matches.
	Match *MatchResult `json:"match,omitempty"`
}

// MatchResult is one bot's matches: won (alone at the lowest total),
// tied (level at the lowest), the share won with its 95% interval, and
// its mean total a match with its 95% interval.
type MatchResult struct {
	Won            int        `json:"won"`
	Tied           int        `json:"tied"`
	WinShare       float64    `json:"win_share"`
	WinCI95        [2]float64 `json:"win_ci95"`
	PointsPerMatch float64    `json:"points_per_match"`
	CI95           [2]float64 `json:"ci95"`
}

// result turns the tally into the table.
func (t *tally) result(times *[seats]arenastat.TimeHist, elapsed time.Duration) Result {
	r := Result{Hands: t.hands, Finished: t.finished, WallOut: t.hands - t.finished, Voids: t.voids, ElapsedS: elapsed.Seconds()}
	if t.cfg.matchMode() {
		r.Matches = t.units
	}
	for j, name := range t.cfg.Bots {
		b := BotResult{
			Name: name, Finished: t.finishes[j], Opened: t.opened[j], OpenedPairs: t.openedPairs[j],
			Penalties: t.penalties[j], OkeyFinishes: t.okeyFin[j],
		}
		b.FinishShare, b.FinishCI95 = t.share[j].Share()
		b.PointsPerHand, b.CI95 = t.points[j].Mean()
		b.VsOthers, b.VsOthersCI95 = t.vs[j].Mean()
		if t.opened[j] > 0 {
			b.OpenTurnMean = float64(t.openTurns[j]) / float64(t.opened[j])
		}
		b.DecisionTimes = times[j].Times()
		b.Causes = t.causes[j].per(t.hands)
		b.NotOpenedHands, b.OkeyCaughtHands = t.notOpened[j], t.caught[j]
		b.ByOpening = map[string]OpeningOut{"melds": t.byOpen[j][0], "pairs": t.byOpen[j][1]}
		if t.cfg.matchMode() {
			m := &MatchResult{Won: t.won[j], Tied: t.tied[j]}
			m.WinShare, m.WinCI95 = t.matchShare[j].Share()
			m.PointsPerMatch, m.CI95 = t.matchPoints[j].Mean()
			b.Match = m
		}
		r.Bots = append(r.Bots, b)
	}
	return r
}

// Causes splits a bot's points a hand by where they came from; the five
// add up to its points a hand. Lower is better, as on the score sheet.
type Causes struct {
	// Finished is what its finishes earned (−101 × M each).
	Finished float64 `json:"finished"`
	// Rack is the values left in its rack when it had opened and
	// another finished (or the wall ran out), doublings included.
	Rack float64 `json:"rack"`
	// Okeys is the okeys caught in its rack after opening, 101 each.
	Okeys float64 `json:"okeys"`
	// NotOpened is the hands it never opened (202 × M each).
	NotOpened float64 `json:"not_opened"`
	// Penalties is the 101s it paid for discarding an okey or an işler
	// taş.
	Penalties float64 `json:"penalties"`
}

func (c *Causes) add(d Causes) {
	c.Finished += d.Finished
	c.Rack += d.Rack
	c.Okeys += d.Okeys
	c.NotOpened += d.NotOpened
	c.Penalties += d.Penalties
}

// per is c over n hands.
func (c Causes) per(n int) Causes {
	if n == 0 {
		return Causes{}
	}
	f := 1 / float64(n)
	return Causes{c.Finished * f, c.Rack * f, c.Okeys * f, c.NotOpened * f, c.Penalties * f}
}

// OpeningOut is what the hands a bot opened one way came to: how many,
// the sum of the turns it opened on, of its points, how many it
// finished, and the rack and okeys it was left with in the others.
type OpeningOut struct {
	Hands    int     `json:"hands"`
	Turn     float64 `json:"turn_sum"`
	Points   float64 `json:"points_sum"`
	Finished int     `json:"finished"`
	Rack     float64 `json:"rack_sum"`
	Okeys    float64 `json:"okeys_sum"`
}
