package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/ui/play101"
	"okey/ui/play101/decide"
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

// Asking the bots (play101.Table.Ask and PlayBot).

// onBot101 plays a player's answer and asks for the next action; a bot
// that fails has the plain player asked in its place.
func (m *Model) onBot101(msg play101.BotMsg) tea.Cmd {
	if cmd, play := m.answered(msg.ID, msg.Seat); !play {
		return cmd
	}
	evs, lines, news, askPlain, ok := m.t.PlayBot(msg)
	if news != "" {
		m.tellNews(news)
	}
	switch {
	case askPlain:
		return m.ask(msg.Seat, func(ctx context.Context, id uint64, seat int, delay, timeout time.Duration) tea.Cmd {
			return m.t.Ask(ctx, id, seat, decide.Plain{}, true, delay, timeout)
		})
	case !ok:
		return nil
	}
	return m.applied101(evs, lines)
}
