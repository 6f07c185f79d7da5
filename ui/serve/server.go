package serve

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"okey/game/hand"
	"okey/ui/canvas"
	"okey/ui/i18n"
	"okey/ui/layout"
	"okey/ui/pages"
	"okey/ui/seatmsg"
	"okey/ui/serve/hall"
	"okey/ui/serve/keep"
	"okey/ui/serve/tables"
	"okey/ui/serve/tty"
	"okey/ui/store"
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
	// environment; 0 (the default) leaves the runtime's. It was 40 while
	// Bubble Tea's renderer kept two screens of cells a session alive;
	// without them (tty/frame.go) a session holds about 0.45 MB live, and at
	// 750 sessions (okey load, one run each, a load average of 33) the
	// runtime's 100 cost 0.046% of a core and 1.01 MB a session where 40
	// cost 0.055% and 0.76 MB: the collector's work was a third of the
	// server's CPU at 40 (issue 28).
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
	// PublicAddr is the address players reach this node at (HOST:PORT),
	// which a full node of the cluster gives its newcomers ("": none).
	PublicAddr string

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
	// panic (tableOptions.fault).
	fault func(where, table string)
	// onFrame, when set (tests), is given every frame a session's
	// lineScreen is asked to show, with the session's name.
	onFrame func(user string, v tea.View)
	// overloaded, when set (tests), says whether the node is over its
	// limit instead of its health.
	overloaded func() bool
	// onStrange, when set (tests), is told of every message of Bubble
	// Tea's own that a session's driver could not act on.
	onStrange func(msg tea.Msg)
	// seatSettle is the game screens' ui.SeatOptions.Settle: tests,
	// which press keys the moment a screen comes, turn it off (-1).
	seatSettle time.Duration
}

