package play101

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/ui/table"
)

// BotMsg is a 101 player's answer to the question numbered ID (the app
// numbers its questions and drops a stale answer); Plain marks the
// plain player's, asked in place of a bot that failed.
type BotMsg struct {
	ID    uint64
	Seat  int
	Act   okey101.Action
	Err   error
	Plain bool
}

// Answer is the question the action answers (hosting.Answer).
func (m BotMsg) Answer() (id uint64, seat int) { return m.ID, m.Seat }

// Ask asks p, the player of seat, for its action in a command under
// ctx (table.Ask): the answer comes within timeout whether p answers or
// not, and no sooner than delay (none for the plain player standing in
// for a bot that failed), so that the action before stays on screen for
// a moment. The view is made in the command: a State is a value that
// Apply never changes, so the command may read it while the table goes
// on.
func (t *Table) Ask(ctx context.Context, id uint64, seat int, p decide101.Player, plain bool, delay, timeout time.Duration) tea.Cmd {
	st := t.G.State()
	if plain {
		delay = 0
	}
	return func() tea.Msg {
		a, err := table.Ask(ctx, delay, timeout, func(ctx context.Context) (okey101.Action, error) {
			return p.Decide(ctx, st.View(seat))
		})
		return BotMsg{ID: id, Seat: seat, Act: a, Err: err, Plain: plain}
	}
}

// PlayBot plays a player's answer on the match. A bot that fails or
// answers wrong is counted (and replaced by the plain player after
// table.MaxBotFailures in a row) and askPlain is set: the plain player
// is to be asked in its place. Should the plain player fail too, the
// first action the game takes is played, so the table never stalls.
// news is what the player is told of a failure, "" for none; ok is
// false when nothing was played.
func (t *Table) PlayBot(msg BotMsg) (evs []okey101.Event, lines []byte, news string, askPlain, ok bool) {
	if msg.Err == nil && msg.Act.Seat != msg.Seat {
		msg.Err = fmt.Errorf("%w: an action for seat %d", game.ErrWrongSeat, msg.Act.Seat)
	}
	if msg.Err == nil {
		evs, lines, err := t.G.Apply(msg.Act)
		if err == nil {
			if !msg.Plain {
				t.Failed[msg.Seat] = 0
			}
			return evs, lines, "", false, true
		}
		msg.Err = err
	}
	if !msg.Plain {
		replace, news := table.Fail(t.Failed[:], msg.Seat, t.look, msg.Err)
		if replace {
			t.Players[msg.Seat] = decide101.Plain{}
		}
		return nil, nil, news, true, false
	}
	stuck := func(err error) string {
		return t.tr().T("status.botstuck", t.look.Words.SeatName(msg.Seat), t.look.Reason(err))
	}
	a, found := decide101.AnyAction(t.G.State(), msg.Seat)
	if !found {
		return nil, nil, stuck(msg.Err), false, false
	}
	evs, lines, err := t.G.Apply(a)
	if err != nil { // cannot happen: AnyAction tried it
		return nil, nil, stuck(err), false, false
	}
	return evs, lines, "", false, true
}
