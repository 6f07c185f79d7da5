package ui

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/ui/play101/decide"
	"okey/ui/table"
)

// players101 is the source of the table's players: the options' (tests
// give scripted players) or the default.
func (m *Model) players101() decide.Source {
	src := decide.DefaultSource()
	if m.opt.NewPlayer101 != nil {
		src.New = m.opt.NewPlayer101
	}
	return src
}

// Player101 is the player of a seat at the 101 table (decide.Player):
// tests give scripted ones through Options.NewPlayer101.
type Player101 = decide.Player

// Asking the bots.

// bot101Msg is a 101 player's answer; plain marks the plain player's,
// asked in place of a bot that failed.
type bot101Msg struct {
	id    uint64
	seat  int
	act   okey101.Action
	err   error
	plain bool
}

// nextTurn101 asks the bot to move, if it is a bot's turn on the table.
func (m *Model) nextTurn101() tea.Cmd {
	v := &m.t.View
	if m.screen != scrPlay || v.Phase != okey101.Playing || m.asking >= 0 || v.Turn == 0 || m.readOnly || m.seat != nil {
		return nil
	}
	return m.ask101(v.Turn, m.t.Players[v.Turn], false)
}

// ask101 asks p, the player of seat, for its action in a goroutine; the
// answer comes within the bot timeout whether p answers or not, and no
// sooner than the speed's pause (none for the plain player standing in
// for a bot that failed), so that the action before stays on screen
// for a moment.
func (m *Model) ask101(seat int, p Player101, plain bool) tea.Cmd {
	m.askID++
	m.asking = seat
	// The view is made in the command: a State is a value that Apply
	// never changes, so the goroutine may read it while the table goes on.
	id, st, parent := m.askID, m.t.G.State(), m.ctx
	delay, timeout := speedDelay(m.set.Speed), m.opt.BotTimeout
	if plain {
		delay = 0
	}
	return func() tea.Msg {
		a, err := table.Ask(parent, delay, timeout, func(ctx context.Context) (okey101.Action, error) {
			return p.Decide(ctx, st.View(seat))
		})
		return bot101Msg{id: id, seat: seat, act: a, err: err, plain: plain}
	}
}

// onBot101 plays a player's answer and asks for the next action; a bot
// that fails or answers wrong has the plain player asked in its place
// (and after table.MaxBotFailures in a row plays plainly for the rest of the
// match); should that fail too, the first action the game takes is
// played, so the table never stalls.
func (m *Model) onBot101(msg bot101Msg) tea.Cmd {
	if m.t == nil || msg.id != m.askID {
		return nil // stale: a new hand, a quit or a newer question
	}
	m.asking = -1
	t := m.t
	v := &t.View
	if v.Phase != okey101.Playing || v.Turn != msg.seat {
		return m.nextTurn101()
	}
	if msg.err == nil && msg.act.Seat != msg.seat {
		msg.err = fmt.Errorf("%w: an action for seat %d", okey101.ErrWrongSeat, msg.act.Seat)
	}
	if msg.err == nil {
		evs, lines, err := t.G.Apply(msg.act)
		if err == nil {
			if !msg.plain {
				t.Failed[msg.seat] = 0
			}
			return m.applied101(evs, lines)
		}
		msg.err = err
	}
	name := m.seatName(msg.seat)
	if !msg.plain {
		t.Failed[msg.seat]++
		if t.Failed[msg.seat] >= table.MaxBotFailures {
			t.Players[msg.seat] = decide.Plain{}
			t.Failed[msg.seat] = 0
			m.tellNews(m.tr.T("status.botreplaced", name, m.reason(msg.err)))
		} else {
			m.tellNews(m.tr.T("status.botfail", name, m.reason(msg.err)))
		}
		return m.ask101(msg.seat, decide.Plain{}, true)
	}
	a, ok := decide.AnyAction(m.t.G.State(), msg.seat)
	if !ok {
		m.tellNews(m.tr.T("status.botstuck", name, m.reason(msg.err)))
		return nil
	}
	evs, lines, err := t.G.Apply(a)
	if err != nil { // cannot happen: anyAction101 tried it
		m.tellNews(m.tr.T("status.botstuck", name, m.reason(err)))
		return nil
	}
	return m.applied101(evs, lines)
}
