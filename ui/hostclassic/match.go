package hostclassic

import (
	"errors"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/record"
	"okey/kit/store"
	"okey/ui/hosting"
	"okey/ui/playclassic"
	"okey/ui/settings"
	"okey/ui/stats"
)

// The match's life at classic's table (the app's match.go holds what
// both games' share).

// ReadSaved reads a saved classic record and replays it as far as its
// lines allow (store.Replay).
func (s *Side) ReadSaved(b []byte) (hosting.ReadBack, *store.Lost, error) {
	type read struct {
		rec classic.Record
		g   *classic.Game
	}
	r, lost, err := store.Replay(b, func(b []byte) (read, error) {
		rec, err := classic.ParseRecord(b)
		if err != nil {
			return read{rec: rec}, err
		}
		g, err := rec.Replay()
		return read{rec, g}, err
	})
	if err != nil {
		return hosting.ReadBack{Version: errors.Is(err, record.ErrVersion)}, lost, err
	}
	g := r.g
	done := g.Record()
	return hosting.ReadBack{
		Over: g.State().Phase() == game.MatchOver,
		Done: done.Marshal(),
		Tally: func(f *stats.File) bool {
			return tallied(&done, g.State(), playclassic.History(done))(f)
		},
		Adopt: func() { s.adopt(g, r.rec.Seed) },
	}, lost, nil
}

// Start starts a new match of classic Okey with seed and meta, the
// settings' rules, and returns its record (classic's records save the
// settings' levels as they are).
func (s *Side) Start(seed uint64, meta map[string]string, set settings.Settings) ([]byte, error) {
	r, err := classic.ParseRules(set.Rules)
	if err != nil {
		return nil, err
	}
	g, err := classic.NewGame(r, seed, meta)
	if err != nil {
		return nil, err
	}
	s.adopt(g, seed)
	return s.Record(), nil
}

// adopt makes g the match being played: names, levels
// (playclassic.SeatLevel) and bots from its record's meta, what the
// statistics do not have yet of it counted, the view, the rack.
func (s *Side) adopt(g *classic.Game, seed uint64) {
	rec := g.Record()
	hs := playclassic.History(rec)
	// Adopt takes every match off the table first, this side's history
	// with it: the match's own is put back after.
	levels := s.app.Adopt(seed, rec.Meta, func(l string, seat int, set string) string {
		return playclassic.SeatLevel(l, set, seed, s.newBot)
	}, tallied(&rec, g.State(), hs))
	s.History = hs
	s.T.Adopt(g, daily.SeatSeeds(rec.Seed, rec.Meta), levels, s.newBot)
}

// tallied is what the match with record rec, state st and hands hs
// adds to the statistics.
func tallied(rec *classic.Record, st classic.State, hs []playclassic.HandScore) func(f *stats.File) bool {
	hands := make([]classic.HandResult, len(hs))
	for i, h := range hs {
		hands[i] = h.Result
	}
	return func(f *stats.File) bool { return f.TallyClassic(rec, st, hands) }
}

// applied takes in what an action did: the log, the hands' scores
// (counted as a hand ends), the view, the rack; and says what the app
// takes in of it (hosting.Play: the record's lines among it).
func (s *Side) applied(evs []classic.Event, lines []byte) hosting.Play {
	t := &s.T
	for _, e := range evs {
		t.AddLog(e.Redact(0), -1)
	}
	p := hosting.Play{Lines: lines}
	if h := playclassic.AppendHand(s.History, t.G.State(), t.View.Phase); len(h) > len(s.History) {
		n := len(s.History)
		s.History = h
		rec := t.G.Record()
		p.Tally = tallied(&rec, t.G.State(), h[n:])
	}
	p.WasMine = t.View.MyTurn()
	t.Refresh()
	v := &t.View
	p.Mine, p.Over = v.MyTurn(), v.Phase == game.HandOver || v.Phase == game.MatchOver
	p.Rack, p.Playing, p.Turn, p.Next = t.RackJSON(), v.Phase == game.Playing, v.Turn, s.ask
	return p
}

// onBotMove plays a bot's answer, or a plain legal move for a bot that
// failed, and asks the next.
func (s *Side) onBotMove(msg playclassic.BotMoveMsg) hosting.Reply {
	evs, lines, news, ok := s.T.PlayBot(msg)
	r := hosting.Reply{News: news}
	if ok {
		r.Plays = []hosting.Play{s.applied(evs, lines)}
	}
	return r
}
