package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/ui/playclassic"
)

// A bot must answer within defaultBotTimeout (the bots take well under
// a millisecond; the timeout is for a bot that hangs), and a bot that fails
// maxBotFailures times in a row is replaced by plain moves for the rest
// of the match: a broken bot never stalls the table, nor slows it down
// by a timeout at every turn.
const (
	defaultBotTimeout = 10 * time.Second
	maxBotFailures    = 3
)

// errNoAnswer is a bot's failure to answer in time.
var errNoAnswer = errors.New("no answer in time")

// cancelBots cancels every question under way; their answers will be
// dropped.
func (m *Model) cancelBots() {
	m.cancel()
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.askID++
	m.asking = -1
}

// nextTurn asks the bot to move, if it is a bot's turn on the table.
func (m *Model) nextTurn() tea.Cmd { return m.table().nextTurn() }

// nextTurnClassic is nextTurn at classic Okey's table.
func (m *Model) nextTurnClassic() tea.Cmd {
	v := &m.c.View
	if m.screen != scrPlay || v.Phase != game.Playing || m.asking >= 0 || v.Turn == 0 || m.readOnly || m.seat != nil {
		return nil
	}
	return m.ask(v.Turn)
}

// ask asks the bot of seat for its move in a goroutine, and answers
// within the bot timeout whether the bot does or not. The answer comes
// back no sooner than the speed's pause, so that the move before it
// stays on screen for a moment.
func (m *Model) ask(seat int) tea.Cmd {
	m.askID++
	m.asking = seat
	id, bot, view, parent := m.askID, m.c.Bots[seat], m.c.G.State().View(seat), m.ctx
	delay, timeout := speedDelay(m.set.Speed), m.opt.BotTimeout
	return func() tea.Msg {
		start := time.Now()
		ctx, cancel := context.WithTimeout(parent, timeout)
		defer cancel()
		answer := make(chan botMoveMsg, 1) // a late answer is left there
		go func() {
			a, err := bot.Decide(ctx, view)
			answer <- botMoveMsg{id: id, seat: seat, act: a, err: err}
		}()
		var msg botMoveMsg
		select {
		case msg = <-answer:
		case <-ctx.Done():
			msg = botMoveMsg{id: id, seat: seat, err: fmt.Errorf("%w (%v)", errNoAnswer, timeout)}
		}
		if wait := delay - time.Since(start); wait > 0 && msg.err == nil {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-parent.Done():
				t.Stop()
			}
		}
		return msg
	}
}

// onBotMove plays a bot's answer, or a plain legal move for a bot that
// failed, and asks the next.
func (m *Model) onBotMove(msg botMoveMsg) tea.Cmd {
	if msg.id != m.askID {
		return nil // stale: a new hand, a quit or a newer question
	}
	m.asking = -1
	v := &m.c.View
	if v.Phase != game.Playing || v.Turn != msg.seat {
		return m.nextTurn()
	}
	a := msg.act
	if msg.err == nil && a.Seat == msg.seat {
		evs, lines, err := m.c.G.Apply(a)
		if err == nil {
			m.c.Failed[msg.seat] = 0
			return m.applied(evs, lines)
		}
		msg.err = err
	} else if msg.err == nil {
		msg.err = fmt.Errorf("%w: a move for seat %d", game.ErrWrongSeat, a.Seat)
	}
	// A bot that fails or answers wrong must not stop the game: play a
	// plain legal move for it and say so.
	name := m.seatName(msg.seat)
	m.c.Failed[msg.seat]++
	if m.c.Failed[msg.seat] >= maxBotFailures {
		m.c.Bots[msg.seat] = playclassic.Plain{}
		m.c.Failed[msg.seat] = 0
		m.tellNews(m.tr.T("status.botreplaced", name, m.reason(msg.err)))
	} else {
		m.tellNews(m.tr.T("status.botfail", name, m.reason(msg.err)))
	}
	fb, ok := m.plainMove(msg.seat)
	if !ok {
		m.tellNews(m.tr.T("status.botstuck", name, m.reason(msg.err)))
		return nil
	}
	evs, lines, err := m.c.G.Apply(fb)
	if err != nil { // cannot happen: plainMove tried it
		m.tellNews(m.tr.T("status.botstuck", name, m.reason(err)))
		return nil
	}
	return m.applied(evs, lines)
}

// plainMove is a move the game accepts for seat: the plain legal move
// of its view, else the first of every move a seat can make that the
// game takes. It reports false only if the game takes no move at all
// from the seat whose turn it is, which the reducer never allows.
func (m *Model) plainMove(seat int) (game.Action, bool) {
	st := m.c.G.State()
	v := st.View(seat)
	try := []game.Action{}
	if a, ok := playclassic.PlainMove(v); ok {
		try = append(try, a)
	}
	try = append(try, game.DrawAction(seat), game.TakeAction(seat), game.EndHandAction(seat))
	for i := len(v.Rack) - 1; i >= 0; i-- {
		try = append(try, game.DiscardAction(seat, v.Rack[i]))
	}
	for _, a := range try {
		if _, _, err := st.Apply(a); err == nil {
			return a, true
		}
	}
	return game.Action{}, false
}
