// Package rng is the only source of randomness of the engine: a
// splitmix64 generator, written out here so that a seed gives the same
// deal on every Go version and platform forever (records depend on it).
// It is shared by the referees of every game mode and nothing else.
package rng

import (
	"crypto/sha256"
	"encoding/binary"
)

// Source is a splitmix64 generator. It is not safe for concurrent use.
type Source struct{ s uint64 }

// New returns a source seeded with seed.
func New(seed uint64) *Source { return &Source{s: seed} }

// Uint64 returns the next 64 random bits.
func (r *Source) Uint64() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform integer in [0, n) for n > 0, without modulo
// bias.
func (r *Source) Intn(n int) int {
	bound := uint64(n)
	limit := -bound % bound // 2^64 mod n: values below it are rejected
	for {
		x := r.Uint64()
		if x >= limit {
			return int(x % bound)
		}
	}
}

// Die throws a six-sided die.
func (r *Source) Die() int { return r.Intn(6) + 1 }

// Float64 returns a uniform float in [0, 1).
func (r *Source) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Shuffle is Fisher–Yates over xs.
func Shuffle[T any](r *Source, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// Mix derives an independent seed from a seed and a label, so that, for
// example, the deal of hand k depends only on the match seed and k.
func Mix(seed uint64, label uint64) uint64 {
	r := Source{s: seed ^ (label * 0xd1b54a32d192ed03)}
	r.Uint64()
	return r.Uint64()
}

// The ways a match's seed becomes each hand's deal seed. A record names
// its way by its format version, so that a record replays as it was
// dealt whatever this program now deals.
const (
	// DerivedByMix is the first way (records of version 1): Mix, which
	// is a bijection of the seed — whoever recovers one hand's deal seed
	// can run it backwards to the match's seed, and so to every later
	// hand. It stays only so that old records replay.
	DerivedByMix = 1
	// DerivedByHash is the way of today (records of version 2): each
	// seed is the first 8 bytes, big-endian, of
	//
	//	SHA-256( "okey deal v2" ‖ 0x00 ‖ seed ‖ label )
	//
	// (seed and label as 8 bytes big-endian each). A hand's seed tells
	// nothing of the match's seed or of any other hand's.
	DerivedByHash = 2
)

// dealTag is the domain tag of DerivedByHash.
const dealTag = "okey deal v2"

// Derive is the seed labelled label of a match seeded with seed, the
// way version (DerivedByMix or DerivedByHash) says. Any other version
// is taken as the newest.
func Derive(version int, seed, label uint64) uint64 {
	if version == DerivedByMix {
		return Mix(seed, label)
	}
	var b [len(dealTag) + 1 + 16]byte
	n := copy(b[:], dealTag)
	n++ // the 0 byte
	binary.BigEndian.PutUint64(b[n:], seed)
	binary.BigEndian.PutUint64(b[n+8:], label)
	sum := sha256.Sum256(b[:])
	return binary.BigEndian.Uint64(sum[:8])
}
