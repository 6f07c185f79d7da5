package door

import (
	"context"
	"crypto/rand"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"okey/server/proc"
	"okey/ui/serve/common"
	"okey/ui/serve/pages/create"
)

// TestHostileClients runs the server (a child process, with the limits
// it ships with) against scripted hostile clients side by side with
// honest players, each group from addresses of its own on 127.0.0.0/8:
//
//   - a name flood: connections with 240 KB user names that open tables
//     and chat long lines;
//   - a table flood: guests who open and start tables and leave;
//   - a code guesser: resume codes typed as fast as the server takes them;
//   - a watcher that never reads, at the honest players' table;
//   - a churner: connections opened and closed in a loop, some after the
//     handshake, some before;
//   - random bytes typed into a session.
//
// Meanwhile eight honest players at two tables play and sort their
// racks. It asserts that they keep playing (key to screen p99 under
// 1 s, and under the 250 ms target with -hostile, for a quiet machine:
// a shared CI machine's contention is not the server's), that their
// seats stay theirs, that the server's resident memory stays under
// 150 MB, and that nothing of any session is left once all have gone;
// it logs the figures.
//
//	go test ./door -run TestHostileClients -hostile -v   # 30 s of attack, the 250 ms target
//	go test ./door -run TestHostileClients -hostile -hostile-nodes 3 -v   # against a three-node cluster
func TestHostileClients(t *testing.T) {
	if testing.Short() {
		t.Skip("an attack of 10 s (30 s with -hostile): run without -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("needs 127.0.0.0/8 on the loopback (Linux)")
	}
	nodes, addrs := startChildren(t, *hostileNodes, childLimitsEnv+"=production")
	// The attackers go to the first node; the honest players are spread
	// over every node, so that in a cluster their keys and views cross
	// it while the first node is under attack.
	srv, addr := nodes[0], addrs[0]
	base := srv.stats(t)

	// The honest players: two tables of four, each player from an
	// address of their own.
	honest := make([]*client, 8)
	for i := range honest {
		c, err := tryDial(t, addrs[i%len(addrs)], fmt.Sprintf("h%d", i), dialOpts{key: newKey(t), w: 100, h: 30, from: fmt.Sprintf("127.0.0.%d", 10+i)})
		if err != nil {
			t.Fatal(err)
		}
		honest[i] = c
		if !waitQuiet(c, "Tables (", 10*time.Second) {
			t.Fatalf("h%d: no lobby", i)
		}
	}
	var publicTable string
	for g := range 2 {
		host := honest[4*g]
		host.press("n")
		waitQuiet(host, "A new table", 5*time.Second)
		if g == 1 {
			for range create.RowPrivate { // the last field: who may join
				host.press("down")
			}
			host.press("right")
		}
		host.press("enter")
		if !waitQuiet(host, "s starts the match", 5*time.Second) {
			t.Fatalf("%s: no waiting room:\n%s", host.name, host.term.String())
		}
		id := tableIDRe.FindStringSubmatch(host.term.String())
		if id == nil {
			t.Fatalf("no table number:\n%s", host.term.String())
		}
		if g == 0 {
			publicTable = id[1]
		}
		for _, c := range honest[4*g+1 : 4*g+4] {
			// In a cluster a table opened on another node reaches this
			// one's lobby within a second or so: looked for again.
			seated := false
			for try := 0; try < 10 && !seated; try++ {
				if g == 0 {
					if !joinTableAs(c, id[1], "enter") {
						time.Sleep(500 * time.Millisecond)
						continue
					}
				} else {
					code := codeRe.FindStringSubmatch(host.term.String())[1]
					c.press("c")
					waitQuiet(c, "join code", 5*time.Second)
					c.press(code, "enter")
				}
				seated = waitQuiet(c, "Waiting for the host", 5*time.Second)
				if !seated && strings.Contains(c.term.String(), "join code") {
					c.press("esc")
				}
			}
			if !seated {
				t.Fatalf("%s: not seated:\n%s", c.name, c.term.String())
			}
		}
		waitQuiet(host, "4. h", 5*time.Second)
		host.press("s")
		for _, c := range honest[4*g : 4*g+4] {
			if !waitQuiet(c, "Hand 1 ·", 10*time.Second) {
				t.Fatalf("%s: the match did not start:\n%s", c.name, c.term.String())
			}
		}
	}

	// The attack.
	ctx, stop := context.WithCancel(context.Background())
	attackStart := time.Now()
	var wg sync.WaitGroup
	var stats struct{ dials, refused, guesses, bytes atomic.Int64 }
	attack := func(f func(ctx context.Context)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				f(ctx)
			}
		}()
	}
	pause := func(ctx context.Context, d time.Duration) {
		select {
		case <-ctx.Done():
		case <-time.After(d):
		}
	}
	dialFrom := func(from, user string, o dialOpts) *client {
		o.from, o.w, o.h = from, 100, 30
		stats.dials.Add(1)
		c, err := tryDial(t, addr, user, o)
		if err != nil {
			stats.refused.Add(1)
			return nil
		}
		return c
	}
	var huge strings.Builder
	for huge.Len() < 240<<10 {
		huge.WriteString("a" + strings.Repeat("\u0301", 1000))
	}
	attack(func(ctx context.Context) {
		c := dialFrom("127.0.0.66", huge.String(), dialOpts{key: newKey(t)})
		if c == nil {
			pause(ctx, 200*time.Millisecond)
			return
		}
		c.press("n", "enter", "m", strings.Repeat("e\u0301\u0301\u0301", 2000), "enter")
		pause(ctx, 300*time.Millisecond)
		c.close()
	})
	attack(func(ctx context.Context) {
		c := dialFrom("127.0.0.67", "flood", dialOpts{})
		if c == nil {
			pause(ctx, 200*time.Millisecond)
			return
		}
		c.press("n", "enter")
		pause(ctx, 100*time.Millisecond)
		c.press("s")
		pause(ctx, 100*time.Millisecond)
		c.close()
	})
	attack(func(ctx context.Context) {
		c := dialFrom("127.0.0.68", "guess", dialOpts{})
		if c == nil {
			pause(ctx, 200*time.Millisecond)
			return
		}
		c.press("r")
		for range 5 {
			b := make([]byte, common.ResumeLen)
			rand.Read(b)
			for i := range b {
				b[i] = common.CodeAlphabet[int(b[i])%len(common.CodeAlphabet)]
			}
			c.press(string(b), "enter")
			stats.guesses.Add(1)
			pause(ctx, 30*time.Millisecond)
		}
		c.close()
	})
	attack(func(ctx context.Context) {
		c := dialFrom("127.0.0.69", "stall", dialOpts{key: newKey(t), smallBuffer: true})
		if c == nil {
			pause(ctx, 200*time.Millisecond)
			return
		}
		waitQuiet(c, "Tables (", 5*time.Second)
		joinTableAs(c, publicTable, "w")
		c.stall.Store(true)
		for ctx.Err() == nil {
			c.in.Write([]byte("c"))
			pause(ctx, 100*time.Millisecond)
		}
		c.close()
	})
	attack(func(ctx context.Context) {
		if raw, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.70")}}).Dial("tcp", addr); err == nil {
			raw.Close()
		}
		if c := dialFrom("127.0.0.70", "churn", dialOpts{key: newKey(t)}); c != nil {
			c.close()
		}
		pause(ctx, 20*time.Millisecond)
	})
	attack(func(ctx context.Context) {
		c := dialFrom("127.0.0.71", "noise", dialOpts{key: newKey(t)})
		if c == nil {
			pause(ctx, 200*time.Millisecond)
			return
		}
		buf := make([]byte, 4<<10)
		for ctx.Err() == nil {
			rand.Read(buf)
			if _, err := c.in.Write(buf); err != nil {
				break
			}
			stats.bytes.Add(int64(len(buf)))
			pause(ctx, 50*time.Millisecond)
		}
		c.close()
	})

	// The honest players play through it, timing their keys.
	var mu sync.Mutex
	var sorts, moves []time.Duration
	var peakRSS uint64
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for ctx.Err() == nil {
			pause(ctx, 2*time.Second)
			mu.Lock()
			peakRSS = max(peakRSS, srv.stats(t).rss)
			mu.Unlock()
		}
	}()
	cpuAll := func() (d time.Duration) {
		for _, n := range nodes {
			d += proc.CPU(n.cmd.Process.Pid)
		}
		return d
	}
	playStart, cpu0 := time.Now(), cpuAll()
	var play sync.WaitGroup
	for i, c := range honest {
		play.Add(1)
		go func() {
			defer play.Done()
			end := time.Now().Add(attackFor())
			s, m := playTimed(c, keyLost, false, func(r int) (time.Duration, bool) {
				return time.Duration(150+(i*37+r*53)%300) * time.Millisecond, time.Now().Before(end)
			})
			mu.Lock()
			sorts, moves = append(sorts, s...), append(moves, m...)
			mu.Unlock()
		}()
	}
	play.Wait()
	played := time.Since(playStart)
	cpu := cpuAll() - cpu0
	stop()
	attackSpan := time.Since(attackStart)
	wg.Wait()
	<-sampled

	// Nothing the honest players own is lost: each is still at the table,
	// in their seat.
	for _, c := range honest {
		scr := c.term.String()
		if !strings.Contains(scr, "You") || strings.Contains(scr, "Tables (") {
			t.Errorf("%s is no longer at the table:\n%s", c.name, scr)
		}
	}
	after := srv.stats(t)
	peakRSS = max(peakRSS, after.rss)
	keys := append(append([]time.Duration(nil), sorts...), moves...)
	t.Logf("attack for %v: %d connections tried by the attackers, %d refused before a session; %d codes guessed; %d random bytes typed",
		played.Round(time.Second), stats.dials.Load(), stats.refused.Load(), stats.guesses.Load(), stats.bytes.Load())
	t.Logf("honest players: key to screen p50 %v p99 %v (%d keys: %d sorts, %d moves)",
		pct(keys, 50), pct(keys, 99), len(keys), len(sorts), len(moves))
	t.Logf("server (%d node(s)): %.0f%% of a core; the attacked node's resident memory %.1f MB before, peak %.1f MB; %d tables, %d sessions, %d goroutines after; live heap %.1f MB after",
		len(nodes), 100*cpu.Seconds()/played.Seconds(), mb(base.rss), mb(peakRSS), after.tables, after.sessions, after.goroutines, mb(after.heap))
	if len(moves) == 0 {
		t.Error("the honest players made no move")
	}
	// Without -hostile the bound is that every honest key is answered,
	// as the load counts it (5 s): CI runs this beside other packages'
	// clusters, where a p99 of a second says more of the machine's load
	// than of the server; the 250 ms target is measured with -hostile
	// on a quiet machine.
	bound := 5 * time.Second
	if *hostileStrict {
		bound = 250 * time.Millisecond
	}
	if p := pct(keys, 99); p > bound {
		t.Errorf("honest key to screen p99 %v, over %v", p, bound)
	}
	if peakRSS > 150<<20 {
		t.Errorf("the server's resident memory reached %.1f MB, over 150 MB", mb(peakRSS))
	}
	// Everyone gone, nothing of any session is left: no goroutine but
	// the tables' own (a program leaked by its input reader held one).
	for _, c := range honest {
		c.close()
	}
	var gone childStats
	// A table holds two goroutines (its own and its saver's); the store
	// starts and ends a few of its own as it works; a program left behind
	// by its input reader held one goroutine and half a megabyte.
	leftOK := func(s childStats) bool {
		return s.sessions == 0 && s.goroutines <= base.goroutines+2*s.tables+10 && s.heap <= base.heap+8<<20
	}
	for deadline := time.Now().Add(40 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		gone = srv.stats(t)
		if leftOK(gone) || time.Now().After(deadline) {
			break
		}
	}
	if os.Getenv("OKEY_LOAD_PROFILE") != "" {
		io.WriteString(srv.in, "profile\n")
		srv.out.Scan()
	}
	t.Logf("everyone gone: %d sessions, %d tables, %d goroutines (%d before), live heap %.1f MB (%.1f MB before)",
		gone.sessions, gone.tables, gone.goroutines, base.goroutines, mb(gone.heap), mb(base.heap))
	if !leftOK(gone) {
		t.Errorf("after everyone left: %d sessions, %d goroutines for %d tables (%d before), live heap %.1f MB (%.1f MB before): something of a session was left",
			gone.sessions, gone.goroutines, gone.tables, base.goroutines, mb(gone.heap), mb(base.heap))
	}
	// A table an attacker opened and started stays when they leave (a
	// bot keeps their seat), so an address's tables are bounded by the
	// sessions it is let in: its burst, then its rate over the attack.
	// Two attackers open tables (one starts its matches).
	lim := DefaultConfig()
	perAddr := lim.ConnBurst + int(math.Ceil(float64(lim.ConnPerMinute)*attackSpan.Minutes()))
	if after.tables > base.tables+2+2*perAddr {
		t.Errorf("%d tables open after the attack (%d before, 2 the honest players'): the flood took more than its share, %d sessions an address in %v",
			after.tables, base.tables, perAddr, attackSpan.Round(time.Second))
	}
}

