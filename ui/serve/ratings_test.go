package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/nats-io/nats.go/jetstream"
	gossh "golang.org/x/crypto/ssh"

	"okey/ui/serve/rating"
)

// testBook is a rating book in an engine of its own.
func testBook(t *testing.T) *ratingBook {
	t.Helper()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.close() })
	ctx, cancel := engineCtx()
	defer cancel()
	b, err := openRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// entryOf is id's entry in a game, failing if it has none.
func entryOf(t *testing.T, b *ratingBook, gameName, id string) ratedEntry {
	t.Helper()
	ctx, cancel := engineCtx()
	defer cancel()
	e, rev, err := b.get(ctx, gameName, id)
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
func fourOf(key string, places [4]int) matchEnd {
	return matchEnd{Key: key, Game: "classic", Places: places, Seats: [4]entrant{
		{ID: "key:SHA256:ann+/x", Name: "ann"}, {ID: "guest:ABCDEFGHJK", Name: "gus"},
		{ID: "key:SHA256:bob", Name: "bob"}, {ID: botIdentity("easy"), Name: "easy"},
	}}
}

// TestRatingBookRatesOnce: a match updates each rated seat once, with
// the model's numbers, however often it is rated; the guest is not
// kept; a match of guests and bots alone is not rated.
func TestRatingBookRatesOnce(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := engineCtx()
	defer cancel()
	m := fourOf("c0ffee", [4]int{2, 1, 4, 3})
	for range 3 {
		if err := b.rate(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	fresh := rating.New()
	want, err := rating.Rate([]rating.Rating{fresh, fresh, fresh, fresh}, []int{2, 1, 4, 3}, rating.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seat, id := range map[int]string{0: "key:SHA256:ann+/x", 2: "key:SHA256:bob", 3: "bot:easy"} {
		e := entryOf(t, b, "classic", id)
		if e.Games != 1 || e.rating() != want[seat] {
			t.Errorf("%s: %d games, %v; want 1 game, %v", id, e.Games, e.rating(), want[seat])
		}
	}
	if e := entryOf(t, b, "classic", "key:SHA256:ann+/x"); e.Name != "ann" {
		t.Errorf("ann's entry is named %q", e.Name)
	}
	if _, rev, _ := b.get(ctx, "classic", "guest:ABCDEFGHJK"); rev != 0 {
		t.Error("the guest was rated")
	}
	if _, rev, _ := b.get(ctx, "101", "key:SHA256:ann+/x"); rev != 0 {
		t.Error("a classic match rated ann at 101")
	}

	noKey := fourOf("beef", [4]int{1, 2, 3, 4})
	noKey.Seats[0].ID, noKey.Seats[2].ID = "guest:X", botIdentity("hard")
	if err := b.rate(ctx, noKey); err != nil {
		t.Fatal(err)
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
	ctx, cancel := engineCtx()
	defer cancel()
	other := fourOf("m2", [4]int{1, 2, 3, 4})
	other.Seats[2] = entrant{ID: "key:SHA256:cem", Name: "cem"}
	jobs := []matchEnd{fourOf("m1", [4]int{4, 3, 2, 1}), fourOf("m1", [4]int{4, 3, 2, 1}), fourOf("m1", [4]int{4, 3, 2, 1}), other, other}
	var wg sync.WaitGroup
	errs := make([]error, len(jobs))
	for i, m := range jobs {
		wg.Go(func() { errs[i] = b.rate(ctx, m) })
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
	ctx, cancel := engineCtx()
	defer cancel()
	// Bob has played before: the mark records his rating then.
	if err := b.rate(ctx, matchEnd{Key: "earlier", Game: "classic", Places: [4]int{1, 2, 3, 4}, Seats: [4]entrant{
		{ID: "key:SHA256:bob"}, {ID: "bot:hard"}, {ID: "bot:hard"}, {ID: "bot:hard"}}}); err != nil {
		t.Fatal(err)
	}
	bob := entryOf(t, b, "classic", "key:SHA256:bob")
	m := fourOf("cut", [4]int{1, 2, 3, 4})
	mark := matchMark{Game: m.Game, Seats: m.Seats, Places: m.Places}
	for i := range mark.Priors {
		mark.Priors[i] = rating.New()
	}
	mark.Priors[2] = bob.rating()
	v, _ := json.Marshal(mark)
	if _, err := b.rated.Create(ctx, m.Key, v); err != nil {
		t.Fatal(err)
	}
	if err := b.applyOne(ctx, m.Key, "key:SHA256:ann+/x", mark); err != nil {
		t.Fatal(err)
	}
	// The writer dies here. Bob plays another match meanwhile.
	if err := b.rate(ctx, matchEnd{Key: "meanwhile", Game: "classic", Places: [4]int{2, 1, 1, 1}, Seats: [4]entrant{
		{ID: "key:SHA256:bob"}, {ID: "bot:normal"}, {ID: "bot:normal"}, {ID: "bot:normal"}}}); err != nil {
		t.Fatal(err)
	}
	bobNow := entryOf(t, b, "classic", "key:SHA256:bob")
	// The table is restored elsewhere, and its match rated again.
	if err := b.rate(ctx, m); err != nil {
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
	priors[2] = bobNow.rating()
	want, _ := rating.Rate(priors[:], m.Places[:], rating.Options{})
	if math.Abs(bobAfter.Mu-want[2].Mu) > 1e-12 || math.Abs(bobAfter.Sigma-want[2].Sigma) > 1e-12 {
		t.Errorf("bob: %v, want %v", bobAfter.rating(), want[2])
	}
	kv, err := b.rated.Get(ctx, m.Key)
	if err != nil {
		t.Fatal(err)
	}
	var got matchMark
	if err := json.Unmarshal(kv.Value(), &got); err != nil || !got.Done {
		t.Errorf("the mark is not done: %s (%v)", kv.Value(), err)
	}
}

// TestMatchUpdate: a bot level at three seats adds up three games; a
// partners match rates two teams of two.
func TestMatchUpdate(t *testing.T) {
	t.Parallel()
	fresh := rating.New()
	mark := matchMark{Places: [4]int{1, 2, 3, 4}, Seats: [4]entrant{{ID: "key:A"}, {ID: "bot:easy"}, {ID: "bot:easy"}, {ID: "bot:easy"}},
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

// TestFinishedMatchIsRatedOnceAcrossARestart: a table's match that
// ends is rated with who sat down to it; the table restored with its
// match over (a restart, or another node taking it) rates it again,
// and the store applies it once.
func TestFinishedMatchIsRatedOnceAcrossARestart(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	var mu sync.Mutex
	var ends []matchEnd
	rate := func(m matchEnd) {
		mu.Lock()
		ends = append(ends, m)
		mu.Unlock()
		ctx, cancel := engineCtx()
		defer cancel()
		if err := b.rate(ctx, m); err != nil {
			t.Error(err)
		}
	}
	var saved struct {
		sync.Mutex
		table, record []byte
	}
	opt := tableOptions{
		botDelay: 0, botTimeout: 5 * time.Second, keepSeat: 10 * time.Minute, handWait: 20 * time.Second,
		chatEvery: 5 * time.Second, chatBurst: 3, chatKeep: 50,
		log: slog.New(slog.NewTextHandler(io.Discard, nil)), now: time.Now, random: fixedRandom(5), rate: rate,
	}
	sv := newSaver(func(table, record []byte) error {
		saved.Lock()
		defer saved.Unlock()
		if table != nil {
			saved.table = table
		}
		saved.record = record
		return nil
	}, func() error { return nil }, opt.log)
	tb, err := newTable("7", tableConfig{Game: "classic", Rules: "points=5", Levels: [4]string{"easy", "normal", "hard", "easy"}}, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	ann := newMember("key:SHA256:ann", "ann")
	tb.join(ann, 0)
	tb.handle(request{kind: reqStart, m: ann})
	tb.seats[0].away = true // her bot plays
	for steps := 0; ; steps++ {
		if steps > 20000 {
			t.Fatal("the match never ended")
		}
		stg, turn := tb.ref.Stage()
		if stg == stMatchOver {
			break
		}
		if stg == stHandOver {
			tb.deal()
		} else {
			tb.ask(turn)
			botMove(t, tb)
		}
	}
	// Ann leaves the table: the match she sat down to is still hers.
	tb.leave(ann, true)
	sv.flush()
	places, _, _ := tb.ref.Standings()
	mu.Lock()
	if len(ends) != 1 {
		t.Fatalf("the match's end was rated %d times, want 1", len(ends))
	}
	first := ends[0]
	mu.Unlock()
	if first.Key != tb.seal.commit.String() || first.Places != places || first.Seats[0].ID != "key:SHA256:ann" || first.Seats[2].ID != "bot:hard" {
		t.Errorf("rated %+v; want the commitment %s, places %v, ann and the bots", first, tb.seal.commit, places)
	}
	check := func() {
		t.Helper()
		for id, games := range map[string]int{"key:SHA256:ann": 1, "bot:easy": 1, "bot:normal": 1, "bot:hard": 1} {
			if e := entryOf(t, b, "classic", id); e.Games != games {
				t.Errorf("%s: %d games, want %d", id, e.Games, games)
			}
		}
	}
	check()

	// The restart: the table comes back from what it saved.
	h := newHall(context.Background(), opt, nil, 10, shareLimits{})
	saved.Lock()
	kt := keptTable{}
	kt.ID, kt.Table, kt.Record = "7", saved.table, saved.record
	saved.Unlock()
	back, err := h.restoreOne(kt, time.Time{})
	if err != nil || back == nil {
		t.Fatalf("restoring: %v, %v", back, err)
	}
	t.Cleanup(back.saver.flush)
	mu.Lock()
	n := len(ends)
	mu.Unlock()
	if n != 2 || ends[1].Key != first.Key || ends[1].Seats != first.Seats {
		t.Fatalf("after the restart the end was handed over %d times in all (want 2, the same match): %+v", n, ends)
	}
	check()
}

// TestLeaderboard: the board ranks by ordinal, names the player's own
// place among all rated, and its page fits 80×24 in both languages,
// the bots named by level, a guest told why they are not on it.
func TestLeaderboard(t *testing.T) {
	t.Parallel()
	b := testBook(t)
	ctx, cancel := engineCtx()
	defer cancel()
	names := []string{"ann", "Şükrü", "a-very-long-name", "bob", "cem", "deniz", "ece", "fatma", "gül", "hakan", "ilker", "jale", "kaan", "leyla", "mert", "nur", "oya", "pelin", "rıza", "selin", "tarık", "ufuk", "veli", "yasemin"}
	for i := range 80 {
		seats := [4]entrant{}
		for j := range 3 {
			n := names[(i*3+j*5)%len(names)]
			seats[j] = entrant{ID: "key:" + n, Name: n}
		}
		seats[3] = entrant{ID: botIdentity([]string{"easy", "normal", "hard"}[i%3]), Name: "bot"}
		places := [4]int{1 + i%4, 1 + (i+1)%4, 1 + (i+2)%4, 1 + (i+3)%4}
		if seats[0].ID == seats[1].ID || seats[1].ID == seats[2].ID || seats[0].ID == seats[2].ID {
			continue
		}
		if err := b.rate(ctx, matchEnd{Key: fmt.Sprintf("m%d", i), Game: "classic", Seats: seats, Places: places}); err != nil {
			t.Fatal(err)
		}
	}
	bd, err := b.boardOf(ctx, "classic", "key:ann")
	if err != nil {
		t.Fatal(err)
	}
	if bd.Rated != len(names)+3 || len(bd.Top) != boardSize {
		t.Fatalf("%d rated, %d listed; want %d and %d", bd.Rated, len(bd.Top), len(names)+3, boardSize)
	}
	for i := 1; i < len(bd.Top); i++ {
		if bd.Top[i].rating().Ordinal() > bd.Top[i-1].rating().Ordinal() {
			t.Errorf("place %d above place %d", i+1, i)
		}
	}
	if bd.Place == 0 || bd.Own.ID != "key:ann" || (bd.Place <= boardSize && bd.Top[bd.Place-1].ID != "key:ann") {
		t.Errorf("ann's place %d (%+v)", bd.Place, bd.Own)
	}
	if other, err := b.boardOf(ctx, "101", "key:ann"); err != nil || other.Rated != 0 || other.Place != 0 {
		t.Errorf("the 101 board: %+v, %v", other, err)
	}

	for _, tc := range []struct{ lang, id, code, want, bot string }{
		{"en", "key:ann", "", fmt.Sprintf("You: %d. of %d", bd.Place, bd.Rated), "bot (easy)"},
		{"tr", "key:ann", "", fmt.Sprintf("Sen: %d. / %d", bd.Place, bd.Rated), "bot (kolay)"},
		{"en", "guest:ABCDEFGHJK", "ABCDEFGHJK", "Guests are not rated", "bot (hard)"},
		{"tr", "key:zed", "", "henüz puanın yok", "bot (zor)"},
	} {
		t.Run(tc.lang+" "+tc.id, func(t *testing.T) {
			s := &session{srv: &Server{cfg: Config{NoColor: true}}, id: tc.id, code: tc.code, name: "ann", page: pgBoard, boardGame: "classic", width: 80, height: 24}
			s.setLang(tc.lang)
			own := bd
			if tc.id != "key:ann" {
				own.Place, own.Own = 0, ratedEntry{}
			}
			s.board = &own
			scr := s.render()
			if testing.Verbose() {
				t.Log("\n" + scr)
			}
			lines := strings.Split(scr, "\n")
			if len(lines) != 24 {
				t.Fatalf("%d lines, want 24:\n%s", len(lines), scr)
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w > 80 {
					t.Errorf("line %d is %d wide: %q", i, w, l)
				}
			}
			for _, want := range []string{tc.want, tc.bot, "20.", fmt.Sprintf("%.1f", bd.Top[0].rating().Ordinal()), "mu − 3·sigma"} {
				if !strings.Contains(scr, want) {
					t.Errorf("the page does not say %q:\n%s", want, scr)
				}
			}
		})
	}
}

// TestRoomShowsRatings: the waiting room names each seat's rated
// identity (never a guest's resume code) and shows the ratings read.
func TestRoomShowsRatings(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	ann, gus := newMember("key:SHA256:ann", "ann"), newMember("guest:ABCDEFGHJK", "gus")
	tb.join(ann, 0)
	tb.join(gus, 1)
	info := tb.info()
	msg := tb.msgFor(ann, 0, &info)
	if msg.room == nil {
		t.Fatal("no waiting room")
	}
	want := [4]string{"key:SHA256:ann", "", "bot:easy", "bot:easy"}
	if msg.room.rated != want {
		t.Fatalf("the room's rated identities %q, want %q", msg.room.rated, want)
	}
	for _, lang := range []string{"en", "tr"} {
		s := &session{srv: &Server{cfg: Config{NoColor: true}}, id: "key:SHA256:ann", name: "ann", page: pgRoom, width: 80, height: 24,
			room: msg.room, roomRatings: map[string]ratedEntry{"key:SHA256:ann": {Mu: 30, Sigma: 2, Games: 5}, "bot:easy": {Mu: 20, Sigma: 1, Games: 40}}}
		s.setLang(lang)
		scr := s.render()
		for i, l := range strings.Split(scr, "\n") {
			if w := ansi.StringWidth(l); w > 80 {
				t.Errorf("%s: line %d is %d wide: %q", lang, i, w, l)
			}
		}
		wants := map[string][]string{"en": {"ann (you) · rating 24.0, 5 games", "bot (easy) until someone sits · rating 17.0, 40 games"},
			"tr": {"ann (sen) · puan 24.0, 5 oyun", "· puan 17.0, 40 oyun"}}[lang]
		for _, w := range wants {
			if !strings.Contains(scr, w) {
				t.Errorf("%s: the room does not say %q:\n%s", lang, w, scr)
			}
		}
		if strings.Contains(scr, "gus ·") {
			t.Errorf("%s: a guest shown with a rating:\n%s", lang, scr)
		}
	}
}

// TestTableShowsRatings: at a served table, the panel of a seat whose
// player has a rating in the table's game says it ("player 12.3"); a
// guest's says "player".
func TestTableShowsRatings(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	annKey := newKey(t)
	id := keyPrefix + gossh.FingerprintSHA256(annKey.PublicKey())
	entry, _ := json.Marshal(ratedEntry{ID: id, Name: "ann", Mu: 30, Sigma: 4, Games: 7})
	ctx, cancel := engineCtx()
	defer cancel()
	if _, err := srv.book.ratings.Put(ctx, ratingKey("classic", id), entry); err != nil {
		t.Fatal(err)
	}
	ann := dial(t, addr, "ann", dialOpts{key: annKey})
	openTable(t, ann)
	guest := dial(t, addr, "gus", dialOpts{w: 80, h: 24}) // the narrowest panels
	sit(t, guest)
	ann.press("s")
	// 30 - 3×4 = 18.0, on both players' screens.
	guest.waitFor("player 18.0", 10*time.Second)
	scr := ann.waitFor("Hand 1 ·", 10*time.Second)
	g := guest.term.String()
	// (The points beside it may be 19: a bot that shows the indicator
	// takes one from the others.)
	if strings.Count(g, "player 18.0 · ") != 1 {
		t.Errorf("the guest's screen shows ann's rating %d times:\n%s", strings.Count(g, "player 18.0 · "), g)
	}
	if !strings.Contains(scr, "player · 20 pts") && !strings.Contains(scr, "player ·") {
		t.Errorf("ann's screen: the guest's panel is not a plain player's:\n%s", scr)
	}
	for _, line := range strings.Split(g, "\n") {
		if ansi.StringWidth(line) > 80 {
			t.Fatalf("a line of %d columns at 80:\n%s", ansi.StringWidth(line), g)
		}
	}
}
