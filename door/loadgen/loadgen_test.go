package loadgen

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"okey/door"
	"okey/door/internal/logbuf"
	"okey/internal/quicksuite"
	"okey/internal/waitbound"
	"okey/kit/i18n"
	"okey/server/keep"
	"okey/server/servetest"
)

// Side by side: the tests that start clusters of their own processes
// (each on ports of its own, its store in its own directory) run side
// by side, not one after the other: most of their time is waiting —
// on the nodes making their replicated streams, a frozen node's lease,
// an arena's matches — not on the cores. TestStarvedClusterPlaysOn
// alone runs before them, with the machine to itself and its burner:
// what it checks is play under a load it sets.

// TestMain makes the test binary a load's server or its neighbour when
// it is run as one (okey load --serve-child SPEC, okey load --burn-child
// CORES), so that the tests can start nodes and a burner as the load
// command does. A child it did not know would run every test of the
// package again, the starved cluster's among them, whose burner would do
// the same: a chain of test binaries under one another.
func TestMain(m *testing.M) {
	if len(os.Args) == 4 && os.Args[1] == "load" {
		switch os.Args[2] {
		case "--" + ChildFlag:
			os.Exit(ServeChild(context.Background(), os.Args[3], os.Stdin, os.Stdout))
		case "--" + BurnFlag:
			os.Exit(Burn(context.Background(), os.Args[3], os.Stdin))
		case "--" + BusyFlag:
			os.Exit(Busy(context.Background(), os.Args[3], os.Stdin))
		}
	}
	flag.Parse()
	waitbound.Parallel(8)
	quicksuite.Collect()
	os.Exit(m.Run())
}

func TestCheck(t *testing.T) {
	ok := DefaultConfig()
	ok.Binary = "okey"
	tests := []struct {
		name string
		edit func(*Config)
		bad  bool
	}{
		{"default", func(*Config) {}, false},
		{"a ladder", func(c *Config) { c.Sessions = []int{100, 250, 500, 750} }, false},
		{"not a table", func(c *Config) { c.Sessions = []int{3} }, true},
		{"none", func(c *Config) { c.Sessions = nil }, true},
		{"no server", func(c *Config) { c.Binary = "" }, true},
		{"an address", func(c *Config) { c.Binary, c.Addrs = "", []string{"127.0.0.1:2222"} }, false},
		{"no pace", func(c *Config) { c.KeyEvery = 0 }, true},
		{"tiny terminal", func(c *Config) { c.Width = 40 }, true},
		{"no rate", func(c *Config) { c.Rate = 0 }, true},
		{"three nodes started", func(c *Config) { c.Nodes = 3 }, false},
		{"negative nodes", func(c *Config) { c.Nodes = -1 }, true},
		{"too many nodes", func(c *Config) { c.Nodes = maxNodes + 1 }, true},
		{"three running nodes", func(c *Config) {
			c.Binary, c.Addrs, c.PIDs = "", []string{"127.0.0.1:2501", "127.0.0.1:2502", "127.0.0.1:2503"}, []int{11, 12, 13}
		}, false},
		{"a process id short", func(c *Config) {
			c.Binary, c.Addrs, c.PIDs = "", []string{"127.0.0.1:2501", "127.0.0.1:2502"}, []int{11}
		}, true},
		{"an empty address", func(c *Config) { c.Binary, c.Addrs = "", []string{"127.0.0.1:2501", ""} }, true},
		{"nodes both started and given", func(c *Config) { c.Nodes, c.Addrs = 3, []string{"127.0.0.1:2501"} }, true},
		{"ports", func(c *Config) { c.Nodes, c.SSHPort, c.ClusterPort = 3, 2501, 6501 }, false},
		{"no room for the ports", func(c *Config) { c.Nodes, c.SSHPort = 3, 65534 }, true},
		{"half on the daily", func(c *Config) { c.Daily = 0.5 }, false},
		{"one player of the daily", func(c *Config) { c.Daily, c.Sessions = 1, []int{1} }, false},
		{"one player, not all on the daily", func(c *Config) { c.Daily, c.Sessions = 0.5, []int{1} }, true},
		{"more than all on the daily", func(c *Config) { c.Daily = 1.5 }, true},
		{"bots that wait less than nothing", func(c *Config) { c.BotDelay = -time.Second }, true},
		{"an arena", func(c *Config) { c.Tournament = "arena" }, false},
		{"a Swiss of five rounds", func(c *Config) { c.Tournament, c.Rounds = "swiss", 5 }, false},
		{"a Swiss of sixteen rounds", func(c *Config) { c.Tournament, c.Rounds = "swiss", 16 }, true},
		{"an arena's joins in one second", func(c *Config) { c.Tournament, c.JoinBurst = "arena", true }, false},
		{"a burst of joins with no tournament", func(c *Config) { c.JoinBurst = true }, true},
		{"a busy neighbour", func(c *Config) { c.Busy = 1 }, false},
		{"busy neighbours less than none", func(c *Config) { c.Busy = -1 }, true},
		{"too many busy neighbours", func(c *Config) { c.Busy = maxBusy + 1 }, true},
		{"a busy neighbour beside servers given", func(c *Config) { c.Binary, c.Addrs, c.Busy = "", []string{"127.0.0.1:2222"}, 1 }, true},
		{"a cup", func(c *Config) { c.Tournament = "cup" }, true},
		{"a tournament on servers given", func(c *Config) { c.Tournament, c.Binary, c.Addrs = "arena", "", []string{"127.0.0.1:2222"} }, true},
		{"a node killed in an arena of three", func(c *Config) { c.Tournament, c.Nodes, c.KillAt = "arena", 3, time.Minute }, false},
		{"a node killed with no tournament", func(c *Config) { c.Nodes, c.KillAt = 3, time.Minute }, true},
		{"a node killed of two", func(c *Config) { c.Tournament, c.Nodes, c.KillAt = "arena", 2, time.Minute }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.edit(&c)
			if err := c.Check(); (err != nil) != tt.bad {
				t.Errorf("Check() = %v, want an error: %v", err, tt.bad)
			}
		})
	}
}

func TestPct(t *testing.T) {
	var ds []time.Duration
	for i := 1; i <= 100; i++ {
		ds = append(ds, time.Duration(101-i)*time.Millisecond)
	}
	for _, tt := range []struct {
		p    float64
		want time.Duration
	}{{50, 50 * time.Millisecond}, {95, 95 * time.Millisecond}, {99, 99 * time.Millisecond}, {100, 100 * time.Millisecond}} {
		if got := pct(ds, tt.p); got != tt.want {
			t.Errorf("pct(1..100 ms, %v) = %v, want %v", tt.p, got, tt.want)
		}
	}
	if got := pct(nil, 99); got != 0 {
		t.Errorf("pct(none) = %v", got)
	}
}

