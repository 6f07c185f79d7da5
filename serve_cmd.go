package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"okey/ui/i18n"
	"okey/ui/problem"
	"okey/ui/serve"
	"okey/ui/serve/keep"
	"okey/ui/store"
)

// serveFlags are okey serve's flags beside the server's configuration.
type serveFlags struct {
	stateDir, debugLog string
	// secret is the file of the cluster's secret (--cluster-secret).
	secret string
	// proxies are the trusted proxies' addresses or networks
	// (--proxy-protocol).
	proxies []string
	// sealStore asks for the store to be sealed, once, instead of
	// served (--seal-store).
	sealStore bool
}

// serveCmd is okey serve: flags in, the server run until a signal.
func serveCmd(e *env) *cobra.Command {
	cfg := serve.DefaultConfig()
	var f serveFlags
	c := &cobra.Command{
		Use:   "serve",
		Short: e.tr.T("cli.serve.short"),
		Long:  e.tr.T("cli.serve.long"),
		Example: `okey serve --addr :2222
okey serve --authorized-keys ~/.ssh/authorized_keys --timer 20s
ssh -p 2222 localhost
okey serve secret okey.secret
okey serve --cluster 10.0.0.1:6222 --cluster-secret okey.secret \
--routes 10.0.0.1:6222,10.0.0.2:6222,10.0.0.3:6222
okey serve --nats tls://nats.example:4222 --nats-creds okey.creds \
--nats-ca ca.pem --cluster-secret okey.secret`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return exitCode(serveRun(c.Context(), cfg, f, e))
		},
	}
	fs := c.Flags()
	flag := func(name string) string { return e.tr.T("cli.flag.serve." + name) }
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, flag("addr"))
	fs.StringVar(&f.stateDir, "state-dir", "", e.tr.T("cli.flag.state-dir"))
	fs.StringVar(&cfg.HostKey, "host-key", "", flag("host-key"))
	fs.StringVar(&cfg.AuthorizedKeys, "authorized-keys", "", flag("authorized-keys"))
	fs.DurationVar(&cfg.DefaultTimer, "timer", cfg.DefaultTimer, flag("timer"))
	for _, n := range []struct {
		name string
		v    *int
	}{
		{"max-tables", &cfg.MaxTables}, {"max-sessions", &cfg.MaxSessions}, {"max-per-addr", &cfg.MaxPerAddr},
		{"conn-rate", &cfg.ConnPerMinute}, {"conn-burst", &cfg.ConnBurst},
		{"tables-per-player", &cfg.TablesPerPlayer}, {"tables-per-addr", &cfg.TablesPerAddr},
	} {
		fs.IntVar(n.v, n.name, *n.v, flag(n.name))
	}
	fs.DurationVar(&cfg.RoomIdle, "room-idle", cfg.RoomIdle, flag("room-idle"))
	fs.DurationVar(&cfg.IdleEvict, "idle-evict", cfg.IdleEvict, flag("idle-evict"))
	fs.IntVar(&cfg.MaxWidth, "max-width", cfg.MaxWidth, flag("max-width"))
	fs.IntVar(&cfg.MaxHeight, "max-height", cfg.MaxHeight, flag("max-height"))
	for _, d := range []struct {
		name string
		v    *time.Duration
	}{
		{"handshake-timeout", &cfg.HandshakeTimeout}, {"idle-timeout", &cfg.IdleTimeout},
		{"away-after", &cfg.AwayAfter}, {"release-after", &cfg.ReleaseAfter}, {"max-session", &cfg.MaxSession},
		{"keep-seat", &cfg.KeepSeat}, {"overload", &cfg.Overload},
	} {
		fs.DurationVar(d.v, d.name, *d.v, flag(d.name))
	}
	fs.IntVar(&cfg.KeepMatches, "keep-matches", cfg.KeepMatches, flag("keep-matches"))
	fs.IntVar(&cfg.IPv6Prefix, "ipv6-prefix", cfg.IPv6Prefix, flag("ipv6-prefix"))
	fs.StringSliceVar(&f.proxies, "proxy-protocol", nil, flag("proxy-protocol"))
	fs.DurationVar(&cfg.BotDelay, "bot-delay", cfg.BotDelay, flag("bot-delay"))
	fs.StringVar(&f.debugLog, "debug-log", "", flag("debug-log"))
	// Past one machine (docs/cluster.md).
	fs.StringSliceVar(&cfg.Store.NATS, "nats", nil, flag("nats"))
	fs.StringVar(&cfg.Store.Creds, "nats-creds", "", flag("nats-creds"))
	fs.StringVar(&cfg.Store.CA, "nats-ca", "", flag("nats-ca"))
	fs.StringVar(&cfg.Store.Cert, "nats-cert", "", flag("nats-cert"))
	fs.StringVar(&cfg.Store.Key, "nats-key", "", flag("nats-key"))
	fs.StringVar(&f.secret, "cluster-secret", "", flag("cluster-secret"))
	fs.StringVar(&cfg.Store.ClusterListen, "cluster", "", flag("cluster"))
	fs.StringSliceVar(&cfg.Store.Routes, "routes", nil, flag("routes"))
	fs.StringVar(&cfg.Store.ClusterName, "cluster-name", "okey", flag("cluster-name"))
	fs.StringVar(&cfg.PublicAddr, "public-addr", "", flag("public-addr"))
	fs.StringVar(&cfg.Store.NodeName, "node", "", flag("node"))
	fs.IntVar(&cfg.Store.Replicas, "replicas", 0, flag("replicas"))
	fs.BoolVar(&f.sealStore, "seal-store", false, flag("seal-store"))
	_ = c.MarkFlagDirname("state-dir")
	c.AddCommand(serveSecretCmd(e))
	return c
}

