package game

// rng is the only source of randomness of the package: a splitmix64
// generator, written out here so that a seed gives the same deal on every
// Go version and platform forever (records depend on it).
type rng struct{ s uint64 }

func newRNG(seed uint64) *rng { return &rng{s: seed} }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a uniform integer in [0, n) for n > 0, without modulo bias.
func (r *rng) intn(n int) int {
	bound := uint64(n)
	limit := -bound % bound // 2^64 mod n: values below it are rejected
	for {
		x := r.next()
		if x >= limit {
			return int(x % bound)
		}
	}
}

// die throws a six-sided die.
func (r *rng) die() int { return r.intn(6) + 1 }

// shuffle is Fisher–Yates over ts.
func (r *rng) shuffle(ts []Tile) {
	for i := len(ts) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		ts[i], ts[j] = ts[j], ts[i]
	}
}

// mix derives an independent seed from a seed and a label, so that the
// deal of hand k depends only on the match seed and k.
func mix(seed uint64, label uint64) uint64 {
	r := rng{s: seed ^ (label * 0xd1b54a32d192ed03)}
	r.next()
	return r.next()
}

// NewSeed turns any 64-bit number (a clock reading, say) into a match
// seed. It exists so callers outside the package need no random source
// of their own to pick a seed.
func NewSeed(entropy uint64) uint64 { return mix(entropy, 0x5eed) }

// Seeded is a small deterministic random source for code outside the
// rules that must be reproducible from a seed (bots, simulations). It is
// not safe for concurrent use; give each goroutine its own.
type Seeded struct{ r rng }

// NewSeeded returns a source seeded with seed.
func NewSeeded(seed uint64) *Seeded { return &Seeded{r: rng{s: mix(seed, 0xb07)}} }

// Uint64 returns the next 64 random bits.
func (s *Seeded) Uint64() uint64 { return s.r.next() }

// Intn returns a uniform integer in [0, n); n must be positive.
func (s *Seeded) Intn(n int) int { return s.r.intn(n) }

// Float64 returns a uniform float in [0, 1).
func (s *Seeded) Float64() float64 { return float64(s.r.next()>>11) / (1 << 53) }

// ShuffleTiles shuffles ts in place.
func (s *Seeded) ShuffleTiles(ts []Tile) { s.r.shuffle(ts) }
