package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

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

// nextTurn asks the bot to move, if it is a bot's turn on the table.
func (m *Model) nextTurn() tea.Cmd { return m.table().nextTurn() }
