// Package servetest holds what the tests of okey serve's packages share
// and no package's tests can lend another: helpers for tests only.
//
// It may import okey/game (its seeded generator) and the standard
// library.
package servetest

import (
	"encoding/binary"
	"io"
	"testing"

	"okey/game"
	"okey/server/internal/ports"
)

// FreePorts finds n ports free on 127.0.0.1 now (a node's cluster port
// must be known to the others before it starts), below the system's
// ephemeral range (ports.Free): no other test's connection takes one
// before the node listens.
func FreePorts(t testing.TB, n int) []int {
	t.Helper()
	ps, err := ports.Free(n)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// Random is a source of randomness for tests, for a server's or a
// table's seeds and salts: the same bytes for the same seed, every run.
func Random(seed uint64) io.Reader { return &seededReader{s: game.NewSeeded(seed)} }

type seededReader struct{ s *game.Seeded }

func (r *seededReader) Read(p []byte) (int, error) {
	var b [8]byte
	for i := 0; i < len(p); i += 8 {
		binary.LittleEndian.PutUint64(b[:], r.s.Uint64())
		copy(p[i:], b[:])
	}
	return len(p), nil
}
