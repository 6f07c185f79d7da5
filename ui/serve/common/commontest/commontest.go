// Package commontest is a stand-in for the server the session's pages
// reach (common.ServerSide), for the pages' and the session's tests, as
// ui/hosting/hostingtest is for the app's: a hall of its own in memory
// (no store, no other node), a clock the test may set, the settings it
// chooses; and a page's shared value made on it.
package commontest

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"okey/game"
	"okey/server/hall"
	"okey/server/keep"
	"okey/server/servetest"
	"okey/server/tables"
	"okey/ui/hosting/hostingtest"
	"okey/ui/serve/common"
)

// Side is the stand-in server. Its hall runs tables in memory with
// fast bots; its settings are okey serve's defaults but the bots' pace
// and the turn timer.
type Side struct {
	H   *hall.Hall
	Set common.Settings
	// Book is the rating book (nil: none kept).
	Book *keep.RatingBook
	// Busy: the node admits no new table.
	Busy bool
	// Web is the browser door's address (WebURL; "": none); NoLinks:
	// the stand-in links no browsers.
	Web     string
	NoLinks bool
	// Links are the browsers linked, by player; Codes the codes given.
	Links map[string][]keep.Link
	Codes []string

	mu    sync.Mutex
	now   time.Time
	clock func() time.Time
	moved *tables.News
	stop  chan struct{}
	gens  atomic.Uint64
	log   *slog.Logger
	// logged is what the server logged (Logged).
	logged servetest.Buffer
}

// Logged is what the stand-in server logged so far, as text lines.
func (s *Side) Logged() string { return s.logged.String() }

// New is a stand-in server whose clock starts at the wall clock's now;
// its hall's tables end with the test.
func New(t testing.TB) *Side {
	t.Helper()
	s := &Side{now: time.Now(), moved: tables.NewNews(), stop: make(chan struct{})}
	s.log = slog.New(slog.NewTextHandler(&s.logged, nil))
	s.Set = common.Settings{
		KeepSeat: 10 * time.Minute, RoomIdle: 10 * time.Minute, AwayAfter: 3 * time.Minute, ReleaseAfter: 15 * time.Minute,
		IdleTimeout: 30 * time.Minute, FPS: 20, FreeGuesses: 3, SeatSettle: -1,
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.H = hall.New(ctx, tables.Options{
		BotDelay: 5 * time.Millisecond, BotTimeout: 10 * time.Second, KeepSeat: s.Set.KeepSeat, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50, RoomIdle: s.Set.RoomIdle, Log: s.log, Now: s.Now,
		Random: tables.DefaultRandom,
	}, nil, 50, hall.ShareLimits{PerPlayer: 2, PerAddr: 4, IdleEvict: 2 * time.Minute})
	t.Cleanup(func() {
		cancel()
		s.H.Wait()
	})
	return s
}

// Common is the shared value of a session of player id (a guest's
// resume code code, "" for a key) called name, in lang, on s, at 100×30
// on a dark background.
func (s *Side) Common(ctx context.Context, id, code, name, lang string) *common.Common {
	c := &common.Common{Srv: s, Ctx: ctx, ID: id, Code: code, Name: name, Addr: "127.0.0.1", Dark: true, Width: 100, Height: 30}
	c.SetLang(lang)
	c.Chat.In = common.NewField(tables.MaxChat)
	return c
}

// SetNow sets the clock, and tells the sessions it jumped.
func (s *Side) SetNow(t time.Time) {
	s.mu.Lock()
	s.now = t
	s.mu.Unlock()
	s.moved.Changed()
}

// SetClock makes now the clock (a test's own), in place of SetNow's.
func (s *Side) SetClock(now func() time.Time) {
	s.mu.Lock()
	s.clock = now
	s.mu.Unlock()
}

// Now is the stand-in's clock.
func (s *Side) Now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.clock != nil {
		return s.clock()
	}
	return s.now
}

// Settings are the settings the test chose.
func (s *Side) Settings() common.Settings { return s.Set }

// Log says nothing.
func (s *Side) Log() *slog.Logger { return s.log }

