package keep

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestAWriteAnsweredLateIsNotAFence: a record append and an entry
// write the store took but whose answer never reached the node (a
// starved node's client gave up waiting) are this log's own: the next
// write, refused because the record and the entry moved on, finds them
// and goes on after them — the record read back holds every move once,
// a new match's start files the match before — rather than stop the
// table as fenced. Another writer's message after the unanswered one
// still fences.
func TestAWriteAnsweredLateIsNotAFence(t *testing.T) {
	t.Parallel()
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	ctx, cancel := EngineCtx()
	defer cancel()
	readBack := func(id, want string) {
		t.Helper()
		got, _, err := k.Records.Read(ctx, id)
		if err != nil || string(got) != want {
			t.Fatalf("record read back %q (%v), want %q", got, err, want)
		}
	}
	entry := func(id string) (string, []byte) {
		t.Helper()
		e, err := k.Tables.KV.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		v, err := k.eng.Seal.openKept(entryPlace(id), e.Value())
		if err != nil {
			t.Fatal(err)
		}
		_, v = unstamp(v)
		return string(v), e.Value()
	}
	// unanswered writes table and rec with l, then puts l back as it
	// was before, as if the store's answer had never come: the write
	// landed, the node does not know it.
	unanswered := func(l *TableLog, table, rec string) {
		t.Helper()
		if n := len(l.unsureEntry); n > 0 {
			u := l.unsureEntry[n-1]
			// The entry answered late before: as the log's next entry
			// write finds it.
			e, err := k.Tables.KV.Get(ctx, l.id)
			if err != nil || string(e.Value()) != string(u.sealed) {
				t.Fatalf("the entry not answered is not the store's (%v)", err)
			}
			l.rev, l.gen, l.sealed, l.unsureEntry = e.Revision(), u.gen, u.sealed, nil
		}
		seq, rev, before := l.seq, l.rev, l.rec
		start := len(before) == 0 || len(rec) < len(before) || rec[:len(before)] != string(before)
		// The record's append, as appendOnce sends it (and nothing
		// after it: the write stopped at the unanswered append).
		part, h := []byte(rec), nats.Header{partHeader: []string{partStart}}
		if !start {
			part, h = []byte(rec[len(before):]), nats.Header{}
		}
		if err := l.publish(ctx, l.subj, part, h); err != nil {
			t.Fatal(err)
		}
		l.unsureRec = []unsureAppend{{unsureWrite: unsureWrite{sealed: l.sent, after: seq}, rec: []byte(rec), before: before, start: start}}
		// The entry, as putEntry sends it (unanswered: not marked).
		gen := l.gen + 1
		sealed := k.eng.Seal.Seal(entryPlace(l.id), stamp(entryStamp{gen: gen, node: k.eng.Node}, []byte(table)))
		if _, err := k.Tables.KV.Update(ctx, l.id, sealed, rev); err != nil {
			t.Fatal(err)
		}
		l.unsureEntry = []unsureWrite{{sealed: sealed, after: rev, gen: gen}}
		l.seq, l.rev, l.rec = seq, rev, before
	}

	l := k.Log("5")
	if err := l.Write([]byte(`{"n":1}`), []byte("H\nA\n")); err != nil {
		t.Fatal(err)
	}
	unanswered(l, `{"n":2}`, "H\nA\nB\n")
	if err := l.Write([]byte(`{"n":3}`), []byte("H\nA\nB\nC\n")); err != nil {
		t.Fatalf("the write after one answered late: %v", err)
	}
	readBack("5", "H\nA\nB\nC\n")
	if v, _ := entry("5"); v != `{"n":3}` {
		t.Errorf("the entry: %s", v)
	}
	// A new match's start answered late: the match before is filed
	// once the start is found.
	unanswered(l, `{"n":4}`, "N\n")
	if err := l.Write(nil, []byte("N\nD\n")); err != nil {
		t.Fatalf("the append after a start answered late: %v", err)
	}
	readBack("5", "N\nD\n")
	if last, err := k.Records.Last(ctx, "5"); err != nil || string(last) != "H\nA\nB\nC\n" {
		t.Errorf("the match before, filed: %q (%v)", last, err)
	}

	// Unanswered, then another node takes the table (its claim after
	// the unanswered append): fenced, as before.
	unanswered(l, `{"n":5}`, "N\nD\nE\n")
	top, err := k.Records.stream.GetLastMsgForSubject(ctx, recordSubject("5"))
	if err != nil {
		t.Fatal(err)
	}
	claimant := k.Log("5")
	claimant.seq = top.Sequence // restored: the record as the store holds it
	if err := claimant.Claim("node-b"); err != nil {
		t.Fatal(err)
	}
	if err := l.Write(nil, []byte("N\nD\nE\nF\n")); !errors.Is(err, ErrFenced) {
		t.Errorf("the append after another node's claim: %v, want fenced", err)
	}
	// The entry: another writer's value after the unanswered one.
	m := k.Log("6")
	if err := m.Write([]byte(`{"n":1}`), []byte("H\n")); err != nil {
		t.Fatal(err)
	}
	unanswered(m, `{"n":2}`, "H\nA\n")
	other := k.Log("6")
	mtop, err := k.Records.stream.GetLastMsgForSubject(ctx, recordSubject("6"))
	if err != nil {
		t.Fatal(err)
	}
	// Restored as the store holds it: the record's last message, the
	// entry not answered.
	other.seq, other.rev, other.gen, other.rec = mtop.Sequence, m.rev+1, m.gen+1, []byte("H\nA\n")
	if err := other.Write([]byte(`{"n":"other"}`), nil); err != nil {
		t.Fatal(err)
	}
	if err := m.Write([]byte(`{"n":3}`), nil); !errors.Is(err, ErrFenced) {
		t.Errorf("the entry after another writer's: %v, want fenced", err)
	}
}

