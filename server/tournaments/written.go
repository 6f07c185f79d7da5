package tournaments

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"okey/game/tourney"
	"okey/server/keep"
)

// errReadBehind is a tournament read at a revision older than one
// already written or seen: a copy of the store's behind it.
var errReadBehind = errors.New("a copy behind the store's")

// floor is the least revision tournament id may be read at: the last
// this node wrote of it, or its watch saw.
func (o *OwnerRound) floor(id string) uint64 {
	o.svc.mu.Lock()
	defer o.svc.mu.Unlock()
	return max(o.wrote[id], o.svc.recs[id].rev)
}

// write writes tournament id, r as v, over revision rev, and returns
// the new revision. Written, v is this node's last write of it
// (ownLast); refused or unanswered, nothing is.
func (o *OwnerRound) write(ctx context.Context, id string, r *record, v []byte, rev uint64) (uint64, error) {
	o.svc.mu.Lock()
	delete(o.own, id)
	o.svc.mu.Unlock()
	if o.writeFault != nil {
		if land, err := o.writeFault(id); err != nil {
			if land {
				_, _ = o.svc.opt.Book.WriteNewer(ctx, prefixT+id, v, v, rev)
			}
			return 0, fmt.Errorf("tournament %s: %w", id, err)
		}
	}
	// v carries the generation it was read at (record.Gen): written as
	// the next, an older one put back is read as the newest
	// (keep.TourneyBook.WriteNewer).
	nrev, err := o.svc.opt.Book.WriteNewer(ctx, prefixT+id, v, v, rev)
	if err == nil {
		o.svc.mu.Lock()
		o.wrote[id] = max(o.wrote[id], nrev)
		o.svc.mu.Unlock()
	}
	if err == nil && o.answerLost != nil && o.answerLost(id) {
		return 0, fmt.Errorf("tournament %s: the answer lost: %w", id, keep.ErrTourneyMoved)
	}
	if err == nil {
		o.svc.mu.Lock()
		o.own[id] = ownWrite{v: v, rev: nrev, gen: r.Gen + 1}
		o.svc.mu.Unlock()
	}
	return nrev, err
}

// ownLast is this node's last write of tournament id, if the store
// holds nothing newer as far as this node knows (ok): what its next
// round drives from, with no read of the store. Only the tournament's
// owner writes it, so nothing else is there to read, and a write over
// it at rev is refused if anyone wrote it since (another owner, an
// older value put back): then the next round reads the store again.
// An arena's rounds read it back five times a second, each two round
// trips of a loaded store (the leader's value, and whether it was
// followed).
func (o *OwnerRound) ownLast(id string) (v []byte, rev, gen uint64, ok bool) {
	o.svc.mu.Lock()
	defer o.svc.mu.Unlock()
	w, ok := o.own[id]
	if !ok || w.rev < o.svc.recs[id].rev {
		return nil, 0, 0, false
	}
	return w.v, w.rev, w.gen, true
}

// movedUnder is a write of tournament id refused because the value was
// written since it was read. Another node writes it now only if this
// one lost its lease: then it is forgotten here. With the lease still
// held, the write refused was most likely this node's own, applied by
// an attempt whose answer was lost (a loaded store: the client sent it
// again and the second found the first's revision), and the next round
// reads it again. Forgotten then, the tournament would be driven by
// nobody: this node would hold its lease and no longer drive it, and
// the others could not take it.
func (o *OwnerRound) movedUnder(ctx context.Context, id string) {
	if o.hold != nil {
		if err := o.hold.Confirm(ctx, id); err == nil {
			o.svc.opt.Log.Warn("tournament written since read, its lease still held here: read again", "tournament", id)
			return
		}
	}
	o.lost(id) // another node writes it now
}

