package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"okey/assets"
	"okey/kit/i18n"
	"okey/kit/problem"
)

// env is what every command runs with: the standard streams, the
// environment and the words of the language, which is picked before
// the command tree is built so that the help and the errors of the
// command line are said in it.
type env struct {
	args   []string // the command line, for the debug log
	stdin  io.Reader
	stdout io.Writer // a *guard: a failed write is a runtime failure
	stderr io.Writer // a *guard too
	getenv func(string) string
	lang   string
	tr     *i18n.Catalog
	// ran is the command that ran, for the line a failed write is
	// said on.
	ran *cobra.Command
	// signalStops is set by a command for which a signal is its way to
	// stop (okey serve): a clean stop then exits 0, not 130 or 143.
	signalStops bool
}

// newEnv picks the language from args (--lang) or the environment.
func newEnv(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) *env {
	lang := language(args, getenv)
	return &env{args: args, stdin: stdin, stdout: &guard{w: stdout}, stderr: &guard{w: stderr}, getenv: getenv, lang: lang, tr: i18n.MustLoad(lang)}
}

// guard is a standard stream that remembers its first failed write:
// whatever a command writes, a failure to write it (a full disk, a
// closed pipe) makes the run fail (exit 1), said on one line, rather
// than an exit 0 having written nothing. After a failure it writes no
// more. A server's log writes to it from many goroutines: one write at
// a time.
type guard struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (g *guard) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.w.Write(p)
	if err != nil {
		g.err = err
	}
	return n, err
}

// Unwrap is the stream guarded, for the checks of a terminal.
func (g *guard) Unwrap() io.Writer { return g.w }

// failed is the first write error of a stream of e, if any.
func failed(w io.Writer) error {
	if g, ok := w.(*guard); ok {
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.err
	}
	return nil
}

// language is --lang when args give a known one (wherever it stands,
// with one dash or two, so that even an error about the flags around it
// is said in it), else the environment's (LC_ALL, LC_MESSAGES, LANG).
func language(args []string, getenv func(string) string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, v, hasV := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			continue
		}
		if !hasV && i+1 < len(args) {
			v = args[i+1]
		}
		if slices.Contains(assets.Languages, v) {
			return v
		}
	}
	return i18n.FromEnv(getenv)
}

// exitError is a command's exit status, its reason already said.
type exitError struct{ code int }

func (x *exitError) Error() string { return fmt.Sprintf("exit status %d", x.code) }

// exitCode is the error a command returns for its status: nil for 0.
func exitCode(code int) error {
	if code == 0 {
		return nil
	}
	return &exitError{code}
}

// usageError is a wrong command line, said with the catalogue's key.
type usageError struct {
	cmd  *cobra.Command
	key  string
	args []any
	err  error // the parser's error, if any
}

func (u *usageError) Error() string { return u.key }

func (u *usageError) Unwrap() error { return u.err }

// exit turns what executing the tree returned into the exit status: a
// wrong command line is one line on stderr, exit 2; a write to stdout
// that failed is one line on stderr, exit 1, unless the command failed
// and said so itself; a command's own status as it is; any other error
// came from reading the command line: one line, exit 2.
func (e *env) exit(err error) int {
	var x *exitError
	var u *usageError
	said := errors.As(err, &x) // the command said why it failed
	switch {
	case errors.As(err, &u):
		fmt.Fprintf(e.stderr, "%s: %s\n", u.cmd.CommandPath(), e.tr.T(u.key, u.args...))
		return 2
	case failed(e.stdout) != nil && !said:
		// Whatever the command said it did, its report is not where
		// it was to go.
		fmt.Fprintf(e.stderr, "%s: %s\n", e.path(), e.tr.T("cmd.err.stdout", problem.OSReason(e.tr, failed(e.stdout))))
		return 1
	case err == nil && failed(e.stderr) != nil:
		return 1 // nowhere left to say it
	case err == nil:
		return 0
	case said:
		return x.code
	}
	fmt.Fprintf(e.stderr, "okey: %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
	return 2
}

// path is the command that ran (okey when none did: okey -h).
func (e *env) path() string {
	if e.ran == nil {
		return "okey"
	}
	return e.ran.CommandPath()
}

// isTerminal reports whether a standard stream is a terminal: the one
// check of every command (the table needs one, okey sim draws its
// progress bar on one). It asks the terminal driver, so /dev/null and
// other character devices are not terminals.
func isTerminal(s any) bool {
	f := fileOf(s)
	return f != nil && term.IsTerminal(f.Fd())
}

// fileOf is the file under a stream (through its guard), or nil.
func fileOf(s any) *os.File {
	for {
		switch v := s.(type) {
		case *os.File:
			return v
		case interface{ Unwrap() io.Writer }:
			s = v.Unwrap()
		default:
			return nil
		}
	}
}
