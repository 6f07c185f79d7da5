// Package fair is the commitment that makes a served match's deals
// provable: before the first tile is seen, every player is shown a hash
// of the match's seed and a secret salt; when the match is over the seed
// and salt are revealed (they are in the match's record), and anyone can
// recompute the hash and replay the record to see that the deals were
// the ones fixed at the start.
//
// The commitment is
//
//	SHA-256( "okey deal commitment v1" ‖ 0x00 ‖ salt ‖ seed )
//
// where the tag is those 23 ASCII bytes, salt is the raw salt (SaltLen
// bytes or more, written in the record as lowercase hex) and seed is the
// record's seed as 8 bytes, big-endian. A record carries it in its
// header's meta: "commit" (the 64 hex digits) and "salt" (the hex salt).
// The short form players are shown is the first 8 bytes, as 16 hex
// digits in groups of four ("3f9a 21c0 88d1 7b2e").
//
// The salt keeps the seed secret until the reveal: without it a 64-bit
// seed could be found from its hash by trying them all. The tag keeps
// this hash from being mistaken for any other the program might make.
//
// The package lives apart from the referees so that they stay as they
// are (a seed in, deals out) and it needs nothing but the standard
// library: no randomness enters here — the server draws the seed and
// the salt, and hands them in.
package fair

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// Tag is the domain tag the commitment hashes first (then a 0 byte).
const Tag = "okey deal commitment v1"

// SaltLen is the length of a salt the server draws, and the least a
// record's salt may have.
const SaltLen = 16

// The keys of a record's meta that hold the commitment.
const (
	MetaCommit = "commit"
	MetaSalt   = "salt"
)

// Commitment is the SHA-256 of a seed and its salt.
type Commitment [sha256.Size]byte

// Commit is the commitment of seed under salt.
func Commit(seed uint64, salt []byte) Commitment {
	h := sha256.New()
	h.Write([]byte(Tag))
	h.Write([]byte{0})
	h.Write(salt)
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	var c Commitment
	h.Sum(c[:0])
	return c
}

// String is the commitment in full, 64 lowercase hex digits.
func (c Commitment) String() string { return hex.EncodeToString(c[:]) }

// Short is what players are shown and asked to note: the first 8 bytes
// as 16 hex digits in four groups of four.
func (c Commitment) Short() string {
	h := hex.EncodeToString(c[:8])
	return h[0:4] + " " + h[4:8] + " " + h[8:12] + " " + h[12:16]
}

// Meta is the commitment of seed under salt as a record's meta keeps it.
func Meta(seed uint64, salt []byte) map[string]string {
	return map[string]string{MetaCommit: Commit(seed, salt).String(), MetaSalt: hex.EncodeToString(salt)}
}

// Why a record's commitment does not hold; test with errors.Is.
var (
	// ErrNoCommitment: the record carries no commitment (a match not
	// played on okey serve, or from before it made one).
	ErrNoCommitment = errors.New("no commitment in the record")
	// ErrBadCommitment: the commitment or the salt is not well formed.
	ErrBadCommitment = errors.New("the record's commitment is damaged")
	// ErrMismatch: the seed and salt do not hash to the commitment.
	ErrMismatch = errors.New("commitment mismatch")
)

// Check recomputes the commitment of a record's seed and salt (from its
// meta) and compares it with the commitment the meta says was shown. It
// returns the commitment; an error says which of the three reasons
// above stands.
func Check(seed uint64, meta map[string]string) (Commitment, error) {
	said, okC := meta[MetaCommit]
	saltHex, okS := meta[MetaSalt]
	if !okC && !okS {
		return Commitment{}, ErrNoCommitment
	}
	want, err := ParseCommitment(said)
	if err != nil {
		return Commitment{}, fmt.Errorf("%w: %v", ErrBadCommitment, err)
	}
	salt, err := hex.DecodeString(saltHex)
	if err != nil || len(salt) < SaltLen {
		return want, fmt.Errorf("%w: the salt %q is not %d or more bytes in hex", ErrBadCommitment, saltHex, SaltLen)
	}
	if got := Commit(seed, salt); got != want {
		return want, fmt.Errorf("%w: seed %d and salt %s give %s, the record says %s was shown", ErrMismatch, seed, saltHex, got.Short(), want.Short())
	}
	return want, nil
}

// ParseCommitment reads a commitment written in full (64 hex digits;
// spaces are ignored, so a copied short form's grouping does no harm,
// but a short form alone is too short).
func ParseCommitment(s string) (Commitment, error) {
	var c Commitment
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil || len(b) != len(c) {
		return c, fmt.Errorf("%q is not a commitment (64 hex digits)", s)
	}
	copy(c[:], b)
	return c, nil
}
