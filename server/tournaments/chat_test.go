package tournaments

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game/tourney"
	"okey/server/keep"
	"okey/server/tables"
)

// A tournament's chat is held to the tables' chat limits and reaches
// every node: a line said on one node is read on the other, cleaned as
// a table's line; only those in the tournament may speak; a fourth line
// within the tables' five seconds is refused, and said once they pass;
// a private tournament's chat is read by those in it only.
func TestTournamentChatAcrossNodes(t *testing.T) {
	t.Parallel()
	_, one, two, clk := hallAndTwoOwners(t)
	ctx := context.Background()
	const ann, bob, eve = "key:SHA256:ann", "key:SHA256:bob", "key:SHA256:eve"
	id, err := one.svc.CreateFrom(ctx, ann, "198.51.100.1", tourney.Config{Kind: tourney.Arena, Name: "Friday", Game: "101", Hands: 1, Start: t0, Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "two sees it", func() bool { _, _, err := two.svc.Tournament(id); return err == nil })
	two.svc.Owner().Round(ctx) // whichever node took the lease
	if err := two.svc.JoinTournament(ctx, id, bob, "Bob", 0); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "bob joined", func() bool {
		two.svc.Owner().Round(ctx)
		_, tr, _ := two.svc.Tournament(id)
		return tr.Players() == 1
	})

	if err := two.svc.Chats().Say(ctx, id, eve, "Eve", "hello"); !errors.Is(err, ErrChatNotIn) {
		t.Errorf("a stranger's line: %v", err)
	}
	if err := two.svc.Chats().Say(ctx, id, bob, "Bob", "\x1b[31mgood   luck\x07 "+strings.Repeat("x", 500)); err != nil {
		t.Fatal(err)
	}
	if err := one.svc.Chats().Say(ctx, id, ann, "Ann", "welcome"); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "both lines on node one", func() bool { return len(one.svc.Chats().Chat(id, eve)) == 2 })
	until(t, two.svc, "both lines on node two", func() bool { return len(two.svc.Chats().Chat(id, eve)) == 2 })
	lines := one.svc.Chats().Chat(id, eve)
	if l := lines[0]; l.Name != "Bob" || !strings.HasPrefix(l.Text, "good luck x") || strings.ContainsAny(l.Text, "\x1b\x07") || len(l.Text) > 100 || l.Seq != 1 {
		t.Errorf("bob's line %+v", l)
	}
	if l := lines[1]; l.Name != "Ann" || l.Text != "welcome" || l.Seq != 2 {
		t.Errorf("ann's line %+v", l)
	}

	for i := range 2 {
		if err := two.svc.Chats().Say(ctx, id, bob, "Bob", "again"); err != nil {
			t.Fatalf("line %d: %v", i+2, err)
		}
	}
	if err := two.svc.Chats().Say(ctx, id, bob, "Bob", "too fast"); !errors.Is(err, ErrChatSlow) {
		t.Errorf("a fourth line in five seconds: %v", err)
	}
	clk.add(5 * time.Second)
	if err := two.svc.Chats().Say(ctx, id, bob, "Bob", "later"); err != nil {
		t.Errorf("a line once the pace allows: %v", err)
	}

	private, err := one.svc.CreateFrom(ctx, ann, "198.51.100.1", tourney.Config{Kind: tourney.Arena, Name: "Club", Game: "101", Hands: 1, Start: t0, Length: time.Hour, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := one.svc.Chats().Say(ctx, private, ann, "Ann", "members only"); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "the private line", func() bool { return len(one.svc.Chats().Chat(private, ann)) == 1 })
	if got := one.svc.Chats().Chat(private, eve); got != nil {
		t.Errorf("a stranger reads a private tournament's chat: %+v", got)
	}
}

