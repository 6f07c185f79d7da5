package door

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"okey/door/internal/logbuf"
	"okey/server/keep"
)

// waitUntil waits for ok, failing with what after deadline.
func waitUntil(t *testing.T, deadline time.Duration, what func() string, ok func() bool) {
	t.Helper()
	end := time.Now().Add(deadline)
	for !ok() {
		if time.Now().After(end) {
			t.Fatalf("not within %v: %s", deadline, what())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A server given a copy of the cluster's secret joins the cluster (the
// secret is the whole cluster, by design) but not unseen: every node
// logs it joining and, since no okey node of its name writes a door,
// warns of it; status lists it among the members, flagged UNKNOWN,
// beside the okey nodes; and its leaving is logged too.
// Two nodes, a third joining and leaving, waits on their routes of
// about 10 s: the whole suite's; -short leaves it.
func TestAnIntruderWithTheSecretIsSeen(t *testing.T) {
	if testing.Short() {
		t.Skip("a cluster joined and left, about 10 s of waiting: the whole suite's; -short leaves it")
	}
	t.Parallel()
	logs := [2]*logbuf.Buf{{}, {}}
	srvs, addrs := startNodes(t, 2, func(i int, c *Config) {
		c.Log = slog.New(slog.NewTextHandler(logs[i], nil))
		c.memberGrace = 200 * time.Millisecond
	})
	t.Cleanup(func() { stopTogether(srvs) })
	status := func() string { out, _ := execSSH(t, addrs[0], newKey(t), "status"); return out }
	var out string
	waitUntil(t, 20*time.Second, func() string { return "node1 is not listed as an okey node:\n" + out }, func() bool {
		out = status()
		return strings.Contains(out, "cluster: this node and 1 other servers\n") && strings.Contains(out, "okey node") && strings.Contains(out, "node1")
	})
	for i, l := range logs {
		if other := "name=node" + string(rune('1'-i)); !strings.Contains(l.String(), `msg="cluster member joined" `+other) {
			t.Errorf("node%d's log does not say %s joined:\n%s", i, other, l)
		}
	}

	// The intruder: a NATS server with JetStream, the secret's route
	// credentials and TLS, dialing the nodes' routes; not an okey node.
	sc := srvs[0].cfg.Store
	intruder, _, err := keep.OpenDir(context.Background(), filepath.Join(t.TempDir(), "x"), keep.StoreConfig{
		ClusterListen: "127.0.0.1:0", Routes: sc.Routes, ClusterName: sc.ClusterName, NodeName: "intruder",
		Secret: sc.Secret, Ready: testStoreReady, Replicas: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer intruder.Close()
	for i, l := range logs {
		waitUntil(t, 20*time.Second, func() string { return "node" + string(rune('0'+i)) + "'s log:\n" + l.String() }, func() bool {
			s := l.String()
			return strings.Contains(s, `msg="cluster member joined" name=intruder`) &&
				strings.Contains(s, "level=WARN msg=\"a cluster member that is not a known okey node") &&
				strings.Contains(s, "name=intruder addr=")
		})
	}
	waitUntil(t, 10*time.Second, func() string { return "status does not flag the intruder:\n" + out }, func() bool {
		out = status()
		return strings.Contains(out, "· 1 UNKNOWN\n")
	})
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.Contains(l, "intruder") && !strings.Contains(l, "UNKNOWN: no okey node of that name is running"):
			t.Errorf("the intruder is not flagged: %q", l)
		case strings.Contains(l, "node1") && !strings.HasSuffix(l, "okey node"):
			t.Errorf("node1 is not an okey node: %q", l)
		}
	}

	intruder.Close()
	waitUntil(t, 20*time.Second, func() string { return "node0's log:\n" + logs[0].String() }, func() bool {
		return strings.Contains(logs[0].String(), `msg="cluster member left" name=intruder`)
	})
}

// stopTogether hands every node's doors and tables over while all are
// up, then crashes them: shut down together, a node whose store closed
// first left another's door deletion without a majority, waited out for
// five seconds (hall.HandOver) in about one stop in three.
func stopTogether(srvs []*Server) {
	var wg sync.WaitGroup
	for _, s := range srvs {
		wg.Go(s.hall.HandOver)
	}
	wg.Wait()
	for _, s := range srvs {
		wg.Go(s.crash)
	}
	wg.Wait()
}

// With --nats the deployment's servers are its operator's to watch;
// each node logs the other okey nodes as they come and go (by their
// doors), and status lists those it sees and says whose the servers
// are.
func TestNodesOfADeploymentSeeEachOther(t *testing.T) {
	t.Parallel()
	url := sharedNATS(t)
	var log logbuf.Buf
	_, addrA := testServer(t, steadyNode(url, "a"), func(c *Config) { c.Log = slog.New(slog.NewTextHandler(&log, nil)) })
	b, _ := testServer(t, steadyNode(url, "b"))
	waitUntil(t, 20*time.Second, func() string { return "node a's log:\n" + log.String() }, func() bool {
		return strings.Contains(log.String(), `msg="okey node joined" name=b`)
	})
	out, _ := execSSH(t, addrA, newKey(t), "status")
	if !strings.Contains(out, "store: a NATS deployment (its servers are listed by its operator") || !strings.Contains(out, "okey nodes writing their doors: b\n") {
		t.Errorf("status on node a:\n%s", out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b.Shutdown(ctx)
	waitUntil(t, 30*time.Second, func() string { return "node a's log:\n" + log.String() }, func() bool {
		return strings.Contains(log.String(), `msg="okey node left" name=b`)
	})
}

// A member unknown past the grace is warned of once, however long it
// stays unknown; one that then writes its door (an okey node frozen as
// it joined) has the warning taken back; one known in time, or gone, is
// never warned of.
func TestAnUnknownMemberWarnedOfOnceAndTakenBack(t *testing.T) {
	unknown := member{Peer: keep.Peer{Name: "n2", ID: "X"}, unknown: "no okey node of that name is running"}
	known := member{Peer: keep.Peer{Name: "n2", ID: "X"}}
	for _, c := range []struct {
		name  string
		looks []member // one a grace; past the end: gone
		warns int
		after bool
	}{
		{"known in time", []member{known}, 0, false},
		{"an intruder that stays", []member{unknown, unknown, unknown, unknown}, 1, false},
		{"a node that woke late", []member{unknown, unknown, known}, 1, true},
		{"gone before the grace", nil, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf logbuf.Buf
			n := 0
			watchUnknown(context.Background(), time.Millisecond, slog.New(slog.NewTextHandler(&buf, nil)), func() (member, bool) {
				if n >= len(c.looks) {
					return member{}, false
				}
				n++
				return c.looks[n-1], true
			})
			out := buf.String()
			if got := strings.Count(out, "not a known okey node"); got != c.warns {
				t.Errorf("warned %d times, want %d:\n%s", got, c.warns, out)
			}
			if got := strings.Contains(out, "okey node after all"); got != c.after {
				t.Errorf("taken back: %v, want %v:\n%s", got, c.after, out)
			}
		})
	}
}

// judgedAt is a time s seconds into the judging tests' timeline.
func judgedAt(s int) time.Time {
	return time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC).Add(time.Duration(s) * time.Second)
}

// A member's door is judged against the lobby as this node has read it
// (when it wrote the newest of its own doors read back), not against
// the clock: a node woken from a freeze, whose reads of the lobby are
// behind, holds its peers' doors from before the freeze, stale by the
// clock, and called every peer "not a known okey node" on waking. Now
// such a member is pending until the lobby read is a grace past its
// joining, and an okey node's door is fresh by then.
func TestADoorIsJudgedByTheLobbyRead(t *testing.T) {
	grace := 10 * time.Second
	// The peer's route came back at 100 s, as the node woke from a
	// freeze that began at 40 s.
	peer := keep.Peer{Name: "n1", ID: "X", Since: judgedAt(100)}
	for _, c := range []struct {
		name           string
		doorAt, readAt time.Time
		same           bool
		unknown        bool
		pending        bool
	}{
		{"woken: the lobby read is from before the freeze", judgedAt(39), judgedAt(40), false, false, false},
		{"woken: read again, the peer's door fresh", judgedAt(108), judgedAt(110), false, false, false},
		{"woken: read again before the grace is out, its door not read yet", judgedAt(39), judgedAt(104), false, false, true},
		{"an intruder: never a door, the lobby read past the grace", time.Time{}, judgedAt(111), false, true, false},
		{"a peer that stopped writing, the lobby read past the grace", judgedAt(90), judgedAt(111), false, true, false},
		{"a door written just before the lobby read", judgedAt(109), judgedAt(111), false, false, false},
		{"another member's name", judgedAt(109), judgedAt(111), true, true, false},
		{"nothing read back yet", time.Time{}, time.Time{}, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := judge(peer, "n0", c.same, seen{doorAt: c.doorAt, readFirst: judgedAt(0), readBack: c.readAt, now: c.readAt}, grace)
			if (m.unknown != "") != c.unknown || m.pending != c.pending {
				t.Errorf("unknown %q, pending %v; want unknown %v, pending %v", m.unknown, m.pending, c.unknown, c.pending)
			}
		})
	}
	// Nodes started together: this one began to read the lobby at 115
	// s, after making its streams; a peer as slow has a grace from then.
	for _, c := range []struct {
		name           string
		doorAt, readAt time.Time
		pending        bool
	}{
		{"started together, the peer's door not read yet", time.Time{}, judgedAt(120), true},
		{"started together, a grace past this node's first read", time.Time{}, judgedAt(126), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if m := judge(peer, "n0", false, seen{doorAt: c.doorAt, readFirst: judgedAt(115), readBack: c.readAt, now: c.readAt}, grace); m.pending != c.pending {
				t.Errorf("pending %v, want %v (unknown %q)", m.pending, c.pending, m.unknown)
			}
		})
	}
	// Pending is neither warned of nor let go: a node woken late warns
	// of nobody once its lobby is read.
	var buf logbuf.Buf
	looks := []member{{Peer: peer, pending: true}, {Peer: peer, pending: true}, {Peer: peer}}
	n := 0
	watchUnknown(context.Background(), time.Millisecond, slog.New(slog.NewTextHandler(&buf, nil)), func() (member, bool) {
		if n >= len(looks) {
			return member{}, false
		}
		n++
		return looks[n-1], true
	})
	if n != len(looks) || strings.Contains(buf.String(), "not a known okey node") {
		t.Errorf("looked %d times of %d; log:\n%s", n, len(looks), buf.String())
	}
}

// A member that says nothing on its routes (its count of messages
// standing still: frozen or stopped) cannot show its door, and is not
// judged while it is quiet, nor for a grace after it speaks again —
// for at most quietMax after it joined: a node frozen as the cluster
// started, before this node had read its door or heard it once, is not
// warned of as a stranger. A member that speaks and writes no door, or
// that stays quiet past quietMax (a server that only listens), is
// still warned of.
func TestAQuietMemberIsNotJudged(t *testing.T) {
	grace := 10 * time.Second
	// n0's routes came at 0 s; this node began to read the lobby at 8
	// s, and n0 froze at 7 s, its door never read, never heard.
	peer := keep.Peer{Name: "n0", ID: "X", Since: judgedAt(0)}
	for _, c := range []struct {
		name          string
		quiet, now    time.Time
		doorAt        time.Time
		unknown, want bool // want: pending
	}{
		{"frozen before its door was read, quiet now", judgedAt(18), judgedAt(19), time.Time{}, false, true},
		{"woken: speaking again a moment, its door not read yet", judgedAt(27), judgedAt(29), time.Time{}, false, true},
		{"woken: speaking again a grace, its door never read", judgedAt(27), judgedAt(38), time.Time{}, true, false},
		{"woken: its door read", judgedAt(27), judgedAt(30), judgedAt(29), false, false},
		{"an intruder that speaks: never quiet", time.Time{}, judgedAt(19), time.Time{}, true, false},
		{"a server only listening, past quietMax", judgedAt(130), judgedAt(131), time.Time{}, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := judge(peer, "self", false, seen{doorAt: c.doorAt, readFirst: judgedAt(8), readBack: c.now, quiet: c.quiet, now: c.now}, grace)
			if (m.unknown != "") != c.unknown || m.pending != c.want {
				t.Errorf("unknown %q, pending %v; want unknown %v, pending %v", m.unknown, m.pending, c.unknown, c.want)
			}
		})
	}
}

