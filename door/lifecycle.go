package door

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"okey/door/internal/refusals"
	"okey/game"
	"okey/game/classic/hand"
	"okey/game/daily"
	"okey/kit/store"
	"okey/server/hall"
	"okey/server/keep"
	"okey/server/tables"
	"okey/ui/serve"
)

// New builds a server: it reads the authorized keys, makes or reads the
// host key, and brings back the tables saved in the state directory
// (restoreErr says which could not be, which does not stop the server).
func New(cfg Config) (srv *Server, restoreErr error, err error) {
	if err := cfg.Check(); err != nil {
		return nil, nil, err
	}
	ops, err := readOperatorTourneys(cfg)
	if err != nil {
		return nil, nil, err
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{serving: make(chan struct{}), cfg: cfg, log: log, sessions: map[*serve.Session]*liveSession{}, byVisit: map[*visit]*serve.Session{}, byID: map[string]*serve.Session{}, perAddr: map[string]int{},
		open: map[string]*countedConn{}, connRate: newConnLimiter(cfg.ConnPerMinute, cfg.ConnBurst), guesses: newGuesses(cfg.FreeGuesses), opTourneys: ops,
		refusals: refusals.New(log, cfg.Now)}
	s.console = console{srv: s}
	s.browsers = BrowserLinks{srv: s}
	if cfg.AuthorizedKeys != "" {
		if s.authz, err = readAuthorizedKeys(cfg.AuthorizedKeys); err != nil {
			return nil, nil, err
		}
	}
	if cfg.Operators != "" {
		if s.operators, err = readOperators(cfg.Operators); err != nil {
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
		// 101's expert bots search on half the node's cores at most,
		// one at least; the rest of their moves are hard's.
		Searches: make(chan struct{}, max(1, runtime.NumCPU()/2)),
	}
	if s.rater != nil {
		topt.Rate = s.rater.Enqueue
	}
	if w := s.dailyW; w != nil {
		topt.DailyScored = func(sc tables.DailyScore) {
			g, _ := game.ParseKind(sc.Game)
			d, err := daily.ParseDate(sc.Date)
			if err != nil {
				log.Error("daily: a hand of no day", "table", sc.Table, "date", sc.Date)
				return
			}
			w.Enqueue(keep.DailyHand{Game: g, Date: d, ID: sc.Player, Hand: sc.Hand, Score: sc.Score, Record: sc.Record})
		}
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
	if kept != nil {
		if err := s.openTourneys(); err != nil {
			s.stop()
			s.hall.Wait()
			s.closeStore()
			s.lock.Unlock()
			return nil, nil, err
		}
	}
	if kept != nil && cfg.Store.Shared() {
		if err := s.hall.JoinNodes(s.ctx, s.eng, cmp.Or(cfg.Store.LeaseTTL, keep.LeaseTTL)); err != nil {
			s.stop()
			s.hall.Wait()
			s.closeStore()
			s.lock.Unlock()
			return nil, nil, err
		}
		log.Info("sharing the tables with other nodes", "node", s.eng.Node, "replicas", s.eng.Replicas, "secret", strings.Join(cfg.Store.Secret.Fingerprints(), ","))
		s.health.store = s.hall.StoreWait
		s.hall.SetDoor(func() (string, bool) { return cfg.PublicAddr, s.overloaded() })
		s.cluster = &clusterWatch{eng: s.eng, hall: s.hall, log: s.log, grace: cmp.Or(cfg.memberGrace, doorGrace), clustered: cfg.Store.Clustered()}
		go s.cluster.watch(s.ctx)
	}
	go s.health.watch(s.ctx)
	n, restoreErr := s.hall.Restore()
	if n > 0 {
		log.Info("tables restored", "count", n)
	}
	restoreErr = errors.Join(importErr, restoreErr)
	if err := s.startTourneys(); err != nil {
		// The operator's tournament refused: the server stops with why
		// (docs/serving.md), rather than run without it.
		s.stop()
		s.hall.Wait()
		s.closeStore()
		s.lock.Unlock()
		return nil, nil, err
	}

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
		wish.WithMiddleware(s.sshDoor),
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

// Serve accepts connections on l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	s.serveCalled.Store(true)
	began := func() { s.serveOnce.Do(func() { close(s.serving) }) }
	defer began() // a listener that failed at once: Shutdown waits for nothing
	err := s.ssh.Serve(&acceptSignal{Listener: l, first: began})
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// acceptSignal is a listener that calls first before every Accept (the
// caller makes that once): the SSH library asks for a connection only
// after counting the listener in. A pointer, since the library keys a
// map by its listeners.
type acceptSignal struct {
	net.Listener
	first func()
}

func (a *acceptSignal) Accept() (net.Conn, error) {
	a.first()
	return a.Listener.Accept()
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
	grace := time.NewTimer(serve.StopGrace + time.Second)
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
	if s.serveCalled.Load() {
		// Serve has begun: let the library count its listener in
		// before it is asked to count the listeners out.
		select {
		case <-s.serving:
		case <-ctx.Done():
		}
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

// openStore starts the engine of the state directory dir and opens the
// tables in it, importing those saved as files by an older okey serve
// (importErr says which could not be, which does not stop the server).
func (s *Server) openStore(dir string) (k *keep.Keeper, importErr, err error) {
	if s.eng, k, err = keep.OpenDir(s.ctx, dir, s.cfg.Store); err != nil {
		return nil, nil, err
	}
	k.SetLog(s.log)
	s.eng.SetLog(s.log)
	ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
	defer cancel()
	book, err := keep.OpenRatingBook(ctx, s.eng)
	if err != nil {
		s.closeStore()
		return nil, nil, err
	}
	if book.NamesLost() {
		// Deleted by a writer of the store, not by a node (the salt is
		// made once and never deleted): said, not silent.
		s.log.Error("the players' names' salt (its key, or its whole bucket) was deleted from the store and is made anew: every player's first sighting, rating and daily result is under the old names, found no more (as if those buckets were deleted); restore the store from a backup to get them back (docs/cluster.md)")
	}
	book.SetLog(s.log)
	s.rater, s.book = keep.NewRater(book, s.log), book
	if s.daily, err = keep.OpenDailyBook(ctx, s.eng); err != nil {
		s.closeStore()
		return nil, nil, err
	}
	s.daily.SetLog(s.log)
	s.dailyW = keep.NewDailyWriter(s.daily, s.log)
	s.browsers.openLinks(ctx)
	random := s.cfg.Random
	if random == nil {
		random = tables.DefaultRandom // crypto/rand
	}
	s.desk = &dailyDesk{book: s.daily, ratings: book, ctx: s.ctx, log: s.log, now: s.cfg.Now, random: random, loopback: s.cfg.dailyLoopback, prefix: s.cfg.DailyIPv6Prefix}
	if s.cfg.Store.Secret != nil && len(s.cfg.Store.Secret.Fingerprints()) > 1 {
		// The secret is being changed: what the daily keeps sealed with
		// the other key is sealed again (keep/rotate.go).
		if n, err := s.daily.Reseal(ctx); err != nil {
			s.log.Warn("daily: sealing again with the secret's key in use", "err", err)
		} else if n > 0 {
			s.log.Info("daily: sealed again with the secret's key in use", "values", n)
		}
		if s.browsers.links != nil {
			if n, err := s.browsers.links.Reseal(ctx); err != nil {
				s.log.Warn("links: sealing again with the secret's key in use", "err", err)
			} else if n > 0 {
				s.log.Info("links: sealed again with the secret's key in use", "values", n)
			}
		}
		if n, err := book.Reseal(ctx); err != nil {
			s.log.Warn("ratings: sealing again with the secret's key in use", "err", err)
		} else if n > 0 {
			s.log.Info("ratings: sealed again with the secret's key in use", "values", n)
		}
	}
	// The boards from memory, kept by a watch of the results for the
	// node's life; without it they are read from the store.
	if err := s.daily.Watch(s.ctx); err != nil {
		s.log.Warn("daily: the boards are read from the store", "err", err)
	}
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
	s.dailyW.Close()
	s.dailyW = nil
	if s.eng == nil {
		return
	}
	if err := s.eng.Close(); err != nil {
		s.log.Error("closing the store", "err", err)
	}
	s.eng = nil
}
