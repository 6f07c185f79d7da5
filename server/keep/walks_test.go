package keep

import (
	"testing"
	"time"
)

// TestReadsLeaveNoConsumerBehind: a record of several messages is read
// by walking the stream with a consumer, and the store keeps at most a
// thousand consumers a stream. Each walk's consumer went on living for
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
		// machine at load 20 outlast one.
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
