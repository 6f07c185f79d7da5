package door

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/door/internal/logbuf"
	"okey/game/classic"
	"okey/game/fair"
	"okey/server/keep"
)

// TestForgeriesDuringPlay: two nodes share a NATS deployment, ann on
// node a and bob on node b at table 1, which node a runs, mid-match. A
// user of the deployment without the cluster's secret forges what the
// nodes read and say to each other: a record start of its own deal
// (seed, salt and a commitment that matches them), a claim, the
// table's entry, its lease, its lobby summary (plain, sealed with
// another secret, a real one cut short), the next table's number, a
// request to the table, a "table moved" and a message to bob's seat.
// The table plays on untouched: the same node runs it (no stop, no
// takeover), the next moves land after the same deal, the seats and
// their owners are the same on both nodes, bob is never told his table
// moved, a new table gets another number, and the store's entry for
// the table is the node's again.
//
// On three nodes whose embedded servers form the store, the same:
// TestForgeriesDuringPlayOnThreeNodes (build tag tune: 11 s, most of it
// the cluster forming; keep's TestForgeriesChangeNoTable forges the
// store's values on three nodes in CI).
func TestForgeriesDuringPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("two nodes and a match (seconds)")
	}
	t.Parallel()
	// bob's seat's subject, as a listener on the deployment learns it.
	url, nc, overheard := overhear(t, "okey.members.>")
	logs, node := loggedNodes(url)
	a, b, ann, bob := matchAcrossNodes(t, node)
	forgeDuringPlay(t, nc, overheard, a, b, ann, bob)

	// A table nobody runs whose entry is forged, its lease freed: no
	// node takes its lease (taking and freeing it in turn, each freeing
	// waking the others), each says once that it is refused.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	kv := func(bucket string) jetstream.KeyValue {
		b, err := js.KeyValue(ctx, bucket)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if _, err := kv("okey_tables").Put(ctx, "77", []byte(`{"id":"77"}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := kv("okey_leases").Put(ctx, "77", []byte("a")); err != nil {
		t.Fatal(err)
	}
	leased := listen(t, nc, "$KV.okey_leases.77")
	if err := kv("okey_leases").Delete(ctx, "77"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(patience)
	for _, n := range []string{"a", "b"} {
		for !strings.Contains(logs[n].String(), "taking a table over: not taken") {
			if time.Now().After(deadline) {
				t.Fatalf("node %s did not refuse table 77:\n%s", n, logs[n].String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if heard := leased(); len(heard) != 1 { // the forger's delete
		t.Fatalf("table 77's lease was written %d times after the forger's delete", len(heard)-1)
	}
}

// loggedNodes is how nodes a and b of the deployment at url are made
// (leases of 6 s: one forged is written over soon, and a loaded machine
// does not lose one by being slow), each logging to its buffer.
func loggedNodes(url string) (logs map[string]*logbuf.Buf, node func(name string) func(*Config)) {
	logs = map[string]*logbuf.Buf{"a": {}, "b": {}}
	return logs, func(name string) func(*Config) {
		return func(c *Config) {
			steadyNode(url, name)(c)
			c.Store.LeaseTTL = 6 * time.Second
			c.Log = slog.New(slog.NewTextHandler(logs[name], nil))
		}
	}
}

// forgeDuringPlay forges, through nc, what nodes a and b read and say
// while ann and bob play table 1, run by node a, and checks that the
// table plays on untouched; overheard says what nc heard on the seats'
// subjects.
func forgeDuringPlay(t *testing.T, nc *nats.Conn, overheard func() []*nats.Msg, a, b *Server, ann, bob *client) {
	_, rec := playUntil(t, a, ann, bob, 4, true)
	members := overheard()
	before := a.hall.Local("1").Summary.Load()
	commit := rec.Meta[fair.MetaCommit]
	if commit == "" {
		t.Fatal("the match has no commitment")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	other := secretOf("another cluster").NewSealer()
	put := func(bucket, key string, v []byte) {
		t.Helper()
		kv, err := js.KeyValue(ctx, bucket)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := kv.Put(ctx, key, v); err != nil {
			t.Fatalf("forging %s/%s: %v", bucket, key, err)
		}
	}
	get := func(bucket, key string) []byte {
		t.Helper()
		kv, err := js.KeyValue(ctx, bucket)
		if err != nil {
			t.Fatal(err)
		}
		// The lobby is written by the node's flush, a beat after the
		// table changes: under the race detector on a busy machine the
		// entry can come after play has reached here.
		for {
			e, err := kv.Get(ctx, key)
			if err == nil {
				return e.Value()
			}
			if !errors.Is(err, jetstream.ErrKeyNotFound) || ctx.Err() != nil {
				t.Fatalf("reading %s/%s: %v", bucket, key, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	pub := func(subj string, data []byte, hdr ...string) {
		t.Helper()
		m := &nats.Msg{Subject: subj, Data: data, Header: nats.Header{}}
		for i := 0; i+1 < len(hdr); i += 2 {
			m.Header.Set(hdr[i], hdr[i+1])
		}
		if strings.HasPrefix(subj, "okey.table.") {
			if _, err := js.PublishMsg(ctx, m); err != nil {
				t.Fatalf("forging on %s: %v", subj, err)
			}
			return
		}
		if err := nc.PublishMsg(m); err != nil {
			t.Fatal(err)
		}
	}
	// A deal of the forger's own, its commitment matching.
	salt := []byte("0123456789abcdef")
	head, _ := json.Marshal(map[string]any{"seed": 666, "meta": fair.Meta(666, salt)})
	summary, _ := json.Marshal(map[string]any{"node": "b", "summary": map[string]any{"ID": "1", "Game": "classic", "Code": "EVIL"}})
	lobby := get("okey_lobby", "1")
	pub("okey.table.1.record", append(head, '\n'), "Okey-Part", "start", "Okey-Prev", "0")
	pub("okey.table.1.record", other.Seal("okey.table.1.record#0", append(head, '\n')), "Okey-Part", "start", "Okey-Prev", "0")
	pub("okey.table.1.record", nil, "Okey-Owner", "b")
	put("okey_tables", "1", []byte(`{"id":"1","config":{"game":"classic"},"started":false,"seats":[{"owner":"eve"}]}`))
	put("okey_leases", "1", []byte("b"))
	put("okey_lobby", "1", summary)
	put("okey_lobby", "1", other.Seal("okey_lobby/1", summary))
	put("okey_lobby", "1", lobby[:len(lobby)-4])
	put("okey_hall", "next", []byte("1"))
	pub("okey.tables.1.req", []byte(`{"member":"eve_1","kind":1,"name":"eve","seat":0}`))
	pub("okey.tables.1.req", other.Seal("okey.tables.1.req", []byte(`{"member":"eve_1","kind":1}`)))
	pub("okey.tables.1.moved", []byte("b"))
	for _, m := range members {
		pub(m.Subject, []byte(`{"closed":"table.moved"}`))
	}
	if len(members) == 0 {
		t.Fatal("no message to a seat was heard: bob's subject is not known")
	}

	// The match plays on where it was, on the same node.
	g, after := playUntil(t, a, ann, bob, len(rec.Actions)+6, true)
	if after.Meta[fair.MetaCommit] != commit || after.Seed != rec.Seed {
		t.Fatalf("the deal changed: commitment %s, was %s", after.Meta[fair.MetaCommit], commit)
	}
	if len(g.Record().Actions) < len(rec.Actions)+6 {
		t.Fatal("the moves after the forgeries did not land")
	}
	if a.hall.Local("1") == nil || b.hall.Local("1") != nil || a.hall.Stopped.Load() != 0 || a.hall.TakenOver.Load() != 0 || b.hall.TakenOver.Load() != 0 {
		t.Fatalf("table 1 moved: on a %v, on b %v, stopped %d, taken over %d/%d", a.hall.Local("1") != nil, b.hall.Local("1") != nil,
			a.hall.Stopped.Load(), a.hall.TakenOver.Load(), b.hall.TakenOver.Load())
	}
	now := a.hall.Local("1").Summary.Load()
	if now.Owners != before.Owners || now.Code != before.Code || now.Players[0].Name != before.Players[0].Name || now.Players[1].Name != before.Players[1].Name {
		t.Fatalf("the seats changed: %+v, were %+v", now, before)
	}
	// Node b lists the table as node a's, as it was.
	b.hall.Relay.Mu.Lock()
	listed := b.hall.Relay.Others["1"]
	b.hall.Relay.Mu.Unlock()
	if listed.Node != a.eng.Node || listed.Summary == nil || listed.Summary.Code != before.Code || listed.Summary.Owners != before.Owners {
		t.Fatalf("node b lists table 1 as %+v", listed)
	}
	if strings.Contains(bob.term.String(), "to another server") {
		t.Fatalf("bob was told his table moved:\n%s", bob.term.String())
	}
	if n, err := b.hall.Keep.Numbers.Take(ctx); err != nil || n < 2 {
		t.Fatalf("a new table's number after a forged one: %d (%v)", n, err)
	}
	// The entry is the node's again (the node writes it over the
	// forged one at once), and the lease once renewed.
	deadline := time.Now().Add(patience)
	for {
		kt, ok := b.hall.Keep.LoadOne(ctx, "1")
		if ok && kt.Err == nil && strings.Contains(string(kt.Table), `"started":true`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("table 1's entry in the store: %v", kt.Err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for {
		h, err := keepHolder(ctx, b)
		if err == nil && h == a.eng.Node {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("table 1's lease is held by %q (%v)", h, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if a.hall.Stopped.Load() != 0 {
		t.Fatal("node a stopped table 1 over a forged lease")
	}
}

// keepHolder is who holds table 1's lease, as node s reads it.
func keepHolder(ctx context.Context, s *Server) (string, error) {
	l, err := keep.OpenLeases(ctx, s.eng, s.cfg.Store.LeaseTTL)
	if err != nil {
		return "", err
	}
	return l.Holder(ctx, "1")
}

// TestUnsealedStoreIsNotTaken: a node started on a store holding a
// table in plain (an older okey's, or a forger's) says so on one line
// naming --seal-store, does not run the table, and leaves it in the
// store for the operator to seal (not set aside).
func TestUnsealedStoreIsNotTaken(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	eng, k, err := keep.OpenDir(context.Background(), dir, keep.StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	entry := []byte(`{"id":"3","config":{"game":"classic","rules":"default","levels":["easy","easy","easy","easy"]},"seats":[{"owner":"key:A","name":"ann"}]}`)
	if _, err := k.Tables.KV.Put(ctx, "3", entry); err != nil {
		t.Fatal(err)
	}
	eng.Close()
	var log logbuf.Buf
	srv, _ := testServer(t, func(c *Config) {
		c.StateDir = dir
		c.Log = slog.New(slog.NewTextHandler(&log, nil))
	})
	if srv.hall.Local("3") != nil {
		t.Fatal("the node runs a table kept in plain")
	}
	said := 0
	for _, l := range strings.Split(log.String(), "\n") {
		if strings.Contains(l, "the store holds tables") && strings.Contains(l, "okey serve --seal-store") && strings.Contains(l, "tables=1") {
			said++
		}
	}
	if said != 1 {
		t.Fatalf("the start says %d times that the store holds unsealed tables:\n%s", said, log.String())
	}
	if e, err := srv.hall.Keep.Tables.KV.Get(ctx, "3"); err != nil || !bytes.Equal(e.Value(), entry) {
		t.Fatalf("the table kept in plain is no longer in the store: %v", err)
	}
}

// TestReplaysDuringPlay: two nodes share a NATS deployment, ann on node
// a and bob on node b at table 1, which node a runs. A user of the
// deployment without the cluster's secret records everything the nodes
// say on its subjects and write to its buckets while bob joins, plays
// and says a line in the chat, then puts it all back: every request to
// the table (bob's join and his chat line among them), every message to
// bob's seat, every table opened, every lobby entry, table entry, lease
// and next table's number — and last the oldest value of each key, so
// that the store holds older values than the nodes wrote. Nothing a
// player sees changes: the same node runs the table (no stop, no
// takeover), the seats and their code are the same on both nodes, bob's
// line is said once, bob is neither thrown out ("connected again from
// elsewhere") nor told his table moved, the store's entry is the newest
// again, the lease is node a's, and no table number is given twice.
func TestReplaysDuringPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("two nodes and a match (seconds)")
	}
	t.Parallel()
	url, nc, heard := overhear(t, "okey.>")
	kvHeard := listen(t, nc, "$KV.>")
	logs, node := loggedNodes(url)
	a, b, ann, bob := matchAcrossNodes(t, node)
	_, rec := playUntil(t, a, ann, bob, 4, true)
	bob.press("m", "hello once", "enter")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	said := func() int {
		kt, ok := b.hall.Keep.LoadOne(ctx, "1")
		if !ok || kt.Err != nil {
			return -1
		}
		return strings.Count(string(kt.Table), "hello once")
	}
	for deadline := time.Now().Add(patience); said() != 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("bob's line never reached the table's entry")
		}
	}
	if n, err := b.hall.Keep.Numbers.Take(ctx); err != nil || n != 2 {
		t.Fatalf("a second table's number: %d (%v)", n, err)
	}
	_, rec = playUntil(t, a, ann, bob, len(rec.Actions)+4, true)
	before := a.hall.Local("1").Summary.Load()
	subjects, values := heard(), kvHeard()

	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	putBack := func(m *nats.Msg) {
		t.Helper()
		again := &nats.Msg{Subject: m.Subject, Data: m.Data, Header: nats.Header{}}
		for k, v := range m.Header {
			if !strings.HasPrefix(k, "Nats-Expected") { // the writer's fence
				again.Header[k] = v
			}
		}
		if strings.HasPrefix(m.Subject, "$KV.") || strings.HasPrefix(m.Subject, "okey.table.") {
			if _, err := js.PublishMsg(ctx, again); err != nil {
				t.Fatalf("putting back %s: %v", m.Subject, err)
			}
			return
		}
		if err := nc.PublishMsg(again); err != nil {
			t.Fatal(err)
		}
	}
	kinds := map[string]int{}
	for _, m := range subjects {
		kinds[strings.Join(strings.Split(m.Subject, ".")[:2], ".")+"."+strings.Split(m.Subject, ".")[len(strings.Split(m.Subject, "."))-1]]++
		putBack(m)
	}
	oldest := map[string]*nats.Msg{}
	for _, m := range values {
		putBack(m)
		if _, ok := oldest[m.Subject]; !ok && len(m.Data) > 0 {
			oldest[m.Subject] = m
		}
	}
	for _, m := range oldest {
		putBack(m)
	}
	lobbyValues := map[string]bool{}
	for _, m := range values {
		if m.Subject == "$KV.okey_lobby.1" {
			lobbyValues[string(m.Data)] = true
		}
	}
	for _, want := range []string{"okey.tables.req", "okey.members", "okey.lobby.opened"} {
		found := false
		for k := range kinds {
			found = found || strings.HasPrefix(k, want)
		}
		if !found {
			t.Fatalf("nothing heard on %s to put back: %v", want, kinds)
		}
	}
	for _, key := range []string{"$KV.okey_tables.1", "$KV.okey_lobby.1", "$KV.okey_leases.1", "$KV.okey_hall.next"} {
		if oldest[key] == nil {
			t.Fatalf("no value of %s heard to put back", key)
		}
	}

	// The match plays on where it was.
	g, _ := playUntil(t, a, ann, bob, len(rec.Actions)+6, true)
	if len(g.Record().Actions) < len(rec.Actions)+6 {
		t.Fatal("the moves after the replays did not land")
	}
	if a.hall.Local("1") == nil || b.hall.Local("1") != nil || a.hall.Stopped.Load() != 0 || a.hall.TakenOver.Load() != 0 || b.hall.TakenOver.Load() != 0 {
		t.Fatalf("table 1 moved: on a %v, on b %v, stopped %d, taken over %d/%d\nnode a said:\n%s", a.hall.Local("1") != nil, b.hall.Local("1") != nil,
			a.hall.Stopped.Load(), a.hall.TakenOver.Load(), b.hall.TakenOver.Load(), logs["a"].String())
	}
	now := a.hall.Local("1").Summary.Load()
	if now.Owners != before.Owners || now.Code != before.Code {
		t.Fatalf("the seats changed: %+v, were %+v", now, before)
	}
	for _, s := range []string{"elsewhere", "to another server"} {
		if strings.Contains(bob.term.String(), s) {
			t.Fatalf("bob was told %q:\n%s", s, bob.term.String())
		}
	}
	deadline := time.Now().Add(patience)
	for {
		b.hall.Relay.Mu.Lock()
		listed := b.hall.Relay.Others["1"]
		b.hall.Relay.Mu.Unlock()
		n := said()
		h, herr := keepHolder(ctx, b)
		if listed.Node == a.eng.Node && listed.Summary != nil && listed.Summary.Owners == before.Owners && n == 1 && herr == nil && h == a.eng.Node {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the replays: node b lists table 1 as %+v, its entry says bob's line %d times, its lease is %q's (%v)", listed, n, h, herr)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if n, err := b.hall.Keep.Numbers.Take(ctx); err != nil || n < 3 {
		t.Fatalf("a new table's number after the replays: %d (%v)", n, err)
	}
	says := map[string][]string{
		"a": {"a request to a table refused", "older than the one written last"},
		"b": {"a message to a member refused"},
	}
	if len(lobbyValues) > 1 { // the summary changed while it was heard: one is older
		says["b"] = append(says["b"], "a lobby entry refused")
	}
	for name, want := range says {
		for _, w := range want {
			if !strings.Contains(logs[name].String(), w) {
				t.Errorf("node %s's log does not say %q:\n%s", name, w, logs[name].String())
			}
		}
	}
}

// TestAStoreThatRefusesWritesPausesTheTable: a node's store stops
// taking its tables' writes (a user of the NATS deployment limits the
// records' stream to what it holds: every append refused) while ann,
// in English, and zeynep, in Turkish, play at table 1. Each is told,
// in their language, that the table is paused and takes no
// moves; nothing the store did not take is played on (the record kept
// is the record played); once the store takes writes again each is told
// the table goes on, and the match plays on where it was.
func TestAStoreThatRefusesWritesPausesTheTable(t *testing.T) {
	url, js := deployment(t, "a node and a match (seconds)")
	srv, addr := testServer(t, func(c *Config) { steadyNode(url, "a")(c) })
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t), w: 80, h: 24})
	openTable(t, ann)
	zey := dial(t, addr, "zeynep", dialOpts{key: newKey(t), env: []string{"LANG=tr_TR.UTF-8"}})
	zey.waitFor("Masalar (1 / ", 10*time.Second)
	zey.press("enter")
	zey.waitFor("Masayı kuranın oyunu başlatması bekleniyor", 5*time.Second)
	ann.waitFor("2. zeynep", 5*time.Second)
	ann.press("s")
	ann.waitFor("Hand 1 ·", 10*time.Second)
	zey.waitFor("El 1", 10*time.Second)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := js.Stream(ctx, "OKEY_RECORDS")
	if err != nil {
		t.Fatal(err)
	}
	cfg := st.CachedInfo().Config
	limited := cfg
	limited.MaxMsgs, limited.Discard = int64(st.CachedInfo().State.Msgs), jetstream.DiscardNew
	if _, err := js.UpdateStream(ctx, limited); err != nil {
		t.Fatal(err)
	}
	refused := time.Now()
	// The bots and the players move: the next write is refused.
	stop := make(chan struct{})
	wa := playWhile(t, ann, stop)
	// zeynep's screen is in Turkish: she draws and discards blindly
	// (a key out of turn is refused, and harmless).
	var wz sync.WaitGroup
	wz.Go(func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(200 * time.Millisecond):
				zey.press("d", "x")
			}
		}
	})
	ann.waitFor("The table is paused: it cannot be saved just now. It goes on by itself.", patience)
	t.Logf("the pause was said %v after the store refused writes", time.Since(refused).Round(time.Millisecond))
	zey.waitFor("Masa duraklatıldı: şu an kaydedilemiyor. Kendiliğinden sürecek.", patience)
	// While paused, the keys pressed go nowhere the store has not
	// taken: its record stays as it was.
	_, paused := savedGame(t, srv, "1", func(*classic.Game) bool { return true })
	time.Sleep(time.Second)
	if _, still := savedGame(t, srv, "1", func(*classic.Game) bool { return true }); len(still.Actions) != len(paused.Actions) {
		t.Fatalf("the store took moves while it refused writes: %d, then %d", len(paused.Actions), len(still.Actions))
	}

	if _, err := js.UpdateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	ann.waitFor("The table goes on", patience)
	zey.waitFor("Masa sürüyor", patience)
	// The match plays on where it was.
	savedGame(t, srv, "1", func(g *classic.Game) bool { return len(g.Record().Actions) >= len(paused.Actions)+4 })
	close(stop)
	wa.Wait()
	wz.Wait()
}

// TestALostTableIsSaidLost: table 1's node dies while a user of the
// NATS deployment deletes the table from the store (its entry and its
// record): no node can bring it back. bob, at it from node b, is told
// the table is lost — not that it moved and his seat is kept.
func TestALostTableIsSaidLost(t *testing.T) {
	url, js := deployment(t, "two nodes, one dies (seconds)")
	// Node a's lease outlasts the purge below: with nodeTweak's second,
	// node b could take the table over from its record before a loaded
	// machine's purge landed, and bob would play on at it.
	a, addrA := testServer(t, func(c *Config) { nodeTweak(url, "a")(c); c.Store.LeaseTTL = 10 * time.Second })
	_, addrB := testServer(t, nodeTweak(url, "b"))
	_, bob := seatAcross(t, addrA, addrB)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	a.crash()
	kv, err := js.KeyValue(ctx, "okey_tables")
	if err != nil {
		t.Fatal(err)
	}
	if err := kv.Purge(ctx, "1"); err != nil {
		t.Fatal(err)
	}
	st, err := js.Stream(ctx, "OKEY_RECORDS")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Purge(ctx, jetstream.WithPurgeSubject("okey.table.1.record")); err != nil {
		t.Fatal(err)
	}
	deleted := time.Now()
	bob.waitFor("The table is lost: the server no longer holds it. No seat was kept.", patience)
	t.Logf("bob was told the table is lost %v after it was deleted (its node dead, its lease 10 s)", time.Since(deleted).Round(time.Millisecond))
	if strings.Contains(bob.term.String(), "your seat is kept") {
		t.Fatalf("bob was told his seat is kept:\n%s", bob.term.String())
	}
}

// deployment is a NATS deployment for a test's nodes to share, and the
// JetStream of a user of it without the cluster's secret; the test is
// skipped in short mode (why says what it runs), and parallel.
func deployment(t *testing.T, why string) (url string, js jetstream.JetStream) {
	t.Helper()
	if testing.Short() {
		t.Skip(why)
	}
	t.Parallel()
	url = sharedNATS(t)
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	if js, err = jetstream.New(nc); err != nil {
		t.Fatal(err)
	}
	return url, js
}
