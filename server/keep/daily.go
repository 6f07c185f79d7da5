package keep

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
	"okey/game/daily"
)

// The served daily. Each day and game has a secret
// the server draws from crypto/rand, which decides the day's deals
// (game/daily's NewServed): the first node to need it makes it, with a
// Create that succeeds once in the whole cluster, and every other node
// reads the one made. While the day lasts only its commitment is shown;
// the secret is revealed once the day is over. The players' results and
// the day's par are kept beside it.
//
// One bucket, okey_daily, keyed
//
//	secret.GAME.DATE       the day's secret, sealed (seal.go): a reader of
//	                       the store without the cluster's secret cannot
//	                       learn the day's deals from it
//	par.GAME.DATE          par, hand by hand (bots/par's hard line)
//	result.GAME.DATE.ID    a player's day: ID a MAC of the identity and
//	                       the day (names.go); made with Create when the
//	                       player starts, so that a day is played once
//	fresh.result.GAME.DATE.ID.N  made once as generation N of the
//	                       player's day is written over (fresh.go): an
//	                       older day put back is not taken
//
// with GAME classic or 101 and DATE YYYY-MM-DD (the day in UTC). A
// result holds scores only, never a tile: the board shows no deal.

// dailyKeep is how long a day's keys are kept: yesterday's board and
// secret are what the lobby shows; a month leaves time to verify.
const dailyKeep = 40 * 24 * time.Hour

// DailyBook is the served daily in the store.
type DailyBook struct {
	kv   jetstream.KeyValue
	seal *Sealer
	// seen is when each key was first seen (dailyrank.go).
	seen jetstream.KeyValue
	// names names the players in the keys (names.go).
	names *Names
	// cache is the results a watch keeps (dailycache.go), nil when the
	// book is not watched; set once, by Watch, before the book is used.
	cache *dailyCache
	// kept remembers what never changes once written — a day's secret
	// and its par — so that a page open reads them once a node (key →
	// daily.Secret or []int); none is the days found without a secret,
	// and when (asked again after noneFor).
	kept sync.Map
	none sync.Map
	// fresh keeps which results were written over, and notes says an
	// older one put back (fresh.go).
	fresh freshKeys
	notes *notes
}

// SetLog is where the book says a result refused (an older one put
// back); nowhere before. Before the book is used.
func (b *DailyBook) SetLog(log *slog.Logger) { b.notes.log = log }

// noneFor is how long a day found without a secret is not asked again.
const noneFor = 30 * time.Second

