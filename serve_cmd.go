package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"okey/ui/serve"
	"okey/ui/store"
)

const serveUsage = `usage: okey serve [flags]

Serves Okey over SSH: friends join with ssh -p 2222 HOST (nothing to
install) and play at tables with bots in the empty seats. A player with
an SSH key is known by its fingerprint and gets their seat back on
reconnecting; one without a key joins as a guest and is shown a resume
code that does the same. --authorized-keys makes the server private: only
those keys, no guests.

The host key is made on the first start and kept (by default in
$XDG_STATE_HOME/okey/serve-hostkey/, never in the working directory);
every table is saved as it is played in the state directory, and tables
come back after a restart with bots holding the seats until their
players return. SIGTERM or ctrl+c tells every player the server is
restarting, saves every table and stops; SIGHUP is logged and ignored.

Flags:
`

// serveMain is okey serve: flags in, the server run until a signal.
func serveMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, code, ok := parseServe(args, stdout, stderr)
	if !ok {
		return code
	}
	cfg.Log = slog.New(slog.NewTextHandler(stderr, nil))
	srv, restoreErr, err := serve.New(cfg)
	var locked *store.LockError
	switch {
	case errors.As(err, &locked):
		who := "another process"
		if locked.Pid > 0 {
			who = fmt.Sprintf("process %d", locked.Pid)
		}
		fmt.Fprintf(stderr, "okey serve: %s already serves from %s (one server a state directory)\n", who, locked.Dir)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "okey serve: %v\n", err)
		return 1
	}
	if restoreErr != nil {
		fmt.Fprintf(stderr, "okey serve: some tables could not be restored: %v\n", restoreErr)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The terminal that started the server closing is no reason to stop
	// serving: SIGHUP is logged and otherwise ignored.
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	go func() {
		for {
			select {
			case <-hup:
				cfg.Log.Warn("SIGHUP ignored: the server goes on (SIGTERM or ctrl+c stops it)")
			case <-ctx.Done():
				return
			}
		}
	}()
	served := make(chan error, 1)
	go func() { served <- srv.ListenAndServe() }()
	select {
	case err := <-served:
		srv.Shutdown(context.Background())
		if err != nil {
			fmt.Fprintf(stderr, "okey serve: %v\n", err)
			return 1
		}
		return 0
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintf(stderr, "okey serve: stopping: %v\n", err)
		return 1
	}
	return 0
}

// parseServe reads okey serve's flags. ok is false when the command
// should stop with code (help: 0, bad flags: 2, with one line on
// stderr).
func parseServe(args []string, stdout, stderr io.Writer) (cfg serve.Config, code int, ok bool) {
	cfg = serve.DefaultConfig()
	fs := flag.NewFlagSet("okey serve", flag.ContinueOnError)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "address to listen on")
	stateDir := fs.String("state-dir", "", "where the tables are saved (default $XDG_STATE_HOME/okey; the server uses its serve/ folder)")
	fs.StringVar(&cfg.HostKey, "host-key", "", "the SSH host key, made if missing (default $XDG_STATE_HOME/okey/serve-hostkey/ssh_host_ed25519)")
	fs.StringVar(&cfg.AuthorizedKeys, "authorized-keys", "", "an authorized_keys file: only these keys may log in, and no guests")
	fs.DurationVar(&cfg.DefaultTimer, "timer", cfg.DefaultTimer, "a new table's turn timer, after which the seat's bot plays (0: off)")
	fs.IntVar(&cfg.MaxTables, "max-tables", cfg.MaxTables, "most tables open at once")
	fs.IntVar(&cfg.MaxSessions, "max-sessions", cfg.MaxSessions, "most connections at once")
	fs.IntVar(&cfg.MaxPerAddr, "max-per-addr", cfg.MaxPerAddr, "most connections from one address")
	fs.IntVar(&cfg.ConnPerMinute, "conn-rate", cfg.ConnPerMinute, "new connections an address may open a minute, after a burst of --conn-burst (0: no limit)")
	fs.IntVar(&cfg.ConnBurst, "conn-burst", cfg.ConnBurst, "new connections an address may open at once")
	fs.IntVar(&cfg.TablesPerPlayer, "tables-per-player", cfg.TablesPerPlayer, "a player holding seats at this many tables opens no other (0: no limit)")
	fs.IntVar(&cfg.TablesPerAddr, "tables-per-addr", cfg.TablesPerAddr, "players from one address holding seats at this many tables open no other (0: no limit)")
	fs.DurationVar(&cfg.RoomIdle, "room-idle", cfg.RoomIdle, "a waiting room where nothing happens this long closes (0: never)")
	fs.DurationVar(&cfg.IdleEvict, "idle-evict", cfg.IdleEvict, "a full hall takes back a table nobody has been at this long (0: never)")
	fs.IntVar(&cfg.MaxWidth, "max-width", cfg.MaxWidth, "widest terminal served, in columns (a wider one is drawn at this width)")
	fs.IntVar(&cfg.MaxHeight, "max-height", cfg.MaxHeight, "tallest terminal served, in lines")
	fs.DurationVar(&cfg.HandshakeTimeout, "handshake-timeout", cfg.HandshakeTimeout, "time to log in")
	fs.DurationVar(&cfg.IdleTimeout, "idle-timeout", cfg.IdleTimeout, "a connection with no key pressed (or no traffic) for this long is closed")
	fs.DurationVar(&cfg.AwayAfter, "away-after", cfg.AwayAfter, "a player at a table with no key pressed this long is away: their bot plays (0: never)")
	fs.DurationVar(&cfg.ReleaseAfter, "release-after", cfg.ReleaseAfter, "a player away this long gives the seat up and is disconnected (0: never)")
	fs.DurationVar(&cfg.MaxSession, "max-session", cfg.MaxSession, "the longest a connection may last")
	fs.DurationVar(&cfg.KeepSeat, "keep-seat", cfg.KeepSeat, "how long a dropped player's seat is kept for them")
	fs.IntVar(&cfg.KeepMatches, "keep-matches", cfg.KeepMatches, "finished matches' records kept in the state directory, the newest (0: all)")
	fs.DurationVar(&cfg.BotDelay, "bot-delay", cfg.BotDelay, "how long a bot's move waits, so players see it")
	rest, code, ok := parseInterleaved(fs, args, serveUsage, stdout, stderr)
	if !ok {
		return cfg, code, false
	}
	fail := func(format string, a ...any) (serve.Config, int, bool) {
		fmt.Fprintf(stderr, "okey serve: "+format+"\n", a...)
		return serve.Config{}, 2, false
	}
	if len(rest) > 0 {
		return fail("unexpected argument %q (okey serve -h for help)", rest[0])
	}
	dir, err := store.ServeStateDir(*stateDir)
	if err != nil {
		return fail("%v", err)
	}
	cfg.StateDir = dir
	if cfg.HostKey == "" {
		if cfg.HostKey, err = store.HostKeyPath(*stateDir); err != nil {
			return fail("%v", err)
		}
	}
	if cfg.AuthorizedKeys != "" {
		if _, err := os.Stat(cfg.AuthorizedKeys); err != nil {
			return fail("--authorized-keys: %v", err)
		}
	}
	if err := cfg.Check(); err != nil {
		return fail("%v", err)
	}
	return cfg, 0, true
}
