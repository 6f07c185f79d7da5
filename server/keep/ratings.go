package keep

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game/classic"
	"okey/server/rating"
)

// Ratings. Every player known by a key has a rating per game (classic,
// 101), and so has every bot level (bot:easy, bot:normal, bot:hard: one
// identity a level, whichever seat it plays), so that a player sees
// where they stand against the bots. Guests are not rated: their seat
// counts in the standings as a new player's rating, and nothing of it is
// kept. A match is rated on its final standings with OpenSkill's
// Plackett–Luce model (package rating), once, when it ends, and only if
// a player known by a key sat in it from the start.
//
// The store keeps them in two buckets:
//
//   - okey_ratings: one key a game and identity, GAME.ID with ID a MAC
//     of the identity and the game (names.go: the key names nobody to a
//     reader without the secret), valued a RatedEntry (mu, sigma, games, the
//     name last seen, the matches last applied to it, its generation);
//     beside it fresh.GAME.ID.N, made once as generation N is written
//     over (fresh.go), so an older rating put back is not taken.
//   - okey_rated: one key a match, its identity (the commitment to its
//     seed, or table and match number for a match begun before
//     commitments), valued a matchMark: the standings and every seat's
//     rating as the match was rated, and whether it is done (and
//     fresh.KEY.1 once it is, so the mark begun put back rates nobody
//     again).
//
// Exactly once, even when the node rating a match dies halfway and
// another restores the table: the first to rate a match Creates its
// mark (a Create succeeds once); one that finds the mark already there
// finishes the mark's own work rather than starting anew, with the
// ratings the mark recorded, and ends when the mark says done. Each
// player's entry is written with Update at the revision read (another
// table's match changing the same player makes it read again and redo
// that player's sum) and names the matches applied to it, so a player
// already updated by a writer that died before marking the match done
// is not updated again. A player's new rating starts from their rating
// as it is when written, against the others' ratings as the mark
// recorded them.

// The ratings' buckets.
const (
	ratingsBucket = "okey_ratings"
	ratedBucket   = "okey_rated"
)

// ratedKeep is how long a match's mark is kept: long past any restore of
// the table that played it (a player's entry also names its recent
// matches).
const ratedKeep = 90 * 24 * time.Hour

// recentKept is how many of a player's last matches their entry names.
const recentKept = 32

// Identities are written with their kind first: a key's
// fingerprint, a guest's resume code (BotIdentity: a bot level).
const (
	KeyPrefix   = "key:"
	GuestPrefix = "guest:"
)

