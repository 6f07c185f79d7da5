package ui

import (
	"okey/kit/problem"
	"okey/ui/debuglog"
	"okey/ui/host101"
	"okey/ui/hostclassic"
	"okey/ui/hosting"
	"okey/ui/layout"
	"okey/ui/stats"
	"okey/ui/table"
)

// The games the Model hosts, and the Model as their host: each game's
// side (ui/hostclassic, ui/host101) implements hosting.Game, reads the
// words, styles, paint cache and key map it draws with from one
// table.Look the Model keeps up to date (look), and reaches the Model
// only through appHost (hosting.App) for a match's life, so that
// neither the app asks which game it hosts nor a game's side touches
// the app's state.

// hostGames gives m the games it can host, classic's first: it stands
// in while no match is on the table (table). seat: m is a served
// seat's screen. Both sides, and the scene, hold the one Look.
func (m *Model) hostGames(seat bool) {
	var log func(text func() string)
	if l := m.opt.Log; l != nil {
		log = func(text func() string) { debuglog.Move(l, text) }
	}
	look := &table.Look{Painter: &m.painter, Keys: &m.keys, Why: problem.Reason}
	m.sc.Look = look
	m.games = []hosting.Game{
		hostclassic.New(appHost{m, 0}, look, hostclassic.Config{NewBot: m.opt.NewBot, Timeout: m.opt.BotTimeout, HintBudget: m.opt.HintBudget, Log: log, Seat: seat}),
		host101.With(host101.New(appHost{m, 1}, look, m.opt.NewPlayer101, log), m.opt.Hint101),
	}
}

// look is the Look the sides and the scene hold, brought up to date
// with the words and the style sheet as they stand (the paint cache and
// the key map are the Model's own, by pointer): after every message
// (Update), for every key and frame (keyScene), as the seats' names
// change with a match adopted (Adopt), and once the settings are first
// loaded. A side reads it between these and never asks the app.
func (m *Model) look() *table.Look {
	l := m.sc.Look
	l.Words, l.St = m.words(), m.st
	l.Touch = layout.IsPortrait(m.width, m.height)
	if m.seat == nil {
		// The key bar and the help offer no hint where the format
		// refuses it (a daily played for the record; onKey says why if
		// h is pressed all the same).
		on := m.format().HintRefused() == ""
		m.keys.Table.Hint.SetEnabled(on)
		m.keys.Table101.Hint.SetEnabled(on)
	}
	return l
}

// appHost is the Model as the host of either game's side (hosting.App):
// what the app does for a match put on a game's table, and the
// statistics counted.
type appHost struct {
	m *Model
	i int // the game's index in m.games
}

func (h appHost) Adopt(seed uint64, meta map[string]string, level func(named string, seat int, set string) string, count func(f *stats.File) bool) [table.Seats]string {
	// The app readied for the match: the questions under way let go,
	// the match before taken off the table, a clean status, casual or
	// not.
	m := h.m
	m.cancelBots()
	for _, g := range m.games {
		g.LetGo(hosting.LetMatch)
	}
	m.on, m.present = 0, false
	m.seed = seed
	m.flash = ""
	m.casual = meta[stats.MetaUndo] == "on"
	// The seats' names and levels as the record names them.
	m.names, m.levels = m.set.SeatsOf(meta, func(named string, seat int) string { return level(named, seat, m.set.Levels[seat-1]) })
	m.look() // the seats' names are the match's now
	if count != nil {
		m.tally(count)
	}
	// The game adopting is the one on the table now (every other's
	// match was taken off it above); its match is put there as Adopt
	// returns.
	m.on, m.present = h.i, true
	return m.levels
}

// tableOf is the side of the table of the game named name (as the
// settings and a record's header name it; a classic record names
// none), classic's for a name it does not know.
func (m *Model) tableOf(name string) hosting.Game {
	tables := m.games
	for _, t := range tables {
		if t.About().Game == name {
			return t
		}
	}
	return tables[0]
}

// otherGame is the side of the game a new match is not of (the
// settings' game), which g on the pages between hands switches to.
func (m *Model) otherGame() hosting.Game {
	now := m.tableOf(m.set.Game)
	for _, g := range m.games {
		if g != now {
			return g
		}
	}
	return now
}
