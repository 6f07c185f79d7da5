package coach

import (
	"context"
	"fmt"

	"okey/bots/bots101"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
)

// The hint asks the judge the question the review asks afterwards: is
// the analyser's move (the strongest level's: classic's expert, Analyse;
// 101's hard bot) worth as much as the best of the moves worth playing
// out from this view? The judge judges it as if it had been played; the
// hint is the analyser's move unless the judge
// labels it an inaccuracy or worse (read 2.5 standard errors low, as
// every label) or cannot show it is not a mistake (its 95% interval
// under the mistake line, after up to 1,024 fresh worlds), and then the
// best move the judge found. Where a finish was legal and the analyser
// does not take it, the finish is weighed against its move until the
// two are told apart or known within ±0.1 point (±5 in 101), as the
// review weighs it, and a finish shown better is the hint; a hold (a
// discard that keeps the win for an okey finish) is the hint only where
// that weighing shows it ahead of the finish, its 95% interval's low
// end above it — a tie goes to the win in hand. So the hint,
// the coach and the analyser are one machinery in a documented
// relation, and a move the hint gave is, to the judge, best or good —
// on the review's own worlds too unless they tell otherwise
// (docs/review.md, "The hint, the coach and the analyser: one judge").
// Clear cases are cheap: the judge stops after its first round of
// worlds when the analyser's move leads.

// HintOptions are the judge's options for a hint under seed: two
// workers (a few tenths of a second on two cores, without taking a
// server's every core) and a first round of 64 worlds, not 32, with
// which the analyser's move could lead the first round by chance.
//
// The analyser's move must also be shown not to be a mistake: while
// its loss is read good but its 95% interval reaches the mistake line,
// the loss is read on more fresh worlds, up to 1,024 (RuleOut, Fresh),
// so that the review, on worlds of its own, does not call a hinted
// move a mistake (docs/studies/review-judge.md). It costs a classic
// hint half as many playouts again on average, a 101 plan a little.
func HintOptions(seed uint64) Options {
	return Options{Seed: seed, Workers: 2, MinSamples: 64, RuleOut: Mistake, Fresh: 1024}
}

// HintSeed is the seed of the classic hint's judge and analyser at view
// v of the match seeded seed: one per decision, so that the game's hint,
// okey review --hints and the lab's studies of the hint weigh a move on
// the same worlds.
func HintSeed(seed uint64, v classic.View) uint64 {
	return game.NewSeed(seed ^ uint64(v.Hand)<<40 ^ uint64(len(v.History))<<8 ^ 0x41)
}

// AdviseClassic is the judge's advice from view v: the best move found
// and the verdict on the analyser's move (Analyse; Decision.Best names
// the advice, Decision.Candidates hold each move's value and how often
// it came out ahead, for the reason).
func AdviseClassic(ctx context.Context, v classic.View, o Options) (classic.Action, Decision, error) {
	if o.Playouts > 0 {
		o.counted()
	}
	an, err := Analyse(ctx, v, o)
	if err != nil {
		return classic.Action{}, Decision{}, err
	}
	d, best, err := judgeClassic(ctx, v, an, o)
	if err != nil {
		return an, d, err
	}
	if acrossBetter(&d) {
		// A finish and the move across the line from it, weighed until
		// settled, are told apart: the hint gives the better, as the
		// coach names it, so that hint and review never disagree.
		return best, d, nil
	}
	if o.stands(d, ThresholdsClassic) {
		// The analyser's move is not shown to lose: it stands, but a
		// hold only when shown ahead of the finish in hand.
		return holdOnlyAhead(&v, an, &d), d, nil
	}
	return holdOnlyAhead(&v, best, &d), d, nil
}

// acrossBetter reports whether the judge, weighing a finish against the
// move judged, showed the move across the line better: the coach names
// it the best.
func acrossBetter(d *Decision) bool {
	w := d.Weighed
	return w != nil && shownWorse(w.More, w.Half) && d.Best == w.Move && d.Best != d.Played
}

// Advise101 is the judge's advice from view v, as a plan for the rest
// of the turn: the judge's best move, then its best move from the view
// that move leaves, and so on to the discard (or a draw, after which
// the tile drawn is news; or the end of the hand). Each step is judged
// from the view the step before leaves, with the worlds and bots seeded
// from that view alone, so the plan asked again after any of its own
// steps is the rest of the same plan. ds are the verdicts on the hard
// bot's move at each step.
func Advise101(ctx context.Context, v okey101.View, o Options) ([]okey101.Action, []Decision, error) {
	var plan []okey101.Action
	var ds []Decision
	for range maxPlan {
		if v.Phase != game.Playing || !v.MyTurn() || !v.Legal.Any() {
			break
		}
		a, hard, d, err := advise101(ctx, v, o)
		if err != nil {
			return plan, ds, err
		}
		if a.Kind == okey101.ActGiveBack && hard.Kind != okey101.ActGiveBack {
			// Giving a taken tile back only when the hard bot would: a
			// plan that takes a tile to give it back is no plan, and a
			// tile taken is taken to be used (the judge's playouts could
			// not tell the two apart, or it would not have been taken).
			// Decided from the view alone, so the plan asked again after
			// the take is the same.
			a = hard
		}
		plan, ds = append(plan, a), append(ds, d)
		if a.Kind == okey101.ActDraw || a.Kind == okey101.ActDiscard {
			break
		}
		if v, err = After101(v, a); err != nil {
			return plan, ds, err
		}
	}
	return plan, ds, nil
}

// maxPlan bounds a turn's plan: an opening, a few lay-offs and
// take-backs, the discard.
const maxPlan = 16

// advise101 is one step of Advise101: the judge's best move, the hard
// bot's and the verdict on it.
func advise101(ctx context.Context, v okey101.View, o Options) (best, hard okey101.Action, d Decision, err error) {
	seed := viewSeed(o.Seed, v.Hand*8+v.Redeal, len(v.History), uint8(v.Stage))
	hb, err := bots101.New("hard", bots101.Options{Seed: seed})
	if err != nil {
		return best, hard, d, err
	}
	if hard, err = hb.Decide(ctx, v); err != nil {
		return best, hard, d, fmt.Errorf("the hard bot: %w", err)
	}
	d, best, err = judge101(ctx, v, hard, o)
	if err == nil && acrossBetter(&d) {
		// going out this turn or not, told apart: the better, as the
		// coach names it
		return best, hard, d, nil
	}
	if err != nil || o.stands(d, Thresholds101) {
		// the hard bot's move stands unless shown to lose
		return hard, hard, d, err
	}
	return best, hard, d, nil
}

// holdOnlyAhead is the hint's move a, or the finish in hand when a
// holds a win (a discard that keeps it while a finish is legal) that
// the judge did not show ahead of finishing: the hold's lead over the
// finish, weighed until settled (Decision.Weighed), must have its 95%
// interval's low end above 0. A tie goes to the win in hand.
func holdOnlyAhead(v *classic.View, a classic.Action, d *Decision) classic.Action {
	if a.Kind != classic.ActDiscard || !v.Legal.Finish || !keepsWin(v, a.Tile) {
		return a
	}
	w := d.Weighed
	if w != nil && d.Played == classicMove(v, a) && w.More+w.Half < 0 {
		return a
	}
	if w != nil {
		// the finish the judge weighed against the hold
		for _, x := range v.Counts.Tiles() {
			if f := classic.FinishAction(v.Seat, x); classicMove(v, f) == w.Move && keepsWin(v, x) {
				return f
			}
		}
	}
	if f, ok := finishNow(v); ok {
		return f
	}
	return a
}
