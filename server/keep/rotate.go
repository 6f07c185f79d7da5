package keep

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Changing the cluster's secret with the cluster up (docs/cluster.md
// says it step by step). A node is given a secret file of one or two
// keys (secret.go): the first seals and is shown to peers, both are
// taken. The file goes through three forms, each given to every node in
// turn by a restart, the tables moving to the other nodes meanwhile:
//
//  1. old, new (AddKey): the nodes still seal with the old key and show
//     it, but take the new one: nodes of form 0 and of form 1 work
//     together.
//  2. new, old (PromoteKey): the nodes seal with the new key and show
//     it, and take the old one. A node of form 2 that brings a table
//     back (at its start, or taking it over from a node restarted)
//     seals its record, its match before and its entry again with the
//     new key before playing on (TableLog.Reseal), and at its start
//     seals the daily's values again (DailyBook.Reseal); the lobby, the
//     doors and the leases are rewritten by the nodes all the time.
//     Once every node has restarted with form 2, every table has moved
//     to a node of form 2 at least once, and nothing the tables need is
//     sealed with the old key.
//  3. new (DropKey): the old key is taken no more. Whoever holds the
//     old file cannot join, and cannot open anything written since.
//
// Values the old key sealed and nobody reads again (a table's records
// from before, kept by NATS until purged) stay unreadable to the nodes
// and readable to the old key's holder, as they were.

// ErrNoNewKey is a secret file to promote or drop from that holds one
// key only: there is nothing to change to.
var ErrNoNewKey = errors.New("the file holds one key: add one first (okey serve secret --add FILE)")

// ErrTwoKeys is a secret file to add a key to that holds two already:
// a change is under way.
var ErrTwoKeys = errors.New("the file holds two keys already: a change is under way (--promote, then --drop)")

// AddKey is step 1: s with a new key drawn and taken, s's own still in
// use.
func (s *Secret) AddKey() (*Secret, error) {
	if s.also != nil {
		return nil, ErrTwoKeys
	}
	n, err := NewSecret()
	if err != nil {
		return nil, err
	}
	return &Secret{b: s.b, also: n}, nil
}

// PromoteKey is step 2: the added key in use, s's first still taken.
func (s *Secret) PromoteKey() (*Secret, error) {
	if s.also == nil {
		return nil, ErrNoNewKey
	}
	return &Secret{b: s.also.b, also: &Secret{b: s.b}}, nil
}

// DropKey is step 3: the key in use alone.
func (s *Secret) DropKey() (*Secret, error) {
	if s.also == nil {
		return nil, ErrNoNewKey
	}
	return &Secret{b: s.b}, nil
}

// ReplaceSecret writes s over the secret file at path, readable by its
// owner only, at once or not at all (a file written halfway would shut
// the node out of its cluster).
func ReplaceSecret(path string, s *Secret) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".okey-secret-*")
	if err != nil {
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if _, err := f.Write(s.Marshal()); err != nil {
		f.Close()
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("writing the cluster secret: %w", err)
	}
	return nil
}

// Stale reports whether the table, as read, holds a value sealed with a
// key the secret is being changed from: Reseal it before it plays on.
func (l *TableLog) Stale() bool { return l.stale }

// Reseal writes the table again sealed with the secret's key in use:
// its record whole (one start message, the parts before purged), the
// match before, and its entry (the one read, given back). Called by the
// node that holds the table's lease and has claimed its record, before
// the table runs: like every write of the table, it is fenced.
func (l *TableLog) Reseal(entry []byte) error {
	ctx, cancel := EngineCtx()
	defer cancel()
	if len(l.rec) > 0 {
		// One start message, and what came before it purged by
		// sequence (as a new match's start: appendRecord).
		if err := l.publish(ctx, l.subj, l.rec, nats.Header{partHeader: []string{partStart}}); err != nil {
			return fmt.Errorf("table %s: sealing its record again: %w", l.id, err)
		}
		if err := l.records.stream.Purge(ctx, jetstream.WithPurgeSubject(l.subj), jetstream.WithPurgeSequence(l.seq)); err != nil {
			return fmt.Errorf("table %s: sealing its record again: %w", l.id, err)
		}
	}
	last := lastSubject(l.id)
	m, err := l.records.stream.GetLastMsgForSubject(ctx, last)
	switch {
	case errors.Is(err, jetstream.ErrMsgNotFound):
	case err != nil:
		return fmt.Errorf("table %s: sealing its match before again: %w", l.id, err)
	default:
		var old bool
		before, err := l.records.eng.Seal.openKeptAged(last, m.Data, &old)
		if err != nil {
			return fmt.Errorf("table %s: sealing its match before again: %w", l.id, err)
		}
		if old {
			if err := l.records.keepLast(ctx, l.id, before); err != nil {
				return fmt.Errorf("table %s: sealing its match before again: %w", l.id, err)
			}
		}
	}
	if entry != nil {
		if err := l.putEntry(ctx, entry); err != nil {
			return fmt.Errorf("table %s: sealing its entry again: %w", l.id, err)
		}
	}
	l.stale = false
	return nil
}