// TestRun loads a server in this process with ten sessions, two tables
// (one of each game) and two left in the lobby, until its players have
// done each thing (UntilEach: a few seconds; a slow machine is given
// two minutes): every session connects, both tables form, keys and
// moves are timed, nothing is lost.
func TestRun(t *testing.T) {
	t.Parallel()
	lc := DefaultConfig()
	lc.Addrs = []string{serveInProcess(t, nil)}
	lc.Sessions = []int{10} // two tables, and two sessions left in the lobby
	lc.Play, lc.Idle, lc.UntilEach = 2*time.Minute, 0, true
	lc.KeyEvery, lc.MoveWithin, lc.ChatEvery = 300*time.Millisecond, 300*time.Millisecond, 5
	r, out := runLoad(t, lc)
	if r.ConnectFailed+r.FormFailed+r.Dropped > 0 {
		t.Errorf("failures: %d connecting, %d tables, %d dropped\n%s", r.ConnectFailed, r.FormFailed, r.Dropped, out)
	}
	if len(r.Keys) == 0 || len(r.Moves) == 0 || len(r.Reach) == 0 || r.Chat == 0 || r.Cursor == 0 {
		t.Errorf("keys %d, moves %d, turns reached %d, chat %d, cursor %d: want some of each\n%s",
			len(r.Keys), len(r.Moves), len(r.Reach), r.Chat, r.Cursor, out)
	}
	if r.KeysLost > 0 {
		t.Errorf("%d keys unanswered\n%s", r.KeysLost, out)
	}
	if !strings.Contains(out, "| 10 | 1 | 0/0/0 |") {
		t.Errorf("the report has no row for 10 sessions without failures:\n%s", out)
	}
}

// TestRunNodes starts three nodes as the load command does (this test
// binary run as their servers, clustered through their embedded NATS)
// and loads them with eight sessions spread over them in turn: two
// tables (one of each game) whose hosts are on one node and whose
// players joined by code from the others; every table forms, keys and
// moves are answered with nothing lost, and each node's process is
// measured.
func TestRunNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a cluster of three processes: 10 to 30 s, most of it the nodes making their replicated streams")
	}
	t.Parallel() // its own processes and ports: beside the others (see above TestMain)
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	lc := DefaultConfig()
	lc.Binary, lc.Nodes = bin, 3
	lc.Sessions = []int{8}
	lc.Play, lc.Idle = 5*time.Second, time.Second
	lc.KeyEvery, lc.MoveWithin, lc.ChatEvery = 300*time.Millisecond, 300*time.Millisecond, 5
	r, out := runLoad(t, lc)
	if r.ConnectFailed+r.FormFailed+r.Dropped > 0 {
		t.Errorf("failures: %d connecting, %d tables, %d dropped\n%s", r.ConnectFailed, r.FormFailed, r.Dropped, out)
	}
	if len(r.Nodes) != 3 {
		t.Fatalf("%d nodes, want 3\n%s", len(r.Nodes), out)
	}
	var cpu float64
	var rss uint64
	for i, nd := range r.Nodes {
		if want := []int{3, 3, 2}[i]; nd.Sessions != want {
			t.Errorf("node %d had %d sessions, want %d", i, nd.Sessions, want)
		}
		if nd.PID <= 0 || nd.RSSFull == 0 || nd.CPU <= 0 {
			t.Errorf("node %d (process %d): CPU %v, RSS %d: want both measured", i, nd.PID, nd.CPU, nd.RSSFull)
		}
		cpu, rss = cpu+nd.CPU, rss+nd.RSSFull
	}
	if r.ServerCPU != cpu || r.RSSFull != rss {
		t.Errorf("the servers' CPU %v and RSS %d are not the nodes' sums %v and %d", r.ServerCPU, r.RSSFull, cpu, rss)
	}
	if len(r.Keys) == 0 || len(r.Moves) == 0 || len(r.Reach) == 0 {
		t.Errorf("keys %d, moves %d, turns reached %d: want some of each\n%s", len(r.Keys), len(r.Moves), len(r.Reach), out)
	}
	if r.KeysLost+r.MovesLost > 0 {
		t.Errorf("%d keys and %d moves unanswered\n%s", r.KeysLost, r.MovesLost, out)
	}
	if !strings.Contains(out, "| 8 | 3 | 0/0/0 |") {
		t.Errorf("the report has no row for 8 sessions on 3 nodes without failures:\n%s", out)
	}
}

func TestRackSorted(t *testing.T) {
	rack := func(row1, row2 string) string {
		return "x\n           ╭─ your rack: ←→↑↓ move ─╮\n" +
			"           │" + row1 + "│\n           │" + row1 + "│\n           │" + row1 + "│\n" +
			"           │" + row2 + "│\n           │" + row2 + "│\n           │" + row2 + "│\n"
	}
	cell := func(faces ...string) string {
		out := ""
		for _, f := range faces {
			if f == "" {
				out += "     "
				continue
			}
			out += "│" + f + strings.Repeat(" ", 3-len(f)) + "│"
		}
		return out
	}
	tests := []struct {
		name          string
		scr           string
		value, colour bool
	}{
		{"by value", rack(cell("B2", "", "Y3", "K3"), cell("B11", "OK", "R13")), true, false},
		{"by colour", rack(cell("R2", "R9", "", "Y1"), cell("Y5", "K3", "K4")), false, true},
		{"neither", rack(cell("R9", "Y1", "R2"), cell("K3")), false, false},
		// A 101 table lays a sort's groups out whole on a row, the
		// longest first: by value, one value a group, rows not rising
		// in reading order.
		{"by value, 101's groups", rack(cell("R4", "R4", "B4", "K4", "", "R12", "Y12", "K12"), cell("Y1", "B1", "", "B5", "", "Y8", "B8", "", "OK")), true, false},
		{"by colour, 101's groups", rack(cell("R2", "R5", "R9", "", "K1", "K4"), cell("Y3", "Y7", "", "B6")), false, true},
		{"groups of mixed values", rack(cell("R4", "Y5", "", "K12"), cell("Y1", "B1")), false, false},
		{"no rack", "OKEY\nlobby", false, false},
	}
	for _, tt := range tests {
		if got := rackSorted(tt.scr, sortedValue); got != tt.value {
			t.Errorf("%s: sorted by value %v, want %v", tt.name, got, tt.value)
		}
		if got := rackSorted(tt.scr, sortedColour); got != tt.colour {
			t.Errorf("%s: sorted by colour %v, want %v", tt.name, got, tt.colour)
		}
	}
}

// starts is how many clusters TestNodesStartTogether starts.
var starts = flag.Int("starts", 2, "TestNodesStartTogether: how many three-node clusters to start (docs/studies/cluster-runs.md's measure: 20)")

// TestNodesStartTogether starts three okey processes at the same
// instant, as a deploy or a power cut does, clustered on loopback with
// one secret, again and again: each time every node comes up and
// serves (a node that could not make its replicated streams and buckets
// — "no suitable peers for placement" while the cluster's meta leader
// did not yet know all three — exited: 1 start in 21 before).
// `go test ./door/loadgen -run NodesStartTogether -starts 20 -v`.
func TestNodesStartTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("starts clusters of three processes (seconds each)")
	}
	t.Parallel() // its own processes and ports: beside the others (see above TestMain)
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for i := range *starts {
		start := time.Now()
		kids, err := startNodes(bin, t.TempDir(), 3, ChildConfig{Timer: 30 * time.Second}, 0, 0, nil)
		if err != nil {
			t.Fatalf("start %d: %v", i+1, err)
		}
		took := time.Since(start)
		for j, k := range kids {
			if c, err := net.DialTimeout("tcp", k.addr, 10*time.Second); err != nil {
				t.Errorf("start %d: node %d does not serve: %v", i+1, j, err)
			} else {
				c.Close()
			}
		}
		stopAll(kids)
		t.Logf("start %d: three nodes serving after %v", i+1, took.Round(time.Millisecond))
	}
}

