package hall

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"okey/server/keep"
	"okey/server/tables"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The hall is the server's tables: it opens them, lists them for the
// lobby, finds them by number, join code or a player's seat, and brings
// them back after a restart. It holds no table's state: each table's
// goroutine owns its own, and the hall reads only their summaries.

// Why a table is not opened.
var (
	// errTooManyTables: the hall is full (FullError says until when).
	errTooManyTables = errors.New("the server has as many tables as it may")
	// ErrYourTables: the player, or their address, holds seats at as
	// many tables as one may.
	ErrYourTables = errors.New("you hold seats at as many tables as one player may")
	// ErrAddrTables: the same for everyone from one address.
	ErrAddrTables = errors.New("players from your address hold seats at as many tables as one address may")
	// ErrNumberUsed: a table asked to open under a number this node
	// runs a table by already (OpenSeatedAs).
	ErrNumberUsed = errors.New("a table runs here under that number already")
	// ErrStoreSlow: the store did not answer in time for the table's
	// number or lease (a loaded machine, a cluster electing a leader):
	// the player may ask again in a moment. It wraps the store's error.
	ErrStoreSlow = errors.New("the store did not answer in time")
)

// FullError is a full hall, and when a table will close by itself
// (zero: not known).
type FullError struct{ Frees time.Time }

func (e *FullError) Error() string { return errTooManyTables.Error() }
func (e *FullError) Unwrap() error { return errTooManyTables }

// ShareLimits are a player's share of the hall.
type ShareLimits struct {
	// PerPlayer and PerAddr: the most tables one identity, or one
	// address, may hold seats at when opening another.
	PerPlayer, PerAddr int
	// IdleEvict: a table nobody has been at for this long gives way to a
	// new one when the hall is full (its match is put away with the
	// finished ones).
	IdleEvict time.Duration
}

type Hall struct {
	ctx       context.Context
	Opt       tables.Options
	Keep      *keep.Keeper // nil: nothing is saved (tests)
	MaxTables int
	share     ShareLimits

	// nodes, when other nodes share the store: the leases of this
	// node's tables (nil: the node is alone).
	Nodes *nodes
	// relay, when other nodes share the store: the tables they run, and
	// their sessions at this node's tables (nil: the node is alone).
	Relay *relay

	// Door, when set, says this node's door for the others (doors.go).
	Door Door

	// news is said when the tables the lobby lists change: one opened
	// or closed, a summary that shows differently, another node's
	// tables. Sessions in the lobby sleep on it.
	News *tables.News

	// Stopped counts the tables this node stopped because their lease
	// was lost, TakenOver those it brought back after another node's
	// lease ended: a cluster that stops tables of a node merely slow
	// shows here (okey load reports both).
	Stopped, TakenOver atomic.Int64

	Mu     sync.Mutex
	Tables map[string]*tables.Table
	// cold are the tables kept that no node held when this one joined
	// the others (every node had stopped: a restart of the whole
	// cluster, a power cut), until coldUntil (nodes.go's broughtBack).
	cold      map[string]bool
	coldUntil time.Time
	nextID    int
	wg        sync.WaitGroup
	// gone is the store's last word on tables no node runs (Gone).
	goneMu sync.Mutex
	gone   map[string]goneWord
	// nodeGone are told of each node gone (AlsoOnNodeGone), after its
	// tables' takeovers are under way; under goneMu.
	nodeGone []func(node string)
}

// AlsoOnNodeGone has f told of each node gone from the cluster (NodeGone),
// as its tables are: the tournaments a node drove are taken over at
// once too, not when their leases run out.
func (h *Hall) AlsoOnNodeGone(f func(node string)) {
	h.goneMu.Lock()
	h.nodeGone = append(h.nodeGone, f)
	h.goneMu.Unlock()
}

// goneWord is the store's word on whether a table is gone, and when.
type goneWord struct {
	at   time.Time
	gone bool
}

