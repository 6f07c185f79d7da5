package keep

import (
	"bytes"
	"context"
	"crypto/cipher"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"
	"golang.org/x/crypto/chacha20poly1305"
)

// The seal. What the tables keep in the store — each match's record,
// whose first line holds the seed and the salt that decide every deal,
// each claim on it, each table's entry, which holds its join code, its
// guests' resume codes, its players' keys and the commitment its players
// were shown, each lease and the next table's number — and what nodes
// send each other about a table — a lobby summary, a request, a seat's
// view with its rack — is encrypted with a key derived from the
// cluster's secret (secret.go) before it leaves the process.
//
// Who can read: only a node with the secret. A reader of the store or
// of its subjects who lacks it (a NATS deployment's other users, its
// operator, a copy of a node's files) learns nothing hidden.
//
// Who can write: such a writer can delete what it reaches, but a node
// takes nothing it writes. The seal is authenticated and bound to where
// it was written (a table's record cannot be passed off as another's,
// nor a record message as one following another message: keep.go's
// recordPlace), and a node takes only values that open: one in plain,
// from another secret, another place or cut short is refused and
// logged, never taken "as it is" (a store from before the seal is
// sealed once by okey serve --seal-store: Keeper.SealStore).
//
// XChaCha20-Poly1305 with a random 24-byte nonce a message: no counter
// to keep across nodes and restarts, and no limit on the messages one
// key may seal that a server could reach.

// sealMagic starts every sealed value, so that a value written before
// the seal (a store kept by an older okey) is told from a damaged one.
var sealMagic = []byte("\x00okey-seal-1\x00")

// Sealer seals and opens what the store and the subjects carry.
type Sealer struct {
	aead cipher.AEAD
	// older open what the secret's other key sealed, while the secret
	// is being changed (secret.go): they seal nothing.
	older []cipher.AEAD
}

// NewSealer is the sealer of a secret: it seals with the key in use
// and opens with any of the secret's keys.
func (s *Secret) NewSealer() *Sealer {
	sl := &Sealer{aead: s.sealCipher()}
	for _, k := range s.keys()[1:] {
		sl.older = append(sl.older, k.sealCipher())
	}
	return sl
}

// Changing reports whether the secret is being changed: the sealer
// opens with a key other than the one it seals with, and what that key
// sealed is to be sealed again (rotate.go).
func (s *Sealer) Changing() bool { return len(s.older) > 0 }

// sealCipher is the cipher of the secret's key in use.
func (s *Secret) sealCipher() cipher.AEAD {
	aead, err := chacha20poly1305.NewX(s.derive("seal", chacha20poly1305.KeySize))
	if err != nil {
		panic(fmt.Sprintf("keep: the seal's cipher: %v", err)) // only for a wrong key size: a bug
	}
	return aead
}

// Seal encrypts plain for the place where (a subject or a key), which
// Open must be given again.
func (s *Sealer) Seal(where string, plain []byte) []byte {
	n := len(sealMagic) + chacha20poly1305.NonceSizeX
	out := make([]byte, n, n+len(plain)+s.aead.Overhead())
	copy(out, sealMagic)
	nonce := out[len(sealMagic):n]
	if _, err := rand.Read(nonce); err != nil {
		panic(fmt.Sprintf("keep: no randomness for a nonce: %v", err)) // crypto/rand does not fail on Linux
	}
	return s.aead.Seal(out, nonce, plain, []byte(where))
}

// ErrSealBroken is a sealed value that does not open: written with
// another cluster's secret, for another place, or changed since.
var ErrSealBroken = errors.New("a sealed value does not open with this cluster's secret (another secret, or damaged)")

// Open decrypts what Seal made for where.
func (s *Sealer) Open(where string, sealed []byte) ([]byte, error) {
	plain, _, err := s.OpenAged(where, sealed)
	return plain, err
}

// OpenAged decrypts what Seal made for where, and says whether it was
// sealed with a key other than the one in use (old: to be sealed again
// before that key is dropped).
func (s *Sealer) OpenAged(where string, sealed []byte) (plain []byte, old bool, err error) {
	n := len(sealMagic) + chacha20poly1305.NonceSizeX
	if !Sealed(sealed) || len(sealed) < n+s.aead.Overhead() {
		return nil, false, ErrSealBroken
	}
	nonce, box := sealed[len(sealMagic):n], sealed[n:]
	if plain, err := s.aead.Open(nil, nonce, box, []byte(where)); err == nil {
		return plain, false, nil
	}
	for _, a := range s.older {
		if plain, err := a.Open(nil, nonce, box, []byte(where)); err == nil {
			return plain, true, nil
		}
	}
	return nil, false, ErrSealBroken
}

// Sealed reports whether b is a sealed value.
func Sealed(b []byte) bool { return bytes.HasPrefix(b, sealMagic) }

// ErrUnsealed is a value that is not sealed at all: a forger's, written
// without the cluster's secret, or one an older okey wrote before the
// seal. Neither is taken; a store from before the seal is sealed once,
// by okey serve --seal-store (Keeper.SealStore).
var ErrUnsealed = errors.New("a value not sealed with the cluster's secret (forged, or written before the seal: okey serve --seal-store seals an old store)")

