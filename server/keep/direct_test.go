package keep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestDirectGetsAskPastASilentReplica: every other direct get is handed
// to a replica that never answers (a frozen node's, its route still
// up: NATS hands a client's direct get to any replica); every read — a
// table's entry, a key never written, its record whole — still answers,
// and says what it said before. Asked once, the first get handed to the
// silent replica waits out the reads' whole minute.
func TestDirectGetsAskPastASilentReplica(t *testing.T) {
	t.Parallel()
	k, l := loggedOnce(t, "9")
	if err := l.Write(nil, []byte("H\nA\n")); err != nil {
		t.Fatal(err)
	}
	if err := l.Write(nil, []byte("H\nA\nB\n")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := EngineCtx()
	before, err := k.Tables.KV.Get(ctx, "9")
	cancel()
	if err != nil {
		t.Fatalf("the entry before: %v", err)
	}

	// The gets go through relays that each drop every other one and
	// hand the rest to the store's replicas: the bucket's gets through
	// one, the record's through another, read beside each other.
	nc := k.eng.NC
	relay := func(t *testing.T, relayed string) (asked, dropped *atomic.Int64) {
		asked, dropped = new(atomic.Int64), new(atomic.Int64)
		sub, err := nc.Subscribe(relayed+"DIRECT.GET.>", func(m *nats.Msg) {
			if asked.Add(1)%2 == 1 {
				dropped.Add(1)
				return
			}
			_ = nc.PublishMsg(&nats.Msg{Subject: jetstream.DefaultAPIPrefix + strings.TrimPrefix(m.Subject, relayed), Reply: m.Reply, Data: m.Data})
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = sub.Unsubscribe() })
		if err := nc.Flush(); err != nil {
			t.Fatal(err)
		}
		return asked, dropped
	}
	// The store of the test is one replica, whose gets are never asked
	// again; the relays play a cluster's, each with a node's budget.
	t.Run("the bucket", func(t *testing.T) {
		t.Parallel()
		const relayed = "OKEY.TEST.API."
		asked, dropped := relay(t, relayed)
		b := k.Tables.KV.(directBucket)
		b.stream.api, b.stream.again = relayed, make(hedgeBudget, hedgeExtra)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for i := range 5 {
			e, err := b.Get(ctx, "9")
			if err != nil || !bytes.Equal(e.Value(), before.Value()) || e.Revision() != before.Revision() || e.Operation() != jetstream.KeyValuePut {
				t.Fatalf("read %d of the entry: %v", i, err)
			}
			if _, err := b.Get(ctx, "never"); !errors.Is(err, jetstream.ErrKeyNotFound) {
				t.Fatalf("read %d of a key never written: %v, want not found", i, err)
			}
		}
		if dropped.Load() == 0 {
			t.Fatalf("no get was dropped (%d asked): the test asked past nothing", asked.Load())
		}
	})
	t.Run("the record", func(t *testing.T) {
		t.Parallel()
		const relayed = "OKEY.TEST.RECORDS.API."
		asked, dropped := relay(t, relayed)
		k.Records.stream.api, k.Records.stream.again = relayed, make(hedgeBudget, hedgeExtra)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for i := range 5 {
			rec, _, err := k.Records.Read(ctx, "9")
			if err != nil || string(rec) != "H\nA\nB\n" {
				t.Fatalf("read %d of the record: %q (%v)", i, rec, err)
			}
		}
		if dropped.Load() == 0 {
			t.Fatalf("no get was dropped (%d asked): the test asked past nothing", asked.Load())
		}
	})
}

// TestDirectGetsAskedAgainWithinBounds: a get nobody answers is asked
// again ever more slowly (at 0, 250 and 750 ms within 1.6 s, not every
// 250 ms: on a starved store every ask is one more to answer), only
// within its budget, and never where the budget has no place (a store
// of one replica).
func TestDirectGetsAskedAgainWithinBounds(t *testing.T) {
	t.Parallel()
	k, _ := loggedOnce(t, "9")
	nc := k.eng.NC
	// Each case waits out its 1.6 s beside the others, each asking a
	// silent subject of its own.
	for i, c := range []struct {
		name   string
		budget hedgeBudget
		most   int64
	}{
		{"one replica", make(hedgeBudget), 1},
		{"a budget of one", make(hedgeBudget, 1), 2},
		{"a cluster's budget", make(hedgeBudget, hedgeExtra), 3},
		{"the engine's, one replica", k.eng.askAgain(), 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			subj := fmt.Sprintf("OKEY.TEST.SILENT.%d", i)
			var asked atomic.Int64
			sub, err := nc.Subscribe(subj, func(*nats.Msg) { asked.Add(1) })
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = sub.Unsubscribe() }()
			if err := nc.Flush(); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 1600*time.Millisecond)
			_, err = directOne(ctx, nc, c.budget, subj, nil)
			cancel()
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("%s: a get nobody answers ended with %v", c.name, err)
			}
			// The last ask may still be on its way to the silent subscriber.
			if err := nc.Flush(); err != nil {
				t.Fatal(err)
			}
			if n := asked.Load(); n < 1 || n > c.most {
				t.Errorf("%s: asked %d times in 1.6 s, want 1 to %d", c.name, n, c.most)
			}
			if len(c.budget) != 0 {
				t.Errorf("%s: %d places of the budget still held after the get", c.name, len(c.budget))
			}
		})
	}
}
