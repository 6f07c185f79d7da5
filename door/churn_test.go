package door

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"okey/game/classic"
	"okey/server/hall"
	"okey/server/keep"
	"okey/server/tables"
)

// The churn test: three clustered nodes in process, a driver opening,
// joining, leaving and starting tables through the nodes' halls, its
// players moving from node to node, nodes crashed, restarted and frozen;
// after each burst of changes a quiet spell, and then every node must
// list the same lobby, every table must have one owner, and every record
// must verify and go on from every record read before.

var churnSeed = flag.Int64("churn.seed", 0, "the churn tests' random seed (0: a new one, logged)")

// churnRound is what one round of churn does: bursts of changes, each
// followed by a quiet spell and the checks.
type churnRound struct {
	spells  int // quiet spells (each after a burst)
	burst   int // changes in a burst, at most
	players int
	// converge is the longest a quiet spell may take to converge before
	// the round fails: generous (a loaded machine is slow), and the time
	// each took is measured and reported.
	converge time.Duration
}

// churnSpell is one quiet spell as measured: what was changed last, the
// kind of burst before it (a node crashed, restarted or woke in it, or
// only players changed), and how long after the last change every node
// agreed.
type churnSpell struct {
	last, kind string
	took       time.Duration
	// why is what the nodes disagreed on last before they converged
	// ("": nothing, they agreed at once).
	why string
}

// TestChurnConverges runs a short round of churn (CI: two quiet
// spells); the tune build's TestChurnRounds runs many and reports how
// long the lobby took to converge. A failing round is replayed with
// -args -churn.seed=N.
func TestChurnConverges(t *testing.T) {
	if testing.Short() {
		t.Skip("three clustered nodes churned (seconds)")
	}
	t.Parallel() // a cluster of its own, its waits generous: beside the package's other tests
	runChurn(t, churnRound{spells: 2, burst: 4, players: 5, converge: 30 * time.Second})
}

// runChurn runs one round of churn on a fresh cluster and returns its
// quiet spells as measured.
func runChurn(t *testing.T, round churnRound) []churnSpell {
	t.Helper()
	seed := *churnSeed
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	t.Logf("churn seed %d (replay: -args -churn.seed=%d)", seed, seed)
	d := &churnDriver{t: t, c: startCluster(t, 3), rng: rand.New(rand.NewSource(seed)), seen: map[string][]byte{}, frozen: -1}
	for i := range round.players {
		d.players = append(d.players, &churnPlayer{id: keep.KeyPrefix + fmt.Sprintf("SHA256:churn%d", i), name: fmt.Sprintf("p%d", i), addr: fmt.Sprintf("10.0.1.%d", i+1), node: i % 3})
	}
	var spells []churnSpell
	for s := range round.spells {
		n := 1 + d.rng.Intn(round.burst)
		d.kind = "players' changes only"
		for range n {
			d.step()
			time.Sleep(time.Duration(d.rng.Intn(300)) * time.Millisecond)
		}
		d.quiet()
		took, why := d.converged(round.converge)
		d.checkRecords()
		spells = append(spells, churnSpell{last: d.last, kind: d.kind, took: took, why: why})
		t.Logf("spell %d: %d changes, the last %q; converged %v after it (last seen apart: %s)", s+1, n, d.last, took.Round(time.Millisecond), cmp.Or(why, "nothing"))
	}
	return spells
}

// churnDriver drives the churn and keeps what it must check.
type churnDriver struct {
	t       *testing.T
	c       *cluster
	rng     *rand.Rand
	players []*churnPlayer
	// seen is each table's longest record read: a later one must go on
	// from it (no acknowledged move lost or doubled).
	seen map[string][]byte
	// frozen is the node whose lease renewals are paused (-1: none),
	// since frozenAt.
	frozen   int
	frozenAt time.Time
	// last is the last change made, and when.
	last   string
	lastAt time.Time
	did    []string
	// kind is the burst's most disruptive change (churnSpell).
	kind string
}

// churnPlayer is one of the driver's players: connected to a node (or
// not), holding a seat at a table (or not).
type churnPlayer struct {
	id, name string
	// addr is where the player connects from: one each, as a hall
	// counts the tables an address holds seats at.
	addr  string
	node  int // the node connected to; -1: none (it died)
	table string
	at    hall.SeatTable
	m     *tables.Member
}

// errOK stands for no error in the churn's notes.
var errOK = errors.New("ok")

// churnConfig is the tables the driver opens: short classic matches
// (five points) that bots finish within seconds.
var churnConfig = tables.Config{Game: "classic", Rules: "points=5", Levels: [4]string{"easy", "easy", "easy", "easy"}}

