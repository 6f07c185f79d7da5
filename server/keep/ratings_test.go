package keep

import (
	"errors"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/server/rating"
)

// testBook is a rating book in an engine of its own.
func testBook(t *testing.T) *RatingBook {
	t.Helper()
	_, b := engineBook(t)
	return b
}

// engineBook is an engine of the test's own and a rating book in it.
func engineBook(t *testing.T) (*Engine, *RatingBook) {
	t.Helper()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx, cancel := EngineCtx()
	defer cancel()
	b, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	return eng, b
}

// entryOf is id's entry in a game, failing if it has none.
func entryOf(t *testing.T, b *RatingBook, gameName, id string) RatedEntry {
	t.Helper()
	ctx, cancel := EngineCtx()
	defer cancel()
	e, rev, err := b.Get(ctx, gameName, id)
	if err != nil {
		t.Fatal(err)
	}
	if rev == 0 {
		t.Fatalf("%s has no rating in %s", id, gameName)
	}
	return e
}

// fourOf is a match of ann and bob (keys), a guest and an easy bot,
// placed as given.
func fourOf(key string, places [4]int) MatchEnd {
	return MatchEnd{Key: key, Game: "classic", Places: places, Seats: [4]Entrant{
		{ID: "key:SHA256:ann+/x", Name: "ann"}, {ID: "guest:ABCDEFGHJK", Name: "gus"},
		{ID: "key:SHA256:bob", Name: "bob"}, {ID: BotIdentity("easy"), Name: "easy"},
	}}
}

