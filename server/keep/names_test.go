package keep

import (
	"context"
	"encoding/base64"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
	"okey/game/daily"
	"okey/internal/quicksuite"
	"okey/server/servetest"
)

// playerNamed lists the keys of the store's players' buckets (okey_seen,
// okey_daily, okey_ratings) that name one of ids, in the clear or as a
// store kept before salted names did (unpadded base64url), or any
// identity at all as the old keys did.
func playerNamed(ctx context.Context, t *testing.T, eng *Engine, ids ...string) []string {
	t.Helper()
	var named []string
	for _, bucket := range []string{seenBucket, dailyBucket, ratingsBucket} {
		kv, err := eng.js.KeyValue(ctx, bucket)
		if err != nil {
			t.Fatal(err)
		}
		lister, err := kv.ListKeys(ctx)
		if errors.Is(err, jetstream.ErrNoKeysFound) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for k := range lister.Keys() {
			bad := false
			for _, part := range strings.Split(k, ".") {
				_, old := oldName(part)
				bad = bad || old
			}
			for _, id := range ids {
				bad = bad || strings.Contains(k, id) || strings.Contains(k, base64.RawURLEncoding.EncodeToString([]byte(id)))
			}
			if bad {
				named = append(named, bucket+"/"+k)
			}
		}
	}
	return named
}