// Reseal seals again, with the secret's key in use, every value of the
// daily's buckets that another key sealed (the days' secrets, par,
// results and records, the addresses' first identities, when each key
// was first seen), and returns how many it sealed again.
func (b *DailyBook) Reseal(ctx context.Context) (int, error) {
	n, err := resealBucket(ctx, b.kv, dailyBucket, b.seal)
	if err != nil {
		return n, fmt.Errorf("the daily: %w", err)
	}
	m, err := resealBucket(ctx, b.seen, seenBucket, b.seal)
	if err != nil {
		return n + m, fmt.Errorf("the keys first seen: %w", err)
	}
	return n + m, nil
}

// Reseal seals again, with the secret's key in use, every rating and
// mark of a match rated that another key sealed, and returns how many.
func (b *RatingBook) Reseal(ctx context.Context) (int, error) {
	n, err := resealBucket(ctx, b.Ratings, ratingsBucket, b.seal)
	if err != nil {
		return n, fmt.Errorf("the ratings: %w", err)
	}
	m, err := resealBucket(ctx, b.rated, ratedBucket, b.seal)
	if err != nil {
		return n + m, fmt.Errorf("the matches rated: %w", err)
	}
	return n + m, nil
}

// SealPlain seals the daily's results and par, and the players'
// ratings and the marks of matches rated, that an okey from before they
// were sealed kept in plain: once, at the operator's asking (okey serve
// --seal-store), never on read. It returns how many it sealed.
func SealPlain(ctx context.Context, d *DailyBook, r *RatingBook) (int, error) {
	n := 0
	for _, b := range []struct {
		kv   jetstream.KeyValue
		name string
	}{{d.kv, dailyBucket}, {r.Ratings, ratingsBucket}, {r.rated, ratedBucket}} {
		m, err := sealPlainBucket(ctx, b.kv, b.name, d.seal)
		n += m
		if err != nil {
			return n, fmt.Errorf("the bucket %s: %w", b.name, err)
		}
	}
	return n, nil
}

// sealPlainBucket seals every value of kv (the bucket named bucket) kept
// in plain, at the revision read, and returns how many.
func sealPlainBucket(ctx context.Context, kv jetstream.KeyValue, bucket string, seal *Sealer) (int, error) {
	w, err := kv.WatchAll(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return 0, fmt.Errorf("sealing: %w", err)
	}
	defer w.Stop()
	n := 0
	for {
		var e jetstream.KeyValueEntry
		select {
		case <-ctx.Done():
			return n, fmt.Errorf("sealing: %w", ctx.Err())
		case e = <-w.Updates():
		}
		if e == nil {
			return n, nil
		}
		if Sealed(e.Value()) {
			continue
		}
		if _, err := kv.Update(ctx, e.Key(), seal.Seal(bucket+"/"+e.Key(), e.Value()), e.Revision()); err != nil {
			return n, fmt.Errorf("sealing %s: %w", e.Key(), err)
		}
		n++
	}
}

// resealBucket seals again, with seal's key in use, every value of kv (the
// bucket named bucket, each value sealed for "bucket/key") that another
// key sealed. The values are read as one watch (one consumer, every
// value pushed), not a request a key, and each is replaced only at the
// revision it was read at: two nodes doing it at once do it once, and a
// value changed meanwhile is the writer's, sealed with the key in use.
func resealBucket(ctx context.Context, kv jetstream.KeyValue, bucket string, seal *Sealer) (int, error) {
	w, err := kv.WatchAll(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return 0, fmt.Errorf("sealing again: %w", err)
	}
	defer w.Stop()
	n := 0
	for {
		var e jetstream.KeyValueEntry
		select {
		case <-ctx.Done():
			return n, fmt.Errorf("sealing again: %w", ctx.Err())
		case e = <-w.Updates():
		}
		if e == nil {
			return n, nil // every value there was has come
		}
		where := bucket + "/" + e.Key()
		if !Sealed(e.Value()) {
			continue
		}
		plain, old, err := seal.OpenAged(where, e.Value())
		if err != nil || !old {
			continue // not the cluster's (refused where it is read), or sealed already
		}
		if _, err := kv.Update(ctx, e.Key(), seal.Seal(where, plain), e.Revision()); err != nil {
			if isWrongSequence(err) {
				continue // changed meanwhile, by a node sealing with the key in use
			}
			return n, fmt.Errorf("sealing %s again: %w", e.Key(), err)
		}
		n++
	}
}
