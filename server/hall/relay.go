package hall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/server/keep"
	"okey/server/tables"
)

// The relay is a node's side of the lobby among nodes: it writes this
// node's tables' summaries to the bucket okey_lobby and watches the
// others' (again when a watch falls silent), hears at once of a table
// opened or taken over elsewhere, and tells the sessions here at a table
// freed that it moved. The tables here are served to other nodes'
// sessions by its stand-ins (standins.go); a table there is reached
// through a remoteTable (remote.go), which knows of the relay only its
// link.

// lobbyEvery is how often a node writes its tables' changed summaries:
// changes are coalesced, as a card table needs.
const lobbyEvery = 250 * time.Millisecond

// openedSubject is where a node says a table it has just opened, with
// its summary: the lobby entry follows with the node's next write of the
// lobby, but that write and the other nodes' watch of it can take
// seconds on a starved machine, and a join code typed on another node
// would find "no table" meanwhile. A plain message reaches every node
// at once.
const openedSubject = "okey.lobby.opened"

// maxOpened caps an announcement's bytes as it arrives (a summary is
// well under a kilobyte).
const maxOpened = 64 << 10

// announcedKeep is how long a table heard of as it opened stays listed
// while the lobby bucket has no entry for it: its node's write comes
// within a second or two, even starved; a table closed before it is
// dropped after.
const announcedKeep = 10 * time.Second

// gone reports whether a table the lobby lists, not in the bucket as a
// reread read it up to revision top, is gone: unless its entry was
// written after the reread began, or it was heard of as it opened
// within announcedKeep (its entry not yet written).
func gone(cur remoteSummary, top uint64, now time.Time) bool {
	if cur.rev == 0 && now.Sub(cur.heard) < announcedKeep {
		return false
	}
	return cur.rev <= top
}

// announceOpen tells every node of table t, opened here.
func (r *relay) announceOpen(t *tables.Table) {
	b, ok := r.openedNews(t)
	if !ok {
		return
	}
	if err := r.nc.Publish(openedSubject, b); err != nil {
		r.opt.Log.Warn("announcing a table opened", "table", t.ID, "err", err)
	}
}

// openedNews is the announcement of table t, sealed.
func (r *relay) openedNews(t *tables.Table) ([]byte, bool) {
	s := t.Summary.Load()
	if s == nil {
		return nil, false
	}
	b, err := json.Marshal(remoteSummary{Node: r.node, Summary: s})
	if err != nil {
		return nil, false
	}
	sealed, _ := r.fresh.Seal(openedSubject, "", b)
	return sealed, true
}

// onOpened lists a table another node says it has opened, unless the
// lobby already has it (its entry, read from the bucket, is as new).
func (r *relay) onOpened(msg *nats.Msg) {
	if len(msg.Data) > maxOpened {
		r.opt.Log.Warn("a table's opening refused: too long", "bytes", len(msg.Data))
		return
	}
	b, _, _, err := r.fresh.Open(openedSubject, msg.Data)
	var rs remoteSummary
	if err == nil && (json.Unmarshal(b, &rs) != nil || rs.Summary == nil || rs.Summary.ID == "") {
		err = errNotSealed
	}
	if err != nil {
		r.opt.Log.Warn("a table's opening refused", "why", err)
		return
	}
	if rs.Node == r.node {
		return
	}
	rs.heard = time.Now()
	r.Mu.Lock()
	_, known := r.Others[rs.Summary.ID]
	if !known {
		r.Others[rs.Summary.ID] = rs
	}
	r.Mu.Unlock()
	if !known {
		r.seenNumber(rs.Summary.ID)
		r.news.Changed()
	}
}

// seenNumber notes table id's number as given: the store's next number
// put back below it is refused (keep's Numbers.Seen).
func (r *relay) seenNumber(id string) {
	if n, err := strconv.Atoi(id); err == nil && r.keep != nil {
		r.keep.Numbers.Seen(n)
	}
}

