package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
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

// nextTurn101 asks the bot to move, if it is a bot's turn on the table.
func (m *Model) nextTurn101() tea.Cmd {
	v := &m.t.View
	if m.screen != scrPlay || v.Phase != okey101.Playing || m.asking >= 0 || v.Turn == 0 || m.readOnly || m.seat != nil {
		return nil
	}
	return m.ask101(v.Turn, m.t.Players[v.Turn], false)
}

// ask101 asks p, the player of seat, for its action, as the question
// now under way.
func (m *Model) ask101(seat int, p Player101, plain bool) tea.Cmd {
	m.askID++
	m.asking = seat
	return m.t.Ask(m.ctx, m.askID, seat, p, plain, speedDelay(m.set.Speed), m.opt.BotTimeout)
}

// onBot101 plays a player's answer and asks for the next action; a bot
// that fails has the plain player asked in its place.
func (m *Model) onBot101(msg play101.BotMsg) tea.Cmd {
	if m.t == nil || msg.ID != m.askID {
		return nil // stale: a new hand, a quit or a newer question
	}
	m.asking = -1
	if v := &m.t.View; v.Phase != okey101.Playing || v.Turn != msg.Seat {
		return m.nextTurn101()
	}
	evs, lines, news, askPlain, ok := m.t.PlayBot(msg)
	if news != "" {
		m.tellNews(news)
	}
	switch {
	case askPlain:
		return m.ask101(msg.Seat, decide.Plain{}, true)
	case !ok:
		return nil
	}
	return m.applied101(evs, lines)
}