// OpenDailyBook makes (or finds) the daily's bucket.
func OpenDailyBook(ctx context.Context, eng *Engine) (*DailyBook, error) {
	kv, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: dailyBucket, History: 1, Storage: jetstream.FileStorage, TTL: dailyKeep, Replicas: eng.Replicas,
		Description: "okey serve: each day's daily: its secret (sealed), par, the players' results"})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", dailyBucket, err)
	}
	seen, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: seenBucket, History: 1, Storage: jetstream.FileStorage, Replicas: eng.Replicas,
		Description: "okey serve: when each key was first seen (sealed), for the daily's board"})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", seenBucket, err)
	}
	names, err := OpenNames(ctx, eng)
	if err != nil {
		return nil, err
	}
	n := &notes{log: slog.New(slog.DiscardHandler)}
	b := &DailyBook{kv: kv, seal: eng.Seal, seen: seen, names: names, notes: n,
		fresh: freshKeys{kv: kv, bucket: dailyBucket, seal: eng.Seal, notes: n, what: "a daily result", nc: eng.NC}}
	// A store kept before the players' names were salted: its keys
	// renamed, once (names.go).
	for _, r := range []struct {
		kv     jetstream.KeyValue
		bucket string
		filter string
		at     int // the part of the key that names the player
		name   func(parts []string, id string) string
	}{
		{seen, seenBucket, "id.*", 1, func(_ []string, id string) string { return names.Of(id, "seen") }},
		{kv, dailyBucket, "result.>", 3, func(p []string, id string) string { return names.Of(id, "result", p[1], p[2]) }},
		{kv, dailyBucket, "record.>", 3, func(p []string, id string) string { return names.Of(id, "record", p[1], p[2]) }},
	} {
		if _, err := renameKeys(ctx, r.kv, r.bucket, eng.Seal, r.filter, renamePart(r.at, r.name)); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func secretKey(g game.Kind, d daily.Date) string { return "secret." + string(g) + "." + d.String() }
func parKey(g game.Kind, d daily.Date) string    { return "par." + string(g) + "." + d.String() }

// resultKey is the key of id's day d of g: id named by a MAC of its own
// (names.go), which names nobody to a reader without the secret.
func (b *DailyBook) resultKey(g game.Kind, d daily.Date, id string) string {
	return resultPrefix(g, d) + b.names.Of(id, "result", string(g), d.String())
}
func resultPrefix(g game.Kind, d daily.Date) string {
	return "result." + string(g) + "." + d.String() + "."
}

// ErrNoDaily is a day whose secret was never made: nobody played it.
var ErrNoDaily = errors.New("no daily was dealt that day")

// Secret is the day's secret of g on d, made now from rnd if no node
// has made it yet. Every node that asks gets the same: the first Create
// wins, and the others read what it wrote.
func (b *DailyBook) Secret(ctx context.Context, g game.Kind, d daily.Date, rnd io.Reader) (daily.Secret, error) {
	s, err := b.secretAt(ctx, secretKey(g, d), rnd)
	if err != nil {
		return s, fmt.Errorf("the day's secret of %s %s: %w", g, d, err)
	}
	return s, nil
}

// secretAt is the random value sealed at key, made now from rnd if no
// node has made it yet (the first Create wins; the others read it).
func (b *DailyBook) secretAt(ctx context.Context, key string, rnd io.Reader) (daily.Secret, error) {
	s, err := b.readSecretAt(ctx, key)
	if !errors.Is(err, ErrNoDaily) {
		return s, err
	}
	if rnd == nil {
		return s, errors.New("no source of randomness")
	}
	if _, err := io.ReadFull(rnd, s[:]); err != nil {
		return s, err
	}
	_, err = b.kv.Create(ctx, key, b.seal.Seal(dailyBucket+"/"+key, []byte(s.String())))
	if err == nil {
		b.kept.Store(key, s)
	}
	if errors.Is(err, jetstream.ErrKeyExists) {
		// Another node made it first: theirs is the day's. A replica
		// answering the read may not have it yet: read until it has.
		return untilWritten(ctx, func() (daily.Secret, error) { return b.readSecretAt(ctx, key) }, ErrNoDaily)
	}
	if err != nil {
		return daily.Secret{}, err
	}
	return s, nil
}

// readSecret is the secret made for g on d (ErrNoDaily: none).
func (b *DailyBook) readSecret(ctx context.Context, g game.Kind, d daily.Date) (daily.Secret, error) {
	s, err := b.readSecretAt(ctx, secretKey(g, d))
	if err != nil {
		return s, fmt.Errorf("the day's secret of %s %s: %w", g, d, err)
	}
	return s, nil
}

// readSecretAt is the random value sealed at key (ErrNoDaily: none).
func (b *DailyBook) readSecretAt(ctx context.Context, key string) (daily.Secret, error) {
	if s, ok := b.kept.Load(key); ok {
		return s.(daily.Secret), nil
	}
	kv, err := b.kv.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return daily.Secret{}, ErrNoDaily
	}
	if err != nil {
		return daily.Secret{}, err
	}
	plain, err := b.seal.Open(dailyBucket+"/"+key, kv.Value())
	if err != nil {
		return daily.Secret{}, err
	}
	s, err := daily.ParseSecret(string(plain))
	if err == nil {
		b.kept.Store(key, s)
	}
	return s, err
}

// ErrNotOver is a day's secret asked for before the day is over.
var ErrNotOver = errors.New("the day is not over: its secret is revealed when it closes")