// openRelay makes (or finds) the lobby bucket and starts writing this
// node's summaries and watching the others', until ctx ends.
func openRelay(ctx context.Context, hs side, hold *keep.Holding, say Door, eng *keep.Engine, wg *sync.WaitGroup) (*relay, error) {
	kv, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{
		Bucket: lobbyBucket, Description: "okey serve: every node's tables, as the lobby lists them",
		History: 1, Storage: jetstream.MemoryStorage, Replicas: eng.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", lobbyBucket, err)
	}
	r := &relay{side: hs, hold: hold, door: say, nc: eng.NC, node: eng.Node, lobby: kv, js: eng.JetStream(), seal: eng.Seal, fresh: newFreshness(eng.Seal, time.Now), Others: map[string]remoteSummary{},
		written: map[string][]byte{}, stamps: map[string]ownEntry{}, subs: map[string]*nats.Subscription{}, stands: map[string]*standIn{}, silenced: map[string]time.Time{}, alive: map[string]time.Time{},
		joined: map[*remoteTable]*tables.Member{}, doors: map[string]door{}, server: eng.ServerID(), servers: map[string]string{}, rewatch: make(chan struct{}, 1)}
	r.link = &link{nc: r.nc, inbox: keep.NewInbox(r.nc), fresh: r.fresh, log: hs.opt.Log, memberKey: r.memberKey,
		sat: func(rt *remoteTable, m *tables.Member) {
			r.Mu.Lock()
			r.joined[rt] = m
			r.Mu.Unlock()
		},
		left: func(rt *remoteTable) {
			r.Mu.Lock()
			delete(r.joined, rt)
			r.Mu.Unlock()
		}}
	w, err := kv.WatchAll(ctx)
	if err != nil {
		return nil, fmt.Errorf("watching the lobby: %w", err)
	}
	// A table taken over is said at once to every node (a plain
	// message, not a watch, which may take seconds to recover when the
	// node holding its consumer is the one that died).
	moved, err := r.nc.Subscribe(movedSubject("*"), func(msg *nats.Msg) {
		node, _, _, err := r.fresh.Open(msg.Subject, msg.Data)
		if err != nil {
			// Not a node's, or said before: nobody else may move a
			// table, and a table moves once a takeover.
			r.opt.Log.Warn("a table's move refused", "subject", msg.Subject, "why", err)
			return
		}
		if parts := strings.Split(msg.Subject, "."); len(parts) == 4 {
			if f := r.opt.Fault; f != nil {
				f("moved", parts[2]) // tests: a node frozen hears it as it wakes
			}
			name, rev := movedNews(node)
			if name != r.node && rev > 0 && r.hold != nil {
				// A table this node still runs (it was frozen while
				// another took it over) stops at once.
				r.hold.Overtaken(parts[2], rev)
			}
			r.movedTo(parts[2], name)
			r.freed(parts[2])
		}
	})
	if err != nil {
		w.Stop()
		return nil, fmt.Errorf("listening for tables taken over: %w", err)
	}
	context.AfterFunc(ctx, func() { _ = moved.Unsubscribe() })
	opened, err := r.nc.Subscribe(openedSubject, r.onOpened)
	if err != nil {
		w.Stop()
		_ = moved.Unsubscribe()
		return nil, fmt.Errorf("listening for tables opened: %w", err)
	}
	context.AfterFunc(ctx, func() { _ = opened.Unsubscribe() })
	alive, err := r.nc.Subscribe(aliveSubject, r.onAlive)
	if err != nil {
		w.Stop()
		_ = moved.Unsubscribe()
		_ = opened.Unsubscribe()
		return nil, fmt.Errorf("listening for the nodes alive: %w", err)
	}
	context.AfterFunc(ctx, func() { _ = alive.Unsubscribe() })
	wg.Add(3)
	go func() {
		defer wg.Done()
		r.heartbeat(ctx)
	}()
	go func() {
		defer wg.Done()
		r.watch(ctx, w)
	}()
	go func() {
		defer wg.Done()
		r.write(ctx)
	}()
	return r, nil
}

