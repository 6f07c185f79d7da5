package keep

import (
	"bytes"
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nats-io/nats.go/jetstream"
)

// Players' names in the store's keys. A value is sealed, a key is not:
// a key that named a player (a key's fingerprint, a guest's code) told
// a reader of the store without the cluster's secret who connected and
// when, who played each day's daily and whose rating moved when. So
// every key that names a player names them by a MAC instead
// (Names.Of): HMAC-SHA256 under a salt drawn once for the whole store
// and kept in it sealed (the bucket okey_names), of the player and of
// what the key is for (the bucket, the game, the day), so that neither
// the player nor one key's player as another key's can be told. The
// salt survives a change of the secret (sealed again, as every value
// is); a store kept before names were salted has its keys renamed once
// (renameKeys, as each subject's book opens).

// namesBucket keeps the salt of the players' names.
const namesBucket = "okey_names"

// saltKey is the salt's key.
const saltKey = "salt"

// Names makes the names the store's keys give players.
type Names struct {
	kv   jetstream.KeyValue
	salt []byte
	// Lost: the salt was made anew where one had been (its key deleted
	// or purged by a writer of the store): every key named under the
	// old one is no player's now (Lost says it).
	lost bool
}

// Lost reports whether the salt was made anew at this opening where the
// store had held one: every player's first sighting, rating and day's
// result are under the old names, found no more — as if those buckets
// were deleted. The server says so loudly; the old values cannot be
// named again (the salt is what made the names).
func (n *Names) Lost() bool { return n != nil && n.lost }

// OpenNames makes (or finds) the salt: made once in the whole store (a
// Create: of two nodes making it at once, the first is every node's),
// sealed.
func OpenNames(ctx context.Context, eng *Engine) (*Names, error) {
	kv, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: namesBucket, History: 1, Storage: jetstream.FileStorage, Replicas: eng.Replicas,
		Description: "okey serve: the salt (sealed) of the names the store's keys give players"})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", namesBucket, err)
	}
	// The bucket may be new, its stream's leader still being chosen by
	// a cluster starting together: each call is made again while the
	// store is unavailable (no responders), rather than the node not
	// starting.
	place := namesBucket + "/" + saltKey
	read := func() ([]byte, error) {
		var e jetstream.KeyValueEntry
		err := untilAvailable(ctx, func(ctx context.Context) (err error) {
			e, err = kv.Get(ctx, saltKey)
			return err
		})
		if err != nil {
			return nil, err
		}
		salt, err := eng.Seal.Open(place, e.Value())
		if err != nil || len(salt) != sha256.Size {
			// Not the cluster's: no name can be made that a node would
			// find again, so the node does not start.
			return nil, fmt.Errorf("the players' names' salt in %s: %w", namesBucket, cmp.Or(err, ErrSealBroken))
		}
		return salt, nil
	}
	salt, err := read()
	lost := false
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		// A salt never made leaves its bucket's stream empty; one
		// deleted or purged leaves it past its first message.
		if st, serr := eng.js.Stream(ctx, "KV_"+namesBucket); serr == nil {
			if info, ierr := st.Info(ctx); ierr == nil && info.State.LastSeq > 0 {
				lost = true
			}
		}
		// The whole bucket deleted leaves a new one, empty as a new
		// store's: but the players seen and rated are named under the
		// salt it kept.
		if !lost {
			named, err := namedBefore(ctx, eng.js)
			if err != nil {
				return nil, fmt.Errorf("the players' names' salt, not found: did the store name players before? %w", err)
			}
			lost = named
		}
		salt = make([]byte, sha256.Size)
		if _, err := rand.Read(salt); err != nil {
			return nil, err
		}
		sealed := eng.Seal.Seal(place, salt)
		err = untilAvailable(ctx, func(ctx context.Context) error {
			_, err := kv.Create(ctx, saltKey, sealed)
			return err
		})
		if errors.Is(err, jetstream.ErrKeyExists) {
			// Another node's, or this one's own Create answered too late
			// and made again: either way the salt kept is read back.
			salt, err = untilWritten(ctx, read, jetstream.ErrKeyNotFound)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("the players' names' salt: %w", err)
	}
	return &Names{kv: kv, salt: salt, lost: lost}, nil
}

// namedBefore reports whether the store names players under a salt it
// no longer has: a key of another bucket (the players seen, rated, the
// day's results...) with a part that is a salted name (Of's). A store
// from before names were salted names them otherwise (oldName), and is
// renamed, not lost. Read only when no salt is found: a new store's
// buckets are empty.
//
// A listing the store does not answer is asked again (untilAvailable),
// and one it still cannot give is an error: read as "nobody named", it
// would let a lost salt go unsaid.
func namedBefore(ctx context.Context, js jetstream.JetStream) (bool, error) {
	var names []string
	err := untilAvailable(ctx, func(ctx context.Context) error {
		names = names[:0]
		buckets := js.KeyValueStoreNames(ctx)
		for b := range buckets.Name() {
			if b != namesBucket {
				names = append(names, b)
			}
		}
		return cmp.Or(buckets.Error(), ended(ctx))
	})
	if err != nil {
		return false, fmt.Errorf("listing the buckets: %w", err)
	}
	for _, bucket := range names {
		found := false
		err := untilAvailable(ctx, func(ctx context.Context) error {
			found = false
			kv, err := js.KeyValue(ctx, bucket)
			if errors.Is(err, jetstream.ErrBucketNotFound) {
				return nil // deleted since it was listed: it names nobody
			}
			if err != nil {
				return err
			}
			keys, err := kv.ListKeys(ctx)
			if err != nil {
				return err
			}
			for k := range keys.Keys() {
				if slices.ContainsFunc(strings.Split(k, "."), saltedName) {
					found = true
					break
				}
			}
			_ = keys.Stop() // the listing has ended
			if found {
				return nil
			}
			// A listing cut by its wait ends early, as one read whole
			// does: only one that ran to its end says "nobody here".
			return ended(ctx)
		})
		if err != nil {
			return false, fmt.Errorf("listing the keys of %s: %w", bucket, err)
		}
		if found {
			return true, nil
		}
	}
	return false, nil
}