// DefaultConfig is a server for friends on one machine: limits a small
// VPS holds (see docs/serving.md).
func DefaultConfig() Config {
	return Config{
		Addr: ":2222", MaxTables: 50, MaxSessions: 200, MaxPerAddr: 8,
		ConnPerMinute: 20, ConnBurst: 10, TablesPerPlayer: 2, TablesPerAddr: 4, FreeGuesses: 3,
		RoomIdle: 10 * time.Minute, IdleEvict: 2 * time.Minute, AwayAfter: 3 * time.Minute, ReleaseAfter: 15 * time.Minute,
		KeepMatches: 1000,
		MaxWidth:    300, MaxHeight: 100,
		HandshakeTimeout: 10 * time.Second, IdleTimeout: 30 * time.Minute, MaxSession: 12 * time.Hour,
		DefaultTimer: 30 * time.Second, KeepSeat: 10 * time.Minute, BotDelay: 700 * time.Millisecond,
		BotTimeout: 10 * time.Second, FPS: 20, Overload: 2 * time.Second, IPv6Prefix: 64,
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
	case c.MaxWidth < layout.MinWidth || c.MaxHeight < layout.MinHeight:
		return fmt.Errorf("the largest terminal must be at least %d×%d", layout.MinWidth, layout.MinHeight)
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
	case c.Overload < 0:
		return errors.New("--overload must not be negative (0: never turn newcomers away)")
	}
	return c.Store.Check()
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
	// lock holds the state directory: one server a directory.
	lock *store.Lock
	// eng keeps the tables (nil: nothing is saved).
	eng *keep.Engine
	// rater rates the finished matches into the store, book reads them
	// (nil: no store).
	rater *keep.Rater
	book  *keep.RatingBook

	mu       sync.Mutex
	sessions map[*session]*liveSession
	bySess   map[ssh.Session]*session
	byID     map[string]*session
	perAddr  map[string]int
	conns    int
	// open are the connections counted, by remote address: a session
	// replaced by a newer one stops counting at once.
	open map[string]*countedConn
	wg   sync.WaitGroup

	// connRate and guesses keep each address to its share.
	connRate *connLimiter
	guesses  *guesses

	// Stats, for tests and the logs.
	refused atomic.Int64 // connections refused by a cap
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

// clockMoved tells the sessions that Config.Now has jumped: their idle
// timers read it again (tests that set their clock forward).
func (s *Server) clockMoved() { s.clock.Changed() }

// liveSession is a running session's handles.
type liveSession struct {
	cancel context.CancelFunc
	sess   ssh.Session
	conn   *countedConn // nil when not known
}

// New builds a server: it reads the authorized keys, makes or reads the
// host key, and brings back the tables saved in the state directory
// (restoreErr says which could not be, which does not stop the server).
func New(cfg Config) (srv *Server, restoreErr error, err error) {
	if err := cfg.Check(); err != nil {
		return nil, nil, err
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{cfg: cfg, log: log, sessions: map[*session]*liveSession{}, bySess: map[ssh.Session]*session{}, byID: map[string]*session{}, perAddr: map[string]int{},
		open: map[string]*countedConn{}, connRate: newConnLimiter(cfg.ConnPerMinute, cfg.ConnBurst), guesses: newGuesses(cfg.FreeGuesses)}
	if cfg.AuthorizedKeys != "" {
		if s.authz, err = readAuthorizedKeys(cfg.AuthorizedKeys); err != nil {
			return nil, nil, err
		}
	}
	if cfg.GCPercent > 0 && os.Getenv("GOGC") == "" {
		debug.SetGCPercent(cfg.GCPercent)
	}
	// The bots' analysis tables, built once a process: now, rather than
	// in the first player's first bot turn.
	hand.Prepare()
	s.ctx, s.stop = context.WithCancel(context.Background())
	s.clock = tables.NewNews()
	var kept *keep.Keeper
	var importErr error
	if cfg.StateDir != "" {
		// Two servers on one directory would restore the same tables,
		// number new ones alike and overwrite each other's files.
		if s.lock, err = store.LockDir(cfg.StateDir); err != nil {
			s.stop()
			return nil, nil, fmt.Errorf("state directory: %w", err)
		}
		if kept, importErr, err = s.openStore(cfg.StateDir); err != nil {
			s.stop()
			s.lock.Unlock()
			return nil, nil, err
		}
	}
	if cfg.Random == nil {
		cfg.Random = tables.DefaultRandom
	}
	topt := tables.Options{
		BotDelay: cfg.BotDelay, BotTimeout: cfg.BotTimeout, KeepSeat: cfg.KeepSeat, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50, RoomIdle: cfg.RoomIdle, KeepMatches: cfg.KeepMatches, Log: log, Now: cfg.Now, Fault: cfg.fault, Random: cfg.Random,
	}
	if s.rater != nil {
		topt.Rate = s.rater.Enqueue
	}
	if book := s.book; book != nil {
		topt.RatingOf = func(ctx context.Context, gameName, id string) (float64, bool) {
			e, rev, err := book.Get(ctx, gameName, id)
			if err != nil || rev == 0 {
				return 0, false
			}
			return e.Rating().Ordinal(), true
		}
	}
	s.hall = hall.New(s.ctx, topt, kept, cfg.MaxTables, hall.ShareLimits{PerPlayer: cfg.TablesPerPlayer, PerAddr: cfg.TablesPerAddr, IdleEvict: cfg.IdleEvict})
	if kept != nil && cfg.Store.Shared() {
		if err := s.hall.JoinNodes(s.ctx, s.eng, cmp.Or(cfg.Store.LeaseTTL, keep.LeaseTTL)); err != nil {
			s.stop()
			s.hall.Wait()
			s.closeStore()
			s.lock.Unlock()
			return nil, nil, err
		}
		log.Info("sharing the tables with other nodes", "node", s.eng.Node, "replicas", s.eng.Replicas)
		s.health.store = s.hall.StoreWait
		s.hall.Door = func() (string, bool) { return cfg.PublicAddr, s.overloaded() }
	}
	go s.health.watch(s.ctx)
	n, restoreErr := s.hall.Restore()
	if n > 0 {
		log.Info("tables restored", "count", n)
	}
	restoreErr = errors.Join(importErr, restoreErr)

	hostKey := wish.WithHostKeyPath(cfg.HostKey)
	if cfg.HostKey == "" {
		hostKey = func(*ssh.Server) error { return errors.New("no host key path") }
	} else if err := store.PrepareHostKeyDir(cfg.HostKey); err != nil {
		s.stop()
		s.hall.Wait()
		s.closeStore()
		s.lock.Unlock()
		return nil, nil, err
	}
	s.ssh, err = wish.NewServer(
		wish.WithAddress(cfg.Addr),
		hostKey,
		wish.WithPublicKeyAuth(s.publicKey),
		wish.WithKeyboardInteractiveAuth(s.keyboardInteractive),
		wish.WithIdleTimeout(cfg.IdleTimeout),
		wish.WithMaxTimeout(cfg.MaxSession),
		wish.WithMiddleware(s.guard(s.run)),
	)
	if err != nil {
		s.stop()
		s.hall.Wait()
		s.closeStore()
		s.lock.Unlock()
		return nil, nil, fmt.Errorf("ssh server: %w", err)
	}
	s.ssh.HandshakeTimeout = cfg.HandshakeTimeout
	s.ssh.ConnCallback = s.onConn
	return s, restoreErr, nil
}

// nextGen numbers memberships, server-wide.
func (s *Server) nextGen() uint64 { return s.gens.Add(1) }

// Serve accepts connections on l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	err := s.ssh.Serve(l)
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// ListenAndServe listens on the configured address.
func (s *Server) ListenAndServe() error {
	l, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return err
	}
	s.log.Info("listening", "addr", l.Addr().String())
	return s.Serve(l)
}

// Shutdown stops the server: no new connections, every table saved,
// every session told why (the server is restarting, their table is
// saved) and closed. It waits for them within ctx.
func (s *Server) Shutdown(ctx context.Context) error {
	s.log.Info("shutting down")
	s.stop() // the tables save and tell their players; the sessions say goodbye
	tables := make(chan struct{})
	go func() { s.hall.Wait(); close(tables) }()
	select {
	case <-tables:
		s.hall.HandOver() // saved: other nodes may take them at once
	case <-ctx.Done():
		// A table still saving (a store that does not answer) is left
		// to its lease: another node takes it once the lease runs out.
		s.log.Warn("shutting down: tables still saving", "err", ctx.Err())
	}
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	// The sessions end by themselves once their goodbye has been shown;
	// those that do not (a client that stopped reading) are ended.
	grace := time.NewTimer(stopGrace + time.Second)
	defer grace.Stop()
	select {
	case <-done:
	case <-grace.C:
	case <-ctx.Done():
	}
	s.mu.Lock()
	for _, ls := range s.sessions {
		ls.cancel()
	}
	s.mu.Unlock()
	select {
	case <-done:
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	defer s.lock.Unlock()
	defer s.closeStore() // every table has saved: the store goes last
	if err := s.ssh.Shutdown(sctx); err != nil {
		return s.ssh.Close()
	}
	return nil
}

// crash stops everything without a word or a save, as a killed process
// would (for tests of what a restart brings back).
func (s *Server) crash() {
	s.ssh.Close()
	if s.eng != nil {
		// Cut off from the store and the other nodes first: a killed
		// process says nothing more to them either.
		s.eng.NC.Close()
	}
	s.stop()
	s.hall.Wait()
	s.closeStore()
	s.lock.Unlock() // a killed process lets its lock go
}

// openStore starts the engine of the state directory dir and opens the
// tables in it, importing those saved as files by an older okey serve
// (importErr says which could not be, which does not stop the server).
func (s *Server) openStore(dir string) (k *keep.Keeper, importErr, err error) {
	if s.eng, k, err = keep.OpenDir(s.ctx, dir, s.cfg.Store); err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
	defer cancel()
	book, err := keep.OpenRatingBook(ctx, s.eng)
	if err != nil {
		s.closeStore()
		return nil, nil, err
	}
	s.rater, s.book = keep.NewRater(book, s.log), book
	n, importErr := k.ImportFiles(ctx)
	if n > 0 {
		s.log.Info("tables imported from files", "count", n, "kept in", filepath.Join(dir, store.TablesDir, "imported"))
	}
	return k, importErr, nil
}

// closeStore stops the engine, if there is one.
func (s *Server) closeStore() {
	// The matches waiting to be rated are rated first: the tables have
	// stopped, so no more come.
	s.rater.Close()
	s.rater = nil
	if s.eng == nil {
		return
	}
	if err := s.eng.Close(); err != nil {
		s.log.Error("closing the store", "err", err)
	}
	s.eng = nil
}

// tableList is the tables' summaries, for tests and logs.
func (s *Server) tableList() []*tables.Summary { return s.hall.List() }

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

// retryMinutes is how long a newcomer turned away is asked to wait: the
// health looks back over five seconds, so a spike has passed by then,
// and a node that is still over its limit is over it for a reason.
const retryMinutes = 2

// overloaded reports whether the node is over its Overload now.
func (s *Server) overloaded() bool {
	if s.cfg.overloaded != nil {
		return s.cfg.overloaded()
	}
	return s.health.over(s.cfg.Overload)
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

// sessionCount is the number of sessions running.
func (s *Server) sessionCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// publicKey lets a key in: any key on a public server, a listed one on a
// private server. Who the player is is read after the handshake.
func (s *Server) publicKey(_ ssh.Context, key ssh.PublicKey) bool {
	if s.authz == nil {
		return true
	}
	for _, k := range s.authz {
		if ssh.KeysEqual(key, k) {
			return true
		}
	}
	return false
}

// keyboardInteractive lets guests in, with no questions, on a public
// server.
func (s *Server) keyboardInteractive(ssh.Context, gossh.KeyboardInteractiveChallenge) bool {
	return s.authz == nil
}

// readAuthorizedKeys reads an authorized_keys file.
func readAuthorizedKeys(path string) ([]gossh.PublicKey, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("authorized keys: %w", err)
	}
	var keys []gossh.PublicKey
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		k, _, _, _, err := gossh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("authorized keys %s line %d: %w", path, n, err)
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("authorized keys %s: no key in it", path)
	}
	return keys, nil
}

// onConn counts connections, by address and in all, and refuses those
// over a cap or over their address's rate before the handshake costs
// anything.
func (s *Server) onConn(_ ssh.Context, c net.Conn) net.Conn {
	host := s.limitKey(c.RemoteAddr())
	if !s.connRate.allow(host, s.cfg.Now()) {
		s.refused.Add(1)
		s.log.Warn("refused: connecting too fast", "addr", host)
		c.Close()
		return nil
	}
	s.mu.Lock()
	over := s.conns >= s.cfg.MaxSessions || s.perAddr[host] >= s.cfg.MaxPerAddr
	if !over {
		s.conns++
		s.perAddr[host]++
	}
	s.mu.Unlock()
	if over {
		s.refused.Add(1)
		s.log.Warn("refused: too many connections", "addr", host)
		c.Close()
		return nil
	}
	remote := c.RemoteAddr().String()
	if s.cfg.wrapConn != nil {
		c = s.cfg.wrapConn(c)
	}
	cc := &countedConn{Conn: c, srv: s, host: host, remote: remote}
	s.mu.Lock()
	s.open[remote] = cc
	s.mu.Unlock()
	return cc
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

func hostOf(a net.Addr) string {
	h, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return h
}

// netOf is what the per-address limits count a client by: an IPv4
// address as it is (an IPv4-mapped IPv6 one too), an IPv6 address by its
// network of prefix bits (a /64 is what one host, one home, is given:
// counted by address, one host would have 2^64 of them). Anything that
// is not an IP address is counted as it is written.
func netOf(host string, prefix int) string {
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is4() || prefix >= 128 {
		return ip.String()
	}
	p, err := ip.Prefix(prefix)
	if err != nil {
		return ip.String()
	}
	return p.String()
}

// limitKey is what the per-address limits count the client at a by.
func (s *Server) limitKey(a net.Addr) string { return netOf(hostOf(a), s.cfg.IPv6Prefix) }

// countedConn is counted against its address until it closes, or until
// its session is replaced by a newer one of the same player (which may
// linger a few seconds, saying why).
type countedConn struct {
	net.Conn
	srv          *Server
	host, remote string
	once         sync.Once
}

func (c *countedConn) Close() error {
	c.srv.mu.Lock()
	c.srv.uncountLocked(c)
	c.srv.mu.Unlock()
	return c.Conn.Close()
}

// guard keeps a panic in one session from taking the server down (the
// session ends, the others play on), and tidies up after every session:
// the table is told the player is gone (the seat is kept for them), and
// the session is forgotten.
func (s *Server) guard(next wish.Middleware) wish.Middleware {
	return func(h ssh.Handler) ssh.Handler {
		inner := next(h)
		return func(sess ssh.Session) {
			s.wg.Add(1)
			defer s.wg.Done()
			defer func() {
				if r := recover(); r != nil {
					s.log.Error("panic in a session", "panic", r, "user", pages.CleanName(ansi.Strip(canvas.CutBytes(sess.User(), maxUserBytes))))
				}
				s.ended(sess)
			}()
			inner(sess)
		}
	}
}

// run runs a session's model with its driver (tty/drive.go: like wish's
// bubbletea middleware, but without a tea.Program). Window changes reach
// the model from a goroutine of the session's own; the filter caps them.
func (s *Server) run(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if s.command(sess) {
			next(sess)
			return
		}
		d, m := s.program(sess)
		if d == nil {
			next(sess)
			return
		}
		_, winch, _ := sess.Pty()
		ctx, cancel := context.WithCancel(sess.Context())
		// The SSH library hands window changes over a channel of one,
		// from the goroutine that reads the connection's requests: it
		// must never wait for the model (busy writing to a client that
		// stopped reading, and so waiting for that very goroutine). The
		// latest size is kept and handed on from another goroutine.
		sizes := make(chan tea.WindowSizeMsg, 1)
		go func() {
			for w := range winch {
				select {
				case <-sizes:
				default:
				}
				sizes <- tea.WindowSizeMsg{Width: w.Width, Height: w.Height}
			}
		}()
		go func() {
			for {
				select {
				case <-ctx.Done():
					return
				case m := <-sizes:
					d.Send(m)
				}
			}
		}()
		if err := d.Run(); err != nil {
			s.log.Error("a session's model failed", "err", err, "panic", d.Panic)
		}
		cancel()
		m.in.End()
		// The terminal is put back (once the screen's writer has
		// stopped), then the word goes below the screen the model
		// left, so it stays in the player's terminal; a client that
		// stopped reading does not hold the session up for either.
		said := make(chan struct{})
		word := m.lastWord()
		go func() {
			defer close(said)
			m.lines.Close()
			<-m.lines.Closed()
			if _, err := sess.Write(m.lines.Restore()); err != nil {
				return
			}
			if word != "" {
				wish.Println(sess, "okey: "+word)
			}
		}()
		select {
		case <-said:
		case <-time.After(time.Second):
		}
		next(sess)
	}
}

// program builds a session's model and its driver, or tells a client
// without a terminal that it needs one (nil: no driver).
func (s *Server) program(sess ssh.Session) (*tty.Driver, *session) {
	pty, _, ok := sess.Pty()
	if !ok {
		wish.Println(sess, i18n.MustLoad(langOf(sess.Environ())).T("bye.noterminal"))
		sess.Exit(1)
		return nil, nil
	}
	if s.ctx.Err() != nil {
		wish.Println(sess, i18n.MustLoad(langOf(sess.Environ())).T("bye.stopping"))
		sess.Exit(1)
		return nil, nil
	}
	if s.cfg.hook != nil {
		s.cfg.hook("start", canvas.CutBytes(sess.User(), maxUserBytes))
	}
	id, code := identityOf(sess)
	if s.overloaded() && s.hall.Holding(id) == nil {
		// A newcomer, while the node is over its limit: told so at
		// once, in their language. A player holding a seat here comes
		// back in.
		s.turnedAway.Add(1)
		s.log.Warn("turned away: the node is overloaded", "addr", hostOf(sess.RemoteAddr()), "delay", s.health.delay(), "store", s.health.storeWait())
		tr := i18n.MustLoad(langOf(sess.Environ()))
		if other := s.hall.OpenDoor(); other != "" {
			wish.Println(sess, tr.T("bye.full.elsewhere", sshCommand(other), retryMinutes))
		} else {
			wish.Println(sess, tr.T("bye.full", retryMinutes))
		}
		sess.Exit(1)
		return nil, nil
	}
	name := pages.CleanName(ansi.Strip(canvas.CutBytes(sess.User(), maxUserBytes)))
	if name == "" {
		name = "guest"
	}
	// The session ends with its connection, or when the server has said
	// goodbye (Shutdown). Its driver stops once its input has ended
	// (tty/input.go says why).
	ctx, cancel := context.WithCancel(sess.Context())
	pctx, pcancel := context.WithCancel(context.Background())
	in := tty.NewInput(sess)
	stop := func() { cancel(); in.Stop(pcancel) }
	context.AfterFunc(ctx, stop)
	m := newSession(s, ctx, id, code, name, s.limitKey(sess.RemoteAddr()), langOf(sess.Environ()))
	m.port = portOf(sess.LocalAddr())
	m.in = in
	w, h := s.clamp(pty.Window.Width, pty.Window.Height)
	// The session's screen is drawn by a LineScreen (tty/frame.go). The
	// colour profile is the one wish would have given a program (the
	// terminal's TERM, the PTY being emulated).
	env := append(sess.Environ(), "TERM="+pty.Term)
	profile := colorprofile.Env(env)
	m.lines = tty.NewLineScreen(sess, s.cfg.FPS, w, h, profile)
	f := tty.Framed{M: m, Scr: m.lines}
	if s.cfg.onFrame != nil {
		f.Seen = func(v tea.View) { s.cfg.onFrame(name, v) }
	}
	strange := func(msg tea.Msg) {
		s.log.Error("a command the session's driver cannot run", "msg", fmt.Sprintf("%T", msg), "name", name)
		if s.cfg.onStrange != nil {
			s.cfg.onStrange(msg)
		}
	}
	d := tty.NewDriver(pctx, f, m.lines, profile, func(msg tea.Msg) tea.Msg { return s.filter(nil, msg) }, strange)
	d.In, d.Term, d.W, d.H, d.Env = in, pty.Term, w, h, env
	s.register(m, sess, stop)
	s.log.Info("connect", "name", name, "addr", hostOf(sess.RemoteAddr()), "guest", code != "")
	return d, m
}

// ended tidies up after a session whose program has stopped.
func (s *Server) ended(sess ssh.Session) {
	s.mu.Lock()
	m, ok := s.bySess[sess]
	var reg *liveSession
	if ok {
		reg = s.sessions[m] // read under the lock: other sessions end at the same time
	}
	s.mu.Unlock()
	if !ok {
		return
	}
	if reg != nil {
		reg.cancel()
	}
	m.ended()
	s.unregister(m, sess)
	s.log.Info("disconnect", "name", m.name)
}

// filter keeps wish's suspend handling (a remote ctrl+z must not stop
// the server's process) and caps the window: a huge terminal would cost
// memory for every cell; an unknown (0×0) one is 80×24.
func (s *Server) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg := msg.(type) {
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	case tea.WindowSizeMsg:
		msg.Width, msg.Height = s.clamp(msg.Width, msg.Height)
		return msg
	}
	return msg
}

