package game

import (
	"okey/game/internal/rng"
	"okey/game/tile"
)

// NewSeed turns any 64-bit number (a clock reading, say) into a match
// seed. It exists so callers outside the package need no random source
// of their own to pick a seed.
func NewSeed(entropy uint64) uint64 { return rng.Mix(entropy, 0x5eed) }

// Seeded is a small deterministic random source for code outside the
// rules that must be reproducible from a seed (bots, simulations). It is
// not safe for concurrent use; give each goroutine its own.
type Seeded struct{ r rng.Source }

// NewSeeded returns a source seeded with seed.
func NewSeeded(seed uint64) *Seeded { return &Seeded{r: *rng.New(rng.Mix(seed, 0xb07))} }

// Uint64 returns the next 64 random bits.
func (s *Seeded) Uint64() uint64 { return s.r.Uint64() }

// Intn returns a uniform integer in [0, n); n must be positive.
func (s *Seeded) Intn(n int) int { return s.r.Intn(n) }

// Float64 returns a uniform float in [0, 1).
func (s *Seeded) Float64() float64 { return s.r.Float64() }

// ShuffleTiles shuffles ts in place.
func (s *Seeded) ShuffleTiles(ts []tile.Tile) { rng.Shuffle(&s.r, ts) }