// TestAnEntryMarkAnsweredLateIsNotAFence: the mark of a table's entry
// (markEntry), appended to its record after each entry write, that the
// store took but never answered is this log's own: the next write of
// the entry alone (a waiting room filling: its record unchanged),
// refused because the record moved on, finds it and marks after it,
// rather than give the table up as fenced. Another node's claim after
// the unanswered mark still fences.
func TestAnEntryMarkAnsweredLateIsNotAFence(t *testing.T) {
	t.Parallel()
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	ctx, cancel := EngineCtx()
	defer cancel()
	// markedLate marks l's entry again, then puts l back as it was
	// before, as if the store's answer had never come: the mark
	// landed, the node does not know it (markEntry notes it).
	markedLate := func(l *TableLog) {
		t.Helper()
		seq := l.seq
		if err := l.markOnce(ctx); err != nil {
			t.Fatal(err)
		}
		l.unsureRec = []unsureAppend{{unsureWrite: unsureWrite{sealed: l.sent, after: seq}, rec: l.rec}}
		l.seq = seq
	}
	l := k.Log("7")
	if err := l.Write([]byte(`{"n":1}`), []byte("H\nA\n")); err != nil {
		t.Fatal(err)
	}
	// The entry alone written again, its record given unchanged (as a
	// table's saver gives it) or not at all.
	markedLate(l)
	if err := l.Write([]byte(`{"n":2}`), []byte("H\nA\n")); err != nil {
		t.Fatalf("the entry's write after its mark answered late, the record unchanged: %v", err)
	}
	markedLate(l)
	if err := l.Write([]byte(`{"n":2.5}`), nil); err != nil {
		t.Fatalf("the entry's write after its mark answered late, no record: %v", err)
	}
	if err := l.Write([]byte(`{"n":3}`), []byte("H\nA\nB\n")); err != nil {
		t.Fatalf("the next write: %v", err)
	}
	got, _, err := k.Records.Read(ctx, "7")
	if err != nil || string(got) != "H\nA\nB\n" {
		t.Fatalf("record read back %q (%v)", got, err)
	}
	// Read back as a node taking it over reads it: the entry, marked
	// after the late mark, is the newest and not taken for one put back.
	kept, ok := k.LoadOne(ctx, "7")
	if !ok || kept.Err != nil || string(kept.Record) != "H\nA\nB\n" {
		t.Fatalf("the table read back: kept %v, record %q, %v", ok, kept.Record, kept.Err)
	}

	// Unanswered, then another node claims the table: fenced.
	markedLate(l)
	top, err := k.Records.stream.GetLastMsgForSubject(ctx, recordSubject("7"))
	if err != nil {
		t.Fatal(err)
	}
	claimant := k.Log("7")
	claimant.seq = top.Sequence
	if err := claimant.Claim("node-b"); err != nil {
		t.Fatal(err)
	}
	if err := l.Write([]byte(`{"n":4}`), nil); !errors.Is(err, ErrFenced) {
		t.Errorf("the entry's write after another node's claim: %v, want fenced", err)
	}
}