// gone reports whether table n of tournament id, opened on node by, is
// gone with no end of it waiting: unknown to the hall for
// Options.Abandon (a table whose node was lost and that no node brought
// back, or one closed with nobody at it before its match was over), or
// at once where the store says it was lost for good with the node it
// was opened on (hall.Lost: that node's door gone, the table's lease
// run out, no entry of it kept) — its players need not wait two
// minutes to be paired again.
func (o *OwnerRound) gone(ctx context.Context, id string, n int, by string) bool {
	table := strconv.Itoa(n)
	key := id + "/" + table
	o.svc.mu.Lock()
	if _, ended := o.svc.other[endKey(id, table)]; ended || o.svc.opt.Hall.Get(table) != nil {
		delete(o.missing, key)
		o.svc.mu.Unlock()
		return false
	}
	since, ok := o.missing[key]
	if !ok {
		since = time.Now()
		o.missing[key] = since
	}
	o.svc.mu.Unlock()
	over := time.Since(since) >= cmp.Or(o.svc.opt.Abandon, 2*time.Minute)
	if !over {
		lost, err := o.svc.opt.Hall.Lost(ctx, table, by)
		if err != nil {
			o.svc.opt.Log.Warn("tournament: whether a table is lost", "tournament", id, "table", n, "err", err)
		}
		if !lost {
			return false
		}
		// A table that ended and closed is gone from every hall too:
		// its end, written as it closed, may not have reached this
		// node's watch yet (a table taken over after its node's loss
		// can end and close within a second). The store is asked.
		if _, _, err := o.svc.opt.Book.ReadLatest(ctx, endKey(id, table)); err == nil {
			return false
		}
		o.svc.opt.Log.Warn("tournament: a table lost with the node it was opened on", "tournament", id, "table", n, "node", by)
	}
	o.svc.mu.Lock()
	delete(o.missing, key)
	o.svc.mu.Unlock()
	return true
}

// sealNext draws the seal of a duplicate tournament's next round if it
// has none, and writes the tournament with it, as read, over revision
// rev (returning the new one): the round's commitment is the
// tournament's before the round begins, and an owner lost right after
// leaves nothing half done.
func (o *OwnerRound) sealNext(ctx context.Context, id string, r *record, rev uint64) (uint64, error) {
	t := &r.T
	next := t.Round + 1
	if !t.System().Scoring.Sealed() || t.Phase == tourney.Finished || next > t.Config.Rounds {
		return rev, nil
	}
	if _, ok := r.Seals[next]; ok {
		return rev, nil
	}
	if err := r.sealRound(next, o.svc.opt.Random); err != nil {
		return rev, err
	}
	b, err := o.svc.pack(ctx, id, r)
	if err != nil {
		return rev, err
	}
	nrev, err := o.write(ctx, id, r, b, rev)
	if errors.Is(err, keep.ErrTourneyMoved) {
		o.movedUnder(ctx, id)
	}
	if err != nil {
		return rev, err
	}
	o.svc.opt.Log.Info("tournament round sealed", "tournament", id, "round", next, "commit", r.Seals[next].Seal().Commit.Short())
	return nrev, nil
}

// unseenEnds is ends and, within goneFor of a node's loss, the ends of
// tournament id's tables in play that this node does not run and whose
// end the watch has not brought, read from the store: a direct get,
// which any of the bucket's replicas answers. The watch is a consumer of the bucket's stream, and
// after a node's loss it brings nothing until the cluster has elected
// the leaders it needs and the consumer is made again, many seconds
// in which the players of ended matches would wait for their pairing.
// A table's end is asked at most once a peekEvery.
func (o *OwnerRound) unseenEnds(ctx context.Context, id string, r *record, ends []pendingKey) []pendingKey {
	now := time.Now()
	if o.goneLately(now) == "" {
		return ends // the watch is trusted: no node lost lately
	}
	for _, p := range r.T.Playing {
		table := strconv.Itoa(p.Table)
		key := endKey(id, table)
		if slices.Contains(r.Opening, p.Table) || slices.ContainsFunc(ends, func(e pendingKey) bool { return e.key == key }) || o.svc.opt.Hall.Local(table) != nil {
			continue
		}
		o.svc.mu.Lock()
		last, asked := o.peeked[key]
		if !asked || now.Sub(last) >= peekEvery {
			o.peeked[key] = now
		}
		o.svc.mu.Unlock()
		if asked && now.Sub(last) < peekEvery {
			continue
		}
		rctx, cancel := context.WithTimeout(ctx, peekWait)
		v, rev, err := o.svc.opt.Book.Read(rctx, key)
		cancel()
		if err == nil {
			ends = append(ends, pendingKey{key, v, rev})
		}
	}
	if len(o.peeked) > 0 {
		o.svc.mu.Lock()
		for k, at := range o.peeked {
			if now.Sub(at) > time.Minute {
				delete(o.peeked, k)
			}
		}
		o.svc.mu.Unlock()
	}
	slices.SortFunc(ends, func(a, b pendingKey) int { return cmp.Compare(a.rev, b.rev) })
	return ends
}

