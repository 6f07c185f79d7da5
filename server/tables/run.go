package tables

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"time"

	"okey/game/format"
)

// New makes a table; run starts it.
func New(id string, cfg Config, opt Options, sv *Saver) (*Table, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	k, _ := FindKind(cfg.Game)
	t := &Table{
		ID: id, kind: k, Opt: opt, Cfg: cfg, reqs: make(chan Request, 64), Done: make(chan struct{}),
		sit: seating{watchers: map[*Member]struct{}{}}, refusals: refusals{},
		created: opt.Now(), saving: tableSaving{saver: sv}, ratings: ratings{in: make(chan seatRatings, 1)},
	}
	t.f = cfg.format()
	t.policy = t.f.Policy()
	t.ten = &tenure{table: id, log: opt.Log, lost: make(chan struct{})}
	t.bot = asker{asking: -1, answer: make(chan botAnswer, 1), timeout: opt.BotTimeout, done: t.Done, log: opt.Log, fault: opt.Fault, table: id}
	t.roomSince = t.created
	sv.fenced = t.Lose
	t.saving.stored = make(chan uint64, 1)
	sv.stored = t.saving.stored
	t.saving.pausedIn = make(chan bool, 1)
	t.chat.mutesIn = make(chan struct{}, 1)
	sv.paused = t.saving.pausedIn
	t.tell.publishSummary(t)
	return t, nil
}

// RewriteEntry has the table's entry written again (its saver's
// Rewrite): the store's was written over by a value that is not a
// node's. Any goroutine may call it.
func (t *Table) RewriteEntry() bool {
	return t.saving.saver != nil && t.saving.saver.Rewrite()
}

// Lose stops the table because another node runs it now; any goroutine
// may call it, any number of times.
func (t *Table) Lose() { t.ten.lose() }

// moved stops a table another node has taken over: its members are told
// to find it again in the lobby (where the new node lists it), and
// nothing is written: what this node would write now would be refused.
func (t *Table) moved() {
	t.closing = true
	t.sit.tell(Msg{Closed: "table.moved"})
	t.saving.saver.drop()
}

// Run is the table's goroutine: requests, bots' answers and the clock,
// one at a time, until ctx ends (the server stops: everything is saved)
// or the table closes (nobody holds a seat any more). Nothing is acted
// on, and nothing sent to the members, unless the table's lease is
// surely still this node's (mayAct).
func (t *Table) Run(ctx context.Context, closed func(*Table)) {
	defer close(t.Done)
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	t.schedule()
	if !t.ten.mayAct(ctx, t.Opt.Lease) {
		t.notMine(ctx)
		closed(t)
		return
	}
	t.tell.publish(t)
	var waiting time.Time // since when a write has held the table's requests
	for {
		wait := t.nextWake()
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(wait)
		// While a change is being written the table takes nothing else
		// (requests, bots' answers and the clock wait in their queues):
		// it shows each change once stored, and a change never waits
		// behind the next.
		reqs, ratingsIn, answer, clock, mutes := t.reqs, t.ratings.in, t.bot.answer, timer.C, t.chat.mutesIn
		if t.saving.waiting() {
			reqs, ratingsIn, answer, clock, mutes = nil, nil, nil, nil, nil
			if waiting.IsZero() {
				waiting = time.Now()
			}
		} else if !waiting.IsZero() {
			if d := time.Since(waiting); d > slowWait {
				// A debug line: what a table's requests waited for.
				t.Opt.Log.Debug("a table waited for its write", "table", t.ID, "in", d.Round(time.Millisecond), "queued", len(t.reqs))
			}
			waiting = time.Time{}
		}
		stop := false
		if !guarded(t.Opt.Log, t.ID, func() {
			var act func()
			var dropped Request
			select {
			case r := <-reqs:
				act, dropped = func() { t.takeQueued(ctx, r) }, r
			case r := <-ratingsIn:
				act = func() { t.ratings.take(r) }
			case a := <-answer:
				act = func() { t.bot.answered(t, a) }
			case g := <-t.saving.stored:
				act = func() { t.saving.took(g) }
			case p := <-t.saving.pausedIn:
				// Paused, the table takes nothing while the store does
				// not take its writes (it never plays on what is not
				// saved), and its members are told why it waits.
				act = func() {
					if t.saving.pause(p, t.Opt.Log, t.ID) {
						t.sit.tellPaused(p)
					}
				}
			case <-mutes:
				act = func() { t.chat.tellMuted(t) }
			case <-clock:
				act = t.onClock
			case <-ctx.Done():
				t.shutdown("server.stopping")
				stop = true
				return
			case <-t.ten.lost:
				t.moved()
				closed(t)
				stop = true
				return
			}
			if t.Opt.Fault != nil {
				t.Opt.Fault("event", t.ID)
			}
			began := time.Now()
			defer func() {
				if d := time.Since(began); d > slowWait {
					t.Opt.Log.Debug("a table's event slow", "table", t.ID, "in", d.Round(time.Millisecond), "queued", len(t.reqs))
				}
			}()
			if !t.ten.mayAct(ctx, t.Opt.Lease) {
				if dropped.Reply != nil {
					dropped.Reply <- JoinReply{Seat: -1, Err: ErrClosed}
				}
				t.notMine(ctx)
				closed(t)
				stop = true
				return
			}
			act()
			t.schedule()
			if t.empty() {
				t.close()
				closed(t)
				stop = true
				return
			}
			if !t.ten.mayAct(ctx, t.Opt.Lease) {
				t.notMine(ctx)
				closed(t)
				stop = true
				return
			}
			t.tell.show(t)
		}) {
			t.park()
			closed(t)
			return
		}
		if stop {
			return
		}
	}
}

