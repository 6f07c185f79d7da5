package tables

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"okey/bots/decide101"
	"okey/bots/expertclassic"
	"okey/game"
	"okey/game/format"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/kit/seatmsg"
)

// Okey 101 at a table: a referee around okey101.Game, its bots those of
// bots/bots101; a seat's screen (the session's to open) is sent the
// seat's view in a seatmsg.Update. A turn of 101 is several actions (draw or take, lay
// down, lay off, discard); the table asks a bot again for as long as it
// is the bot's turn, and a player's intent may carry several actions (a
// finish), played in order.

// referee101 referees Okey 101 with okey101.Game.
type referee101 struct {
	g *okey101.Game
	recordLog
}

func newReferee101(g *okey101.Game) *referee101 {
	rec := g.Record()
	return &referee101{g: g, recordLog: recordLog{rec.Marshal()}}
}

func (r *referee101) Stage() (stage, int) {
	st := r.g.State()
	return stageOf(st.Phase() == game.Playing, st.Phase() == game.HandOver, st.Turn())
}

func (r *referee101) Hand() int { return r.g.State().HandNumber() }

func (r *referee101) Events() int { return len(r.g.State().View(-1).History) }

func (r *referee101) Deal() (int, int) {
	d := r.g.State().DealInfo()
	return d.Hand, d.Redeal
}

// Outcome is every seat's total of a one-hand match once it is over,
// the scoring table's, penalties included (less is better; a void deal
// dealt again is not the hand).
func (r *referee101) Outcome() (format.Outcome, bool) {
	st := r.g.State()
	if st.Phase() != game.MatchOver || st.Result() == nil {
		return format.Outcome{}, false
	}
	o := format.Outcome{LessIsBetter: true}
	for s, l := range st.Result().Lines {
		o.Scores[s] = l.Total
	}
	return o, true
}

func (r *referee101) Scores() ([okey101.NumSeats]int, bool) {
	if m := r.g.State().MatchResult(); m != nil {
		return m.Totals, true
	}
	return [okey101.NumSeats]int{}, false
}

func (r *referee101) Standings() ([okey101.NumSeats]int, bool, bool) {
	st := r.g.State()
	if m := st.MatchResult(); m != nil {
		return m.Place, st.Rules().Partners, true
	}
	return [okey101.NumSeats]int{}, false, false
}

// errPartlyPlayed wraps the refusal of an action after others of the
// same intent were played: the table takes in what was.
var errPartlyPlayed = errors.New("played in part")

// Apply plays a seat's intent (seatmsg.IntentPlay101: its actions in order,
// stopping at the first refused) or a bot's okey101.Action. The next
// hand is the table's to deal, never a seat's.
func (r *referee101) Apply(seat int, move any) (bool, error) {
	var acts []okey101.Action
	switch mv := move.(type) {
	case seatmsg.Intent:
		if mv.Kind != seatmsg.IntentPlay101 || len(mv.Plays) == 0 {
			return false, errNotAMove
		}
		acts = mv.Plays
	case okey101.Action:
		acts = []okey101.Action{mv}
	default:
		return false, errNotAMove
	}
	turnOver := false
	for i, a := range acts {
		if a.Kind == okey101.ActNextHand {
			return turnOver, partly(i, fmt.Errorf("%w: the table deals", game.ErrWrongPhase))
		}
		a = a.Clone()
		a.Seat = seat // a seat moves for itself only
		_, lines, err := r.g.Apply(a)
		if err != nil {
			return turnOver, partly(i, err)
		}
		r.add(lines)
		if a.Kind == okey101.ActDiscard {
			turnOver = true // a turn ends with its discard
		}
	}
	return turnOver, nil
}

// partly is err, marked as played in part when i actions went before.
func partly(i int, err error) error {
	if i == 0 {
		return err
	}
	return fmt.Errorf("%w: %w", errPartlyPlayed, err)
}

func (r *referee101) NextHand() error {
	_, lines, err := r.g.Apply(okey101.NextHand())
	if err != nil {
		return err
	}
	r.add(lines)
	return nil
}

// Levels are the bots' levels a table may seat, weakest first: 101's
// (decide101.Levels), which are classic's too (expertclassic.Levels);
// LevelPlays says which level plays.
var Levels = decide101.Levels

// LevelPlays is the level that plays for level at a table of the game
// named gameName: Level101's at 101, expertclassic.Current's at classic.
func LevelPlays(gameName, level string) string {
	if gameName == string(game.Okey101) {
		return Level101(level)
	}
	return expertclassic.Current(level)
}

// Level101 is the 101 level a table's level plays as: the same name
// when 101 has it (decide101.Levels), else normal.
func Level101(level string) string {
	if l := strings.ToLower(strings.TrimSpace(level)); slices.Contains(decide101.Levels, l) {
		return l
	}
	return "normal"
}

// AskBot asks seat's bot for one action, on the seat's view only, with a
// seed from the match's bot key (botSeed).
func (r *referee101) AskBot(seat int, level string, key uint64) func(context.Context) (any, error) {
	st := r.g.State()
	v := st.View(seat)
	seed := botSeed(key, seat, v.Hand, v.Redeal, len(v.History), int(v.Stage))
	level = Level101(level)
	return func(ctx context.Context) (any, error) {
		b, err := decide101.New(level, seed)
		if err != nil {
			return nil, err
		}
		a, err := b.Decide(ctx, v)
		if err != nil {
			return nil, err
		}
		return a, nil
	}
}

// PlainMove is the 101 table's plain action for seat, else the first
// action of the seat's view the game takes (SimpleActions lists the
// draw first), so a table never stalls.
func (r *referee101) PlainMove(seat int) (any, bool) {
	st := r.g.State()
	v := st.View(seat)
	var try []okey101.Action
	var sv meld.Solver
	if a, ok := decide101.PlainAction(&v, &sv); ok {
		try = append(try, a)
	}
	return firstLegal(append(try, v.SimpleActions()...), func(a okey101.Action) bool {
		if a.Kind == okey101.ActNextHand {
			return false
		}
		_, _, err := st.Apply(a)
		return err == nil
	})
}

// Update is seat's message: its own view (a spectator's, seat -1: the
// public one) and the table around it, nothing else of the state. It
// is update101 of the game's state, which a test proves depends on the
// seat's view alone.
func (r *referee101) Update(seat int, info *seatInfo) seatmsg.Update {
	return update101(r.g.State(), seat, info)
}

// update101 is seat's update from the state st.
func update101(st okey101.State, seat int, info *seatInfo) seatmsg.Update {
	v := st.View(seat)
	u := seatUpdate(info, st.Phase() == game.Playing)
	u.View101 = &v
	return u
}