// TestBurnerIsOnlyABurner: the test binary started as the load's
// neighbour (as TestStarvedClusterPlaysOn starts it) burns and ends
// when its input does, saying nothing — it runs no test (it ran the
// whole package again, and its own burner did the same).
func TestBurnerIsOnlyABurner(t *testing.T) {
	t.Parallel()
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "load", "--"+BurnFlag, "0.1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	in.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil || out.Len() > 0 {
			t.Errorf("the burner ended with %v, saying %q: want nothing said, status 0", err, out.String())
		}
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("the burner still ran a minute after its input ended; it said:\n%s", out.String())
	}
}

// TestStarvedClusterPlaysOn: three nodes serve 200 sessions beside a
// neighbour burning one and a half of the machine's cores (CI's own
// load on top): every table forms, every key and move is answered, and
// no table is stopped by a lease that missed its renewal while its node
// was merely slow. The waits are generous (30 s a key, a table asked
// for again when the server could not open it just then, a join asked
// again when the table did not answer it): the test checks that play
// goes on, not how fast. A node the machine did not run at all for
// half a lease's TTL or more (each node says the longest its 100 ms
// timer came late) is not merely slow: its leases may run out, as a
// frozen node's must, and a table stopped then is said, not failed. So
// is a node whose renewals the store acknowledged none of for a lease's
// TTL or more while it ran (each node says the longest): a stalled
// store's disk can hold every write that long (docs/tests.md); tables
// not formed then are said too. A table taken over while every node ran
// and renewed is the server's fault, and the nodes' lines on it are
// quoted.
//
// It runs on request only (OKEY_STARVED=1) while issue 96's fault
// stands: tables not formed under a busy neighbour ("That table has
// closed." at a join), which failed a clean-clone CI run by chance
// (docs/tests.md).
func TestStarvedClusterPlaysOn(t *testing.T) {
	if testing.Short() {
		t.Skip("three nodes, 200 sessions and a CPU burner for about a minute")
	}
	if os.Getenv("OKEY_STARVED") != "1" {
		t.Skip("an open fault (docs/tests.md): OKEY_STARVED=1 runs it")
	}
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	lc := DefaultConfig()
	lc.Binary, lc.Nodes, lc.Burn, lc.Busy = bin, 3, 1.5, 1
	lc.Sessions = []int{200}
	lc.Play, lc.Idle, lc.Answer = 15*time.Second, time.Second, 30*time.Second
	// The nodes' logs are kept (a folder of the test's unless given),
	// so that a table taken over from a node that ran is shown with
	// what each node said of it.
	lc.Logs = cmp.Or(*starvedLogs, t.TempDir())
	r, out := runLoad(t, lc)
	t.Logf("%s", r.line())
	var stalled, unrenewed time.Duration
	for _, nd := range r.Nodes {
		stalled, unrenewed = max(stalled, nd.Stalled), max(unrenewed, nd.Unrenewed)
	}
	t.Logf("the longest a node went unscheduled: %v; the longest a node's leases went without a renewal the store took: %v", stalled.Round(time.Millisecond), unrenewed.Round(time.Millisecond))
	switch {
	case r.ConnectFailed+r.Dropped > 0:
		t.Errorf("failures: %d connecting, %d tables, %d dropped\n%s", r.ConnectFailed, r.FormFailed, r.Dropped, out)
	case r.FormFailed == 0:
	case unrenewed >= keep.LeaseTTL:
		// A table's join code reaches the other nodes' lobbies through
		// the store: standing still, it leaves codes finding no table.
		t.Logf("%d tables not formed: the store took none of a node's renewals for %v, a lease's %v or more (the store stood still)", r.FormFailed, unrenewed.Round(time.Millisecond), keep.LeaseTTL)
	default:
		t.Errorf("failures: %d tables not formed, the store renewing\n%s", r.FormFailed, out)
	}
	if len(r.Keys) == 0 || len(r.Moves) == 0 {
		t.Fatalf("keys %d, moves %d: nobody played\n%s", len(r.Keys), len(r.Moves), out)
	}
	if r.KeysLost+r.MovesLost > 0 {
		t.Errorf("%d keys and %d moves unanswered in 30 s\n%s", r.KeysLost, r.MovesLost, out)
	}
	switch {
	case r.TablesStopped+r.TakenOver == 0:
	case stalled >= keep.LeaseTTL/2:
		t.Logf("%d tables stopped for a lost lease, %d taken over: the machine stopped a node for %v, half a lease's %v or more (not the server's fault)",
			r.TablesStopped, r.TakenOver, stalled.Round(time.Millisecond), keep.LeaseTTL)
	case unrenewed >= keep.LeaseTTL:
		t.Logf("%d tables stopped for a lost lease, %d taken over: the store took none of a node's renewals for %v, a lease's %v or more, while the node ran (the store stood still, not the node)",
			r.TablesStopped, r.TakenOver, unrenewed.Round(time.Millisecond), keep.LeaseTTL)
	default:
		t.Errorf("%d tables stopped for a lost lease, %d taken over, while every node was running and the store renewing (the longest a node stood still: %v; its leases unrenewed: %v); what the nodes said of leases, takeovers and members:\n%s",
			r.TablesStopped, r.TakenOver, stalled.Round(time.Millisecond), unrenewed.Round(time.Millisecond), movedLines(t, lc.Logs))
	}
}

