package loadgen

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"okey/ui/serve"
)

// The server the load measures runs in a process of its own, so that
// its CPU and memory, read from /proc, are the server's alone: the load
// command runs itself again with ChildFlag (okey load --serve-child),
// which serves with okey serve's defaults but for the caps that would
// refuse many players from one address. The child says "ready ADDR" and
// then answers its standard input, one command a line:
//
//	cpu PATH    start a CPU profile into PATH       → "ok"
//	cpustop     stop it                             → "ok"
//	heap PATH   write a heap profile (after a GC)   → "ok"
//	mem         the runtime's memory classes        → "mem NAME=MB …", then "ok"
//	quit        stop serving (as SIGTERM would)     → the process ends

// ChildFlag is the hidden flag of the load command that makes it the
// server of a load run.
const ChildFlag = "serve-child"

// ServeChild is the child process's server: it serves on 127.0.0.1 at a
// free port, with its state under dir, until ctx ends, its input ends or
// says quit. It returns the process's exit status.
func ServeChild(ctx context.Context, dir string, in io.Reader, out io.Writer, timer time.Duration, fps int) int {
	cfg := serve.DefaultConfig()
	cfg.StateDir = filepath.Join(dir, "state")
	cfg.HostKey = filepath.Join(dir, "hostkey", "ssh_host_ed25519")
	cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	// Every client comes from 127.0.0.1: the caps for one address would
	// refuse all but a few; the caps of the whole server are raised to
	// what the load asks.
	cfg.MaxSessions, cfg.MaxPerAddr, cfg.MaxTables = 100000, 100000, 100000
	cfg.ConnPerMinute, cfg.TablesPerPlayer, cfg.TablesPerAddr, cfg.FreeGuesses = 0, 0, 0, 0
	cfg.DefaultTimer = timer
	if fps > 0 {
		cfg.FPS = fps
	}
	srv, _, err := serve.New(cfg)
	if err != nil {
		fmt.Fprintln(out, "error", err)
		return 1
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(out, "error", err)
		return 1
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	fmt.Fprintln(out, "ready", l.Addr().String())

	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	var prof *os.File
	defer func() {
		if prof != nil {
			pprof.StopCPUProfile()
			prof.Close()
		}
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	for {
		select {
		case <-ctx.Done():
			return 0
		case err := <-served:
			if err != nil {
				fmt.Fprintln(out, "error", err)
				return 1
			}
			return 0
		case line, ok := <-lines:
			if !ok {
				return 0
			}
			cmd, arg, _ := strings.Cut(line, " ")
			switch cmd {
			case "cpu":
				if prof == nil {
					if prof, err = os.Create(arg); err == nil {
						err = pprof.StartCPUProfile(prof)
					}
				}
			case "cpustop":
				if prof != nil {
					pprof.StopCPUProfile()
					err = prof.Close()
					prof = nil
				}
			case "heap":
				runtime.GC()
				var f *os.File
				if f, err = os.Create(arg); err == nil {
					err = errors.Join(pprof.WriteHeapProfile(f), f.Close())
				}
			case "mem":
				// Where the process's memory goes, as the runtime counts it.
				fmt.Fprintln(out, memClasses())
			case "quit":
				return 0
			default:
				err = fmt.Errorf("unknown command %q", cmd)
			}
			if err != nil {
				fmt.Fprintln(out, "error", err)
				err = nil
				continue
			}
			fmt.Fprintln(out, "ok")
		}
	}
}

// child is a server process started by the load.
type child struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	addr string
}

// startChild runs binary as the load's server, its state under dir.
func startChild(binary, dir string, timer time.Duration, fps int) (*child, error) {
	cmd := exec.Command(binary, "load", "--"+ChildFlag, "--state-dir", dir, "--timer", timer.String(), "--server-fps", strconv.Itoa(fps))
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the server %s: %w", binary, err)
	}
	c := &child{cmd: cmd, in: in, out: bufio.NewScanner(outp)}
	if !c.out.Scan() {
		c.stop()
		return nil, errors.New("the server process said nothing")
	}
	addr, ok := strings.CutPrefix(c.out.Text(), "ready ")
	if !ok {
		c.stop()
		return nil, fmt.Errorf("the server process: %s", c.out.Text())
	}
	c.addr = addr
	return c, nil
}

// ask sends the child a command and waits for its answer; lines said
// before "ok" are returned.
func (c *child) ask(cmd string) ([]string, error) {
	if _, err := io.WriteString(c.in, cmd+"\n"); err != nil {
		return nil, fmt.Errorf("server %q: %w", cmd, err)
	}
	var said []string
	for {
		if !c.out.Scan() {
			return said, fmt.Errorf("server %q: the process stopped", cmd)
		}
		switch t := c.out.Text(); {
		case t == "ok":
			return said, nil
		case strings.HasPrefix(t, "error "):
			return said, fmt.Errorf("server %q: %s", cmd, t)
		default:
			said = append(said, t)
		}
	}
}

// stop asks the child to quit and waits for it (killing it after 15 s).
func (c *child) stop() {
	io.WriteString(c.in, "quit\n")
	c.in.Close()
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}

func (c *child) pid() int { return c.cmd.Process.Pid }

// cpuOf is the CPU time process pid has used (Linux: /proc; 0 where it
// cannot be read).
func cpuOf(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name (in parentheses): utime and
	// stime are the 12th and 13th, in clock ticks (100 a second).
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	var u, k int64
	fmt.Sscan(f[11], &u)
	fmt.Sscan(f[12], &k)
	return time.Duration(u+k) * 10 * time.Millisecond
}

// rssOf is process pid's resident memory in bytes (Linux; 0 where
// unknown).
func rssOf(pid int) uint64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			var kb uint64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb)
			return kb << 10
		}
	}
	return 0
}

// memClasses is the runtime's account of the process's memory, in MB:
// live objects, free heap not yet returned, stacks, and the rest.
func memClasses() string {
	names := []string{"/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes",
		"/memory/classes/heap/free:bytes", "/memory/classes/heap/stacks:bytes", "/memory/classes/heap/released:bytes",
		"/memory/classes/total:bytes", "/gc/heap/live:bytes", "/sched/goroutines:goroutines"}
	samples := make([]metrics.Sample, len(names))
	for i, n := range names {
		samples[i].Name = n
	}
	metrics.Read(samples)
	var b strings.Builder
	b.WriteString("mem")
	for _, s := range samples {
		name := strings.TrimPrefix(strings.TrimPrefix(s.Name, "/memory/classes/"), "/")
		if s.Value.Kind() != metrics.KindUint64 {
			continue
		}
		v := s.Value.Uint64()
		if strings.HasSuffix(name, ":bytes") {
			fmt.Fprintf(&b, " %s=%.1fMB", strings.TrimSuffix(name, ":bytes"), float64(v)/(1<<20))
		} else {
			fmt.Fprintf(&b, " %s=%d", name, v)
		}
	}
	return b.String()
}