func (s *Server) clamp(w, h int) (int, int) {
	if w <= 0 || h <= 0 {
		return layout.MinWidth, layout.MinHeight
	}
	return min(w, s.cfg.MaxWidth), min(h, s.cfg.MaxHeight)
}

// register records a session; the same identity connected before is
// let go (its seat goes to the new one).
func (s *Server) register(m *session, sess ssh.Session, cancel context.CancelFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions[m] = &liveSession{cancel: cancel, sess: sess, conn: s.open[sess.RemoteAddr().String()]}
	s.bySess[sess] = m
	if old, ok := s.byID[m.id]; ok && old != m {
		s.replaceLocked(old)
	}
	s.byID[m.id] = m
}

// replaceLocked ends an older session of the same player.
func (s *Server) replaceLocked(old *session) {
	ls, ok := s.sessions[old]
	if !ok {
		return
	}
	s.log.Info("replaced by a new connection", "name", old.name)
	if ls.conn != nil {
		s.uncountLocked(ls.conn)
	}
	// The table tells the old session (it shows why for a moment); it
	// ends a little later whatever happens, and its channel is closed,
	// since a client that stopped reading may hold its writes.
	sess := ls.sess
	time.AfterFunc(replaceGrace, ls.cancel)
	time.AfterFunc(2*replaceGrace, func() { sess.Close() })
}