// watch keeps others up to date with the lobby bucket, until ctx ends.
//
// A watch is a consumer on one node of the cluster: when that node dies
// the watch says nothing more, and the client notices only after two
// missed heartbeats (10 s and more), so the lobby would lag by the
// reread's two seconds while a node is down. When a table's lease ends
// (a node died or stopped), or a reread finds what a watch silent since
// the last one missed, the watch is made again (keep.Rewatch), at most
// once a reread's period: a table whose takeover keeps failing is freed
// at every sweep.
func (r *relay) watch(ctx context.Context, w jetstream.KeyWatcher) {
	remake := func(ctx context.Context) (jetstream.KeyWatcher, error) { return r.lobby.WatchAll(ctx) }
	keep.Rewatch(ctx, w, r.rewatch, lobbyEvery*lobbyReread, remake, r.heardEntry)
}

// heardEntry takes in one entry of the lobby's watch.
func (r *relay) heardEntry(e jetstream.KeyValueEntry) bool {
	r.heard.Store(time.Now().UnixNano())
	if e == nil {
		return true // the bucket as it was has been read
	}
	if r.isDoor(e) {
		return true
	}
	r.Mu.Lock()
	heard := ""
	rs, ok := r.summaryOf(e)
	cur, had := r.Others[e.Key()]
	if had && cur.rev >= e.Revision() {
		// A reread has read a newer entry already, or this one: a
		// watch made again brings every entry again, and the same
		// entry taken again would undo a move heard since (movedTo),
		// naming the table's old node until its new node's entry came.
	} else if e.Operation() == jetstream.KeyValuePut && !ok {
		// Not a node's: the lobby stays as it was, and a table of this
		// node's has its summary written again.
		r.opt.Log.Warn("a lobby entry refused: not sealed with the cluster's secret", "key", e.Key())
		delete(r.written, e.Key())
	} else if e.Operation() == jetstream.KeyValuePut && r.putBack(e.Key(), e.Revision(), rs, cur, had) {
		// An older entry put back: the lobby stays as it was, and a
		// table of this node's has its summary written again.
		r.opt.Log.Warn("a lobby entry refused: older than one read or written before (put back)", "key", e.Key())
		delete(r.written, e.Key())
	} else if e.Operation() != jetstream.KeyValuePut || rs.Node == r.node {
		delete(r.Others, e.Key())
	} else {
		rs.rev = e.Revision()
		r.Others[e.Key()] = rs
		heard = e.Key()
	}
	r.Mu.Unlock()
	if heard != "" {
		r.seenNumber(heard)
	}
	r.news.Changed()
	return true
}

// write puts the changed summaries of this node's tables in the lobby
// bucket, and deletes those of tables closed here, a few times a second:
// less often while the store is slow to acknowledge the node's lease
// renewals (lobbyPause), so that a starved node spends what it has on
// its leases and its tables' moves before the lobby.
func (r *relay) write(ctx context.Context) {
	pause := time.NewTimer(lobbyEvery)
	defer pause.Stop()
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-pause.C:
		}
		if f := r.opt.Fault; f != nil {
			f("lobby", "") // tests: a node frozen stops here
		}
		r.flush(ctx)
		if n%lobbyReread == 0 {
			r.writeDoor(ctx)
			r.reread(ctx)
		}
		pause.Reset(lobbyPause(storeWait(r.hold)))
	}
}

// lobbyPause is how long the lobby's writer waits before its next
// write, when the node's last round of lease renewals took wait to be
// acknowledged: lobbyEvery, or twice the wait if that is longer, up to
// a second (a table opened is listed on the other nodes within about
// that, however slow the store).
func lobbyPause(wait time.Duration) time.Duration {
	return min(max(lobbyEvery, 2*wait), time.Second)
}

