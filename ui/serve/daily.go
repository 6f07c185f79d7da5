package serve

import (
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"okey/game"
	"okey/game/daily"
	"okey/server/keep"
	"okey/server/tables"
)

// The served daily as the server keeps it (its page is dailypage.go):
// the day is the UTC day of the server's clock; its secret is made by
// the first node that needs it (keep's DailyBook), its par measured in
// the background by every node that shows the day, kept once; a
// player's day is claimed once in the whole cluster.

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
	id := m.c.id
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
		m.c.seenSince.Store(at.UnixNano())
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

// readDaily reads the daily's page of g for the player id, who plays
// from addr.
func (s *Server) readDaily(ctx context.Context, g game.Kind, me, addr string) (dailyView, error) {
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	p := dailyView{game: g, today: s.today()}
	set, commit, err := s.dailySet(c, g, p.today)
	if err != nil {
		return p, err
	}
	s.ensurePar(set, commit)
	p.commit = commit
	if p.mine, p.begun, err = s.daily.Mine(c, g, p.today, me); err != nil {
		return p, err
	}
	if p.practice = p.mine.Practice; !p.begun {
		// Told before the day is dealt whether it will be ranked.
		if p.practice, err = s.dailyStanding(c, g, p.today, me, addr, false); err != nil {
			return p, err
		}
	}
	if p.board, err = s.daily.BoardOf(c, g, p.today, me); err != nil {
		return p, err
	}
	y := p.today.AddDays(-1)
	sec, err := s.daily.Reveal(c, g, y, p.today)
	switch {
	case errors.Is(err, keep.ErrNoDaily):
	case err != nil:
		return p, err
	default:
		p.secret, p.revealed = sec, true
		if ys, err := daily.NewServed(g, y, sec); err == nil {
			s.ensurePar(ys, daily.Commit(g, y, sec))
		}
		if p.past, err = s.daily.BoardOf(c, g, y, me); err != nil {
			return p, err
		}
	}
	return p, nil
}

// startDaily claims the player's day: once a day, in the whole cluster;
// ranked or practice as dailyStanding says, the address marked as
// having started the day.
func (s *Server) startDaily(ctx context.Context, g game.Kind, id, name, addr string) dailyStart {
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	d := s.today()
	set, commit, err := s.dailySet(c, g, d)
	if err != nil {
		return dailyStart{game: g, err: err}
	}
	// Begun already: taken back to it, and no address marked.
	if _, begun, err := s.daily.Mine(c, g, d, id); err != nil || begun {
		if err == nil {
			err = keep.ErrPlayedToday
		}
		return dailyStart{game: g, err: err}
	}
	practice, err := s.dailyStanding(c, g, d, id, addr, true)
	if err != nil {
		return dailyStart{game: g, err: err}
	}
	r := keep.DailyResult{ID: id, Name: name, Guest: strings.HasPrefix(id, keep.GuestPrefix), Practice: practice}
	err = s.daily.Claim(c, g, d, r)
	return dailyStart{game: g, set: set, c: commit, practice: practice, err: err}
}