// movedLines is every line of the nodes' logs under dir that speaks of
// a table moving between nodes (a lease lost or taken, a takeover, a
// sweep's find, a cluster member leaving) or is an error (a table not
// put away as it closed leaves its entry for another node to bring
// back), each led by its node's folder: where a table taken over from a
// node that ran came from.
func movedLines(t *testing.T, dir string) string {
	t.Helper()
	marks := []string{"took over", "taking a table over", "lease", "sweep", "member left", "gone from the cluster", "a gone node's", "level=ERROR"}
	var out strings.Builder
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "node.log" {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		node := filepath.Base(filepath.Dir(path))
		for line := range strings.Lines(string(b)) {
			for _, m := range marks {
				if strings.Contains(line, m) {
					out.WriteString(node + ": " + line)
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Sprintf("(the logs not read: %v)", err)
	}
	return out.String()
}

// starvedLogs is where TestStarvedClusterPlaysOn keeps its nodes' state
// and logs (with their debug lines): to read why a table was taken over
// from a node that ran, `-starved-logs DIR`.
var starvedLogs = flag.String("starved-logs", "", "TestStarvedClusterPlaysOn: a folder to keep the nodes' logs in")

// arenaLogs is where TestArenaNodeKilled keeps its nodes' state and
// logs and the load's trace (a step-N folder each; "": a folder of its
// own, removed after): to read what each node did in a run that failed,
// `go test ./door/loadgen -run TestArenaNodeKilled -arena-logs DIR`.
var arenaLogs = flag.String("arena-logs", "", "TestArenaNodeKilled: a folder to keep the nodes' logs and the load's trace in")

// freezes is how many owners TestFrozenOwnerTakeover stops.
var freezes = flag.Int("freezes", 1, "TestFrozenOwnerTakeover: how many times a table's node is frozen (docs/studies/cluster-runs.md's measure: 10)")

// frozenFor is how long TestFrozenOwnerTakeover keeps a node frozen at
// least (0: until the table runs elsewhere and its live player is
// back): long enough, the node's peers close its routes, and it finds
// them joining again as it wakes.
var frozenFor = flag.Duration("frozen-for", 0, "TestFrozenOwnerTakeover: how long a node stays frozen at least")

// pressTurn has TestFrozenOwnerTakeover's frozen node's player, once
// back at the seat, wait for their turn (up to the turn timer and some)
// and press their move: the measure says how long after the key the
// screen moved on, and fails one not taken within pressTaken (an audit
// saw such a player's turn stand until its timer played it).
var pressTurn = flag.Bool("press-turn", false, "TestFrozenOwnerTakeover: the frozen node's player, back, plays their turn; its key must be taken")

// pressTaken is how long a move pressed on the turn may take to show.
const pressTaken = 5 * time.Second

// traceStore has TestFrozenOwnerTakeover say, through a freeze, each
// change of every live node's view of the store (who leads the tables'
// streams, each replica's lag) and the nodes' takeover steps at debug
// level: where a slow takeover's time goes.
var traceStore = flag.Bool("trace-store", false, "TestFrozenOwnerTakeover: log each live node's view of the store through a freeze, and the nodes' debug lines")

// TestFrozenOwnerTakeover: three okey processes clustered on loopback
// with one secret (TLS on the routes, as deployed); a player opens a
// table on the first node, another sits at it through the second, and
// the match starts; once every node's leases ask for the TTL (not
// stretched by the slow renewals of the cluster's start), the node
// that runs it is frozen (SIGSTOP: its
// connections stay open, as in a partition) and another node takes the
// table over; the frozen node is let go again (SIGCONT) and the next
// freeze begins on a fresh cluster. It reports each takeover's time
// (from the freeze to another node holding the table's lease, asked
// every 100 ms, and then running it: its record read, which waits while
// the store's streams elect new leaders), how long after the table runs
// the player on the live node was back at the seat with no key pressed,
// and how long after the frozen node woke its own player was; it
// asserts only that each came, within generous waits: the figures are
// the measure, `go test ./door/loadgen -run FrozenOwner -freezes 10
// -v`.
func TestFrozenOwnerTakeover(t *testing.T) {
	if testing.Short() {
		t.Skip("three processes, a table, a node frozen (tens of seconds)")
	}
	t.Parallel() // its own processes and ports: beside the others (see above TestMain)
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var took, runs, back, woke []time.Duration
	for i := range *freezes {
		f, err := freezeOnce(t, bin)
		if err != nil {
			t.Fatalf("freeze %d: %v", i+1, err)
		}
		t.Logf("freeze %d (the cluster settled %v after the match began): lease taken %v after its node froze, the table running %v after that; the live node's player back %v after that; the frozen node's player back %v after it woke (their move on their turn taken %v after the key); %d false warnings",
			i+1, f.calm.Round(100*time.Millisecond), f.took.Round(100*time.Millisecond), f.runs.Round(100*time.Millisecond), f.back.Round(100*time.Millisecond), f.woke.Round(100*time.Millisecond), f.pressed.Round(10*time.Millisecond), len(f.warned))
		if len(f.warned) > 0 {
			// Every member is an okey node: a warning is a false alarm,
			// the one an operator must never learn to ignore.
			t.Errorf("freeze %d: %d warnings of a member %q since the freeze:\n%s", i+1, len(f.warned), notKnown, strings.Join(f.warned, "\n"))
		}
		took, back, woke = append(took, f.took+f.runs), append(back, f.back), append(woke, f.woke)
		runs = append(runs, f.runs)
	}
	for _, m := range []struct {
		what  string
		ds    []time.Duration
		bound time.Duration
	}{{"takeovers of a frozen owner (to the table running)", took, 10 * time.Second}, {"the table running after its lease was taken", runs, 2 * time.Second},
		{"the live node's player back after the table runs", back, 2 * time.Second},
		{"the frozen node's player back after it woke", woke, 2 * time.Second}} {
		slices.Sort(m.ds)
		within := 0
		for _, d := range m.ds {
			if d <= m.bound {
				within++
			}
		}
		t.Logf("%s: median %v, worst %v, %d of %d within %v", m.what, m.ds[len(m.ds)/2].Round(100*time.Millisecond),
			m.ds[len(m.ds)-1].Round(100*time.Millisecond), within, len(m.ds), m.bound)
	}
}

// frozen is one freeze's figures: the takeover after the freeze (the
// lease taken), the table running after that, the live node's player
// back at the seat after the table runs, the frozen node's own player
// back after it woke; and how long the cluster took to settle before
// the freeze (calm: every node's leases asking for the TTL).
type frozen struct {
	took, runs, back, woke, calm time.Duration
	// pressed is how long after the frozen node's player, back, pressed
	// their move on their turn the screen moved on (pressTurn).
	pressed time.Duration
	// warned is what the nodes warned of a member "not a known okey
	// node" from the freeze to 15 s after the frozen node woke: false
	// alarms, every member being an okey node.
	warned []string
}

// notKnown is the warning a node logs of a cluster member that writes
// no door.
const notKnown = "not a known okey node"

// falseWarnings waits out a member's grace and some after the frozen
// node woke (every node of kids is an okey node) and counts the
// warnings of a member not known that the nodes' logs under dir give
// since the freeze (those of the cluster's start, its nodes making
// their streams at once, are not the freeze's).
func falseWarnings(dir string, n int, froze, woke time.Time) (lines []string) {
	time.Sleep(time.Until(woke.Add(15 * time.Second)))
	for i := range n {
		b, _ := os.ReadFile(nodeLog(dir, i))
		for _, l := range strings.Split(string(b), "\n") {
			f := strings.Fields(l)
			if !strings.Contains(l, notKnown) || len(f) == 0 {
				continue
			}
			at, err := time.Parse(time.RFC3339Nano, strings.TrimPrefix(f[0], "time="))
			if err != nil || !at.Before(froze) {
				lines = append(lines, fmt.Sprintf("node %d: %s", i, l))
			}
		}
	}
	return lines
}

// playTurnOnce waits for c's turn (the turn timer and some) and plays
// it — finish, draw or discard, as the load's players do — and says how
// long after the key the turn's marker left the screen.
func playTurnOnce(ctx context.Context, c *client) (time.Duration, error) {
	scr, ok := c.await(ctx, 45*time.Second, func(s string) bool { return strings.Contains(s, markMyTurn) })
	if !ok {
		return 0, fmt.Errorf("no turn came in 45 s; the screen:\n%s", scr)
	}
	var pend *pendingKey
	if !c.move(scr, nil, &pend) || pend == nil {
		return 0, errors.New("the move's key not sent")
	}
	after, ok := c.await(ctx, pressTaken, func(s string) bool { return !strings.Contains(s, pend.gone) })
	if !ok {
		return 0, fmt.Errorf("the move pressed on the turn (%s gone awaited) not taken in %v; the screen:\n%s", pend.gone, pressTaken, after)
	}
	return time.Since(pend.at), nil
}

// untilUnstretched waits until no node of kids asks for stretched
// leases (two minutes at most) and says how long that took.
func untilUnstretched(kids []*child) (time.Duration, error) {
	start := time.Now()
	for {
		stretched := false
		for _, k := range kids {
			said, err := k.ask("stretched")
			if err != nil {
				return 0, err
			}
			stretched = stretched || len(said) == 1 && strings.TrimSpace(strings.TrimPrefix(said[0], "stretched")) == "true"
		}
		if !stretched {
			return time.Since(start), nil
		}
		if time.Since(start) > 2*time.Minute {
			return 0, errors.New("a node's leases still stretched two minutes after the cluster started")
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// backAtSeat is what a player's screen says once the session has taken
// the seat back where the table moved.
const backAtSeat = "you are back in your seat"

// seesWithin waits until c's screen shows s and says how long that took.
func seesWithin(ctx context.Context, c *client, s string, within time.Duration) (time.Duration, error) {
	start := time.Now()
	err := c.see(ctx, s, within)
	return time.Since(start), err
}

// freezeOnce starts a cluster, opens a table, freezes its node and says
// how long until another node ran the table, and until its players were
// back at their seats.
func freezeOnce(t *testing.T, bin string) (f frozen, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	run, err := startTableRun(ctx, bin, t.TempDir(), *traceStore)
	if run != nil {
		// A player slow to be back (past the 2 s asked), a false
		// warning, or a freeze that failed: what each node saw.
		defer func() {
			run.stop(t, err != nil || f.back > 2*time.Second || f.woke > 2*time.Second || len(f.warned) > 0 || *traceStore, 40)
		}()
	}
	if err != nil {
		return f, err
	}
	dir, kids, c, bob := run.dir, run.kids, run.ann, run.bob
	const owner = 0
	// The cluster settled first: a node whose renewals were slow (as
	// they may be while a cluster that just started elects its
	// streams' leaders) asks for leases three times the TTL for half a
	// minute after, and a node frozen then is waited for that much
	// longer — the measure is of a frozen owner whose leases ask for
	// the TTL.
	if f.calm, err = untilUnstretched(kids); err != nil {
		return f, err
	}
	p := kids[owner].cmd.Process
	if err := p.Signal(syscall.SIGSTOP); err != nil {
		return f, err
	}
	froze := time.Now()
	defer p.Signal(syscall.SIGCONT)
	views := make([]string, len(kids))
	if *traceStore {
		t.Logf("node %d frozen at %s", owner, froze.Format("15:04:05.000"))
	}
	for time.Since(froze) < time.Minute {
		time.Sleep(100 * time.Millisecond)
		for i, k := range kids {
			if i == owner {
				continue
			}
			if *traceStore {
				said, err := k.ask("store")
				if err != nil {
					return f, err
				}
				if v := strings.Join(said, " "); v != views[i] {
					views[i] = v
					t.Logf("%5.1fs node %d %s", time.Since(froze).Seconds(), i, v)
				}
			}
			said, err := k.ask("owned")
			if err != nil {
				return f, err
			}
			if len(said) == 1 && strings.TrimSpace(strings.TrimPrefix(said[0], "owned")) != "" {
				f.took = time.Since(froze)
				// The table runs once its record is read (the store's
				// streams may be electing a leader in place of the
				// frozen node's) — on this node, or on the other live
				// one if this one gave the lease up for a store that
				// stayed unavailable ("taking a table over: not now",
				// a loaded machine) and that one took it.
				for runs := false; !runs; {
					for j, k := range kids {
						if j == owner {
							continue
						}
						said, err := k.ask("running")
						if err != nil {
							return f, err
						}
						runs = runs || len(said) == 1 && strings.TrimSpace(strings.TrimPrefix(said[0], "running")) != ""
					}
					if !runs && time.Since(froze) > time.Minute {
						return f, errors.New("no live node ran the table a minute after its node froze")
					}
					if !runs {
						time.Sleep(50 * time.Millisecond)
					}
				}
				f.runs = time.Since(froze) - f.took
				// A player not back is a figure, not this test's failure
				// (it measures): said, with the screen, and counted as
				// the whole wait.
				if f.back, err = seesWithin(ctx, bob, backAtSeat, 30*time.Second); err != nil {
					t.Logf("the live node's player after the takeover: %v", err)
				}
				time.Sleep(time.Until(froze.Add(*frozenFor)))
				if err := p.Signal(syscall.SIGCONT); err != nil {
					return f, err
				}
				wokeAt := time.Now()
				if f.woke, err = seesWithin(ctx, c, backAtSeat, 30*time.Second); err != nil {
					t.Logf("the frozen node's player after it woke: %v", err)
				}
				if *pressTurn && err == nil {
					if f.pressed, err = playTurnOnce(ctx, c); err != nil {
						return f, fmt.Errorf("the frozen node's player on their turn: %w", err)
					}
				}
				f.warned = falseWarnings(dir, len(kids), froze, wokeAt)
				return f, nil
			}
		}
	}
	return f, errors.New("no other node took the table over within a minute")
}

// tableRun is three okey processes under dir with a table: ann's, on
// the first node, bob sitting at it through the second, its match
// begun.
type tableRun struct {
	dir      string
	kids     []*child
	ann, bob *client
}

// startTableRun starts a tableRun under dir, its nodes logging (at debug
// level too with debug). Its nodes started, it is returned to be
// stopped (stop) even with an error.
func startTableRun(ctx context.Context, bin, dir string, debug bool) (*tableRun, error) {
	kids, err := startNodes(bin, dir, 3, ChildConfig{Timer: 30 * time.Second, Logged: true, Debug: debug}, 0, 0, nil)
	if err != nil {
		return nil, err
	}
	r := &tableRun{dir: dir, kids: kids}
	r.ann, r.bob, err = tableOnNodeZero(ctx, kids)
	return r, err
}

// stop closes the players' clients and stops the nodes, then, if tails,
// logs each node's last lines.
func (r *tableRun) stop(t *testing.T, tails bool, lines int) {
	for _, c := range []*client{r.ann, r.bob} {
		if c != nil {
			c.close()
		}
	}
	stopAll(r.kids)
	if tails {
		logNodeTails(t, r.dir, len(r.kids), lines)
	}
}

// tableOnNodeZero has ann open a table on kids' first node and bob sit
// at it through the second, and starts the match (bots in the other
// two seats); it checks that the first node runs it. The callers close
// both clients.
func tableOnNodeZero(ctx context.Context, kids []*child) (ann, bob *client, err error) {
	c, err := dial(ctx, kids[0].addr, "ann", "xterm-256color", 100, 30)
	if err != nil {
		return nil, nil, err
	}
	bob, err = dial(ctx, kids[1].addr, "bob", "xterm-256color", 100, 30)
	if err != nil {
		c.close()
		return nil, nil, err
	}
	err = func() error {
		if err := c.see(ctx, "Tables (", 30*time.Second); err != nil {
			return err
		}
		c.press("n")
		if err := c.see(ctx, "A new table", 10*time.Second); err != nil {
			return err
		}
		c.press("enter")
		if err := c.see(ctx, "s starts the match", 10*time.Second); err != nil {
			return err
		}
		if err := bob.see(ctx, "Table 1 ·", 30*time.Second); err != nil {
			return err
		}
		bob.press("enter")
		if err := bob.see(ctx, "Waiting for the host", 10*time.Second); err != nil {
			return err
		}
		if err := c.see(ctx, "2. bob", 10*time.Second); err != nil {
			return err
		}
		c.press("s")
		if err := c.see(ctx, "Hand 1 ·", 30*time.Second); err != nil {
			return err
		}
		owner := -1
		for i, k := range kids {
			said, err := k.ask("owned")
			if err != nil {
				return err
			}
			if len(said) == 1 && strings.TrimSpace(strings.TrimPrefix(said[0], "owned")) != "" {
				owner = i
			}
		}
		if owner != 0 {
			return fmt.Errorf("node %d says it runs the table, not the node it was opened on", owner)
		}
		return nil
	}()
	if err != nil {
		c.close()
		bob.close()
		return nil, nil, err
	}
	return c, bob, nil
}

// TestChildEndsWithItsParent: a node whose parent is gone (its input
// ends) ends too, even while it is still waiting for a cluster whose
// other nodes never came (seen: such a child lived on for half an hour
// after its test was killed). The node here, a process of its own as a
// load's nodes are, waits up to clusterReady for peers that do not
// exist; its input ends at once, and it must be gone long before that
// wait would be over.
func TestChildEndsWithItsParent(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a node that waits for its peers")
	}
	t.Parallel() // its own processes and ports: beside the others (see above TestMain)
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ports, err := clusterPorts(3, 0)
	if err != nil {
		t.Fatal(err)
	}
	var routes []string
	for _, p := range ports {
		routes = append(routes, net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
	}
	secret := filepath.Join(dir, "cluster.secret")
	s, err := keep.NewSecret()
	if err == nil {
		err = keep.WriteSecret(secret, s)
	}
	if err != nil {
		t.Fatal(err)
	}
	spec, err := json.Marshal(ChildConfig{Dir: filepath.Join(dir, "node0"), Listen: "127.0.0.1:0", Timer: time.Minute,
		Cluster: routes[0], Routes: routes, Node: "n0", Secret: secret})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "load", "--"+ChildFlag, string(spec))
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	in.Close() // the parent is gone
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("the child ended with %v, want exit status 1 (its parent is gone)", err)
		}
		if strings.Contains(out.String(), "ready") {
			t.Errorf("a node without its peers said it was ready: %q", out.String())
		}
	case <-time.After(clusterReady / 2):
		cmd.Process.Kill()
		<-done
		t.Fatalf("the child still waited for its cluster %v after its input ended", clusterReady/2)
	}
}

// TestRunDaily loads a server in this process with one table of four
// and one player of the served daily (--daily 0.2 of five sessions),
// until that player has finished a day (classic's four hands, quick
// bots) and opened the board: the daily's screens are played through,
// the board is timed, and the table's players are measured as ever.
// A day takes about 10 s of waiting on its bots' pace: the whole suite
// plays it, -short leaves it (TestRun loads the same client's tables).
func TestRunDaily(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole day of the daily, about 10 s of waiting: the whole suite's; -short leaves it")
	}
	t.Parallel() // its own in-process node, as TestRun has: the two side by side
	lc := DefaultConfig()
	lc.Addrs = []string{serveInProcess(t, func(c *door.Config) { c.BotDelay = 5 * time.Millisecond })}
	lc.Sessions, lc.Daily, lc.UntilDays = []int{5}, 0.2, 1
	// The play ends with the day (UntilDays): about 30 s here, far
	// longer on a loaded machine.
	lc.Play, lc.Idle = 10*time.Minute, 0
	lc.KeyEvery, lc.MoveWithin, lc.ChatEvery = 300*time.Millisecond, 40*time.Millisecond, 0
	// The page between hands ignores enter for its first 750 ms (ui's
	// settle), so the player's first enter is not taken: pressed again
	// after 300 ms rather than 2 s, each hand's end costs about 1 s
	// less.
	lc.readyAgain = 300 * time.Millisecond
	// A busy CI machine: what is checked is that the board opens on the
	// day done, not how soon (the load's figure).
	lc.Answer = 30 * time.Second
	var trace logbuf.Buf
	lc.Trace = &trace
	r, out := runLoad(t, lc)
	defer func() {
		if r.DailyStalled > 0 || t.Failed() {
			// A screen the daily's player did not know: said, to be read.
			t.Logf("the daily's player stalled %d times; the trace:\n%s", r.DailyStalled, trace.String())
		}
	}()
	if r.Daily != 1 || r.Tables != 1 {
		t.Fatalf("%d playing the daily, %d tables: want 1 and 1\n%s", r.Daily, r.Tables, out)
	}
	if r.ConnectFailed+r.FormFailed+r.Dropped+r.DailyFailed > 0 {
		t.Errorf("failures: %d connecting, %d tables, %d dropped, %d players of the daily\n%s", r.ConnectFailed, r.FormFailed, r.Dropped, r.DailyFailed, out)
	}
	if r.DaysBegun < 1 || r.DaysDone < 1 || len(r.Boards) != 1 || r.BoardsLost > 0 {
		t.Errorf("days begun %d, done %d, boards %d (%d lost): want a day played through and its board\n%s", r.DaysBegun, r.DaysDone, len(r.Boards), r.BoardsLost, out)
	}
	if r.Played >= lc.Play {
		t.Errorf("the play lasted %v: it should end with the day", r.Played)
	}
	if len(r.Moves) == 0 || len(r.Reach) == 0 {
		t.Errorf("moves %d, turns reached %d: want some of each\n%s", len(r.Moves), len(r.Reach), out)
	}
	if !strings.Contains(out, "| 5 | 1 | 0, 0 | ") {
		t.Errorf("the report has no row of the daily:\n%s", out)
	}
}

// serveInProcess starts a server in the test's process, every client
// allowed from 127.0.0.1 (tweak, if not nil, changes its config first),
// shut down when the test ends; it returns the address it serves on.
// Its log lines are kept and shown if the test fails.
func serveInProcess(t *testing.T, tweak func(*door.Config)) string {
	t.Helper()
	cfg := door.DefaultConfig()
	cfg.StateDir = t.TempDir()
	cfg.HostKey = filepath.Join(t.TempDir(), "hostkey", "key")
	var logs servetest.Buffer
	cfg.Log = slog.New(slog.NewTextHandler(&logs, nil))
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the server's log:\n%s", logs.String())
		}
	})
	cfg.ConnPerMinute, cfg.TablesPerAddr, cfg.MaxPerAddr = 0, 0, 100 // every client is 127.0.0.1
	if tweak != nil {
		tweak(&cfg)
	}
	srv, _, err := door.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(l)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	})
	return l.Addr().String()
}

