package rng

import "testing"

// TestDeriveIsPinned: the deal derivation of records of version 2 is
// SHA-256 as documented — the values were computed apart from this
// code (Python's hashlib over the documented bytes), so a change to the
// derivation, which would deal every recorded match differently, fails
// here first.
func TestDeriveIsPinned(t *testing.T) {
	tests := []struct {
		seed, label, want uint64
	}{
		{42, 1, 0xfc723050990e7bba},
		{0, 0, 0xc831ddf4089151d9},
		{1<<64 - 1, 0xdea1e5, 0x09b435a0a3475215},
	}
	for _, tc := range tests {
		if got := Derive(DerivedByHash, tc.seed, tc.label); got != tc.want {
			t.Errorf("Derive(hash, %d, %#x) = %#x, want %#x", tc.seed, tc.label, got, tc.want)
		}
	}
	// Version 1 is Mix, which old records replay with; anything newer
	// than this program knows is taken as the newest.
	if Derive(DerivedByMix, 42, 1) != Mix(42, 1) {
		t.Error("version 1 does not derive by Mix")
	}
	if Derive(9, 42, 1) != Derive(DerivedByHash, 42, 1) {
		t.Error("an unknown version does not derive as the newest")
	}
}

// TestDeriveRunsOneWay: Mix can be run backwards — from a hand's seed
// and its label the match's seed comes out — which is why version 2
// hashes; this shows the weakness is real, so the test above is not
// guarding a difference that does not matter.
func TestDeriveRunsOneWay(t *testing.T) {
	const seed, label = 0x0123456789abcdef, 3
	if got := unmix(Mix(seed, label), label); got != seed {
		t.Fatalf("unmix gave %#x, want %#x", got, seed)
	}
	if got := unmix(Derive(DerivedByHash, seed, label), label); got == seed {
		t.Fatal("the hashed derivation ran backwards too")
	}
}

// unmix inverts Mix: the splitmix finaliser is a bijection, each of
// its steps undone in turn.
func unmix(out, label uint64) uint64 {
	z := out
	z = unxorshift(z, 31)
	z *= inverse(0x94d049bb133111eb)
	z = unxorshift(z, 27)
	z *= inverse(0xbf58476d1ce4e5b9)
	z = unxorshift(z, 30)
	// z is the state after two steps: s0 + 2·golden.
	golden := uint64(0x9e3779b97f4a7c15)
	s0 := z - 2*golden
	return s0 ^ (label * 0xd1b54a32d192ed03)
}

// unxorshift inverts z ^= z >> k.
func unxorshift(z uint64, k uint) uint64 {
	x := z
	for range 64 / k {
		x = z ^ x>>k
	}
	return x
}

// inverse is the multiplicative inverse of an odd a modulo 2^64
// (Newton's iteration).
func inverse(a uint64) uint64 {
	x := a
	for range 6 {
		x *= 2 - a*x
	}
	return x
}
