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
		reqs, _ := n.svc.owner.pending(dup)
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

// TestOneEntryPerAddress: every tournament, not only duplicate rounds,
// takes one entry an address — keys and guests alike — refused at the
// entry with ErrAddrTaken (never found out at a table); the player
// who entered joins again, the loopback is not counted, an address the
// operator names shared takes several, a team from one address is one
// entry, and a duplicate tournament counts even a shared address.
func TestOneEntryPerAddress(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	ctx := context.Background()
	create := func(c tourney.Config) string {
		t.Helper()
		id, err := n.svc.CreateTournament(ctx, Operator, c)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	arena := create(tourney.Config{Kind: tourney.Arena, Name: "arena", Game: "101", Hands: 1, Start: t0, Length: time.Hour})
	swiss := create(tourney.Config{Kind: tourney.Swiss, Name: "swiss", Game: "101", Hands: 1, Start: t0, Rounds: 2})
	pairs := create(tourney.Config{Kind: tourney.Arena, Name: "pairs", Game: "101", Hands: 1, Start: t0, Length: time.Hour, Partners: true})
	dup := create(tourney.Config{Kind: tourney.Swiss, Name: "dup", Game: "101", Hands: 1, Start: t0, Rounds: 2, Duplicate: true})
	const home, hall = "192.0.2.7", "198.51.100.9"
	before := clk.Now().Add(-time.Hour)
	for _, id := range []string{arena, swiss} {
		for _, c := range []struct {
			who  string
			from From
			want error
		}{
			{"guest:ABCDEFGHJK", From{Addr: home}, nil},
			{"guest:BCDEFGHJKM", From{Addr: home}, ErrAddrTaken},
			{"key:SHA256:bob", From{Addr: home, Seen: before}, ErrAddrTaken},
			{"guest:ABCDEFGHJK", From{Addr: home}, nil}, // the one who entered, again
			{"key:SHA256:cem", From{Addr: "127.0.0.1"}, nil},
			{"key:SHA256:dan", From{Addr: "127.0.0.1"}, nil},
			{"key:SHA256:eda", From{Addr: hall, Shared: true}, nil},
			{"key:SHA256:fil", From{Addr: hall, Shared: true}, nil},
		} {
			if err := n.svc.JoinFrom(ctx, id, c.who, c.who[len(c.who)-3:], 1500, c.from); !errors.Is(err, c.want) {
				t.Errorf("%s: %s from %+v: %v, want %v", id, c.who, c.from, err, c.want)
			}
			// Each entry taken before the next is asked: the rule
			// reads what the owner has taken.
			waitFor(t, n, id, c.who+" taken", func(tourney.Tournament) bool { reqs, _ := n.svc.owner.pending(id); return len(reqs) == 0 })
			if c.want == nil {
				waitFor(t, n, id, c.who+" joined", func(tr tourney.Tournament) bool { _, ok := tr.Joined[tr.Unit(c.who)]; return ok })
			}
		}
		tr := waitFor(t, n, id, "five in", func(tr tourney.Tournament) bool { return len(tr.Joined) == 5 })
		if _, ok := tr.Joined["guest:BCDEFGHJKM"]; ok {
			t.Errorf("%s: a second entry from one address was taken", id)
		}
	}
	// A team from one address is one entry: ann waits alone, her
	// partner from her address asks her; a third from there does not.
	if err := n.svc.JoinFrom(ctx, pairs, "key:SHA256:ann", "ann", 1500, From{Addr: home, Seen: before}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, n, pairs, "ann in", func(tr tourney.Tournament) bool { return tr.Alone("key:SHA256:ann") })
	if err := n.svc.AskPartner(ctx, pairs, "key:SHA256:bob", "bob", 1500, "key:SHA256:ann", From{Addr: home, Seen: before}); err != nil {
		t.Errorf("ann's partner from her address: %v", err)
	}
	waitFor(t, n, pairs, "bob's ask taken", func(tr tourney.Tournament) bool { _, ok := tr.InviteOf("key:SHA256:bob"); return ok })
	if err := n.svc.JoinFrom(ctx, pairs, "key:SHA256:cem", "cem", 1500, From{Addr: home, Seen: before}); !errors.Is(err, ErrAddrTaken) {
		t.Errorf("a third from ann's address: %v, want %v", err, ErrAddrTaken)
	}
	// Duplicate rounds: one identity an address, shared or not.
	if err := n.svc.JoinFrom(ctx, dup, "key:SHA256:eda", "eda", 1500, From{Addr: hall, Seen: before, Shared: true}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, n, dup, "eda in", func(tr tourney.Tournament) bool { _, ok := tr.Joined["key:SHA256:eda"]; return ok })
	if err := n.svc.JoinFrom(ctx, dup, "key:SHA256:fil", "fil", 1500, From{Addr: hall, Seen: before, Shared: true}); !errors.Is(err, ErrAddrTaken) {
		t.Errorf("a second from a shared address in duplicate rounds: %v, want %v", err, ErrAddrTaken)
	}
}

// A tournament's tables do not refuse a second seat from one address
// (the entry held the rule; a shared hall's players meet at tables),
// but duplicate rounds' keep the table's rule as well.
func TestTournamentTablesLeaveTheAddressToTheEntry(t *testing.T) {
	for _, c := range []struct {
		cfg  tourney.Config
		same bool
	}{
		{tourney.Config{Kind: tourney.Arena, Game: "101", Hands: 1, Length: time.Hour}, true},
		{tourney.Config{Kind: tourney.Swiss, Game: "101", Hands: 1, Rounds: 2}, true},
		{tourney.Config{Kind: tourney.Swiss, Game: "101", Hands: 1, Rounds: 2, Duplicate: true}, false},
	} {
		if got := tableConfig(c.cfg, tourney.Start{}, "t", 0).SameAddr; got != c.same {
			t.Errorf("%s duplicate %v: SameAddr %v, want %v", c.cfg.Kind, c.cfg.Duplicate, got, c.same)
		}
	}
}

// TestOneEntryThroughEveryAsk: a partner who asks from the address of
// the one asked rides on their entry, and however the ask ends the
// address holds one entry: declined, taken back, lapsed, or the asker
// leaving, the asker is out and cannot enter alone from there; the one
// asked leaving takes the asker out with them, and either may enter
// again alone; accepted, the team is the one entry and a third from the
// address is refused.
func TestOneEntryThroughEveryAsk(t *testing.T) {
	t.Parallel()
	const home = "192.0.2.7"
	ann, bob, cem := "key:SHA256:ann", "key:SHA256:bob", "key:SHA256:cem"
	for _, c := range []struct {
		name string
		end  func(ctx context.Context, n *node, clk *clock, id string) error
		// back is who may enter alone from home afterwards ("": none).
		back string
	}{
		{"declined", func(ctx context.Context, n *node, _ *clock, id string) error {
			return n.svc.AnswerPartner(ctx, id, ann, false)
		}, ""},
		{"taken back", func(ctx context.Context, n *node, _ *clock, id string) error {
			return n.svc.TakeBackPartner(ctx, id, bob)
		}, ""},
		{"lapsed", func(_ context.Context, _ *node, clk *clock, _ string) error {
			clk.add(tourney.AskLapse)
			return nil
		}, ""},
		{"the asker left", func(ctx context.Context, n *node, _ *clock, id string) error {
			return n.svc.LeaveTournament(ctx, id, bob)
		}, ""},
		{"the one asked left", func(ctx context.Context, n *node, _ *clock, id string) error {
			return n.svc.LeaveTournament(ctx, id, ann)
		}, ann},
		{"accepted", func(ctx context.Context, n *node, _ *clock, id string) error {
			return n.svc.AnswerPartner(ctx, id, ann, true)
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			n, clk, id := begin(t, tourney.Config{Kind: tourney.Arena, Name: "eşli " + c.name, Game: "101", Hands: 1,
				Start: t0, Length: time.Hour, BotLevel: "easy", Partners: true}, 0)
			ctx := context.Background()
			before := clk.Now().Add(-time.Hour)
			from := From{Addr: home, Seen: before}
			if err := n.svc.JoinFrom(ctx, id, ann, "ann", 1500, from); err != nil {
				t.Fatal(err)
			}
			waitFor(t, n, id, "ann alone", func(tr tourney.Tournament) bool { return tr.Alone(ann) })
			if err := n.svc.AskPartner(ctx, id, bob, "bob", 1500, ann, from); err != nil {
				t.Fatal(err)
			}
			waitFor(t, n, id, "bob's ask taken", func(tr tourney.Tournament) bool { _, ok := tr.InviteOf(bob); return ok })
			if err := c.end(ctx, n, clk, id); err != nil {
				t.Fatal(err)
			}
			tr := waitFor(t, n, id, "the ask ended", func(tr tourney.Tournament) bool {
				reqs, _ := n.svc.owner.pending(id)
				return len(tr.Invites) == 0 && len(reqs) == 0
			})
			// The entries from home: the units its players are in.
			units := map[string]bool{}
			for _, p := range []string{ann, bob} {
				if tid, ok := tr.TeamOf(p); ok && !tr.Joined[tid].Left || tr.Alone(p) {
					units[tr.Unit(p)] = true
				}
			}
			if len(units) > 1 {
				t.Fatalf("home holds %d entries: %v; alone %v, teams %v", len(units), units, tr.Lone, tr.Teams)
			}
			if c.name == "accepted" {
				if p, _ := tr.Partner(bob); p != ann {
					t.Fatalf("accepted: bob's partner %q", p)
				}
				if err := n.svc.JoinFrom(ctx, id, cem, "cem", 1500, from); !errors.Is(err, ErrAddrTaken) {
					t.Errorf("a third from the team's address: %v, want %v", err, ErrAddrTaken)
				}
				return
			}
			for _, p := range []string{bob, ann} {
				err := n.svc.JoinFrom(ctx, id, p, p[len(p)-3:], 1500, from)
				if tr.Alone(p) {
					continue // in still
				}
				if want := p == c.back; want != (err == nil) {
					t.Errorf("%s enters alone from home again: %v", p, err)
				}
			}
		})
	}
}