// Reveal is the secret of a day that is over (d before today), never
// made here: a day nobody played has none (ErrNoDaily).
func (b *DailyBook) Reveal(ctx context.Context, g game.Kind, d, today daily.Date) (daily.Secret, error) {
	if !d.Before(today) {
		return daily.Secret{}, fmt.Errorf("%s %s: %w", g, d, ErrNotOver)
	}
	// A day over without a secret was not played here; asked again
	// now and then all the same (a node whose clock lags may yet have
	// made it as the day turned).
	key := secretKey(g, d)
	if at, ok := b.none.Load(key); ok && time.Since(at.(time.Time)) < noneFor {
		return daily.Secret{}, fmt.Errorf("%s %s: %w", g, d, ErrNoDaily)
	}
	s, err := b.readSecret(ctx, g, d)
	if errors.Is(err, ErrNoDaily) {
		b.none.Store(key, time.Now())
	}
	return s, err
}

// Par is the day's par, hand by hand, if it has been kept.
func (b *DailyBook) Par(ctx context.Context, g game.Kind, d daily.Date) ([]int, bool, error) {
	if p, ok := b.kept.Load(parKey(g, d)); ok {
		return slices.Clone(p.([]int)), true, nil
	}
	kv, err := b.kv.Get(ctx, parKey(g, d))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("the par of %s %s: %w", g, d, err)
	}
	var p []int
	if err := b.seal.openJSON(dailyBucket, parKey(g, d), kv.Value(), &p); err != nil || len(p) != daily.Hands(g) {
		return nil, false, fmt.Errorf("the par of %s %s: damaged", g, d)
	}
	b.kept.Store(parKey(g, d), slices.Clone(p))
	return p, true, nil
}

// SetPar keeps the day's par, once: par is the same whoever measures
// it, so a node that finds it kept already has nothing to do.
func (b *DailyBook) SetPar(ctx context.Context, g game.Kind, d daily.Date, hands []int) error {
	if len(hands) != daily.Hands(g) {
		return fmt.Errorf("the par of %s %s: %d hands, not %d", g, d, len(hands), daily.Hands(g))
	}
	v, err := b.seal.sealJSON(dailyBucket, parKey(g, d), hands)
	if err != nil {
		return err
	}
	if _, err := b.kv.Create(ctx, parKey(g, d), v); err != nil && !errors.Is(err, jetstream.ErrKeyExists) {
		return fmt.Errorf("the par of %s %s: %w", g, d, err)
	}
	return nil
}

// ErrPlayedToday is a player's second start of a day's daily.
var ErrPlayedToday = errors.New("the day's daily has been played (once a day)")

// Claim starts id's day of g on d: it succeeds once per identity and day
// in the whole cluster (a Create), so that nobody plays a day twice.
func (b *DailyBook) Claim(ctx context.Context, g game.Kind, d daily.Date, r DailyResult) error {
	r.Hands, r.Gen = []int{}, 1
	v, err := b.seal.sealJSON(dailyBucket, b.resultKey(g, d, r.ID), r)
	if err != nil {
		return err
	}
	_, err = b.kv.Create(ctx, b.resultKey(g, d, r.ID), v)
	if errors.Is(err, jetstream.ErrKeyExists) {
		return ErrPlayedToday
	}
	if err != nil {
		return fmt.Errorf("the daily of %s %s: %w", g, d, err)
	}
	return nil
}

// Result is id's day of g on d (ok false: not begun).
func (b *DailyBook) Result(ctx context.Context, g game.Kind, d daily.Date, id string) (DailyResult, uint64, bool, error) {
	kv, err := b.kv.Get(ctx, b.resultKey(g, d, id))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return DailyResult{}, 0, false, nil
	}
	if err != nil {
		return DailyResult{}, 0, false, fmt.Errorf("the daily of %s: %w", id, err)
	}
	var r DailyResult
	rev, err := b.fresh.open(ctx, kv, &r)
	if err != nil {
		return DailyResult{}, 0, false, fmt.Errorf("the daily of %s: %w", id, err)
	}
	return r, rev, true, nil
}

// Mine is id's day of g on d as the page shows it: from the watch's
// cache when the book is watched (Watch), else read from the store (as
// Result, without its revision).
func (b *DailyBook) Mine(ctx context.Context, g game.Kind, d daily.Date, id string) (DailyResult, bool, error) {
	if r, ok, known := b.cache.result(g, d, b.resultKey(g, d, id)); known {
		return r, ok, nil
	}
	r, _, ok, err := b.Result(ctx, g, d, id)
	return r, ok, err
}

