package keep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Tournaments: each tournament is kept as values in the bucket
// okey_tourneys, sealed with the cluster's secret for their key, and run
// by one node at a time, the one holding its lease in the bucket
// okey_tourney_leases (the tables' leases, in a bucket of their own: a
// node watching for tables to take over never sees a tournament's). The
// names of the keys are the tournaments' business (package
// server/tournaments); the book only writes and reads them, fenced:
// a value is made with Create (only if nobody made it) and changed with
// Update at the revision last read (only if nobody changed it since), so
// that an owner that lost its tournament cannot write it again, and a
// table's end written twice is taken once.

// The tournaments' buckets.
const (
	tourneysBucket      = "okey_tourneys"
	tourneyLeasesBucket = "okey_tourney_leases"
)

// MaxTourneyValue is the most a tournament's value may weigh: the store
// takes messages of a megabyte, and a tournament that grows past this
// refuses what would grow it (its players), never writes a value the
// store refuses.
const MaxTourneyValue = 512 << 10

// ErrTourneyMoved is a write refused because the value is not as the
// writer read it (another wrote it since, or made it first).
var ErrTourneyMoved = errors.New("the tournament's value was written since it was read")

// ErrTourneyNone is a key that holds nothing.
var ErrTourneyNone = errors.New("no such value among the tournaments'")

// ErrTourneyTooBig is a value over MaxTourneyValue.
var ErrTourneyTooBig = errors.New("the tournament's value is too big to keep")

// TourneyBook is the tournaments' bucket.
type TourneyBook struct {
	kv   jetstream.KeyValue
	seal *Sealer
	log  *slog.Logger
	// nc asks the bucket's stream leader itself (ReadLatest).
	nc *nats.Conn
	// names names the players in the requests' keys (names.go).
	names *Names
	// fresh keeps the followers of the values written with PutNewer;
	// newest are the prefixes of their keys, which the watch checks
	// (fresh.go). Set before the watch, by KeepNewest.
	fresh  freshKeys
	newest []string
}

// OpenTourneyBook makes (or finds) the tournaments' bucket.
func OpenTourneyBook(ctx context.Context, eng *Engine, log *slog.Logger) (*TourneyBook, error) {
	kv, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{
		Bucket:      tourneysBucket,
		Description: "okey serve: the tournaments, the ends of their tables, their players' requests",
		History:     1,
		Storage:     jetstream.FileStorage,
		Replicas:    eng.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", tourneysBucket, err)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	names, err := OpenNames(ctx, eng)
	if err != nil {
		return nil, err
	}
	return &TourneyBook{kv: kv, seal: eng.Seal, log: log, nc: eng.NC, names: names,
		fresh: freshKeys{kv: kv, bucket: tourneysBucket, seal: eng.Seal, notes: &notes{log: log}, what: "a tournament's value", drop: true, nc: eng.NC}}, nil
}

// KeepNewest says that the keys under prefix are written with PutNewer,
// WriteNewer and Lift alone: the watch and ReadLatest send the newest
// of each, never an older one put back, and the watch one lifted as
// gone. Before Watch.
func (b *TourneyBook) KeepNewest(prefix string) { b.newest = append(b.newest, prefix) }

// PutNewer writes key's value (a JSON object) as the next generation of
// what it holds, whatever that is: stamped with its generation and a
// follower made of the one it writes over (fresh.go), so that an older
// value put back by a writer of the store without the secret — an
// operator's mute after the unmute — is refused where it is read.
func (b *TourneyBook) PutNewer(ctx context.Context, key string, v []byte) error {
	if len(v) > MaxTourneyValue {
		return fmt.Errorf("%s, %d bytes: %w", key, len(v), ErrTourneyTooBig)
	}
	for try := range ratingTries {
		var e jetstream.KeyValueEntry
		err := untilAvailable(ctx, func(ctx context.Context) (err error) {
			e, err = b.kv.Get(ctx, key)
			return err
		})
		var gen, rev uint64
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted):
		case err != nil:
			return fmt.Errorf("writing %s: %w", key, err)
		default:
			rev = e.Revision()
			if plain, err := b.seal.Open(tourneysBucket+"/"+key, e.Value()); err == nil {
				if plain, rev, _, err = b.fresh.newest(ctx, key, plain, rev); err != nil {
					return fmt.Errorf("writing %s: %w", key, err)
				}
				gen, _ = genOf(plain)
			} // one that does not open is written over, from the start
		}
		plain, err := withGen(v, gen+1)
		if err != nil {
			return err
		}
		sealed := b.seal.Seal(tourneysBucket+"/"+key, plain)
		err = untilLed(ctx, func() (err error) {
			if rev == 0 {
				_, err = b.kv.Create(ctx, key, sealed)
			} else {
				_, err = b.kv.Update(ctx, key, sealed, rev)
			}
			return err
		})
		if err == nil {
			return b.fresh.followed(ctx, key, gen, plain)
		}
		if !isWrongSequence(err) {
			return fmt.Errorf("writing %s: %w", key, err)
		}
		if err := afterMoved(ctx, try); err != nil {
			return fmt.Errorf("writing %s: %w", key, err)
		}
	}
	return fmt.Errorf("writing %s: %w", key, ErrTourneyMoved)
}

