package cmd

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"okey/door"
	"okey/kit/problem"
	"okey/kit/store"
	"okey/server/keep"
)

// serveRun checks the configuration and runs the server. Nothing is
// logged on stderr before the server is up: a start that fails (the
// address in use, the state directory locked) is one line, exit 1,
// unless --debug-log asks for the log (where it goes). A signal is how
// the server stops: a clean stop after one is exit 0.
func serveRun(ctx context.Context, cfg door.Config, f serveFlags, e *env) int {
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
	wd, err := listenWeb(f.web)
	if err != nil {
		return fail("cmd.serve.listen", problem.Sys(tr, err))
	}
	defer wd.close()
	cfg.WebURL = wd.url(f.web, cfg.PublicAddr)
	held := newHeldHandler(slog.NewTextHandler(stderr, nil))
	cfg.Log = slog.New(held)
	if dlog != nil {
		// The server's log goes to the debug log too, with the
		// sessions' screens, keys and moves (Config.Debug).
		cfg.Log = slog.New(slog.NewMultiHandler(held, dlog.Handler()))
		cfg.Debug = dlog
	}
	srv, restoreErr, err := door.New(cfg)
	var locked *store.LockError
	var flagged *door.FlagError
	switch {
	case errors.As(err, &locked):
		who := tr.T("cmd.serve.locked.other")
		if locked.Pid > 0 {
			who = tr.T("cmd.serve.locked.pid", locked.Pid)
		}
		return fail("cmd.serve.locked", who, locked.Dir)
	case errors.As(err, &flagged):
		// The flag named with its file, the file's fault in tr's words.
		return fail("cmd.serve.start", flagged.Flag+" "+problem.Sys(tr, flagged.Err))
	case err != nil:
		return fail("cmd.serve.start", problem.Sys(tr, err))
	}
	held.release()
	if wd != nil {
		if err := wd.start(f.web, cfg, srv, cfg.Log); err != nil {
			srv.Shutdown(context.Background())
			return fail("cmd.serve.start", problem.Sys(tr, err))
		}
	}
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
		wd.stopAccepting()
		srv.Shutdown(context.Background())
		if err != nil {
			return fail("cmd.serve.listen", problem.Sys(tr, err))
		}
		return 0
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	wd.stopAccepting()
	if err := srv.Shutdown(sctx); err != nil {
		return fail("cmd.serve.stop", problem.Sys(tr, err))
	}
	return 0
}

// sealStore is okey serve --seal-store: the store of cfg sealed once
// (keep.SealStore), what was sealed counted on one line.
func sealStore(ctx context.Context, cfg door.Config, e *env) int {
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