// TestAnAttemptOutOfTimeIsTriedAgain: a call to the store whose own
// short wait ran out is tried again whatever error the client made of
// it — on a starved machine the wait can pass before the request is
// sent, and the client's "context deadline already exceeded" is no
// refusal. A refusal within the wait is not tried again.
func TestAnAttemptOutOfTimeIsTriedAgain(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	odd := errors.New("nats: invalid jetstream option: context deadline already exceeded")
	calls := 0
	err := untilAvailable(ctx, func(actx context.Context) error {
		calls++
		if calls == 1 {
			<-actx.Done()
			return odd
		}
		return nil
	})
	if err != nil || calls != 2 {
		t.Fatalf("after an attempt out of time: %v in %d calls, want success in 2", err, calls)
	}
	// A write asked again with its message id while the first ask is
	// still being stored: asked once more.
	calls = 0
	err = untilAvailable(ctx, func(context.Context) error {
		if calls++; calls == 1 {
			return &jetstream.APIError{Code: 409, ErrorCode: errCodeDuplicateInProcess, Description: "duplicate message id is in process"}
		}
		return nil
	})
	if err != nil || calls != 2 {
		t.Fatalf("after a duplicate in process: %v in %d calls, want success in 2", err, calls)
	}
	refused := errors.New("refused")
	calls = 0
	err = untilAvailable(ctx, func(context.Context) error { calls++; return refused })
	if !errors.Is(err, refused) || calls != 1 {
		t.Fatalf("a refusal: %v in %d calls, want it at once", err, calls)
	}
}

// TestEntryReadPastASilentReplica: a takeover's reads of a table's entry
// (TableBook.RefusedAt, then LoadOne) handed to a replica that never answers —
// a frozen node's, its direct-get subscription still there — are asked
// again on a short wait, and another replica's answer comes well inside
// the takeover's wait. Waited out whole, the first read took a frozen
// owner's takeover its 10 s and left its lease's create no time (a
// trace of the slow freezes: "its entry read in=10.001s").
func TestEntryReadPastASilentReplica(t *testing.T) {
	t.Parallel()
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	ctx, cancel := EngineCtx()
	defer cancel()
	l := k.Log("6")
	if err := l.Write([]byte(`{"id":"6"}`), []byte("H\n")); err != nil {
		t.Fatal(err)
	}
	silent := &silentKV{KeyValue: k.Tables.KV, gets: 1}
	k.Tables.KV = silent
	if rev, refused, missing := k.Tables.RefusedAt(ctx, "6"); rev == 0 || refused || missing {
		t.Fatalf("the entry read past a silent replica: revision %d, refused %v, missing %v", rev, refused, missing)
	}
	silent.gets = 1
	kt, ok := k.LoadOne(ctx, "6")
	if !ok || kt.Err != nil || string(kt.Table) != `{"id":"6"}` || string(kt.Record) != "H\n" {
		t.Fatalf("the table read past a silent replica: %q, %q (%v)", kt.Table, kt.Record, kt.Err)
	}
	if ctx.Err() != nil {
		t.Fatal("the reads spent the whole wait")
	}
}

// TestHedgedReadsDoNotWaitOutASilentOne: a read's next attempt starts
// while the one before still waits, the first answer wins and the silent
// attempt is called off (not waited out to its own deadline); a refusal
// (not found) is the answer at once; a store that never answers is said
// to have stayed unavailable, with the last attempt's error.
func TestHedgedReadsDoNotWaitOutASilentOne(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	calls := 0
	first := make(chan error, 1)
	v, err := hedged(context.Background(), nil, func(ctx context.Context) (int, error) {
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		if n == 1 {
			<-ctx.Done()
			first <- ctx.Err()
			return 0, ctx.Err()
		}
		return 7, nil
	})
	if err != nil || v != 7 {
		t.Fatalf("hedged read: %d, %v", v, err)
	}
	if e := <-first; !errors.Is(e, context.Canceled) {
		t.Errorf("the silent attempt ended with %v, want called off (canceled) once another answered", e)
	}
	if _, err := hedged(context.Background(), nil, func(ctx context.Context) (int, error) {
		return 0, jetstream.ErrKeyNotFound
	}); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Errorf("a refusal read as %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*hedgeEvery)
	defer cancel()
	if _, err := hedged(ctx, nil, func(ctx context.Context) (int, error) {
		return 0, nats.ErrNoResponders
	}); !errors.Is(err, nats.ErrNoResponders) || !strings.Contains(err.Error(), "stayed unavailable") {
		t.Errorf("a store that never answers read as %v", err)
	}
}

// unseenJS says a bucket is not there for its first misses look-ups,
// as a server the bucket's assignment has not reached yet does.
type unseenJS struct {
	jetstream.JetStream
	misses int
}

func (j *unseenJS) KeyValue(ctx context.Context, bucket string) (jetstream.KeyValue, error) {
	if j.misses > 0 {
		j.misses--
		return nil, jetstream.ErrBucketNotFound
	}
	return j.JetStream.KeyValue(ctx, bucket)
}

// TestABucketJustMadeIsLookedUpAgain: the leases' own connection binds
// the bucket made a moment ago on the engine's; a server that says it is
// not there yet is asked again (a node of okey load's cluster failed to
// start on "the bucket okey_leases: nats: bucket not found"). A bucket
// never made is still not found, once the wait is over.
func TestABucketJustMadeIsLookedUpAgain(t *testing.T) {
	t.Parallel()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx, cancel := EngineCtx()
	defer cancel()
	if _, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: "made"}); err != nil {
		t.Fatal(err)
	}
	if _, err := eng.bindBucket(ctx, &unseenJS{JetStream: eng.js, misses: 2}, "made"); err != nil {
		t.Fatalf("a bucket just made, not seen at first: %v", err)
	}
	short, stop := context.WithTimeout(ctx, time.Second)
	defer stop()
	if _, err := eng.bindBucket(short, eng.js, "never"); !errors.Is(err, jetstream.ErrBucketNotFound) {
		t.Fatalf("a bucket never made: %v", err)
	}
}

