package ui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/ui/play101"
	"okey/ui/play101/decide"
	"okey/ui/store"
)

// The match's life at 101's table (match.go holds what both games'
// share).

// readSaved reads a saved record of 101 and replays it (a torn last
// line left out: store.Replay).
func (s okey101Table) readSaved(b []byte) (readBack, []byte, error) {
	m := s.m
	g, torn, err := store.Replay(b, func(b []byte) (*okey101.Game, error) {
		rec, err := okey101.ParseRecord(b)
		if err != nil {
			return nil, err
		}
		return okey101.Replay(rec)
	})
	if err != nil {
		return readBack{version: errors.Is(err, okey101.ErrRecordVersion)}, torn, err
	}
	done := g.Record()
	return readBack{
		over: g.State().Phase() == okey101.MatchOver,
		done: done.Marshal(),
		tally: func() {
			v := g.State().View(0)
			m.tally101(&done, &v)
		},
		adopt: func() { m.adopt101(g) },
	}, torn, nil
}

// start starts a new match of 101 with seed and meta, the settings'
// rules.
func (s okey101Table) start(seed uint64, meta map[string]string) error {
	r, err := s.m.set.ParsedRules101()
	if err != nil {
		return err
	}
	g, err := okey101.NewGame(r, seed, meta)
	if err != nil {
		return err
	}
	s.m.adopt101(g)
	return nil
}

// botLevel is the level a bot of the settings' plays at, as saved.
func (s okey101Table) botLevel(l string) string { return s.m.players101().Level(l) }

// adopt101 makes g the match on the table: the names, levels and players
// from its record's meta, the view, the rack, the log.
func (m *Model) adopt101(g *okey101.Game) {
	rec := g.Record()
	m.adopting(rec.Seed, rec.Meta)
	t := m.new101(g)
	src := m.players101()
	m.seatsFrom(rec.Meta, func(l string, s int) string {
		l = src.Level(l)
		t.Players[s] = &decide.SeatPlayer{Level: l, Seed: rec.Seed*4 + uint64(s), Build: src.New}
		return l
	})
	m.t = t
	t.Start(g.State().View(0))
	m.tally101(&rec, &t.View)
}

// new101 is a table of 101 for the match g (nil: a served seat's)
// hosted by m, the lines of its log written to the debug log when
// there is one.
func (m *Model) new101(g *okey101.Game) *play101.Table {
	t := play101.NewTable(tableHost{m}, g)
	if m.opt.Log != nil {
		t.Logged = func(e play101.LogEntry) { m.debugMove(func() string { return t.LogText(e) }) }
	}
	return t
}

// applied101 takes in what an action did: the record, the log, the
// view, the rack, the hand counted as it ends; then what both tables do
// (took).
func (m *Model) applied101(evs []okey101.Event, lines []byte) tea.Cmd {
	t := m.t
	m.rec = append(m.rec, lines...)
	for _, e := range evs {
		t.AddLog(e.Redact(0), -1)
	}
	wasMine := t.View.MyTurn()
	t.Refresh()
	over := t.View.Phase == okey101.HandOver || t.View.Phase == okey101.MatchOver
	if over { // counted before the save, which writes the statistics too
		rec := t.G.Record()
		m.tally101(&rec, &t.View)
	}
	return m.took(wasMine, t.View.MyTurn(), over)
}

// players101 is the source of the table's players: the options' (tests
// give scripted players) or the default.
func (m *Model) players101() decide.Source {
	src := decide.DefaultSource()
	if m.opt.NewPlayer101 != nil {
		src.New = m.opt.NewPlayer101
	}
	return src
}

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
