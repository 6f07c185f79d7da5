package serve

import (
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
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

// random is the server's source of randomness: crypto/rand unless a
// test set its own.
func (s *Server) random() io.Reader {
	if s.cfg.Random != nil {
		return s.cfg.Random
	}
	return tables.DefaultRandom // crypto/rand
}

// dailyStanding is whether id's day of g on d, played from addr, is
// ranked ("") or why it is practice (keep.DailyStanding). With claim (the
// day is starting) the address is marked as having started the day;
// without (the page, before), nothing is marked but that the key was
// seen. A key whose first sight the store cannot vouch for (its record
// does not open with the cluster's secret) is taken as new: the board
// ranks only what it can stand by.
func (s *Server) dailyStanding(ctx context.Context, g game.Kind, d daily.Date, id, addr string, claim bool) (string, error) {
	guest := strings.HasPrefix(id, keep.GuestPrefix)
	var first time.Time
	if !guest {
		f, err := s.daily.FirstSeen(ctx, id, s.cfg.Now(), s.ratedSince(ctx, id))
		switch {
		case errors.Is(err, keep.ErrSealBroken):
			s.log.Warn("daily: when a key was first seen does not open: taken as new", "err", err)
		case err != nil:
			return "", err
		default:
			first = f
		}
	}
	holder := ""
	if tables.SharedAddr(addr) || s.cfg.dailyLoopback && addr != "" {
		h, err := s.daily.AddrFirst(ctx, g, d, addr, id, claim, s.random())
		switch {
		case errors.Is(err, keep.ErrSealBroken):
			s.log.Warn("daily: an address's start of the day does not open: taken as started", "err", err)
			h = keep.PracticeAddr // no identity's: every start from it is practice
		case err != nil:
			return "", err
		}
		holder = h
	}
	return keep.DailyStanding(d, guest, first, holder, id), nil
}

// noteSeen keeps when the cluster first saw the key id (a guest has
// none), in the background: the daily ranks keys seen before its day.
func (s *Server) noteSeen(m *session) {
	id := m.id
	if s.daily == nil || strings.HasPrefix(id, keep.GuestPrefix) {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
		defer cancel()
		at, err := s.daily.FirstSeen(ctx, id, s.cfg.Now(), s.ratedSince(ctx, id))
		if err != nil {
			if ctx.Err() == nil {
				s.log.Warn("daily: keeping when a key was first seen", "err", err)
			}
			return
		}
		m.seenSince.Store(at.UnixNano())
	}()
}

// ratedSince is, for a key the cluster has no first sight of, when the
// store last wrote its ratings (zero: never): a key rated before the day
// began was about then, though a store kept by an older okey serve
// never noted it seen. Asked only for a key without a first sight.
func (s *Server) ratedSince(ctx context.Context, id string) func() time.Time {
	return func() time.Time {
		var since time.Time
		if s.book == nil {
			return since
		}
		for _, g := range []string{string(game.Classic), string(game.Okey101)} {
			if at, ok := s.book.WrittenAt(ctx, g, id); ok && (since.IsZero() || at.Before(since)) {
				since = at
			}
		}
		return since
	}
}

// dailySet is the served set of g on d and its commitment, the secret
// made if no node has made it yet.
func (s *Server) dailySet(ctx context.Context, g game.Kind, d daily.Date) (daily.Set, daily.Commitment, error) {
	sec, err := s.daily.Secret(ctx, g, d, s.random())
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
	srv, g, me, addr, ctx := s.srv, s.dailyGame, s.id, s.addr, s.ctx
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
		if p.practice = p.mine.Practice; !p.begun {
			// Told before the day is dealt whether it will be ranked.
			if p.practice, err = srv.dailyStanding(c, g, p.today, me, addr, false); err != nil {
				return dailyMsg{p: p, err: err}
			}
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
	game game.Kind
	set  daily.Set
	c    daily.Commitment
	// practice is why the day is not ranked ("": it is).
	practice string
	err      error
}

// startDaily claims the player's day in a command: once a day, in the
// whole cluster; ranked or practice as dailyStanding says, the address
// marked as having started the day.
func (s *session) startDaily() tea.Cmd {
	srv, g, id, name, addr, ctx := s.srv, s.dailyGame, s.id, s.name, s.addr, s.ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		d := srv.today()
		set, commit, err := srv.dailySet(c, g, d)
		if err != nil {
			return dailyStartedMsg{game: g, err: err}
		}
		// Begun already: taken back to it, and no address marked.
		if _, begun, err := srv.daily.Mine(c, g, d, id); err != nil || begun {
			if err == nil {
				err = keep.ErrPlayedToday
			}
			return dailyStartedMsg{game: g, err: err}
		}
		practice, err := srv.dailyStanding(c, g, d, id, addr, true)
		if err != nil {
			return dailyStartedMsg{game: g, err: err}
		}
		r := keep.DailyResult{ID: id, Name: name, Guest: strings.HasPrefix(id, keep.GuestPrefix), Practice: practice}
		err = srv.daily.Claim(c, g, d, r)
		return dailyStartedMsg{game: g, set: set, c: commit, practice: practice, err: err}
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
	plan := tables.NewDailyPlan(m.set, m.c, s.id)
	plan.Practice = m.practice
	t, err := s.srv.hall.Create(tables.DailyConfig(m.game, plan, newCode()), s.id, s.seatAddr())
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
		if s.dailyGame == game.Classic {
			s.dailyGame = game.Okey101
		} else {
			s.dailyGame = game.Classic
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
		s.dailyGame = game.Classic
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