// lateTimer is a context whose deadline has passed while its timer has
// not yet fired (Err still nil): what a starved machine shows a
// caller for a moment.
type lateTimer struct{ context.Context }

func (lateTimer) Deadline() (time.Time, bool) { return time.Now().Add(-time.Millisecond), true }

// TestADeadlinePassedBeforeItsTimerIsOutOfTime: a call whose deadline
// has passed is out of time even before the context's timer says so.
// The client reads the deadline itself and refuses; taken for an
// answer, a record's read would fail for good, and an append refused
// for a forger's message would be taken as fenced.
func TestADeadlinePassedBeforeItsTimerIsOutOfTime(t *testing.T) {
	t.Parallel()
	late := lateTimer{context.Background()}
	if late.Err() != nil || !errors.Is(ended(late), context.DeadlineExceeded) {
		t.Fatalf("a deadline passed: Err %v, ended %v", late.Err(), ended(late))
	}
	if err := ended(context.Background()); err != nil {
		t.Fatalf("no deadline: ended %v", err)
	}
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	if err := k.Log("6").Write([]byte(`{"id":"6"}`), []byte("H\n")); err != nil {
		t.Fatal(err)
	}
	err := k.Records.walk(late, recordSubject("6"), 1, 1, func(uint64, nats.Header, []byte) bool { return true })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a walk past its deadline: %v, want the deadline", err)
	}
}

// TestTheLastAnswerIsSaidAtTheWaitsEnd: a wait that ends while its last
// attempt is still out says the store's last answer too — a bucket
// never made was said "context deadline exceeded", not "not found", when
// a loaded machine cut the last look-up with the caller's second.
func TestTheLastAnswerIsSaidAtTheWaitsEnd(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	calls := 0
	err := untilAvailable(ctx, func(actx context.Context) error {
		calls++
		if calls == 1 {
			return fmt.Errorf("%w: %w", errNotYetSeen, jetstream.ErrBucketNotFound)
		}
		<-ctx.Done() // the caller's wait ends mid-attempt
		return ctx.Err()
	})
	if !errors.Is(err, jetstream.ErrBucketNotFound) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("after %d attempts: %v; want the wait's end and the last answer", calls, err)
	}
}

// TestATableWriteNotAnsweredIsSentAgain: a table's entry write the store
// does not answer (sent to the entries' stream leader as it died or
// froze, while another is elected) is sent again while the first send
// still waits (hedged, as a record's append is), not only once its
// writeTry has run out: a table taken over after a kill waited up to
// 2 s past the new leader's election at each of its first writes, and
// was said paused. A send that landed unanswered, another send of the
// same write refused for it, is found as the write's own, not taken
// for another node's; so is a new table's first write (a create). The
// table writes on after it.
func TestATableWriteNotAnsweredIsSentAgain(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name           string
		create, landed bool
	}{
		{"update unanswered", false, false},
		{"update landed unanswered", false, true},
		{"create unanswered", true, false},
		{"create landed unanswered", true, true},
	} {
		k, closeFn := openStoreAt(t, t.TempDir())
		defer closeFn()
		l := k.Log("7")
		silent := &silentKV{KeyValue: k.Tables.KV, landed: c.landed}
		if c.create {
			silent.creates = 1
		} else {
			if err := l.Write([]byte(`{"id":"7","n":1}`), []byte("H\n")); err != nil {
				t.Fatal(err)
			}
			silent.updates = 1
		}
		k.Tables.KV = silent
		if err := l.Write([]byte(`{"id":"7","n":2}`), []byte("H\nm1\n")); err != nil {
			t.Fatalf("%s: the write not answered at first: %v", c.name, err)
		}
		if silent.sentBeside() == 0 {
			t.Errorf("%s: the write was sent again only after its first send's %v ran out", c.name, writeTry)
		}
		if err := l.Write([]byte(`{"id":"7","n":3}`), []byte("H\nm1\nm2\n")); err != nil {
			t.Fatalf("%s: the write after: %v", c.name, err)
		}
		ctx, cancel := EngineCtx()
		kt, ok := k.LoadOne(ctx, "7")
		cancel()
		if !ok || kt.Err != nil || string(kt.Table) != `{"id":"7","n":3}` || string(kt.Record) != "H\nm1\nm2\n" {
			t.Fatalf("%s: read back %q, %q (%v)", c.name, kt.Table, kt.Record, kt.Err)
		}
	}
}

