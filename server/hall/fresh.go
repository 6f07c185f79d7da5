package hall

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"okey/server/keep"
)

// Fresh words between nodes. What a node says to another on a subject —
// a request to a table, its answer, a message to a member, a table
// opened, a table taken over — is sealed with the cluster's secret, and
// inside the seal stamped with when it was said, a nonce drawn for it,
// and the node it is for (none: every node). A writer of the subjects
// without the secret (a user of a NATS deployment the nodes share) can
// put back what a node said: sealed, it opens. Stamped, it is refused
// once heard (its nonce), when older than freshFor, or when said before
// this node began to listen (a restart forgets the nonces it heard); a
// request for another node is known for one (a takeover's new owner
// hears the table's subject too).

// freshFor is how long a word between nodes is taken after it was said:
// past the longest a loaded cluster took to carry one (seconds), and
// the clocks' drift between nodes.
const freshFor = 30 * time.Second

// Why a word between nodes is refused.
var (
	errNotSealed = errors.New("not sealed with the cluster's secret")
	errHeard     = errors.New("heard before (put back: replayed)")
	errNotFresh  = errors.New("said too long ago, or before this node started (put back: replayed)")
)

// nonce names one word between nodes.
type nonce [16]byte

// freshness seals and opens a node's words to the others, and keeps the
// nonces heard within freshFor.
type freshness struct {
	seal *keep.Sealer
	now  func() time.Time
	// since is when the node began to listen.
	since time.Time
	mu    sync.Mutex
	// heard is each nonce heard, by when it was said (unix nanoseconds).
	heard  map[nonce]int64
	pruned time.Time
}

// newFreshness is a node's freshness, listening from now.
func newFreshness(seal *keep.Sealer, now func() time.Time) *freshness {
	return &freshness{seal: seal, now: now, since: now(), heard: map[nonce]int64{}}
}

// stampLen is the stamp's length before the node it is for: when said
// (8 bytes), its nonce (16) and the node's name's length (1).
const stampLen = 8 + 16 + 1

// Seal seals payload for place, stamped now with a nonce of its own,
// for node to (""): every node). It returns the nonce too: an answer
// is sealed for it (answerPlace).
func (f *freshness) Seal(place, to string, payload []byte) ([]byte, nonce) {
	var n nonce
	if _, err := rand.Read(n[:]); err != nil {
		panic(fmt.Sprintf("hall: no randomness for a nonce: %v", err)) // crypto/rand does not fail on Linux
	}
	if len(to) > 255 {
		to = to[:255] // a node's name is one subject token, far shorter
	}
	b := make([]byte, stampLen, stampLen+len(to)+len(payload))
	binary.BigEndian.PutUint64(b, uint64(f.now().UnixNano()))
	copy(b[8:], n[:])
	b[24] = byte(len(to))
	b = append(b, to...)
	return f.seal.Seal(place, append(b, payload...)), n
}

// Open opens what Seal made for place, and takes it once: the payload,
// the node it is for ("": any) and its nonce. A word that does not
// open, was heard before, or is not fresh is refused (errNotSealed,
// errHeard, errNotFresh).
func (f *freshness) Open(place string, sealed []byte) (payload []byte, to string, n nonce, err error) {
	b, err := f.seal.Open(place, sealed)
	if err != nil || len(b) < stampLen || len(b) < stampLen+int(b[24]) {
		return nil, "", n, errNotSealed
	}
	said := int64(binary.BigEndian.Uint64(b))
	copy(n[:], b[8:24])
	to, payload = string(b[stampLen:stampLen+int(b[24])]), b[stampLen+int(b[24]):]
	now := f.now()
	f.mu.Lock()
	defer f.mu.Unlock()
	if now.Sub(f.pruned) > time.Second {
		// What is past freshFor is refused by its stamp: its nonce
		// need not be kept.
		old := now.Add(-freshFor).UnixNano()
		for k, at := range f.heard {
			if at < old {
				delete(f.heard, k)
			}
		}
		f.pruned = now
	}
	if said < f.since.UnixNano() || said < now.Add(-freshFor).UnixNano() || said > now.Add(freshFor).UnixNano() {
		return nil, "", n, errNotFresh
	}
	if _, ok := f.heard[n]; ok {
		return nil, "", n, errHeard
	}
	f.heard[n] = said
	return payload, to, n, nil
}

// answerPlace is where the answer to the word n said for place is
// sealed for: an answer put back answers nothing else.
func answerPlace(place string, n nonce) string {
	return fmt.Sprintf("%s#%x", place, n[:])
}