// LogID is identity id as a log line may name it: a guest's id is its
// resume code, which takes its seat, so it is named by a digest of it
// ("guest#1a2b3c4d": the same guest the same name, line after line);
// a key's fingerprint and a bot's level are as they are.
func LogID(id string) string {
	if !strings.HasPrefix(id, GuestPrefix) {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	return "guest#" + hex.EncodeToString(sum[:4])
}

// BotIdentity is the rated identity of a bot level.
func BotIdentity(level string) string { return "bot:" + level }

// IsRated reports whether an identity is rated: a key or a bot level,
// never a guest.
func IsRated(id string) bool {
	return strings.HasPrefix(id, KeyPrefix) || strings.HasPrefix(id, "bot:")
}

// Key is the bucket's key of an identity's rating in a game: the
// identity named by a MAC of its own (names.go), which names nobody to
// a reader without the secret.
func (b *RatingBook) Key(gameName, id string) string {
	return gameName + "." + b.names.Of(id, "rating", gameName)
}

// RatedEntry is one identity's rating in one game.
type RatedEntry struct {
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
	Games int     `json:"games"`
	// Recent are the matches last applied to it, the newest last.
	Recent []string `json:"recent,omitempty"`
	// Gen is the entry's generation, one more at each write: an older
	// entry put back is refused for the newest (fresh.go).
	Gen uint64 `json:"gen,omitempty"`
}

func (e RatedEntry) Rating() rating.Rating { return rating.Rating{Mu: e.Mu, Sigma: e.Sigma} }

// Entrant is who plays a seat of a match, for its rating: an identity
// (a key, a guest, or a bot level) and the name shown.
type Entrant struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// MatchEnd is a finished match as it is rated.
type MatchEnd struct {
	// Key is the match's identity.
	Key  string
	Game string
	// Seats are who played; Places each seat's place from 1 (equal for
	// a tie; partners share theirs).
	Seats    [classic.NumSeats]Entrant
	Places   [classic.NumSeats]int
	Partners bool
	// Out are the seats whose player did not play them (a tournament's
	// seat lost for want of its player: never come, or away, their bot
	// playing): a bot's play moves no rating, so such a seat is rated
	// for nobody and counts in nobody's rating, the others rated among
	// themselves by their places. Partners with a seat out are not
	// rated.
	Out [classic.NumSeats]bool
}

// rated reports whether the match is rated: a player known by a key
// played in it, against at least one other who played (partners: all
// four played).
func (m MatchEnd) rated() bool {
	in, key := 0, false
	for i, e := range m.Seats {
		if m.Out[i] {
			continue
		}
		in++
		key = key || strings.HasPrefix(e.ID, KeyPrefix)
	}
	if m.Partners && in < classic.NumSeats {
		return false
	}
	return key && in >= 2
}

// matchMark is a match's mark in okey_rated.
type matchMark struct {
	Game     string                          `json:"game"`
	Seats    [classic.NumSeats]Entrant       `json:"seats"`
	Places   [classic.NumSeats]int           `json:"places"`
	Partners bool                            `json:"partners,omitempty"`
	Priors   [classic.NumSeats]rating.Rating `json:"priors"`
	// Out are the seats rated for nobody (MatchEnd's Out).
	Out  [classic.NumSeats]bool `json:"out,omitzero"`
	Done bool                   `json:"done"`
	// Gen is 1 begun, 2 done: the mark begun put back over the mark
	// done is refused (fresh.go), and the match not rated again.
	Gen uint64 `json:"gen,omitempty"`
}

// RatingBook is the ratings in the store.
type RatingBook struct {
	Ratings jetstream.KeyValue
	rated   jetstream.KeyValue
	// seal seals every rating and mark (daily.go's sealJSON): a writer
	// of the store without the cluster's secret can change no rating.
	seal *Sealer
	// names names the players in the keys (names.go).
	names *Names
	// fresh and marks keep which ratings and marks were written over,
	// and notes says an older one put back (fresh.go).
	fresh, marks freshKeys
	notes        *notes
	// shown are ratings read for pages to show (Shown), by key.
	shown shownRatings
}

// SetLog is where the book says a rating refused (an older one put
// back); nowhere before.
func (b *RatingBook) SetLog(log *slog.Logger) { b.notes.log = log }

// NamesLost reports whether the players' names' salt was made anew as
// the book opened, where the store had held one (Names.Lost).
func (b *RatingBook) NamesLost() bool { return b.names.Lost() }

// OpenRatingBook makes (or finds) the ratings' buckets.
func OpenRatingBook(ctx context.Context, eng *Engine) (*RatingBook, error) {
	b := &RatingBook{seal: eng.Seal, notes: &notes{log: slog.New(slog.DiscardHandler)}}
	var err error
	b.Ratings, err = eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: ratingsBucket, History: 1, Storage: jetstream.FileStorage, Replicas: eng.Replicas,
		Description: "okey serve: each player's and bot level's rating, per game"})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", ratingsBucket, err)
	}
	b.fresh = freshKeys{kv: b.Ratings, bucket: ratingsBucket, seal: eng.Seal, notes: b.notes, what: "a rating", nc: eng.NC}
	b.rated, err = eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: ratedBucket, History: 1, Storage: jetstream.FileStorage, TTL: ratedKeep, Replicas: eng.Replicas,
		Description: "okey serve: the matches rated (each applied exactly once)"})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", ratedBucket, err)
	}
	b.marks = freshKeys{kv: b.rated, bucket: ratedBucket, seal: eng.Seal, notes: b.notes, what: "a match's mark", nc: eng.NC}
	if b.names, err = OpenNames(ctx, eng); err != nil {
		return nil, err
	}
	// A store kept before the players' names were salted: its keys
	// renamed, once.
	rename := renamePart(1, func(p []string, id string) string { return b.names.Of(id, "rating", p[0]) })
	if _, err := renameKeys(ctx, b.Ratings, ratingsBucket, eng.Seal, ">", rename); err != nil {
		return nil, err
	}
	return b, nil
}