// The operator's mute made on one node holds on the other: the player's
// line is refused there with when it ends, lapses by the clock, and a
// mute until unmuted lasts until Unmute.
func TestMuteHoldsOnEveryNode(t *testing.T) {
	t.Parallel()
	_, one, two, clk := hallAndTwoOwners(t)
	ctx := context.Background()
	const ann = "key:SHA256:ann"
	id, err := one.svc.CreateFrom(ctx, ann, "198.51.100.1", tourney.Config{Kind: tourney.Arena, Name: "Friday", Game: "101", Hands: 1, Start: t0, Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "two sees it", func() bool { _, _, err := two.svc.Tournament(id); return err == nil })
	end := clk.Now().Add(30 * time.Minute)
	if err := one.svc.Muting().Mute(ctx, ann, "Ann", end); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "two holds the mute", func() bool { _, ok := two.svc.Muting().Muted(ann); return ok })
	var m *MutedError
	if err := two.svc.Chats().Say(ctx, id, ann, "Ann", "hi"); !errors.As(err, &m) || !m.Until.Equal(end.UTC()) {
		t.Errorf("a muted line: %v", err)
	}
	if got := two.svc.Muting().Mutes(); len(got) != 1 || got[0].Name != "Ann" {
		t.Errorf("the mutes: %+v", got)
	}
	clk.add(31 * time.Minute)
	if err := two.svc.Chats().Say(ctx, id, ann, "Ann", "back"); err != nil {
		t.Errorf("once the mute lapsed: %v", err)
	}
	if err := two.svc.Muting().Mute(ctx, ann, "Ann", time.Time{}); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "one holds the mute", func() bool { _, ok := one.svc.Muting().Muted(ann); return ok })
	clk.add(24 * time.Hour)
	if err := one.svc.Chats().Say(ctx, id, ann, "Ann", "hi"); !errors.As(err, &m) || !m.Until.IsZero() {
		t.Errorf("a line a day into a mute until unmuted: %v", err)
	}
	if err := one.svc.Muting().Unmute(ctx, ann); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "two lets go", func() bool { _, ok := two.svc.Muting().Muted(ann); return !ok })
}

// A player the operator mutes on one node, sitting at a table another
// node runs, is told at that table at once (the refusal's words, with
// no line of theirs): the other node's watch of the store tells its
// tables; the player at the table with them is not told. Unmuted and
// muted again, they are told again.
func TestMuteToldAtOnceAtATableElsewhere(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	one, two := startNode(t, eng, kept, nil, clk), startNode(t, eng, kept, nil, clk)
	two.hall.Opt.Muted = func(id string) (time.Time, bool) { m, ok := two.svc.Muting().Muted(id); return m.Until, ok }
	tb, err := two.hall.Create(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}}, "key:SHA256:host", "198.51.100.9")
	if err != nil {
		t.Fatal(err)
	}
	const ann, bob = "key:SHA256:ann", "key:SHA256:bob"
	a, b := tables.NewMember(ann, "Ann", "198.51.100.1", -1), tables.NewMember(bob, "Bob", "198.51.100.2", -1)
	for _, m := range []*tables.Member{a, b} {
		reply := make(chan tables.JoinReply, 1)
		if !tb.Call(context.Background(), tables.Request{Kind: tables.ReqJoin, M: m, Seat: -1, Reply: reply}) {
			t.Fatal("the table is gone")
		}
		if rep := <-reply; rep.Err != nil {
			t.Fatal(rep.Err)
		}
	}
	if err := one.svc.Muting().Mute(context.Background(), ann, "Ann", time.Time{}); err != nil {
		t.Fatal(err)
	}
	// told says whether m was told of a mute since the last time (a
	// refusal numbered anew: the last one is in every message after).
	seen := map[*tables.Member]uint64{}
	told := func(m *tables.Member) bool {
		for {
			select {
			case msg := <-m.Box:
				if r := msg.Room; r != nil && r.Refused == "chat.muted" && r.RefusedSeq > seen[m] {
					seen[m] = r.RefusedSeq
					return true
				}
			default:
				return false
			}
		}
	}
	deadline := time.Now().Add(2 * time.Minute)
	for !told(a) {
		if time.Now().After(deadline) {
			t.Fatal("ann, muted on node one, was never told at node two's table")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if told(b) {
		t.Error("bob, not muted, was told he is")
	}
	// Unmuted and muted again as before: told again.
	if err := one.svc.Muting().Unmute(context.Background(), ann); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "two lets go", func() bool { _, ok := two.svc.Muting().Muted(ann); return !ok })
	if err := one.svc.Muting().Mute(context.Background(), ann, "Ann", time.Time{}); err != nil {
		t.Fatal(err)
	}
	for !told(a) {
		if time.Now().After(deadline) {
			t.Fatal("ann, unmuted and muted again, was not told again")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestAMutePutBackAfterTheUnmuteIsNotTaken: a writer of the store
// without the cluster's secret captures the operator's mute of ann (it
// opens: the cluster's seal) and puts it back after the unmute. Neither
// node mutes her, nor a node started afterwards (a watch of its own,
// nothing seen before), and she can be muted again.
func TestAMutePutBackAfterTheUnmuteIsNotTaken(t *testing.T) {
	t.Parallel()
	ctx, f := forgerAt(t)
	one, two, kv := f.one, f.started("two"), f.kv
	const ann, bob = "key:SHA256:ann", "key:SHA256:bob"
	muted := func(o owner, who string) bool { _, ok := o.svc.Muting().Muted(who); return ok }
	if err := one.svc.Muting().Mute(ctx, ann, "Ann", time.Time{}); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "two holds the mute", func() bool { return muted(two, ann) })
	e, err := kv.Get(ctx, one.svc.mutes.muteKey(ann))
	if err != nil {
		t.Fatal(err)
	}
	if err := two.svc.Muting().Unmute(ctx, ann); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "one lets go", func() bool { return !muted(one, ann) })
	if _, err := kv.Put(ctx, e.Key(), e.Value()); err != nil {
		t.Fatal(err)
	}
	// bob muted after the put back: a watch that brought his mute
	// brought the put back before it.
	if err := one.svc.Muting().Mute(ctx, bob, "Bob", time.Time{}); err != nil {
		t.Fatal(err)
	}
	three := f.started("three")
	for _, o := range []owner{one, two, three} {
		until(t, o.svc, "bob's mute held", func() bool { return muted(o, bob) })
		if muted(o, ann) {
			t.Fatalf("ann's mute put back after the unmute was taken")
		}
		if got := o.svc.Muting().Mutes(); len(got) != 1 || got[0].Name != "Bob" {
			t.Errorf("the mutes: %+v, want bob's alone", got)
		}
	}
	if err := three.svc.Muting().Mute(ctx, ann, "Ann", time.Time{}); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "ann muted again", func() bool { return muted(one, ann) })
}

