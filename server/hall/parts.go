package hall

import (
	"context"
	"errors"
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
	// numberWait bounds the wait for a table's number from the store
	// (10 s; tests of a store that never gives one set it short).
	numberWait time.Duration

	// nodes, when other nodes share the store: the leases of this
	// node's tables (nil: the node is alone).
	Nodes *nodes
	// relay, when other nodes share the store: the tables they run, and
	// their sessions at this node's tables (nil: the node is alone).
	Relay *relay

	// door, when set (SetDoor), says this node's door for the others
	// (doors.go).
	door Door

	// news is said when the tables the lobby lists change: one opened
	// or closed, a summary that shows differently, another node's
	// tables. Sessions in the lobby sleep on it.
	News *tables.News

	// Stopped counts the tables this node stopped because their lease
	// was lost, TakenOver those it brought back after another node's
	// lease ended: a cluster that stops tables of a node merely slow
	// shows here (okey load reports both).
	Stopped, TakenOver atomic.Int64

	// here are the tables this node runs; its lock guards the hall's
	// own fields below as well.
	*here
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

// here are the tables this node runs, by number, under their lock: the
// hall opens and closes them, and its values among nodes (the relay,
// the nodes) read them through here.go, never through the hall.
type here struct {
	Mu     sync.Mutex
	Tables map[string]*tables.Table
}

// side is what the hall hands down to its values among nodes as they
// are made: its context and options (log, clock, faults), the news the
// lobby sleeps on, the store (nil: nothing is saved) and the tables run
// here. Not the hall itself: what they find, they return.
type side struct {
	ctx  context.Context
	opt  tables.Options
	news *tables.News
	keep *keep.Keeper
	here *here
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
	// leftOverEvery is how often takeLeftOver looks at a gone node's
	// tables left to others (a second; tests set it short).
	leftOverEvery time.Duration
}

// relay is a node's side of the tables other nodes run and of the
// sessions other nodes send to its tables.
type relay struct {
	side
	// hold are this node's leases (nil in tests of the lobby alone).
	hold  *keep.Holding
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
	// door says this node's door (Hall.SetDoor), under Mu.
	door Door
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
