package coach

import (
	"context"
	"fmt"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
)

// Point is one decision of the reviewed seat in a record: the state
// before it and the move made. Only the state's view of that seat
// reaches the judge.
type Point[S, A any] struct {
	State  S
	Played A
	Hand   int
	Index  int
}

// PointClassic and Point101 are the decisions of each game.
type (
	PointClassic = Point[classic.State, classic.Action]
	Point101     = Point[okey101.State, okey101.Action]
)

// PointsClassic replays rec and returns every decision of seat (in hand
// hand, or every hand when hand is 0).
func PointsClassic(rec classic.Record, seat, hand int) ([]PointClassic, error) {
	return points(gameClassic{}, rec, seat, hand)
}

// Points101 replays rec and returns every action of seat (in hand hand,
// or every hand when hand is 0): a turn of 101 is several decisions
// (draw or take; opening, laying, laying off, taking okeys back; the
// discard), and each is judged.
func Points101(rec okey101.Record, seat, hand int) ([]Point101, error) {
	return points(game101{}, rec, seat, hand)
}

// ReviewClassic judges every decision of seat in rec (hand 0: every
// hand), in order.
func ReviewClassic(ctx context.Context, rec classic.Record, seat, hand int, o Options) ([]Decision, error) {
	return review(ctx, gameClassic{}, rec, seat, hand, o)
}

// Review101 judges every decision of seat in rec (hand 0: every hand),
// in order.
func Review101(ctx context.Context, rec okey101.Record, seat, hand int, o Options) ([]Decision, error) {
	return review(ctx, game101{}, rec, seat, hand, o)
}

// replayer is one game's part of the review: how its record replays
// and how one of its decisions is judged. R is the record, S the state,
// A an action; gameClassic and game101 are the two.
type replayer[R, S, A any] interface {
	// replay checks that the whole record replays.
	replay(rec R) error
	// seats is the number of seats at the table.
	seats() int
	// start is the state before the record's first action, and the actions.
	start(rec R) (S, []A, error)
	// decides reports whether a, played in s, is a decision of seat
	// (not the move to the next hand, nor one after the match ended).
	decides(s S, a A, seat int) bool
	// hand is the number of the hand s is in.
	hand(s S) int
	// apply plays a in s.
	apply(s S, a A) (S, error)
	// judge judges the move a that seat played in s, from its view.
	judge(ctx context.Context, s S, seat int, a A, o Options) (Decision, error)
	// handsNote is what an error adds after "made no decision in hand N".
	handsNote(rec R) string
}

// points replays rec and returns every decision of seat (in hand hand,
// or every hand when hand is 0).
func points[R, S, A any, G replayer[R, S, A]](g G, rec R, seat, hand int) ([]Point[S, A], error) {
	if err := g.replay(rec); err != nil {
		return nil, fmt.Errorf("replaying the record: %w", err)
	}
	if seat < 0 || seat >= g.seats() {
		return nil, fmt.Errorf("no seat %d (seats are 0 to %d)", seat, g.seats()-1)
	}
	s, actions, err := g.start(rec)
	if err != nil {
		return nil, fmt.Errorf("replaying the record: %w", err)
	}
	var ps []Point[S, A]
	for i, a := range actions {
		if g.decides(s, a, seat) && (hand == 0 || g.hand(s) == hand) {
			ps = append(ps, Point[S, A]{State: s, Played: a, Hand: g.hand(s), Index: i})
		}
		if s, err = g.apply(s, a); err != nil {
			return nil, fmt.Errorf("replaying action %d: %w", i, err)
		}
	}
	return ps, nil
}

// review judges every decision of seat in rec (hand 0: every hand), in
// order, handing each to o.Judged and telling o.Progress after each.
func review[R, S, A any, G replayer[R, S, A]](ctx context.Context, g G, rec R, seat, hand int, o Options) ([]Decision, error) {
	ps, err := points(g, rec, seat, hand)
	if err != nil {
		return nil, err
	}
	if hand > 0 && len(ps) == 0 {
		return nil, fmt.Errorf("seat %d made no decision in hand %d%s", seat, hand, g.handsNote(rec))
	}
	ds := make([]Decision, 0, len(ps))
	turn, last := 0, 0
	for i, p := range ps {
		if p.Hand != last {
			turn, last = 0, p.Hand
		}
		turn++
		d, err := g.judge(ctx, p.State, seat, p.Played, o)
		if err != nil {
			return ds, fmt.Errorf("hand %d, action %d (%v): %w", p.Hand, p.Index, p.Played, err)
		}
		d.Index, d.Turn = p.Index, turn
		ds = append(ds, d)
		if o.Judged != nil {
			o.Judged(d)
		}
		if o.Progress != nil {
			o.Progress(i+1, len(ps))
		}
	}
	return ds, nil
}

// gameClassic is classic Okey's part of the review.
type gameClassic struct{}

func (gameClassic) replay(rec classic.Record) error {
	_, err := rec.Replay()
	return err
}

func (gameClassic) seats() int { return classic.NumSeats }

func (gameClassic) start(rec classic.Record) (classic.State, []classic.Action, error) {
	s, err := rec.Start()
	return s, rec.Actions, err
}

func (gameClassic) decides(s classic.State, a classic.Action, seat int) bool {
	return a.Kind != classic.ActNextHand && a.Seat == seat && s.Phase() == game.Playing
}

func (gameClassic) hand(s classic.State) int { return s.HandNumber() }

func (gameClassic) apply(s classic.State, a classic.Action) (classic.State, error) {
	s, _, err := s.Apply(a)
	return s, err
}

func (gameClassic) judge(ctx context.Context, s classic.State, seat int, a classic.Action, o Options) (Decision, error) {
	return JudgeClassic(ctx, s.View(seat), a, o)
}

// handsNote says how many hands the record has.
func (gameClassic) handsNote(rec classic.Record) string {
	n := 1
	for _, a := range rec.Actions {
		if a.Kind == classic.ActNextHand {
			n++
		}
	}
	return fmt.Sprintf(" (the record has %d hands)", n)
}

// game101 is Okey 101's part of the review.
type game101 struct{}

func (game101) replay(rec okey101.Record) error {
	_, err := rec.Replay()
	return err
}

func (game101) seats() int { return okey101.NumSeats }

func (game101) start(rec okey101.Record) (okey101.State, []okey101.Action, error) {
	s, err := rec.Start()
	return s, rec.Actions, err
}

func (game101) decides(s okey101.State, a okey101.Action, seat int) bool {
	return a.Kind != okey101.ActNextHand && a.Seat == seat && s.Phase() == game.Playing
}

func (game101) hand(s okey101.State) int { return s.HandNumber() }

func (game101) apply(s okey101.State, a okey101.Action) (okey101.State, error) {
	s, _, err := s.Apply(a)
	return s, err
}

func (game101) judge(ctx context.Context, s okey101.State, seat int, a okey101.Action, o Options) (Decision, error) {
	return Judge101(ctx, s.View(seat), a, o)
}

// handsNote is nothing: a 101 review does not count the hands.
func (game101) handsNote(okey101.Record) string { return "" }