// Get is id's rating in a game (a new one, revision 0, if it has none).
func (b *RatingBook) Get(ctx context.Context, gameName, id string) (RatedEntry, uint64, error) {
	kv, err := b.Ratings.Get(ctx, b.Key(gameName, id))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return b.none(ctx, gameName, id)
	}
	if err != nil {
		return RatedEntry{}, 0, fmt.Errorf("the rating of %s: %w", id, err)
	}
	var e RatedEntry
	rev, err := b.fresh.open(ctx, kv, &e)
	if err != nil {
		return RatedEntry{}, 0, fmt.Errorf("the rating of %s: %w", id, err)
	}
	return e, rev, nil
}

// Shown is id's rating in game gameName as a page shows it: read at
// most ShownFor ago, by this node for any page. Every waiting player's
// page of a 200-entrant arena read the ratings of the players of each
// match just ended, each a read of the store, a seal opened and a JSON
// decoded: 5% of a node's CPU. Never for a rating to be written (Get).
func (b *RatingBook) Shown(ctx context.Context, gameName, id string) (RatedEntry, uint64, error) {
	key := b.Key(gameName, id)
	now := time.Now()
	b.shown.mu.Lock()
	r, ok := b.shown.m[key]
	b.shown.mu.Unlock()
	if ok && now.Sub(r.at) < cmp.Or(b.shown.keep, ShownFor) {
		return r.e, r.rev, nil
	}
	e, rev, err := b.Get(ctx, gameName, id)
	if err != nil {
		return e, rev, err
	}
	b.shown.mu.Lock()
	if b.shown.m == nil || len(b.shown.m) >= shownMax {
		b.shown.m = map[string]shownRating{} // the oldest with the rest: read again
	}
	b.shown.m[key] = shownRating{e: e, rev: rev, at: now}
	b.shown.mu.Unlock()
	return e, rev, nil
}

// ShownFor is how old a rating a page shows may be (Shown): a page
// reads its tournament every two seconds.
const ShownFor = 2 * time.Second

// shownMax is the most ratings Shown keeps: far more than a server's
// players in an evening.
const shownMax = 10_000

// shownRatings are the ratings Shown read, with when.
type shownRatings struct {
	mu sync.Mutex
	m  map[string]shownRating
	// keep, when set (a test), is how long one is kept instead of
	// ShownFor.
	keep time.Duration
}

// shownRating is a rating Shown read, at.
type shownRating struct {
	e   RatedEntry
	rev uint64
	at  time.Time
}

// none is id's rating in a game where the store holds none: a new
// one, unless ratings were kept for it and it was deleted (no node
// deletes one: a writer of the store did), then the newest kept,
// written again (and said).
func (b *RatingBook) none(ctx context.Context, gameName, id string) (RatedEntry, uint64, error) {
	r := rating.New()
	e := RatedEntry{ID: id, Mu: r.Mu, Sigma: r.Sigma}
	key := b.Key(gameName, id)
	plain, ok, err := b.fresh.newer(ctx, key, 0)
	if err != nil || !ok || json.Unmarshal(plain, &e) != nil {
		return e, 0, err
	}
	rev, err := b.Ratings.Create(ctx, key, b.seal.Seal(ratingsBucket+"/"+key, plain))
	if errors.Is(err, jetstream.ErrKeyExists) {
		return e, 0, nil // written again by another node: a write at 0 finds it
	}
	if err != nil {
		return e, 0, fmt.Errorf("the rating of %s, deleted, written again: %w", id, err)
	}
	b.notes.log.Warn("a rating: deleted from the store (by a writer of the store: nodes delete none), written again as last kept", "key", key, "generation", e.Gen)
	return e, rev, nil
}

