// Command okey is the Turkish tile game Okey in the terminal: play a match
// against three bots (the default), analyse a hand (okey hand), or pit
// bots against each other (okey sim).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
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
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: okey [command] [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-6s %s\n", c.name, c.summary)
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

// run dispatches to a subcommand; flags with no command go to play.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "-help", "--help":
			usage(stdout)
			return 0
		}
		for _, c := range commands() {
			if args[0] == c.name {
				return c.run(ctx, args[1:], stdin, stdout, stderr)
			}
		}
		if args[0] != "" && args[0][0] != '-' {
			fmt.Fprintf(stderr, "okey: unknown command %q\n\n", args[0])
			usage(stderr)
			return 2
		}
	}
	return playMain(ctx, args, stdin, stdout, stderr)
}
