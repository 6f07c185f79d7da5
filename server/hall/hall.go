package hall

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"okey/server/keep"
	"okey/server/tables"
)

// New is a hall of at most maxTables tables run with opt, kept by kept
// (nil: nothing is saved), each player's and address's share of them
// share.
func New(ctx context.Context, opt tables.Options, kept *keep.Keeper, maxTables int, share ShareLimits) *Hall {
	w := tables.NewNews()
	opt.Lobby = w
	return &Hall{ctx: ctx, Opt: opt, Keep: kept, MaxTables: maxTables, share: share, News: w, here: &here{Tables: map[string]*tables.Table{}}, nextID: 1, numberWait: 10 * time.Second}
}

// Create opens a table for player id, connected from addr. A player,
// and an address, may hold seats at only so many tables when opening
// another; a full hall first takes back the table nobody has been at
// for longest, if one has been left long enough. Daily tables are out
// of that count, either way: a player's daily is theirs until its day
// closes, even when they have left it, and is played once a day.
func (h *Hall) Create(cfg tables.Config, id, addr string) (*tables.Table, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	byPlayer, byAddr := 0, 0
	for _, s := range h.List() {
		if s.Daily || cfg.Daily != nil {
			continue
		}
		if s.Holds(id) >= 0 {
			byPlayer++
		}
		if slices.Contains(s.Addrs[:], addr) {
			byAddr++
		}
	}
	if h.share.PerPlayer > 0 && byPlayer >= h.share.PerPlayer {
		return nil, ErrYourTables
	}
	if h.share.PerAddr > 0 && byAddr >= h.share.PerAddr {
		return nil, ErrAddrTables
	}
	for range 2 {
		t, victim, err := h.createLocked(cfg, "")
		if victim == nil {
			if t != nil {
				h.Opt.Log.Info("open", "table", t.ID, "game", cfg.Game, "rules", cfg.Rules, "private", cfg.Code != "", "addr", addr)
				if h.Relay != nil {
					h.Relay.announceOpen(t)
				}
			}
			return t, err
		}
		// Take the idle table back, then try again.
		ctx, cancel := context.WithTimeout(h.ctx, 2*time.Second)
		if victim.Call(ctx, tables.Request{Kind: tables.ReqEvict}) {
			select {
			case <-victim.Done:
			case <-ctx.Done():
			}
		}
		cancel()
	}
	return nil, h.fullError()
}

// createLocked opens a table, or names the idle table to take back
// first when the hall is full: as table id, a number taken before
// (Number), or ("") under a number taken now. The store's round trips
// (the number, the lease) are made without the hall's lock: every
// session's look at the hall (List, Get, Local) waits on that lock,
// and on a loaded store a lease's create takes seconds — each table a
// tournament opened held every player's screen up for that long.
func (h *Hall) createLocked(cfg tables.Config, id string) (*tables.Table, *tables.Table, error) {
	h.Mu.Lock()
	if err := h.roomLocked(id); err != nil {
		h.Mu.Unlock()
		return nil, nil, err
	}
	if len(h.Tables) >= h.MaxTables {
		defer h.Mu.Unlock()
		if v := h.idlestLocked(); v != nil {
			return nil, v, nil
		}
		return nil, nil, h.fullErrorLocked()
	}
	h.Mu.Unlock()
	if id == "" {
		var err error
		if id, err = h.Number(); err != nil {
			return nil, nil, slowStore(err)
		}
	}
	if err := h.Nodes.take(id); err != nil {
		return nil, nil, slowStore(err)
	}
	open := tables.New
	if cfg.Seated != nil {
		open = tables.NewSeated // a tournament's: its players seated, its match dealt
	}
	t, err := open(id, cfg, h.Opt, h.saverFor(id, nil))
	if err != nil {
		h.Nodes.give(id)
		return nil, nil, err
	}
	h.Mu.Lock()
	err = h.roomLocked(id)
	full := err == nil && len(h.Tables) >= h.MaxTables
	if full {
		err = h.fullErrorLocked() // filled meanwhile by other openings
	}
	if err == nil {
		h.startLocked(t)
	}
	h.Mu.Unlock()
	if full {
		h.Nodes.give(id)
	}
	if err != nil {
		// Opened meanwhile under the same number (asked twice: the lease
		// stays the table's that runs), the hall full, or stopping.
		return nil, nil, err
	}
	return t, nil, nil
}

// slowStore is err, also ErrStoreSlow if it is the store not answering
// in time.
func slowStore(err error) error {
	if keep.Unavailable(err) {
		return fmt.Errorf("%w: %w", ErrStoreSlow, err)
	}
	return err
}

// roomLocked says whether table id ("": a number not taken yet) may be
// opened now: the hall not stopping, the number not run here.
func (h *Hall) roomLocked(id string) error {
	if h.ctx.Err() != nil {
		return tables.ErrClosed
	}
	if _, ok := h.Tables[id]; ok && id != "" {
		return fmt.Errorf("table %s: %w", id, ErrNumberUsed)
	}
	return nil
}

