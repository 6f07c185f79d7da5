package loadgen

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"okey/door"
	"okey/door/web"
	"okey/internal/ports"
	"okey/server/keep"
	"okey/server/tournaments"
)

// The servers the load measures run in processes of their own, so
// that their CPU and memory, read from /proc, are the servers' alone:
// the load command runs itself again with ChildFlag (okey load
// --serve-child SPEC, SPEC a ChildConfig in JSON), which serves with
// okey serve's defaults but for the caps that would refuse many players
// from one address; several such nodes form a cluster through their
// embedded NATS servers. A child says "ready ADDR" and then answers its
// standard input, one command a line:
//
//	cpu PATH    start a CPU profile into PATH       → "ok"
//	cpustop     stop it                             → "ok"
//	heap PATH   write a heap profile (after a GC)   → "ok"
//	mem         the runtime's memory classes        → "mem NAME=MB …", then "ok"
//	moved       tables stopped, taken over; turned away → "moved S T A", then "ok"
//	owned       the tables it holds the lease of    → "owned ID …", then "ok"
//	running     the tables it runs                  → "running ID …", then "ok"
//	stalled     the longest the process went unscheduled while serving
//	            (a 100 ms timer's lateness, in ns)   → "stalled N", then "ok"
//	unrenewed   the longest its leases went without a renewal the store
//	            acknowledged (in ns)                 → "unrenewed N", then "ok"
//	tourney F   create the operator's tournament F (a --tournament file's
//	            JSON, on one line)                  → "tourney ID", then "ok"
//	towned      the tournaments it drives           → "towned ID …", then "ok"
//	quit        stop serving (as SIGTERM would)     → the process ends

// stallTick is how often watchStalls looks at the clock.
const stallTick = 100 * time.Millisecond

// watchStalls keeps in longest the most a timer of stallTick came late
// until ctx ends: how long the process went unscheduled at a stretch.
// A starved machine (a neighbour at a higher priority, a process put
// in SCHED_IDLE) can stop a node for longer than its leases wait for
// a renewal; the load tells that from a server's fault by it.
func watchStalls(ctx context.Context, longest *atomic.Int64) {
	t := time.NewTicker(stallTick)
	defer t.Stop()
	last := time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			now := time.Now() // not the tick's time, which is when it was due
			if late := int64(now.Sub(last) - stallTick); late > longest.Load() {
				longest.Store(late)
			}
			last = now
		}
	}
}

// ChildFlag is the hidden flag of the load command that makes it a
// server of a load run; its value is the child's ChildConfig in JSON.
const ChildFlag = "serve-child"

// ChildConfig is what a load's server is told.
type ChildConfig struct {
	// Dir holds its state and its host key.
	Dir string `json:"dir"`
	// Listen is where it serves SSH ("127.0.0.1:0": a free port).
	Listen string `json:"listen"`
	// Timer is its tables' turn timer; FPS its frames a second (0: the
	// default).
	Timer time.Duration `json:"timer"`
	FPS   int           `json:"fps,omitempty"`
	// BotDelay is how long its bots' moves wait (0: okey serve's
	// default).
	BotDelay time.Duration `json:"bot_delay,omitempty"`
	// Cluster, Routes and Node make it one node of a cluster (Cluster
	// empty: alone): keep.StoreConfig's ClusterListen, Routes, NodeName.
	Cluster string   `json:"cluster,omitempty"`
	Routes  []string `json:"routes,omitempty"`
	Node    string   `json:"node,omitempty"`
	// NATS is the deployment the nodes share instead (--nats).
	NATS []string `json:"nats,omitempty"`
	// Secret is the file of the cluster's secret (--cluster-secret),
	// one for the load's nodes.
	Secret string `json:"secret,omitempty"`
	// Logged keeps its log in Dir's node.log (else it logs nothing): a
	// test that measures a cluster reads what each node saw.
	Logged bool `json:"logged,omitempty"`
	// Debug logs at debug level too (with Logged): the steps of a
	// takeover and each sweep that could not look, for a trace.
	Debug bool `json:"debug,omitempty"`
	// Web serves the browser door too, on a free loopback port, as
	// okey serve --web does.
	Web bool `json:"web,omitempty"`
}

// loadCluster names the cluster the load's nodes form.
const loadCluster = "okey-load"

// clusterReady is how long a started node waits for the others to form
// the cluster (it takes writes once a majority has met).
const clusterReady = time.Minute

