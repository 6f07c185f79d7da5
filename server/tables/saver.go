package tables

import (
	"bytes"
	"errors"
	"log/slog"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"okey/server/keep"
)

// tableSaving is a table's side of its Saver: what it handed the
// saver and what the store took, the saves its queued requests ask for
// made once, and whether the store takes its writes. The table owns it
// (its goroutine alone touches it).
type tableSaving struct {
	saver *Saver
	// saveGen counts the snapshots handed to the saver that the table
	// waits for (save; saveUnwaited's take the number of the last),
	// savedGen the last one written (stored says it): what the members
	// are shown waits until the two meet, so that no player sees a
	// change the store has not taken — a node killed or frozen just
	// after would come back without it, and the game would go back for
	// everyone.
	saveGen, savedGen uint64
	stored            chan uint64
	// batching: the requests queued together are being taken (takeQueued),
	// and a save they ask for is made once, after the last (held; or
	// heldUnwaited, when none of them asked for one the table waits
	// for).
	batching, held, heldUnwaited bool
	// paused: the store does not take the table's writes (its saver
	// says so on pausedIn), and the table takes nothing until it does.
	paused   bool
	pausedIn chan bool
}

// hold notes a save asked for while requests are taken together
// (batching), to be made once after the last, and reports whether it
// did.
func (s *tableSaving) hold(wait bool) bool {
	if !s.batching {
		return false
	}
	if wait {
		s.held = true
	} else {
		s.heldUnwaited = true
	}
	return true
}

// put hands the saver a snapshot: the table's entry and its match's
// record; wait says the table shows nothing more until it is written.
func (s *tableSaving) put(entry, rec []byte, wait bool) {
	if wait {
		s.saveGen++
	}
	s.saver.put(entry, rec, s.saveGen)
}

// unbatch ends the requests taken together, and says which save they
// asked for, if any.
func (s *tableSaving) unbatch() (held, unwaited bool) {
	held, unwaited = s.held, s.heldUnwaited
	s.batching, s.held, s.heldUnwaited = false, false, false
	return held, unwaited
}

// waiting reports whether a snapshot the table waits for is not yet
// written.
func (s *tableSaving) waiting() bool { return s.savedGen < s.saveGen }

// took notes that the store took snapshot g.
func (s *tableSaving) took(g uint64) { s.savedGen = max(s.savedGen, g) }

// pause notes whether the store takes the table's writes (not when
// paused), logs a change, and reports it.
func (s *tableSaving) pause(paused bool, log *slog.Logger, table string) bool {
	if paused == s.paused {
		return false
	}
	s.paused = paused
	if paused {
		log.Warn("the table is paused: the store does not take its writes", "table", table)
	} else {
		log.Info("the table goes on: the store takes its writes again", "table", table)
	}
	return true
}

// Saver writes one table's files in its own goroutine: the table hands
// it snapshots and never waits for the disk; the newest snapshot wins.
type Saver struct {
	write    func(table, record []byte) error
	retireFn func() error
	log      *slog.Logger
	mu       sync.Mutex
	next     *snapshot
	// lastTable is the table's file as last written.
	lastTable []byte
	kick      chan struct{}
	stop      chan struct{}
	wg        sync.WaitGroup
	// errs counts failed writes.
	errs atomic.Int64
	// fenced, if set, is called when the store refuses a write because
	// another writer has written the table since (keep.ErrFenced).
	fenced func()
	// rewrite asks for the table's entry to be written again (Rewrite).
	rewrite atomic.Bool
	// stopped: the saver writes nothing more (flush, drop, retire), and
	// a rewrite asked for is not made.
	stopped atomic.Bool
	// stored, if set, is told the number of each snapshot once the
	// store has taken it: the newest only, never blocking. The table
	// shows its players nothing the store has not taken, and takes
	// nothing meanwhile.
	stored chan uint64
	// paused, if set, is told whether the table's writes are failing
	// (true: a write was refused, or not answered within pauseAfter,
	// and is being tried again) or go through again (false): the
	// newest word only, never blocking. retry is how long the saver
	// waits before it tries a failed write again (doubling, to
	// retryMax).
	paused chan bool
	// said is the word last told (mu guards it); failing and retry are
	// the saver goroutine's own.
	said    bool
	failing bool
	retry   time.Duration
	// mark, if set, makes the entry's mark a write left for the next
	// (keep.TableLog.MarkNow), once the table has been quiet markAfter
	// since its last write, and at the saver's stop. dropped: stopped
	// without writing (drop), so without marking either.
	mark    func() error
	dropped atomic.Bool
	// gaveUp: the store refused a write for another node's (fenced);
	// the saver goroutine's own.
	gaveUp bool
}