// lobbyReread is every how many writes the whole lobby is read again.
const lobbyReread = 8

// reread reads the whole lobby bucket again: the watch says every change
// at once, but a watch whose consumer lived on a node that died is
// silent until it is made again, and the lobby must not go stale.
//
// It reads it as a watch of its own (one consumer, every entry pushed
// at once), not as a listing and a Get a table (a request a table every
// two seconds on every node, which a starved cluster could not keep
// up with), and it merges by revision: an entry the watch brought while
// the reread was under way is newer than what the reread read, and
// stays (replacing the lobby wholesale lost new tables for two seconds
// at a time, and their join codes were "no table" on other nodes).
func (r *relay) reread(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	w, err := r.lobby.WatchAll(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return
	}
	snap := map[string]remoteSummary{}
	forged := map[string]bool{} // entries not a node's: what was read before stays
	var top uint64
	done := false
	keep.Watch(ctx, w, func(e jetstream.KeyValueEntry) bool {
		if e == nil {
			done = true // every entry read
			return false
		}
		top = max(top, e.Revision())
		if r.isDoor(e) {
			return true
		}
		if rs, ok := r.summaryOf(e); !ok {
			forged[e.Key()] = true
		} else if rs.Node != r.node {
			rs.rev = e.Revision()
			snap[e.Key()] = rs
		}
		return true
	})
	if !done {
		return // cut short, or the watch ended: keep what the watch says
	}
	r.Mu.Lock()
	changed := false
	for id, rs := range snap {
		if cur, ok := r.Others[id]; !ok || cur.rev < rs.rev && !rs.Stamp.before(cur.Stamp) {
			r.Others[id] = rs
			changed = true
		}
	}
	for id, cur := range r.Others {
		// Gone from the bucket, unless written after the reread began.
		if _, ok := snap[id]; !ok && !forged[id] && gone(cur, top, time.Now()) {
			delete(r.Others, id)
			changed = true
		}
	}
	r.Mu.Unlock()
	if changed {
		r.news.Changed()
		if time.Since(time.Unix(0, r.heard.Load())) > lobbyEvery*lobbyReread {
			// The watch said nothing since the last reread, which
			// found what it missed: its consumer is gone.
			r.remakeWatch()
		}
	}
}

// remakeWatch asks watch to make its watch again, without waiting.
func (r *relay) remakeWatch() {
	select {
	case r.rewatch <- struct{}{}:
	default:
	}
}

// putBack reports whether rs, read from table id's lobby entry at
// revision rev, is an older entry put back: older than the summary
// listed (cur, if had), or, for a table of this node's, written after
// the entry this node last wrote and not it. r.Mu is held.
func (r *relay) putBack(id string, rev uint64, rs, cur remoteSummary, had bool) bool {
	if own, mine := r.stamps[id]; mine && rev > own.rev && (rs.Node != r.node || rs.Stamp != own.stamp) {
		return r.here.Local(id) != nil
	}
	return had && rs.Stamp.before(cur.Stamp)
}

