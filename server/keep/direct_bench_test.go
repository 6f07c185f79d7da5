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
