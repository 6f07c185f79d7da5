package keep

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestReadsLeaveNoConsumerBehind: the store keeps at most a thousand
// consumers a stream, and a record of several messages was read by
// walking the stream with one. Each walk's consumer went on living for
// five minutes after it, so the 1,001st read of a record within that
// time was refused ("maximum consumers limit reached"): a server
// restoring more than a thousand tables at once, or a test polling a
// record, could no longer read one. Reads beyond that number must all
// succeed, and leave no consumer on the stream.
func TestReadsLeaveNoConsumerBehind(t *testing.T) {
	if testing.Short() {
		t.Skip("a thousand reads and more: not in the short run")
	}
	t.Parallel()
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	l := k.Log("7")
	for _, rec := range []string{"H\n", "H\nA\n", "H\nA\nB\n"} {
		if err := l.Write(nil, []byte(rec)); err != nil {
			t.Fatal(err)
		}
	}
	const reads = 1100 // past the store's default of 1,000 consumers a stream
	for i := range reads {
		// A wait of its own for each read: a thousand of them on a
		// loaded machine would outlast one.
		rctx, rcancel := EngineCtx()
		got, _, err := k.Records.Read(rctx, "7")
		rcancel()
		if err != nil || string(got) != "H\nA\nB\n" {
			t.Fatalf("read %d of %d: %q (%v)", i+1, reads, got, err)
		}
	}
	// The deletes are sent, not waited for: they arrive soon after.
	var held int
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		ctx, cancel := EngineCtx()
		info, err := k.Records.stream.Info(ctx)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if held = info.State.Consumers; held == 0 || time.Now().After(deadline) {
			break
		}
	}
	if held != 0 {
		t.Errorf("after %d reads the records' stream holds %d consumers, want none", reads, held)
	}
}

// TestARecordIsReadWithNoConsumer: a record of several messages is read
// back, and its appends not answered found, while the store makes no
// consumer — as a cluster whose meta leader was killed makes none until
// another is elected, and is slow to for seconds after. Read through
// a consumer, every takeover of a killed node's tables would wait that
// long for its record.
func TestARecordIsReadWithNoConsumer(t *testing.T) {
	t.Parallel()
	k, l := loggedOnce(t, "9")
	if err := l.Write(nil, []byte("H\nA\n")); err != nil {
		t.Fatal(err)
	}
	sentA, seqA := l.sent, l.seq
	if err := l.Write(nil, []byte("H\nA\nB\n")); err != nil {
		t.Fatal(err)
	}
	k.Records.stream.Stream = noConsumers{k.Records.stream.Stream}
	ctx, cancel := EngineCtx()
	defer cancel()
	got, _, err := k.Records.Read(ctx, "9")
	if err != nil || string(got) != "H\nA\nB\n" {
		t.Fatalf("read back %q (%v)", got, err)
	}
	// An append whose answer was lost, found after the message it was
	// sent after, with a message after it.
	l.unsureRec = []unsureAppend{{unsureWrite: unsureWrite{sealed: sentA, after: seqA - 1}, rec: []byte("H\nA\n")}}
	if landed, err := l.settle(ctx); err != nil || !landed || l.seq != seqA {
		t.Fatalf("the append not answered: landed %v at %d, want at %d (%v)", landed, l.seq, seqA, err)
	}
}

// noConsumers is a stream on which no consumer is ever made: each ask
// waits until its context ends, as a cluster without a meta leader
// leaves it.
type noConsumers struct{ jetstream.Stream }

func (noConsumers) OrderedConsumer(ctx context.Context, _ jetstream.OrderedConsumerConfig) (jetstream.Consumer, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func (noConsumers) CreateOrUpdateConsumer(ctx context.Context, _ jetstream.ConsumerConfig) (jetstream.Consumer, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func (noConsumers) CreateConsumer(ctx context.Context, _ jetstream.ConsumerConfig) (jetstream.Consumer, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// TestAWalkNobodyAnswersIsSaidAtOnce: a record's walk that no replica
// answers (direct gets turned off on the stream, by a writer of the
// store) is said so at once — the store answers that nobody is there —
// not waited for until the read's time runs out.
func TestAWalkNobodyAnswersIsSaidAtOnce(t *testing.T) {
	t.Parallel()
	k, l := loggedOnce(t, "9")
	if err := l.Write(nil, []byte("H\nA\n")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := EngineCtx()
	defer cancel()
	info, err := k.Records.stream.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cfg := info.Config
	cfg.AllowDirect = false
	if _, err := k.eng.js.UpdateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	err = k.Records.walk(ctx, recordSubject("9"), 0, l.seq, func(uint64, nats.Header, []byte) bool { return true })
	if !errors.Is(err, nats.ErrNoResponders) || ctx.Err() != nil {
		t.Fatalf("a walk nobody answers: %v (the wait's end: %v)", err, ctx.Err())
	}
}