// errNotBegun is a result written for a player whose day has no claim.
var errNotBegun = errors.New("has not begun it")

// Scored writes the score of hand n (from 1) into id's day: once, in
// order (a hand written already is left as it is; one out of order is
// refused), at the revision read.
func (b *DailyBook) Scored(ctx context.Context, g game.Kind, d daily.Date, id string, n, score int) error {
	for try := range ratingTries {
		type read struct {
			r   DailyResult
			rev uint64
		}
		got, err := untilWritten(ctx, func() (read, error) {
			r, rev, ok, err := b.Result(ctx, g, d, id)
			if err == nil && !ok {
				err = errNotBegun
			}
			return read{r, rev}, err
		}, errNotBegun)
		if errors.Is(err, errNotBegun) {
			return fmt.Errorf("the daily of %s %s: %s %w", g, d, id, err)
		}
		if err != nil {
			return err
		}
		r, rev := got.r, got.rev
		if n > len(r.Hands)+1 {
			// Short of the hand before n: a direct get may be answered
			// by a replica a write behind (hand n-1's), so the stream's
			// leader is asked before the hand is refused as out of order.
			if plain, lrev, ok := b.fresh.leaders(ctx, b.resultKey(g, d, id), r.Gen, rev); ok {
				var lr DailyResult
				if json.Unmarshal(plain, &lr) == nil {
					r, rev = lr, lrev
				}
			}
		}
		switch {
		case n <= len(r.Hands):
			return nil // written already (a table restored, a second writer)
		case n != len(r.Hands)+1 || n > daily.Hands(g):
			return fmt.Errorf("the daily of %s %s: hand %d after %d", g, d, n, len(r.Hands))
		}
		r.Hands = append(r.Hands, score)
		gen := r.Gen
		r.Gen++
		plain, err := json.Marshal(r)
		if err != nil {
			return err
		}
		key := b.resultKey(g, d, id)
		_, err = b.kv.Update(ctx, key, b.seal.Seal(dailyBucket+"/"+key, plain), rev)
		if err == nil {
			return b.fresh.followed(ctx, key, gen, plain)
		}
		if !isWrongSequence(err) {
			return fmt.Errorf("the daily of %s: %w", id, err)
		}
		if err := afterMoved(ctx, try); err != nil {
			return fmt.Errorf("the daily of %s: %w", id, err)
		}
	}
	return fmt.Errorf("the daily of %s: changed by others %d times in a row", id, ratingTries)
}

// Results are every player's day of g on d: from the watch's cache if
// the book is watched (Watch), else read from the store.
func (b *DailyBook) Results(ctx context.Context, g game.Kind, d daily.Date) ([]DailyResult, error) {
	if rs, ok := b.cache.results(g, d); ok {
		return rs, nil
	}
	return b.readResults(ctx, g, d)
}

// readResults are every player's day of g on d as the store holds them.
func (b *DailyBook) readResults(ctx context.Context, g game.Kind, d daily.Date) ([]DailyResult, error) {
	keys, err := boardKeys(ctx, b.kv, resultPrefix(g, d)+"*")
	if err != nil {
		if errors.Is(err, jetstream.ErrNoKeysFound) {
			return nil, nil
		}
		return nil, fmt.Errorf("the daily's results: %w", err)
	}
	var out []DailyResult
	for _, k := range keys {
		kv, err := b.kv.Get(ctx, k)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("the daily's results: %w", err)
		}
		var r DailyResult
		if _, err := b.fresh.open(ctx, kv, &r); err != nil || len(r.Hands) > daily.Hands(g) {
			continue // a damaged or forged result is left out, not the board
		}
		out = append(out, r)
	}
	return out, nil
}

// DailyRow is a player's line on a day's board.
type DailyRow struct {
	DailyResult
	// Field is the player's duplicate score: each hand played against
	// the mean of everyone who played it, summed, more being better.
	Field float64
	// Par is the hands played against par, summed (HasPar: par known).
	Par    int
	HasPar bool
	Total  int
	// Place is the row's place from 1, shared by rows that tie (done
	// alike, the same against the field and against par); 0 for a
	// row that is not ranked (a guest's, a practice day's): shown only.
	Place int
}

