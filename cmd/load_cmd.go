package cmd

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"okey/door/loadgen"
	"okey/kit/problem"
)

// loadCmd is okey load: flags in, the steps run, the table out.
func loadCmd(e *env) *cobra.Command {
	cfg := loadgen.DefaultConfig()
	var sessions, trace, child, burn, busy string
	c := &cobra.Command{
		Use:   "load",
		Short: e.tr.T("cli.load.short"),
		Long:  e.tr.T("cli.load.long"),
		Example: `okey load --sessions 100
okey load --sessions 100,250,500,750 --play 120s
okey load --sessions 500 --daily 1 --play 180s
okey load --nodes 3 --sessions 100,250,500 --play 60s
okey load --web --sessions 100 --play 60s
okey load --nodes 3 --sessions 1000 --play 60s --burn 1.5
okey load --nodes 3 --sessions 200 --tournament arena --play 2m
okey load --nodes 3 --sessions 200 --tournament arena --kill-node-at 60s
okey load --addr 127.0.0.1:2222 --pid 4242 --sessions 200
okey load --addr 127.0.0.1:2501,127.0.0.1:2502,127.0.0.1:2503 \
--pid 4242,4243,4244 --sessions 300`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if burn != "" {
				return exitCode(loadgen.Burn(c.Context(), burn, e.stdin))
			}
			if busy != "" {
				return exitCode(loadgen.Busy(c.Context(), busy, e.stdin))
			}
			if !c.Flags().Changed("busy") && cfg.Burn > 0 {
				// A starved step is starved as a shared machine is: the
				// spinner and a process doing real work beside it.
				cfg.Busy = 1
			}
			return exitCode(loadRun(c.Context(), cfg, sessions, trace, child, e))
		},
	}
	fs := c.Flags()
	flag := func(name string) string { return e.tr.T("cli.flag.load." + name) }
	fs.StringVar(&sessions, "sessions", "100", flag("sessions"))
	fs.StringSliceVar(&cfg.Addrs, "addr", nil, flag("addr"))
	fs.IntSliceVar(&cfg.PIDs, "pid", nil, flag("pid"))
	fs.IntVar(&cfg.Nodes, "nodes", 1, flag("nodes"))
	fs.IntVar(&cfg.SSHPort, "ssh-port", 0, flag("ssh-port"))
	fs.IntVar(&cfg.ClusterPort, "cluster-port", 0, flag("cluster-port"))
	fs.StringSliceVar(&cfg.NATS, "nats", nil, flag("nats"))
	fs.Float64Var(&cfg.Burn, "burn", 0, flag("burn"))
	fs.IntVar(&cfg.Busy, "busy", 0, flag("busy"))
	fs.DurationVar(&cfg.Timer, "timer", cfg.Timer, flag("timer"))
	fs.IntVar(&cfg.ServerFPS, "server-fps", 0, flag("server-fps"))
	fs.BoolVar(&cfg.Web, "web", false, flag("web"))
	fs.DurationVar(&cfg.BotDelay, "bot-delay", 0, flag("bot-delay"))
	fs.Float64Var(&cfg.Daily, "daily", 0, flag("daily"))
	fs.StringVar(&cfg.Tournament, "tournament", "", flag("tournament"))
	fs.IntVar(&cfg.Rounds, "rounds", 0, flag("rounds"))
	fs.BoolVar(&cfg.JoinBurst, "join-burst", false, flag("join-burst"))
	fs.DurationVar(&cfg.KillAt, "kill-node-at", 0, flag("kill-node-at"))
	fs.DurationVar(&cfg.Play, "play", cfg.Play, flag("play"))
	fs.DurationVar(&cfg.Idle, "idle", cfg.Idle, flag("idle"))
	fs.Float64Var(&cfg.Rate, "rate", cfg.Rate, flag("rate"))
	fs.DurationVar(&cfg.KeyEvery, "key-every", cfg.KeyEvery, flag("key-every"))
	fs.DurationVar(&cfg.MoveWithin, "move-within", cfg.MoveWithin, flag("move-within"))
	fs.IntVar(&cfg.ChatEvery, "chat-every", cfg.ChatEvery, flag("chat-every"))
	fs.IntVar(&cfg.Width, "width", cfg.Width, flag("width"))
	fs.IntVar(&cfg.Height, "height", cfg.Height, flag("height"))
	fs.StringVar(&cfg.Term, "term", cfg.Term, flag("term"))
	fs.StringVar(&cfg.CPUProfile, "cpuprofile", "", flag("cpuprofile"))
	fs.StringVar(&cfg.Logs, "logs", "", flag("logs"))
	fs.StringVar(&cfg.HeapProfile, "heapprofile", "", flag("heapprofile"))
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, flag("seed"))
	fs.StringVar(&trace, "trace", "", flag("trace"))
	// The servers a step starts are this binary again, serving as okey
	// serve does: an internal flag (their configuration), hidden from the
	// help.
	fs.StringVar(&child, loadgen.ChildFlag, "", "")
	_ = fs.MarkHidden(loadgen.ChildFlag)
	fs.StringVar(&burn, loadgen.BurnFlag, "", "")
	_ = fs.MarkHidden(loadgen.BurnFlag)
	fs.StringVar(&busy, loadgen.BusyFlag, "", "")
	_ = fs.MarkHidden(loadgen.BusyFlag)
	return c
}

// loadRun runs okey load's steps (or, as a step's child, given its
// configuration, one of its servers).
func loadRun(ctx context.Context, cfg loadgen.Config, sessions, trace, child string, e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if child != "" {
		return loadgen.ServeChild(ctx, child, e.stdin, stdout)
	}
	cfg.Sessions = nil
	for _, f := range strings.Split(sessions, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			fmt.Fprintf(stderr, "okey load: %s\n", e.tr.T("cmd.load.sessions", sessions))
			return 2
		}
		cfg.Sessions = append(cfg.Sessions, n)
	}
	if len(cfg.Addrs) == 0 || cfg.Burn > 0 || cfg.Busy > 0 {
		bin, err := os.Executable()
		if err != nil {
			fmt.Fprintf(stderr, "okey load: %s\n", e.tr.T("cmd.load.self", problem.Sys(e.tr, err)))
			return 1
		}
		cfg.Binary = bin
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(stderr, "okey load: %v\n", err)
		return 2
	}
	if trace != "" {
		f, err := os.Create(trace)
		if err != nil {
			fmt.Fprintf(stderr, "okey load: %s\n", e.tr.T("cmd.load.trace", problem.Sys(e.tr, err)))
			return 1
		}
		defer f.Close()
		cfg.Trace = f
	}
	if ctx.Err() != nil {
		// Interrupted before the first step: no server is started
		// only to be stopped.
		fmt.Fprintf(stderr, "okey load: %s\n", e.tr.T("cmd.load.failed", problem.Sys(e.tr, ctx.Err())))
		return 1
	}
	t0 := time.Now()
	if _, err := loadgen.Run(ctx, cfg, stdout); err != nil {
		fmt.Fprintf(stderr, "okey load: %s\n", e.tr.T("cmd.load.failed", problem.Sys(e.tr, err)))
		return 1
	}
	fmt.Fprintf(stdout, "\n(%v in all)\n", time.Since(t0).Round(time.Second))
	return 0
}