func (r *relay) flush(ctx context.Context) {
	now := map[string][]byte{}
	for _, s := range r.here.listLocal() {
		b, err := json.Marshal(remoteSummary{Node: r.node, Summary: s})
		if err == nil {
			now[s.ID] = b
		}
	}
	r.Mu.Lock()
	var put, del []string
	for id, b := range now {
		// A table whose lease is not surely this node's (the node was
		// frozen, its renewals answered late) is not written: another
		// node may run it and have listed it since. Nor is it unlisted.
		if string(r.written[id]) != string(b) && r.hold.Fresh(id) {
			put = append(put, id)
		}
	}
	for id := range r.stamps {
		if _, ok := now[id]; !ok {
			del = append(del, id)
		}
	}
	r.Mu.Unlock()
	// The changed summaries go out together and their acknowledgements
	// are waited for after: one at a time, each waiting a round of the
	// cluster's replication, a busy node's flush could take seconds on a
	// starved machine, and new tables would be that late on the others.
	// (A key-value put is a message on the bucket's subject.)
	acks := make(map[string]jetstream.PubAckFuture, len(put))
	stamps := make(map[string]summaryStamp, len(put))
	for _, id := range put {
		b, st, ok := r.stamp(id, now[id])
		if !ok {
			continue
		}
		r.Mu.Lock()
		r.stamps[id] = ownEntry{stamp: st, rev: r.stamps[id].rev} // before the watch can bring it back
		r.Mu.Unlock()
		f, err := r.js.PublishAsync("$KV."+lobbyBucket+"."+id, r.seal.Seal(lobbyPlace(id), b))
		if err == nil {
			acks[id], stamps[id] = f, st
		}
	}
	for id, f := range acks {
		select {
		case ack := <-f.Ok():
			r.Mu.Lock()
			if own := r.stamps[id]; own.stamp == stamps[id] {
				r.written[id] = now[id]
				r.stamps[id] = ownEntry{stamp: own.stamp, rev: ack.Sequence}
			}
			r.Mu.Unlock()
		case <-f.Err():
		case <-ctx.Done():
			return
		}
	}
	for _, id := range del {
		r.unlistOwn(ctx, id)
	}
}

// unlistOwn deletes table id's lobby entry if it names this node: only
// this node's entry goes, since another node may run the table now and
// have written it since.
func (r *relay) unlistOwn(ctx context.Context, id string) {
	e, err := r.lobby.Get(ctx, id)
	if err == nil {
		if rs, ok := r.summaryOf(e); ok && rs.Node == r.node {
			_ = r.lobby.Delete(ctx, id, jetstream.LastRevision(e.Revision()))
		}
	}
	r.Mu.Lock()
	delete(r.written, id)
	delete(r.stamps, id)
	r.Mu.Unlock()
}

// stamp is table id's summary b (a remoteSummary's JSON, unstamped)
// stamped to be written now.
func (r *relay) stamp(id string, b []byte) ([]byte, summaryStamp, bool) {
	var rs remoteSummary
	if json.Unmarshal(b, &rs) != nil {
		return nil, summaryStamp{}, false
	}
	rs.Stamp = summaryStamp{Lease: r.hold.Revision(id), Seq: r.stamped.Add(1)}
	out, err := json.Marshal(rs)
	return out, rs.Stamp, err == nil
}

// tablesOf lists the tables the lobby says node runs.
func (r *relay) tablesOf(node string) []string {
	r.Mu.Lock()
	defer r.Mu.Unlock()
	var out []string
	for id, s := range r.Others {
		if s.Node == node {
			out = append(out, id)
		}
	}
	return out
}

// known lists the tables other nodes run, as the lobby says, but for
// those heard of (opened, or moved) at or after before.
func (r *relay) known(before time.Time) []string {
	r.Mu.Lock()
	defer r.Mu.Unlock()
	out := make([]string, 0, len(r.Others))
	for id, s := range r.Others {
		if s.heard.IsZero() || s.heard.Before(before) {
			out = append(out, id)
		}
	}
	return out
}

// summaryOf is the summary a lobby entry holds (ok false: none, or one
// that does not open with this cluster's secret).
func (r *relay) summaryOf(e jetstream.KeyValueEntry) (remoteSummary, bool) {
	var rs remoteSummary
	b, err := r.seal.Open(lobbyPlace(e.Key()), e.Value())
	if err != nil || json.Unmarshal(b, &rs) != nil || rs.Summary == nil {
		return remoteSummary{}, false
	}
	return rs, true
}

