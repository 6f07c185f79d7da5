package expertclassic

import (
	"context"

	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/game/classic"
	"okey/game/tile"
)

// LevelExpert is the name of Expert, the level above hard.
const LevelExpert = "expert"

// The expert's settings, as the arenas measured them (lab/value/train
// -mode gated-c3-g2-t0-h2-w, docs/studies/classic-value-7.md and -9.md).
const (
	// Candidates is the discards weighed: hard's pick and the next two
	// at the least distance (botsclassic.LeastDistance).
	Candidates = 3
	// Gate is how far (points of the hand) the value must put another
	// candidate above hard's pick to throw it instead.
	Gate = 0.02
	// TakeGate is how far the take network must put the take above
	// the draw to take.
	TakeGate = 0.0
)

// Expert is classic Okey's strongest level: hard, except at three
// decisions, where a reading learned on the racks as they truly are
// (lab/value/train -oracle) overrides it. With a winning rack that
// could wait for an okey finish (HoldPosition) it finishes or holds as
// the hold line (Hold) says. At a discard it weighs hard's
// pick against the next two that leave the rack as close to a win, the
// view after each scored by Value (its features and second look), and throws another only when Value
// puts it more than Gate above hard's; at a draw where the previous
// discard may be taken, it takes when the take network (Take, TakeGain)
// says the take gains more than TakeGate, save while it holds a win
// for an okey finish (HoldingWin: hard's draw or take then). It reads
// the seat's view only, as every bot.
type Expert struct {
	hard  botsclassic.Bot
	value *smallnet.Model
	take  *smallnet.Model
	hold  *HoldLine
	fx    Featurer
	f, g  [NumFeatures]float32
	l     [NumLook]float32
	x     [smallnet.MaxFeatures]float32
	h     smallnet.Hidden
}

// NewExpert is the Expert of the shipped weights (Value, Take, Hold),
// hard underneath built from opt.
func NewExpert(opt botsclassic.Options) *Expert {
	return NewExpertWith(opt, Value(), Take(), Hold())
}

// NewExpertWith is an Expert of other weights: the trainer's, whose
// bot the package's tests check this one against.
func NewExpertWith(opt botsclassic.Options, value, take *smallnet.Model, hold *HoldLine) *Expert {
	hard, _ := botsclassic.New("hard", opt) // a level botsclassic always knows
	return &Expert{hard: hard, value: value, take: take, hold: hold}
}

// Level is Expert's name.
func (*Expert) Level() string { return LevelExpert }

// Decide asks hard, then takes the hold, the discard or the draw over
// where the learned reading says to.
func (e *Expert) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	a, err := e.hard.Decide(ctx, v)
	if err != nil {
		return a, err
	}
	if a.Kind == classic.ActDiscard || a.Kind == classic.ActFinish {
		if fin, hold, q, ok := HoldPosition(&v); ok {
			return e.finishOrHold(&v, a, fin, hold, q), nil
		}
	}
	switch {
	case a.Kind == classic.ActDiscard:
		return e.discard(&v, a)
	case v.Legal.Take && v.Legal.Draw && (a.Kind == classic.ActDraw || a.Kind == classic.ActTake):
		// With the wall out only the take or the hand's end is open:
		// hard's choice between them stands.
		return e.drawOrTake(&v, a)
	}
	return a, nil
}

// finishOrHold holds the win (throws hold and keeps the rest) when the
// hold line puts the hold more than HoldGate above the finish, and
// finishes otherwise (with hard's finish, when hard finishes).
func (e *Expert) finishOrHold(v *classic.View, a classic.Action, fin, hold tile.Tile, q float64) classic.Action {
	in := HoldInputs(v, fin, hold, q)
	if e.hold.Gain(&in) > HoldGate {
		return classic.DiscardAction(v.Seat, hold)
	}
	if a.Kind == classic.ActFinish {
		return a
	}
	return classic.FinishAction(v.Seat, fin)
}

// discard is hard's discard a, or another at the least distance the
// value puts more than Gate above it.
func (e *Expert) discard(v *classic.View, a classic.Action) (classic.Action, error) {
	more, err := botsclassic.LeastDistance(v, a.Tile, Candidates)
	if err != nil || len(more) == 0 {
		return a, err
	}
	best, bestV, hardV := a.Tile, float32(0), float32(0)
	for i, t := range append([]tile.Tile{a.Tile}, more...) {
		w := After(v, t)
		if err := e.fx.Features(&w, &e.f); err != nil {
			return a, err
		}
		copy(e.x[:], e.f[:])
		if e.value.Features > NumFeatures {
			if err := SecondLook(&w, &e.l); err != nil {
				return a, err
			}
			copy(e.x[NumFeatures:], e.l[:])
		}
		s := e.value.ScoreWith(&e.x, &e.h)
		if i == 0 {
			bestV, hardV = s, s
		} else if s > bestV {
			best, bestV = t, s
		}
	}
	if float64(bestV-hardV) <= Gate {
		return a, nil
	}
	return classic.DiscardAction(v.Seat, best), nil
}

// drawOrTake takes the previous player's discard when the take network
// puts the take more than TakeGate above the draw, and draws otherwise;
// while the seat holds a win for an okey finish (HoldingWin), it draws
// or takes as hard does.
func (e *Expert) drawOrTake(v *classic.View, a classic.Action) (classic.Action, error) {
	top := v.Top(v.Previous)
	if !top.Valid() || HoldingWin(v) {
		return a, nil
	}
	if err := e.fx.Features(v, &e.f); err != nil {
		return a, err
	}
	tw := Taken(v, top)
	if err := e.fx.Features(&tw, &e.g); err != nil {
		return a, err
	}
	if TakeGainWith(e.take, &e.f, &e.g, &e.x, &e.h) > TakeGate {
		return classic.TakeAction(v.Seat), nil
	}
	return classic.DrawAction(v.Seat), nil
}
