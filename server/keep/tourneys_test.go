package keep

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// TestTourneyReadLatest: the leader's read of a tournament's key says
// what the store holds, at the revision the writes returned — nothing,
// made, changed, deleted — as the direct read does.
func TestTourneyReadLatest(t *testing.T) {
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx := context.Background()
	b, err := OpenTourneyBook(ctx, eng, nil)
	if err != nil {
		t.Fatal(err)
	}
	const key = "t.abc"
	if _, _, err := b.ReadLatest(ctx, key); !errors.Is(err, ErrTourneyNone) {
		t.Fatalf("a key never written: %v, want ErrTourneyNone", err)
	}
	rev := uint64(0)
	for i, v := range []string{"made", "changed", "changed again"} {
		if rev, err = b.Write(ctx, key, []byte(v), rev); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
		got, at, err := b.ReadLatest(ctx, key)
		if err != nil || string(got) != v || at != rev {
			t.Fatalf("after write %d: %q at %d (%v), want %q at %d", i, got, at, err, v, rev)
		}
		if _, direct, _ := b.Read(ctx, key); direct != at {
			t.Errorf("after write %d: the direct read at %d, the leader's at %d", i, direct, at)
		}
	}
	if err := b.Delete(ctx, key, rev); err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.ReadLatest(ctx, key); !errors.Is(err, ErrTourneyNone) {
		t.Fatalf("a key deleted: %v, want ErrTourneyNone", err)
	}
}

// TestTourneyReadLatestInACluster: written on one node of three, a
// tournament's key read at once through the leader from every node is
// the value just written, every time.
func TestTourneyReadLatestInACluster(t *testing.T) {
	if testing.Short() {
		t.Skip("three clustered engines: the whole suite runs it")
	}
	engs := startCluster(t, 3)
	ctx := context.Background()
	books := make([]*TourneyBook, len(engs))
	for i, e := range engs {
		var err error
		if books[i], err = OpenTourneyBook(ctx, e, nil); err != nil {
			t.Fatal(err)
		}
	}
	rev := uint64(0)
	for i := range 30 {
		v := fmt.Sprintf("value %d", i)
		var err error
		if rev, err = books[i%3].Write(ctx, "t.x", []byte(v), rev); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
		for n, b := range books {
			got, at, err := b.ReadLatest(ctx, "t.x")
			if err != nil || string(got) != v || at != rev {
				t.Fatalf("write %d, read on node %d: %q at %d (%v), want %q at %d", i, n, got, at, err, v, rev)
			}
		}
	}
}