// PlayerName is how a key of tournament id's names player: a MAC under
// the store's salt (Names), which a reader of the store without the
// secret cannot tell as anyone's, nor as the same player's at another
// tournament.
func (b *TourneyBook) PlayerName(id, player string) string {
	return b.names.Of(player, tourneysBucket, id)
}

// OpenTourneyLeases makes (or finds) the bucket of the tournaments'
// leases, whose keys live ttl as the tables' do (OpenLeases).
func OpenTourneyLeases(ctx context.Context, eng *Engine, ttl time.Duration) (*Leases, error) {
	return openLeasesIn(ctx, eng, ttl, tourneyLeasesBucket, "okey serve: which node runs each tournament")
}

// Write writes key's value: made (rev 0) if nobody made it, or changed
// over revision rev if nobody changed it since (ErrTourneyMoved
// otherwise). It returns the new revision.
func (b *TourneyBook) Write(ctx context.Context, key string, v []byte, rev uint64) (uint64, error) {
	if len(v) > MaxTourneyValue {
		return 0, fmt.Errorf("%s, %d bytes: %w", key, len(v), ErrTourneyTooBig)
	}
	sealed := b.seal.Seal(tourneysBucket+"/"+key, v)
	var next uint64
	err := untilLed(ctx, func() (err error) {
		if rev == 0 {
			next, err = b.kv.Create(ctx, key, sealed)
		} else {
			next, err = b.kv.Update(ctx, key, sealed, rev)
		}
		return err
	})
	if isWrongSequence(err) {
		return 0, fmt.Errorf("%s at %d: %w", key, rev, ErrTourneyMoved)
	}
	if err != nil {
		return 0, fmt.Errorf("writing %s: %w", key, err)
	}
	return next, nil
}

// Put writes key's value whatever it held (a player's latest request).
func (b *TourneyBook) Put(ctx context.Context, key string, v []byte) error {
	if len(v) > MaxTourneyValue {
		return fmt.Errorf("%s, %d bytes: %w", key, len(v), ErrTourneyTooBig)
	}
	sealed := b.seal.Seal(tourneysBucket+"/"+key, v)
	if err := untilLed(ctx, func() error {
		_, err := b.kv.Put(ctx, key, sealed)
		return err
	}); err != nil {
		return fmt.Errorf("writing %s: %w", key, err)
	}
	return nil
}

