package coach

import (
	"math"
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

// ClassicThresholds are calibrated on the scale of a classic hand: a won
// hand is worth +2 net points to the winner and −2/3 to each other
// player (an okey finish twice that), gösterme +1. So 0.10 is about four
// points of the chance of winning the hand, gnubg's "doubtful" (0.04 of
// a game's equity, which spans 2, against our 2.67); 0.25 ten points of
// it, between gnubg's "bad" and "very bad"; 0.60 is a quarter of a
// hand, where passing up a free gösterme (1.0), throwing the okey
// early (0.3–1) and missing a finish (1.5–2.5) fall. A planted test
// checks those land as mistakes or blunders.
var ClassicThresholds = Thresholds{Inaccuracy: 0.10, Mistake: 0.25, Blunder: 0.60, Scale: 0.60}

// Thresholds101 are on the scale of a hand of 101, where a hand's net
// points run over a few hundred (a finish is −101 × M, a rack left
// 30–120, never opening 202, a penalty 101): 8 points is a few tiles'
// values, 20 a high tile kept too long or a weak opening, 50 half a
// penalty — a discarded okey or işler taş (101) or a missed finish
// (150 and more) is a blunder.
var Thresholds101 = Thresholds{Inaccuracy: 8, Mistake: 20, Blunder: 50, Scale: 50}

// label is the verdict on a loss with its 95% half-width: best when the
// move played is the estimated best; good when the loss is below the
// inaccuracy threshold or the samples cannot separate it from zero (an
// uncertain verdict is never an error); otherwise by the thresholds.
func (th Thresholds) label(playedIsBest bool, loss, half float64) (Label, bool) {
	switch {
	case playedIsBest:
		return Best, false
	case loss-half <= 0:
		return Good, true
	case loss < th.Inaccuracy:
		return Good, false
	case loss < th.Mistake:
		return Inaccuracy, false
	case loss < th.Blunder:
		return Mistake, false
	}
	return Blunder, false
}

// settled reports whether more worlds could not change the label: no
// threshold (nor 0, the line of an uncertain verdict) lies inside the
// interval loss ± half.
func (th Thresholds) settled(playedIsBest bool, loss, half float64) bool {
	if playedIsBest || half == 0 {
		return true
	}
	lo, hi := loss-half, loss+half
	for _, x := range []float64{0, th.Inaccuracy, th.Mistake, th.Blunder} {
		if lo < x && x < hi {
			return false
		}
	}
	return true
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
	// Played is the move made, Best the best by the playouts, Analyser
	// the move the strongest bot would make from the same view.
	Played   string `json:"played"`
	Best     string `json:"best"`
	Analyser string `json:"analyser"`
	// Loss is the expected points lost against Best, with the 95%
	// interval [Low, High]; Label the verdict; Uncertain set when the
	// interval reaches 0 (then the label is good).
	Loss      float64 `json:"loss"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Label     Label   `json:"label"`
	Uncertain bool    `json:"uncertain,omitempty"`
	// Accuracy is 100·e^(−Loss/scale) (see Thresholds.Accuracy).
	Accuracy float64 `json:"accuracy"`
	// Reasons say why in words, where the engine can tell.
	Reasons []string `json:"reasons,omitempty"`
	// Samples is the number of worlds played (every candidate in each).
	Samples    int         `json:"samples"`
	Candidates []Candidate `json:"candidates"`
}

// Counted reports whether the decision counts in the totals: it had
// more than one sensible move.
func (d *Decision) Counted() bool { return d.Label != Only }

// Summary totals a review, or one hand of it. Its JSON form is the last
// line of okey review --json (kind "summary"), with one per hand in
// Hands.
type Summary struct {
	Kind string `json:"kind"` // "summary" or "hand"
	Game string `json:"game"`
	Seat int    `json:"seat"`
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
func Summarise(game string, seat, hand int, ds []Decision, th Thresholds) Summary {
	s := Summary{Kind: "summary", Game: game, Seat: seat, Hand: hand, Labels: map[Label]int{}}
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
