package door

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"okey/door/internal/refusals"
	"okey/door/web"
	"okey/kit/i18n"
	"okey/kit/store"
	"okey/server/hall"
	"okey/server/keep"
	"okey/server/tables"
	"okey/server/tournaments"
	"okey/ui/serve"
	"okey/ui/serve/common"
)

// Config is everything okey serve is told.
type Config struct {
	// Addr is where to listen (":2222"); a Listener given to Serve
	// overrides it.
	Addr string
	// StateDir holds the tables: the embedded store in StateDir/nats,
	// finished matches in StateDir/tables/matches; "" saves nothing.
	StateDir string
	// Store says where the tables are kept when StateDir is set: the
	// zero value is a NATS server inside the process, alone.
	Store keep.StoreConfig
	// HostKey is the host key's path (made on first start).
	HostKey string
	// AuthorizedKeys, when set, makes the server private: only these
	// keys may log in, and no guests.
	AuthorizedKeys string
	// Operators, when set, is an authorized_keys file of the keys that
	// are the server's operator over ssh: they mute players (mute.go)
	// and cancel or change any tournament before its start.
	Operators string

	// Limits.
	MaxTables, MaxSessions, MaxPerAddr int
	// ConnPerMinute and ConnBurst are the token bucket each address
	// opens connections from: ConnBurst at once, then ConnPerMinute a
	// minute. 0 a minute is no limit.
	ConnPerMinute, ConnBurst int
	// TablesPerPlayer and TablesPerAddr: one who holds seats at this
	// many tables (one player, or all from one address) opens no other.
	TablesPerPlayer, TablesPerAddr int
	// FreeGuesses is how many wrong join or resume codes one address may
	// type before each further one waits (2 s, doubling up to ten
	// minutes); a connection that types FreeGuesses+2 wrong codes is
	// closed. 0 is no limit: for okey load's servers, whose clients all
	// come from 127.0.0.1 and whose players on one node may type a code
	// before its table, opened on another node, has reached their lobby.
	FreeGuesses int
	// RoomIdle closes a waiting room where nothing happens this long;
	// IdleEvict lets a full hall take back a table nobody has been at for
	// this long (0: never).
	RoomIdle, IdleEvict           time.Duration
	MaxWidth, MaxHeight           int
	HandshakeTimeout, IdleTimeout time.Duration
	MaxSession                    time.Duration

	// AwayAfter marks a player at a table who has pressed no key for
	// this long away (their bot plays until they press one);
	// ReleaseAfter gives their seat up and closes the connection. 0:
	// never. (IdleTimeout closes any session without a key for longer.)
	AwayAfter, ReleaseAfter time.Duration
	// KeepMatches is how many finished matches' records are kept in the
	// state directory, the newest (0: all).
	KeepMatches int

	// Tournaments are the operator's tournaments' config files
	// (tourneys.go), each created at start unless one of its name
	// exists. They need a state directory.
	Tournaments []string

	// Tables.
	DefaultTimer time.Duration
	KeepSeat     time.Duration
	BotDelay     time.Duration
	BotTimeout   time.Duration

	// FPS is the most frames a second a session's screen is drawn at:
	// its LineScreen (tty/frame.go) waits 1/FPS after a write before the
	// next, and so sends the latest of the frames that came meanwhile.
	// It wakes only when a frame has changed (Bubble Tea's renderer woke
	// FPS times a second for every session, drawn or not).
	FPS int

	// GCPercent is the garbage collector's target (debug.SetGCPercent)
	// for the process the server runs in, unless GOGC is set in its
	// environment; 0 (the default) leaves the runtime's, which costs
	// little more CPU than a lower target now that a session holds
	// little live memory (docs/studies/serving-performance.md).
	GCPercent int

	// Overload is how late the node may run before it turns newcomers
	// away (health.go): past it, on its run-queue delay (the 90th
	// percentile of a 100 ms timer's lateness over 5 s) or its store's
	// acknowledgement time, no new session is admitted (a player holding
	// a seat here still is) and no new table opened, with a line in the
	// player's language, while the seated play on. 0: never.
	Overload time.Duration
	// IPv6Prefix is the network, in bits, that the per-address limits
	// count an IPv6 client by (connections, their rate, wrong codes,
	// tables): 64, a host's or a home's network. IPv4 clients are
	// counted by address.
	IPv6Prefix int
	// DailyIPv6Prefix is the network, in bits, that the daily's address
	// rule counts an IPv6 client by (keep.DailyAddr): 56, what a home is
	// commonly delegated; no longer than IPv6Prefix.
	DailyIPv6Prefix int
	// TrustedProxies are the proxies (addresses or networks) whose
	// connections start with a PROXY protocol header (proxyproto.go),
	// version 1 or 2, naming the client: the limits and the one-seat
	// rule count the client's address, not the proxy's. A connection
	// from one of them without a header is refused; anyone else's
	// header is never taken. Empty: no proxy is believed.
	TrustedProxies []netip.Prefix
	// SharedAddrs are addresses or networks the operator names as
	// shared by several people (a club's hall, a school): a tournament
	// takes one entry an address but from these (its duplicate rounds'
	// one identity an address still counts them). Empty: none.
	SharedAddrs []netip.Prefix
	// PublicAddr is the address players reach this node at (HOST:PORT),
	// which a full node of the cluster gives its newcomers ("": none).
	PublicAddr string
	// WebURL is the browser door's address as a player types it
	// (https://okey.example/), which the lobby's browsers' page prints
	// with a code ("": no browser door, or none to print).
	WebURL string

	// NoColor draws without colour.
	NoColor bool
	// Log receives who joined and left, and what went wrong; nil
	// discards.
	Log *slog.Logger
	// Debug, when set (okey serve --debug-log), also receives what each
	// session's table screen does: keys, screens, the moves as that
	// player's log says them. nil: nothing, at no cost.
	Debug *slog.Logger
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Random is where every match's seed and salt come from; nil is
	// crypto/rand. Tests give a fixed one; nothing else should.
	Random io.Reader

	// wrapConn, when set (tests), wraps every connection.
	wrapConn func(net.Conn) net.Conn
	// hook, when set (tests), is called as a session starts ("start")
	// and at each of its keys (the key's name).
	hook func(event, user string)
	// fault, when set (tests), is called where a table or a bot could
	// panic (tables.Options.Fault).
	fault func(where, table string)
	// onFrame, when set (tests), is given every frame a session's
	// tty.LineScreen is asked to show, with the session's name.
	onFrame func(user string, v serve.Frame)
	// overloaded, when set (tests), says whether the node is over its
	// limit instead of its health.
	overloaded func() bool
	// dailyLoopback, when set (tests, whose clients all come from
	// loopback addresses), counts loopback addresses for the daily's
	// one ranked day an address, as any other.
	dailyLoopback bool
	// onStrange, when set (tests), is told of every message of Bubble
	// Tea's own that a session's driver could not act on.
	onStrange func(msg any)
	// seatSettle is the game screens' ui.SeatOptions.Settle: tests,
	// which press keys the moment a screen comes, turn it off (-1).
	seatSettle time.Duration
	// memberGrace, when set (tests), is how long a new cluster member
	// may go without an okey node's door before it is warned of.
	memberGrace time.Duration
}

