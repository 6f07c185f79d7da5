package playclassic

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/classic"
	"okey/ui/table"
)

// BotMoveMsg is a bot's answer to the question numbered ID (the app
// numbers its questions and drops a stale answer).
type BotMoveMsg struct {
	ID   uint64
	Seat int
	Act  classic.Action
	Err  error
}

// Answer is the question the move answers (hosting.Answer).
func (m BotMoveMsg) Answer() (id uint64, seat int) { return m.ID, m.Seat }

// Ask asks the bot of seat for its move in a command under ctx, and
// answers within timeout whether the bot does or not. The answer comes
// back no sooner than delay, so that the move before it stays on screen
// for a moment.
func (t *Table) Ask(ctx context.Context, id uint64, seat int, delay, timeout time.Duration) tea.Cmd {
	bot, view := t.Bots[seat], t.G.State().View(seat)
	return func() tea.Msg {
		a, err := table.Ask(ctx, delay, timeout, func(ctx context.Context) (classic.Action, error) {
			return bot.Decide(ctx, view)
		})
		return BotMoveMsg{ID: id, Seat: seat, Act: a, Err: err}
	}
}

// PlayBot plays a bot's answer on the match, or a plain legal move for
// a bot that failed or answered wrong (replacing the bot by plain moves
// after table.MaxBotFailures in a row). news is what the player must be told
// of a failure, "" for none; ok is false when nothing could be played.
func (t *Table) PlayBot(msg BotMoveMsg) (evs []classic.Event, lines []byte, news string, ok bool) {
	a := msg.Act
	if msg.Err == nil && a.Seat == msg.Seat {
		evs, lines, err := t.G.Apply(a)
		if err == nil {
			t.Failed[msg.Seat] = 0
			return evs, lines, "", true
		}
		msg.Err = err
	} else if msg.Err == nil {
		msg.Err = fmt.Errorf("%w: a move for seat %d", game.ErrWrongSeat, a.Seat)
	}
	// A bot that fails or answers wrong must not stop the game: play a
	// plain legal move for it and say so.
	tr, name := t.tr(), t.look.Words.SeatName(msg.Seat)
	replace, news := table.Fail(t.Failed[:], msg.Seat, t.look, msg.Err)
	if replace {
		t.Bots[msg.Seat] = Plain{}
	}
	fb, ok := t.PlainMove(msg.Seat)
	if !ok {
		return nil, nil, tr.T("status.botstuck", name, t.look.Reason(msg.Err)), false
	}
	evs, lines, err := t.G.Apply(fb)
	if err != nil { // cannot happen: PlainMove tried it
		return nil, nil, tr.T("status.botstuck", name, t.look.Reason(err)), false
	}
	return evs, lines, news, true
}

// PlainMove is a move the match accepts for seat: the plain legal move
// of its view, else the first of every move a seat can make that the
// match takes. It reports false only if the match takes no move at all
// from the seat whose turn it is, which the reducer never allows.
func (t *Table) PlainMove(seat int) (classic.Action, bool) {
	st := t.G.State()
	v := st.View(seat)
	try := []classic.Action{}
	if a, ok := PlainMove(v); ok {
		try = append(try, a)
	}
	try = append(try, classic.DrawAction(seat), classic.TakeAction(seat), classic.EndHandAction(seat))
	for i := len(v.Rack) - 1; i >= 0; i-- {
		try = append(try, classic.DiscardAction(seat, v.Rack[i]))
	}
	for _, a := range try {
		if _, _, err := st.Apply(a); err == nil {
			return a, true
		}
	}
	return classic.Action{}, false
}