// TestToTileFromTheEmptyRow: a rack of fifteen fills the top row, and a
// cursor left on the empty bottom row (as the daily's fourth hand dealt
// it in a run where the player then pressed x on nothing for three
// minutes) goes up first, then along to the nearest tile; a cursor on a
// tile needs no key.
func TestToTileFromTheEmptyRow(t *testing.T) {
	rack := strings.Split(`           ╭─ your rack: ←→↑↓ move, space picks up ────────────────────────────────────╮
           │┌───┐┌───┐┌───┐┌───┐┌───┐┌───┐┌───┐┌───┐┌───┐┌───┐┌K5─┐┌───┐┌───┐┌───┐┌───┐│
           ││R8 ││R2 ││R11││Y1 ││Y10││Y11││Y13││B1 ││B2 ││B7 ││OK ││K6 ││K8 ││K9 ││K13││
           │└───┘└───┘└───┘└───┘└───┘└───┘└───┘└───┘└───┘└───┘└───┘└───┘└───┘└───┘└───┘│
           │               ╔═══╗                                                       │
           │               ║   ║                                                       │
           │               ╚═══╝                                                       │
           ╰───────────────────────────────────────────────────────────────────────────╯`, "\n")
	if got, want := toTile(rack), []string{"up"}; !slices.Equal(got, want) {
		t.Errorf("from the empty row below a tile: %v, want %v", got, want)
	}
	// The cursor on the top row's fourth slot (Y1), its double lines
	// drawn there instead.
	on := slices.Clone(rack)
	on[4], on[5], on[6] = strings.Replace(on[4], "╔═══╗", "     ", 1), strings.Replace(on[5], "║   ║", "     ", 1), strings.Replace(on[6], "╚═══╝", "     ", 1)
	on[2] = strings.Replace(on[2], "││Y1 │", "│║Y1 ║", 1)
	if got := toTile(on); len(got) != 0 {
		t.Errorf("on a tile: %v, want no key", got)
	}
	// One slot further along the empty row: still under a tile, so up alone.
	far := slices.Clone(rack)
	far[4], far[5], far[6] = strings.Replace(far[4], "╔═══╗     ", "     ╔═══╗", 1), strings.Replace(far[5], "║   ║     ", "     ║   ║", 1), strings.Replace(far[6], "╚═══╝     ", "     ╚═══╝", 1)
	if got, want := toTile(far), []string{"up"}; !slices.Equal(got, want) {
		t.Errorf("one slot right on the empty row: %v, want %v", got, want)
	}
}

