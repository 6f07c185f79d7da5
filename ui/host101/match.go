package host101

import (
	"context"
	"errors"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/daily"
	"okey/game/okey101"
	"okey/game/record"
	"okey/kit/store"
	"okey/ui/hosting"
	"okey/ui/play101"
	"okey/ui/settings"
	"okey/ui/stats"
)

// The match's life at 101's table (the app's match.go holds what both
// games' share).

// ReadSaved reads a saved record of 101 and replays it as far as its
// lines allow (store.Replay).
func (s *Side) ReadSaved(b []byte) (hosting.ReadBack, *store.Lost, error) {
	g, lost, err := store.Replay(b, func(b []byte) (*okey101.Game, error) {
		rec, err := okey101.ParseRecord(b)
		if err != nil {
			return nil, err
		}
		return rec.Replay()
	})
	if err != nil {
		return hosting.ReadBack{Version: errors.Is(err, record.ErrVersion)}, lost, err
	}
	done := g.Record()
	return hosting.ReadBack{
		Over: g.State().Phase() == game.MatchOver,
		Done: done.Marshal(),
		Tally: func(f *stats.File) bool {
			return tallied(&done, g.State().View(0))(f)
		},
		Adopt: func() { s.adopt(g) },
	}, lost, nil
}

// Start starts a new match of 101 with seed and meta, the settings'
// rules, and returns its record: the bots' levels in meta are saved as
// 101's players name them (decide101.Source.Level; meta itself is left as
// it was).
func (s *Side) Start(seed uint64, meta map[string]string, set settings.Settings) ([]byte, error) {
	r, err := set.ParsedRules101()
	if err != nil {
		return nil, err
	}
	named := make(map[string]string, len(meta))
	for k, v := range meta {
		named[k] = v
	}
	level := s.Players().Level
	for seat := 1; seat < okey101.NumSeats; seat++ {
		k := "level" + strconv.Itoa(seat)
		if v, ok := meta[k]; ok {
			named[k] = level(v)
		}
	}
	g, err := okey101.NewGame(r, seed, named)
	if err != nil {
		return nil, err
	}
	s.adopt(g)
	return s.Record(), nil
}

// adopt makes g the match on the table: the names, levels and players
// from its record's meta, what the statistics do not have yet of it
// counted, the view, the rack, the log.
func (s *Side) adopt(g *okey101.Game) {
	rec := g.Record()
	t := s.newTable(g)
	src := s.Players()
	v := g.State().View(0)
	seeds := daily.SeatSeeds(rec.Seed, rec.Meta)
	s.app.Adopt(rec.Seed, rec.Meta, func(l string, seat int, _ string) string {
		l = src.Level(l)
		t.Players[seat] = &decide101.SeatPlayer{Level: l, Seed: seeds[seat], Build: src.New}
		return l
	}, tallied(&rec, v))
	s.T = t
	t.Start(v)
}

// tallied is what the match with record rec, the player's view v, adds
// to the statistics (stats.Tally101).
func tallied(rec *okey101.Record, v okey101.View) func(f *stats.File) bool {
	return func(f *stats.File) bool { return f.Tally101(rec, &v) }
}

// applied takes in what an action did: the log, the view, the rack,
// the hand counted as it ends; and says what the app takes in of it
// (hosting.Play: the record's lines among it).
func (s *Side) applied(evs []okey101.Event, lines []byte) hosting.Play {
	t := s.T
	for _, e := range evs {
		t.AddLog(e.Redact(0), -1)
	}
	p := hosting.Play{Lines: lines, WasMine: t.View.MyTurn()}
	t.Refresh()
	p.Over = t.View.Phase == game.HandOver || t.View.Phase == game.MatchOver
	if p.Over { // counted before the save, which writes the statistics too
		rec, v := t.G.Record(), t.View
		p.Tally = func(f *stats.File) bool { return f.Tally101(&rec, &v) }
	}
	p.Mine = t.View.MyTurn()
	p.Rack, p.Playing, p.Turn, p.Next = t.RackJSON(), t.View.Phase == game.Playing, t.View.Turn, s.ask
	return p
}

// onBot plays a player's answer and asks for the next action; a bot
// that fails has the plain player asked in its place.
func (s *Side) onBot(msg play101.BotMsg) hosting.Reply {
	evs, lines, news, askPlain, ok := s.T.PlayBot(msg)
	r := hosting.Reply{News: news}
	switch {
	case askPlain:
		r.AskSeat = msg.Seat
		r.Ask = func(ctx context.Context, id uint64, seat int, delay, timeout time.Duration) tea.Cmd {
			return s.T.Ask(ctx, id, seat, decide101.Plain{}, true, delay, timeout)
		}
	case ok:
		r.Plays = []hosting.Play{s.applied(evs, lines)}
	}
	return r
}