// write writes e over generation gen of the rating at key (rev: the
// revision read, 0 for none, Create; put: whatever is there), as
// generation gen+1, and keeps that gen was written over.
func (b *RatingBook) write(ctx context.Context, key string, e RatedEntry, gen, rev uint64, put bool) error {
	e.Gen = gen + 1
	plain, err := json.Marshal(e)
	if err != nil {
		return err
	}
	v := b.seal.Seal(ratingsBucket+"/"+key, plain)
	switch {
	case put:
		_, err = b.Ratings.Put(ctx, key, v)
	case rev == 0:
		_, err = b.Ratings.Create(ctx, key, v)
	default:
		_, err = b.Ratings.Update(ctx, key, v, rev)
	}
	if err != nil {
		return err
	}
	return b.fresh.followed(ctx, key, gen, plain)
}

// Set writes e as id's rating in a game as it is, sealed, whatever was
// there: a rating brought from elsewhere (and a test's board).
func (b *RatingBook) Set(ctx context.Context, gameName string, e RatedEntry) error {
	cur, _, err := b.Get(ctx, gameName, e.ID)
	if err != nil {
		cur = RatedEntry{} // one that does not open: written over, from the start
	}
	if err := b.write(ctx, b.Key(gameName, e.ID), e, cur.Gen, 0, true); err != nil {
		return fmt.Errorf("the rating of %s: %w", e.ID, err)
	}
	return nil
}

// WrittenAt is when the store first wrote id's rating in a game, as the
// store's own clock says (ok false: never, or a value that does not open
// with the cluster's secret, which says nothing).
func (b *RatingBook) WrittenAt(ctx context.Context, gameName, id string) (at time.Time, ok bool) {
	kv, err := b.Ratings.Get(ctx, b.Key(gameName, id))
	if err != nil {
		return time.Time{}, false
	}
	var e RatedEntry
	if b.seal.openJSON(ratingsBucket, b.Key(gameName, id), kv.Value(), &e) != nil {
		return time.Time{}, false
	}
	return kv.Created(), true
}

// Rate applies a finished match to its players' ratings, exactly once
// however often it is called, by however many writers. rated reports
// whether this call did the rating (or finished one left undone); false
// when the match is not rated, or was rated before (a restart that
// restores a finished match hands it over again).
func (b *RatingBook) Rate(ctx context.Context, m MatchEnd) (rated bool, err error) {
	if !m.rated() {
		return false, nil
	}
	mark := matchMark{Game: m.Game, Seats: m.Seats, Places: m.Places, Partners: m.Partners, Out: m.Out, Gen: 1}
	for i, e := range m.Seats {
		mark.Priors[i] = rating.New()
		if IsRated(e.ID) && !m.Out[i] {
			cur, _, err := b.Get(ctx, m.Game, e.ID)
			if err != nil {
				return false, err
			}
			mark.Priors[i] = cur.Rating()
		}
	}
	v, err := b.seal.sealJSON(ratedBucket, m.Key, mark)
	if err != nil {
		return false, err
	}
	rev, err := b.rated.Create(ctx, m.Key, v)
	if errors.Is(err, jetstream.ErrKeyExists) {
		// Rated before, or begun by a writer that may have died: its
		// own work is finished, with the ratings it recorded.
		kv, gerr := b.rated.Get(ctx, m.Key)
		if gerr != nil {
			return false, fmt.Errorf("match %s's mark: %w", m.Key, gerr)
		}
		if rev, err = b.marks.open(ctx, kv, &mark); err != nil {
			return false, fmt.Errorf("match %s's mark: %w", m.Key, err)
		}
		if mark.Done {
			return false, nil
		}
	}
	if err != nil {
		return false, fmt.Errorf("marking match %s: %w", m.Key, err)
	}
	var done []string
	for i, e := range mark.Seats {
		if !IsRated(e.ID) || mark.Out[i] || slices.Contains(done, e.ID) {
			continue
		}
		done = append(done, e.ID)
		if err := b.applyOne(ctx, m.Key, e.ID, mark); err != nil {
			return false, fmt.Errorf("match %s: %w", m.Key, err)
		}
	}
	mark.Done = true
	gen := mark.Gen
	mark.Gen++
	plain, err := json.Marshal(mark)
	if err != nil {
		return false, err
	}
	_, err = b.rated.Update(ctx, m.Key, b.seal.Seal(ratedBucket+"/"+m.Key, plain), rev)
	switch {
	case isWrongSequence(err):
		// Another writer marked it done first: as good.
	case err != nil:
		return false, fmt.Errorf("marking match %s done: %w", m.Key, err)
	default:
		if err := b.marks.followed(ctx, m.Key, gen, plain); err != nil {
			return false, err
		}
	}
	return true, nil
}

