package ui

import (
	"okey/ui/host101"
	"okey/ui/hostclassic"
	"okey/ui/hosting"
	"okey/ui/keymap"
	"okey/ui/stats"
	"okey/ui/table"
	"okey/ui/theme"
)

// The games the Model hosts, and the Model as their host: each game's
// side (ui/hostclassic, ui/host101) implements hosting.Game, and reaches
// the Model only through appHost (hosting.App), so that neither the app
// asks which game it hosts nor a game's side touches the app's state.

// hostGames gives m the games it can host, classic's first: it stands
// in while no match is on the table (table). seat: m is a served
// seat's screen.
func (m *Model) hostGames(seat bool) {
	var log func(text func() string)
	if m.opt.Log != nil {
		log = m.debugMove
	}
	m.games = []hosting.Game{
		hostclassic.New(appHost{m, 0}, hostclassic.Config{NewBot: m.opt.NewBot, Timeout: m.opt.BotTimeout, Log: log, Seat: seat}),
		host101.With(host101.New(appHost{m, 1}, m.opt.NewPlayer101, log), m.opt.Hint101),
	}
}

// appHost is the Model as the host of either game's side (hosting.App,
// and table.Host within it): the words, the style sheet, the paint
// cache and the key map of the moment, the status line, the words for
// an error, and what the app does for a game's table.
type appHost struct {
	m *Model
	i int // the game's index in m.games
}

func (h appHost) Words() table.Words                    { return h.m.words() }
func (h appHost) Styles() *theme.Styles                 { return h.m.st }
func (h appHost) Paint(id table.Style, s string) string { return h.m.paint(id, s) }
func (h appHost) Keys() *keymap.KeyMap                  { return &h.m.keys }
func (h appHost) Flash(warn bool, s string)             { h.m.setFlash(warn, s) }
func (h appHost) Reason(err error) string               { return h.m.reason(err) }

func (h appHost) Adopt(seed uint64, meta map[string]string, level func(named string, seat int, set string) string) [table.Seats]string {
	h.m.adopting(seed, meta)
	h.m.seatsFrom(meta, func(named string, seat int) string { return level(named, seat, h.m.set.Levels[seat-1]) })
	// The game adopting is the one on the table now (adopting took
	// every other's match off it); its match is put there as Adopt
	// returns.
	h.m.on, h.m.present = h.i, true
	return h.m.levels
}

// Tally counts what count adds to the statistics, unless the screen
// only looks or is a seat's (whose table counts nothing here).
func (h appHost) Tally(count func(f *stats.File) bool) { h.m.tally(count) }
