package keep

import (
	"context"
	"testing"

	"github.com/nats-io/nats.go/jetstream"
)

// BenchmarkKeyGet is a key's read from a one-node store's bucket: the
// direct get asked again while unanswered (direct), against the
// client's own Get (client), one at a time and from many goroutines at
// once, as a server's sessions read.
func BenchmarkKeyGet(b *testing.B) {
	eng, err := startEngine(engineDir(b.TempDir()))
	if err != nil {
		b.Fatal(err)
	}
	defer eng.Close()
	ctx := context.Background()
	kv, err := eng.js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := kv.Put(ctx, "k", []byte("a value of some twenty bytes")); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		kv   jetstream.KeyValue
	}{
		{"direct", directBucketOf(eng.js, kv, eng.askAgain())},
		{"client", kv},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.kv.Get(ctx, "k"); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"-parallel", func(b *testing.B) {
			b.SetParallelism(8)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if _, err := c.kv.Get(ctx, "k"); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkRecordRead is a table's record read back whole from a
// one-node store, as a node does when it takes a table over: the
// messages of a record of 40 writes, asked for in direct batches.
func BenchmarkRecordRead(b *testing.B) {
	k, closeFn := openStoreAt(b, b.TempDir())
	defer closeFn()
	l := k.Log("5")
	rec := []byte("H\n")
	for range 40 {
		rec = append(rec, `{"a":"draw","s":0}`+"\n"...)
		if err := l.Write(nil, rec); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	for b.Loop() {
		got, _, err := k.Records.Read(ctx, "5")
		if err != nil || len(got) != len(rec) {
			b.Fatalf("read %d bytes of %d (%v)", len(got), len(rec), err)
		}
	}
}
