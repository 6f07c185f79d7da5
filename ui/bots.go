package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/ui/hosting"
	"okey/ui/settings"
	"okey/ui/table"
)

// A bot must answer within defaultBotTimeout (the bots take well under
// a millisecond; the timeout is for a bot that hangs), and a bot that
// fails maxBotFailures times in a row is replaced by plain moves for
// the rest of the match (table.MaxBotFailures, at both tables).
const (
	defaultBotTimeout = 10 * time.Second
	maxBotFailures    = table.MaxBotFailures
)

// cancelBots cancels every question under way; their answers will be
// dropped.
func (m *Model) cancelBots() {
	m.cancel()
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.askID++
	m.asking = -1
}

// nextTurn asks the bot to move, if it is a bot's turn on the table of
// a match played here (at either game's: hosting.Game's Ask).
func (m *Model) nextTurn() tea.Cmd {
	t := m.table()
	p := t.Phase()
	return m.ask(p.Playing, p.Turn, t.About().Ask)
}

// ask puts q to the player whose turn it is (turn, while a hand is
// playing), if it is a bot's at a match played here with no question
// under way: nextTurn's rule, from values (a play's, hosting.Play).
func (m *Model) ask(playing bool, turn int, q hosting.Question) tea.Cmd {
	if m.screen != scrPlay || !playing || m.asking >= 0 || turn == 0 || m.readOnly || m.seat != nil || !m.present {
		return nil
	}
	return m.put(turn, q)
}

// put puts a question to the player of seat, as the question now under
// way (a new id: an answer to an older one is stale), with the speed's
// pause and the bots' timeout.
func (m *Model) put(seat int, q hosting.Question) tea.Cmd {
	m.askID++
	m.asking = seat
	return q(m.ctx, m.askID, seat, settings.SpeedDelay(m.set.Speed), m.opt.BotTimeout)
}

// answered takes in that the question id to seat has its answer: play
// is false when the answer is stale (a new hand, a quit, a newer
// question), dropped, or when the turn is no longer seat's (cmd asks
// the next player).
func (m *Model) answered(id uint64, seat int) (cmd tea.Cmd, play bool) {
	if id != m.askID {
		return nil, false
	}
	m.asking = -1
	if p := m.table().Phase(); !p.Playing || p.Turn != seat {
		return m.nextTurn(), false
	}
	return nil, true
}