// Holds is mayAct for the table's other goroutines (a relay sending its
// members' messages to other nodes): whether what the table said may
// still go out, confirming the lease if need be.
func (t *Table) Holds(ctx context.Context) bool { return t.ten.mayAct(ctx, t.Opt.Lease) }

// notMine stops a table mayAct refused: the server stopping (saved, as
// ever) or the lease lost (nothing written, the members sent on).
func (t *Table) notMine(ctx context.Context) {
	if ctx.Err() != nil {
		t.shutdown("server.stopping")
		return
	}
	t.moved()
}

// guarded runs f, and reports false if it panicked: the stack is
// logged once (by table's log), and the table must be parked.
func guarded(log *slog.Logger, table string, f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			log.Error("panic at a table: parked", "table", table, "panic", r, "stack", string(debug.Stack()))
			ok = false
		}
	}()
	f()
	return true
}

// park stops a table that hit a bug, and nothing else: its players are
// told, its files stay as last saved (the state after the panic is not
// trusted, so it is not saved), and it comes back after a restart.
func (t *Table) park() {
	t.closing = true
	t.sit.tell(Msg{Closed: "table.parked"})
	t.saving.saver.flush()
}

// Send is a session's non-blocking request: false when the table is
// busy (its queue full) or gone.
func (t *Table) Send(r Request) bool {
	select {
	case t.reqs <- r:
		return true
	default:
		return false
	}
}

// Call is a request that must arrive (joining, leaving): it waits for
// room in the queue, the table's end, or ctx.
func (t *Table) Call(ctx context.Context, r Request) bool {
	select {
	case t.reqs <- r:
		return true
	case <-t.Done:
	case <-ctx.Done():
	}
	return false
}

// takeQueued takes first and the requests queued behind it (up to
// queuedMax in all), and saves once for them all. The table takes
// nothing while a change is written (Run), so requests that came
// meanwhile wait together: taken one by one, each would wait for the
// write of every one before it, and a tournament's new table would
// seat its four players a store write apart each.
func (t *Table) takeQueued(ctx context.Context, first Request) {
	t.saving.batching = true
	defer func() {
		// Also after a panic (guarded): the table's next change is saved.
		held, unwaited := t.saving.unbatch()
		switch {
		case held:
			t.save()
		case unwaited:
			t.saveUnwaited()
		}
	}()
	t.handle(first)
	for range queuedMax - 1 {
		var r Request
		select {
		case r = <-t.reqs:
		default:
			return
		}
		if t.Opt.Fault != nil {
			t.Opt.Fault("event", t.ID)
		}
		if !t.ten.mayAct(ctx, t.Opt.Lease) {
			// Run finds the table no longer its own and lets it go.
			if r.Reply != nil {
				r.Reply <- JoinReply{Seat: -1, Err: ErrClosed}
			}
			return
		}
		t.handle(r)
	}
}

// queuedMax is the most requests takeQueued takes before it saves: a
// table's four players and a few keys, not a queue of any length in
// one write.
const queuedMax = 8

