package keep

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
	"okey/game/daily"
)

// The board's cache, so that the leaderboard's update costs nothing
// measurable per player: read from the store, each page open would list
// and read every result of the day. A node that watches the bucket's
// results (DailyBook.Watch) keeps them in memory instead, and ranks a
// board from there. The watch is JetStream's (an ordered consumer of the
// bucket's stream), so every node's copy follows the writes in the order
// the stream took them. Until the watch has delivered the bucket as it
// was when it began, or once it ended, boards are read from the store.

// cacheDays is how many days back from the newest result's day the
// cache keeps (the page shows today's board and yesterday's); older
// days' boards are read from the store.
const cacheDays = 2

// dailyCache is the results of the days the watch keeps.
type dailyCache struct {
	mu sync.RWMutex
	// live: the watch has delivered what the bucket held when it
	// began, and goes on.
	live bool
	// newest is the newest day a result was seen of; days holds the
	// results of newest and the cacheDays before it, by game and day
	// ("classic.<date>") and key.
	newest daily.Date
	days   map[string]map[string]DailyResult
	// open opens a result as the watch brings it: the newest, if an
	// older one was put back (fresh.go).
	open func(jetstream.KeyValueEntry) (DailyResult, error)
	// notes says a result older than the one kept (put back).
	notes *notes
}

// dayKey is the cache's key of g's day d.
func dayKey(g game.Kind, d daily.Date) string { return string(g) + "." + d.String() }

// results is the cached results of g on d, ok false when the cache
// cannot say (not live, or a day older than it keeps).
func (c *dailyCache) results(g game.Kind, d daily.Date) ([]DailyResult, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	if !c.live || !c.newest.IsZero() && d.Before(c.newest.AddDays(-cacheDays)) {
		return nil, false
	}
	day := c.days[dayKey(g, d)]
	out := make([]DailyResult, 0, len(day))
	for _, r := range day {
		out = append(out, r)
	}
	return out, true
}

// result is the cached result of key (result.GAME.DATE.ID) of g on d;
// known is false when the cache cannot say.
func (c *dailyCache) result(g game.Kind, d daily.Date, key string) (r DailyResult, ok, known bool) {
	if c == nil {
		return r, false, false
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	if !c.live || !c.newest.IsZero() && d.Before(c.newest.AddDays(-cacheDays)) {
		return r, false, false
	}
	r, ok = c.days[dayKey(g, d)][key]
	return r, ok, true
}

// apply takes in one entry the watch brought (nil: the bucket as it was
// is all delivered). The result is opened before the cache is locked:
// opening one asks the store whether it was written over.
func (c *dailyCache) apply(e jetstream.KeyValueEntry) {
	if e == nil {
		c.mu.Lock()
		c.live = true
		c.mu.Unlock()
		return
	}
	// result.GAME.DATE.ID
	parts := strings.SplitN(e.Key(), ".", 4)
	if len(parts) != 4 {
		return
	}
	var r DailyResult
	var openErr error
	if e.Operation() == jetstream.KeyValuePut {
		r, openErr = c.open(e)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	g, err := game.ParseKind(parts[1])
	if err != nil {
		return
	}
	d, err := daily.ParseDate(parts[2])
	if err != nil {
		return
	}
	k := dayKey(g, d)
	if e.Operation() != jetstream.KeyValuePut {
		delete(c.days[k], e.Key())
		return
	}
	if openErr != nil || len(r.Hands) > daily.Hands(g) {
		delete(c.days[k], e.Key()) // a damaged or forged result is left out, as Results leaves it
		return
	}
	if kept, ok := c.days[k][e.Key()]; ok && kept.Gen > r.Gen {
		// Older than the one kept: put back where it was not yet
		// known written over (fresh.go). The board keeps the newest.
		c.notes.replayed("a daily result", "key", e.Key(), "revision", e.Revision(), "generation", r.Gen, "kept", kept.Gen)
		return
	}
	if c.newest.Before(d) {
		c.newest = d
		c.prune()
	}
	if d.Before(c.newest.AddDays(-cacheDays)) {
		return // a day older than the cache keeps
	}
	day := c.days[k]
	if day == nil {
		day = map[string]DailyResult{}
		c.days[k] = day
	}
	day[e.Key()] = r
}

// prune drops the days older than the cache keeps; c.mu is held.
func (c *dailyCache) prune() {
	oldest := c.newest.AddDays(-cacheDays)
	for k := range c.days {
		_, date, _ := strings.Cut(k, ".")
		if d, err := daily.ParseDate(date); err != nil || d.Before(oldest) {
			delete(c.days, k)
		}
	}
}

// stop marks the cache not live: its watch has ended.
func (c *dailyCache) stop() {
	c.mu.Lock()
	c.live = false
	c.mu.Unlock()
}

// Watch keeps the book's boards in memory, fed by a watch of the
// bucket's results, until ctx ends (the node's life): BoardOf then ranks
// a day's results without reading them from the store. It returns once
// the watch is made; the results already in the bucket come in the
// background, boards being read from the store until they have.
func (b *DailyBook) Watch(ctx context.Context) error {
	w, err := b.kv.Watch(ctx, "result.>")
	if err != nil {
		return fmt.Errorf("watching the daily's results: %w", err)
	}
	c := &dailyCache{days: map[string]map[string]DailyResult{}, notes: b.notes,
		open: func(e jetstream.KeyValueEntry) (DailyResult, error) {
			var r DailyResult
			_, err := b.fresh.open(ctx, e, &r)
			return r, err
		}}
	b.cache = c
	go func() {
		defer c.stop()
		Watch(ctx, w, func(e jetstream.KeyValueEntry) bool { c.apply(e); return true })
	}()
	return nil
}