// serveSecretCmd is okey serve secret FILE: a new cluster secret, for
// every node of a cluster to be given; with --add, --promote or --drop,
// a step of changing the secret of a cluster that stays up
// (docs/cluster.md).
func serveSecretCmd(e *env) *cobra.Command {
	var add, promote, drop bool
	c := &cobra.Command{
		Use:     "secret FILE",
		Short:   e.tr.T("cli.serve.secret.short"),
		Long:    e.tr.T("cli.serve.secret.long"),
		Example: "okey serve secret okey.secret\nscp okey.secret node2: && scp okey.secret node3:\nokey serve secret --add okey.secret",
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return &usageError{cmd: c, key: "err.serve.secret.args"}
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			fail := func(key string, a ...any) error {
				fmt.Fprintf(e.stderr, "okey serve secret: %s\n", e.tr.T(key, a...))
				return exitCode(1)
			}
			step := map[bool]string{add: "add", promote: "promote", drop: "drop"}[true]
			if (add && promote) || (add && drop) || (promote && drop) {
				return &usageError{cmd: c, key: "err.serve.secret.steps"}
			}
			if step != "" {
				return changeSecret(e, args[0], step, fail)
			}
			s, err := keep.NewSecret()
			if err == nil {
				err = keep.WriteSecret(args[0], s)
			}
			if errors.Is(err, fs.ErrExist) {
				return fail("err.serve.secret.exists", args[0])
			}
			if err != nil {
				return fail("cmd.serve.secret.write", problem.Sys(e.tr, err))
			}
			fmt.Fprintln(e.stdout, e.tr.T("cli.serve.secret.done", args[0], s.Fingerprint()))
			return nil
		},
	}
	fs := c.Flags()
	fs.BoolVar(&add, "add", false, e.tr.T("cli.flag.serve.secret.add"))
	fs.BoolVar(&promote, "promote", false, e.tr.T("cli.flag.serve.secret.promote"))
	fs.BoolVar(&drop, "drop", false, e.tr.T("cli.flag.serve.secret.drop"))
	return c
}

