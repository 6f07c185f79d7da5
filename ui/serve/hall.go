package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"okey/ui/store"
)

// The hall is the server's tables: it opens them, lists them for the
// lobby, finds them by number, join code or a player's seat, and brings
// them back after a restart. It holds no table's state: each table's
// goroutine owns its own, and the hall reads only their summaries.

// errTooManyTables is the cap on tables.
var errTooManyTables = errors.New("the server has as many tables as it may: join one, or try later")

type hall struct {
	ctx       context.Context
	opt       tableOptions
	files     *store.Tables // nil: nothing is saved (tests)
	maxTables int

	mu     sync.Mutex
	tables map[string]*table
	nextID int
	wg     sync.WaitGroup
}

func newHall(ctx context.Context, opt tableOptions, files *store.Tables, maxTables int) *hall {
	return &hall{ctx: ctx, opt: opt, files: files, maxTables: maxTables, tables: map[string]*table{}, nextID: 1}
}

// saverFor is the saver of table id.
func (h *hall) saverFor(id string) *saver {
	write := func([]byte, []byte) error { return nil }
	retire := func() error { return nil }
	if h.files != nil {
		write = func(tb, rec []byte) error { return h.files.Save(id, tb, rec) }
		retire = func() error { return h.files.Retire(id, h.opt.now()) }
	}
	return newSaver(write, retire, h.opt.log)
}

// create opens a table.
func (h *hall) create(cfg tableConfig) (*table, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ctx.Err() != nil {
		return nil, errClosed
	}
	if len(h.tables) >= h.maxTables {
		return nil, errTooManyTables
	}
	id := strconv.Itoa(h.nextID)
	h.nextID++
	t, err := newTable(id, cfg, h.opt, h.saverFor(id))
	if err != nil {
		return nil, err
	}
	h.startLocked(t)
	h.opt.log.Info("open", "table", id, "game", cfg.Game, "rules", cfg.Rules, "private", cfg.Code != "")
	return t, nil
}

func (h *hall) startLocked(t *table) {
	h.tables[t.id] = t
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		t.run(h.ctx, h.closed)
	}()
}

// closed forgets a table that closed.
func (h *hall) closed(t *table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.tables[t.id] == t {
		delete(h.tables, t.id)
	}
}

// list is every table's summary, by number.
func (h *hall) list() []*tableSummary {
	h.mu.Lock()
	out := make([]*tableSummary, 0, len(h.tables))
	for _, t := range h.tables {
		out = append(out, t.summary.Load())
	}
	h.mu.Unlock()
	slices.SortFunc(out, func(a, b *tableSummary) int {
		x, _ := strconv.Atoi(a.ID)
		y, _ := strconv.Atoi(b.ID)
		return x - y
	})
	return out
}

// get is table id, or nil.
func (h *hall) get(id string) *table {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.tables[id]
}

// byCode is the private table with join code code, or nil.
func (h *hall) byCode(code string) *table {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, t := range h.tables {
		if t.cfg.Code == code {
			return t
		}
	}
	return nil
}

// holding is the table where id holds a seat (kept for them or not),
// or nil.
func (h *hall) holding(id string) *table {
	for _, s := range h.list() {
		if s.Holds(id) >= 0 {
			return h.get(s.ID)
		}
	}
	return nil
}

// wait waits for every table's goroutine to end (after the context).
func (h *hall) wait() { h.wg.Wait() }

// restore brings back the tables saved in the state directory: each
// match where it was, bots in every seat until its players return (their
// seats kept for them). A table that cannot be read is set aside and
// reported; the others come back.
func (h *hall) restore() (int, error) {
	if h.files == nil {
		return 0, nil
	}
	saved, err := h.files.Load()
	if err != nil {
		return 0, err
	}
	var errs []error
	n := 0
	for _, sv := range saved {
		t, err := h.restoreOne(sv)
		if err != nil {
			errs = append(errs, fmt.Errorf("table %s: %w (set aside)", sv.ID, err))
			if aerr := h.files.SetAside(sv.ID, h.opt.now()); aerr != nil {
				errs = append(errs, aerr)
			}
			continue
		}
		if t == nil {
			continue
		}
		h.mu.Lock()
		h.startLocked(t)
		if id, err := strconv.Atoi(t.id); err == nil && id >= h.nextID {
			h.nextID = id + 1
		}
		h.mu.Unlock()
		h.opt.log.Info("restored", "table", t.id, "hand", t.summary.Load().Hand)
		n++
	}
	return n, errors.Join(errs...)
}

func (h *hall) restoreOne(sv store.SavedTable) (*table, error) {
	if sv.Err != nil {
		return nil, sv.Err
	}
	var st savedTable
	if err := json.Unmarshal(sv.Table, &st); err != nil {
		return nil, err
	}
	if st.ID != sv.ID {
		return nil, fmt.Errorf("the file names table %q", st.ID)
	}
	if _, err := strconv.Atoi(st.ID); err != nil {
		return nil, fmt.Errorf("table number %q", st.ID)
	}
	t, err := newTable(st.ID, st.Config, h.opt, h.saverFor(st.ID))
	if err != nil {
		return nil, err
	}
	if st.Started {
		if sv.Record == nil {
			return nil, errors.New("its match's record is missing")
		}
		ref, err := t.kind.restore(sv.Record)
		if err != nil {
			return nil, err
		}
		t.ref, t.seal = ref, sealOf(sv.Record)
		t.noteFinished()
	}
	now := h.opt.now()
	held := false
	for i, s := range st.Seats {
		if s.Owner == "" {
			continue
		}
		held = true
		t.seats[i] = seatState{owner: s.Owner, name: s.Name, keep: now.Add(h.opt.keepSeat)}
	}
	if !held || !st.Started {
		// Nobody to come back to a match, or a waiting room whose
		// players are gone: put it away.
		t.saver.retire()
		return nil, nil
	}
	t.hostID, t.matchNo, t.created = st.Host, st.MatchNo, st.Created
	t.chat = st.Chat
	if len(t.chat) > 0 {
		t.chatSeq = t.chat[len(t.chat)-1].Seq
	}
	t.publishSummary()
	return t, nil
}
