package keep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Only the newest value counts, for a value changed in place (a
// player's rating, a day's result). A writer of the store without the
// cluster's secret cannot seal, but it can put back a value a node
// sealed before: it opens. So each such value carries, inside its seal,
// its generation (the JSON field "gen": one more at each write), and
// each write of generation n+1 over generation n also makes, once (a
// Create), the key fresh.KEY.n holding the new value sealed for that
// key: "generation n was followed, by this". Nobody without the secret
// can make such a key that opens, nor change what it holds (it is made
// once), so a value read whose generation has a follower is a replay;
// the followers, one generation after the other, lead to the newest,
// which is written over the replay and taken. A key a writer deleted
// or filled with what does not open says nothing: the value read is
// taken as the newest the store can show.
//
// Where the values are big or written often (a tournament's chat), the
// followers are kept for the newest only: each older one deleted as the
// next is made (drop). Its delete marker still says its generation was
// followed, so the walk to the newest reads the stream leader's last
// message of each follower, which tells a deleted key from one never
// written, and steps over the deleted ones.
//
// A follower is made after its value is written: a node that dies in
// between leaves its generation unfollowed until the next write, and
// a replay of it in that moment is taken.

// freshPrefix starts the keys of the followers.
const freshPrefix = "fresh."

// followerKey is the key that says generation gen of key was followed.
func followerKey(key string, gen uint64) string {
	return freshPrefix + key + "." + strconv.FormatUint(gen, 10)
}

// stamp is the generation a value carries inside its seal.
type genStamp struct {
	Gen uint64 `json:"gen"`
}

// genOf is the generation of a value's plain JSON (0: a value written
// before values carried one).
func genOf(plain []byte) (uint64, bool) {
	var s genStamp
	if err := json.Unmarshal(plain, &s); err != nil {
		return 0, false
	}
	return s.Gen, true
}

// freshKeys keeps the followers of the values of one bucket, whose
// values are what (for the log: "a rating").
type freshKeys struct {
	kv     jetstream.KeyValue
	bucket string
	seal   *Sealer
	notes  *notes
	what   string
	// drop deletes each follower as the next is made; nc asks the
	// stream's leader for the deleted ones (above), and for the value
	// itself before one read older than its followers is called put
	// back (a replica behind answered the read).
	drop bool
	nc   *nats.Conn
}

// open reads into v (JSON) the value e holds, and returns the revision
// it is at: or, if e is older than a value kept (put back), the newest,
// written over e, and says so. A value that does not open is an error.
func (f freshKeys) open(ctx context.Context, e jetstream.KeyValueEntry, v any) (uint64, error) {
	plain, err := f.seal.Open(f.bucket+"/"+e.Key(), e.Value())
	if err != nil {
		return 0, err
	}
	plain, rev, replayed, err := f.newest(ctx, e.Key(), plain, e.Revision())
	if err != nil {
		return 0, err
	}
	if err := json.Unmarshal(plain, v); err != nil {
		return 0, err
	}
	if replayed {
		gen, _ := genOf(plain)
		f.notes.replayed(f.what, "key", e.Key(), "revision", e.Revision(), "newest", gen)
	}
	return rev, nil
}

// followed makes, once, the follower of generation gen of key: plain,
// the value of generation gen+1 written over it.
func (f freshKeys) followed(ctx context.Context, key string, gen uint64, plain []byte) error {
	// The one before is dropped as this one is made, not after: each is
	// a round trip of the store, and a tournament's owner opens its
	// round's tables only once its write returns. Its delete marker
	// still says it was followed; a replay read in the moment between
	// the two is the same moment as a node lost between a value and its
	// follower (above).
	var dropped error
	var wg sync.WaitGroup
	if f.drop && gen > 0 {
		wg.Go(func() {
			err := f.kv.Delete(ctx, followerKey(key, gen-1))
			if err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
				dropped = fmt.Errorf("dropping what %s was written over: %w", key, err)
			}
		})
	}
	k := followerKey(key, gen)
	_, err := f.kv.Create(ctx, k, f.seal.Seal(f.bucket+"/"+k, plain))
	wg.Wait()
	if err != nil && !errors.Is(err, jetstream.ErrKeyExists) {
		return fmt.Errorf("keeping that %s was written over: %w", key, err)
	}
	return dropped
}

