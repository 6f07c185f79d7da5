package tables

import (
	"context"
	"fmt"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/par"
	"okey/game"
	"okey/game/classic"
	"okey/game/format"
	"okey/kit/seatmsg"
)

// Classic Okey at a table: a referee around classic.Game, its bots those
// of bots/botsclassic; a seat's screen (the session's to open) is sent
// the seat's view in a seatmsg.Update. A seat's intent is one action; the table keeps how each
// hand ended, for the seats' score pages.

// refereeClassic referees classic Okey with classic.Game.
type refereeClassic struct {
	g *classic.Game
	recordLog
	hands []seatmsg.HandEnd
}

func newRefereeClassic(g *classic.Game) *refereeClassic {
	c := &refereeClassic{g: g}
	full := g.Record()
	c.recordLog = recordLog{full.Marshal()}
	c.hands = handsOf(full)
	return c
}

// handsOf replays a record for how each of its hands ended.
func handsOf(rec classic.Record) []seatmsg.HandEnd {
	g, err := rec.Game()
	if err != nil {
		return nil
	}
	var out []seatmsg.HandEnd
	for _, a := range rec.Actions {
		was := g.State().Phase()
		if _, _, err := g.Apply(a); err != nil {
			return out
		}
		out = appendHand(out, g.State(), was)
	}
	return out
}

func appendHand(h []seatmsg.HandEnd, st classic.State, was game.Phase) []seatmsg.HandEnd {
	if was != game.Playing || st.Phase() == game.Playing || st.Result() == nil {
		return h
	}
	return append(h, seatmsg.HandEnd{Result: *st.Result(), Scores: st.Scores()})
}

// Outcome is every seat's score of the first hand in par's measure
// (bots/par: more is better).
func (c *refereeClassic) Outcome() (format.Outcome, bool) {
	if len(c.hands) == 0 {
		return format.Outcome{}, false
	}
	r := c.hands[0].Result
	var o format.Outcome
	for s := range o.Scores {
		o.Scores[s] = par.ClassicSeatScore(&r, s)
	}
	return o, true
}

func (c *refereeClassic) Stage() (stage, int) {
	st := c.g.State()
	return stageOf(st.Phase() == game.Playing, st.Phase() == game.HandOver, st.Turn())
}

func (c *refereeClassic) Hand() int { return c.g.State().HandNumber() }

func (c *refereeClassic) Deal() (int, int) { return c.g.State().HandNumber(), 0 }

func (c *refereeClassic) Events() int { return len(c.g.State().View(-1).History) }

func (c *refereeClassic) Scores() ([classic.NumSeats]int, bool) {
	if m := c.g.State().MatchResult(); m != nil {
		return m.Scores, true
	}
	return [classic.NumSeats]int{}, false
}

func (c *refereeClassic) Standings() ([classic.NumSeats]int, bool, bool) {
	st := c.g.State()
	if m := st.MatchResult(); m != nil {
		return m.Place, st.Rules().Partners, true
	}
	return [classic.NumSeats]int{}, false, false
}

// Apply plays a seat's intent (seatmsg.IntentAct: one action) or a bot's
// classic.Action. The next hand is the table's to deal, never a seat's.
func (c *refereeClassic) Apply(seat int, move any) (bool, error) {
	var a classic.Action
	switch mv := move.(type) {
	case seatmsg.Intent:
		if mv.Kind != seatmsg.IntentAct {
			return false, errNotAMove
		}
		a = mv.Action
	case classic.Action:
		a = mv
	default:
		return false, errNotAMove
	}
	if a.Kind == classic.ActNextHand {
		return false, fmt.Errorf("%w: the table deals", game.ErrWrongPhase)
	}
	a.Seat = seat // a seat moves for itself only
	if err := c.apply(a); err != nil {
		return false, err
	}
	switch a.Kind {
	case classic.ActDiscard, classic.ActFinish, classic.ActEndHand:
		return true, nil
	}
	return false, nil
}

func (c *refereeClassic) apply(a classic.Action) error {
	was := c.g.State().Phase()
	_, lines, err := c.g.Apply(a)
	if err != nil {
		return err
	}
	c.add(lines)
	c.hands = appendHand(c.hands, c.g.State(), was)
	return nil
}

func (c *refereeClassic) NextHand() error { return c.apply(classic.NextHandAction()) }

// AskBot asks seat's bot for its move, on the seat's view only, with a
// seed from the match's bot key (botSeed).
func (c *refereeClassic) AskBot(seat int, level string, key uint64) func(context.Context) (any, error) {
	st := c.g.State()
	v := st.View(seat)
	seed := botSeed(key, seat, v.Hand, 0, len(v.History), int(v.Stage))
	return func(ctx context.Context) (any, error) {
		b, err := expertclassic.New(level, botsclassic.Options{Seed: seed})
		if err != nil {
			return nil, err
		}
		return b.Decide(ctx, v)
	}
}

// PlainMove is the first the game takes of a draw, a take, ending the
// hand, and a discard from the right of the rack.
func (c *refereeClassic) PlainMove(seat int) (any, bool) {
	st := c.g.State()
	v := st.View(seat)
	try := []classic.Action{classic.DrawAction(seat), classic.TakeAction(seat), classic.EndHandAction(seat)}
	for i := len(v.Rack) - 1; i >= 0; i-- {
		try = append(try, classic.DiscardAction(seat, v.Rack[i]))
	}
	return firstLegal(try, func(a classic.Action) bool { _, _, err := st.Apply(a); return err == nil })
}

func (c *refereeClassic) Update(seat int, info *seatInfo) seatmsg.Update {
	return updateClassic(c.g.State(), c.hands, seat, info)
}

// updateClassic is what a classic table hands seat (-1: a spectator):
// the seat's view of st, the public ends of the hands so far, and the
// table around it — nothing else of st, so that a session never holds
// another seat's tiles (TestSeatUpdateIsTheSeatsViewAlone).
func updateClassic(st classic.State, hands []seatmsg.HandEnd, seat int, info *seatInfo) seatmsg.Update {
	v := st.View(seat)
	u := seatUpdate(info, st.Phase() == game.Playing)
	u.View, u.Hands = &v, hands
	return u
}
