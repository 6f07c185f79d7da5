package coach

import (
	"fmt"
	"math"
	"strconv"

	"okey/game"
)

// Label names a verdict on a decision, from best to worst.
type Label string

// The labels. Only is a decision with a single sensible move (nothing
// to judge); it is listed but not counted.
const (
	Best       Label = "best"
	Good       Label = "good"
	Inaccuracy Label = "inaccuracy"
	Mistake    Label = "mistake"
	Blunder    Label = "blunder"
	Only       Label = "only move"
)

// Labels are the labels a judged decision can get, best first.
var Labels = []Label{Best, Good, Inaccuracy, Mistake, Blunder}

// Thresholds turn an expected loss, in points of the hand, into a
// label: a loss from Inaccuracy up is an inaccuracy, from Mistake up a
// mistake, from Blunder up a blunder. Scale is the loss at which a
// decision's accuracy falls to 100/e (37%).
type Thresholds struct {
	Inaccuracy, Mistake, Blunder float64
	Scale                        float64
}

// ThresholdsClassic are calibrated on the scale of a classic hand: a won
// hand is worth +2 net points to the winner and −2/3 to each other
// player (an okey finish twice that), gösterme +1. So 0.10 is about four
// points of the chance of winning the hand, gnubg's "doubtful" (0.04 of
// a game's equity, which spans 2, against our 2.67); 0.25 ten points of
// it, between gnubg's "bad" and "very bad"; 0.60 is a quarter of a
// hand, where passing up a free gösterme (1.0), throwing the okey
// early (0.3–1) and missing a finish (1.5–2.5) fall. A planted test
// checks those land as mistakes or blunders.
var ThresholdsClassic = Thresholds{Inaccuracy: 0.10, Mistake: 0.25, Blunder: 0.60, Scale: 0.60}

// Thresholds101 are on the scale of a hand of 101, where a hand's net
// points run over a few hundred (a finish is −101 × M, a rack left
// 30–120, never opening 202, a penalty 101): 8 points is a few tiles'
// values, 20 a high tile kept too long or a weak opening, 50 half a
// penalty — a discarded okey or işler taş (101) or a missed finish
// (150 and more) is a blunder.
var Thresholds101 = Thresholds{Inaccuracy: 8, Mistake: 20, Blunder: 50, Scale: 50}

// band is the label of a loss known exactly: best at 0 or below (no
// loss), good under the inaccuracy line, and so on up.
func (th Thresholds) band(x float64) Label {
	switch {
	case x <= 0:
		return Best
	case x < th.Inaccuracy:
		return Good
	case x < th.Mistake:
		return Inaccuracy
	case x < th.Blunder:
		return Mistake
	}
	return Blunder
}

// line is the least loss labelled l (0 for best and good).
func (th Thresholds) line(l Label) float64 {
	switch l {
	case Inaccuracy:
		return th.Inaccuracy
	case Mistake:
		return th.Mistake
	case Blunder:
		return th.Blunder
	}
	return 0
}

// labelSE is how many standard errors below the estimated loss a label
// is read: a decision is labelled by the least it lost with 99.4%
// confidence. gnubg stops a comparison at 3 deviations (2 picked the
// wrong move over 40% of the time); here 2.5 is the least that gave the
// same label on a second seed in nine decisions of ten with a margin
// (docs/review.md), and a harsher rule hides more real
// losses. The reported interval stays the 95% one.
const labelSE = 2.5

// label is the verdict on a loss with its 95% half-width, for a move
// that is the best found (found) or not. "Best" names the move the
// coach stands by: the best found, or a move its 95% interval cannot
// tell from it ("as good as any": the screen shows the move played as
// the best, so "best" names another move only when the coach shows it
// is better — `* best: discard R11` beside a move called as
// good, and an interval excluding 0 beside "as good as the best", read
// as contradictions). Any other move is labelled by the loss less
// labelSE standard errors, the least it is shown to have lost, so a
// label is never harsher than the samples support: good below the
// inaccuracy line. It is uncertain when the 95% interval reaches into
// a harsher label ("inaccuracy or worse"). Reading the label low is what
// makes it come out the same on another seed: at this game's noise (a
// classic loss is known to ±0.2 after 128 worlds, against lines 0.10
// and 0.25 apart) a label read at the mean changes on a second seed in
// three decisions of ten, one read labelSE low in one of fourteen.
//
// The label and its certainty are read from the interval as the player
// reads it (ShowInterval: its ends rounded as the report prints them), so two
// decisions whose intervals read the same get the same label and the
// same certainty, whatever their unrounded means.
func (th Thresholds) label(loss, half float64, found bool) (Label, bool) {
	lo, hi := shownInterval(loss, half)
	top := th.band(hi)
	if top == Best {
		top = Good
	}
	if found || lo <= 0 {
		return Best, top != Good && half > 0
	}
	m, h := (lo+hi)/2, (hi-lo)/2
	l := th.band(m - h*labelSE/1.96)
	if l == Best {
		l = Good
	}
	return l, top != l
}