// follower is the follower of generation gen of key, sealed: gone true
// when it was made and deleted since (drop), nil when there is none.
func (f freshKeys) follower(ctx context.Context, key string, gen uint64) (v []byte, gone bool, err error) {
	k := followerKey(key, gen)
	if f.drop {
		v, _, gone, err = leaderLastMarked(ctx, f.nc, f.bucket, k)
		return v, gone, err
	}
	e, err := f.kv.Get(ctx, k)
	if errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return e.Value(), false, nil
}

// newer is the newest value the followers of generation gen of key
// lead to (ok false: none follows it, gen is the newest kept).
func (f freshKeys) newer(ctx context.Context, key string, gen uint64) (plain []byte, ok bool, err error) {
	for {
		k := followerKey(key, gen)
		v, gone, err := f.follower(ctx, key, gen)
		switch {
		case err != nil:
			return nil, false, fmt.Errorf("whether %s was written over: %w", key, err)
		case gone:
			gen++ // followed, by one dropped since: on to the next
			continue
		case v == nil:
			return plain, plain != nil, nil
		}
		next, err := f.seal.Open(f.bucket+"/"+k, v)
		if err != nil {
			return plain, plain != nil, nil // not the cluster's: says nothing
		}
		if g, ok := genOf(next); !ok || g != gen+1 {
			return plain, plain != nil, nil
		}
		plain, gen = next, gen+1
	}
}

// newest is the value of key read as plain (at revision rev), or, if
// it is older than one kept (a replay), the newest kept, written over
// it at rev (replayed true). rev is the revision the newest is at as
// far as this node knows: on a write over that lost to another writer,
// the one read, which a write at it finds moved.
func (f freshKeys) newest(ctx context.Context, key string, plain []byte, rev uint64) (out []byte, outRev uint64, replayed bool, err error) {
	gen, ok := genOf(plain)
	if !ok {
		return plain, rev, false, nil // not JSON: its reader says so
	}
	newer, ok, err := f.newer(ctx, key, gen)
	if err != nil || !ok {
		return plain, rev, false, err
	}
	if lp, lrev, ok := f.leaders(ctx, key, gen, rev); ok {
		// Read from a replica behind the stream's leader, which has a
		// newer value than the one read: not a value put back.
		return f.newest(ctx, key, lp, lrev)
	}
	nrev, err := f.kv.Update(ctx, key, f.seal.Seal(f.bucket+"/"+key, newer), rev)
	switch {
	case err == nil:
		rev = nrev
	case !isWrongSequence(err):
		return nil, 0, true, fmt.Errorf("writing %s over an older one put back: %w", key, err)
	}
	return newer, rev, true, nil
}

// leaders is key's value as the stream's leader has it, if that is
// newer than generation gen read at revision rev (ok false: it is not,
// or the leader does not say).
func (f freshKeys) leaders(ctx context.Context, key string, gen, rev uint64) (plain []byte, lrev uint64, ok bool) {
	if f.nc == nil {
		return nil, 0, false
	}
	v, seq, removed, err := leaderLastMarked(ctx, f.nc, f.bucket, key)
	if err != nil || removed || v == nil || seq <= rev {
		return nil, 0, false
	}
	lp, err := f.seal.Open(f.bucket+"/"+key, v)
	if err != nil {
		return nil, 0, false
	}
	if lg, ok := genOf(lp); !ok || lg <= gen {
		return nil, 0, false
	}
	return lp, seq, true
}

// withGen is the JSON object v with its generation set to gen.
func withGen(v []byte, gen uint64) ([]byte, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(v, &fields); err != nil {
		return nil, fmt.Errorf("a value stamped with its generation: %w", err)
	}
	fields["gen"] = json.RawMessage(strconv.FormatUint(gen, 10))
	return json.Marshal(fields)
}