// DefaultConfig is a server for friends on one machine: limits a small
// VPS holds (see docs/serving-promises.md).
func DefaultConfig() Config {
	return Config{
		Addr: ":2222", MaxTables: 50, MaxSessions: 200, MaxPerAddr: 8,
		ConnPerMinute: 20, ConnBurst: 10, TablesPerPlayer: 2, TablesPerAddr: 4, FreeGuesses: 3,
		RoomIdle: 10 * time.Minute, IdleEvict: 2 * time.Minute, AwayAfter: 3 * time.Minute, ReleaseAfter: 15 * time.Minute,
		KeepMatches: 1000,
		MaxWidth:    300, MaxHeight: 100,
		HandshakeTimeout: 10 * time.Second, IdleTimeout: 30 * time.Minute, MaxSession: 12 * time.Hour,
		DefaultTimer: 30 * time.Second, KeepSeat: 10 * time.Minute, BotDelay: 700 * time.Millisecond,
		BotTimeout: 10 * time.Second, FPS: 20, Overload: 2 * time.Second, IPv6Prefix: 64, DailyIPv6Prefix: keep.DailyAddrPrefix,
	}
}

// Check reports the first thing wrong with the configuration.
func (c Config) Check() error {
	switch {
	case c.MaxTables <= 0, c.MaxSessions <= 0, c.MaxPerAddr <= 0:
		return errors.New("the caps on tables, sessions and sessions per address must be positive")
	case c.ConnPerMinute < 0 || c.ConnBurst < 0:
		return errors.New("the connection rate must not be negative")
	case c.FreeGuesses < 0:
		return errors.New("the free wrong codes must not be negative")
	case c.TablesPerPlayer < 0 || c.TablesPerAddr < 0 || c.RoomIdle < 0 || c.IdleEvict < 0:
		return errors.New("the tables a player may hold and the idle times must not be negative")
	case c.MaxWidth < serve.MinWidth || c.MaxHeight < serve.MinHeight:
		return fmt.Errorf("the largest terminal must be at least %d×%d", serve.MinWidth, serve.MinHeight)
	case c.DefaultTimer < 0 || c.KeepSeat <= 0 || c.BotDelay < 0 || c.BotTimeout <= 0:
		return errors.New("the timer must not be negative; keeping a seat and a bot's time must be positive")
	case c.GCPercent < 0:
		return errors.New("the collector's target must not be negative")
	case c.FPS < 1 || c.FPS > 120:
		return errors.New("the frames a second must be between 1 and 120")
	case c.KeepMatches < 0:
		return errors.New("the finished matches kept must not be negative")
	case c.AwayAfter < 0 || c.ReleaseAfter < 0:
		return errors.New("the times to be away must not be negative")
	case c.HandshakeTimeout < 0 || c.IdleTimeout < 0 || c.MaxSession < 0:
		return errors.New("timeouts must not be negative")
	case c.IPv6Prefix < 32 || c.IPv6Prefix > 128:
		return errors.New("--ipv6-prefix is from 32 to 128 bits (64: a host's network)")
	case c.DailyIPv6Prefix < 32 || c.DailyIPv6Prefix > c.IPv6Prefix:
		return errors.New("--daily-ipv6-prefix is from 32 bits to --ipv6-prefix's (56: a home's network)")
	case c.Overload < 0:
		return errors.New("--overload must not be negative (0: never turn newcomers away)")
	}
	return c.Store.Check()
}