// DailyBoard is a day's board, duplicate style.
type DailyBoard struct {
	Game game.Kind
	Date daily.Date
	// Means are each hand's mean score over the ranked days that
	// played it (Played how many): guests and practice are not the field.
	Means  []float64
	Played []int
	Par    []int
	// Rows are ranked: ranked days before the others, finished days
	// first, by Field, then by Par.
	Rows []DailyRow
	// Place is me's row from 1 (0: not on the board).
	Place int
}

// against is a score against a reference, more being better in both
// games (as bots/par's Against).
func against(g game.Kind, score, ref float64) float64 {
	if g == game.Okey101 {
		return ref - score
	}
	return score - ref
}

// RankDaily ranks a day's results duplicate style: every hand against
// the field's mean on it and against par (nil: not known yet).
//
// Only ranked days are the field (dailyrank.go says which are): a
// guest's, or a day played as practice (a key new that day, an address
// that had started the day before), is shown, marked, but its hands are
// not in the field's means (so it moves nobody's score) and its row is
// not ranked: it comes after every ranked row, with no place. So
// replaying the day under another identity gains nothing on the board.
func RankDaily(g game.Kind, d daily.Date, results []DailyResult, par []int, me string) DailyBoard {
	n := daily.Hands(g)
	bd := DailyBoard{Game: g, Date: d, Means: make([]float64, n), Played: make([]int, n), Par: par}
	for _, r := range results {
		if !r.Ranked() {
			continue
		}
		for k, s := range r.Hands {
			bd.Means[k] += float64(s)
			bd.Played[k]++
		}
	}
	for k := range bd.Means {
		if bd.Played[k] > 0 {
			bd.Means[k] /= float64(bd.Played[k])
		}
	}
	for _, r := range results {
		row := DailyRow{DailyResult: r, HasPar: len(par) == n}
		for k, s := range r.Hands {
			row.Total += s
			if bd.Played[k] > 0 { // else no player with a key to play against
				row.Field += against(g, float64(s), bd.Means[k])
			}
			if row.HasPar {
				row.Par += int(against(g, float64(s), float64(par[k])))
			}
		}
		bd.Rows = append(bd.Rows, row)
	}
	slices.SortFunc(bd.Rows, func(x, y DailyRow) int {
		if x.Ranked() != y.Ranked() {
			if x.Ranked() {
				return -1
			}
			return 1
		}
		if dx, dy := x.Done(g), y.Done(g); dx != dy {
			if dx {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(y.Field, x.Field); c != 0 {
			return c
		}
		if c := cmp.Compare(y.Par, x.Par); c != 0 {
			return c
		}
		return strings.Compare(x.ID, y.ID)
	})
	for i := range bd.Rows {
		r := &bd.Rows[i]
		r.Place = i + 1
		if !r.Ranked() {
			r.Place = 0 // shown, not ranked
		} else if i > 0 {
			if p := bd.Rows[i-1]; p.Done(g) == r.Done(g) && math.Abs(p.Field-r.Field) < 1e-9 && p.Par == r.Par {
				r.Place = p.Place
			}
		}
		if r.ID == me {
			bd.Place = i + 1
		}
	}
	return bd
}

// BoardOf is the board of g on d for me, par included when kept.
func (b *DailyBook) BoardOf(ctx context.Context, g game.Kind, d daily.Date, me string) (DailyBoard, error) {
	rs, err := b.Results(ctx, g, d)
	if err != nil {
		return DailyBoard{Game: g, Date: d}, err
	}
	p, _, err := b.Par(ctx, g, d)
	if err != nil {
		p = nil // a damaged par is left out, not the board
	}
	return RankDaily(g, d, rs, p, me), nil
}

// recordKey is the key of hand n's record of id's day.
func (b *DailyBook) recordKey(g game.Kind, d daily.Date, id string, n int) string {
	return fmt.Sprintf("record.%s.%s.%s.%d", g, d, b.names.Of(id, "record", string(g), d.String()), n)
}

// KeepRecord keeps hand n's record of id's day, sealed: it shows every
// deal of the day, so it is handed out only once the day is over.
func (b *DailyBook) KeepRecord(ctx context.Context, g game.Kind, d daily.Date, id string, n int, rec []byte) error {
	key := b.recordKey(g, d, id, n)
	if _, err := b.kv.Create(ctx, key, b.seal.Seal(dailyBucket+"/"+key, rec)); err != nil && !errors.Is(err, jetstream.ErrKeyExists) {
		return fmt.Errorf("the record of %s's hand %d: %w", id, n, err)
	}
	return nil
}

// Record is hand n's record of id's day of g on d, once the day is over
// (today after d), with the day's secret written into its meta
// (daily.MetaServedSecret) so that okey verify checks it alone; ok is
// false when there is none.
func (b *DailyBook) Record(ctx context.Context, g game.Kind, d, today daily.Date, id string, n int) (rec []byte, ok bool, err error) {
	sec, err := b.Reveal(ctx, g, d, today)
	if err != nil {
		return nil, false, err
	}
	key := b.recordKey(g, d, id, n)
	kv, err := b.kv.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("the record of hand %d: %w", n, err)
	}
	plain, err := b.seal.Open(dailyBucket+"/"+key, kv.Value())
	if err != nil {
		return nil, false, fmt.Errorf("the record of hand %d: %w", n, err)
	}
	out, err := daily.WithSecret(plain, sec)
	return out, err == nil, err
}

// DailyHand is a hand of a daily played, to be written.
type DailyHand struct {
	Game   game.Kind
	Date   daily.Date
	ID     string
	Hand   int
	Score  int
	Record []byte
}

// DailyWriter writes the daily's hands into the store in a goroutine of
// its own, in the order they came: a table never waits for the store.
type DailyWriter struct {
	book *DailyBook
	log  *slog.Logger
	jobs chan DailyHand
	done chan struct{}
}

// dailyQueue is how many hands may wait to be written; past it a hand is
// dropped and logged (a store that long gone loses more than that).
const dailyQueue = 4096

// NewDailyWriter starts the writer of book.
func NewDailyWriter(book *DailyBook, log *slog.Logger) *DailyWriter {
	w := &DailyWriter{book: book, log: log, jobs: make(chan DailyHand, dailyQueue), done: make(chan struct{})}
	go w.loop()
	return w
}

// Enqueue hands a hand to the writer, never waiting.
func (w *DailyWriter) Enqueue(h DailyHand) {
	select {
	case w.jobs <- h:
	default:
		w.log.Error("daily: a hand dropped, the queue is full", "id", h.ID, "date", h.Date, "hand", h.Hand)
	}
}

func (w *DailyWriter) loop() {
	defer close(w.done)
	for h := range w.jobs {
		ctx, cancel := EngineCtx()
		err := w.book.Scored(ctx, h.Game, h.Date, h.ID, h.Hand, h.Score)
		if err == nil && h.Record != nil {
			err = w.book.KeepRecord(ctx, h.Game, h.Date, h.ID, h.Hand, h.Record)
		}
		cancel()
		if err != nil {
			w.log.Error("daily: writing a hand", "id", h.ID, "date", h.Date, "hand", h.Hand, "err", err)
		}
	}
}

// Close writes what is waiting and stops: before the store closes, once
// no table hands it more.
func (w *DailyWriter) Close() {
	if w == nil {
		return
	}
	close(w.jobs)
	<-w.done
}

// Reseal seals again, with the secret's key in use, every value of the
// daily's buckets that another key sealed (the days' secrets, par,
// results and records, the addresses' first identities, when each key
// was first seen, the players' names' salt), and returns how many it
// sealed again.
func (b *DailyBook) Reseal(ctx context.Context) (int, error) {
	n, err := resealBucket(ctx, b.kv, dailyBucket, b.seal)
	if err != nil {
		return n, fmt.Errorf("the daily: %w", err)
	}
	m, err := resealBucket(ctx, b.seen, seenBucket, b.seal)
	if err != nil {
		return n + m, fmt.Errorf("the keys first seen: %w", err)
	}
	s, err := b.names.Reseal(ctx, b.seal)
	if err != nil {
		return n + m + s, fmt.Errorf("the players' names' salt: %w", err)
	}
	return n + m + s, nil
}