// untilLed calls write again while no server took it (nats' no
// responders: the bucket's stream has no leader for the moment, as
// while the cluster elects one after its leader's node is lost, which
// takes seconds), until ctx ends. A write nobody took was not made, so
// making it again never makes it twice; one that went unanswered
// otherwise (a timeout) may have been made, and is the caller's to
// judge. Seen: 200 players' joins written from the two nodes left after
// the third was killed failed by the hundred in the seconds after the
// kill (okey load's k1 run), each given up after the half second the
// client's own retries last.
func untilLed(ctx context.Context, write func() error) error {
	wait := 50 * time.Millisecond
	for {
		err := write()
		if err == nil || !errors.Is(err, jetstream.ErrNoStreamResponse) && !errors.Is(err, nats.ErrNoResponders) {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("no leader took the write: %w", err)
		case <-time.After(wait):
		}
		wait = min(2*wait, time.Second)
	}
}

// Read is key's value and its revision; ErrTourneyNone if it holds
// nothing, ErrSealBroken if its value does not open.
func (b *TourneyBook) Read(ctx context.Context, key string) ([]byte, uint64, error) {
	var e jetstream.KeyValueEntry
	err := untilAvailable(ctx, func(ctx context.Context) (err error) {
		e, err = b.kv.Get(ctx, key)
		return err
	})
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, 0, fmt.Errorf("%s: %w", key, ErrTourneyNone)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("reading %s: %w", key, err)
	}
	v, err := b.seal.Open(tourneysBucket+"/"+key, e.Value())
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", key, err)
	}
	return v, e.Revision(), nil
}

// ReadLatest is key's value and revision as the bucket's stream leader
// holds them: the last written, where Read (a direct get, which any of
// the bucket's replicas answers) may be answered by a replica that has
// not yet taken the last write — NATS does not promise a key-value get
// reads one's own writes. The owner of a tournament reads it so before
// it acts on it: driven from a value one write old, it would open
// tables the tournament never knew, their matches played and never
// counted. ErrTourneyNone if the key holds nothing.
func (b *TourneyBook) ReadLatest(ctx context.Context, key string) ([]byte, uint64, error) {
	data, seq, ok, err := leaderLast(ctx, b.nc, tourneysBucket, key)
	if err != nil {
		return nil, 0, fmt.Errorf("reading %s: %w", key, err)
	}
	if !ok {
		return nil, 0, fmt.Errorf("%s: %w", key, ErrTourneyNone)
	}
	v, err := b.seal.Open(tourneysBucket+"/"+key, data)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", key, err)
	}
	if b.keptNewest(key) {
		// An older one put back: the newest, written over it.
		if v, seq, _, err = b.fresh.newest(ctx, key, v, seq); err != nil {
			return nil, 0, fmt.Errorf("reading %s: %w", key, err)
		}
	}
	return v, seq, nil
}

// Delete removes key's value if it is still at revision rev (0: whatever
// it holds). A value already gone is no error.
func (b *TourneyBook) Delete(ctx context.Context, key string, rev uint64) error {
	var opts []jetstream.KVDeleteOpt
	if rev > 0 {
		opts = append(opts, jetstream.LastRevision(rev))
	}
	err := untilLed(ctx, func() error { return b.kv.Delete(ctx, key, opts...) })
	if err == nil || errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	if isWrongSequence(err) {
		return fmt.Errorf("%s at %d: %w", key, rev, ErrTourneyMoved)
	}
	return fmt.Errorf("deleting %s: %w", key, err)
}

// WriteNewer writes key's value (a JSON object) over read, the value
// read at revision rev (or one carrying its generation; nil and 0:
// none, made if nobody made it), as its next generation, with a
// follower (fresh.go): ErrTourneyMoved if it was written since. For the keys under a prefix of KeepNewest,
// which ReadLatest reads as the newest.
func (b *TourneyBook) WriteNewer(ctx context.Context, key string, v, read []byte, rev uint64) (uint64, error) {
	gen, _ := genOf(read)
	plain, err := withGen(v, gen+1)
	if err != nil {
		return 0, err
	}
	next, err := b.Write(ctx, key, plain, rev)
	if err != nil {
		return 0, err
	}
	return next, b.fresh.followed(ctx, key, gen, plain)
}

// lifted is what a key written with PutNewer holds once lifted (an
// unmute, a request taken): the watch sends it as gone.
var lifted = []byte(`{"lifted":true}`)