// handle takes one request.
func (t *Table) handle(r Request) {
	if t.Opt.Fault != nil {
		t.Opt.Fault("handle", t.ID)
	}
	switch r.Kind {
	case ReqJoin:
		if only := t.policy.Only; only != "" && r.M.id != only {
			r.Reply <- JoinReply{Seat: -1, Err: ErrDailyOnly}
			return
		}
		held := (t.restarted != nil || t.takenOver) && !t.told[r.M.id] && t.sit.ownerSeat(r.M.id) >= 0
		r.M.reseat = r.Reseat
		seat, err := t.joinAs(r.M, r.Seat, r.Resume)
		rep := JoinReply{Seat: seat, Err: err}
		if err == nil && held {
			rep.Restarted, rep.Moved, t.told[r.M.id] = t.restarted, t.restarted == nil, true
		}
		r.Reply <- rep
		if err == nil && t.policy.Only != "" && t.Ref == nil {
			t.refusals.addErr(r.M, t.start()) // no waiting room for one player: the session begins
		}
	case ReqWatch:
		if !t.policy.Watch {
			err := ErrDailyOnly // watching would show the deals
			if t.policy.SharedSeal {
				err = ErrRoundUnwatched // to a friend at another table
			}
			r.Reply <- JoinReply{Seat: -1, Err: err}
			return
		}
		r.M.Seat = -1
		t.sit.watchers[r.M] = struct{}{}
		r.Reply <- JoinReply{Seat: -1}
		t.Opt.Log.Info("watch", "table", t.ID, "name", r.M.name)
	case ReqLeave:
		t.leave(r.M, r.Gone)
	case ReqMove:
		if s := t.sit.seatOf(r.M); s >= 0 {
			t.here(s)
			t.move(r.M, s, r.Move)
		}
	case ReqNewMatch:
		if t.policy.OneMatch {
			break // a tournament's table plays its one match
		}
		if s := t.sit.seatOf(r.M); s >= 0 && t.setMatchOver() {
			t.here(s)
			t.sit.seats[s].ready = true // the format moves on when everyone at it is ready
		} else if s >= 0 && t.sit.isHost(r.M) && t.Ref != nil {
			// The host moves the table on after its match ended: the
			// format's next hand, or the table's next match.
			t.ratings.forget() // read again: the last match moved them
			if st, _ := t.Ref.Stage(); st == stMatchOver {
				t.refusals.addErr(r.M, t.next())
			}
		}
	case ReqStart:
		if t.Ref == nil && t.sit.isHost(r.M) {
			t.refusals.addErr(r.M, t.start())
		}
	case ReqChat:
		t.chat.say(t, r.M, r.Text)
	case ReqHere:
		if s := t.sit.seatOf(r.M); s >= 0 {
			t.here(s)
		}
	case ReqAway:
		if s := t.sit.seatOf(r.M); s >= 0 && !t.sit.seats[s].away {
			t.sit.seats[s].away = true
			t.Opt.Log.Info("away: no key pressed", "table", t.ID, "seat", s, "name", t.sit.seats[s].name)
			t.neverHere(s)
			if t.Ref != nil {
				if stg, turn := t.Ref.Stage(); stg == stPlaying && turn == s {
					t.clock.deadline = time.Time{}
				}
			}
		}
	case ReqEvict:
		if !t.tell.idleSince.IsZero() {
			t.Opt.Log.Info("evicted: the hall needs the room", "table", t.ID)
			t.evicted = true
		}
	}
	if t.Ref == nil && r.Kind != ReqMove && r.Kind != ReqEvict {
		t.roomSince = t.Opt.Now()
	}
}

// ErrCommitChanged is a record whose commitment is not the one its
// table showed its players: not dealt (the table is set aside).
var ErrCommitChanged = errors.New("the record's commitment is not the one the table showed its players")