// shownInterval is the 95% interval of a loss as the review prints it:
// the low end cut at 0 (a loss is never below it), both ends rounded as
// ShowInterval.
func shownInterval(loss, half float64) (lo, hi float64) {
	l, h := ShowInterval(max(loss-half, 0), loss+half)
	return parsed(l), parsed(h)
}

// ShowInterval writes a loss's interval [lo, hi] as the review prints
// it: each end as ShowPoints, both whole when the high end is 10 or
// more (101's points).
func ShowInterval(lo, hi float64) (string, string) {
	if hi >= 10 {
		return strconv.FormatFloat(lo, 'f', 0, 64), strconv.FormatFloat(hi, 'f', 0, 64)
	}
	return ShowPoints(lo), ShowPoints(hi)
}

// parsed is the number s writes.
func parsed(s string) float64 {
	v, _ := strconv.ParseFloat(s, 64)
	return v
}

// ShowPoints writes points as the review prints them (okey review,
// the review page): two decimals below 10, whole points from 10 (101's
// points run in the tens and hundreds), with a decimal point (a
// language with a decimal comma swaps it: kit/i18n's Catalog.Dec).
func ShowPoints(x float64) string {
	if x >= 10 || x <= -10 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// shownWorse reports whether a loss with its 95% half-width shows the
// move worse than the best: the interval excludes 0.
func shownWorse(loss, half float64) bool { return loss-half > 0 }

// shownLoss reports whether a loss's interval, as the review prints it,
// excludes 0: the move is labelled by its loss, not as the best.
func shownLoss(loss, half float64) bool {
	lo, _ := shownInterval(loss, half)
	return lo > 0
}

// Certainty says in plain words how sure a verdict is, for the line
// under the label: the interval itself stays in the details (okey
// review --json, the candidates).
type Certainty string

// The certainties: Sure, the 95% interval lies within the label; Likely,
// it reaches a harsher one; TooClose, a move labelled best that another
// move cannot be told from (the move played, as good as any).
const (
	Sure     Certainty = "sure"
	Likely   Certainty = "likely"
	TooClose Certainty = "too close to call"
)

// certainty is a verdict's certainty: too close to call for a move
// other than the best found that is not shown worse (its interval, as
// printed, reaches 0), else likely when uncertain, else sure.
func (th Thresholds) certainty(loss, half float64, found, uncertain bool) Certainty {
	switch {
	case !found && !shownLoss(loss, half):
		return TooClose
	case uncertain:
		return Likely
	}
	return Sure
}

// settled reports whether more worlds are not worth playing, after n
// of at most most: the interval from the label's reading point to the
// 95% upper end lies within one label, or within best and good (the
// two labels that say the move was fine: doubling the worlds to tell
// them apart was most of a review's time and finds no error); or the
// label would stay the same with every world played if the loss stayed
// where it is (the half-width shrinks as the square root of the
// worlds), so the rest of the worlds would most likely change nothing.
// That last rule stops most decisions whose move could not be told
// from the best: they were two fifths of a review's playouts.
func (th Thresholds) settled(loss, half float64, n, most int) bool {
	if half == 0 {
		return true
	}
	z := labelSE / 1.96
	l, hi := th.band(loss-half*z), th.band(loss+half)
	if l == hi || (l == Best && hi == Good) {
		return true
	}
	return n > 0 && n < most && th.band(loss-half*z*math.Sqrt(float64(n)/float64(max(most, n)))) == l
}

// Accuracy is a decision's accuracy, 0–100: 100·e^(−loss/Scale). It is
// 100 for a loss of 0, 85 at the classic inaccuracy line, 66 at the
// mistake line and 37 at the blunder line (lichess's curve has the same
// shape, over winning chances).
func (th Thresholds) Accuracy(loss float64) float64 {
	return 100 * math.Exp(-max(loss, 0)/th.Scale)
}

// Candidate is one move the judge played out.
type Candidate struct {
	// Move is the move in words ("discard R7", "take K3", "open 104: …").
	Move string `json:"move"`
	// Value is the mean net points of the hand for the seat after it.
	Value float64 `json:"value"`
	// Loss is the best candidate's value less this one's (0 for the
	// best), Half the half-width of its 95% interval (paired worlds).
	Loss float64 `json:"loss"`
	Half float64 `json:"half"`
	// Samples is the number of worlds it was played in: fewer than the
	// decision's when it fell far behind the best and was dropped.
	Samples int `json:"samples"`
	// Ahead is the share of those worlds in which the seat came out of
	// the hand ahead (a net value above 0: in classic Okey, it won the
	// hand or showed the indicator; in 101, it scored better than the
	// others' mean).
	Ahead float64 `json:"ahead"`
}

// Decision is the verdict on one decision of the reviewed seat. Its JSON
// form is one line of okey review --json (kind "decision").
type Decision struct {
	Kind string `json:"kind"` // "decision"
	// Hand is the hand's number (from 1); Index the action's number in
	// the record (from 0); Turn the seat's decision number in the hand
	// (from 1).
	Hand  int `json:"hand"`
	Index int `json:"index"`
	Turn  int `json:"turn"`
	Seat  int `json:"seat"`
	// Stage is where the turn stood: "draw" or "discard" (classic),
	// "draw", "first discard" or "play" (101).
	Stage string `json:"stage"`
	// Rack is the seat's rack as it saw it, WallLeft the tiles left to
	// draw.
	Rack     string `json:"rack"`
	WallLeft int    `json:"wall_left"`
	// Played is the move made, Best the best the coach stands by (the
	// move played when it is labelled best), Analyser the move the
	// strongest bot would make from the same view.
	Played   string `json:"played"`
	Best     string `json:"best"`
	Analyser string `json:"analyser"`
	// Loss is the expected points lost against the best move found,
	// with the 95% interval [Low, High]; Label the verdict: best when
	// the interval reaches 0 (Best is then the move played, as good as
	// any), else read 2.5 standard errors below Loss (the least the move
	// is shown to have lost); Uncertain set when the interval reaches a
	// harsher label.
	Loss      float64 `json:"loss"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Label     Label   `json:"label"`
	Uncertain bool    `json:"uncertain,omitempty"`
	// Certainty says how sure the label is in words: sure, likely (the
	// interval reaches a harsher label), too close to call (a move
	// labelled best that another cannot be told from: as good as any).
	Certainty Certainty `json:"certainty,omitempty"`
	// Accuracy is 100·e^(−Loss/scale) (see Thresholds.Accuracy).
	Accuracy float64 `json:"accuracy"`
	// Reasons say why in words, where the engine can tell.
	Reasons []string `json:"reasons,omitempty"`
	// Samples is the number of worlds played; Playouts the hands played
	// out in them (a candidate far behind the best is dropped early).
	Samples    int         `json:"samples"`
	Playouts   int         `json:"playouts"`
	Candidates []Candidate `json:"candidates"`
	// Weighed is, at a decision where a finish was legal and not
	// played, the best finish weighed against the move played until the
	// two are told apart or their difference is known within ±0.1
	// point (±5 in 101); nil elsewhere.
	Weighed *Weighed `json:"weighed,omitempty"`
	// OpenFinish names, wherever a finish was legal and not played, the
	// finish and what it was worth against the move played, in the
	// coach's words ("a finish was open (finish with R5): worth 0.12
	// less than holding"), whatever the label (OpenFinishWords); "" where
	// none was.
	OpenFinish string `json:"open_finish,omitempty"`
	// Read is, at a classic discard shown to lose, what reading the
	// table made of it when the move loses only on the belief's worlds
	// (judged again on racks dealt at random, it is not shown to lose);
	// nil elsewhere. Its words are among Reasons.
	Read *TableRead `json:"read,omitempty"`
}

// Weighed is a finish weighed against the move played.
type Weighed struct {
	// Move is the finish (in 101 the first step of the way out this
	// turn), in words.
	Move string `json:"move"`
	// More is its value less the move played's, over the same worlds
	// (above 0: it was worth more), Half the half-width of its 95%
	// interval, Samples the worlds it was read on.
	More    float64 `json:"more"`
	Half    float64 `json:"half"`
	Samples int     `json:"samples"`
	// Settled says the two were told apart or their difference is
	// known within the tolerance (false: the most worlds ran out).
	Settled bool `json:"settled"`
	// Doubles names, in 101, a way out that doubles the hand's score
	// given up by the move played: "okey" (the okey as the last
	// discard: the move played goes out, or keeps the way out, without
	// it) or "elden" (opening and going out in one turn while no one
	// else has opened); "" for a finish of no doubling (and in classic).
	Doubles string `json:"doubles,omitempty"`
}

// OpenFinishWords are the coach's words for a finish w weighed against
// the move played (holding: the move keeps a winning rack for a better
// finish), on the scale th: the finish (an okey or elden finish where
// it doubles the score, Weighed.Doubles) and how much more or less it was
// worth than the move played, read on the same worlds; where the finish
// is shown worth more, the label that difference earns (from an
// inaccuracy up, as a decision's label is read: Thresholds.label); where
// the two are not told apart, that it is too close to call. "" for no
// finish weighed.
func OpenFinishWords(w *Weighed, holding bool, th Thresholds) string {
	if w == nil {
		return ""
	}
	than := "this move"
	if holding {
		than = "holding"
	}
	dir := "more"
	if w.More < 0 {
		dir = "less"
	}
	what := "a finish"
	switch w.Doubles {
	case "okey":
		what = "an okey finish"
	case "elden":
		what = "an elden finish"
	}
	s := fmt.Sprintf("%s was open (%s): worth %s %s than %s", what, w.Move, amount(w.More), dir, than)
	switch l, _ := th.label(w.More, w.Half, false); {
	case w.More-w.Half <= 0 && w.More+w.Half >= 0:
		s += ", too close to call"
	case l == Inaccuracy:
		s += ": an inaccuracy"
	case l == Mistake || l == Blunder:
		s += ": a " + string(l)
	}
	return s
}

// Counted reports whether the decision counts in the totals: it had
// more than one sensible move.
func (d *Decision) Counted() bool { return d.Label != Only }

// Summary totals a review, or one hand of it. Its JSON form is the last
// line of okey review --json (kind "summary"), with one per hand in
// Hands.
type Summary struct {
	Kind string    `json:"kind"` // "summary" or "hand"
	Game game.Kind `json:"game"`
	Seat int       `json:"seat"`
	// Hand is the hand's number in a hand's summary, 0 for the match.
	Hand int `json:"hand,omitempty"`
	// Decisions are the decisions judged (more than one sensible move);
	// Only those with a single one.
	Decisions int `json:"decisions"`
	Only      int `json:"only"`
	// TotalLoss is the sum of the expected losses, LossPerDecision its
	// mean over the judged decisions with its 95% interval (LossCI95).
	TotalLoss       float64    `json:"total_loss"`
	LossPerDecision float64    `json:"loss_per_decision"`
	LossCI95        [2]float64 `json:"loss_ci95"`
	// Accuracy is the mean accuracy of the judged decisions (100 for
	// none).
	Accuracy float64 `json:"accuracy"`
	// Labels counts the judged decisions by label.
	Labels map[Label]int `json:"labels"`
	// Hands are the hands' summaries (in a match's summary only).
	Hands []Summary `json:"hands,omitempty"`
}

// Summarise totals decisions for seat in game (hand 0: the match).
func Summarise(g game.Kind, seat, hand int, ds []Decision, th Thresholds) Summary {
	s := Summary{Kind: "summary", Game: g, Seat: seat, Hand: hand, Labels: map[Label]int{}}
	if hand > 0 {
		s.Kind = "hand"
	}
	for _, l := range Labels {
		s.Labels[l] = 0
	}
	var losses []float64
	acc := 0.0
	for i := range ds {
		d := &ds[i]
		if !d.Counted() {
			s.Only++
			continue
		}
		s.Decisions++
		s.Labels[d.Label]++
		s.TotalLoss += d.Loss
		losses = append(losses, d.Loss)
		acc += d.Accuracy
	}
	s.Accuracy = 100
	if n := len(losses); n > 0 {
		s.LossPerDecision = s.TotalLoss / float64(n)
		s.Accuracy = acc / float64(n)
		half := 0.0
		if n > 1 {
			ss := 0.0
			for _, x := range losses {
				ss += (x - s.LossPerDecision) * (x - s.LossPerDecision)
			}
			half = 1.96 * math.Sqrt(ss/float64(n-1)/float64(n))
		}
		s.LossCI95 = [2]float64{s.LossPerDecision - half, s.LossPerDecision + half}
	}
	return s
}

// worse reports whether a label says the move lost: an inaccuracy or
// worse, read 2.5 standard errors low. The hint overrides the analyser
// only then: taking the judge's best whenever its mean was higher, the
// hint played worse than the analyser (then the hard bot) — the best of several noisy
// means, played (docs/studies/review-judge.md).
func worse(l Label) bool { return l == Inaccuracy || l == Mistake || l == Blunder }

// amount writes points as an amount, without a sign: two decimals below
// 10, none from 10 (101's points).
func amount(x float64) string {
	x = math.Abs(x)
	if x >= 10 {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// TableRead is what reading the table changed in a verdict on a
// discard: the move played loses an inaccuracy or more on the belief's
// worlds and is labelled best or good on racks dealt at random
// (Chance's worlds). A label read on other worlds changes by chance
// about one decision in ten (docs/studies/review-judge.md), so the words give both
// readings' figures rather than a bare "the reading decided it".
type TableRead struct {
	// Seat is the next player's seat, whom a discard may feed.
	Seat int `json:"seat"`
	// Tile is the tile the reading is about: the move played's discard
	// when Wants, else the best discard's.
	Tile string `json:"tile"`
	// Wants says the reading found Tile likelier to help Seat than
	// chance (the move played gave it away); false, less likely (the
	// best discard was the safer one).
	Wants bool `json:"wants"`
	// Seen are the tiles Seat was seen to take (Wants) or throw that go
	// with Tile (the same face, a run's neighbours, the same value): the
	// public evidence. Empty when none does: the reading came from the
	// rest of its play.
	Seen string `json:"seen,omitempty"`
	// Laid are, in Okey 101 when Wants, the tiles Seat laid down (its
	// opening and later melds) that go with Tile: what it collects.
	Laid string `json:"laid,omitempty"`
	// Belief and Chance are the shares of worlds in which Tile would
	// bring Seat's rack nearer a win: the belief's worlds, and racks
	// dealt at random from what the seat could not see.
	Belief float64 `json:"belief"`
	Chance float64 `json:"chance"`
	// Outs is, when neither tile's chance moved, the outs of the rack
	// each discard leaves and how many the wall holds, when the belief
	// put the move played's out of the wall (nil otherwise).
	Outs *OutsRead `json:"outs,omitempty"`
	// Uniform is the label the move played gets when the judge deals
	// racks at random (best or good), UniformLoss its loss there.
	Uniform     Label   `json:"uniform"`
	UniformLoss float64 `json:"uniform_loss"`
}

// pct is a share in whole percent.
func pct(x float64) int { return int(math.Round(100 * x)) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// OutsRead is, for the move played's discard and the best's, the unseen
// tiles that would bring the rack left nearer a win, and how many of
// them the wall is expected to hold: as the belief reads the racks, and
// on racks dealt at random.
type OutsRead struct {
	// Best is the best discard; Outs and BestOuts the unseen copies of
	// the outs after each, Wall and BestWall how many of them the wall
	// holds as the belief reads it, WallChance and BestChance on random
	// racks.
	Best       string  `json:"best"`
	Outs       int     `json:"outs"`
	BestOuts   int     `json:"best_outs"`
	Wall       float64 `json:"wall"`
	BestWall   float64 `json:"best_wall"`
	WallChance float64 `json:"wall_chance"`
	BestChance float64 `json:"best_chance"`
}
