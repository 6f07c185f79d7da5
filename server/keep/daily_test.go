package keep

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
)

// testDailyBook is a daily book in an engine of its own.
func testDailyBook(t *testing.T) *DailyBook {
	t.Helper()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx, cancel := EngineCtx()
	defer cancel()
	b, err := OpenDailyBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func day(t testing.TB, s string) daily.Date {
	t.Helper()
	d, err := daily.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDailySecretMadeOnceSealedRevealedAfter: the day's secret is made
// once (a second ask with other randomness gets the first), one a game;
// the store holds it sealed; it is revealed only once the day is over,
// and a day never dealt has none.
func TestDailySecretMadeOnceSealedRevealedAfter(t *testing.T) {
	t.Parallel()
	b := testDailyBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	d := day(t, "2026-11-24")
	first, err := b.Secret(ctx, game.Classic, d, bytes.NewReader(bytes.Repeat([]byte{7}, 32)))
	if err != nil {
		t.Fatal(err)
	}
	again, err := b.Secret(ctx, game.Classic, d, bytes.NewReader(bytes.Repeat([]byte{9}, 32)))
	if err != nil || again != first || first[0] != 7 {
		t.Fatalf("asked again: %x, %v (first %x)", again, err, first)
	}
	other, err := b.Secret(ctx, game.Okey101, d, rand.Reader)
	if err != nil || other == first {
		t.Fatalf("101's secret: %x, %v", other, err)
	}
	raw, err := b.kv.Get(ctx, secretKey(game.Classic, d))
	if err != nil {
		t.Fatal(err)
	}
	if !Sealed(raw.Value()) || bytes.Contains(raw.Value(), []byte(first.String())) {
		t.Errorf("the secret is kept in the clear: %q", raw.Value())
	}
	if _, err := b.Secret(ctx, game.Classic, day(t, "2026-11-25"), bytes.NewReader(nil)); err == nil {
		t.Error("a secret made from no randomness")
	}
	if _, err := b.Reveal(ctx, game.Classic, d, d); !errors.Is(err, ErrNotOver) {
		t.Errorf("revealed on its own day: %v", err)
	}
	if _, err := b.Reveal(ctx, game.Classic, d, d.AddDays(-1)); !errors.Is(err, ErrNotOver) {
		t.Errorf("revealed before its day: %v", err)
	}
	if got, err := b.Reveal(ctx, game.Classic, d, d.AddDays(1)); err != nil || got != first {
		t.Errorf("revealed the next day: %x, %v", got, err)
	}
	if _, err := b.Reveal(ctx, game.Classic, day(t, "2026-11-01"), d); !errors.Is(err, ErrNoDaily) {
		t.Errorf("a day never dealt: %v", err)
	}
}

// TestDailyClaimOnceScoresInOrder: a player begins a day once; hands are
// written in order and once; par is kept once; the board ranks them.
func TestDailyClaimOnceScoresInOrder(t *testing.T) {
	t.Parallel()
	b := testDailyBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	d := day(t, "2026-11-24")
	g := game.Classic
	ann := DailyResult{ID: "key:SHA256:ann", Name: "ann"}
	if err := b.Claim(ctx, g, d, ann); err != nil {
		t.Fatal(err)
	}
	if err := b.Claim(ctx, g, d, ann); !errors.Is(err, ErrPlayedToday) {
		t.Fatalf("a second claim: %v", err)
	}
	if err := b.Claim(ctx, game.Okey101, d, ann); err != nil {
		t.Fatalf("the other game's daily: %v", err)
	}
	if err := b.Scored(ctx, g, d, ann.ID, 2, 1); err == nil {
		t.Error("hand 2 before hand 1 written")
	}
	for n, s := range []int{2, -1, 0, 4} {
		if err := b.Scored(ctx, g, d, ann.ID, n+1, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Scored(ctx, g, d, ann.ID, 1, 9); err != nil {
		t.Errorf("hand 1 written again: %v", err)
	}
	if err := b.Scored(ctx, g, d, ann.ID, 5, 9); err == nil {
		t.Error("a fifth hand of classic written")
	}
	// A day never begun is read again for a while (5 s) in case a replica
	// is behind; half a second of it ends the same way.
	short, stop := context.WithTimeout(ctx, 500*time.Millisecond)
	err := b.Scored(short, g, d, "key:nobody", 1, 9)
	stop()
	if err == nil {
		t.Error("a hand of a day not begun written")
	}
	r, _, ok, err := b.Result(ctx, g, d, ann.ID)
	if err != nil || !ok || !slices4(r.Hands, []int{2, -1, 0, 4}) || !r.Done(g) {
		t.Fatalf("ann's day: %+v %v %v", r, ok, err)
	}
	gus := DailyResult{ID: "guest:ABCDEFGHJK", Name: "gus", Guest: true}
	if err := b.Claim(ctx, g, d, gus); err != nil {
		t.Fatal(err)
	}
	if err := b.Scored(ctx, g, d, gus.ID, 1, -2); err != nil {
		t.Fatal(err)
	}
	if err := b.SetPar(ctx, g, d, []int{0, 0, 0, 0}); err != nil {
		t.Fatal(err)
	}
	if err := b.SetPar(ctx, g, d, []int{1, 1, 1, 1}); err != nil {
		t.Fatalf("par kept again: %v", err)
	}
	if err := b.SetPar(ctx, g, d, []int{1}); err == nil {
		t.Error("a par of one hand kept")
	}
	bd, err := b.BoardOf(ctx, g, d, gus.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(bd.Rows) != 2 || bd.Rows[0].ID != ann.ID || bd.Place != 2 || !slices4(bd.Par, []int{0, 0, 0, 0}) {
		t.Fatalf("the board: %+v", bd)
	}
	if bd.Rows[0].Par != 5 || bd.Rows[0].Total != 5 || !bd.Rows[1].Guest || bd.Rows[1].Place != 0 || bd.Played[0] != 1 || bd.Means[0] != 2 {
		t.Errorf("the board's figures: %+v", bd)
	}
	if other, _ := b.BoardOf(ctx, g, d.AddDays(-1), ann.ID); len(other.Rows) != 0 || other.Place != 0 {
		t.Errorf("another day's board: %+v", other)
	}
}

func slices4(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRankDaily: duplicate scoring — each hand against the field's mean
// on it and against par, more being better in both games (101 counts
// lower totals better); finished days rank before unfinished ones.
func TestRankDaily(t *testing.T) {
	d := daily.Date{}
	tests := []struct {
		name    string
		g       game.Kind
		results []DailyResult
		par     []int
		order   []string
		field   []float64
		vsPar   []int
		places  []int // nil: 1, 2, 3…
	}{
		{"classic", game.Classic, []DailyResult{
			{ID: "a", Hands: []int{2, 0, -1, 1}},
			{ID: "b", Hands: []int{0, 0, -1, -1}},
			{ID: "c", Hands: []int{4}},
		}, []int{1, 0, 0, 0}, []string{"a", "b", "c"}, []float64{1, -3, 2}, []int{1, -3, 3}, nil},
		{"101: lower is better", game.Okey101, []DailyResult{
			{ID: "x", Hands: []int{50, 100}},
			{ID: "y", Hands: []int{-101, 30}},
		}, []int{0, 0}, []string{"y", "x"}, []float64{110.5, -110.5}, []int{71, -150}, nil},
		{"no par yet", game.Classic, []DailyResult{{ID: "a", Hands: []int{1, 1, 1, 1}}}, nil, []string{"a"}, []float64{0}, []int{0}, nil},
		{"a tie shares its place", game.Classic, []DailyResult{
			{ID: "b", Hands: []int{1, 0, 0, 0}}, {ID: "a", Hands: []int{1, 0, 0, 0}}, {ID: "c", Hands: []int{-1, 0, 0, 0}},
		}, []int{0, 0, 0, 0}, []string{"a", "b", "c"}, []float64{2.0 / 3, 2.0 / 3, -4.0 / 3}, []int{1, 1, -1}, []int{1, 1, 3}},
		// A guest who played the day again with the deals known made
		// the most, twice: shown after every player with a key, with
		// no place, and out of the field's mean, which is the keys'
		// alone (a's 1 and b's -1: 0 a hand).
		{"guests are shown, not the field, not ranked", game.Classic, []DailyResult{
			{ID: "g1", Guest: true, Hands: []int{9, 9, 9, 9}}, {ID: "g2", Guest: true, Hands: []int{9, 9, 9, 9}},
			{ID: "a", Hands: []int{1, 1, 1, 1}}, {ID: "b", Hands: []int{-1, -1, -1, -1}},
		}, []int{0, 0, 0, 0}, []string{"a", "b", "g1", "g2"}, []float64{4, -4, 36, 36}, []int{4, -4, 36, 36}, []int{1, 2, 0, 0}},
		// Practice days (a key new that day, an address that had
		// started the day) are as guests: shown, marked, no place, not
		// the field.
		{"practice is shown, not the field, not ranked", game.Classic, []DailyResult{
			{ID: "n", Practice: PracticeNewKey, Hands: []int{9, 9, 9, 9}}, {ID: "ad", Practice: PracticeAddr, Hands: []int{5, 5, 5, 5}},
			{ID: "a", Hands: []int{1, 1, 1, 1}}, {ID: "b", Hands: []int{-1, -1, -1, -1}},
		}, []int{0, 0, 0, 0}, []string{"a", "b", "n", "ad"}, []float64{4, -4, 36, 20}, []int{4, -4, 36, 20}, []int{1, 2, 0, 0}},
		{"a guest alone has no field", game.Classic, []DailyResult{
			{ID: "g", Guest: true, Hands: []int{3}},
		}, nil, []string{"g"}, []float64{0}, []int{0}, []int{0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bd := RankDaily(tc.g, d, tc.results, tc.par, tc.order[0])
			if bd.Place != 1 || len(bd.Rows) != len(tc.order) {
				t.Fatalf("%+v", bd)
			}
			for i, r := range bd.Rows {
				want := i + 1
				if tc.places != nil {
					want = tc.places[i]
				}
				if r.Place != want {
					t.Errorf("row %d: place %d, want %d", i, r.Place, want)
				}
				if r.ID != tc.order[i] || math.Abs(r.Field-tc.field[i]) > 1e-9 || r.Par != tc.vsPar[i] || r.HasPar != (tc.par != nil) {
					t.Errorf("row %d: %s field %v par %d, want %s %v %d", i, r.ID, r.Field, r.Par, tc.order[i], tc.field[i], tc.vsPar[i])
				}
			}
		})
	}
}

// TestClusterAgreesOnTheDailySecret: three nodes asking for the day's
// secret at the same instant, each with randomness of its own, all get
// one and the same; three claims of one player's day, one on each node
// at once, let exactly one begin.
func TestClusterAgreesOnTheDailySecret(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a three-node cluster")
	}
	t.Parallel()
	engs := startCluster(t, 3)
	books := make([]*DailyBook, len(engs))
	for i, e := range engs {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		b, err := OpenDailyBook(ctx, e)
		cancel()
		if err != nil {
			t.Fatalf("node %d: %v", i, err)
		}
		books[i] = b
	}
	d := day(t, "2026-11-24")
	for round := range 3 {
		g := game.Kinds()[round%2]
		dd := d.AddDays(round)
		secrets := make([]daily.Secret, len(books))
		errs := make([]error, len(books))
		claims := make([]error, len(books))
		var wg sync.WaitGroup
		for i, b := range books {
			wg.Go(func() {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				secrets[i], errs[i] = b.Secret(ctx, g, dd, rand.Reader)
				claims[i] = b.Claim(ctx, g, dd, DailyResult{ID: "key:SHA256:ann", Name: "ann"})
			})
		}
		wg.Wait()
		began := 0
		for i := range books {
			if errs[i] != nil {
				t.Fatalf("round %d, node %d: %v", round, i, errs[i])
			}
			if secrets[i] != secrets[0] {
				t.Errorf("round %d: node %d has %s, node 0 %s", round, i, secrets[i], secrets[0])
			}
			switch {
			case claims[i] == nil:
				began++
			case !errors.Is(claims[i], ErrPlayedToday):
				t.Errorf("round %d, node %d's claim: %v", round, i, claims[i])
			}
		}
		if began != 1 {
			t.Errorf("round %d: %d claims began the day, want 1", round, began)
		}
		// Each node reads the secret back as the one agreed on.
		for i, b := range books {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			got, err := b.Reveal(ctx, g, dd, dd.AddDays(1))
			cancel()
			if err != nil || got != secrets[0] {
				t.Errorf("round %d, node %d reveals %s, %v", round, i, got, err)
			}
		}
	}
}

// TestDailyRecordsHandedOutAfterTheDay: the writer scores a hand and
// keeps its record sealed; the record is refused while the day lasts,
// and handed out after it with the day's secret in its meta.
func TestDailyRecordsHandedOutAfterTheDay(t *testing.T) {
	t.Parallel()
	b := testDailyBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	d := day(t, "2026-11-24")
	g := game.Classic
	sec, err := b.Secret(ctx, g, d, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	set, _ := daily.NewServed(g, d, sec)
	rec := daily.ClassicRecord(set.Hands[0])
	rec.Meta = set.ServedMeta(set.Hands[0], daily.Commit(g, d, sec))
	raw := rec.Marshal()
	ann := "key:SHA256:ann"
	if err := b.Claim(ctx, g, d, DailyResult{ID: ann, Name: "ann"}); err != nil {
		t.Fatal(err)
	}
	w := NewDailyWriter(b, slogDiscard())
	w.Enqueue(DailyHand{Game: g, Date: d, ID: ann, Hand: 1, Score: 2, Record: raw})
	w.Close()
	r, _, _, err := b.Result(ctx, g, d, ann)
	if err != nil || !slices4(r.Hands, []int{2}) {
		t.Fatalf("the hand scored: %+v, %v", r, err)
	}
	stored, err := b.kv.Get(ctx, b.recordKey(g, d, ann, 1))
	if err != nil || !Sealed(stored.Value()) {
		t.Fatalf("the record kept: %v (sealed %v)", err, err == nil && Sealed(stored.Value()))
	}
	if _, _, err := b.Record(ctx, g, d, d, ann, 1); !errors.Is(err, ErrNotOver) {
		t.Errorf("the record handed out on its day: %v", err)
	}
	out, ok, err := b.Record(ctx, g, d, d.AddDays(1), ann, 1)
	if err != nil || !ok {
		t.Fatalf("the record after the day: %v, %v", ok, err)
	}
	back, err := classic.ParseRecord(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := daily.SecretOf(back.Meta)
	if err != nil || got != sec {
		t.Fatalf("its secret: %v, %v", got, err)
	}
	if _, err := daily.VerifyServedClassic(back, got); err != nil {
		t.Error(err)
	}
	if _, ok, err := b.Record(ctx, g, d, d.AddDays(1), ann, 2); ok || err != nil {
		t.Errorf("a hand not played: %v, %v", ok, err)
	}
}

func slogDiscard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// BenchmarkDailyBoard: a day's board of 500 players read and ranked, as
// the daily's page reads it each time it is opened.
// `go test ./server/keep -run XX -bench DailyBoard -benchtime 20x`.
// benchBook is a daily book holding a day of classic played by 500
// players, four hands each.
func benchBook(b *testing.B) (*DailyBook, daily.Date) {
	b.Helper()
	eng, err := startEngine(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { eng.Close() })
	ctx, cancel := EngineCtx()
	defer cancel()
	book, err := OpenDailyBook(ctx, eng)
	if err != nil {
		b.Fatal(err)
	}
	d, _ := daily.ParseDate("2026-11-24")
	for i := range 500 {
		id := fmt.Sprintf("key:SHA256:p%03d", i)
		if err := book.Claim(ctx, game.Classic, d, DailyResult{ID: id, Name: id[11:]}); err != nil {
			b.Fatal(err)
		}
		for n := 1; n <= 4; n++ {
			if err := book.Scored(ctx, game.Classic, d, id, n, (i*n)%7-3); err != nil {
				b.Fatal(err)
			}
		}
	}
	return book, d
}

func BenchmarkDailyBoard(b *testing.B) {
	book, d := benchBook(b)
	ctx, cancel := EngineCtx()
	defer cancel()
	b.ResetTimer()
	for range b.N {
		bd, err := book.BoardOf(ctx, game.Classic, d, "key:SHA256:p250")
		if err != nil || len(bd.Rows) != 500 {
			b.Fatalf("%d rows, %v", len(bd.Rows), err)
		}
	}
}

// TestForgedDailyValuesAreNotTaken: a writer of the store without the
// cluster's secret puts a day of its own on the board (plain, sealed with
// another secret, or a real player's sealed day copied under its own
// key), rewrites a real player's day in plain, and writes a day's par:
// the board, read from the store and from the watch, has the real day
// alone, as it was, and the par is not taken.
func TestForgedDailyValuesAreNotTaken(t *testing.T) {
	t.Parallel()
	b := testDailyBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	if err := b.Watch(t.Context()); err != nil {
		t.Fatal(err)
	}
	d, g := day(t, "2026-11-24"), game.Classic
	ann := DailyResult{ID: "key:SHA256:ann", Name: "ann"}
	if err := b.Claim(ctx, g, d, ann); err != nil {
		t.Fatal(err)
	}
	if err := b.Scored(ctx, g, d, ann.ID, 1, 2); err != nil {
		t.Fatal(err)
	}
	forged := DailyResult{ID: "key:SHA256:eve", Name: "eve", Hands: []int{40, 40, 40, 40}}
	plain, err := json.Marshal(forged)
	if err != nil {
		t.Fatal(err)
	}
	other := testSecret(t).NewSealer()
	annKey, eveKey, mallKey := b.resultKey(g, d, ann.ID), b.resultKey(g, d, forged.ID), b.resultKey(g, d, "key:SHA256:mall")
	annSealed, err := b.kv.Get(ctx, annKey)
	if err != nil {
		t.Fatal(err)
	}
	otherSealed, err := other.sealJSON(dailyBucket, eveKey, forged)
	if err != nil {
		t.Fatal(err)
	}
	for key, v := range map[string][]byte{
		eveKey:                              plain,             // a day of its own, in plain
		mallKey:                             annSealed.Value(), // ann's sealed day under another key
		b.resultKey(g, d, "key:SHA256:oth"): otherSealed,       // sealed with another secret
	} {
		if _, err := b.kv.Put(ctx, key, v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.kv.Put(ctx, parKey(g, d), []byte("[99,99,99,99]")); err != nil {
		t.Fatal(err)
	}
	if p, ok, err := b.Par(ctx, g, d); err == nil || ok {
		t.Errorf("a par in plain was taken: %v %v %v", p, ok, err)
	}
	// bob begins his day after the forgeries: once the watch has
	// brought his day, it has brought theirs.
	bob := DailyResult{ID: "key:SHA256:bob", Name: "bob"}
	if err := b.Claim(ctx, g, d, bob); err != nil {
		t.Fatal(err)
	}
	check := func(how string, rs []DailyResult) {
		t.Helper()
		ids := make([]string, 0, len(rs))
		for _, r := range rs {
			ids = append(ids, r.ID)
			if r.ID == ann.ID && !slices.Equal(r.Hands, []int{2}) {
				t.Errorf("%s: ann's day is %v, want one hand of 2", how, r.Hands)
			}
		}
		slices.Sort(ids)
		if !slices.Equal(ids, []string{ann.ID, bob.ID}) {
			t.Errorf("%s: the days on the board are %v, want ann's and bob's alone", how, ids)
		}
	}
	rs, err := b.readResults(ctx, g, d)
	if err != nil {
		t.Fatal(err)
	}
	check("from the store", rs)
	deadline := time.Now().Add(30 * time.Second)
	for {
		rs, ok := b.cache.results(g, d)
		if ok && slices.ContainsFunc(rs, func(r DailyResult) bool { return r.ID == bob.ID }) || time.Now().After(deadline) {
			check("from the watch", rs)
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	// ann's own day rewritten in plain, with more points: not hers.
	forged.ID, forged.Name = ann.ID, ann.Name
	if plain, err = json.Marshal(forged); err != nil {
		t.Fatal(err)
	}
	if _, err := b.kv.Put(ctx, annKey, plain); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := b.Result(ctx, g, d, ann.ID); err == nil {
		t.Error("ann's day rewritten in plain was read as hers")
	}
	if err := b.Scored(ctx, g, d, ann.ID, 2, 1); err == nil {
		t.Error("a hand was scored onto a day rewritten in plain")
	}
}

// behindKV is a bucket whose reads are a replica a write behind: for
// the next n reads, key reads as old, and no follower of a generation
// (fresh.…) is found.
type behindKV struct {
	jetstream.KeyValue
	mu  sync.Mutex
	key string
	old jetstream.KeyValueEntry
	n   int
}

func (k *behindKV) Get(ctx context.Context, key string) (jetstream.KeyValueEntry, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	switch {
	case k.n > 0 && key == k.key:
		k.n--
		return k.old, nil
	case k.n > 0 && strings.HasPrefix(key, freshPrefix):
		return nil, jetstream.ErrKeyNotFound
	}
	return k.KeyValue.Get(ctx, key)
}

// A day whose last hand a replica has not taken yet: the next hand is
// scored after it (the stream's leader asked), not refused as out of
// order, and the day holds both.
func TestDailyHandScoredPastAReplicaBehind(t *testing.T) {
	t.Parallel()
	b := testDailyBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	d, g := day(t, "2026-11-24"), game.Classic
	const ann = "key:SHA256:ann"
	key := b.resultKey(g, d, ann)
	lag := &behindKV{KeyValue: b.kv, key: key}
	b.kv, b.fresh.kv = lag, lag
	if err := b.Claim(ctx, g, d, DailyResult{ID: ann, Name: "ann"}); err != nil {
		t.Fatal(err)
	}
	claimed, err := lag.KeyValue.Get(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Scored(ctx, g, d, ann, 1, 4); err != nil {
		t.Fatal(err)
	}
	// The replica holds the day as it was claimed, before hand 1.
	lag.mu.Lock()
	lag.old, lag.n = claimed, 3
	lag.mu.Unlock()
	if err := b.Scored(ctx, g, d, ann, 2, -1); err != nil {
		t.Fatalf("hand 2 after a read behind hand 1: %v", err)
	}
	lag.mu.Lock()
	lag.n = 0 // the replica caught up
	lag.mu.Unlock()
	r, _, ok, err := b.Result(ctx, g, d, ann)
	if err != nil || !ok || !slices.Equal(r.Hands, []int{4, -1}) {
		t.Errorf("ann's day: %+v %v %v, want hands [4 -1]", r, ok, err)
	}
}
