// Package servetest holds what the tests of okey serve's packages share
// and no package's tests can lend another: helpers for tests only.
//
// It may import okey/game (its seeded generator) and the standard
// library.
package servetest

import (
	"archive/tar"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"okey/game"
	"okey/internal/ports"
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
// Like crypto/rand's Reader, which it stands in for, it is safe to read
// from several goroutines at once (a tournament's round opens its tables
// together); the bytes each reader gets then depend on who read first.
func Random(seed uint64) io.Reader { return &seededReader{s: game.NewSeeded(seed)} }

type seededReader struct {
	mu sync.Mutex
	s  *game.Seeded
}

func (r *seededReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b [8]byte
	for i := 0; i < len(p); i += 8 {
		binary.LittleEndian.PutUint64(b[:], r.s.Uint64())
		copy(p[i:], b[:])
	}
	return len(p), nil
}

// Untar unpacks the gzipped tar file at path into dir (a store kept as
// testdata), refusing a name that would leave dir.
func Untar(t *testing.T, path, dir string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, h.Name)
		if !strings.HasPrefix(p, filepath.Clean(dir)+string(filepath.Separator)) && p != filepath.Clean(dir) {
			t.Fatalf("%s leaves the directory", h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, os.FileMode(h.Mode)|0o700); err != nil {
				t.Fatal(err)
			}
		case tar.TypeReg:
			b, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, os.FileMode(h.Mode)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Buffer is text many goroutines write, a test reads: a log's.
type Buffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is what was written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