// TestEntryWritesNotAnsweredInARowAreAllLookedFor: two writes of a
// table's entry in a row go unanswered (a store slow, not gone), and
// the first lands after all: the next write, refused for it, finds it
// as this log's own. Only the last write not answered was looked for,
// and the first, found there, was taken for another node's write: the
// table stopped as fenced on its own node.
func TestEntryWritesNotAnsweredInARowAreAllLookedFor(t *testing.T) {
	t.Parallel()
	k, l := loggedOnce(t, "6")
	store := k.Tables.KV
	k.Tables.KV = &silentKV{KeyValue: store, updates: 1000}
	unanswered := func(table string) unsureWrite {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if err := l.putEntry(ctx, []byte(table)); err == nil || len(l.unsureEntry) == 0 {
			t.Fatalf("an entry write the store never answers: %v, %d not answered noted", err, len(l.unsureEntry))
		}
		return l.unsureEntry[len(l.unsureEntry)-1]
	}
	first := unanswered(`{"id":"6","n":2}`)
	unanswered(`{"id":"6","n":3}`)
	ctx, cancel := EngineCtx()
	defer cancel()
	if _, err := store.Update(ctx, "6", first.sealed, first.after); err != nil {
		t.Fatal(err)
	}
	k.Tables.KV = store
	if err := l.Write([]byte(`{"id":"6","n":4}`), nil); err != nil {
		t.Fatalf("the write after two not answered, the first landed: %v", err)
	}
	kt, ok := k.LoadOne(ctx, "6")
	if !ok || kt.Err != nil || string(kt.Table) != `{"id":"6","n":4}` {
		t.Fatalf("read back %q (%v)", kt.Table, kt.Err)
	}
}

// TestARecordsWriteIsSentAgainBeforeTheFirstGivesUp: a takeover's
// claim sent to the records' stream leader that froze is never
// answered; it is sent again while the first send still waits (hedged,
// as reads are), so the store's new leader answers it as soon as it is
// elected, not only once the first send's writeTry ran out. The claim
// lands once.
func TestARecordsWriteIsSentAgainBeforeTheFirstGivesUp(t *testing.T) {
	t.Parallel()
	k, l := loggedOnce(t, "7")
	// Unanswered every send until one is sent beside an unanswered
	// one: the claim's own first waits (250 ms, then 500 ms:
	// untilAvailable) pass before that, and on a loaded machine the
	// hedge's tick may come after a wait ran out more than once. Were
	// no send ever made beside another, the claim would never land.
	silent := &silentPublish{JetStream: k.eng.js, left: 1000, landBeside: true}
	k.eng.js = silent
	if err := l.Claim("n1"); err != nil {
		t.Fatalf("the claim: %v", err)
	}
	silent.mu.Lock()
	sends, beside := silent.sends, silent.beside
	silent.mu.Unlock()
	if beside == 0 {
		t.Errorf("the claim was sent %d times, none while the unanswered first still waited", sends)
	}
	k.eng.js = silent.JetStream
	ctx, cancel := EngineCtx()
	defer cancel()
	r, err := k.Records.read(ctx, "7")
	if err != nil || string(r.rec) != "H\n" {
		t.Fatalf("read back %q (%v)", r.rec, err)
	}
	if n := claimsIn(t, k, "7", r.seq); n != 1 {
		t.Errorf("%d claims in the record, want 1", n)
	}
}

// TestAClaimLandedUnansweredIsNotAFence: a takeover's claim that the
// store took but answered too late for the claim's first short wait is
// asked again, and the claim asked again is the same message: the
// store's answer is the first's, or the resend is refused for a message
// found to be this claim. Sealed anew, the resend was refused for the
// claim's own first send and taken as another writer's: the takeover
// gave the table up for a later try ("claiming it: the table was
// written by another writer (fenced)", ten tables so in an arena kill
// run, taken over 11 s and more later). The claim lands once.
func TestAClaimLandedUnansweredIsNotAFence(t *testing.T) {
	t.Parallel()
	k, l := loggedOnce(t, "7")
	answeredLate(t, k, "the claim", func() error { return l.Claim("n1") })
	ctx, cancel := EngineCtx()
	defer cancel()
	r, err := k.Records.read(ctx, "7")
	if err != nil || string(r.rec) != "H\n" || r.seq != l.seq {
		t.Fatalf("read back %q at %d, the claim at %d (%v)", r.rec, r.seq, l.seq, err)
	}
	if n := claimsIn(t, k, "7", r.seq); n != 1 {
		t.Errorf("%d claims in the record, want 1", n)
	}
}

