package keep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"okey/game"
	"okey/server/rating"
	"okey/server/servetest"

	"github.com/nats-io/nats.go/jetstream"
)

// TestAnOlderRatingPutBackIsNotTaken: a writer of the store without the
// cluster's secret captures ann's sealed rating after a win and puts it
// back after she lost the next match. The rating opens (it is the
// cluster's seal), but it is not the newest: a node just started (a
// book of its own, nothing seen before) reads her rating after the
// loss, on her page and on the board, says it refused the one put
// back, and writes the newest over it; the owner rates the next match
// on the newest, not on the one put back; and her rating deleted comes
// back as it was, not as a new player's. Alone, and in a cluster of
// three (the rater, the forger's node and the reader on one node each).
func TestAnOlderRatingPutBackIsNotTaken(t *testing.T) {
	aloneAndThree(t, func(t *testing.T, owner, forger, reader *Engine) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		const ann = "key:SHA256:ann+/x"
		book := func(e *Engine, log *slog.Logger) *RatingBook {
			b, err := OpenRatingBook(ctx, e)
			if err != nil {
				t.Fatal(err)
			}
			if log != nil {
				b.SetLog(log)
			}
			return b
		}
		b := book(owner, nil)
		kv, err := forger.js.KeyValue(ctx, ratingsBucket)
		if err != nil {
			t.Fatal(err)
		}
		rate := func(m MatchEnd) {
			t.Helper()
			if rated, err := b.Rate(ctx, m); err != nil || !rated {
				t.Fatalf("match %s: rated %v, %v", m.Key, rated, err)
			}
		}
		capture := func() []byte {
			t.Helper()
			e, err := kv.Get(ctx, b.Key("classic", ann))
			if err != nil {
				t.Fatal(err)
			}
			return e.Value()
		}
		rate(fourOf("won", [4]int{1, 2, 3, 4}))
		won := capture()
		rate(fourOf("lost", [4]int{4, 2, 1, 3}))
		after := entryOf(t, b, "classic", ann)
		if _, err := kv.Put(ctx, b.Key("classic", ann), won); err != nil {
			t.Fatal(err)
		}

		// readUntil reads ann's rating on a node just started until it
		// is want (a replica behind the replay may show the newest
		// before it has the replay: read again), failing at once if
		// the one put back is taken.
		var said servetest.Buffer
		readUntil := func(what string, want RatedEntry) {
			t.Helper()
			for tries := 1; ; tries++ {
				r := book(reader, slog.New(slog.NewTextHandler(&said, nil)))
				e, _, err := r.Get(ctx, "classic", ann)
				bd, berr := r.BoardOf(ctx, "classic", ann)
				if err == nil && berr == nil && (e.Games < want.Games || bd.Place != 0 && bd.Own.Games < want.Games) {
					t.Fatalf("%s: the rating put back was taken: %+v, on the board %+v, want %+v", what, e, bd.Own, want)
				}
				if err == nil && berr == nil && e.Rating() == want.Rating() && bd.Own.Rating() == want.Rating() && slices.Equal(e.Recent, want.Recent) {
					return
				}
				if tries == 100 {
					t.Fatalf("%s: read %+v (%v), on the board %+v (%v), want %+v", what, e, err, bd.Own, berr, want)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		readUntil("put back after a loss", after)
		if !strings.Contains(said.String(), "a rating: refused, older than the one written last") {
			t.Errorf("the rating put back was not said refused; the log:\n%s", said.String())
		}
		for tries := 1; ; tries++ {
			var kept RatedEntry
			e, err := kv.Get(ctx, b.Key("classic", ann))
			if err == nil && b.seal.openJSON(ratingsBucket, e.Key(), e.Value(), &kept) == nil && kept.Gen == after.Gen {
				break
			}
			if tries == 100 {
				t.Fatalf("the store holds generation %d (%v) once read, want the newest (%d) written over the one put back", kept.Gen, err, after.Gen)
			}
			time.Sleep(20 * time.Millisecond)
		}

		// Put back again, then rated on: from the newest.
		if _, err := kv.Put(ctx, b.Key("classic", ann), won); err != nil {
			t.Fatal(err)
		}
		rate(fourOf("next", [4]int{2, 1, 3, 4}))
		next := entryOf(t, b, "classic", ann)
		if next.Games != 3 || !slices.Equal(next.Recent, []string{"won", "lost", "next"}) {
			t.Fatalf("rated after the one put back: %d games, matches %v, want the three", next.Games, next.Recent)
		}
		readUntil("rated after a put back", next)

		// Deleted: not a new player's rating, but the last kept.
		if err := kv.Purge(ctx, b.Key("classic", ann)); err != nil {
			t.Fatal(err)
		}
		readUntil("deleted", next)
	})
}

// TestAnOlderDailyResultPutBackIsNotTaken: ann's day captured after her
// first hand (and as she began it) is put back after a better second
// hand. A node watching the board keeps the newest; a node just
// started reads the newest on her page and on the board, from the
// store and from its watch, says it refused the one put back and
// writes the newest over it; and her third hand is scored after the
// second, not refused as out of order. Alone, and in a cluster of
// three.
func TestAnOlderDailyResultPutBackIsNotTaken(t *testing.T) {
	aloneAndThree(t, func(t *testing.T, owner, forger, reader *Engine) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		d, g := day(t, "2026-11-24"), game.Classic
		const ann, bob = "key:SHA256:ann", "key:SHA256:bob"
		book := func(e *Engine, log *slog.Logger) *DailyBook {
			b, err := OpenDailyBook(ctx, e)
			if err != nil {
				t.Fatal(err)
			}
			if log != nil {
				b.SetLog(log)
			}
			return b
		}
		var said servetest.Buffer
		b := book(owner, slog.New(slog.NewTextHandler(&said, nil)))
		if err := b.Watch(t.Context()); err != nil {
			t.Fatal(err)
		}
		kv, err := forger.js.KeyValue(ctx, dailyBucket)
		if err != nil {
			t.Fatal(err)
		}
		key := b.resultKey(g, d, ann)
		// capture reads ann's day as the write just made left it: a
		// read may be answered by a replica behind the write (direct
		// gets), so it is read until it is there and not the one
		// before.
		capture := func(before []byte) []byte {
			t.Helper()
			for tries := 1; ; tries++ {
				e, err := kv.Get(ctx, key)
				if err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
					t.Fatal(err)
				}
				if err == nil && !bytes.Equal(e.Value(), before) {
					return e.Value()
				}
				if tries == 500 {
					t.Fatalf("ann's day never read as written (%v)", err)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		if err := b.Claim(ctx, g, d, DailyResult{ID: ann, Name: "ann"}); err != nil {
			t.Fatal(err)
		}
		begun := capture(nil)
		if err := b.Scored(ctx, g, d, ann, 1, -3); err != nil {
			t.Fatal(err)
		}
		one := capture(begun)
		if err := b.Scored(ctx, g, d, ann, 2, 5); err != nil {
			t.Fatal(err)
		}
		want := []int{-3, 5}
		// annOn is ann's day on the board of rs (nil: not on it).
		annOn := func(rs []DailyResult) []int {
			for _, r := range rs {
				if r.ID == ann {
					return r.Hands
				}
			}
			return nil
		}
		for i, v := range [][]byte{one, begun} {
			if _, err := kv.Put(ctx, key, v); err != nil {
				t.Fatal(err)
			}
			// The watching node: once its watch brought bob's start,
			// made after the replay, it brought the replay.
			if err := b.Claim(ctx, g, d, DailyResult{ID: bob + string(rune('0'+i)), Name: "bob"}); err != nil {
				t.Fatal(err)
			}
			for tries := 1; ; tries++ {
				rs, ok := b.cache.results(g, d)
				if ok && len(rs) == 2+i {
					if got := annOn(rs); !slices.Equal(got, want) {
						t.Fatalf("replay %d: the watching node's board has ann's day %v, want %v", i+1, got, want)
					}
					break
				}
				if tries == 500 {
					t.Fatalf("replay %d: the watching node's board never had bob's day: %v", i+1, rs)
				}
				time.Sleep(20 * time.Millisecond)
			}
			// A node just started, from the store and from its watch.
			for tries := 1; ; tries++ {
				r := book(reader, slog.New(slog.NewTextHandler(&said, nil)))
				mine, _, ok, err := r.Result(ctx, g, d, ann)
				all, aerr := r.readResults(ctx, g, d)
				if err == nil && aerr == nil && ok && (len(mine.Hands) < len(want) || len(annOn(all)) < len(want)) {
					t.Fatalf("replay %d: the day put back was taken: %v, on the board %v", i+1, mine.Hands, annOn(all))
				}
				if err == nil && aerr == nil && slices.Equal(mine.Hands, want) && slices.Equal(annOn(all), want) {
					if err := r.Watch(t.Context()); err != nil {
						t.Fatal(err)
					}
					for w := 1; ; w++ {
						if rs, ok := r.cache.results(g, d); ok && len(rs) == 2+i {
							if got := annOn(rs); !slices.Equal(got, want) {
								t.Fatalf("replay %d: a new watch's board has ann's day %v, want %v", i+1, got, want)
							}
							break
						}
						if w == 500 {
							t.Fatalf("replay %d: a new watch never came live", i+1)
						}
						time.Sleep(20 * time.Millisecond)
					}
					break
				}
				if tries == 100 {
					t.Fatalf("replay %d: read %v (%v, %v), on the board %v (%v), want %v", i+1, mine.Hands, ok, err, annOn(all), aerr, want)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		if !strings.Contains(said.String(), "a daily result: refused, older than the one written last") {
			t.Errorf("the day put back was not said refused; the log:\n%s", said.String())
		}
		// Put back once more, then the third hand: after the second.
		if _, err := kv.Put(ctx, key, one); err != nil {
			t.Fatal(err)
		}
		if err := b.Scored(ctx, g, d, ann, 3, 1); err != nil {
			t.Fatalf("the third hand after the day put back: %v", err)
		}
		for tries := 1; ; tries++ {
			r, _, _, err := b.Result(ctx, g, d, ann)
			if err == nil && slices.Equal(r.Hands, []int{-3, 5, 1}) {
				break
			}
			if tries == 100 { // a replica behind the write may answer first
				t.Fatalf("ann's day after her third hand: %v (%v)", r.Hands, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// TestFollowersThatDoNotOpenSayNothing: a key saying a value's
// generation was followed, made by a writer without the secret (in
// plain, or deleted), does not make the newest value look put back:
// it is taken as it is.
func TestFollowersThatDoNotOpenSayNothing(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	const ann = "key:SHA256:ann"
	if err := b.Set(ctx, "classic", RatedEntry{ID: ann, Mu: 30, Sigma: 5, Games: 2}); err != nil {
		t.Fatal(err)
	}
	key := b.Key("classic", ann)
	if _, err := b.Ratings.Put(ctx, followerKey(key, 1), []byte(`{"id":"key:SHA256:ann","mu":99,"sigma":1,"games":9,"gen":2}`)); err != nil {
		t.Fatal(err)
	}
	if err := b.Ratings.Delete(ctx, followerKey(key, 2)); err != nil {
		t.Fatal(err)
	}
	if e, _, err := b.Get(ctx, "classic", ann); err != nil || e.Mu != 30 || e.Gen != 1 {
		t.Fatalf("ann's rating with a forged follower: %+v (%v), want mu 30, generation 1", e, err)
	}
}

// TestAMarkBegunPutBackRatesNoMatchTwice: a match's mark as it was
// begun (sealed by the node that rated it), put back once the match is
// rated and its players have played past the matches their ratings
// name, does not rate the match again when a restore hands it over.
func TestAMarkBegunPutBackRatesNoMatchTwice(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const ann = "key:SHA256:ann+/x"
	first := fourOf("first", [4]int{1, 2, 3, 4})
	if rated, err := b.Rate(ctx, first); err != nil || !rated {
		t.Fatalf("rated %v, %v", rated, err)
	}
	for i := range recentKept {
		if _, err := b.Rate(ctx, fourOf(fmt.Sprintf("later%d", i), [4]int{4, 3, 2, 1})); err != nil {
			t.Fatal(err)
		}
	}
	before := entryOf(t, b, "classic", ann)
	if slices.Contains(before.Recent, first.Key) {
		t.Fatalf("ann's rating still names the first match: %v", before.Recent)
	}
	begun := matchMark{Game: first.Game, Seats: first.Seats, Places: first.Places, Gen: 1}
	for i := range begun.Priors {
		begun.Priors[i] = rating.New() // everyone's first match
	}
	v, err := b.seal.sealJSON(ratedBucket, first.Key, begun)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.rated.Put(ctx, first.Key, v); err != nil {
		t.Fatal(err)
	}
	if rated, err := b.Rate(ctx, first); err != nil || rated {
		t.Fatalf("the match handed over again after its begun mark was put back: rated %v, %v", rated, err)
	}
	if after := entryOf(t, b, "classic", ann); after.Games != before.Games || after.Rating() != before.Rating() {
		t.Fatalf("ann's rating changed: %d games, %v, was %d, %v", after.Games, after.Rating(), before.Games, before.Rating())
	}
}

// TestARatingReadFromAReplicaBehindIsNotAReplay: a node that reads a
// rating from a replica not yet given its last write (the value one
// generation old, while the follower that its write made is read
// elsewhere) asks the stream's leader before it calls the value put
// back: the newer one is taken, and nothing is said or written over.
func TestARatingReadFromAReplicaBehindIsNotAReplay(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	b, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	var said servetest.Buffer
	b.SetLog(slog.New(slog.NewTextHandler(&said, nil)))
	const ann = "key:SHA256:ann+/x"
	if rated, err := b.Rate(ctx, fourOf("won", [4]int{1, 2, 3, 4})); err != nil || !rated {
		t.Fatalf("rated %v, %v", rated, err)
	}
	behind, err := b.Ratings.Get(ctx, b.Key("classic", ann)) // as a replica behind will answer
	if err != nil {
		t.Fatal(err)
	}
	if rated, err := b.Rate(ctx, fourOf("lost", [4]int{4, 2, 1, 3})); err != nil || !rated {
		t.Fatalf("rated %v, %v", rated, err)
	}
	want := entryOf(t, b, "classic", ann)
	var got RatedEntry
	if _, err := b.fresh.open(ctx, behind, &got); err != nil {
		t.Fatal(err)
	}
	if got.Games != want.Games || got.Rating() != want.Rating() {
		t.Errorf("read from a replica behind: %+v, want the newest %+v", got, want)
	}
	if strings.Contains(said.String(), "older than the one written last") {
		t.Errorf("a read from a replica behind was said to be a value put back:\n%s", said.String())
	}
}
