package door

import (
	"context"
	"log/slog"
	"time"

	"okey/game"
	"okey/server/hall"
	"okey/server/keep"
	"okey/server/tables"
	"okey/ui/serve"
	"okey/ui/serve/common"
)

// serverPort is a Server as one of its sessions sees it (ServerSide).
type serverPort struct {
	srv *Server
	// me is the session it is of (nil: the tournaments' side, of none).
	me *serve.Session
	// addr is where a session's tournament side's player joins from
	// ("": the command's side, which joins nobody).
	addr string
	// operator is the session's player when they are the server's
	// operator (a key of --operators, over ssh): they change or call
	// off any tournament, and speak in any one's chat.
	operator string
}

// tournamentSide is what the tournaments' pages and command ask the
// server through: a test's stand-in if set, else the server's own
// tournaments (nil: it runs none, and the lobby says nothing of them).
func (s *Server) tournamentSide() common.TourneySide { return s.tournamentSideOf("", "") }

// tournamentSideOf is tournamentSide as a session whose player comes
// from addr asks it: its joins come from that address ("": a
// command's, which joins nobody); operator is the player when they are
// the server's operator ("": not).
func (s *Server) tournamentSideOf(addr, operator string) common.TourneySide {
	switch {
	case s.tourSide != nil:
		return s.tourSide
	case s.tourneys != nil:
		return &serverPort{srv: s, addr: addr, operator: operator}
	}
	return nil
}

// Now is the server's clock.
func (p *serverPort) Now() time.Time { return p.srv.cfg.Now() }

// Settings are the parts of the configuration a session acts on.
func (p *serverPort) Settings() common.Settings {
	c := &p.srv.cfg
	return common.Settings{
		DefaultTimer: c.DefaultTimer, KeepSeat: c.KeepSeat, RoomIdle: c.RoomIdle,
		AwayAfter: c.AwayAfter, ReleaseAfter: c.ReleaseAfter, IdleTimeout: c.IdleTimeout,
		FPS: c.FPS, FreeGuesses: c.FreeGuesses, NoColor: c.NoColor, Debug: c.Debug,
		Hook: c.hook, SeatSettle: c.seatSettle,
	}
}

// Log is the server's log.
func (p *serverPort) Log() *slog.Logger { return p.srv.log }

// Hall is the server's tables.
func (p *serverPort) Hall() *hall.Hall { return p.srv.hall }

// Stopping is closed once the server stops.
func (p *serverPort) Stopping() <-chan struct{} { return p.srv.ctx.Done() }

// ClockMoved is said when the clock jumps.
func (p *serverPort) ClockMoved() *tables.News { return p.srv.clock }

// NextGen numbers a place at a table.
func (p *serverPort) NextGen() uint64 { return p.srv.gens.Add(1) }

// Admit says whether a new table may open, counting a refusal.
func (p *serverPort) Admit() bool {
	if p.srv.overloaded() {
		p.srv.turnedAway.Add(1)
		return false
	}
	return true
}

// CodeWait is how long addr waits before its next code.
func (p *serverPort) CodeWait(addr string, now time.Time) time.Duration {
	return p.srv.guesses.wait(addr, now)
}

// WrongCode counts a wrong code from addr.
func (p *serverPort) WrongCode(addr string, now time.Time) { p.srv.guesses.wrong(addr, now) }

// Ratings is the rating book, nil without a store.
func (p *serverPort) Ratings() *keep.RatingBook { return p.srv.book }

// HasDaily says whether the daily is served.
func (p *serverPort) HasDaily() bool { return p.srv.desk != nil }

// ReadDaily reads the daily's page.
func (p *serverPort) ReadDaily(ctx context.Context, g game.Kind, id, addr string) (common.DailyView, error) {
	return p.srv.desk.read(ctx, g, id, addr)
}

// StartDaily claims a player's day.
func (p *serverPort) StartDaily(ctx context.Context, g game.Kind, id, name, addr string) common.DailyStart {
	return p.srv.desk.start(ctx, g, id, name, addr)
}

// Holder is a probe of another live session of id here, nil if none.
func (p *serverPort) Holder(id string) func(ctx context.Context, wait time.Duration) bool {
	h := p.srv.liveHolder(id, p.me)
	if h == nil {
		return nil
	}
	srv := p.srv
	return func(ctx context.Context, wait time.Duration) bool { return srv.answers(ctx, h, wait) }
}

// Reidentify moves the session to identity id.
func (p *serverPort) Reidentify(id, old string) { p.srv.reidentify(p.me, old) }