// changeSecret takes the secret file at path one step on in changing
// the cluster's secret (keep/rotate.go), replacing the file whole.
func changeSecret(e *env, path, step string, fail func(string, ...any) error) error {
	s, err := keep.ReadSecret(path)
	if err != nil {
		return fail("cmd.serve.secret", problem.Sys(e.tr, err))
	}
	switch step {
	case "add":
		s, err = s.AddKey()
	case "promote":
		s, err = s.PromoteKey()
	default:
		s, err = s.DropKey()
	}
	switch {
	case errors.Is(err, keep.ErrTwoKeys):
		return fail("err.serve.secret.two")
	case errors.Is(err, keep.ErrNoNewKey):
		return fail("err.serve.secret.one")
	case err != nil:
		return fail("cmd.serve.secret.write", problem.Sys(e.tr, err))
	}
	if err := keep.ReplaceSecret(path, s); err != nil {
		return fail("cmd.serve.secret.write", problem.Sys(e.tr, err))
	}
	fmt.Fprintln(e.stdout, e.tr.T("cli.serve.secret."+step, path, strings.Join(s.Fingerprints(), ", ")))
	return nil
}

// serveRun checks the configuration and runs the server. Nothing is
// logged on stderr before the server is up: a start that fails (the
// address in use, the state directory locked) is one line, exit 1,
// unless --debug-log asks for the log (where it goes). A signal is how
// the server stops: a clean stop after one is exit 0.
func serveRun(ctx context.Context, cfg serve.Config, f serveFlags, e *env) int {
	stderr, tr := e.stderr, e.tr
	e.signalStops = true
	fail := func(key string, a ...any) int {
		fmt.Fprintf(stderr, "okey serve: %s\n", tr.T(key, a...))
		return 1
	}
	cfg, code, ok := checkServe(cfg, f, tr, stderr)
	if !ok {
		return code
	}
	if f.sealStore {
		return sealStore(ctx, cfg, e)
	}
	dlog, closeLog, err := openDebugLog(f.debugLog, e.getenv, e.commandLine(), true)
	if err != nil {
		return fail("cli.err.debuglog", problem.Sys(tr, err))
	}
	defer closeLog()
	// The address first: a busy one stops the start before any table
	// is read.
	l, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fail("cmd.serve.listen", problem.Sys(tr, err))
	}
	defer l.Close()
	held := newHeldHandler(slog.NewTextHandler(stderr, nil))
	cfg.Log = slog.New(held)
	if dlog != nil {
		// The server's log goes to the debug log too, with the
		// sessions' screens, keys and moves (Config.Debug).
		cfg.Log = slog.New(slog.NewMultiHandler(held, dlog.Handler()))
		cfg.Debug = dlog
	}
	srv, restoreErr, err := serve.New(cfg)
	var locked *store.LockError
	switch {
	case errors.As(err, &locked):
		who := tr.T("cmd.serve.locked.other")
		if locked.Pid > 0 {
			who = tr.T("cmd.serve.locked.pid", locked.Pid)
		}
		return fail("cmd.serve.locked", who, locked.Dir)
	case err != nil:
		return fail("cmd.serve.start", problem.Sys(tr, err))
	}
	held.release()
	if restoreErr != nil {
		fmt.Fprintf(stderr, "okey serve: %s\n", tr.T("cmd.serve.restore", problem.Sys(tr, restoreErr)))
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
	cfg.Log.Info("listening", "addr", l.Addr().String())
	go func() { served <- srv.Serve(l) }()
	select {
	case err := <-served:
		srv.Shutdown(context.Background())
		if err != nil {
			return fail("cmd.serve.listen", problem.Sys(tr, err))
		}
		return 0
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fail("cmd.serve.stop", problem.Sys(tr, err))
	}
	return 0
}