// applyOne writes id's part of a match into its rating, unless it is
// there already, at the revision read: a conflict reads it again.
func (b *RatingBook) applyOne(ctx context.Context, key, id string, mark matchMark) error {
	for try := range ratingTries {
		cur, rev, err := b.Get(ctx, mark.Game, id)
		if err != nil {
			return err
		}
		if slices.Contains(cur.Recent, key) {
			return nil // applied by a writer that did not get to mark the match done
		}
		next, n, err := matchUpdate(mark, id, cur.Rating())
		if err != nil {
			return err
		}
		cur.Mu, cur.Sigma, cur.Games = next.Mu, next.Sigma, cur.Games+n
		for _, e := range mark.Seats {
			if e.ID == id && e.Name != "" {
				cur.Name = e.Name
			}
		}
		cur.Recent = append(cur.Recent, key)
		if len(cur.Recent) > recentKept {
			cur.Recent = slices.Clone(cur.Recent[len(cur.Recent)-recentKept:])
		}
		err = b.write(ctx, b.Key(mark.Game, id), cur, cur.Gen, rev, false)
		if err == nil {
			return nil
		}
		if !isWrongSequence(err) {
			return fmt.Errorf("the rating of %s: %w", id, err)
		}
		if err := afterMoved(ctx, try); err != nil {
			return fmt.Errorf("the rating of %s: %w", id, err)
		}
	}
	return fmt.Errorf("the rating of %s: changed by others %d times in a row", id, ratingTries)
}

// matchUpdate is id's new rating after the match of mark, from its
// rating now (own) against the others' as the mark recorded them, and
// the number of seats it played. A bot level at several seats plays
// several games at once: its changes add up (mu moves by the sum of
// its seats' moves, sigma shrinks by the product of their factors),
// as if it had played them one after the other.
func matchUpdate(mark matchMark, id string, own rating.Rating) (rating.Rating, int, error) {
	var seats []int
	priors := mark.Priors
	for i, e := range mark.Seats {
		if e.ID == id && !mark.Out[i] {
			seats = append(seats, i)
			priors[i] = own
		}
	}
	if len(seats) == 0 {
		return own, 0, fmt.Errorf("%s did not play the match", id)
	}
	var out [classic.NumSeats]rating.Rating
	if mark.Partners {
		// Opposite seats are a team: 0 and 2, 1 and 3.
		teams := [][]rating.Rating{{priors[0], priors[2]}, {priors[1], priors[3]}}
		r, err := rating.RateTeams(teams, []int{mark.Places[0], mark.Places[1]}, rating.Options{})
		if err != nil {
			return own, 0, err
		}
		out = [classic.NumSeats]rating.Rating{r[0][0], r[1][0], r[0][1], r[1][1]}
	} else {
		// The seats out are left out of the match: the others rated
		// among themselves, their places as they were.
		var in []int
		var rs []rating.Rating
		var ranks []int
		for i := range priors {
			if !mark.Out[i] {
				in, rs, ranks = append(in, i), append(rs, priors[i]), append(ranks, mark.Places[i])
			}
		}
		r, err := rating.Rate(rs, ranks, rating.Options{})
		if err != nil {
			return own, 0, err
		}
		for k, i := range in {
			out[i] = r[k]
		}
	}
	if len(seats) == 1 {
		return out[seats[0]], 1, nil
	}
	grown := rating.Rating{Mu: own.Mu, Sigma: math.Sqrt(own.Sigma*own.Sigma + rating.Tau*rating.Tau)}
	next := grown
	for _, s := range seats {
		next.Mu += out[s].Mu - own.Mu
		next.Sigma *= out[s].Sigma / grown.Sigma
	}
	return next, len(seats), nil
}

// Rater rates the tables' finished matches in a goroutine of its own: a
// table hands it a match and never waits for the store.
type Rater struct {
	book *RatingBook
	log  *slog.Logger
	mu   sync.Mutex
	jobs []MatchEnd
	kick chan struct{}
	stop chan struct{}
	wg   sync.WaitGroup
}

