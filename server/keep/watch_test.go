package keep

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// TestRewatch: a word on again makes the watch anew, the new watch
// bringing every entry again; a word within the gap is let go; a
// remaking that fails keeps the old watch, which still hands on what
// is put after it.
func TestRewatch(t *testing.T) {
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	kv, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: "rewatch_test"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, "a", []byte("a")); err != nil {
		t.Fatal(err)
	}
	for i, tc := range []struct {
		name string
		fail bool
	}{{"made again", false}, {"remaking fails", true}} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := kv.WatchAll(ctx)
			if err != nil {
				t.Fatal(err)
			}
			wctx, stop := context.WithCancel(ctx)
			defer stop()
			again := make(chan struct{})
			var remade atomic.Int32
			// called tells the test a remake has begun: Rewatch makes
			// the watch again in a goroutine of its own.
			called := make(chan struct{}, 8)
			remake := func(ctx context.Context) (jetstream.KeyWatcher, error) {
				remade.Add(1)
				called <- struct{}{}
				if tc.fail {
					return nil, errors.New("the node is gone")
				}
				return kv.WatchAll(ctx)
			}
			// got has each key handed on, and "-" where a watch's
			// first entries (the bucket as it was) have all come.
			got := make(chan string, 64)
			done := make(chan struct{})
			go func() {
				defer close(done)
				Rewatch(wctx, w, again, time.Hour, remake, func(e jetstream.KeyValueEntry) bool {
					k := "-"
					if e != nil {
						k = e.Key()
					}
					got <- k
					return true
				})
			}()
			upTo := func(want string) []string {
				t.Helper()
				var seen []string
				for {
					select {
					case k := <-got:
						seen = append(seen, k)
						if k == want {
							return seen
						}
					case <-time.After(time.Minute):
						t.Fatalf("no %q handed on in a minute (after %v)", want, seen)
					}
				}
			}
			first := upTo("-")
			again <- struct{}{}
			select {
			case <-called:
			case <-time.After(time.Minute):
				t.Fatal("the watch was not made again in a minute")
			}
			if !tc.fail {
				if second := upTo("-"); !slices.Equal(second, first) {
					t.Errorf("the watch made again brought %v, want every entry again: %v", second, first)
				}
			}
			again <- struct{}{} // within the gap: let go
			k := "b" + strconv.Itoa(i)
			if _, err := kv.Put(ctx, k, []byte(k)); err != nil {
				t.Fatal(err)
			}
			if seen := upTo(k); len(seen) != 1 {
				t.Errorf("handed on %v, want only %s", seen, k)
			}
			stop()
			<-done
			if n := remade.Load(); n != 1 {
				t.Errorf("made again %d times, want once (the second word within the gap)", n)
			}
		})
	}
}