// TestRackStandingUp: on a terminal standing up (a phone held upright,
// 43 columns) each row of the rack is folded into two lines of tiles,
// eight slots and seven; the player reads it as the same rows of
// fifteen: its groups across the fold, its sort, and the keys to the
// nearest tile from a cursor on the fold's second line.
func TestRackStandingUp(t *testing.T) {
	rack := strings.Split(`               You (dealer)
╭─ your rack: tap twice to lift a tile ──╮
│╔═══╗┌───┐┌───┐┌───┐     ┌───┐┌───┐┌───┐│
│║R2 ║│R5 ││R7 ││R12│     │Y3 ││Y4 ││Y5 ││
│╚═══╝└───┘└───┘└───┘     └───┘└───┘└───┘│
│┌───┐┌───┐                              │
││Y8 ││Y11│                              │
│└───┘└───┘                              │
│┌───┐┌───┐┌───┐┌───┐┌───┐               │
││B2 ││B7 ││B8 ││B9 ││B9 │               │
│└───┘└───┘└───┘└───┘└───┘               │
│                                        │
│                                        │
│                                        │
╰────────────────────────────────────────╯
Hand 1: you deal.`, "\n")
	groups, ok := rackGroups(rack)
	want := [][]string{{"R2", "R5", "R7", "R12"}, {"Y3", "Y4", "Y5", "Y8", "Y11"}, {"B2", "B7", "B8", "B9", "B9"}}
	if !ok || !slices.EqualFunc(groups, want, slices.Equal) {
		t.Errorf("the rack's groups read %q, want %q", groups, want)
	}
	scr := strings.Join(rack, "\n")
	if !rackSorted(scr, sortedColour) || rackSorted(scr, sortedValue) {
		t.Errorf("sorted by colour %v, by value %v: want by colour only", rackSorted(scr, sortedColour), rackSorted(scr, sortedValue))
	}
	if got := toTile(rack); len(got) != 0 {
		t.Errorf("on a tile: %v, want no key", got)
	}
	// The cursor on the top row's slot 12, the fold's fifth: three
	// slots right of Y11 (slot 9).
	off := slices.Clone(rack)
	off[2], off[3], off[4] = strings.Replace(off[2], "╔═══╗", "┌───┐", 1), strings.Replace(off[3], "║R2 ║", "│R2 │", 1), strings.Replace(off[4], "╚═══╝", "└───┘", 1)
	for i, l := range []string{"╔═══╗", "║   ║", "╚═══╝"} {
		r := []rune(off[5+i])
		copy(r[1+5*4:], []rune(l))
		off[5+i] = string(r)
	}
	if got, want := toTile(off), []string{"left", "left", "left"}; !slices.Equal(got, want) {
		t.Errorf("from slot 12: %v, want %v:\n%s", got, want, strings.Join(off, "\n"))
	}
}