func NewRater(book *RatingBook, log *slog.Logger) *Rater {
	r := &Rater{book: book, log: log, kick: make(chan struct{}, 1), stop: make(chan struct{})}
	r.wg.Add(1)
	go r.loop()
	return r
}

// Enqueue hands a finished match to the rater.
func (r *Rater) Enqueue(m MatchEnd) {
	r.mu.Lock()
	r.jobs = append(r.jobs, m)
	r.mu.Unlock()
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

func (r *Rater) loop() {
	defer r.wg.Done()
	for {
		r.drain()
		select {
		case <-r.kick:
		case <-r.stop:
			r.drain()
			return
		}
	}
}

// drain rates the matches waiting. A match that fails is logged and
// left: the table rates it again when it is restored.
func (r *Rater) drain() {
	for {
		r.mu.Lock()
		if len(r.jobs) == 0 {
			r.mu.Unlock()
			return
		}
		m := r.jobs[0]
		r.jobs = r.jobs[1:]
		r.mu.Unlock()
		ctx, cancel := EngineCtx()
		rated, err := r.book.Rate(ctx, m)
		cancel()
		if err != nil {
			r.log.Error("rating a match", "match", m.Key, "err", err)
			continue
		}
		if rated {
			// Said once a match: a table restored with its match over
			// hands it over again, and finds it rated.
			r.log.Info("rated", "match", m.Key, "game", m.Game)
		}
	}
}

// Close rates what is waiting and stops: before the store closes.
func (r *Rater) Close() {
	if r == nil {
		return
	}
	close(r.stop)
	r.wg.Wait()
}

// BoardSize is how many players the leaderboard lists.
const BoardSize = 20

// Board is a game's leaderboard as one player sees it.
type Board struct {
	Game string
	// Top are the best rated, by ordinal (mu − 3·sigma).
	Top []RatedEntry
	// Place is the player's own place from 1 (0: not rated in this
	// game), Own their entry; Rated is how many are rated.
	Place int
	Own   RatedEntry
	Rated int
}

// BoardOf reads a game's ratings and ranks them, for player me.
func (b *RatingBook) BoardOf(ctx context.Context, gameName, me string) (Board, error) {
	out := Board{Game: gameName}
	keys, err := boardKeys(ctx, b.Ratings, gameName+".>")
	if err != nil {
		return out, fmt.Errorf("the %s leaderboard: %w", gameName, err)
	}
	var all []RatedEntry
	for _, k := range keys {
		kv, err := b.Ratings.Get(ctx, k)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue
		}
		if err != nil {
			return out, fmt.Errorf("the %s leaderboard: %w", gameName, err)
		}
		var e RatedEntry
		if _, err := b.fresh.open(ctx, kv, &e); err != nil {
			continue // a damaged or forged entry is left out, not the board
		}
		all = append(all, e)
	}
	slices.SortFunc(all, func(x, y RatedEntry) int {
		if c := cmp.Compare(y.Rating().Ordinal(), x.Rating().Ordinal()); c != 0 {
			return c
		}
		if c := cmp.Compare(y.Games, x.Games); c != 0 {
			return c
		}
		return strings.Compare(x.ID, y.ID)
	})
	out.Rated = len(all)
	out.Top = all[:min(len(all), BoardSize)]
	for i, e := range all {
		if e.ID == me {
			out.Place, out.Own = i+1, e
			break
		}
	}
	return out, nil
}

// Reseal seals again, with the secret's key in use, every rating and
// mark of a match rated (and the players' names' salt) that another key
// sealed, and returns how many.
func (b *RatingBook) Reseal(ctx context.Context) (int, error) {
	n, err := resealBucket(ctx, b.Ratings, ratingsBucket, b.seal)
	if err != nil {
		return n, fmt.Errorf("the ratings: %w", err)
	}
	m, err := resealBucket(ctx, b.rated, ratedBucket, b.seal)
	if err != nil {
		return n + m, fmt.Errorf("the matches rated: %w", err)
	}
	s, err := b.names.Reseal(ctx, b.seal)
	if err != nil {
		return n + m + s, fmt.Errorf("the players' names' salt: %w", err)
	}
	return n + m + s, nil
}
