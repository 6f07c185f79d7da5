package door

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/ssh"

	"okey/game"
	"okey/game/daily"
	"okey/server/keep"
	"okey/server/tables"
	"okey/ui/serve/common"
)

// dailyDesk is the served daily as the server keeps it (its page is
// dailypage.go): the day is the UTC day of the server's clock; its
// secret is made by the first node that needs it (keep's DailyBook),
// its par measured in the background by every node that shows the day,
// kept once; a player's day is claimed once in the whole cluster. The
// server holds one when it has a store (nil: no daily is served).
type dailyDesk struct {
	book *keep.DailyBook
	// ratings are read for when a key was last rated (nil: none kept).
	ratings *keep.RatingBook
	// par marks the days whose par this process measures.
	par sync.Map
	// ctx is the server's: its background work ends with it.
	ctx context.Context
	log *slog.Logger
	now func() time.Time
	// random is crypto/rand unless a test set its own (Config.Random).
	random io.Reader
	// loopback: addresses on the loopback count as shared (tests,
	// Config.dailyLoopback).
	loopback bool
	// prefix is the IPv6 network the address rule counts by
	// (Config.DailyIPv6Prefix).
	prefix int
}

// today is the day the server serves: the UTC day of its clock.
func (d *dailyDesk) today() daily.Date { return daily.DateOf(d.now().UTC()) }