// liveSession is a running session's handles.
type liveSession struct {
	cancel context.CancelFunc
	visit  *visit
	conn   *countedConn // nil when not known
}

// Server is okey serve: an SSH server whose sessions play at tables.
type Server struct {
	cfg   Config
	log   *slog.Logger
	ssh   *ssh.Server
	hall  *hall.Hall
	stop  context.CancelFunc
	ctx   context.Context
	gens  atomic.Uint64
	authz []gossh.PublicKey
	// operators are the operators' identities (keep.KeyPrefix and a
	// key's fingerprint), from Config.Operators.
	operators map[string]bool
	// lock holds the state directory: one server a directory.
	lock *store.Lock
	// eng keeps the tables (nil: nothing is saved).
	eng *keep.Engine
	// rater rates the finished matches into the store, book reads them
	// (nil: no store).
	rater *keep.Rater
	book  *keep.RatingBook
	// daily keeps the served daily (nil without a store), desk serves
	// it (daily.go), dailyW writes its hands.
	daily  *keep.DailyBook
	desk   *dailyDesk
	dailyW *keep.DailyWriter
	// tourneys are the tournaments (nil without a store), opTourneys the
	// operator's, read from their files at start (tourneys.go).
	tourneys   *tournaments.Service
	opTourneys []tournaments.Order
	// tourSide is what sessions and the "tournament" command ask of the
	// tournaments in place of tourneys (tests: a fake; nil: tourneys').
	tourSide common.TourneySide
	// browsers are the browsers linked to players' keys (link.go);
	// console is the operator's commands over ssh (command.go): parts
	// reached by name, never promoted.
	browsers BrowserLinks
	console  console

	mu       sync.Mutex
	sessions map[*serve.Session]*liveSession
	byVisit  map[*visit]*serve.Session
	byID     map[string]*serve.Session
	perAddr  map[string]int
	conns    int
	// open are the connections counted, by remote address: a session
	// replaced by a newer one stops counting at once.
	open map[string]*countedConn
	wg   sync.WaitGroup

	// cluster watches the other nodes (members.go; nil: alone).
	cluster *clusterWatch

	// connRate and guesses keep each address to its share.
	connRate *connLimiter
	guesses  *guesses

	// serving is closed once Serve's listener is first asked for a
	// connection, which the SSH library does only after it has counted
	// the listener in; serveOnce closes it, serveCalled says Serve began.
	// Shutdown waits for it: the library's Shutdown counting the
	// listeners out while Serve counts one in is a data race.
	serving     chan struct{}
	serveOnce   sync.Once
	serveCalled atomic.Bool

	// Stats, for tests and the logs.
	refused atomic.Int64 // connections refused by a cap
	// refusals writes the refusals to the log once in a while, each
	// line with its count.
	refusals *refusals.Log
	// turnedAway counts the newcomers refused while the node was over
	// its Overload.
	turnedAway atomic.Int64
	// health is the node's measure of itself (admission control).
	health health

	// clock is said when Config.Now jumps (clockMoved): sessions sleep
	// on timers until their deadlines, in the real time the clock
	// usually keeps; a clock set forward (the tests') must be read
	// again at once.
	clock *tables.News
}

// console is the operator's and the players' commands over ssh
// (command.go, mute.go, tourneycmd.go, tourneyedit.go): a part of its
// Server (srv), whose store, hall and tournaments it asks.
type console struct {
	srv *Server
}