// A member's routes are quiet once their count of messages has stood
// still for quietAfter, and speak again as soon as it moves; a member
// gone is forgotten (back under the same id, it is new).
func TestRoutesHeardFollowsTheCounts(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	var r routesHeard
	look := func(in int64, s float64) time.Time {
		return r.note([]keep.Peer{{ID: "X", In: in}}, t0.Add(time.Duration(s*float64(time.Second))))["X"]
	}
	for i, c := range []struct {
		in    int64
		at    float64
		quiet float64 // -1: never seen quiet
	}{
		{10, 0, -1}, {20, 1, -1}, {20, 3.9, -1}, {20, 4, 4}, {20, 9, 9}, {25, 10, 9}, {25, 12, 9}, {25, 13, 13},
	} {
		got := look(c.in, c.at)
		want := time.Time{}
		if c.quiet >= 0 {
			want = t0.Add(time.Duration(c.quiet * float64(time.Second)))
		}
		if !got.Equal(want) {
			t.Errorf("look %d (%d messages at %vs): quiet at %v, want %v", i, c.in, c.at, got, want)
		}
	}
	r.note(nil, t0.Add(20*time.Second))
	if got := look(25, 21); !got.IsZero() {
		t.Errorf("a member back after it was gone: quiet at %v, want never", got)
	}
}