// peekEvery is how often a table's end is read past the watch
// (unseenEnds); peekWait how long a read is waited for.
const (
	peekEvery = time.Second
	peekWait  = 2 * time.Second
)

// taken is a request or a table's end taken into the tournament, to be
// lifted or deleted once the tournament is written with it.
type taken = pendingKey

// pendingKey is a request's or an end's key as the watch saw it.
type pendingKey struct {
	key string
	v   []byte
	rev uint64
}

// pending are tournament id's requests and tables' ends, in the order
// of their revisions (the order they were written).
func (o *OwnerRound) pending(id string) (reqs, ends []pendingKey) {
	o.svc.mu.Lock()
	for k, v := range o.svc.other {
		switch {
		case strings.HasPrefix(k, prefixReq+id+"."):
			reqs = append(reqs, pendingKey{k, v.v, v.rev})
		case strings.HasPrefix(k, prefixEnd+id+"."):
			ends = append(ends, pendingKey{k, v.v, v.rev})
		}
	}
	o.svc.mu.Unlock()
	byRev := func(a, b pendingKey) int { return cmp.Compare(a.rev, b.rev) }
	slices.SortFunc(reqs, byRev)
	slices.SortFunc(ends, byRev)
	return reqs, ends
}

// drop lifts the requests taken and deletes the ends taken, each at the
// revision taken: one written again since (a player's newer request)
// stays for the next round. A request is lifted, not deleted, so that
// one put back after it (by a writer of the store without the secret)
// is older, and refused (keep.TourneyBook.Lift); an end put back is
// for a table no longer in play, and not counted.
// They are deleted together: each is a round trip.
func (o *OwnerRound) drop(ctx context.Context, done []taken) error {
	errs := make([]error, len(done))
	var wg sync.WaitGroup
	for i, d := range done {
		wg.Go(func() {
			dctx, cancel := context.WithTimeout(ctx, storeWait)
			var err error
			if strings.HasPrefix(d.key, prefixReq) {
				err = o.svc.opt.Book.Lift(dctx, d.key, d.v, d.rev)
			} else {
				err = o.svc.opt.Book.Delete(dctx, d.key, d.rev)
			}
			cancel()
			if err != nil && !errors.Is(err, keep.ErrTourneyMoved) {
				errs[i] = err
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// lost forgets a tournament whose lease another node holds now.
func (o *OwnerRound) lost(id string) {
	o.svc.mu.Lock()
	delete(o.owned, id)
	delete(o.own, id)
	o.svc.mu.Unlock()
	o.svc.opt.Log.Warn("tournament lease lost: driven elsewhere now", "tournament", id)
}

// goneLately is the node gone whose leases are taken at their revision now
// ("": none lately, within goneFor of its going).
func (o *OwnerRound) goneLately(now time.Time) string {
	o.svc.mu.Lock()
	defer o.svc.mu.Unlock()
	if o.goneNode == "" || now.Sub(o.goneAt) > goneFor {
		return ""
	}
	return o.goneNode
}

// goneFor is how long after a node is gone its tournaments' leases are
// taken at their revision: long enough for a store electing new leaders
// to take the takeover's write, past every lease the node held.
const goneFor = time.Minute