// standing is whether id's day of g on d, played from addr, is
// ranked ("") or why it is practice (keep.DailyStanding). With claim (the
// day is starting) the address is marked as having started the day;
// without (the page, before), nothing is marked but that the key was
// seen. A key whose first sight the store cannot vouch for (its record
// does not open with the cluster's secret) is taken as new: the board
// ranks only what it can stand by.
func (s *dailyDesk) standing(ctx context.Context, g game.Kind, d daily.Date, id, addr string, claim bool) (string, error) {
	guest := strings.HasPrefix(id, keep.GuestPrefix)
	var first time.Time
	if !guest {
		f, err := s.book.FirstSeen(ctx, id, s.now(), s.ratedSince(ctx, id))
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
	if tables.SharedAddr(addr) || s.loopback && addr != "" {
		// Only a player who could be ranked takes the address's place:
		// a guest's or a new key's day is practice anyway.
		rankable := keep.DailyStanding(d, guest, first, "", id) == ""
		h, err := s.book.AddrFirst(ctx, g, d, keep.DailyAddr(addr, s.prefix), id, claim && rankable, s.random)
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
func (s *dailyDesk) noteSeen(id string, seen *atomic.Int64) {
	if s == nil || strings.HasPrefix(id, keep.GuestPrefix) {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
		defer cancel()
		at, err := s.book.FirstSeen(ctx, id, s.now(), s.ratedSince(ctx, id))
		if err != nil {
			if ctx.Err() == nil {
				s.log.Warn("daily: keeping when a key was first seen", "err", err)
			}
			return
		}
		seen.Store(at.UnixNano())
	}()
}

// ratedSince is, for a key the cluster has no first sight of, when the
// store last wrote its ratings (zero: never): a key rated before the day
// began was about then, though a store kept by an older okey serve
// never noted it seen. Asked only for a key without a first sight.
func (s *dailyDesk) ratedSince(ctx context.Context, id string) func() time.Time {
	return func() time.Time {
		var since time.Time
		if s.ratings == nil {
			return since
		}
		for _, g := range []string{string(game.Classic), string(game.Okey101)} {
			if at, ok := s.ratings.WrittenAt(ctx, g, id); ok && (since.IsZero() || at.Before(since)) {
				since = at
			}
		}
		return since
	}
}

// dailySet is the served set of g on d and its commitment, the secret
// made if no node has made it yet.
func (s *dailyDesk) dailySet(ctx context.Context, g game.Kind, d daily.Date) (daily.Set, daily.Commitment, error) {
	sec, err := s.book.Secret(ctx, g, d, s.random)
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
func (s *dailyDesk) ensurePar(set daily.Set, c daily.Commitment) {
	k := string(set.Game) + " " + set.Date.String()
	if _, was := s.par.LoadOrStore(k, true); was {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(s.ctx, 5*time.Minute)
		defer cancel()
		if _, ok, err := s.book.Par(ctx, set.Game, set.Date); ok || err != nil {
			return
		}
		start := time.Now()
		hands, err := tables.DailyPar(ctx, string(set.Game), tables.NewDailyPlan(set, c, "par"))
		total := 0
		for _, h := range hands {
			total += h
		}
		if err == nil {
			err = s.book.SetPar(ctx, set.Game, set.Date, hands)
		}
		if err != nil {
			s.par.Delete(k) // tried again when next shown
			s.log.Error("daily: par", "game", set.Game, "date", set.Date, "err", err)
			return
		}
		s.log.Info("daily: par kept", "game", set.Game, "date", set.Date, "total", total, "took", time.Since(start).Round(time.Millisecond))
	}()
}

// read reads the daily's page of g for the player id, who plays
// from addr.
func (s *dailyDesk) read(ctx context.Context, g game.Kind, me, addr string) (common.DailyView, error) {
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	p := common.DailyView{Game: g, Today: s.today()}
	set, commit, err := s.dailySet(c, g, p.Today)
	if err != nil {
		return p, err
	}
	s.ensurePar(set, commit)
	p.Commit = commit
	if p.Mine, p.Begun, err = s.book.Mine(c, g, p.Today, me); err != nil {
		return p, err
	}
	if p.Practice = p.Mine.Practice; !p.Begun {
		// Told before the day is dealt whether it will be ranked.
		if p.Practice, err = s.standing(c, g, p.Today, me, addr, false); err != nil {
			return p, err
		}
	}
	if p.Board, err = s.book.BoardOf(c, g, p.Today, me); err != nil {
		return p, err
	}
	y := p.Today.AddDays(-1)
	sec, err := s.book.Reveal(c, g, y, p.Today)
	switch {
	case errors.Is(err, keep.ErrNoDaily):
	case err != nil:
		return p, err
	default:
		p.Secret, p.Revealed = sec, true
		if ys, err := daily.NewServed(g, y, sec); err == nil {
			s.ensurePar(ys, daily.Commit(g, y, sec))
		}
		if p.Past, err = s.book.BoardOf(c, g, y, me); err != nil {
			return p, err
		}
	}
	return p, nil
}

// start claims the player's day: once a day, in the whole cluster;
// ranked or practice as standing says, the address marked as
// having started the day.
func (s *dailyDesk) start(ctx context.Context, g game.Kind, id, name, addr string) common.DailyStart {
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	d := s.today()
	set, commit, err := s.dailySet(c, g, d)
	if err != nil {
		return common.DailyStart{Game: g, Err: err}
	}
	// Begun already: taken back to it, and no address marked.
	if _, begun, err := s.book.Mine(c, g, d, id); err != nil || begun {
		if err == nil {
			err = keep.ErrPlayedToday
		}
		return common.DailyStart{Game: g, Err: err}
	}
	practice, err := s.standing(c, g, d, id, addr, true)
	if err != nil {
		return common.DailyStart{Game: g, Err: err}
	}
	r := keep.DailyResult{ID: id, Name: name, Guest: strings.HasPrefix(id, keep.GuestPrefix), Practice: practice}
	err = s.book.Claim(c, g, d, r)
	return common.DailyStart{Game: g, Set: set, C: commit, Practice: practice, Err: err}
}

// dailyUsage is the one line a wrong "daily" command gets.
const dailyUsage = "usage: daily GAME DATE HAND — your hand HAND (from 1) of the daily of GAME (classic, 101) on DATE (YYYY-MM-DD, UTC), once that day is over"

// command prints a player's hand of a served daily, once its day is
// over, with the day's secret in its meta for okey verify (ssh -p PORT
// HOST daily classic DATE 1). Only a key's: a guest has no identity a
// second connection could prove.
func (s *dailyDesk) command(sess ssh.Session, args []string, fail func(int, string, ...any) bool) bool {
	if len(args) != 3 {
		return fail(2, "%s", dailyUsage)
	}
	g, err := game.ParseKind(args[0])
	if err != nil {
		return fail(2, "%s", dailyUsage)
	}
	d, err := daily.ParseDate(args[1])
	if err != nil {
		return fail(2, "%s", dailyUsage)
	}
	n, err := strconv.Atoi(args[2])
	if err != nil || n < 1 || n > daily.Hands(g) {
		return fail(2, "%s", dailyUsage)
	}
	if s == nil {
		return fail(1, "this server keeps no daily (it has no state directory)")
	}
	id, code := sshIdentity(sess)
	if code != "" {
		return fail(1, "a daily's hands go to the SSH key that played them: connect with it")
	}
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	today := s.today()
	rec, ok, err := s.book.Record(ctx, g, d, today, id, n)
	switch {
	case errors.Is(err, keep.ErrNotOver):
		return fail(1, "the daily of %s is not over: its hands are given out from %s (UTC)", d, d.AddDays(1))
	case errors.Is(err, keep.ErrNoDaily):
		return fail(1, "no daily of %s was dealt here on %s", g, d)
	case err != nil:
		s.log.Error("daily: a record", "err", err)
		return fail(1, "the daily's record cannot be read just now: try again soon")
	case !ok:
		return fail(1, "you played no hand %d of the daily of %s %s here", n, g, d)
	}
	if _, err := sess.Write(rec); err != nil {
		s.log.Warn("daily record", "err", err)
		sess.Exit(1)
		return true
	}
	s.log.Info("daily record", "game", g, "date", d, "hand", n, "addr", hostOf(sess.RemoteAddr()))
	sess.Exit(0)
	return true
}