// numberLocked takes the next table's number: this node's own, kept
// across restarts (among nodes, Number takes it from the store).
func (h *Hall) numberLocked() (string, error) {
	id := strconv.Itoa(h.nextID)
	h.nextID++
	h.saveNextLocked()
	return id, nil
}

// saveNextLocked keeps the next table's number in the engine, so no
// number is used twice across restarts.
func (h *Hall) saveNextLocked() {
	if h.Keep == nil {
		return
	}
	if err := h.Keep.Numbers.Save(h.nextID); err != nil {
		h.Opt.Log.Error("saving the next table's number", "err", err)
	}
}

// idlestLocked is the table nobody has been at for longest, if that is
// longer than ShareLimits.IdleEvict.
func (h *Hall) idlestLocked() *tables.Table {
	if h.share.IdleEvict <= 0 {
		return nil
	}
	now := h.Opt.Now()
	var best *tables.Table
	var since time.Time
	for _, t := range h.Tables {
		s := t.Summary.Load()
		if s.Idle.IsZero() || now.Sub(s.Idle) < h.share.IdleEvict {
			continue
		}
		if best == nil || s.Idle.Before(since) {
			best, since = t, s.Idle
		}
	}
	return best
}

func (h *Hall) fullError() error {
	h.Mu.Lock()
	defer h.Mu.Unlock()
	return h.fullErrorLocked()
}

// fullErrorLocked is a full hall, with the soonest a table frees up:
// one closing by itself, or an idle one old enough to give way.
func (h *Hall) fullErrorLocked() error {
	var frees time.Time
	for _, t := range h.Tables {
		s := t.Summary.Load()
		at := s.Closes
		if !s.Idle.IsZero() && h.share.IdleEvict > 0 {
			if e := s.Idle.Add(h.share.IdleEvict); at.IsZero() || e.Before(at) {
				at = e
			}
		}
		if !at.IsZero() && (frees.IsZero() || at.Before(frees)) {
			frees = at
		}
	}
	return &FullError{Frees: frees}
}

// List is every table's summary, by number: this node's and, when nodes
// share the store, the others'.
func (h *Hall) List() []*tables.Summary {
	out := h.listLocal()
	if h.Relay != nil {
		here := make(map[string]bool, len(out))
		for _, s := range out {
			here[s.ID] = true
		}
		for _, s := range h.Relay.summaries() {
			if !here[s.ID] {
				out = append(out, s)
			}
		}
		keep.SortByNumber(out, func(s *tables.Summary) string { return s.ID })
	}
	return out
}

// MutesChanged tells every table this node runs that the operator's
// mutes changed, so each tells its members muted at once (the members
// of other nodes' sessions too: their stand-ins sit here). Each node
// calls it from its own watch of the store, for the tables it runs.
func (h *Hall) MutesChanged() {
	h.Mu.Lock()
	defer h.Mu.Unlock()
	for _, t := range h.Tables {
		t.MutesChanged()
	}
}

// Get is table id, run here or by another node, or nil.
func (h *Hall) Get(id string) SeatTable {
	if t := h.Local(id); t != nil {
		return t
	}
	if h.Relay != nil {
		if rt, _ := h.Relay.remote(id); rt != nil {
			return rt
		}
	}
	return nil
}

// ByCode is the private table with join code code, or nil.
func (h *Hall) ByCode(code string) SeatTable {
	h.Mu.Lock()
	for _, t := range h.Tables {
		if t.Cfg.Code == code {
			h.Mu.Unlock()
			return t
		}
	}
	h.Mu.Unlock()
	if h.Relay != nil {
		for _, s := range h.Relay.summaries() {
			if s.Code == code {
				return h.Get(s.ID)
			}
		}
	}
	return nil
}

// Holding is the table where id holds a seat (kept for them or not),
// or nil.
func (h *Hall) Holding(id string) SeatTable {
	for _, s := range h.List() {
		if s.Holds(id) >= 0 {
			return h.Get(s.ID)
		}
	}
	return nil
}

// Wait waits for every table's goroutine to end (after the context).
func (h *Hall) Wait() { h.wg.Wait() }