// TestNoKeyNamesAPlayer: a player's day of the daily (begun, a hand's
// record kept), when their key was first seen and their rating are kept
// under keys that name nobody to a reader of the store without the
// cluster's secret — and read back by the node. The names differ from
// bucket to bucket and from day to day, so one key's player cannot be
// told as another's either; a second node of the store names them the
// same (the salt is made once, by a Create).
func TestNoKeyNamesAPlayer(t *testing.T) {
	t.Parallel()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const ann = "key:SHA256:annsfingerprint"
	d, d2 := day(t, "2026-11-24"), day(t, "2026-11-25")
	// Two books at once on the store: one salt between them.
	var books [2]*DailyBook
	var wg sync.WaitGroup
	for i := range books {
		wg.Go(func() {
			var err error
			if books[i], err = OpenDailyBook(ctx, eng); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	b := books[0]
	if b.resultKey(game.Classic, d, ann) != books[1].resultKey(game.Classic, d, ann) {
		t.Fatal("two books of one store name a player differently")
	}
	for _, day := range []daily.Date{d, d2} {
		if err := b.Claim(ctx, game.Classic, day, DailyResult{ID: ann, Name: "ann"}); err != nil {
			t.Fatal(err)
		}
		if err := b.KeepRecord(ctx, game.Classic, day, ann, 1, []byte("a hand")); err != nil {
			t.Fatal(err)
		}
	}
	seen, err := b.FirstSeen(ctx, ann, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	if err := rb.Set(ctx, "classic", RatedEntry{ID: ann, Name: "ann", Mu: 30, Sigma: 4, Games: 3}); err != nil {
		t.Fatal(err)
	}
	if named := playerNamed(ctx, t, eng, ann, "annsfingerprint"); len(named) > 0 {
		t.Fatalf("keys name the player: %v", named)
	}
	parts := map[string]bool{}
	for _, k := range []string{b.resultKey(game.Classic, d, ann), b.resultKey(game.Classic, d2, ann), b.recordKey(game.Classic, d, ann, 1), b.seenKey(ann), rb.Key("classic", ann), rb.Key("101", ann)} {
		p := strings.Split(k, ".")
		name := p[len(p)-1]
		if strings.HasPrefix(k, "record.") {
			name = p[3]
		}
		if parts[name] {
			t.Errorf("the name %s is given in two keys: one key's player is another's", name)
		}
		parts[name] = true
	}
	// Read back.
	if _, _, mine, err := b.Result(ctx, game.Classic, d, ann); err != nil || !mine {
		t.Errorf("the day read back: %v, %v", mine, err)
	}
	if again, err := b.FirstSeen(ctx, ann, time.Now().Add(time.Hour), nil); err != nil || !again.Equal(seen) {
		t.Errorf("first seen read back as %v (%v), was %v", again, err, seen)
	}
	if e, _, err := rb.Get(ctx, "classic", ann); err != nil || e.Games != 3 {
		t.Errorf("the rating read back: %+v (%v)", e, err)
	}
}

// TestAnOldStoresKeysAreRenamed: the store an earlier build wrote
// (testdata/oldstore: ratings, a day of the daily, keys first seen, each
// keyed by the player's identity in base64url) has every such key
// renamed to a salted name as the books open — twice at once, as two
// nodes starting together would — and nothing a reader without the
// secret lists names a player. (TestOldStoreReadsBack reads it all back
// as the old build did.)
func TestAnOldStoresKeysAreRenamed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	servetest.Untar(t, filepath.Join("testdata", "oldstore", "state.tar.gz"), dir)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	eng, _, err := OpenDir(ctx, dir, StoreConfig{NodeName: "new"})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if named := playerNamed(ctx, t, eng); len(named) == 0 {
		t.Fatal("the old store names no player: nothing to rename")
	}
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if _, err := OpenDailyBook(ctx, eng); err != nil {
				t.Error(err)
			}
			if _, err := OpenRatingBook(ctx, eng); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if named := playerNamed(ctx, t, eng, "key:SHA256:ann", "key:SHA256:bob"); len(named) > 0 {
		t.Fatalf("after the books opened, keys still name players: %v", named)
	}
}

// TestADeletedSaltIsSaid: the players' names' salt deleted from the
// store (by a writer without the secret: a node never deletes it) is
// made anew at the next opening, and every player starts anew under
// new names; the opening says so (Lost), which the server logs as an
// error. A store that never had a salt, and one that keeps it, say
// nothing.
func TestADeletedSaltIsSaid(t *testing.T) {
	t.Parallel()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	first, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	again, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	if first.NamesLost() || again.NamesLost() {
		t.Fatalf("a salt made, then found, said lost: %v, %v", first.NamesLost(), again.NamesLost())
	}
	kv, err := eng.JetStream().KeyValue(ctx, namesBucket)
	if err != nil {
		t.Fatal(err)
	}
	if err := kv.Delete(ctx, saltKey); err != nil {
		t.Fatal(err)
	}
	after, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	if !after.NamesLost() {
		t.Fatal("the salt deleted and made anew: not said")
	}
	if after.names.Of("key:SHA256:ann") == first.names.Of("key:SHA256:ann") {
		t.Fatal("the same name under a salt made anew: the test proves nothing")
	}
}

// TestADeletedNamesBucketIsSaid: the names' whole bucket deleted leaves a
// new, empty one, as a new store's; but the players rated are named
// under the salt it kept, so the opening says the salt lost, as for the
// salt's key deleted (TestADeletedSaltIsSaid). A store that has named
// nobody yet says nothing.
func TestADeletedNamesBucketIsSaid(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	eng, err := startEngine(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// deleteNames deletes the bucket, and its files once the server is
	// done with them: the server answers the delete but now and then
	// leaves its files a while, and a bucket made again under the same
	// name would take them up, the salt with them.
	deleteNames := func() {
		t.Helper()
		if err := eng.JetStream().DeleteKeyValue(ctx, namesBucket); err != nil {
			t.Fatal(err)
		}
		for wait := 0; ; wait++ {
			left := filesOf(t, dir, "KV_"+namesBucket)
			if left == "" {
				return
			}
			if wait == 100 {
				if err := os.RemoveAll(left); err != nil {
					t.Fatal(err)
				}
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	first, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	deleteNames()
	if again, err := OpenRatingBook(ctx, eng); err != nil || again.NamesLost() {
		t.Fatalf("a store that named nobody, its names' bucket deleted: said lost %v (%v)", again != nil && again.NamesLost(), err)
	}
	book, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	if err := book.Set(ctx, "classic", RatedEntry{ID: "key:SHA256:ann", Name: "ann", Mu: 27, Sigma: 5, Games: 4}); err != nil {
		t.Fatal(err)
	}
	deleteNames()
	after, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	if !after.NamesLost() {
		t.Fatalf("the names' bucket deleted with a player rated under its salt: not said (the salt before kept: %v)", after.names.Of("key:SHA256:ann") == book.names.Of("key:SHA256:ann"))
	}
	if after.names.Of("key:SHA256:ann") == first.names.Of("key:SHA256:ann") {
		t.Fatal("the same name under a salt made anew: the test proves nothing")
	}
}

// failingNames is a store whose listing of the buckets fails for its
// first fails calls, as a loaded store's can (no responders), and
// fails for ever once fails is negative.
type failingNames struct {
	jetstream.JetStream
	fails int
}

func (j *failingNames) KeyValueStoreNames(ctx context.Context) jetstream.KeyValueNamesLister {
	if j.fails != 0 {
		j.fails--
		return brokenNames{}
	}
	return j.JetStream.KeyValueStoreNames(ctx)
}

// brokenNames is a listing that ends at once with the store's error.
type brokenNames struct{}

func (brokenNames) Name() <-chan string {
	c := make(chan string)
	close(c)
	return c
}

func (brokenNames) Error() error { return nats.ErrNoResponders }

// TestANamesListingThatFailsIsNotNobody: whether the store named players
// under a lost salt is read from a listing of its buckets, and a listing
// that fails says nothing. Asked again, a listing that failed twice
// still finds the rated player; one that never answers is an error, not
// "nobody was named", which would leave a lost salt unsaid.
func TestANamesListingThatFailsIsNotNobody(t *testing.T) {
	t.Parallel()
	eng, book := engineBook(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := book.Set(ctx, "classic", RatedEntry{ID: "key:SHA256:ann", Name: "ann", Mu: 27, Sigma: 5, Games: 4}); err != nil {
		t.Fatal(err)
	}
	if named, err := namedBefore(ctx, &failingNames{JetStream: eng.js, fails: 2}); err != nil || !named {
		t.Errorf("a listing that failed twice, then answered: named %v, %v; want true", named, err)
	}
	// Asked again every 100 ms or so: in the everyday run half a second
	// is several listings; CI's loaded runs keep 2 s.
	wait := 2 * time.Second
	if quicksuite.Quick() {
		wait = 500 * time.Millisecond
	}
	short, stop := context.WithTimeout(ctx, wait)
	defer stop()
	named, err := namedBefore(short, &failingNames{JetStream: eng.js, fails: -1})
	if err == nil || !errors.Is(err, nats.ErrNoResponders) {
		t.Errorf("a listing that never answers: named %v, %v; want the store's error", named, err)
	}
}

// filesOf is the folder named name under dir (a stream's files in the
// store's folder), "" if there is none.
func filesOf(t *testing.T, dir, name string) string {
	t.Helper()
	found := ""
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // removed as it was walked
			}
			return err
		}
		if d.IsDir() && d.Name() == name {
			found = path
			return filepath.SkipAll
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}