// markAfter is how long a table is quiet after a write before the mark
// its write left is made alone: shorter than a person's turn, longer
// than the bots' delay and a move's keys (a draw, then its discard),
// so that at play the mark rides the next move's append.
const markAfter = time.Second

// pauseAfter is how long a write may take before the table's players
// are told it is paused: within 2 s of the store failing to take it,
// as long before as a quick store's slowest answers.
const pauseAfter = 1500 * time.Millisecond

// How soon a write that failed is tried again: at first, and at most.
// A store whose stream is electing a leader (a node killed) refuses
// every write at once ("no responders") until it has one, for seconds;
// tried again every half second at most, a table waits a quarter second
// on average past the election rather than up to the longest retry. A
// write the store does not answer is asked again inside the write
// itself (hedged), so this is no burst.
const (
	retryFirst = 250 * time.Millisecond
	retryMax   = 500 * time.Millisecond
)

// Rewrite has the table's entry written again, with the next snapshot
// or, if none waits, as last written: the store's was written over by a
// value that is not a node's. Any goroutine may call it. It reports
// false when the saver is stopped (the table closed, moved or shut
// down): its entry was deleted by its own node, and is not written.
func (s *Saver) Rewrite() bool {
	if s.stopped.Load() {
		return false
	}
	s.rewrite.Store(true)
	select {
	case s.kick <- struct{}{}:
	default:
	}
	return true
}

// snapshot is a table's files, and their number (the table's count of
// saves: 0 for a rewrite of the entry alone).
type snapshot struct {
	table, record []byte
	gen           uint64
}

// NewSaver starts the saver of a table whose files write writes, and
// retire puts away once the table is closed.
func NewSaver(write func(table, record []byte) error, retire func() error, log *slog.Logger) *Saver {
	return NewMarkingSaver(write, nil, retire, log)
}

// NewMarkingSaver is NewSaver for a store whose writes leave the
// entry's mark to the next write (keep.TableLog.WriteSoon): mark makes
// it alone once the table has been quiet a moment (markAfter), and when
// the saver stops.
func NewMarkingSaver(write func(table, record []byte) error, mark func() error, retire func() error, log *slog.Logger) *Saver {
	s := &Saver{write: write, mark: mark, retireFn: retire, log: log, kick: make(chan struct{}, 1), stop: make(chan struct{})}
	s.wg.Add(1)
	go s.loop()
	return s
}

func (s *Saver) put(table, record []byte, gen uint64) {
	s.mu.Lock()
	s.next = &snapshot{table, record, gen}
	s.mu.Unlock()
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

func (s *Saver) loop() {
	defer s.wg.Done()
	var again, quiet <-chan time.Time
	quietly := func(wrote bool) {
		if wrote && s.mark != nil {
			quiet = time.After(markAfter)
		}
	}
	for {
		select {
		case <-s.kick:
			quietly(s.writeNext())
		case <-again:
			quietly(s.writeNext())
		case <-quiet:
			quiet = nil
			s.markNow()
		case <-s.stop:
			if s.writeNext() || quiet != nil {
				s.markNow()
			}
			return
		}
		again = nil
		if s.failing {
			// The snapshot that failed waits to be written again: the
			// table takes nothing until it is (never plays on what the
			// store has not taken).
			again = time.After(s.retry)
			s.retry = min(2*s.retry, retryMax)
		}
	}
}

// markNow makes the mark the last write left (mark), unless the saver
// was dropped or its table taken by another node. One not made now is
// made by the next write, riding its append.
func (s *Saver) markNow() {
	if s.mark == nil || s.dropped.Load() || s.gaveUp {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			s.errs.Add(1)
			s.log.Error("panic marking a table's entry", "panic", r, "stack", string(debug.Stack()))
		}
	}()
	if err := s.mark(); err != nil {
		s.log.Warn("marking a table's entry: left to its next write", "err", err)
	}
}

