// Command okey is the Turkish tile game Okey in the terminal: play a match
// against three bots (the default), analyse a hand (okey hand), or pit
// bots against each other (okey sim).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"

	"github.com/charmbracelet/x/term"
)

// command is one subcommand: it gets its arguments and the standard
// streams, and returns the exit status.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"play", "play a match against three bots (the default)", playMain},
		{"hand", "analyse a hand: does it win, its groups, the distance, the discard", handMain},
		{"sim", "pit bots against each other and measure them", simMain},
		{"serve", "serve tables over SSH, to play with friends", serveMain},
		{"dirs", "where okey keeps its settings, saves and statistics", dirsMain},
		{"verify", "check a served match's record: its deals were fixed before play", verifyMain},
		{"review", "judge a seat's every decision in a match record: points lost, labels, why", reviewMain},
		{"load", "measure okey serve under scripted SSH players: latency, CPU and memory a session", loadMain},
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: okey [command] [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-7s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run okey COMMAND -h for a command's flags. With no command, okey plays.")
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand; flags with no command go to play. A
// panic is a runtime error (exit 1, with the stack for a bug report),
// never mistaken for a usage error (2).
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(commands(), ctx, args, stdin, stdout, stderr)
}

func runWith(cmds []command, ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "okey: internal error: %v\n%s\nPlease report this, with the command you ran.\n", r, debug.Stack())
			code = 1
		}
	}()
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "-help", "--help":
			usage(stdout)
			return 0
		}
		for _, c := range cmds {
			if args[0] == c.name {
				return c.run(ctx, args[1:], stdin, stdout, stderr)
			}
		}
		if args[0] != "" && args[0][0] != '-' {
			fmt.Fprintf(stderr, "okey: unknown command %q (okey help lists them)\n", args[0])
			return 2
		}
	}
	return playMain(ctx, args, stdin, stdout, stderr)
}

// parseInterleaved parses a command's flags, which may come before,
// between or after its other arguments (the tiles of okey hand), and
// returns those arguments. Help goes to stdout (exit 0); a bad flag is
// one line on stderr (exit 2). ok is false when the command should stop
// with code.
func parseInterleaved(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (rest []string, code int, ok bool) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdout, usage)
				fs.SetOutput(stdout)
				fs.PrintDefaults()
				return nil, 0, false
			}
			fmt.Fprintf(stderr, "%s: %v (%s -h for help)\n", fs.Name(), err, fs.Name())
			return nil, 2, false
		}
		args = fs.Args()
		// A lone "-" is an argument, not a flag: take it, or Parse would
		// stop at it again and again.
		for len(args) > 0 && (!strings.HasPrefix(args[0], "-") || args[0] == "-") {
			rest = append(rest, args[0])
			args = args[1:]
		}
		if len(args) == 0 {
			return rest, 0, true
		}
	}
}

// set reports whether the flag was given on the command line.
func set(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// isTerminal reports whether a standard stream is a terminal: the one
// check of every command (the table needs one, okey sim draws its
// progress bar on one). It asks the terminal driver, so /dev/null and
// other character devices are not terminals.
func isTerminal(s any) bool {
	f, ok := s.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}
