package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"
)

// Main runs okey on the process's arguments and streams, under a
// context SIGINT and SIGTERM end, and returns its exit status (see the
// package's comment). link is what a release build gave main at link
// time; the build's own information fills in the rest (see version).
func Main(link Link) int {
	fromLink = link
	ctx, stop := withSignals(context.Background())
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	return code
}

// signalled is the cause of a context a signal ended: the exit status
// is then 128 and the signal's number (130 for SIGINT, 143 for
// SIGTERM), the shells' convention, so a script can tell an interrupted
// run from a finished or a failed one.
type signalled struct{ sig syscall.Signal }

func (s *signalled) Error() string { return "interrupted by " + s.sig.String() }

// withSignals is a context that SIGINT or SIGTERM ends, with the signal
// as its cause. After the first signal the next one is the system's
// again: a second ctrl+c ends a run that does not stop at once.
func withSignals(parent context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			sig, _ := s.(syscall.Signal)
			cancel(&signalled{sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// run runs the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := newEnv(args, stdin, stdout, stderr, os.Getenv)
	return e.execute(ctx, newRoot(e), args)
}

// execute runs root on args with fang. A panic is a runtime error (exit
// 1, with the version and the stack for a bug report), never mistaken
// for a usage error (2).
func (e *env) execute(ctx context.Context, root *cobra.Command, args []string) (code int) {
	v := currentVersion()
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(e.stderr, "okey: %s\n%s\n%s\n", e.tr.T("cli.internal", v, r), debug.Stack(), e.tr.T("cli.internal.report"))
			code = 1
		}
	}()
	root.SetArgs(args)
	root.PersistentPreRun = func(c *cobra.Command, _ []string) { e.ran = c }
	root.SetIn(e.stdin)
	root.SetOut(&titles{w: e.stdout, tr: e.tr})
	root.SetErr(e.stderr)
	err := fang.Execute(ctx, root,
		fang.WithVersion(v.String()),
		fang.WithoutManpage(), // ours writes where it is told (okey man)
		fang.WithErrorHandler(func(io.Writer, fang.Styles, error) {}),
	)
	code = e.exit(err)
	var sig *signalled
	if errors.As(context.Cause(ctx), &sig) && !(e.signalStops && code == 0) {
		code = 128 + int(sig.sig)
	}
	return code
}