// TestARequestPutBackAfterItWasTakenIsNotTaken: ann's leave, captured
// as she asked it and put back after the owner took it and she joined
// again, does not take her out: the owner's watch, and a node started
// afterwards, hold the request as taken.
func TestARequestPutBackAfterItWasTakenIsNotTaken(t *testing.T) {
	t.Parallel()
	ctx, f := forgerAt(t)
	const ann, bob = "key:SHA256:ann", "key:SHA256:bob"
	id := f.friday(ctx, ann)
	if err := f.one.svc.LeaveTournament(ctx, id, ann); err != nil {
		t.Fatal(err)
	}
	leave, err := f.kv.Get(ctx, f.one.svc.reqKey(id, ann))
	if err != nil {
		t.Fatal(err)
	}
	until(t, f.one.svc, "ann left", func() bool { return !f.in(f.one.svc, id, ann) })
	f.join(ctx, id, ann, "Ann")
	if _, err := f.kv.Put(ctx, leave.Key(), leave.Value()); err != nil {
		t.Fatal(err)
	}
	// bob joins after the put back: a round that took his join saw it.
	f.join(ctx, id, bob, "Bob")
	f.one.svc.Owner().Round(ctx)
	if !f.in(f.one.svc, id, ann) {
		t.Fatal("ann's leave put back after it was taken took her out")
	}
	two := f.started("two")
	until(t, two.svc, "two sees bob", func() bool { _, _, err := two.svc.Tournament(id); return err == nil && f.in(two.svc, id, bob) })
	if two.svc.asked(id, ann) || !f.in(two.svc, id, ann) {
		t.Fatalf("a node started after the put back: ann asked %v, in %v", two.svc.asked(id, ann), f.in(two.svc, id, ann))
	}
}

// forger is a store with a node's tournaments running on it (one), and
// its tournaments' bucket as a writer of the store without the
// cluster's secret reaches it: its values as they are kept.
type forger struct {
	t   *testing.T
	eng *keep.Engine
	n   *node
	clk *clock
	one owner
	kv  jetstream.KeyValue
}

// forgerAt starts a forger for t, and the context its calls are made
// in: a minute, the test's.
func forgerAt(t *testing.T) (context.Context, forger) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	js, err := jetstream.New(eng.NC)
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.KeyValue(ctx, "okey_tourneys")
	if err != nil {
		t.Fatal(err)
	}
	return ctx, forger{t: t, eng: eng, n: n, clk: clk, one: startOwner(t, eng, n.hall, clk, "one"), kv: kv}
}

// started is another node's tournaments, started now: nothing seen
// before.
func (f forger) started(name string) owner { return startOwner(f.t, f.eng, f.n.hall, f.clk, name) }