// writeNext writes the newest snapshot, if one waits, and reports
// whether it wrote one.
func (s *Saver) writeNext() (wrote bool) {
	defer func() {
		if r := recover(); r != nil {
			s.errs.Add(1)
			s.log.Error("panic saving a table", "panic", r, "stack", string(debug.Stack()))
		}
	}()
	s.mu.Lock()
	n := s.next
	s.next = nil
	s.mu.Unlock()
	if s.rewrite.Swap(false) && s.lastTable != nil {
		if n == nil {
			n = &snapshot{table: s.lastTable}
		}
		s.lastTable = nil
	}
	if n == nil {
		return
	}
	// The table's file changes rarely (a seat taken or left); the
	// record at every move. Only what changed is written.
	table := n.table
	if bytes.Equal(table, s.lastTable) {
		table = nil
	}
	// A write that takes long says so before it ends (pauseAfter).
	slow := time.AfterFunc(pauseAfter, func() { s.setPaused(true) })
	err := s.write(table, n.record)
	slow.Stop()
	if err != nil {
		s.errs.Add(1)
		s.log.Error("saving a table", "err", err)
		if errors.Is(err, keep.ErrFenced) {
			// Another node runs the table: nothing more is written.
			s.gaveUp = true
			s.wrote(n.gen)
			if s.fenced != nil {
				s.fenced()
			}
			return
		}
		// Refused or not answered: written again (loop), the newest
		// snapshot first, and the table paused until it is.
		s.mu.Lock()
		if s.next == nil {
			s.next = n
		}
		s.mu.Unlock()
		if !s.failing {
			s.failing, s.retry = true, retryFirst
		}
		s.setPaused(true)
		return
	}
	if table != nil {
		s.lastTable = table
	}
	s.wrote(n.gen)
	if s.failing {
		s.failing = false
		s.log.Info("saving a table: the store takes its writes again")
	}
	s.setPaused(false)
	return true
}

// setPaused tells the table whether its writes are failing: the newest
// word only, never blocking (the saver's goroutine and its slow write's
// timer send).
func (s *Saver) setPaused(p bool) {
	if s.paused == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.said == p {
		return
	}
	s.said = p
	select {
	case <-s.paused:
	default:
	}
	s.paused <- p
}

// wrote tells the table that the snapshot numbered gen is written (or
// failed): only the newest number waits, so this never blocks (the
// saver's goroutine alone sends).
func (s *Saver) wrote(gen uint64) {
	if s.stored == nil || gen == 0 {
		return
	}
	select {
	case old := <-s.stored:
		gen = max(gen, old)
	default:
	}
	s.stored <- gen
}

// drop stops the saver without writing what is waiting.
func (s *Saver) drop() {
	s.dropped.Store(true)
	s.mu.Lock()
	s.next = nil
	s.mu.Unlock()
	s.flush()
}

// flush writes what is waiting and stops the saver.
func (s *Saver) flush() {
	s.stopped.Store(true)
	close(s.stop)
	s.wg.Wait()
}

// retire stops the saver and puts the table's files away.
func (s *Saver) retire() {
	s.mu.Lock()
	s.next = nil
	s.mu.Unlock()
	s.flush()
	if err := s.retireFn(); err != nil {
		s.log.Error("putting a table away", "err", err)
	}
}
