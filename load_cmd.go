package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"okey/ui/serve/loadgen"
)

const loadUsage = `usage: okey load [flags]

Measures okey serve under scripted players: N real SSH sessions dial at
a set pace, wait in the lobby, form tables of four through it (the host
opens a private table, every other one of Okey 101, the others join by
its code, the host starts), then play for a while as people do: a key
every couple of seconds (a sort of the rack, timed from the key to its
words on screen; the cursor; now and then a chat line), their move
within about a second of each turn, ready between hands.

It reports connections that failed or dropped, key-to-screen and
move-to-screen latency (p50, p95, p99), keys unanswered for 5 s, the
server's CPU and resident memory in all and per session, the lobby's
idle cost and the clients' own CPU; for one number of sessions or a
ladder (--sessions 100,250,500,750), a fresh server for each step. The
server runs in a process of its own (this binary, serving as okey serve
does) unless --addr names one already running (--pid then reads its CPU
and memory).

Flags:
`

// loadMain is okey load: flags in, the steps run, the table out.
func loadMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg := loadgen.DefaultConfig()
	fs := flag.NewFlagSet("okey load", flag.ContinueOnError)
	sessions := fs.String("sessions", "100", "sessions, or a ladder of them comma-separated (at tables of four; the rest wait in the lobby)")
	fs.StringVar(&cfg.Addr, "addr", "", "a running server to load (default: start one for each step)")
	fs.IntVar(&cfg.PID, "pid", 0, "with --addr: the server's process, to read its CPU and memory")
	fs.DurationVar(&cfg.Timer, "timer", cfg.Timer, "the turn timer of a started server's tables (0: none)")
	fs.IntVar(&cfg.ServerFPS, "server-fps", 0, "a started server's most frames a second a session (default: okey serve's)")
	fs.DurationVar(&cfg.Play, "play", cfg.Play, "how long each step plays")
	fs.DurationVar(&cfg.Idle, "idle", cfg.Idle, "how long the sessions first wait in the lobby (its idle cost)")
	fs.Float64Var(&cfg.Rate, "rate", cfg.Rate, "sessions dialled a second")
	fs.DurationVar(&cfg.KeyEvery, "key-every", cfg.KeyEvery, "mean time between a player's keys")
	fs.DurationVar(&cfg.MoveWithin, "move-within", cfg.MoveWithin, "the longest a player takes to move on its turn")
	fs.IntVar(&cfg.ChatEvery, "chat-every", cfg.ChatEvery, "every n-th key is a chat line (0: none)")
	fs.IntVar(&cfg.Width, "width", cfg.Width, "every terminal's width")
	fs.IntVar(&cfg.Height, "height", cfg.Height, "every terminal's height")
	fs.StringVar(&cfg.Term, "term", cfg.Term, "every terminal's TERM (vt100: no colours sent; xterm-256color: a real terminal's)")
	fs.StringVar(&cfg.CPUProfile, "cpuprofile", "", "a started server's CPU profile of the play, into this file")
	fs.StringVar(&cfg.HeapProfile, "heapprofile", "", "a started server's heap profile at the end of the play, into this file")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the players' pace")
	trace := fs.String("trace", "", "write every key that went unanswered, with the player's screen, into this file")
	child := fs.Bool(loadgen.ChildFlag, false, "(internal) serve as the load's server")
	stateDir := fs.String("state-dir", "", "(internal, with --"+loadgen.ChildFlag+") the server's state")
	rest, code, ok := parseInterleaved(fs, args, loadUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "okey load: unexpected argument %q (okey load -h for help)\n", rest[0])
		return 2
	}
	if *child {
		return loadgen.ServeChild(ctx, *stateDir, stdin, stdout, cfg.Timer, cfg.ServerFPS)
	}
	cfg.Sessions = nil
	for _, f := range strings.Split(*sessions, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			fmt.Fprintf(stderr, "okey load: --sessions %q: %v\n", *sessions, err)
			return 2
		}
		cfg.Sessions = append(cfg.Sessions, n)
	}
	if cfg.Addr == "" {
		bin, err := os.Executable()
		if err != nil {
			fmt.Fprintf(stderr, "okey load: finding this program to run its server: %v\n", err)
			return 1
		}
		cfg.Binary = bin
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(stderr, "okey load: %v\n", err)
		return 2
	}
	if *trace != "" {
		f, err := os.Create(*trace)
		if err != nil {
			fmt.Fprintf(stderr, "okey load: %v\n", err)
			return 1
		}
		defer f.Close()
		cfg.Trace = f
	}
	t0 := time.Now()
	if _, err := loadgen.Run(ctx, cfg, stdout); err != nil {
		fmt.Fprintf(stderr, "okey load: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "\n(%v in all)\n", time.Since(t0).Round(time.Second))
	return 0
}