// note records a change made.
func (d *churnDriver) note(format string, args ...any) {
	d.last, d.lastAt = fmt.Sprintf(format, args...), time.Now()
	for _, k := range []string{"crashed", "restarted", "wakes"} {
		if strings.Contains(d.last, "node") && strings.Contains(d.last, k) && !strings.Contains(d.kind, "crashed") {
			d.kind = "a node " + k + " in the burst"
		}
	}
	d.did = append(d.did, d.last)
	d.t.Log("churn: " + d.last)
}

// live lists the nodes up.
func (d *churnDriver) live() []int {
	var out []int
	for i := range 3 {
		if !d.c.isDown(i) {
			out = append(out, i)
		}
	}
	return out
}

// step makes one random change.
func (d *churnDriver) step() {
	p := d.players[d.rng.Intn(len(d.players))]
	if p.node >= 0 && d.c.isDown(p.node) {
		p.node, p.at, p.m = -1, nil, nil
	}
	switch r := d.rng.Intn(100); {
	case r < 8 && len(d.live()) == 3 && d.frozen < 0:
		i := d.rng.Intn(3)
		if why := d.c.notCurrent(); why != "" {
			// A second node lost before the one restarted has caught
			// up takes the majority from the streams it lags on: the
			// store stops taking writes there (a double fault, which a
			// cluster of three does not survive).
			d.note("node %d not crashed: %s", i, why)
			return
		}
		d.crash(i)
	case r < 16 && len(d.live()) < 3:
		for i := range 3 {
			if d.c.isDown(i) {
				d.c.restart(i)
				d.note("node %d restarted", i)
				break
			}
		}
	case r < 20 && len(d.live()) == 3 && d.frozen < 0:
		d.frozen, d.frozenAt = d.rng.Intn(3), time.Now()
		srv, _ := d.c.node(d.frozen)
		srv.hall.Nodes.Hold.Paused.Store(true)
		d.note("node %d frozen (its lease renewals paused)", d.frozen)
	case p.node < 0:
		d.connect(p, d.live()[d.rng.Intn(len(d.live()))])
	case p.table == "" && r < 55:
		d.open(p)
	case p.table == "":
		d.join(p)
	case r < 65:
		d.leave(p)
	case r < 85:
		live := d.live()
		d.hop(p, live[d.rng.Intn(len(live))])
	default:
		if p.at != nil {
			p.at.Send(tables.Request{Kind: tables.ReqStart, M: p.m})
			d.note("%s starts table %s", p.name, p.table)
		}
	}
}

// crash kills node i, first reading the records of the tables it runs:
// what was acknowledged before the kill must all come back.
func (d *churnDriver) crash(i int) {
	srv, _ := d.c.node(i)
	for _, id := range srv.hall.Owned() {
		d.readRecord(srv, id)
	}
	d.c.crash(i)
	for _, p := range d.players {
		if p.node == i {
			p.node, p.at, p.m = -1, nil, nil
		}
	}
	d.note("node %d crashed", i)
}