// serveConfig is the okey serve configuration of a load's server: the
// defaults, with the caps for one address lifted (every client comes
// from 127.0.0.1) and the caps of the whole server raised to what a
// load asks.
func (cc ChildConfig) serveConfig() (door.Config, error) {
	cfg := door.DefaultConfig()
	cfg.StateDir = filepath.Join(cc.Dir, "state")
	cfg.HostKey = filepath.Join(cc.Dir, "hostkey", "ssh_host_ed25519")
	cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	if cc.Logged {
		if err := os.MkdirAll(cc.Dir, 0o700); err != nil {
			return cfg, err
		}
		// Open for the process's life: the node logs until it ends.
		f, err := os.OpenFile(filepath.Join(cc.Dir, "node.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			return cfg, err
		}
		var opts *slog.HandlerOptions
		if cc.Debug {
			opts = &slog.HandlerOptions{Level: slog.LevelDebug}
		}
		cfg.Log = slog.New(slog.NewTextHandler(f, opts))
	}
	cfg.MaxSessions, cfg.MaxPerAddr, cfg.MaxTables = 100000, 100000, 100000
	// A player on one node may type a join code before the table,
	// opened on another, has reached their node's lobby: a wrong code
	// to try again, not a guess to slow down.
	cfg.ConnPerMinute, cfg.TablesPerPlayer, cfg.TablesPerAddr, cfg.FreeGuesses = 0, 0, 0, 0
	cfg.DefaultTimer = cc.Timer
	if cc.FPS > 0 {
		cfg.FPS = cc.FPS
	}
	if cc.BotDelay > 0 {
		cfg.BotDelay = cc.BotDelay
	}
	if cc.Cluster != "" || len(cc.NATS) > 0 {
		secret, err := keep.ReadSecret(cc.Secret)
		if err != nil {
			return cfg, err
		}
		cfg.Store = keep.StoreConfig{ClusterListen: cc.Cluster, Routes: cc.Routes, ClusterName: loadCluster,
			NodeName: cc.Node, Ready: clusterReady, Secret: secret, NATS: cc.NATS}
		if len(cc.NATS) > 0 {
			cfg.Store.ClusterName = ""
		}
	}
	return cfg, nil
}

// ServeChild is the child process's server, spec its ChildConfig in
// JSON: it serves until ctx ends, its input ends or says quit. It
// returns the process's exit status, which the caller exits with at
// once: a server still being made when the input ends is left to the
// process's end.
func ServeChild(ctx context.Context, spec string, in io.Reader, out io.Writer) int {
	var cc ChildConfig
	if err := json.Unmarshal([]byte(spec), &cc); err != nil {
		fmt.Fprintln(out, "error", fmt.Errorf("the child's configuration: %w", err))
		return 2
	}
	if cc.Listen == "" {
		cc.Listen = "127.0.0.1:0"
	}
	cfg, err := cc.serveConfig()
	if err != nil {
		fmt.Fprintln(out, "error", err)
		return 1
	}
	// Stdin is read from the start: its end means the parent is gone,
	// and a child whose parent is gone ends, even while the server is
	// still being made (a cluster whose other nodes died as it started
	// can keep New waiting for the store up to a minute).
	lines, gone := make(chan string), make(chan struct{})
	go func() {
		defer close(lines)
		defer close(gone)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	type made struct {
		srv *door.Server
		err error
	}
	making := make(chan made, 1)
	go func() {
		srv, _, err := door.New(cfg)
		making <- made{srv, err}
	}()
	var srv *door.Server
	select {
	case m := <-making:
		if m.err != nil {
			fmt.Fprintln(out, "error", m.err)
			return 1
		}
		srv = m.srv
	case <-gone:
		return 1
	case <-ctx.Done():
		return 1
	}
	l, err := net.Listen("tcp", cc.Listen)
	if err != nil {
		fmt.Fprintln(out, "error", err)
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
		return 1
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	ready := l.Addr().String()
	var wd *web.Door
	var hs *http.Server
	if cc.Web {
		if wd, hs, err = serveWeb(srv, cfg); err != nil {
			fmt.Fprintln(out, "error", err)
			shutdownChild(srv, os.TempDir())
			return 1
		}
		ready += " " + hs.Addr
	}
	fmt.Fprintln(out, "ready", ready)
	var stalled atomic.Int64
	go watchStalls(ctx, &stalled)

	var prof *os.File
	defer func() {
		if prof != nil {
			pprof.StopCPUProfile()
			prof.Close()
		}
		if hs != nil {
			// Newcomers turned away first, as okey serve does; the
			// sockets are the server's to say goodbye on.
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			_ = hs.Shutdown(ctx)
			cancel()
		}
		shutdownChild(srv, os.TempDir())
		if wd != nil {
			wd.Close()
		}
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
			case "moved":
				stopped, taken := srv.TablesMoved()
				fmt.Fprintln(out, "moved", stopped, taken, srv.TurnedAway())
			case "owned":
				fmt.Fprintln(out, "owned", strings.Join(srv.Owned(), " "))
			case "stalled":
				fmt.Fprintln(out, "stalled", stalled.Load())
			case "unrenewed":
				fmt.Fprintln(out, "unrenewed", int64(srv.LeasesUnrenewed()))
			case "stretched":
				fmt.Fprintln(out, "stretched", srv.LeasesStretched())
			case "store":
				fmt.Fprintln(out, "store", srv.StoreView())
			case "running":
				fmt.Fprintln(out, "running", strings.Join(srv.Running(), " "))
			case "record":
				// A table's record as the store holds it (base64: one
				// line), for a measure of what a failover kept.
				rctx, cancel := context.WithTimeout(ctx, 3*time.Second)
				var rec []byte
				if rec, err = srv.StoredRecord(rctx, arg); err == nil {
					fmt.Fprintln(out, "record", base64.StdEncoding.EncodeToString(rec))
				}
				cancel()
			case "tourney":
				// The operator's tournament, its file's JSON on the line.
				var id string
				if id, err = childTourney(ctx, srv, arg); err == nil {
					fmt.Fprintln(out, "tourney", id)
				}
			case "towned":
				fmt.Fprintln(out, "towned", strings.Join(srv.TournamentsOwned(), " "))
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

// serveWeb serves srv's browser door on a free loopback port (the
// HTTP server's Addr), with okey serve's door's configuration.
func serveWeb(srv *door.Server, cfg door.Config) (*web.Door, *http.Server, error) {
	d, err := web.New(web.Config{Session: srv.Web, Admit: srv.AdmitWeb, MaxConnsPerAddr: cfg.WebConnsPerAddr(),
		IdleTimeout: cfg.IdleTimeout, MaxSession: cfg.MaxSession, HandshakeTimeout: cfg.HandshakeTimeout, Log: cfg.Log})
	if err != nil {
		return nil, nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, fmt.Errorf("the browser door: %w", err)
	}
	hs := d.HTTP()
	hs.Addr = l.Addr().String()
	go func() { _ = d.Serve(hs, l) }()
	return d, hs, nil
}

// child is a server process started by the load.
type child struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	addr string
	// webAddr is its browser door's address (ChildConfig's Web; else
	// "").
	webAddr string
}

// childReady is how long a started server may take to say it is ready
// (a node of a cluster waits for a majority of the others).
const childReady = clusterReady + 30*time.Second

// startChild runs binary as one of the load's servers.
func startChild(binary string, cc ChildConfig) (*child, error) {
	spec, err := json.Marshal(cc)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(binary, "load", "--"+ChildFlag, string(spec))
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
	said := make(chan bool, 1)
	go func() { said <- c.out.Scan() }()
	select {
	case ok := <-said:
		if !ok {
			c.stop()
			return nil, errors.New("the server process said nothing")
		}
	case <-time.After(childReady):
		c.cmd.Process.Kill()
		<-said
		c.stop()
		return nil, fmt.Errorf("the server process was not ready within %v", childReady)
	}
	addr, ok := strings.CutPrefix(c.out.Text(), "ready ")
	if !ok {
		c.stop()
		return nil, fmt.Errorf("the server process: %s", c.out.Text())
	}
	c.addr, c.webAddr, _ = strings.Cut(addr, " ")
	return c, nil
}

// startNodes starts the n servers of a step, their state under dir, at
// once (a node of a cluster is ready only once a majority has met): one
// alone, or n clustered through their embedded NATS servers on loopback
// ports. sshPort and clusterPort are the first nodes' ports, the others
// counting up from them (0: ports the system chooses).
//
// Every node is told base's Timer, FPS, BotDelay, Logged and Web.
func startNodes(binary, dir string, n int, base ChildConfig, sshPort, clusterPort int, nats []string) ([]*child, error) {
	for try := 1; ; try++ {
		kids, err := startNodesOnce(binary, dir, n, base, sshPort, clusterPort, nats)
		// Ports chosen free (clusterPort 0) can be taken by another
		// process between the choice and the node's listen: fresh ports,
		// then, a few times.
		if err == nil || clusterPort > 0 || len(nats) > 0 || n < 2 || try == 3 || !strings.Contains(err.Error(), "address already in use") {
			return kids, err
		}
		// What the try made goes (its nodes' stores would remember a
		// peer that never came); the step's trace beside them stays.
		for _, name := range append(nodeDirs(n), "cluster.secret") {
			if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
				return nil, fmt.Errorf("clearing a start's %s to start again: %w", name, err)
			}
		}
	}
}

// nodeDirs are the folders of a step's n nodes, under its folder.
func nodeDirs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("node%d", i)
	}
	return out
}

// startNodesOnce is startNodes's one try.
func startNodesOnce(binary, dir string, n int, base ChildConfig, sshPort, clusterPort int, nats []string) ([]*child, error) {
	ccs := make([]ChildConfig, n)
	var routes []string
	secret := filepath.Join(dir, "cluster.secret")
	if n > 1 || len(nats) > 0 {
		s, err := keep.NewSecret()
		if err == nil {
			err = keep.WriteSecret(secret, s)
		}
		if err != nil {
			return nil, err
		}
	}
	if n > 1 && len(nats) == 0 {
		ports, err := clusterPorts(n, clusterPort)
		if err != nil {
			return nil, err
		}
		for _, p := range ports {
			routes = append(routes, net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
		}
	}
	for i := range ccs {
		cc := ChildConfig{Dir: filepath.Join(dir, nodeDirs(n)[i]), Listen: "127.0.0.1:0", Timer: base.Timer, FPS: base.FPS, BotDelay: base.BotDelay, Logged: base.Logged, Debug: base.Debug, Web: base.Web}
		if sshPort > 0 {
			cc.Listen = net.JoinHostPort("127.0.0.1", strconv.Itoa(sshPort+i))
		}
		switch {
		case len(nats) > 0:
			cc.NATS, cc.Node, cc.Secret = nats, fmt.Sprintf("n%d", i), secret
		case n > 1:
			cc.Cluster, cc.Routes, cc.Node, cc.Secret = routes[i], routes, fmt.Sprintf("n%d", i), secret
		}
		ccs[i] = cc
	}
	kids := make([]*child, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i, cc := range ccs {
		wg.Go(func() {
			kids[i], errs[i] = startChild(binary, cc)
			if errs[i] != nil {
				errs[i] = fmt.Errorf("node %d: %w", i, errs[i])
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		stopAll(kids)
		return nil, err
	}
	return kids, nil
}

// clusterPorts are n ports for the nodes' cluster addresses: from first
// on, or (first 0) free ones below the system's ephemeral range
// (ports.Free).
func clusterPorts(n, first int) ([]int, error) {
	if first > 0 {
		ps := make([]int, n)
		for i := range ps {
			ps[i] = first + i
		}
		return ps, nil
	}
	ps, err := ports.Free(n)
	if err != nil {
		return nil, fmt.Errorf("finding ports for the cluster: %w", err)
	}
	return ps, nil
}

// stopAll stops the servers started, at once.
func stopAll(kids []*child) {
	var wg sync.WaitGroup
	for _, k := range kids {
		if k != nil {
			wg.Go(k.stop)
		}
	}
	wg.Wait()
}

// askDuration asks the child cmd, whose answer is "cmd N" with N in
// nanoseconds (stalled, unrenewed): 0 if it said nothing readable.
func (c *child) askDuration(cmd string) time.Duration {
	said, err := c.ask(cmd)
	if err != nil || len(said) == 0 {
		return 0
	}
	var ns int64
	if _, err := fmt.Sscanf(said[0], cmd+" %d", &ns); err != nil {
		return 0
	}
	return time.Duration(ns)
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

// childShutdown is how long a load's server may take to shut down
// (its own deadline is 10 s) before the process ends without it.
const childShutdown = 30 * time.Second

// shutdownChild shuts srv down, or gives up after childShutdown: a
// child's process ends anyway once this returns, and one that did not
// end lived on for half an hour after its parent was gone (seen twice,
// not yet understood). Giving up, it writes every goroutine's stack to
// a file in dir, and says so on stderr, so that the next time says why.
func shutdownChild(srv *door.Server, dir string) {
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	}()
	select {
	case <-stopped:
		return
	case <-time.After(childShutdown):
	}
	name := filepath.Join(dir, fmt.Sprintf("okey-load-shutdown-%d.txt", os.Getpid()))
	f, err := os.Create(name)
	if err == nil {
		err = errors.Join(pprof.Lookup("goroutine").WriteTo(f, 2), f.Close())
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "okey load: the server did not shut down within %v (its goroutines could not be written: %v)\n", childShutdown, err)
		return
	}
	fmt.Fprintf(os.Stderr, "okey load: the server did not shut down within %v; its goroutines are in %s\n", childShutdown, name)
}

// stop asks the child to quit and waits for it (killing it after 15 s).
func (c *child) stop() {
	io.WriteString(c.in, "quit\n")
	c.in.Close()
	waitOrKill(c.cmd, 15*time.Second)
}

// waitOrKill waits for a process the load started to end, and kills it
// if it has not within grace.
func waitOrKill(cmd *exec.Cmd, grace time.Duration) {
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(grace):
		cmd.Process.Kill()
		<-done
	}
}

func (c *child) pid() int { return c.cmd.Process.Pid }

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

// childTourney creates the operator's tournament whose file's JSON is
// spec (tournaments.FileConfig) on srv and returns its id.
func childTourney(ctx context.Context, srv *door.Server, spec string) (string, error) {
	c, err := tournaments.ReadConfig(strings.NewReader(spec))
	if err != nil {
		return "", err
	}
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return srv.OperatorTournament(tctx, c)
}
