//go:build tune

package botsclassic

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// The expert level, kept on the tuning bench only. It was determinised
// Monte Carlo on the hard policy; measured in whole matches it was no
// stronger than hard, so the game no longer offers it (docs/bots.md,
// "Measured figures") and its name plays as hard (Retired). The bench
// builds it as level "expert" (OKEY_THINK sets its budget), to measure
// it again or any search built on it.

// Expert is determinised Monte Carlo on top of the hard policy. When a
// discard is not obvious it lists the promising ones (the hard level's
// choice, with the seven-pairs route when that is worth more, and its
// best few within a third of an exchange of its favourite by hard's
// score), samples guesses at the hidden tiles that agree with
// everything it has seen (the other racks hold the tiles they were seen
// to take; the rest of the unseen tiles are shuffled into the racks and
// the wall; classic.View.SampleWorld checks every guess), and plays every
// candidate out in every world with all four seats on the hard policy
// (without its second-exchange look-ahead, for speed) for up to
// playoutRounds rounds. Playouts are scored in net points, the measure
// matches are decided by: a hand it wins is worth the win's points (an
// okey finish or seven pairs double), one another seat wins costs it a
// third of them; a hand still open is scored as a race in which each
// seat finishes first with a chance proportional to its speed, one over
// its expected draws to win. The same worlds serve every candidate, so
// the comparison is paired; a candidate is dropped as soon as it is
// clearly behind the leader. It samples expertWorlds worlds, and more
// (up to expertMaxWorlds) while the leader is ahead of the hard choice
// without being clearly ahead: the budget goes to the choices that are
// close. The search stops when one candidate is left, when the worlds
// are done, or before the time budget (Options.Think, 300 ms by
// default) would run out. The hard level's choice is played unless
// another candidate is clearly ahead of it over the worlds both played
// (expertSure). Drawing or taking, finishing, holding for an okey
// finish and gösterme follow the hard level.
type Expert struct {
	rnd    *game.Seeded
	think  time.Duration
	worlds int
	// maxWorlds caps the worlds sampled when the choice is close.
	maxWorlds int
	hard      *Hard
	// matchAware scores playouts by the share of the match's win they
	// leave (matchOdds) instead of net points; odds is its model, built
	// for the rules of the first decision.
	matchAware bool
	odds       *matchOdds
	oddsRules  classic.Rules
}

// Tuning of the search.
const (
	// DefaultThink is the expert's time budget per decision.
	DefaultThink = 300 * time.Millisecond
	// expertWorlds is the number of worlds sampled per decision, and
	// expertMaxWorlds the most it samples when the choice is close
	// (the leader ahead of the hard choice by a z-score of closeFrom to
	// expertSure).
	expertWorlds    = 64
	expertMaxWorlds = 256
	closeFrom       = 0.5
	// expertCands caps the discards searched, and expertMargin keeps
	// only those whose hard score is within that much of the best (a
	// score is an expected distance: 0.3 is about eighteen live copies
	// of outs).
	expertCands  = 3
	expertMargin = 0.3
	// playoutRounds is how many rounds a playout plays before the hand is
	// scored from the racks' distances.
	playoutRounds = 2
	// clearlyBehind is the z-score of a paired difference past which a
	// candidate is dropped.
	clearlyBehind = 2.5
	// expertSure is the z-score of a paired difference past which the
	// search overrules the hard choice (cands[0]).
	expertSure = 1.64
	// firstCheck is the number of worlds played before any candidate may
	// be dropped, and checkEvery the interval between checks.
	firstCheck = 16
	checkEvery = 8
	// searchShare is the share of the time budget the search may use.
	searchShare = 0.85
)

// NewExpert returns an expert bot seeded with seed that thinks at most
// think per decision (DefaultThink if think is 0).
func NewExpert(seed uint64, think time.Duration) *Expert {
	if think <= 0 {
		think = DefaultThink
	}
	return &Expert{rnd: game.NewSeeded(seed), think: think, worlds: expertWorlds, maxWorlds: expertMaxWorlds, hard: NewHard(seed ^ 0x5ea4c4)}
}

// Level is "expert".
func (b *Expert) Level() string { return "expert" }