// notCurrent says why the cluster could not lose a node now ("": it
// could): a stream without a leader, or a replica of one not caught up
// (a node restarted a moment ago), waited for a while first.
func (c *cluster) notCurrent() string {
	deadline := time.Now().Add(30 * time.Second)
	for {
		why := c.lagging()
		if why == "" || time.Now().After(deadline) {
			return why
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// lagging names a stream without a leader or with a replica behind
// ("": none).
func (c *cluster) lagging() string {
	srv, _ := c.node(0)
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	list := srv.eng.JetStream().ListStreams(ctx)
	why := ""
	for info := range list.Info() {
		cl := info.Cluster
		if cl == nil || why != "" {
			continue
		}
		if cl.Leader == "" || len(cl.Replicas) < 2 {
			why = "stream " + info.Config.Name + " has no leader or too few replicas"
			continue
		}
		for _, p := range cl.Replicas {
			if !p.Current || p.Offline {
				why = fmt.Sprintf("stream %s's replica on %s is behind", info.Config.Name, p.Name)
			}
		}
	}
	if err := list.Err(); err != nil {
		return "listing the streams: " + err.Error()
	}
	return why
}

// call asks table at to seat (or unseat) m and says whether it did.
func callJoin(at hall.SeatTable, m *tables.Member) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r := tables.Request{Kind: tables.ReqJoin, M: m, Seat: -1, Reply: make(chan tables.JoinReply, 1)}
	if !at.Call(ctx, r) {
		return tables.ErrClosed
	}
	select {
	case rep := <-r.Reply:
		return rep.Err
	case <-at.Ended():
		return tables.ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
}

// sitAt seats p at table id through its node, its bot playing for it
// (the seat away: nobody presses its keys).
func (d *churnDriver) sitAt(p *churnPlayer, id string) error {
	srv, _ := d.c.node(p.node)
	at := srv.hall.Get(id)
	if at == nil {
		return errors.New("not listed")
	}
	m := tables.NewMember(p.id, p.name, p.addr, -1)
	if err := callJoin(at, m); err != nil {
		return err
	}
	at.Send(tables.Request{Kind: tables.ReqAway, M: m})
	p.table, p.at, p.m = id, at, m
	return nil
}

// connect connects p to node i and takes its seat back, if it holds
// one (the table may be moving: then later).
func (d *churnDriver) connect(p *churnPlayer, i int) {
	p.node = i
	if p.table == "" {
		d.note("%s connects to node %d", p.name, i)
		return
	}
	err := d.sitAt(p, p.table)
	d.note("%s connects to node %d, back at table %s: %v", p.name, i, p.table, cmp.Or(err, errOK))
}

// open has p open a table on its node and sit at it.
func (d *churnDriver) open(p *churnPlayer) {
	srv, _ := d.c.node(p.node)
	tb, err := srv.hall.Create(churnConfig, p.id, p.addr)
	if err != nil {
		d.note("%s cannot open a table on node %d: %v", p.name, p.node, err)
		return
	}
	err = d.sitAt(p, tb.ID)
	d.note("%s opens table %s on node %d, seated: %v", p.name, tb.ID, p.node, cmp.Or(err, errOK))
}

// join has p sit at a table its node lists with a free seat.
func (d *churnDriver) join(p *churnPlayer) {
	srv, _ := d.c.node(p.node)
	var free []string
	for _, s := range srv.hall.List() {
		if !s.Over && s.Free() > 0 && s.Holds(p.id) < 0 {
			free = append(free, s.ID)
		}
	}
	if len(free) == 0 {
		d.open(p)
		return
	}
	id := free[d.rng.Intn(len(free))]
	err := d.sitAt(p, id)
	d.note("%s joins table %s from node %d: %v", p.name, id, p.node, cmp.Or(err, errOK))
}

// leave has p give its seat up.
func (d *churnDriver) leave(p *churnPlayer) {
	if p.at == nil {
		d.connect(p, p.node)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	ok := p.at.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: p.m})
	cancel()
	d.note("%s leaves table %s: %v", p.name, p.table, ok)
	if ok {
		p.table = ""
	}
	p.at, p.m = nil, nil
}

// hop has p drop its connection (its seat kept) and come back through
// node i.
func (d *churnDriver) hop(p *churnPlayer, i int) {
	if p.at != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		p.at.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: p.m, Gone: true})
		cancel()
	}
	p.at, p.m = nil, nil
	d.connect(p, i)
}

// churnFreeze is the least a node stays frozen: long enough for its
// leases (1 s) to run out and its tables to be taken over.
const churnFreeze = 2500 * time.Millisecond

// quiet ends a burst: a frozen node wakes (its renewals go on, and find
// whether its leases are still its own), once frozen for churnFreeze.
func (d *churnDriver) quiet() {
	if d.frozen >= 0 {
		time.Sleep(time.Until(d.frozenAt.Add(churnFreeze))) // the freeze itself, not a wait for the nodes
		srv, _ := d.c.node(d.frozen)
		srv.hall.Nodes.Hold.Paused.Store(false)
		d.note("node %d wakes", d.frozen)
		d.frozen = -1
	}
}

// lobbyRow is what every node must agree on about a table: which node
// runs it (a node's own tables are its own; the others' as its lobby
// says), its game and code, whether its match has started and is over,
// and who holds its seats. Not the hand, the players' names and
// presence, the watchers or the times: bots play on through a quiet
// spell, and those change between two of a node's lobby writes (250 ms
// apart) without anything being wrong.
type lobbyRow struct {
	node, game, code string
	daily            bool
	started, over    bool
	owners           [4]string
}

// lobbyOf is node srv's lobby, by table.
func lobbyOf(srv *Server) map[string]lobbyRow {
	others := map[string]string{}
	srv.hall.Relay.Mu.Lock()
	for id, rs := range srv.hall.Relay.Others {
		others[id] = rs.Node
	}
	srv.hall.Relay.Mu.Unlock()
	out := map[string]lobbyRow{}
	for _, s := range srv.hall.List() {
		runner := others[s.ID]
		if srv.hall.Local(s.ID) != nil {
			runner = srv.cfg.Store.NodeName
		}
		out[s.ID] = lobbyRow{node: runner, game: s.Game, code: s.Code, daily: s.Daily, started: s.Started, over: s.Over, owners: s.Owners}
	}
	return out
}