// isLifted reports whether v is a value lifted.
func isLifted(v []byte) bool {
	var l struct {
		Lifted bool `json:"lifted"`
	}
	return json.Unmarshal(v, &l) == nil && l.Lifted
}

// Lift ends key's value, written with PutNewer, as its next generation
// (the watch sends it as gone): taken, the value read at revision rev,
// only if it is still there (ErrTourneyMoved if written since: a
// player's newer request); whatever it holds if rev is 0. Not a
// delete: a value put back after it is older, and refused.
func (b *TourneyBook) Lift(ctx context.Context, key string, taken []byte, rev uint64) error {
	if rev == 0 {
		return b.PutNewer(ctx, key, lifted)
	}
	gen, _ := genOf(taken)
	plain, err := withGen(lifted, gen+1)
	if err != nil {
		return err
	}
	sealed := b.seal.Seal(tourneysBucket+"/"+key, plain)
	err = untilLed(ctx, func() error {
		_, err := b.kv.Update(ctx, key, sealed, rev)
		return err
	})
	if isWrongSequence(err) {
		return fmt.Errorf("%s at %d: %w", key, rev, ErrTourneyMoved)
	}
	if err != nil {
		return fmt.Errorf("lifting %s: %w", key, err)
	}
	return b.fresh.followed(ctx, key, gen, plain)
}

// keptNewest reports whether key is written with PutNewer alone.
func (b *TourneyBook) keptNewest(key string) bool {
	return slices.ContainsFunc(b.newest, func(p string) bool { return strings.HasPrefix(key, p) })
}

// Keys lists the keys that begin with prefix.
func (b *TourneyBook) Keys(ctx context.Context, prefix string) ([]string, error) {
	lister, err := b.kv.ListKeys(ctx)
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", tourneysBucket, err)
	}
	var out []string
	for k := range lister.Keys() {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	_ = lister.Stop()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("listing %s: %w", tourneysBucket, ctx.Err())
	}
	return out, nil
}

// TourneyEntry is a change a watch of the book sees: key's value (opened)
// at revision Rev, or its deletion (Gone). The first nil-keyed entry
// (Key "") says the values there were at the watch's start are all sent.
type TourneyEntry struct {
	Key   string
	Value []byte
	Rev   uint64
	Gone  bool
}

// Watch sends every value there is, an empty entry, then each change,
// until ctx ends. A value that does not open with the cluster's secret
// (a writer of the store without it) is logged and not sent.
func (b *TourneyBook) Watch(ctx context.Context) (<-chan TourneyEntry, error) {
	w, err := b.kv.WatchAll(ctx)
	if err != nil {
		return nil, fmt.Errorf("watching %s: %w", tourneysBucket, err)
	}
	out := make(chan TourneyEntry, 16)
	go func() {
		defer close(out)
		Watch(ctx, w, func(e jetstream.KeyValueEntry) bool {
			if e != nil && strings.HasPrefix(e.Key(), freshPrefix) {
				return true // a follower: the book's own (fresh.go)
			}
			te := TourneyEntry{}
			if e != nil {
				te = TourneyEntry{Key: e.Key(), Rev: e.Revision(), Gone: e.Operation() != jetstream.KeyValuePut}
				if !te.Gone {
					v, err := b.seal.Open(tourneysBucket+"/"+e.Key(), e.Value())
					if err != nil {
						b.log.Warn("a tournament's value refused: not sealed with the cluster's secret", "key", e.Key())
						return true
					}
					if b.keptNewest(e.Key()) {
						// An older one put back: the newest, written over it.
						if newest, rev, _, err := b.fresh.newest(ctx, e.Key(), v, e.Revision()); err != nil {
							b.log.Warn("a tournament's value: not known whether it was written over, taken as read", "key", e.Key(), "err", err)
						} else {
							v, te.Rev = newest, rev
						}
						te.Gone = isLifted(v)
					}
					if !te.Gone {
						te.Value = v
					}
				}
			}
			select {
			case out <- te:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	return out, nil
}