// TestRunArena: one node started as the load command starts it, eight
// players of an arena of a few seconds, at a quick pace: every player
// joins through the lobby's screens before it begins, is taken to its
// table, plays its match out and is paired again; the arena finishes, and its standings
// (fetched as ssh HOST tournament ID --json) count every match the
// players saw end, once, and are what those matches add up to.
func TestRunArena(t *testing.T) {
	if testing.Short() {
		t.Skip("eight players through an arena over ssh (a minute): the whole suite runs it")
	}
	t.Parallel() // its own processes and ports: beside the others (see above TestMain)
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	lc := DefaultConfig()
	lc.Binary, lc.Nodes, lc.BotDelay = bin, 1, 5*time.Millisecond
	lc.Sessions, lc.Tournament = []int{8}, "arena"
	lc.Play, lc.Idle = 15*time.Second, 0 // the arena's length: its last matches are played out after it
	// Its players join in the 20 s before it begins, and its first round
	// pairs all eight: two matches, however slow the machine (begun at
	// once, a slow machine's players could come one table at a time, and
	// the arena end with one match).
	lc.ArenaLead = 20 * time.Second
	lc.KeyEvery, lc.MoveWithin, lc.ChatEvery = 300*time.Millisecond, 40*time.Millisecond, 0
	lc.Answer = 30 * time.Second // a busy CI machine: what is checked is that nothing is lost
	var trace logbuf.Buf
	lc.Trace = &trace
	r, out := runLoad(t, lc)
	tr := r.Tourney
	if tr == nil {
		t.Fatalf("no tournament in the result\n%s", out)
	}
	defer func() {
		if t.Failed() {
			t.Logf("the trace:\n%s", trace.String())
		}
	}()
	if r.ConnectFailed+r.Dropped > 0 || tr.Failed > 0 {
		t.Errorf("failures: %d connecting, %d dropped, %d players\n%s", r.ConnectFailed, r.Dropped, tr.Failed, out)
	}
	if tr.Joined != 8 {
		t.Errorf("%d players joined, want 8\n%s", tr.Joined, out)
	}
	if tr.Ends < 8 || tr.Check.Matches < 2 {
		t.Errorf("%d match ends seen, %d matches counted: want every player's match over, two at least\n%s", tr.Ends, tr.Check.Matches, out)
	}
	if !tr.Check.OK() {
		t.Errorf("the standings: %s\n%s", tr.Check.summary(), out)
	}
	if len(r.Moves) == 0 || r.KeysLost+r.MovesLost > 0 {
		t.Errorf("%d moves, %d keys and %d moves lost\n%s", len(r.Moves), r.KeysLost, r.MovesLost, out)
	}
	if !strings.Contains(out, "| 8 | arena | 8, 8 |") {
		t.Errorf("the report has no row of the arena:\n%s", out)
	}
}

