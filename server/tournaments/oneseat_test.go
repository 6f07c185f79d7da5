package tournaments

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
)

// TestDuplicateSeatsOnePersonOnce: a tournament of duplicate rounds
// takes only keys the cluster knew before it was created — not a guest,
// not a key first seen since — and one identity an address: a second
// key from an address another joined from is refused at once, and of
// two that asked together (from two nodes) the owner takes the first
// and drops the second. The loopback's players are not counted; the
// store keeps a mark of the address, never the address. A tournament
// of fresh deals takes anyone, guests too.
func TestDuplicateSeatsOnePersonOnce(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	ctx := context.Background()
	dup, err := n.svc.CreateTournament(ctx, "key:SHA256:creator", tourney.Config{Kind: tourney.Swiss, Name: "dup", Game: "101",
		Hands: 1, Start: t0, Rounds: 2, Duplicate: true})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := n.svc.CreateTournament(ctx, "key:SHA256:creator", tourney.Config{Kind: tourney.Swiss, Name: "fresh", Game: "101",
		Hands: 1, Start: t0, Rounds: 2})
	if err != nil {
		t.Fatal(err)
	}
	before, since := clk.Now().Add(-time.Hour), clk.Now().Add(time.Second)
	const home = "192.0.2.7"
	for _, c := range []struct {
		who  string
		from From
		want error
	}{
		{"guest:ABCDEFGHJK", From{Addr: "192.0.2.1"}, ErrNotKnown},
		{"key:SHA256:new", From{Addr: "192.0.2.2", Seen: since}, ErrNotKnown},
		{"key:SHA256:unknown", From{Addr: "192.0.2.3"}, ErrNotKnown},
		{"key:SHA256:ann", From{Addr: home, Seen: before}, nil},
		{"key:SHA256:lo1", From{Addr: "127.0.0.1", Seen: before}, nil},
		{"key:SHA256:lo2", From{Addr: "127.0.0.1", Seen: before}, nil},
	} {
		if err := n.svc.JoinFrom(ctx, dup, c.who, c.who[len(c.who)-3:], 1500, c.from); !errors.Is(err, c.want) {
			t.Errorf("%s from %+v: %v, want %v", c.who, c.from, err, c.want)
		}
	}
	waitFor(t, n, dup, "three joined", func(tr tourney.Tournament) bool { return len(tr.Joined) == 3 })
	if err := n.svc.JoinFrom(ctx, dup, "key:SHA256:bob", "bob", 1500, From{Addr: home, Seen: before}); !errors.Is(err, ErrAddrTaken) {
		t.Errorf("a second key from ann's address: %v", err)
	}
	if err := n.svc.JoinFrom(ctx, dup, "key:SHA256:ann", "ann", 1500, From{Addr: home, Seen: before}); err != nil {
		t.Errorf("ann again from her address: %v", err)
	}
	// Two at once from one address, each let through by the node it
	// asked (the owner has not taken either yet): the owner takes one.
	for _, who := range []string{"key:SHA256:cem", "key:SHA256:dan"} {
		if err := n.svc.JoinFrom(ctx, dup, who, who[len(who)-3:], 1500, From{Addr: "198.51.100.4", Seen: before}); err != nil {
			t.Fatalf("%s: %v", who, err)
		}
	}
	// Until the owner has taken them: one of the two joined and none
	// left pending. (No request pending alone is not enough: right
	// after the joins the owner's view may not hold them yet.)
	tr := waitFor(t, n, dup, "the requests taken", func(tr tourney.Tournament) bool {
		_, cem := tr.Joined["key:SHA256:cem"]
		_, dan := tr.Joined["key:SHA256:dan"]
		reqs, _ := n.svc.pending(dup)
		return (cem || dan) && len(reqs) == 0
	})
	_, cem := tr.Joined["key:SHA256:cem"]
	_, dan := tr.Joined["key:SHA256:dan"]
	if cem == dan {
		t.Errorf("of two from one address: cem joined %v, dan %v; want one", cem, dan)
	}
	b, _, err := n.svc.opt.Book.Read(ctx, prefixT+dup)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), home) || strings.Contains(string(b), "198.51.100.4") {
		t.Error("the store keeps an address as it is")
	}
	if err := n.svc.JoinFrom(ctx, fresh, "guest:ABCDEFGHJK", "guest", 1500, From{Addr: home}); err != nil {
		t.Errorf("a guest at a tournament of fresh deals: %v", err)
	}
}