// remote is the table another node runs under id, if the lobby lists
// one.
func (r *relay) remote(id string) (*remoteTable, *tables.Summary) {
	r.Mu.Lock()
	rs, ok := r.Others[id]
	r.Mu.Unlock()
	if !ok {
		return nil, nil
	}
	k, ok := tables.FindKind(rs.Summary.Game)
	if !ok {
		return nil, nil
	}
	return &remoteTable{link: r.link, id: id, node: rs.Node, kind: k, code: rs.Summary.Code}, rs.Summary
}

// movedTo notes that node runs table id now, as it said at once: its
// lobby entry follows within a write, but a write waits while the
// lobby's stream elects a leader after a node's loss (3 s and more),
// and the lobby named the dead node meanwhile. A table that ran here
// (this node was frozen while another took it over) is listed as
// node's from its last summary here, as a table heard of as it opened
// is (rev 0: until its entry is read, for announcedKeep at most): its
// players here, told it moved, are seated again there at once rather
// than when the lobby's watch brings its entry, which can be seconds
// later.
func (r *relay) movedTo(id, node string) {
	if node == r.node {
		return
	}
	var mine *tables.Summary
	if t := r.here.Local(id); t != nil {
		mine = t.Summary.Load()
	}
	r.Mu.Lock()
	changed := true
	if rs, ok := r.Others[id]; ok {
		rs.Node = node
		r.Others[id] = rs
	} else if mine != nil {
		r.Others[id] = remoteSummary{Node: node, Summary: mine, heard: time.Now()}
	} else {
		changed = false
	}
	r.Mu.Unlock()
	if changed {
		// The sessions here waiting to sit at it again ask at once,
		// not at their next try (every 300 ms).
		r.news.Changed()
	}
}

// freed tells the sessions here at table id, run by another node, that
// its lease has ended: their table stopped there (it comes back on
// whichever node takes it over, their seats kept).
func (r *relay) freed(id string) {
	r.remakeWatch() // its node may be gone, and the watch's consumer with it
	r.Mu.Lock()
	var gone []*remoteTable
	for rt, m := range r.joined {
		if rt.id == id {
			gone = append(gone, rt)
			select {
			case <-m.Box:
			default:
			}
			m.Box <- tables.Msg{Closed: "table.moved"}
		}
	}
	r.Mu.Unlock()
	for _, rt := range gone {
		rt.stop()
	}
}

// unlist deletes table id's lobby entry: the table is gone with the
// node that ran it.
func (r *relay) unlist(ctx context.Context, id string) {
	if err := r.lobby.Delete(ctx, id); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		r.opt.Log.Warn("unlisting a table", "table", id, "err", err)
	}
}

// summaries lists the tables other nodes run.
func (r *relay) summaries() []*tables.Summary {
	r.Mu.Lock()
	defer r.Mu.Unlock()
	out := make([]*tables.Summary, 0, len(r.Others))
	for _, rs := range r.Others {
		out = append(out, rs.Summary)
	}
	return out
}

// movedSubject is where a node says it has taken table id over.
func movedSubject(id string) string { return "okey.tables." + id + ".moved" }

// announce tells every node that this one runs table id now, holding
// its lease at revision rev.
func (r *relay) announce(id string, rev uint64) {
	b := []byte(r.node + " " + strconv.FormatUint(rev, 10))
	sealed, _ := r.fresh.Seal(movedSubject(id), "", b)
	if err := r.nc.Publish(movedSubject(id), sealed); err != nil {
		r.opt.Log.Warn("announcing a table taken over", "table", id, "err", err)
	}
}

// movedNews reads a takeover's announcement: the node that runs the
// table now and the revision of the lease it holds (0: not said, as a
// node of an older release announces).
func movedNews(b []byte) (node string, rev uint64) {
	node, n, ok := strings.Cut(string(b), " ")
	if !ok {
		return node, 0
	}
	rev, err := strconv.ParseUint(n, 10, 64)
	if err != nil {
		return node, 0
	}
	return node, rev
}