// RestoreTable brings table id back from its saved entry and its
// match's record (a restart, or a node taking it over); stopped is when
// its node stopped running it (zero: not known), and saverFor gives the
// table its saver once the entry has been read. A table nobody holds a
// seat at is put away: nil, nil.
func RestoreTable(id string, entry, record []byte, stopped time.Time, opt Options, saverFor func() *Saver) (*Table, error) {
	var st SavedTable
	if err := json.Unmarshal(entry, &st); err != nil {
		return nil, err
	}
	if st.ID != id {
		return nil, fmt.Errorf("the file names table %q", st.ID)
	}
	if _, err := strconv.Atoi(st.ID); err != nil {
		return nil, fmt.Errorf("table number %q", st.ID)
	}
	t, err := New(st.ID, st.Config, opt, saverFor())
	if err != nil {
		return nil, err
	}
	if st.Started {
		if record == nil {
			return nil, errors.New("its match's record is missing")
		}
		ref, err := t.kind.restore(record)
		if err != nil {
			return nil, err
		}
		// The format takes its place from the record (its hand of the
		// set, the results before it) and says the seal it is played
		// under; a hand that was over is scored again below, which the
		// store takes once.
		seed, meta := header(record)
		saved := format.SealOf(seed, meta)
		saved.BotKey = st.BotKey
		t.Ref = ref
		if t.seal, err = t.f.Restore(seed, meta, saved); err != nil {
			return nil, err
		}
		if st.Commit != "" && (t.seal.None || t.seal.Commit.String() != st.Commit) {
			return nil, fmt.Errorf("%w: the record's %q, the table's %q", ErrCommitChanged, t.seal.Commit.Short(), st.Commit)
		}
	}
	now := opt.Now()
	held := false
	_, back := t.Cfg.chosen()
	for i, s := range st.Seats {
		if s.Owner == "" {
			continue
		}
		held = true
		keep := now.Add(opt.KeepSeat)
		switch {
		case !t.policy.Closes.IsZero():
			keep = t.policy.Closes // as when its player left it (seats.go's leave)
		case t.policy.Awaits && st.Awaited[i]:
			// A tournament's player not come yet is awaited again, with
			// their whole time to come from the restart (as when the
			// table opened: NewSeated), not what was left of it. A table
			// that awaits never moves its players (a duplicate's table is
			// no tournament's: Config.Check), so the seat is the saved one.
			keep, t.awaited[i] = now.Add(back), true
		case t.policy.Awaits:
			// One who had come lost the connection with the restart:
			// their seat is kept as for a connection dropped, and at least
			// their time to come back, from the restart.
			keep = now.Add(max(opt.KeepSeat, back))
		}
		t.sit.seats[i] = seatState{owner: s.Owner, name: s.Name, addr: s.Addr, keep: keep}
	}
	// The seats as the entry arranged them, moved on to the record's
	// hand (a duplicate's players move one seat a hand).
	t.sit.turn(t.f.Arranged() - st.DupHand)
	t.sit.hostID, t.matchNo, t.created = st.Host, st.MatchNo, st.Created
	if st.Started && !st.Deadline.IsZero() && !stopped.IsZero() {
		t.clock.restore(st.Deadline, stopped, now)
	}
	t.entrants = st.Entrants
	t.absent, t.pressed = st.Absent, st.Pressed
	t.clock.banked = st.Banked
	if t.Ref != nil && t.Cfg.Timer > 0 && !t.clock.deadline.IsZero() {
		if stg, turn := t.Ref.Stage(); stg == stPlaying {
			t.clock.resume(turn, t.Cfg.Timer, t.Cfg.Bank)
		}
	}
	// A match that ended is rated again: the mark makes it once, and a
	// rating cut short by a crash is finished here.
	t.noteFinished()
	if !held {
		// Nobody to come back to: put it away.
		t.saving.saver.retire()
		return nil, nil
	}
	// A waiting room comes back as it was, its join code with it; its
	// time to be started runs from now.
	t.roomSince = now
	t.chat.restore(st.Chat)
	t.scored()
	t.tell.publishSummary(t)
	return t, nil
}

// NewSeated makes a tournament's table: New, the players' seats held
// for them, the match dealt. Run starts it.
func NewSeated(id string, cfg Config, opt Options, sv *Saver) (*Table, error) {
	if !cfg.format().Policy().Chosen {
		return nil, fmt.Errorf("%w: no players", ErrSeated)
	}
	t, err := New(id, cfg, opt, sv)
	if err != nil {
		return nil, err
	}
	now := opt.Now()
	players, back := cfg.chosen()
	names := cfg.chosenNames()
	for i, p := range players {
		if p == "" {
			continue
		}
		s := &t.sit.seats[i]
		s.owner, s.keep = p, now.Add(back)
		if n := names[i]; n != "" {
			s.name = t.sit.uniqueName(n, i)
		}
		t.awaited[i] = true
		if t.sit.hostID == "" {
			t.sit.hostID = p
		}
	}
	if err := t.start(); err != nil {
		return nil, err
	}
	// Its held seats shown from the moment it opens: the tournament
	// has it in play before it opens, and a page may look at once.
	t.tell.publishSummary(t)
	return t, nil
}

// slowWait is a table's wait for its write, or an event's handling,
// slow enough to be logged (debug).
const slowWait = time.Second