// nodes is a hall's share of a store other nodes share too.
type nodes struct {
	// h is the hall whose tables these are: a takeover opens one there.
	h      *Hall
	leases *keep.Leases
	Hold   *keep.Holding
	// refused are the tables whose entry does not open, by the
	// revision last refused: not taken over (their lease not even
	// taken, or every node would take and free it in turn, each freeing
	// waking the others), and said once a revision.
	mu      sync.Mutex
	refused map[string]uint64
	// taking are the tables whose takeover is under way here: a sweep
	// or a lease's end that finds one starts no other. slots bound the
	// takeovers under way at once (takeoversAtOnce).
	taking map[string]bool
	slots  chan struct{}
}

// relay is a node's side of the tables other nodes run and of the
// sessions other nodes send to its tables.
type relay struct {
	h     *Hall
	nc    *nats.Conn
	node  string
	lobby jetstream.KeyValue
	js    jetstream.JetStream
	seq   atomic.Uint64
	// seal seals what goes in the lobby bucket, and fresh what goes on
	// the subjects (fresh.go): a view holds a rack, a summary the join
	// code and the seats' owners.
	seal  *keep.Sealer
	fresh *freshness

	Mu     sync.Mutex
	Others map[string]remoteSummary // by table: tables other nodes run
	// written is each local table's summary as last written (without
	// its stamp), and stamps the stamp it was written with and the
	// revision it was written at (0: not yet answered); stamped counts
	// the entries written.
	written map[string][]byte
	stamps  map[string]ownEntry
	stamped atomic.Uint64
	// subs are the request subscriptions of the tables run here.
	subs map[string]*nats.Subscription
	// stands are the stand-ins of other nodes' members, by member key.
	stands map[string]*standIn
	// silenced is when the stand-ins of a player of a node gone silent
	// were let go (doors.go: dropSilent), by silencedKey.
	silenced map[string]time.Time
	// alive is when each node's word that it is alive was last heard
	// here (doors.go: heartbeat), by its name as a member key gives it.
	alive map[string]time.Time
	// joined are the other nodes' tables sessions here sit at.
	joined map[*remoteTable]*tables.Member
	// doors are the other nodes' doors (doors.go), by key.
	doors map[string]door
	// ownDoor is when this node wrote the newest of its own doors it
	// has read back from the lobby, firstDoor the first (doors.go:
	// LobbyReadBack).
	ownDoor, firstDoor time.Time
	// server is this node's NATS server's identity, written in its
	// door; servers the node each identity of a door read named.
	server  string
	servers map[string]string
	// rewatch asks watch to make its watch of the lobby again (rewatch
	// says when and why).
	rewatch chan struct{}
	// heard is when the watch last said anything (unix nanoseconds).
	heard atomic.Int64
	// link is what the remote tables found here use of the relay.
	link *link
}

// ownEntry is a local table's lobby entry as this node last wrote it:
// its stamp, and its revision once the store answered.
type ownEntry struct {
	stamp summaryStamp
	rev   uint64
}

// New is a hall of at most maxTables tables run with opt, kept by kept
// (nil: nothing is saved), each player's and address's share of them
// share.
func New(ctx context.Context, opt tables.Options, kept *keep.Keeper, maxTables int, share ShareLimits) *Hall {
	w := tables.NewNews()
	opt.Lobby = w
	return &Hall{ctx: ctx, Opt: opt, Keep: kept, MaxTables: maxTables, share: share, News: w, Tables: map[string]*tables.Table{}, nextID: 1}
}