// Decide returns the expert's move for the view.
func (b *Expert) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	start := time.Now()
	if a, done, err := route(ctx, &v, true); done {
		return a, err
	}
	cands, err := b.candidates(&v)
	if err != nil {
		return classic.Action{}, fmt.Errorf("expert, seat %d: %w", v.Seat, err)
	}
	if len(cands) == 1 {
		return cands[0], nil
	}
	// the search ends at searchShare of the budget, and takes more worlds
	// for a close choice only in its first half: the rest is a margin for
	// what a busy machine adds (a playout in flight, the scheduler), so
	// that the budget holds at the 99th percentile
	deadline := start.Add(time.Duration(float64(b.think) * searchShare))
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	more := start.Add(time.Until(deadline) / 2)
	a, err := b.search(ctx, &v, cands, deadline, more)
	if err != nil {
		return classic.Action{}, fmt.Errorf("expert, seat %d: %w", v.Seat, err)
	}
	return a, nil
}

// candidates lists the moves worth searching; one move means there is
// nothing to search.
func (b *Expert) candidates(v *classic.View) ([]classic.Action, error) {
	an := &v.Analyzer
	if v.Stage == classic.MustDraw {
		// Draws follow the hard rule: a take that lowers the distance is
		// never worse than the wall, and one that does not only shows
		// the table what the bot collects.
		a, err := b.hard.decide(v, nil)
		return []classic.Action{a}, err
	}
	h, err := handOf(an, &v.Counts)
	if err != nil {
		return nil, err
	}
	unseen := v.Unseen()
	tb := b.hard.mem.discards(an, h)
	if minDist(&tb.Dist) == 0 {
		j := hardJudge(v, &unseen)
		if a, ok := b.hard.finishOrHold(v, h, &tb, &j); ok {
			return []classic.Action{a}, nil
		}
	}
	var out []classic.Action
	if b.hard.pairs {
		// the hard choice first: the seven-pairs route when it is worth
		// more than melds
		j := hardJudge(v, &unseen)
		j.pt = b.hard.pt
		if x, ok := j.pairsDiscard(v, &v.Counts, h, &tb); ok {
			out = append(out, classic.DiscardAction(v.Seat, x))
		}
	}
	var buf [tile.NumFaces]cand
	var score [tile.NumFaces]float64
	cs := b.hard.rank(v, h, &tb, &unseen, nil, &buf, &score)
	// the expertCands best by the hard score
	order := make([]int, len(cs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(score[x], score[y]) })
	for _, i := range order[:min(expertCands, len(order))] {
		if score[i] > score[order[0]]+expertMargin {
			break
		}
		if a := classic.DiscardAction(v.Seat, cs[i].tile); !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out, nil
}

// search plays the candidates out over sampled worlds and returns the one
// with the best mean score. It samples b.worlds worlds, then, while the
// choice is close (undecided), more, up to maxWorlds and until more.
func (b *Expert) search(ctx context.Context, v *classic.View, cands []classic.Action, deadline, more time.Time) (classic.Action, error) {
	n := len(cands)
	scores := make([][]float64, n) // scores[i][w]
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	left := n
	var spent time.Duration
	played := 0
	for w := 0; w < b.maxWorlds; w++ {
		if left == 1 {
			break
		}
		if err := ctx.Err(); err != nil {
			return classic.Action{}, err
		}
		// stop before a world that would not end in time: a world costs
		// a playout for every candidate still in
		if played > 0 && time.Now().Add(spent/time.Duration(played)*time.Duration(left)).After(deadline) {
			break
		}
		world, err := v.SampleWorld(b.rnd, [classic.NumSeats]*tile.Counts{})
		if err != nil {
			return classic.Action{}, fmt.Errorf("sample a world: %w", err)
		}
		seed := b.rnd.Uint64()
		for i := range cands {
			if !alive[i] {
				continue
			}
			t0 := time.Now()
			s, err := b.playout(world, v.Seat, cands[i], seed, deadline)
			if errors.Is(err, errOutOfTime) {
				truncate(scores, alive)
				break
			}
			if err != nil {
				return classic.Action{}, err
			}
			spent += time.Since(t0)
			played++
			scores[i] = append(scores[i], s)
		}
		if time.Now().After(deadline) {
			break
		}
		done := w + 1
		if done >= firstCheck && (done-firstCheck)%checkEvery == 0 {
			left = prune(scores, alive)
		}
		if done >= b.worlds && (!undecided(scores, alive) || time.Now().After(more)) {
			break
		}
	}
	best, bestMean := -1, math.Inf(-1)
	for i := range cands {
		if !alive[i] || len(scores[i]) == 0 {
			continue
		}
		if m := mean(scores[i]); m > bestMean {
			best, bestMean = i, m
		}
	}
	if best < 0 {
		return cands[0], nil // no world played in time: the hard choice
	}
	// the hard choice stands unless the worlds say clearly that another
	// move is better
	if best != 0 && alive[0] && pairedZ(scores[best], scores[0]) < expertSure {
		best = 0
	}
	return cands[best], nil
}

// undecided reports whether the search should go on past its first worlds:
// the leader is ahead of the hard choice (candidate 0) without being
// clearly ahead yet, so more worlds could change the move played.
func undecided(scores [][]float64, alive []bool) bool {
	if !alive[0] {
		return false // the hard choice is out: the leader will be played
	}
	lead, leadMean := -1, math.Inf(-1)
	for i, s := range scores {
		if alive[i] && len(s) > 0 {
			if m := mean(s); m > leadMean {
				lead, leadMean = i, m
			}
		}
	}
	if lead <= 0 {
		return false
	}
	z := pairedZ(scores[lead], scores[0])
	return z > closeFrom && z < expertSure
}

// pairedZ is the z-score of the mean of a[w]-b[w] over the worlds both
// played (0 when there are too few to tell).
func pairedZ(a, b []float64) float64 {
	k := min(len(a), len(b))
	if k < 2 {
		return 0
	}
	var sum, sq float64
	for w := range k {
		d := a[w] - b[w]
		sum += d
		sq += d * d
	}
	m := sum / float64(k)
	v := max(sq/float64(k)-m*m, 0) * float64(k) / float64(k-1)
	if v == 0 {
		if m > 0 {
			return math.Inf(1)
		}
		return 0
	}
	return m / math.Sqrt(v/float64(k))
}

// errOutOfTime stops a playout that would overrun the time budget.
var errOutOfTime = errors.New("out of thinking time")

// truncate drops a world that not every candidate still in has played,
// so that the candidates are compared on the same worlds.
func truncate(scores [][]float64, alive []bool) {
	k := -1
	for i, s := range scores {
		if alive[i] && (k < 0 || len(s) < k) {
			k = len(s)
		}
	}
	for i := range scores {
		if alive[i] {
			scores[i] = scores[i][:k]
		}
	}
}

// prune drops the candidates clearly behind the leader, comparing each
// with the leader world by world over the worlds both played. It returns
// the number left.
func prune(scores [][]float64, alive []bool) int {
	lead, leadMean := -1, math.Inf(-1)
	for i, s := range scores {
		if alive[i] && len(s) > 0 {
			if m := mean(s); m > leadMean {
				lead, leadMean = i, m
			}
		}
	}
	left := 0
	for i, s := range scores {
		if !alive[i] {
			continue
		}
		if i != lead && lead >= 0 {
			k := min(len(s), len(scores[lead]))
			if k > 1 {
				var sum, sq float64
				for w := range k {
					d := scores[lead][w] - s[w]
					sum += d
					sq += d * d
				}
				m := sum / float64(k)
				sd := math.Sqrt(max(sq/float64(k)-m*m, 0) * float64(k) / float64(k-1))
				if m > 0 && (sd == 0 || m/(sd/math.Sqrt(float64(k))) > clearlyBehind) {
					alive[i] = false
					continue
				}
			}
		}
		left++
	}
	return left
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// playout applies the candidate in the world and plays on with the
// playout policy on every seat, then scores the outcome for seat me.
func (b *Expert) playout(s classic.State, me int, a classic.Action, seed uint64, deadline time.Time) (float64, error) {
	s, _, err := s.Apply(a)
	if err != nil {
		return 0, fmt.Errorf("candidate %v: %w", a, err)
	}
	var players [classic.NumSeats]*Hard
	for i := range players {
		players[i] = &Hard{rnd: game.NewSeeded(seed + uint64(i)), lookahead: 1, defence: b.hard.defence, hold: b.hard.hold, pairs: b.hard.pairs, pt: b.hard.pt}
	}
	ctx := context.Background()
	turns := 0
	limit := playoutRounds * classic.NumSeats
	for s.Phase() == game.Playing {
		if s.Stage() == classic.MustDraw {
			if turns >= limit {
				return b.estimate(&s, me)
			}
			turns++
		}
		if s.Moves()%8 == 0 && time.Now().After(deadline) {
			return 0, errOutOfTime
		}
		seat := s.Turn()
		act, err := players[seat].Decide(ctx, s.View(seat))
		if err != nil {
			return 0, fmt.Errorf("playout, seat %d: %w", seat, err)
		}
		if s, _, err = s.Apply(act); err != nil {
			return 0, fmt.Errorf("playout, seat %d: %w", seat, err)
		}
	}
	if odds := b.oddsFor(s.Rules()); odds != nil {
		return odds.value(s.Scores(), me), nil
	}
	return netPoints(s.Result(), me), nil
}

// oddsFor is the match model for rules r when the expert plays for the
// match, nil when it plays for net points.
func (b *Expert) oddsFor(r classic.Rules) *matchOdds {
	if !b.matchAware {
		return nil
	}
	if b.odds == nil || b.oddsRules != r {
		b.odds, b.oddsRules = newMatchOdds(r), r
	}
	return b.odds
}

// netPoints is what a finished hand is worth to seat me on the measure
// matches are decided by: what the other three lost on average less what
// it lost (the win's points only: gösterme is behind the search).
func netPoints(r *classic.HandResult, me int) float64 {
	switch {
	case r == nil || r.Winner < 0:
		return 0
	case r.Winner == me:
		return float64(r.Points)
	}
	return -float64(r.Points) / (classic.NumSeats - 1)
}

// estimate scores an unfinished hand for seat me as a race: each seat
// needs turnsTo(distance, live outs) draws to win, so it finishes first
// with a chance proportional to its speed, 1/turns; the hand may also run
// out of wall, which is likelier the slower everyone is. The score is
// the expected points, as playout scores them.
func (b *Expert) estimate(s *classic.State, me int) (float64, error) {
	var speed [classic.NumSeats]float64
	sum := 0.0
	for seat := range classic.NumSeats {
		if s.TileCount(seat) == 0 {
			continue // a seat that left
		}
		v := s.View(seat)
		an := &v.Analyzer
		h, err := handOf(an, &v.Counts)
		if err != nil {
			return 0, err
		}
		d := an.Distance(h)
		speed[seat] = 1 // a winning hand finishes on its next turn
		if d > 0 {
			unseen := v.Unseen()
			speed[seat] = 1 / turnsTo(d, weight(an.Outs(h), &unseen), float64(max(unseen.Total(), 1)))
		}
		sum += speed[seat]
	}
	// the wall's own "speed": the hand ends dry after WallLeft draws
	// shared by the seats
	dry := float64(classic.NumSeats) / float64(max(s.WallLeft(), 1))
	total := sum + dry
	if odds := b.oddsFor(s.Rules()); odds != nil {
		now := s.Scores()
		score := dry / total * odds.value(now, me)
		for seat, sp := range speed {
			after := now
			for t := range after {
				if t != seat && s.Active()[t] {
					after[t] -= meldsPoints
				}
			}
			score += sp / total * odds.value(after, me)
		}
		return score, nil
	}
	score := 0.0
	for seat, sp := range speed {
		p := sp / total
		if seat == me {
			score += meldsPoints * p
		} else {
			score -= meldsPoints * p / (classic.NumSeats - 1)
		}
	}
	return score, nil
}

// matchOdds estimates a seat's share of a match's win (finishing in the
// top two under the point countdown) from the scores, taking every hand
// to come as won by one of the four seats, each as likely, for a melds
// win: a model of the rest of the match in which play is even, so that
// what a hand's points are worth depends on where they leave the match.
// Early on it is about linear in the points; near the end, when a win
// can end the match, it is not. It remembers what it has computed (a
// bot's own cache, tens of thousands of score tables at most).
type matchOdds struct {
	memo map[matchKey]float64
}

// matchKey is a seat's score and the other three, sorted.
type matchKey struct {
	me     int8
	others [classic.NumSeats - 1]int8
}

// newMatchOdds returns the model for rules played to a plain point
// countdown (the default), nil for the others (partners, leave_at_zero,
// no scoring), which the model does not describe.
func newMatchOdds(r classic.Rules) *matchOdds {
	if !r.Scoring() || r.LeaveAtZero || r.Partners {
		return nil
	}
	return &matchOdds{memo: map[matchKey]float64{}}
}

// value is seat me's expected share of the match's win from scores.
func (m *matchOdds) value(scores [classic.NumSeats]int, me int) float64 {
	k := matchKey{me: int8(max(scores[me], -1))}
	i := 0
	over := scores[me] <= 0
	for s, x := range scores {
		if s != me {
			k.others[i] = int8(max(x, -1))
			i++
			over = over || x <= 0
		}
	}
	slices.Sort(k.others[:])
	if over {
		return matchShare(k)
	}
	if v, ok := m.memo[k]; ok {
		return v
	}
	// the next hand, won by each seat alike
	v := 0.0
	for w := range classic.NumSeats {
		next := [classic.NumSeats]int{int(k.me), int(k.others[0]), int(k.others[1]), int(k.others[2])}
		for s := range next {
			if s != w {
				next[s] -= meldsPoints
			}
		}
		v += m.value(next, 0) / classic.NumSeats
	}
	m.memo[k] = v
	return v
}

// matchShare is the share of the win of a finished match: the two
// highest win, seats level across the line share the places left.
func matchShare(k matchKey) float64 {
	higher, level := 0, 1
	for _, x := range k.others {
		switch {
		case x > k.me:
			higher++
		case x == k.me:
			level++
		}
	}
	return float64(min(max(2-higher, 0), level)) / float64(level)
}

func TestPrune(t *testing.T) {
	lead := []float64{2, 2, 2, 2, 1.5, 2, 2, 2.5}
	behind := []float64{-1, -1, -1.5, -1, -1, -0.5, -1, -1}
	close := []float64{2, 1.9, 2.1, 2, 1.4, 2.1, 2, 2.5}
	scores := [][]float64{lead, behind, close}
	alive := []bool{true, true, true}
	if n := prune(scores, alive); n != 2 || !alive[0] || alive[1] || !alive[2] {
		t.Fatalf("prune left %d: %v; want the clearly-behind one dropped only", n, alive)
	}
}

// TestUndecided: the expert samples more worlds only while another move
// leads the hard choice (candidate 0) without being clearly ahead.
func TestUndecided(t *testing.T) {
	base := []float64{0, 1, 0, 1, 0, 1, 0, 1, 0, 1}
	shift := func(d float64, noise []float64) []float64 {
		out := make([]float64, len(base))
		for i := range base {
			out[i] = base[i] + d + noise[i%len(noise)]
		}
		return out
	}
	noise := []float64{0.5, -0.5, 0.3, -0.3, 0}
	cases := []struct {
		name   string
		scores [][]float64
		alive  []bool
		want   bool
	}{
		{"the hard choice leads", [][]float64{shift(0.2, noise), base}, []bool{true, true}, false},
		{"another leads a little", [][]float64{base, shift(0.15, noise)}, []bool{true, true}, true},
		{"another leads clearly", [][]float64{base, shift(1, noise)}, []bool{true, true}, false},
		{"the hard choice is out", [][]float64{base, shift(0.15, noise)}, []bool{false, true}, false},
	}
	for _, c := range cases {
		if got := undecided(c.scores, c.alive); got != c.want {
			t.Errorf("%s: undecided %v, want %v (z %.2f)", c.name, got, c.want, pairedZ(c.scores[1], c.scores[0]))
		}
	}
}

// TestMatchOdds: even scores give each seat half the match; a lead is
// worth more; at the end the places decide; a win that ends the match
// with the seat in the top two is worth the whole match.
func TestMatchOdds(t *testing.T) {
	m := newMatchOdds(classic.DefaultRules())
	if v := m.value([4]int{20, 20, 20, 20}, 0); v < 0.499 || v > 0.501 {
		t.Errorf("level at the start: %v, want 0.5", v)
	}
	if lead, trail := m.value([4]int{14, 10, 10, 10}, 0), m.value([4]int{10, 14, 10, 10}, 0); lead <= 0.5 || trail >= 0.5 || lead <= trail {
		t.Errorf("a lead %v, behind %v", lead, trail)
	}
	cases := []struct {
		scores [4]int
		lo, hi float64
	}{
		{[4]int{5, 3, 1, 0}, 1, 1},     // over: second place
		{[4]int{1, 3, 5, -1}, 0, 0},    // over: third
		{[4]int{3, 3, 5, 0}, 0.5, 0.5}, // over, level for the second place
		{[4]int{9, 2, 2, 2}, 1, 1},     // any win ends it with the seat first
		{[4]int{1, 9, 9, 9}, 0, 0.01},  // another's win ends it with the seat last: only a run of its own wins saves it
	}
	for _, c := range cases {
		if v := m.value(c.scores, 0); v < c.lo-1e-9 || v > c.hi+1e-9 {
			t.Errorf("%v: %v, want %v to %v", c.scores, v, c.lo, c.hi)
		}
	}
	if newMatchOdds(classic.Rules{Points: 20, Partners: true}) != nil {
		t.Error("a model for partners")
	}
}

// turnsTo estimates the draws a hand at distance d needs to win when
// live copies of the unseen total would lower its distance.
func turnsTo(d, live int, total float64) float64 {
	if d <= 0 {
		return 0
	}
	t := total / max(float64(live), 0.25)
	for k := 1; k < d; k++ {
		t += stepTurns[min(k, len(stepTurns)-1)]
	}
	return t
}