// TestRatingBookRatesOnce: a match updates each rated seat once, with
// the model's numbers, however often it is rated; the guest is not
// kept; a match of guests and bots alone is not rated.
func TestRatingBookRatesOnce(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	m := fourOf("c0ffee", [4]int{2, 1, 4, 3})
	for i := range 3 {
		rated, err := b.Rate(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		if rated != (i == 0) {
			t.Errorf("rating %d of one match says rated %v: only the first rates it", i+1, rated)
		}
	}
	fresh := rating.New()
	want, err := rating.Rate([]rating.Rating{fresh, fresh, fresh, fresh}, []int{2, 1, 4, 3}, rating.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seat, id := range map[int]string{0: "key:SHA256:ann+/x", 2: "key:SHA256:bob", 3: "bot:easy"} {
		e := entryOf(t, b, "classic", id)
		if e.Games != 1 || e.Rating() != want[seat] {
			t.Errorf("%s: %d games, %v; want 1 game, %v", id, e.Games, e.Rating(), want[seat])
		}
	}
	if e := entryOf(t, b, "classic", "key:SHA256:ann+/x"); e.Name != "ann" {
		t.Errorf("ann's entry is named %q", e.Name)
	}
	if _, rev, _ := b.Get(ctx, "classic", "guest:ABCDEFGHJK"); rev != 0 {
		t.Error("the guest was rated")
	}
	if _, rev, _ := b.Get(ctx, "101", "key:SHA256:ann+/x"); rev != 0 {
		t.Error("a classic match rated ann at 101")
	}

	noKey := fourOf("beef", [4]int{1, 2, 3, 4})
	noKey.Seats[0].ID, noKey.Seats[2].ID = "guest:X", BotIdentity("hard")
	if rated, err := b.Rate(ctx, noKey); err != nil || rated {
		t.Fatalf("a match without a key: rated %v, %v", rated, err)
	}
	if e := entryOf(t, b, "classic", "bot:easy"); e.Games != 1 {
		t.Errorf("a match without a key moved the easy bot: %d games", e.Games)
	}
	if _, err := b.rated.Get(ctx, "beef"); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Errorf("a match without a key was marked: %v", err)
	}
}

// TestRatingBookConcurrent: writers racing on one match rate it once;
// two matches sharing a player, rated at once, both count.
func TestRatingBookConcurrent(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	other := fourOf("m2", [4]int{1, 2, 3, 4})
	other.Seats[2] = Entrant{ID: "key:SHA256:cem", Name: "cem"}
	jobs := []MatchEnd{fourOf("m1", [4]int{4, 3, 2, 1}), fourOf("m1", [4]int{4, 3, 2, 1}), fourOf("m1", [4]int{4, 3, 2, 1}), other, other}
	var wg sync.WaitGroup
	errs := make([]error, len(jobs))
	for i, m := range jobs {
		wg.Go(func() { _, errs[i] = b.Rate(ctx, m) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	for id, games := range map[string]int{"key:SHA256:ann+/x": 2, "key:SHA256:bob": 1, "key:SHA256:cem": 1, "bot:easy": 2} {
		if e := entryOf(t, b, "classic", id); e.Games != games {
			t.Errorf("%s: %d games, want %d (recent %v)", id, e.Games, games, e.Recent)
		}
	}
}

// TestRatingBookFinishesACutShortRating: a writer that marked a match
// and updated one player, then died, leaves the rest to the next: the
// others are rated with the ratings the mark recorded, and the one done
// is not done twice.
func TestRatingBookFinishesACutShortRating(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	// Bob has played before: the mark records his rating then.
	if _, err := b.Rate(ctx, MatchEnd{Key: "earlier", Game: "classic", Places: [4]int{1, 2, 3, 4}, Seats: [4]Entrant{
		{ID: "key:SHA256:bob"}, {ID: "bot:hard"}, {ID: "bot:hard"}, {ID: "bot:hard"}}}); err != nil {
		t.Fatal(err)
	}
	bob := entryOf(t, b, "classic", "key:SHA256:bob")
	m := fourOf("cut", [4]int{1, 2, 3, 4})
	mark := matchMark{Game: m.Game, Seats: m.Seats, Places: m.Places}
	for i := range mark.Priors {
		mark.Priors[i] = rating.New()
	}
	mark.Priors[2] = bob.Rating()
	v, _ := b.seal.sealJSON(ratedBucket, m.Key, mark)
	if _, err := b.rated.Create(ctx, m.Key, v); err != nil {
		t.Fatal(err)
	}
	if err := b.applyOne(ctx, m.Key, "key:SHA256:ann+/x", mark); err != nil {
		t.Fatal(err)
	}
	// The writer dies here. Bob plays another match meanwhile.
	if _, err := b.Rate(ctx, MatchEnd{Key: "meanwhile", Game: "classic", Places: [4]int{2, 1, 1, 1}, Seats: [4]Entrant{
		{ID: "key:SHA256:bob"}, {ID: "bot:normal"}, {ID: "bot:normal"}, {ID: "bot:normal"}}}); err != nil {
		t.Fatal(err)
	}
	bobNow := entryOf(t, b, "classic", "key:SHA256:bob")
	// The table is restored elsewhere, and its match rated again.
	if _, err := b.Rate(ctx, m); err != nil {
		t.Fatal(err)
	}
	ann := entryOf(t, b, "classic", "key:SHA256:ann+/x")
	if ann.Games != 1 {
		t.Errorf("ann rated %d times for one match", ann.Games)
	}
	bobAfter := entryOf(t, b, "classic", "key:SHA256:bob")
	if bobAfter.Games != bob.Games+2 {
		t.Errorf("bob: %d games, want %d", bobAfter.Games, bob.Games+2)
	}
	// Bob's update starts from his rating now, against the others as
	// the mark recorded them.
	priors := mark.Priors
	priors[2] = bobNow.Rating()
	want, _ := rating.Rate(priors[:], m.Places[:], rating.Options{})
	if math.Abs(bobAfter.Mu-want[2].Mu) > 1e-12 || math.Abs(bobAfter.Sigma-want[2].Sigma) > 1e-12 {
		t.Errorf("bob: %v, want %v", bobAfter.Rating(), want[2])
	}
	kv, err := b.rated.Get(ctx, m.Key)
	if err != nil {
		t.Fatal(err)
	}
	var got matchMark
	if err := b.seal.openJSON(ratedBucket, m.Key, kv.Value(), &got); err != nil || !got.Done {
		t.Errorf("the mark is not done: %s (%v)", kv.Value(), err)
	}
}

// TestMatchUpdate: a bot level at three seats adds up three games; a
// partners match rates two teams of two.
func TestMatchUpdate(t *testing.T) {
	t.Parallel()
	fresh := rating.New()
	mark := matchMark{Places: [4]int{1, 2, 3, 4}, Seats: [4]Entrant{{ID: "key:A"}, {ID: "bot:easy"}, {ID: "bot:easy"}, {ID: "bot:easy"}},
		Priors: [4]rating.Rating{fresh, fresh, fresh, fresh}}
	got, n, err := matchUpdate(mark, "bot:easy", fresh)
	if err != nil {
		t.Fatal(err)
	}
	each, _ := rating.Rate(mark.Priors[:], mark.Places[:], rating.Options{})
	wantMu := fresh.Mu + (each[1].Mu - fresh.Mu) + (each[2].Mu - fresh.Mu) + (each[3].Mu - fresh.Mu)
	if n != 3 || math.Abs(got.Mu-wantMu) > 1e-12 || !(got.Sigma < each[3].Sigma) {
		t.Errorf("the easy bot at three seats: %v over %d games; want mu %v, sigma below %v", got, n, wantMu, each[3].Sigma)
	}
	if _, _, err := matchUpdate(mark, "key:Z", fresh); err == nil {
		t.Error("rated a player who did not play")
	}
	mark.Partners, mark.Places = true, [4]int{2, 1, 2, 1}
	got, _, err = matchUpdate(mark, "key:A", fresh)
	if err != nil {
		t.Fatal(err)
	}
	teams, _ := rating.RateTeams([][]rating.Rating{{fresh, fresh}, {fresh, fresh}}, []int{2, 1}, rating.Options{})
	if got != teams[0][0] {
		t.Errorf("partners: %v, want %v", got, teams[0][0])
	}
}

// TestForgedRatingsAreNotTaken: a writer of the store without the
// cluster's secret puts a rating of its own on the board in plain, and
// rewrites a real player's in plain and under another player's key: the
// leaderboard has the real rating alone, as it was; the rewritten one is
// not read as the player's; and a rating in plain says nothing of when
// its key was about.
func TestForgedRatingsAreNotTaken(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	ann := RatedEntry{ID: "key:SHA256:ann", Name: "ann", Mu: 27, Sigma: 5, Games: 4}
	if err := b.Set(ctx, "classic", ann); err != nil {
		t.Fatal(err)
	}
	annSealed, err := b.Ratings.Get(ctx, b.Key("classic", ann.ID))
	if err != nil {
		t.Fatal(err)
	}
	for id, v := range map[string][]byte{
		"key:SHA256:eve":  []byte(`{"id":"key:SHA256:eve","name":"eve","mu":60,"sigma":1,"games":99}`),
		"key:SHA256:mall": annSealed.Value(), // ann's sealed rating under another key
	} {
		if _, err := b.Ratings.Put(ctx, b.Key("classic", id), v); err != nil {
			t.Fatal(err)
		}
	}
	bd, err := b.BoardOf(ctx, "classic", ann.ID)
	if err != nil {
		t.Fatal(err)
	}
	if bd.Rated != 1 || len(bd.Top) != 1 || bd.Top[0].ID != ann.ID || bd.Place != 1 {
		t.Errorf("the board is %+v, want ann's rating alone, first", bd)
	}
	if _, ok := b.WrittenAt(ctx, "classic", "key:SHA256:eve"); ok {
		t.Error("a rating in plain dated its key")
	}
	if _, ok := b.WrittenAt(ctx, "classic", ann.ID); !ok {
		t.Error("ann's sealed rating dated nothing")
	}
	if _, err := b.Ratings.Put(ctx, b.Key("classic", ann.ID), []byte(`{"id":"key:SHA256:ann","name":"ann","mu":60,"sigma":1,"games":99}`)); err != nil {
		t.Fatal(err)
	}
	if e, _, err := b.Get(ctx, "classic", ann.ID); err == nil {
		t.Errorf("ann's rating rewritten in plain was read as hers: %+v", e)
	}
}

// TestShownRatingsAreReadOnceAWhile: a rating shown on pages is read
// from the store once and kept for its time (every waiting player's
// page asked for the same ones every two seconds), and read again once
// that time is over; Get, for a rating to be written, always reads.
func TestShownRatingsAreReadOnceAWhile(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	set := func(mu float64) {
		t.Helper()
		if err := b.Set(ctx, "classic", RatedEntry{ID: "key:SHA256:ann", Name: "ann", Mu: mu, Sigma: 5, Games: 1}); err != nil {
			t.Fatal(err)
		}
	}
	shown := func() float64 {
		t.Helper()
		e, rev, err := b.Shown(ctx, "classic", "key:SHA256:ann")
		if err != nil || rev == 0 {
			t.Fatalf("shown: %v, rev %d", err, rev)
		}
		return e.Mu
	}
	b.shown.keep = time.Hour
	set(27)
	if mu := shown(); mu != 27 {
		t.Fatalf("shown %v, want 27", mu)
	}
	set(30)
	if mu := shown(); mu != 27 {
		t.Errorf("shown again within its time: %v, want the one read (27)", mu)
	}
	if e := entryOf(t, b, "classic", "key:SHA256:ann"); e.Mu != 30 {
		t.Errorf("Get read %v, want the store's 30", e.Mu)
	}
	b.shown.keep = time.Nanosecond
	if mu := shown(); mu != 30 {
		t.Errorf("shown past its time: %v, want the store's 30", mu)
	}
}

// TestSeatsOutAreRatedForNobody: a seat its player did not play (a
// tournament's forfeit, or their bot playing while they were away) moves
// no rating: not its player's (no game counted), and not the others',
// who are rated among themselves by their places, the bot at their
// table included; a match with one key left alone, or partners with a
// seat out, are not rated at all.
func TestSeatsOutAreRatedForNobody(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	m := fourOf("a11", [4]int{1, 2, 3, 4})
	m.Out[0] = true // ann's bot won it for her
	if rated, err := b.Rate(ctx, m); err != nil || !rated {
		t.Fatalf("rated %v, %v", rated, err)
	}
	if _, rev, _ := b.Get(ctx, "classic", "key:SHA256:ann+/x"); rev != 0 {
		t.Error("ann's seat, out, was rated")
	}
	fresh := rating.New()
	want, err := rating.Rate([]rating.Rating{fresh, fresh, fresh}, []int{2, 3, 4}, rating.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range map[int]string{1: "key:SHA256:bob", 2: "bot:easy"} {
		if e := entryOf(t, b, "classic", id); e.Games != 1 || e.Rating() != want[i] {
			t.Errorf("%s: %d games, %v; want 1 game, %v (rated among the three who played)", id, e.Games, e.Rating(), want[i])
		}
	}

	alone := fourOf("a12", [4]int{1, 2, 3, 4})
	alone.Out = [4]bool{true, true, false, true}
	partners := fourOf("a13", [4]int{1, 2, 1, 2})
	partners.Partners, partners.Out[2] = true, true
	for _, m := range []MatchEnd{alone, partners} {
		if rated, err := b.Rate(ctx, m); err != nil || rated {
			t.Errorf("%s: rated %v, %v; want not rated", m.Key, rated, err)
		}
	}
	if e := entryOf(t, b, "classic", "key:SHA256:bob"); e.Games != 1 {
		t.Errorf("bob played %d games; the matches not rated moved him", e.Games)
	}
}