// TestArenaNodeKilled: an arena on three nodes started as the load
// command starts them; the node that drives it is killed (SIGKILL)
// while matches are in play. Its players dial another node with their
// keys and come back; every match that was in play is played out
// elsewhere or counted abandoned, and the standings lose nothing and
// count nothing twice.
func TestArenaNodeKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("three nodes, a node killed mid-arena, the abandoned tables' two minutes waited (minutes)")
	}
	t.Parallel() // its own processes and ports: beside the others (see above TestMain)
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	lc := DefaultConfig()
	lc.Binary, lc.Nodes, lc.BotDelay = bin, 3, 5*time.Millisecond
	lc.Sessions, lc.Tournament = []int{12}, "arena"
	lc.Play, lc.Idle, lc.KillAt = 40*time.Second, 0, 12*time.Second
	lc.KeyEvery, lc.MoveWithin, lc.ChatEvery = 300*time.Millisecond, 300*time.Millisecond, 0
	lc.Answer, lc.Logs = 30*time.Second, *arenaLogs
	r, out := runLoad(t, lc)
	tr := r.Tourney
	if tr == nil || tr.Killed < 0 {
		t.Fatalf("no node killed\n%s", out)
	}
	c := tr.Check
	if len(c.AtKill) == 0 {
		t.Errorf("no table in play when the node was killed\n%s", out)
	}
	if c.Resumed+c.AbandonedAtKill != len(c.AtKill) || !c.OK() {
		t.Errorf("the standings after the kill: %s\n%s", c.summary(), out)
	}
	if tr.Redialed == 0 {
		t.Errorf("nobody dialled again after their node was killed\n%s", out)
	}
}

// TestTourneyCheck: the standings' JSON checked against its matches and
// against what the players saw: a clean arena passes (a streak's double
// win included); a table counted twice, a line that is not its
// matches' sum, a match a player saw end that is not counted, and a
// table in play at a kill that is not counted each fail it.
func TestTourneyCheck(t *testing.T) {
	m := func(table int, players [4]string, places [4]int) matchJSON {
		return matchJSON{Table: table, Players: players, Places: places}
	}
	four := [4]string{"ann", "bob", "cem", ""}
	clean := standingsJSON{Kind: "arena", Phase: "finished", Matches: []matchJSON{
		m(1, four, [4]int{1, 2, 3, 4}), m(2, four, [4]int{1, 3, 2, 4}), m(3, four, [4]int{1, 2, 4, 3}),
	}}
	// ann: 4, 4, then 8 on a streak; bob 2+1+2; cem 1+2+0.
	type line = struct {
		Name     string `json:"name"`
		Twelfths int    `json:"twelfths"`
		Matches  int    `json:"matches"`
		Wins     int    `json:"wins"`
	}
	clean.Standings = []line{{"ann", 16 * 12, 3, 3}, {"bob", 5 * 12, 3, 0}, {"cem", 3 * 12, 3, 0}}
	seen := map[string]int{"ann": 3, "bob": 3, "cem": 2}
	tests := []struct {
		name   string
		edit   func(*standingsJSON, map[string]int) []int
		ok     bool
		unseen int
	}{
		{"clean", func(*standingsJSON, map[string]int) []int { return nil }, true, 1},
		{"a table twice", func(sj *standingsJSON, _ map[string]int) []int {
			sj.Matches = append(sj.Matches, sj.Matches[2])
			return nil
		}, false, -1},
		{"a line wrong", func(sj *standingsJSON, _ map[string]int) []int { sj.Standings[1].Twelfths++; return nil }, false, 1},
		{"a match seen, not counted", func(_ *standingsJSON, s map[string]int) []int { s["cem"] = 4; return nil }, false, 0},
		{"in play at the kill, played out", func(*standingsJSON, map[string]int) []int { return []int{3} }, true, 1},
		{"in play at the kill, not counted", func(*standingsJSON, map[string]int) []int { return []int{9} }, false, 1},
		{"not over", func(sj *standingsJSON, _ map[string]int) []int { sj.Phase = "ending"; return nil }, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sj := clean
			sj.Matches = slices.Clone(clean.Matches)
			sj.Standings = slices.Clone(clean.Standings)
			s := maps.Clone(seen)
			atKill := tt.edit(&sj, s)
			c := sj.check(s, atKill)
			if c.OK() != tt.ok || tt.unseen >= 0 && c.Unseen != tt.unseen {
				t.Errorf("OK %v, %d unseen: want %v, %d (%s)", c.OK(), c.Unseen, tt.ok, tt.unseen, c.summary())
			}
		})
	}
}

// TestMatchOverSeen: the lines a tournament's table shows when its
// match is over are read as over, and a hand under way is not. The
// one-match line (a tournament's table offers no next match) was not
// read: the load's players stayed at their finished tables until the
// page took them on, and neither their matches' ends nor the pairing's
// delays were counted (228 ends seen of 194 matches).
func TestMatchOverSeen(t *testing.T) {
	for _, tt := range []struct {
		line string
		over bool
	}{
		{i18n.MustLoad("en").T("seat.onematch"), true},
		{"Press enter for the final table, q to quit.", true},
		{"enter the final table • r score sheet • q leave the table", true},
		{"The match is over after 1 hand.", true},
		{"lg0001 won the match", true},
		{"Hand 1 · lg0002 to play", false},
		{"hand 1 of 1 · your turn: draw a tile", false},
	} {
		if got := matchOverRe.MatchString(tt.line); got != tt.over {
			t.Errorf("%q read as over: %v, want %v", tt.line, got, tt.over)
		}
	}
}

// TestDealOn: the deal's commitment a table shows, at the deal and once
// the match is over, is read off the screen (the trace names each end
// counted by it, as the node logged it at the table's start); a screen
// without one says "-".
func TestDealOn(t *testing.T) {
	for _, tt := range []struct{ scr, want string }{
		{"│ Deal committed: d37c e251 9b27 2a81 (note it)", "d37c e251 9b27 2a81"},
		{"  Committed at the deal: 1215 8db9 d958 8209\n  Seed 42 · salt 00ff", "1215 8db9 d958 8209"},
		{"Hand 1 · lg0002 to play", ""},
	} {
		if got := dealOn(tt.scr); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.scr, got, tt.want)
		}
	}
}

// runLoad runs the load lc describes, one step, and gives its result
// and what it wrote (for a failure's message); the test stops if the
// load could not run.
func runLoad(t *testing.T, lc Config) (Result, string) {
	t.Helper()
	var out bytes.Buffer
	rs, err := Run(context.Background(), lc, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(rs) != 1 {
		t.Fatalf("%d results, want 1\n%s", len(rs), out.String())
	}
	return rs[0], out.String()
}

// TestBusyNeighbourWorksNicely: the test binary started as the load's
// busy neighbour works (its CPU time grows) at niceness 10, says
// nothing, and ends when its input does.
func TestBusyNeighbourWorksNicely(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the neighbour's niceness from /proc")
	}
	t.Parallel()
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "load", "--"+BusyFlag, "7")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// stat is the neighbour's niceness and its CPU ticks (user+system),
	// from /proc/PID/stat (fields 19, 14 and 15 after the name).
	stat := func() (nice, ticks int, ok bool) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", cmd.Process.Pid))
		if err != nil {
			return 0, 0, false
		}
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(f) < 17 {
			return 0, 0, false
		}
		u, _ := strconv.Atoi(f[11])
		s, _ := strconv.Atoi(f[12])
		n, _ := strconv.Atoi(f[16])
		return n, u + s, true
	}
	var nice, ticks int
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var ok bool
		if nice, ticks, ok = stat(); ok && nice == busyNice && ticks > 0 {
			break
		}
	}
	in.Close()
	if nice != busyNice || ticks == 0 {
		t.Errorf("the busy neighbour ran at niceness %d with %d ticks of CPU: want %d and some work", nice, ticks, busyNice)
	}
	select {
	case err := <-done:
		if err != nil || out.Len() > 0 {
			t.Errorf("the busy neighbour ended with %v, saying %q: want nothing said, status 0", err, out.String())
		}
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("the busy neighbour still ran a minute after its input ended; it said:\n%s", out.String())
	}
}
