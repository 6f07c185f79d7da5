package common

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"okey/game"
	"okey/game/daily"
	"okey/server/hall"
	"okey/server/keep"
	"okey/server/tables"
)

// ServerSide is everything a session and its pages ask of the server
// they run on, and the only way they reach it: the session side defines
// it, the server answers it (serverPort), so that no page reads the
// server's own fields and a page can be tried with a server of its own.
type ServerSide interface {
	// Now is the server's clock (Config.Now).
	Now() time.Time
	// Settings are the parts of the server's configuration a session
	// acts on.
	Settings() Settings
	// Log is where a session says who came and went, and what failed.
	Log() *slog.Logger
	// Hall is the tables as the lobby sees them.
	Hall() *hall.Hall
	// Stopping is closed once the server is stopping.
	Stopping() <-chan struct{}
	// ClockMoved is said when the clock jumps (tests that set it
	// forward): a session's idle timer reads it again.
	ClockMoved() *tables.News
	// NextGen numbers a session's places at tables, server-wide, so a
	// late message of an old place is told apart.
	NextGen() uint64
	// Admit says whether the node opens a new table now; a refusal
	// counts a newcomer turned away (the node is over its limit).
	Admit() bool
	// CodeWait is how long addr waits before its next code is tried;
	// WrongCode counts a wrong one against it.
	CodeWait(addr string, now time.Time) time.Duration
	WrongCode(addr string, now time.Time)
	// Ratings is the rating book (nil: the server keeps no ratings).
	Ratings() *keep.RatingBook
	// HasDaily says whether the server serves the daily; ReadDaily
	// reads its page of g for id, and StartDaily claims id's day.
	HasDaily() bool
	ReadDaily(ctx context.Context, g game.Kind, id, addr string) (DailyView, error)
	StartDaily(ctx context.Context, g game.Kind, id, name, addr string) DailyStart
	// Holder is, when another session here holds identity id, a probe
	// saying whether its connection still answers within wait (nil:
	// none here).
	Holder(id string) func(ctx context.Context, wait time.Duration) bool
	// Reidentify moves the session to identity id from old (a guest's
	// resume code taken), letting an older session of id go.
	Reidentify(id, old string)
	// LinkCode is a new one-time code that links a browser to id
	// (shown as name), and when it lapses; Browsers are id's linked
	// browsers; Unlink revokes id's browser link, on every node. Each
	// says ErrNoLinks on a server that links none (no store).
	LinkCode(ctx context.Context, id, name string) (code string, until time.Time, err error)
	Browsers(ctx context.Context, id string) ([]keep.Link, error)
	Unlink(ctx context.Context, id, link string) error
	// WebURL is the browser door's address as a player types it
	// ("": the server has no browser door).
	WebURL() string
}

// ErrNoLinks: the server links no browsers (it keeps no store).
var ErrNoLinks = errors.New("this server links no browsers")

// RetryMinutes is how long a newcomer turned away is asked to wait: the
// health looks back over five seconds, so a spike has passed by then,
// and a node that is still over its limit is over it for a reason.
const RetryMinutes = 2

// Settings are the parts of Config a session acts on.
type Settings struct {
	DefaultTimer, KeepSeat, RoomIdle     time.Duration
	AwayAfter, ReleaseAfter, IdleTimeout time.Duration
	FPS, FreeGuesses                     int
	NoColor                              bool
	Debug                                *slog.Logger
	// Hook is Config.hook (tests; nil: none); SeatSettle the game
	// screens' ui.SeatOptions.Settle.
	Hook       func(event, user string)
	SeatSettle time.Duration
}

// DailyView is the daily's page as read from the store.
type DailyView struct {
	Game   game.Kind
	Today  daily.Date
	Commit daily.Commitment
	// Mine is the player's own day (begun: they have claimed it).
	Mine  keep.DailyResult
	Begun bool
	// Practice is why the player's day is (or, not begun, would be)
	// Practice: keep.Practice…; "" for a ranked day.
	Practice string
	Board    keep.DailyBoard
	Secret   daily.Secret
	// yesterday's board and secret (revealed: a daily was dealt).
	Past     keep.DailyBoard
	Revealed bool
}

// DailyStart is a player's day claimed, or why not.
type DailyStart struct {
	Game game.Kind
	Set  daily.Set
	C    daily.Commitment
	// Practice is why the day is not ranked ("": it is).
	Practice string
	Err      error
}