// Restore brings back the tables saved in the state directory: each
// match where it was, bots in every seat until its players return (their
// seats kept for them), each waiting room with its seats and join code,
// each table's chat. A table that cannot be read is set aside and
// reported; the others come back.
func (h *Hall) Restore() (int, error) {
	if h.Keep == nil {
		return 0, nil
	}
	ctx, cancel := context.WithTimeout(h.ctx, time.Minute)
	defer cancel()
	// The secret being changed, the next number is sealed again with
	// the key in use before it is read (keep/rotate.go); the tables are,
	// each as it is brought back (restoreOne).
	if n, err := h.Keep.Reseal(ctx); err != nil {
		h.Opt.Log.Warn("sealing the next table's number again with the secret's key in use: not now", "err", err)
	} else if n > 0 {
		h.Opt.Log.Info("the next table's number sealed again with the secret's key in use")
	}
	saved, err := h.Keep.Load(ctx)
	if err != nil {
		return 0, err
	}
	next, nerr := h.Keep.Numbers.Load(ctx)
	h.Mu.Lock()
	h.nextID = max(h.nextID, next)
	h.Mu.Unlock()
	var errs []error
	n := 0
	// The tables not taken, by why: values not sealed with the
	// cluster's secret, what the store keeps of them changed by a writer
	// without it (an older entry put back, a record cut), or not restored
	// without the values refused. Each said apart, so the start-up's
	// line names the cause.
	var unsealed, changed, short []string
	defer func() {
		if len(unsealed) > 0 {
			h.Opt.Log.Warn("the store holds tables with values not sealed with the cluster's secret: not taken (forged, or a store from before the seal: seal it once with okey serve --seal-store)", "tables", len(unsealed), "ids", unsealed)
		}
		if len(changed) > 0 {
			h.Opt.Log.Error("the store holds tables changed by a writer without the cluster's secret (an older entry put back, or a record cut): not taken, lost to their players", "tables", len(changed), "ids", changed)
		}
		if len(short) > 0 {
			h.Opt.Log.Warn("the store holds tables that cannot be restored without the values refused in them: not taken", "tables", len(short), "ids", short)
		}
	}()
	for _, sv := range saved {
		// No new table is given the number of one refused.
		if id, err := strconv.Atoi(sv.ID); err == nil {
			h.Mu.Lock()
			h.nextID = max(h.nextID, id+1)
			h.Mu.Unlock()
		}
		if refusedEntry(sv) {
			if errors.Is(sv.Err, keep.ErrStale) || errors.Is(sv.Err, keep.ErrCut) {
				changed = append(changed, sv.ID)
				h.Opt.Log.Error("a table not taken: lost to its players", "table", sv.ID, "err", sv.Err)
			} else {
				unsealed = append(unsealed, sv.ID)
			}
			h.lost(sv.ID)
			continue
		}
		if err := h.Nodes.take(sv.ID); err != nil {
			if !errors.Is(err, keep.ErrLeaseHeld) {
				errs = append(errs, fmt.Errorf("table %s: %w", sv.ID, err))
			}
			continue // another node runs it
		}
		if h.Nodes != nil && sv.Err != nil {
			// Shared, the store may be a cluster still settling: a
			// table it did not give whole is not damaged. The sweep
			// brings it back once it does.
			errs = append(errs, fmt.Errorf("table %s: %w (not restored now)", sv.ID, sv.Err))
			h.Nodes.give(sv.ID)
			continue
		}
		if h.Nodes != nil && sv.Err == nil && sv.Record != nil {
			if err := sv.Log.Claim(h.Nodes.leases.Node); err != nil {
				errs = append(errs, err)
				h.Nodes.give(sv.ID)
				continue
			}
		}
		t, err := h.restoreOne(sv, time.Time{})
		if err != nil && sv.Refused > 0 {
			// Not damaged beyond what was refused: left as it is.
			short = append(short, sv.ID)
			errs = append(errs, fmt.Errorf("table %s: %w (not restored: %d values refused)", sv.ID, err, sv.Refused))
			h.Nodes.give(sv.ID)
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("table %s: %w (set aside)", sv.ID, err))
			if aerr := h.Keep.SetAside(sv, h.Opt.Now()); aerr != nil {
				errs = append(errs, aerr)
			}
			h.Nodes.give(sv.ID)
			continue
		}
		if t == nil {
			h.Nodes.give(sv.ID)
			continue
		}
		h.broughtBack(t)
		h.Mu.Lock()
		h.startLocked(t)
		if id, err := strconv.Atoi(t.ID); err == nil && id >= h.nextID {
			h.nextID = id + 1
		}
		h.Mu.Unlock()
		h.Opt.Log.Info("restored", "table", t.ID, "hand", t.Summary.Load().Hand)
		n++
	}
	if nerr != nil {
		errs = append(errs, nerr)
	}
	return n, errors.Join(errs...)
}

// Number takes a table's number for a table to open later
// (OpenSeatedAs): a tournament writes the tables of its round, numbers
// and all, before it opens them, so that none runs unknown to it. A
// number is never given twice, used or not.
func (h *Hall) Number() (string, error) {
	if h.Nodes != nil {
		// Shared with the other nodes, from the store, which makes it
		// one of a kind: asked without the hall's lock (a round trip).
		ctx, cancel := context.WithTimeout(h.ctx, h.numberWait)
		n, err := h.Keep.Numbers.Take(ctx)
		cancel()
		if err != nil {
			return "", fmt.Errorf("a table's number: %w", err)
		}
		return strconv.Itoa(n), nil
	}
	h.Mu.Lock()
	defer h.Mu.Unlock()
	return h.numberLocked()
}