// claimsIn counts the claims in table id's record up to sequence last.
func claimsIn(t *testing.T, k *Keeper, id string, last uint64) int {
	t.Helper()
	ctx, cancel := EngineCtx()
	defer cancel()
	claims := 0
	if err := k.Records.walk(ctx, recordSubject(id), 0, last, func(_ uint64, h nats.Header, _ []byte) bool {
		if h.Get(ownerHeader) != "" {
			claims++
		}
		return true
	}); err != nil {
		t.Fatal(err)
	}
	return claims
}

// silentPublish is a JetStream whose next publishes (left), as to a
// stream leader that froze, are never answered: each waits until its
// context ends. It counts the sends, and those made while a silent one
// still waited (beside).
type silentPublish struct {
	jetstream.JetStream
	mu            sync.Mutex
	left, waiting int
	sends, beside int
	// landBeside: a send made while another waits is answered.
	landBeside bool
}

func (s *silentPublish) PublishMsg(ctx context.Context, m *nats.Msg, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error) {
	s.mu.Lock()
	s.sends++
	if s.waiting > 0 {
		s.beside++
	}
	silent := s.left > 0 && !(s.landBeside && s.waiting > 0)
	if silent {
		s.left--
		s.waiting++
	}
	s.mu.Unlock()
	if !silent {
		return s.JetStream.PublishMsg(ctx, m, opts...)
	}
	<-ctx.Done()
	s.mu.Lock()
	s.waiting--
	s.mu.Unlock()
	return nil, ctx.Err()
}

// TestARecordsWriteInProcessIsWaitedFor: a send of a table's record
// that the store answers "duplicate message id is in process" (an
// earlier send of it is still on the way, at a stream leader slow to
// answer) is not refused: it is sent again until the store answers
// it, and lands once. Taken for a refusal, it would pause every table
// a node takes over after a kill.
func TestARecordsWriteInProcessIsWaitedFor(t *testing.T) {
	t.Parallel()
	k, l := loggedOnce(t, "8")
	busy := &inProcessPublish{JetStream: k.eng.js, left: 2}
	k.eng.js = busy
	if err := l.Write([]byte(`{"id":"8","n":2}`), []byte("H\nM\n")); err != nil {
		t.Fatalf("the append, answered twice as in process: %v", err)
	}
	k.eng.js = busy.JetStream
	if busy.left != 0 {
		t.Fatalf("the store was asked %d times too few", busy.left)
	}
	ctx, cancel := EngineCtx()
	defer cancel()
	r, err := k.Records.read(ctx, "8")
	if err != nil || string(r.rec) != "H\nM\n" {
		t.Fatalf("read back %q (%v), want the append once", r.rec, err)
	}
}

// inProcessPublish is a JetStream that answers its next publishes
// (left) as JetStream answers a message id whose first send it is
// still processing.
type inProcessPublish struct {
	jetstream.JetStream
	mu   sync.Mutex
	left int
}

func (s *inProcessPublish) PublishMsg(ctx context.Context, m *nats.Msg, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error) {
	s.mu.Lock()
	busy := s.left > 0
	if busy {
		s.left--
	}
	s.mu.Unlock()
	if busy {
		return nil, &jetstream.APIError{Code: 409, ErrorCode: errCodeDuplicateInProcess, Description: "duplicate message id is in process"}
	}
	return s.JetStream.PublishMsg(ctx, m, opts...)
}

// TestHedgedReadsKeepToTheNodesBudget: reads of a store slow for every
// read each keep one attempt of their own, and start others beside it
// only within the node's budget (unbounded, three reads asked the store
// fifteen times at once); a read whose attempt fails at once is asked
// again though the budget is spent.
func TestHedgedReadsKeepToTheNodesBudget(t *testing.T) {
	t.Parallel()
	// The two parts wait beside each other, each with a budget of its own.
	t.Run("slow reads", func(t *testing.T) {
		t.Parallel()
		budget := make(hedgeBudget, 2)
		var mu sync.Mutex
		now, most := 0, 0
		slow := func(ctx context.Context) (int, error) {
			mu.Lock()
			now++
			most = max(most, now)
			mu.Unlock()
			<-ctx.Done()
			mu.Lock()
			now--
			mu.Unlock()
			return 0, ctx.Err()
		}
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				ctx, cancel := context.WithTimeout(context.Background(), (hedgeMax+2)*hedgeEvery)
				defer cancel()
				if _, err := hedged(ctx, budget, slow); err == nil {
					t.Error("a read of a store that never answers answered")
				}
			})
		}
		wg.Wait()
		mu.Lock() // (attempts called off may still be ending)
		seen := most
		mu.Unlock()
		if seen > 3+cap(budget) {
			t.Errorf("%d attempts at once, want at most %d (three reads' own and the budget's)", seen, 3+cap(budget))
		}
		if seen < 3+cap(budget) {
			t.Errorf("%d attempts at once: the budget's %d were not used", seen, cap(budget))
		}
		// Every place is given back once the attempts end (the budget
		// fills, as the part below once filled this same budget).
		for range cap(budget) {
			budget <- struct{}{}
		}
	})

	// The budget spent, a read whose attempt fails at once still asks
	// again on its own.
	t.Run("failing at once", func(t *testing.T) {
		t.Parallel()
		budget := make(hedgeBudget, 2)
		for range cap(budget) {
			budget <- struct{}{}
		}
		calls := 0
		v, err := hedged(context.Background(), budget, func(ctx context.Context) (int, error) {
			calls++
			if calls < 3 {
				return 0, nats.ErrNoResponders
			}
			return 5, nil
		})
		if err != nil || v != 5 || calls != 3 {
			t.Fatalf("read %d, %v after %d calls; want 5 after 3", v, err, calls)
		}
	})
}