// BrowserLinks are the browsers linked to players' keys (link.go): a
// part of its Server (srv), whose mu guards linked.
type BrowserLinks struct {
	srv *Server
	// links keeps the browsers linked to players (nil without a store:
	// none is), linked their live connections by link.
	links  *keep.LinkBook
	linked map[string]map[*web.Conn]struct{}
}

// Browsers are the browsers linked to players' keys, a part of the
// server: the browser's door links, relinks and unlinks through it.
func (s *Server) Browsers() *BrowserLinks { return &s.browsers }

// sshCommand is how a player reaches addr: ssh HOST, with -p PORT
// unless it is 22.
func sshCommand(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "ssh " + addr
	}
	if port == "22" {
		return "ssh " + host
	}
	return "ssh -p " + port + " " + host
}

// TurnedAway counts the newcomers refused while the node was overloaded.
func (s *Server) TurnedAway() int64 { return s.turnedAway.Load() }

// TablesMoved says how many tables this node stopped because their
// lease was lost, and how many it took over from another node, since it
// started (both 0 for a node alone).
func (s *Server) TablesMoved() (stopped, takenOver int64) {
	return s.hall.Stopped.Load(), s.hall.TakenOver.Load()
}

// Owned lists the tables this node runs, for a measure of which node a
// table moves to (okey load's children say it when asked).
func (s *Server) Owned() []string { return s.hall.Owned() }

// LeasesStretched says whether this node's leases ask for longer than
// the TTL now (its renewals were slow: a starved machine, a store
// electing leaders, as a cluster's start does): another node waits
// that much longer for its tables if it dies or freezes meanwhile.
// A measure of a takeover's time starts from a node that asks for the
// TTL (okey load's children say it when asked).
func (s *Server) LeasesStretched() bool {
	return s.hall.Nodes != nil && s.hall.Nodes.Hold != nil && s.hall.Nodes.Hold.Stretched()
}

// LeasesUnrenewed is the longest this node, holding leases, went
// without the store acknowledging a renewal (keep.Holding.Unrenewed): at
// a lease's TTL or more its tables may have been taken over while it
// ran, the store being what stood still. okey load's children say it.
func (s *Server) LeasesUnrenewed() time.Duration {
	if s.hall.Nodes == nil || s.hall.Nodes.Hold == nil {
		return 0
	}
	return s.hall.Nodes.Hold.Unrenewed()
}

// StoreView is this node's own view of the store on one line
// (keep.Engine.View): who leads the tables' streams and how far each
// replica is behind, as this node knows it. okey load's children say it
// when asked, so a test that waits on a cluster can say what each node
// saw.
func (s *Server) StoreView() string { return s.eng.View() }

// StoredRecord is table id's record as this node reads it from the
// store now: what a failover must have kept of the match, for a measure
// of it (okey load's children say it when asked).
func (s *Server) StoredRecord(ctx context.Context, id string) ([]byte, error) {
	rec, _, err := s.hall.Keep.Records.Read(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("table %s's record: %w", id, err)
	}
	return rec, nil
}

// Running lists the tables this node runs now: a table taken over runs
// once its record is read, after its lease is taken (Owned).
func (s *Server) Running() []string { return s.hall.Running() }

func (s *Server) unregister(m *serve.Session, v *visit) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, m)
	delete(s.byVisit, v)
	if s.byID[m.ID()] == m {
		delete(s.byID, m.ID())
	}
}

// langOf is the player's language from the session's environment (ssh's
// SendEnv, where the server accepts it), read as the local game reads its
// own: LC_ALL, LC_MESSAGES, LANG, LANGUAGE, the first set decides; tr
// for Turkish, else en.
func langOf(env []string) string {
	return i18n.FromEnv(func(name string) string {
		for _, e := range env {
			if v, ok := strings.CutPrefix(e, name+"="); ok {
				return v
			}
		}
		return ""
	})
}

// uncountLocked stops counting cc against its address and in all, once.
func (s *Server) uncountLocked(cc *countedConn) {
	cc.once.Do(func() {
		s.conns--
		if s.perAddr[cc.host]--; s.perAddr[cc.host] <= 0 {
			delete(s.perAddr, cc.host)
		}
		if s.open[cc.remote] == cc {
			delete(s.open, cc.remote)
		}
	})
}

// countedConn is counted against its address until it closes, or until
// its session is replaced by a newer one of the same player (which may
// linger a few seconds, saying why).
type countedConn struct {
	net.Conn
	srv          *Server
	host, remote string
	once         sync.Once
	// keyed: its count was moved to its key's, if it came from the
	// loopback (countByKey); guarded by the server's mu.
	keyed bool
}

func (c *countedConn) Close() error {
	c.srv.mu.Lock()
	c.srv.uncountLocked(c)
	c.srv.mu.Unlock()
	return c.Conn.Close()
}