// replaceGrace is how long a replaced session has to say why.
const replaceGrace = 3 * time.Second

// liveHolder is the session here of identity id other than m, if any.
func (s *Server) liveHolder(id string, m *session) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.byID[id]; ok && o != m {
		return o
	}
	return nil
}

// answers reports whether m's connection answers an SSH keepalive
// within wait: a live client does at once, a dead connection (its
// client gone without a word) does not.
func (s *Server) answers(ctx context.Context, m *session, wait time.Duration) bool {
	s.mu.Lock()
	ls, ok := s.sessions[m]
	s.mu.Unlock()
	if !ok {
		return false // gone already
	}
	conn, ok := ls.sess.Context().Value(ssh.ContextKeyConn).(gossh.Conn)
	if !ok {
		return true // cannot ask: taken as there
	}
	done := make(chan bool, 1)
	go func() {
		_, _, err := conn.SendRequest("keepalive@openssh.com", true, nil)
		done <- err == nil
	}()
	select {
	case ok := <-done:
		return ok
	case <-time.After(wait):
		return false
	case <-ctx.Done():
		return true
	}
}

// seatInPlay reports whether the seat identity id holds at t is played
// by a connected player right now, on whichever node: the table shows
// them at it, not away.
func (s *Server) seatInPlay(t hall.SeatTable, id string) bool {
	for _, su := range s.hall.List() {
		if su.ID != t.TableID() {
			continue
		}
		if i := su.Holds(id); i >= 0 {
			return su.Players[i].Kind == seatmsg.Human
		}
	}
	return false
}

// reidentify moves a session to another identity (a guest's resume
// code), letting go an older session of it.
func (s *Server) reidentify(m *session, old string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byID[old] == m {
		delete(s.byID, old)
	}
	if o, ok := s.byID[m.id]; ok && o != m {
		s.replaceLocked(o)
	}
	s.byID[m.id] = m
}

func (s *Server) unregister(m *session, sess ssh.Session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, m)
	delete(s.bySess, sess)
	if s.byID[m.id] == m {
		delete(s.byID, m.id)
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