// TestAResendRefusedAfterTheFirstLandedIsNotAFence: a record append
// whose first send the store took but answered late (a starved node:
// the answer waited for the CPU past hedgeEvery) is sent again, and a
// store of one node checks the append's last sequence before its
// message id, so it refuses the resend as written after another
// message — the first send's. That refusal is the log's own append,
// found after the record's last: the write goes through, where the
// table was stopped as fenced on a single node (okey load's daily test
// beside a CPU load: "saving a table: ... fenced", the day's table
// "moving" for good). The append is in the record once.
func TestAResendRefusedAfterTheFirstLandedIsNotAFence(t *testing.T) {
	t.Parallel()
	k, l := loggedOnce(t, "8")
	answeredLate(t, k, "the append", func() error { return l.Write(nil, []byte("H\nm1\n")) })
	if err := l.Write(nil, []byte("H\nm1\nm2\n")); err != nil {
		t.Fatalf("the append after: %v", err)
	}
	ctx, cancel := EngineCtx()
	defer cancel()
	if got, _, err := k.Records.Read(ctx, "8"); err != nil || string(got) != "H\nm1\nm2\n" {
		t.Fatalf("read back %q (%v)", got, err)
	}
}

// answeredLate makes write (what) with its first publish landing but
// answered only when its wait ends (lateAnswer), and checks that it
// goes through, sent again.
func answeredLate(t *testing.T, k *Keeper, what string, write func() error) {
	t.Helper()
	late := &lateAnswer{JetStream: k.eng.js, left: 1}
	k.eng.js = late
	err := write()
	k.eng.js = late.JetStream
	if err != nil {
		t.Fatalf("%s answered late: %v", what, err)
	}
	late.mu.Lock()
	sends := late.sends
	late.mu.Unlock()
	if sends < 2 {
		t.Fatalf("%s was sent %d times: the resend this test is about was not made", what, sends)
	}
}

// lateAnswer is a JetStream whose next publishes (left) land in the
// store but are answered only when their context ends, as a starved
// node's client hears the store's answer too late.
type lateAnswer struct {
	jetstream.JetStream
	mu          sync.Mutex
	left, sends int
}

func (s *lateAnswer) PublishMsg(ctx context.Context, m *nats.Msg, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error) {
	s.mu.Lock()
	s.sends++
	late := s.left > 0
	if late {
		s.left--
	}
	s.mu.Unlock()
	ack, err := s.JetStream.PublishMsg(ctx, m, opts...)
	if !late || err != nil {
		return ack, err
	}
	<-ctx.Done()
	return nil, ctx.Err()
}

// loggedOnce is a store of its own for the test, and table id's log
// there with its first write made (its record "H\n").
func loggedOnce(t *testing.T, id string) (*Keeper, *TableLog) {
	t.Helper()
	k, closeFn := openStoreAt(t, t.TempDir())
	t.Cleanup(closeFn)
	l := k.Log(id)
	if err := l.Write([]byte(`{"id":"`+id+`","n":1}`), []byte("H\n")); err != nil {
		t.Fatal(err)
	}
	return k, l
}