// openKept opens a value a node sealed for where and kept in the store:
// only a sealed value that opens is taken (ErrUnsealed, ErrSealBroken).
func (s *Sealer) openKept(where string, b []byte) ([]byte, error) {
	return s.openKeptAged(where, b, nil)
}

// openKeptAged is openKept, which also sets *old (if old is not nil)
// when the value was sealed with a key other than the one in use: a
// value to be sealed again while the secret is changed (rotate.go).
func (s *Sealer) openKeptAged(where string, b []byte, old *bool) ([]byte, error) {
	if !Sealed(b) {
		return nil, ErrUnsealed
	}
	plain, aged, err := s.OpenAged(where, b)
	if aged && old != nil {
		*old = true
	}
	return plain, err
}

// sealPlainBucket seals every value of kv (the bucket named bucket) kept
// in plain, at the revision read, and returns how many.
func sealPlainBucket(ctx context.Context, kv jetstream.KeyValue, bucket string, seal *Sealer) (int, error) {
	return rewriteBucket(ctx, kv, "sealing", func(e jetstream.KeyValueEntry) ([]byte, bool) {
		if v := e.Value(); !Sealed(v) {
			return seal.Seal(bucket+"/"+e.Key(), v), true
		}
		return nil, false
	})
}

// resealBucket seals again, with seal's key in use, every value of kv (the
// bucket named bucket, each value sealed for "bucket/key") that another
// key sealed.
func resealBucket(ctx context.Context, kv jetstream.KeyValue, bucket string, seal *Sealer) (int, error) {
	return rewriteBucket(ctx, kv, "sealing again", func(e jetstream.KeyValueEntry) ([]byte, bool) {
		where := bucket + "/" + e.Key()
		plain, ok := seal.aged(where, e.Value())
		if !ok {
			return nil, false
		}
		return seal.Seal(where, plain), true
	})
}

// aged is v opened, if it was sealed for where with a key other than the
// one in use: a value to seal again. A value not sealed, not the
// cluster's (refused where it is read) or sealed already is not.
func (s *Sealer) aged(where string, v []byte) ([]byte, bool) {
	if !Sealed(v) {
		return nil, false
	}
	plain, old, err := s.OpenAged(where, v)
	return plain, err == nil && old
}

// rewriteBucket replaces every value of kv that change gives a new one
// for, and returns how many it replaced; doing names the work in its
// errors. The values are read as one watch (one consumer, every value
// pushed), not a request a key, and each is replaced only at the
// revision it was read at: two nodes doing it at once do it once, and a
// value changed meanwhile is its writer's, who seals with the key in
// use, so it is left as it is.
func rewriteBucket(ctx context.Context, kv jetstream.KeyValue, doing string, change func(jetstream.KeyValueEntry) ([]byte, bool)) (int, error) {
	w, err := kv.WatchAll(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return 0, fmt.Errorf("%s: %w", doing, err)
	}
	n, done := 0, false
	var failed error
	Watch(ctx, w, func(e jetstream.KeyValueEntry) bool {
		if e == nil {
			done = true // every value there was has come
			return false
		}
		v, ok := change(e)
		if !ok {
			return true
		}
		if _, err := kv.Update(ctx, e.Key(), v, e.Revision()); err != nil {
			if isWrongSequence(err) {
				return true
			}
			failed = fmt.Errorf("%s %s: %w", doing, e.Key(), err)
			return false
		}
		n++
		return true
	})
	switch {
	case failed != nil:
		return n, failed
	case !done && ctx.Err() != nil:
		return n, fmt.Errorf("%s: %w", doing, ctx.Err())
	}
	return n, nil
}

// sealJSON is v as JSON, sealed for key of bucket. What decides a
// board is sealed as the day's secrets are — a day's results and par,
// the players' ratings and the marks of matches rated — so that a
// writer of the store without the cluster's secret can neither put a
// day on the board, nor change a score, a standing, a par or a rating.
func (s *Sealer) sealJSON(bucket, key string, v any) ([]byte, error) {
	plain, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return s.Seal(bucket+"/"+key, plain), nil
}

// openJSON reads into v what sealJSON made for key of bucket; a value
// that does not open (unsealed, another key's, another secret's) is an
// error.
func (s *Sealer) openJSON(bucket, key string, b []byte, v any) error {
	plain, err := s.Open(bucket+"/"+key, b)
	if err != nil {
		return err
	}
	return json.Unmarshal(plain, v)
}

// notes is the log the tables' types share (Keeper.SetLog): it says
// each value refused, not sealed with the cluster's secret (a forgery,
// or a store from before the seal). None before SetLog.
type notes struct{ log *slog.Logger }

// refused logs a value not taken.
func (n *notes) refused(what string, args ...any) {
	n.log.Warn(what+": refused, not sealed with the cluster's secret (forged, or written before the seal: okey serve --seal-store)", args...)
}

// replayed logs a value not taken because it is older than one the
// node wrote or read (a node's value, put back by a writer of the store
// without the secret).
func (n *notes) replayed(what string, args ...any) {
	n.log.Warn(what+": refused, older than the one written last (put back: replayed by a writer of the store)", args...)
}