// sealStore is okey serve --seal-store: the store of cfg sealed once
// (keep.SealStore), what was sealed counted on one line.
func sealStore(ctx context.Context, cfg serve.Config, e *env) int {
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "okey serve: %s\n", e.tr.T("cmd.serve.seal-store", problem.Sys(e.tr, err)))
		return 1
	}
	lock, err := store.LockDir(cfg.StateDir)
	if err != nil {
		return fail(err)
	}
	defer lock.Unlock()
	eng, k, err := keep.OpenDir(ctx, cfg.StateDir, cfg.Store)
	if err != nil {
		return fail(err)
	}
	defer eng.Close()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	n, err := k.SealStore(ctx)
	if err != nil {
		return fail(err)
	}
	daily, err := keep.OpenDailyBook(ctx, eng)
	if err != nil {
		return fail(err)
	}
	book, err := keep.OpenRatingBook(ctx, eng)
	if err != nil {
		return fail(err)
	}
	boards, err := keep.SealPlain(ctx, daily, book)
	if err != nil {
		return fail(err)
	}
	fmt.Fprintln(e.stdout, e.tr.T("cmd.serve.sealed", n.Entries, n.Records, n.Last, n.Next, boards))
	return 0
}

// heldHandler holds the log's records until release: those of a start
// that fails are never shown (the start's error is the one line to
// read), those of one that succeeds are, in order, and every later
// record at once.
type heldHandler struct {
	h    slog.Handler
	mu   *sync.Mutex
	held *[]heldRecord
	on   *bool
}

type heldRecord struct {
	h slog.Handler
	r slog.Record
}

// newHeldHandler holds h's records until release.
func newHeldHandler(h slog.Handler) *heldHandler {
	return &heldHandler{h: h, mu: &sync.Mutex{}, held: &[]heldRecord{}, on: new(bool)}
}

func (x *heldHandler) Enabled(ctx context.Context, l slog.Level) bool { return x.h.Enabled(ctx, l) }

func (x *heldHandler) Handle(ctx context.Context, r slog.Record) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if !*x.on {
		*x.held = append(*x.held, heldRecord{x.h, r.Clone()})
		return nil
	}
	return x.h.Handle(ctx, r)
}

func (x *heldHandler) WithAttrs(a []slog.Attr) slog.Handler {
	return &heldHandler{h: x.h.WithAttrs(a), mu: x.mu, held: x.held, on: x.on}
}

func (x *heldHandler) WithGroup(name string) slog.Handler {
	return &heldHandler{h: x.h.WithGroup(name), mu: x.mu, held: x.held, on: x.on}
}

// release writes the records held and lets every later one through.
func (x *heldHandler) release() {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, hr := range *x.held {
		_ = hr.h.Handle(context.Background(), hr.r)
	}
	*x.held, *x.on = nil, true
}

// checkServe completes and checks okey serve's configuration. ok is
// false when the command should stop with code 2 (1 for a file that
// cannot be read), having said why on one line.
func checkServe(cfg serve.Config, f serveFlags, tr *i18n.Catalog, stderr io.Writer) (serve.Config, int, bool) {
	stateDir, secret := f.stateDir, f.secret
	fail := func(format string, a ...any) (serve.Config, int, bool) {
		fmt.Fprintf(stderr, "okey serve: "+format+"\n", a...)
		return serve.Config{}, 2, false
	}
	// A file given that cannot be read is a runtime failure, as a
	// record given to okey verify is: the command line is right.
	failed := func(key string, a ...any) (serve.Config, int, bool) {
		fmt.Fprintf(stderr, "okey serve: %s\n", tr.T(key, a...))
		return serve.Config{}, 1, false
	}
	dir, err := store.ServeStateDir(stateDir)
	if err != nil {
		return failed("cmd.err.nostatedir")
	}
	cfg.StateDir = dir
	if cfg.HostKey == "" {
		if cfg.HostKey, err = store.HostKeyPath(stateDir); err != nil {
			return failed("cmd.err.nostatedir")
		}
	}
	if secret != "" {
		if cfg.Store.Secret, err = keep.ReadSecret(secret); err != nil {
			return failed("cmd.serve.secret", problem.Sys(tr, err))
		}
	}
	if cfg.AuthorizedKeys != "" {
		if _, err := os.Stat(cfg.AuthorizedKeys); err != nil {
			return failed("cmd.serve.keys", problem.Sys(tr, err))
		}
	}
	if cfg.TrustedProxies, err = serve.ParseProxies(f.proxies); err != nil {
		return fail("%v", err)
	}
	if err := cfg.Check(); err != nil {
		return fail("%v", err)
	}
	return cfg, 0, true
}