// friday creates the arena the put-back tests play with on the first
// node (an hour of Okey 101 from t0), as someone else made it, and has
// ann join it.
func (f forger) friday(ctx context.Context, ann string) string {
	f.t.Helper()
	id, err := f.one.svc.CreateFrom(ctx, "key:SHA256:creator", "198.51.100.1", tourney.Config{Kind: tourney.Arena, Name: "Friday", Game: "101", Hands: 1, Start: t0, Length: time.Hour})
	if err != nil {
		f.t.Fatal(err)
	}
	f.join(ctx, id, ann, "Ann")
	return id
}

// in says whether svc holds who in tournament id, not left.
func (f forger) in(svc *Service, id, who string) bool {
	e, ok := state(f.t, svc, id).Joined[who]
	return ok && !e.Left
}

// join has who join tournament id through the first node and waits
// until that node holds them in.
func (f forger) join(ctx context.Context, id, who, name string) {
	f.t.Helper()
	if err := f.one.svc.JoinTournament(ctx, id, who, name, 1500); err != nil {
		f.t.Fatal(err)
	}
	until(f.t, f.one.svc, strings.ToLower(name)+" joined", func() bool { return f.in(f.one.svc, id, who) })
}

// TestAnOlderChatPutBackIsNotTaken: a tournament's chat captured after
// its first line and put back after the second loses no line: not on
// the node that wrote it, not on a node started afterwards, and the
// next line is said after both.
func TestAnOlderChatPutBackIsNotTaken(t *testing.T) {
	t.Parallel()
	ctx, f := forgerAt(t)
	one, kv := f.one, f.kv
	const ann = "key:SHA256:ann"
	id, err := one.svc.CreateFrom(ctx, ann, "198.51.100.1", tourney.Config{Kind: tourney.Arena, Name: "Friday", Game: "101", Hands: 1, Start: t0, Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "the tournament seen", func() bool { _, _, err := one.svc.Tournament(id); return err == nil })
	said := func(o owner, want ...string) bool {
		var got []string
		for _, l := range o.svc.Chats().Chat(id, ann) {
			got = append(got, l.Text)
		}
		return slices.Equal(got, want)
	}
	if err := one.svc.Chats().Say(ctx, id, ann, "Ann", "one"); err != nil {
		t.Fatal(err)
	}
	then, err := kv.Get(ctx, chatKey(id))
	if err != nil {
		t.Fatal(err)
	}
	if err := one.svc.Chats().Say(ctx, id, ann, "Ann", "two"); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "two lines", func() bool { return said(one, "one", "two") })
	if _, err := kv.Put(ctx, then.Key(), then.Value()); err != nil {
		t.Fatal(err)
	}
	two := f.started("two")
	until(t, two.svc, "a node started after reads both lines", func() bool { return said(two, "one", "two") })
	if err := two.svc.Chats().Say(ctx, id, ann, "Ann", "three"); err != nil {
		t.Fatal(err)
	}
	for _, o := range []owner{one, two} {
		until(t, o.svc, "three lines", func() bool { return said(o, "one", "two", "three") })
	}
}

// TestAnOlderTournamentPutBackIsNotTaken: a tournament captured with
// ann alone in it and put back after bob joined keeps bob: on the
// owner's next round, on its pages, and on a node started afterwards.
func TestAnOlderTournamentPutBackIsNotTaken(t *testing.T) {
	t.Parallel()
	ctx, f := forgerAt(t)
	const ann, bob = "key:SHA256:ann", "key:SHA256:bob"
	id := f.friday(ctx, ann)
	then, err := f.kv.Get(ctx, prefixT+id)
	if err != nil {
		t.Fatal(err)
	}
	f.join(ctx, id, bob, "Bob")
	if _, err := f.kv.Put(ctx, then.Key(), then.Value()); err != nil {
		t.Fatal(err)
	}
	two := f.started("two")
	until(t, two.svc, "a node started after sees the tournament", func() bool { _, _, err := two.svc.Tournament(id); return err == nil })
	for range 3 {
		f.one.svc.Owner().Round(ctx)
		if !f.in(f.one.svc, id, bob) || !f.in(two.svc, id, bob) {
			t.Fatalf("the tournament put back was taken: bob in on the owner %v, on a node started after %v", f.in(f.one.svc, id, bob), f.in(two.svc, id, bob))
		}
	}
}