// saltedName reports whether part of a key is a name Of makes.
func saltedName(part string) bool {
	if len(part) != 33 || part[0] != 'h' {
		return false
	}
	_, err := hex.DecodeString(part[1:])
	return err == nil && strings.ToLower(part) == part
}

// Of is the name a key gives the player id for what it is for (its
// bucket, game, day...): "h" and 32 hex digits of the MAC.
func (n *Names) Of(id string, what ...string) string {
	mac := hmac.New(sha256.New, n.salt)
	for _, w := range what {
		mac.Write([]byte(w))
		mac.Write([]byte{0})
	}
	mac.Write([]byte(id))
	return "h" + hex.EncodeToString(mac.Sum(nil)[:16])
}

// Reseal seals the salt again with the secret's key in use (rotate.go).
func (n *Names) Reseal(ctx context.Context, seal *Sealer) (int, error) {
	return resealBucket(ctx, n.kv, namesBucket, seal)
}

// oldName is the player a key's part named before names were salted
// (the identity in unpadded base64url: a key's fingerprint, a guest's
// code, a bot level), if it is one.
func oldName(part string) (string, bool) {
	b, err := base64.RawURLEncoding.DecodeString(part)
	if err != nil {
		return "", false
	}
	for _, p := range []string{"key:", "guest:", "bot:"} {
		if bytes.HasPrefix(b, []byte(p)) {
			return string(b), true
		}
	}
	return "", false
}

// renameKeys renames, once, the keys of kv (the bucket named bucket)
// under filter that rename says to (a key that names a player as
// before names were salted): each value is opened for its key, sealed
// again for its new key and made there with a Create, and the old key
// purged at the revision read. Two nodes doing it at once do it once.
// A value that does not open is left where it is (refused where it is
// read, as before). It returns how many it renamed.
//
// It runs as a node opens its books, perhaps while a cluster starting
// together still chooses the bucket's leader: each call is made again
// while the store is unavailable.
func renameKeys(ctx context.Context, kv jetstream.KeyValue, bucket string, seal *Sealer, filter string, rename func(key string) (string, bool)) (int, error) {
	// Listed as the sweep lists (listedSoon): a listing slow to be
	// answered on a loaded store is asked again beside it, never cut
	// by a wait of its own, which on a starved machine cut every one.
	keys, err := listedSoon(ctx, nil, "the players' keys in "+bucket, func(ctx context.Context) ([]string, error) {
		lister, err := kv.ListKeysFiltered(ctx, filter)
		if err != nil {
			return nil, err
		}
		var keys []string
		for k := range lister.Keys() {
			if _, ok := rename(k); ok {
				keys = append(keys, k)
			}
		}
		_ = lister.Stop()
		// A listing cut by ctx ends early, as one read whole does:
		// only one that ran to its end is all the keys.
		return keys, ended(ctx)
	})
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("renaming the players' keys in %s: %w", bucket, err)
	}
	n := 0
	for _, k := range keys {
		to, _ := rename(k)
		var e jetstream.KeyValueEntry
		err := untilAvailable(ctx, func(ctx context.Context) (err error) {
			e, err = kv.Get(ctx, k)
			return err
		})
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue // renamed meanwhile
		}
		if err != nil {
			return n, fmt.Errorf("renaming %s in %s: %w", k, bucket, err)
		}
		plain, err := seal.Open(bucket+"/"+k, e.Value())
		if err != nil {
			continue
		}
		sealed := seal.Seal(bucket+"/"+to, plain)
		if err := untilAvailable(ctx, func(ctx context.Context) error {
			_, err := kv.Create(ctx, to, sealed)
			return err
		}); err != nil && !errors.Is(err, jetstream.ErrKeyExists) {
			return n, fmt.Errorf("renaming %s in %s: %w", k, bucket, err)
		}
		if err := untilAvailable(ctx, func(ctx context.Context) error {
			return kv.Purge(ctx, k, jetstream.LastRevision(e.Revision()))
		}); err != nil && !isWrongSequence(err) && !errors.Is(err, jetstream.ErrKeyNotFound) {
			return n, fmt.Errorf("renaming %s in %s: %w", k, bucket, err)
		}
		n++
	}
	return n, nil
}

// renamePart is rename for keys whose part at index i (split by ".")
// named a player as before: the key with that part made by name.
func renamePart(i int, name func(parts []string, id string) string) func(string) (string, bool) {
	return func(key string) (string, bool) {
		parts := strings.Split(key, ".")
		if i >= len(parts) {
			return "", false
		}
		id, ok := oldName(parts[i])
		if !ok {
			return "", false
		}
		parts[i] = name(parts, id)
		return strings.Join(parts, "."), true
	}
}