// TestARefusalNotLookedIntoIsNotAFence: a write the store refuses, whose
// look at what came after then fails (the store stalled), is not known
// to be another writer's: it fails, to be tried again, and the writes
// not answered before it are still looked for at the next. Taken as
// fenced, either an entry's write or a mark refused so would give up a
// table its own node runs.
func TestARefusalNotLookedIntoIsNotAFence(t *testing.T) {
	t.Parallel()
	// A connection closed: the reads of the records' stream made on it
	// fail at once, as a stalled store's do once their wait ends.
	closedConn := func() *nats.Conn {
		other, closeOther := openStoreAt(t, t.TempDir())
		closeOther()
		return other.eng.NC
	}()
	ctx, cancel := EngineCtx()
	defer cancel()
	readBack := func(k *Keeper, id, table, rec string) {
		t.Helper()
		kt, ok := k.LoadOne(ctx, id)
		if !ok || kt.Err != nil || string(kt.Table) != table || string(kt.Record) != rec {
			t.Fatalf("read back %q, %q (%v), want %q, %q", kt.Table, kt.Record, kt.Err, table, rec)
		}
	}

	t.Run("the entry's mark", func(t *testing.T) {
		k, l := loggedOnce(t, "9")
		// The entry's mark sent again, landed, its answer lost.
		seq := l.seq
		if err := l.markOnce(ctx); err != nil {
			t.Fatal(err)
		}
		l.unsureRec = noteUnsure(nil, unsureAppend{unsureWrite: unsureWrite{sealed: l.sent, after: seq}, rec: l.rec})
		l.seq = seq
		// The next mark is refused for it, and what came after is
		// not read.
		direct := k.Records.stream
		k.Records.stream.nc = closedConn
		err := l.Write([]byte(`{"id":"9","n":2}`), nil)
		k.Records.stream = direct
		if err == nil || errors.Is(err, ErrFenced) {
			t.Fatalf("the mark refused, what came after not read: %v, want a write failed, not fenced", err)
		}
		if err := l.Write([]byte(`{"id":"9","n":3}`), nil); err != nil {
			t.Fatalf("the write after: %v", err)
		}
		readBack(k, "9", `{"id":"9","n":3}`, "H\n")
	})

	t.Run("the entry", func(t *testing.T) {
		k, l := loggedOnce(t, "10")
		store := k.Tables.KV
		// The entry written, landed, its answer lost.
		k.Tables.KV = &silentKV{KeyValue: store, updates: 1000}
		short, cancelShort := context.WithTimeout(ctx, time.Second)
		err := l.putEntry(short, []byte(`{"id":"10","n":2}`))
		cancelShort()
		if err == nil || len(l.unsureEntry) != 1 {
			t.Fatalf("an entry write the store never answers: %v, %d not answered noted", err, len(l.unsureEntry))
		}
		first := l.unsureEntry[0]
		if _, err := store.Update(ctx, "10", first.sealed, first.after); err != nil {
			t.Fatal(err)
		}
		// The next is refused for it, and the entry is not read.
		k.Tables.KV = &brokenGets{KeyValue: store}
		err = l.Write([]byte(`{"id":"10","n":3}`), nil)
		k.Tables.KV = store
		if err == nil || errors.Is(err, ErrFenced) {
			t.Fatalf("the entry refused, not read after: %v, want a write failed, not fenced", err)
		}
		if err := l.Write([]byte(`{"id":"10","n":4}`), nil); err != nil {
			t.Fatalf("the write after: %v", err)
		}
		readBack(k, "10", `{"id":"10","n":4}`, "H\n")
	})

	t.Run("the look for an append not answered", func(t *testing.T) {
		k, l := loggedOnce(t, "11")
		l.unsureRec = noteUnsure(nil, unsureAppend{unsureWrite: unsureWrite{sealed: []byte("sent"), after: l.seq}})
		direct := k.Records.stream
		k.Records.stream.nc = closedConn
		err := l.settled(ctx, func() error { return fmt.Errorf("%w: refused", ErrFenced) })
		k.Records.stream = direct
		if err == nil || errors.Is(err, ErrFenced) {
			t.Fatalf("a refusal whose append not answered could not be looked for: %v, want a write failed, not fenced", err)
		}
	})
}

// brokenGets is a bucket whose reads fail at once, as a stalled store's
// do once their wait ends.
type brokenGets struct{ jetstream.KeyValue }

func (brokenGets) Get(context.Context, string) (jetstream.KeyValueEntry, error) {
	return nil, errors.New("the store's read failed (the test's fault)")
}

// TestNotedUnsureKeepsTheFirst: writes not answered after the same
// sequence are kept side by side, the first of them kept past the
// limit (the store takes sends in turn: the first it takes fences the
// rest); one after a later sequence forgets those before.
func TestNotedUnsureKeepsTheFirst(t *testing.T) {
	var noted []unsureWrite
	for i := range unsureMax + 2 {
		noted = noteUnsure(noted, unsureWrite{after: 5, gen: uint64(i)})
	}
	var gens []uint64
	for _, u := range noted {
		gens = append(gens, u.gen)
	}
	if want := []uint64{0, 3, 4, 5}; fmt.Sprint(gens) != fmt.Sprint(want) {
		t.Errorf("noted %v, want %v", gens, want)
	}
	noted = noteUnsure(noted, unsureWrite{after: 6, gen: 9})
	if len(noted) != 1 || noted[0].gen != 9 {
		t.Errorf("after a later write: %v", noted)
	}
}