var hostileNodes = flag.Int("hostile-nodes", 1, "TestHostileClients: the nodes serving, clustered with a secret (TLS on the routes, the store sealed) when more than one")

var hostileStrict = flag.Bool("hostile", false, "TestHostileClients: attack for 30 s and hold honest players' key to screen p99 to the 250 ms target (a quiet machine)")

// attackFor is how long the honest players play under attack: 30 s for
// the figures (-hostile), 10 s in the everyday run, which still sees
// every attacker go round many times (a name flood, a table flood and
// a churner each take well under a second a round) and keeps the
// suite's time down.
func attackFor() time.Duration {
	if *hostileStrict {
		return 30 * time.Second
	}
	return 10 * time.Second
}

// tableIDRe reads a waiting room's table number.
var tableIDRe = regexp.MustCompile(`Table (\d+) ·`)

// joinTableAs moves the lobby's cursor to table id and presses key
// (enter sits, w watches); false if the table is not listed.
func joinTableAs(c *client, id, key string) bool {
	for range 60 {
		scr := c.term.String()
		for _, l := range strings.Split(scr, "\n") {
			if strings.Contains(l, "> ") && strings.Contains(l, "Table "+id+" ") {
				c.press(key)
				return true
			}
		}
		c.press("down")
		time.Sleep(20 * time.Millisecond)
	}
	return false
}