// disagreement says what keeps the cluster from having converged ("":
// nothing): two nodes listing differently, a table run by two nodes or
// by none, or listed as run by a node that does not run it.
func (d *churnDriver) disagreement() string {
	live := d.live()
	var lobbies []map[string]lobbyRow
	for _, i := range live {
		srv, _ := d.c.node(i)
		lobbies = append(lobbies, lobbyOf(srv))
	}
	for k := 1; k < len(lobbies); k++ {
		if diff := lobbyDiff(lobbies[0], lobbies[k]); diff != "" {
			return fmt.Sprintf("node %d and node %d list differently: %s", live[0], live[k], diff)
		}
	}
	for id, row := range lobbies[0] {
		var runners []string
		for _, i := range live {
			srv, _ := d.c.node(i)
			if srv.hall.Local(id) != nil {
				runners = append(runners, srv.cfg.Store.NodeName)
			}
		}
		if len(runners) != 1 || runners[0] != row.node {
			return fmt.Sprintf("table %s is run by %v, listed as run by %q", id, runners, row.node)
		}
	}
	// Every table kept in the store is listed (none lost with a node).
	srv, _ := d.c.node(live[0])
	ctx, cancel := keep.EngineCtx()
	ids, err := srv.hall.Keep.Tables.IDs(ctx)
	cancel()
	if err != nil {
		return "listing the kept tables: " + err.Error()
	}
	for _, id := range ids {
		if _, ok := lobbies[0][id]; !ok {
			return fmt.Sprintf("table %s is kept but listed nowhere", id)
		}
	}
	return ""
}

// lobbyDiff says how lobby a and b differ ("": they do not).
func lobbyDiff(a, b map[string]lobbyRow) string {
	var ids []string
	for id := range a {
		ids = append(ids, id)
	}
	for id := range b {
		if _, ok := a[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	var out []string
	for _, id := range ids {
		ra, oka := a[id]
		rb, okb := b[id]
		switch {
		case !oka:
			out = append(out, "table "+id+" only in the second")
		case !okb:
			out = append(out, "table "+id+" only in the first")
		case ra != rb:
			out = append(out, fmt.Sprintf("table %s: %+v against %+v", id, ra, rb))
		}
	}
	return strings.Join(out, "; ")
}

// converged waits until the nodes agree (disagreement says nothing) and
// returns how long after the last change they did, and what they
// disagreed on last; the round fails if they do not within limit.
func (d *churnDriver) converged(limit time.Duration) (time.Duration, string) {
	d.t.Helper()
	deadline := time.Now().Add(limit)
	last := ""
	for {
		why := d.disagreement()
		if why == "" {
			return time.Since(d.lastAt), last
		}
		last = why
		if time.Now().After(deadline) {
			d.t.Fatalf("not converged %v after the last change (%s): %s\nchanges: %s", limit, d.last, why, strings.Join(d.did, "; "))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// readRecord reads table id's record through srv and checks it: it
// parses and replays, and it goes on from the longest one read before.
func (d *churnDriver) readRecord(srv *Server, id string) {
	d.t.Helper()
	ctx, cancel := keep.EngineCtx()
	rec, _, err := srv.hall.Keep.Records.Read(ctx, id)
	cancel()
	if err != nil || len(rec) == 0 {
		return // a waiting room: no match, no record
	}
	r, err := classic.ParseRecord(rec)
	if err != nil {
		d.t.Fatalf("table %s's record does not parse: %v", id, err)
	}
	if _, err := r.Replay(); err != nil {
		d.t.Fatalf("table %s's record does not replay: %v", id, err)
	}
	prev := d.seen[id]
	if !bytes.HasPrefix(rec, prev) {
		d.t.Fatalf("table %s's record does not go on from the one read before (%d bytes, now %d)\nchanges: %s", id, len(prev), len(rec), strings.Join(d.did, "; "))
	}
	d.seen[id] = rec
}

// checkRecords reads and checks the record of every table listed.
func (d *churnDriver) checkRecords() {
	d.t.Helper()
	live := d.live()
	srv, _ := d.c.node(live[0])
	for _, s := range srv.hall.List() {
		if s.Started {
			d.readRecord(srv, s.ID)
		}
	}
}