// saverFor is the saver of table id, writing through l (nil: a new
// table's).
func (h *Hall) saverFor(id string, l *keep.TableLog) *tables.Saver {
	write := func([]byte, []byte) error { return nil }
	retire := func() error { return nil }
	if h.Keep != nil {
		if l == nil {
			l = h.Keep.Log(id)
		}
		write = l.Write
		retire = func() error { return l.Retire(h.Opt.Now(), h.Opt.KeepMatches) }
	}
	return tables.NewSaver(write, retire, h.Opt.Log)
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

func (h *Hall) startLocked(t *tables.Table) {
	h.Tables[t.ID] = t
	h.News.Changed()
	if h.Relay != nil {
		h.Relay.serveTable(t)
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		t.Run(h.ctx, h.closed)
	}()
}

// closed forgets a table that closed (or stopped here because another
// node runs it now), and gives its lease up.
func (h *Hall) closed(t *tables.Table) {
	h.Mu.Lock()
	mine := h.Tables[t.ID] == t
	if mine {
		delete(h.Tables, t.ID)
		h.News.Changed()
	}
	h.Mu.Unlock()
	if mine {
		if h.Relay != nil {
			h.Relay.unserveTable(t)
			if h.Nodes.Hold.Fresh(t.ID) {
				// Unlisted before its lease is given up: the others,
				// hearing the lease end, find nothing kept (a table
				// closed) and leave it, but their sweep takes over a
				// table the lobby lists with no lease, and the lobby's
				// writer would unlist it only at its next round.
				ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
				h.Relay.unlistOwn(ctx, t.ID)
				cancel()
			}
		}
		h.Nodes.give(t.ID)
	}
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

// listLocal is the summary of every table this node runs, by number.
func (h *Hall) listLocal() []*tables.Summary {
	h.Mu.Lock()
	out := make([]*tables.Summary, 0, len(h.Tables))
	for _, t := range h.Tables {
		out = append(out, t.Summary.Load())
	}
	h.Mu.Unlock()
	keep.SortByNumber(out, func(s *tables.Summary) string { return s.ID })
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

// Local is table id if this node runs it, or nil.
func (h *Hall) Local(id string) *tables.Table {
	h.Mu.Lock()
	defer h.Mu.Unlock()
	return h.Tables[id]
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

// lost notes table id as one this node will not take (its entry or
// record refused) and takes it out of the lobby: its players are told
// it is lost (Gone), and nobody is offered a seat at it.
func (h *Hall) lost(id string) {
	if h.Nodes == nil {
		return
	}
	h.Nodes.mu.Lock()
	if _, ok := h.Nodes.refused[id]; !ok {
		h.Nodes.refused[id] = 0 // the revision is not known here: a takeover notes it
	}
	h.Nodes.mu.Unlock()
	if h.Relay != nil {
		ctx, cancel := context.WithTimeout(h.ctx, relayWait)
		defer cancel()
		h.Relay.unlist(ctx, id)
	}
}

// refusedEntry reports whether a kept table's entry was refused: not
// sealed with the cluster's secret, an older entry of the table's put
// back, or its record cut short of it. Such a table is neither run nor
// set aside (a store from before the seal keeps it until sealed; a
// table whose newest entry or record is gone is lost, and its players
// are told so).
func refusedEntry(kt keep.KeptTable) bool {
	return errors.Is(kt.Err, keep.ErrUnsealed) || errors.Is(kt.Err, keep.ErrSealBroken) || errors.Is(kt.Err, keep.ErrStale) || errors.Is(kt.Err, keep.ErrCut)
}

// restoreOne brings one kept table back; stopped is when the node that
// ran it stopped (zero: not known, as after a restart of every node):
// the turn clock then resumes with the time that was left.
func (h *Hall) restoreOne(sv keep.KeptTable, stopped time.Time) (t *tables.Table, err error) {
	// A record that trips a bug is set aside like a damaged one: the
	// other tables come back.
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("restoring it panicked: %v", r)
			h.Opt.Log.Error("panic restoring a table", "table", sv.ID, "panic", r, "stack", string(debug.Stack()))
		}
	}()
	if sv.Err != nil {
		return nil, sv.Err
	}
	if sv.Log != nil && sv.Log.Stale() {
		// The secret is being changed (keep/rotate.go): the table is
		// sealed again with the key in use before it plays on. If the
		// store does not take it now, the table plays on all the same
		// (it is not damaged), and is sealed again when it next moves.
		if err := sv.Log.Reseal(sv.Table); err != nil {
			h.Opt.Log.Warn("sealing a table again with the secret's key in use: not now", "table", sv.ID, "err", err)
		} else {
			h.Opt.Log.Info("sealed again with the secret's key in use", "table", sv.ID)
		}
	}
	return tables.RestoreTable(sv.ID, sv.Table, sv.Record, stopped, h.Opt, func() *tables.Saver { return h.saverFor(sv.ID, sv.Log) })
}
