package serve

import (
	"context"
	"errors"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/daily"
	"okey/ui/serve/keep"
	"okey/ui/serve/tables"
)

// The served daily (issue 44, point 4), a page of the lobby (d): the
// day's commitment, the player's own day, today's board and yesterday's
// final one with its revealed secret; enter plays the day, once. The
// day is the UTC day of the server's clock; its secret is made by the
// first node that needs it (keep's DailyBook), its par measured in the
// background by every node that shows the day, kept once.

// dailySet is the served set of g on d and its commitment, the secret
// made if no node has made it yet.
func (s *Server) dailySet(ctx context.Context, g daily.Game, d daily.Date) (daily.Set, daily.Commitment, error) {
	rnd := s.cfg.Random
	if rnd == nil {
		rnd = tables.DefaultRandom // crypto/rand
	}
	sec, err := s.daily.Secret(ctx, g, d, rnd)
	if err != nil {
		return daily.Set{}, daily.Commitment{}, err
	}
	set, err := daily.NewServed(g, d, sec)
	return set, daily.Commit(g, d, sec), err
}

// ensurePar measures the par of set in the background and keeps it,
// once a process for each day and game (the store keeps the first).
// Par is measured at the daily table (tables.DailyPar): the hard bot in
// the player's seat meets the very bots a player meets, asked the same
// questions, so a score against par is the player's play alone.
func (s *Server) ensurePar(set daily.Set, c daily.Commitment) {
	k := string(set.Game) + " " + set.Date.String()
	if _, was := s.dailyPar.LoadOrStore(k, true); was {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(s.ctx, 5*time.Minute)
		defer cancel()
		if _, ok, err := s.daily.Par(ctx, set.Game, set.Date); ok || err != nil {
			return
		}
		start := time.Now()
		hands, err := tables.DailyPar(ctx, string(set.Game), tables.NewDailyPlan(set, c, "par"))
		total := 0
		for _, h := range hands {
			total += h
		}
		if err == nil {
			err = s.daily.SetPar(ctx, set.Game, set.Date, hands)
		}
		if err != nil {
			s.dailyPar.Delete(k) // tried again when next shown
			s.log.Error("daily: par", "game", set.Game, "date", set.Date, "err", err)
			return
		}
		s.log.Info("daily: par kept", "game", set.Game, "date", set.Date, "total", total, "took", time.Since(start).Round(time.Millisecond))
	}()
}

// dailyMsg is the daily's page read.
type dailyMsg struct {
	p   dailyPage
	err error
}

// readDaily reads the daily's page of the session's game, in a command.
func (s *session) readDaily() tea.Cmd {
	s.dailyView, s.dailyErr = nil, false
	srv, g, me, ctx := s.srv, s.dailyGame, s.id, s.ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		p := dailyPage{game: g, today: srv.today()}
		set, commit, err := srv.dailySet(c, g, p.today)
		if err != nil {
			return dailyMsg{p: p, err: err}
		}
		srv.ensurePar(set, commit)
		p.commit = commit
		if p.mine, p.begun, err = srv.daily.Mine(c, g, p.today, me); err != nil {
			return dailyMsg{p: p, err: err}
		}
		if p.board, err = srv.daily.BoardOf(c, g, p.today, me); err != nil {
			return dailyMsg{p: p, err: err}
		}
		y := p.today.AddDays(-1)
		sec, err := srv.daily.Reveal(c, g, y, p.today)
		switch {
		case errors.Is(err, keep.ErrNoDaily):
		case err != nil:
			return dailyMsg{p: p, err: err}
		default:
			p.secret, p.revealed = sec, true
			if ys, err := daily.NewServed(g, y, sec); err == nil {
				srv.ensurePar(ys, daily.Commit(g, y, sec))
			}
			if p.past, err = srv.daily.BoardOf(c, g, y, me); err != nil {
				return dailyMsg{p: p, err: err}
			}
		}
		return dailyMsg{p: p}
	}
}

// dailyStartedMsg: the player's day claimed (or refused).
type dailyStartedMsg struct {
	game daily.Game
	set  daily.Set
	c    daily.Commitment
	err  error
}

// startDaily claims the player's day in a command: once a day, in the
// whole cluster.
func (s *session) startDaily() tea.Cmd {
	srv, g, id, name, ctx := s.srv, s.dailyGame, s.id, s.name, s.ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		d := srv.today()
		set, commit, err := srv.dailySet(c, g, d)
		if err != nil {
			return dailyStartedMsg{game: g, err: err}
		}
		err = srv.daily.Claim(c, g, d, keep.DailyResult{ID: id, Name: name, Guest: strings.HasPrefix(id, keep.GuestPrefix)})
		return dailyStartedMsg{game: g, set: set, c: commit, err: err}
	}
}

// onDailyStarted opens the player's daily table, or takes them back to
// the one they left, or says why not.
func (s *session) onDailyStarted(m dailyStartedMsg) tea.Cmd {
	if s.page != pgDaily {
		return nil
	}
	if errors.Is(m.err, keep.ErrPlayedToday) {
		// Begun before: their table, if it is still open, is theirs to
		// go back to; else the day is played.
		for _, sum := range s.srv.hall.List() {
			if sum.Daily && sum.Game == string(m.game) && sum.Holds(s.id) >= 0 {
				if t := s.srv.hall.Get(sum.ID); t != nil {
					s.page = pgLobby
					return s.joinCmd(t, 0, false)
				}
			}
		}
		s.flash = s.tr.T("served.played")
		return nil
	}
	if m.err != nil {
		s.srv.log.Warn("daily: start", "err", m.err)
		s.flash = s.tr.T("served.error")
		return nil
	}
	t, err := s.srv.hall.Create(tables.DailyConfig(m.game, tables.NewDailyPlan(m.set, m.c, s.id), newCode()), s.id, s.seatAddr())
	if err != nil {
		// The day stays claimed: it is begun, and the board shows it
		// begun with no hand; said, so the player knows.
		s.srv.log.Warn("daily: no table", "err", err)
		s.flash = s.openRefused(err)
		return nil
	}
	s.page = pgLobby
	return s.joinCmd(t, 0, false)
}

// updateDaily: tab the other game, enter plays, esc goes back.
func (s *session) updateDaily(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	switch {
	case key.Matches(k, s.keys.Back):
		s.page = pgLobby
		s.listTables()
	case key.Matches(k, s.keys.BoardGame):
		if s.dailyGame == daily.Classic {
			s.dailyGame = daily.Okey101
		} else {
			s.dailyGame = daily.Classic
		}
		return s.readDaily()
	case key.Matches(k, s.keys.Play):
		if s.srv.overloaded() {
			s.srv.turnedAway.Add(1)
			s.flash = s.tr.T("lobby.busy", retryMinutes)
			return nil
		}
		return s.startDaily()
	case key.Matches(k, s.keys.Lang):
		s.toggleLang()
	default:
		s.flash = s.tr.T("status.unknownkey", k.String())
	}
	return nil
}

// openDaily opens the daily's page from the lobby.
func (s *session) openDaily() tea.Cmd {
	if s.srv.daily == nil {
		s.flash = s.tr.T("served.none")
		return nil
	}
	if s.dailyGame == "" {
		s.dailyGame = daily.Classic
	}
	s.page = pgDaily
	return s.readDaily()
}

// dailyRows is how many players of today's board the page lists, and
// of yesterday's: both fit 80×24 with the rest.
const (
	dailyRows     = 6
	dailyPastRows = 3
)