// Hall is the stand-in's hall.
func (s *Side) Hall() *hall.Hall { return s.H }

// Stopping is closed by Stop.
func (s *Side) Stopping() <-chan struct{} { return s.stop }

// Stop says the stand-in stops.
func (s *Side) Stop() { close(s.stop) }

// ClockMoved is said by SetNow.
func (s *Side) ClockMoved() *tables.News { return s.moved }

// NextGen numbers places at tables.
func (s *Side) NextGen() uint64 { return s.gens.Add(1) }

// Admit opens a new table unless Busy.
func (s *Side) Admit() bool { return !s.Busy }

// CodeWait makes no one wait; WrongCode counts nothing.
func (s *Side) CodeWait(string, time.Time) time.Duration { return 0 }
func (s *Side) WrongCode(string, time.Time)              {}

// Ratings is Book.
func (s *Side) Ratings() *keep.RatingBook { return s.Book }

// HasDaily: the stand-in serves no daily.
func (s *Side) HasDaily() bool { return false }
func (s *Side) ReadDaily(context.Context, game.Kind, string, string) (common.DailyView, error) {
	return common.DailyView{}, nil
}
func (s *Side) StartDaily(context.Context, game.Kind, string, string, string) common.DailyStart {
	return common.DailyStart{}
}

// Holder: no other session here.
func (s *Side) Holder(string) func(context.Context, time.Duration) bool { return nil }

// Reidentify has no sessions to tell.
func (s *Side) Reidentify(string, string) {}

// LinkCode gives a new code (kept in Codes), lasting keep.LinkCodeLife.
func (s *Side) LinkCode(_ context.Context, id, _ string) (string, time.Time, error) {
	if s.NoLinks {
		return "", time.Time{}, common.ErrNoLinks
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	code := common.NewLinkCode()
	s.Codes = append(s.Codes, code)
	return code, s.now.Add(keep.LinkCodeLife), nil
}

// Browsers are Links[id].
func (s *Side) Browsers(_ context.Context, id string) ([]keep.Link, error) {
	if s.NoLinks {
		return nil, common.ErrNoLinks
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]keep.Link(nil), s.Links[id]...), nil
}

// Unlink takes link out of Links[id].
func (s *Side) Unlink(_ context.Context, id, link string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, l := range s.Links[id] {
		if l.ID == link {
			s.Links[id] = append(s.Links[id][:i:i], s.Links[id][i+1:]...)
			return nil
		}
	}
	return keep.ErrUnlinked
}

// WebURL is Web.
func (s *Side) WebURL() string { return s.Web }

// Press hands a page the key named k (hostingtest.Key's names) and
// answers with its turn.
func Press(c *common.Common, p common.Page, k string) common.Turn {
	return p.Update(c, hostingtest.Key(k))
}

// Seat puts c's player at seat 0 of a Table (its place numbered 1), its
// place ending with the test, and answers with the member seated.
func Seat(t testing.TB, c *common.Common) *tables.Member {
	m := tables.NewMember(c.ID, c.Name, c.Addr, 0)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	c.At = &common.Membership{T: Table{}, M: m, Gen: 1, Ctx: ctx, Cancel: cancel, Kind: tables.GameKinds()[0], Seat: 0}
	return m
}

// Table is a table that takes every request and never ends, number 7
// of classic Okey: a session's messages from it are handed over by
// hand.
type Table struct{}

func (Table) TableID() string                           { return "7" }
func (Table) GameKind() tables.GameKind                 { return tables.GameKinds()[0] }
func (Table) Private() bool                             { return false }
func (Table) Send(tables.Request) bool                  { return true }
func (Table) Call(context.Context, tables.Request) bool { return true }
func (Table) Ended() <-chan struct{}                    { return nil }

// RatingBook is a rating book in a store of the test's own, closed
// with the test.
func RatingBook(t testing.TB) *keep.RatingBook {
	t.Helper()
	eng, _, err := keep.OpenDir(context.Background(), t.TempDir(), keep.StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	b, err := keep.OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
