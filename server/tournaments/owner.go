package tournaments

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"okey/game/tourney"
	"okey/kit/safetext"
	"okey/server/keep"
	"okey/server/tables"
)

// The owner's round, for each tournament this node owns: read it from
// the store (the value and its revision: the stream leader's, not the
// watch's nor a replica's, which may lag; never one older than this
// node last wrote), take its players' requests and its tables' ends, move
// it on to now, open the tables it asks for, and write it back over the
// revision read. Only its owner writes a tournament, so a write refused
// means the tournament is another node's now. The requests and ends
// taken are deleted only once the tournament is written with them: an
// owner lost in between leaves them for the next, which finds an end
// whose table the tournament no longer has in play already counted, and
// deletes it.

// Start runs the service until ctx ends: it reads every tournament
// there is before it returns, then keeps them as the store changes,
// writes its tables' ends, and runs the owner's round.
func (s *Service) Start(ctx context.Context) error {
	opt := s.opt
	if opt.Leases != nil {
		s.hold = keep.NewHolding(ctx, opt.Leases, s.lost)
	}
	opt.Book.KeepNewest(prefixMute) // mute.go
	opt.Book.KeepNewest(prefixReq)  // requests.go
	opt.Book.KeepNewest(prefixChat) // chat.go
	opt.Book.KeepNewest(prefixT)
	w, err := opt.Book.Watch(ctx)
	if err != nil {
		return err
	}
	ready := make(chan struct{})
	go s.watch(ctx, w, ready)
	select {
	case <-ready:
	case <-ctx.Done():
		return ctx.Err()
	}
	go s.writeEnds(ctx)
	if opt.Every >= 0 {
		go s.run(ctx, cmp.Or(opt.Every, time.Second))
	}
	return nil
}

// run runs the owner's round every tick, and at once when a request or
// a table's end comes, until ctx ends.
func (s *Service) run(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			if s.hold != nil {
				// Given up at once: the other nodes need not wait for
				// the leases to run out.
				gctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				_ = s.hold.GiveAll(gctx)
				cancel()
			}
			return
		case <-tick.C:
		case <-s.wake:
		}
		s.Round(ctx)
	}
}

// lost forgets a tournament whose lease another node holds now.
func (s *Service) lost(id string) {
	s.mu.Lock()
	delete(s.owned, id)
	delete(s.own, id)
	s.mu.Unlock()
	s.opt.Log.Warn("tournament lease lost: driven elsewhere now", "tournament", id)
}

// Round is one owner's round: the tournaments nobody owns taken (their
// lease), and each one owned driven.
func (s *Service) Round(ctx context.Context) {
	s.claim(ctx)
	s.mu.Lock()
	ids := make([]string, 0, len(s.owned))
	for id := range s.owned {
		ids = append(ids, id)
	}
	s.mu.Unlock()
	slices.Sort(ids)
	for _, id := range ids {
		if ctx.Err() != nil {
			return
		}
		if err := s.drive(ctx, id); err != nil {
			s.opt.Log.Warn("tournament not moved on", "tournament", id, "err", err)
		}
	}
}

// Owned lists the tournaments this node drives.
func (s *Service) Owned() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.owned))
	for id := range s.owned {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// Driver is a tournament not finished as status lists it: its id, name
// and phase, and the node driving it (its lease's holder; "" none now:
// its owner was lost and another has not taken it yet).
type Driver struct {
	ID, Name string
	Phase    tourney.Phase
	Node     string
	// Here: this node drives it.
	Here bool
}

// Drivers lists the tournaments not finished, by id, each with the
// node that drives it: one read of its lease a tournament (alone, this
// node drives every one).
func (s *Service) Drivers(ctx context.Context) []Driver {
	s.mu.Lock()
	var out []Driver
	for id, r := range s.recs {
		if r.T.Phase != tourney.Finished {
			out = append(out, Driver{ID: id, Name: r.T.Config.Name, Phase: r.T.Phase, Here: s.owned[id]})
		}
	}
	s.mu.Unlock()
	slices.SortFunc(out, func(a, b Driver) int { return strings.Compare(a.ID, b.ID) })
	for i := range out {
		switch {
		case s.opt.Leases == nil:
			out[i].Here = true
		case out[i].Here:
			out[i].Node = s.opt.Leases.Node
		default:
			lctx, cancel := context.WithTimeout(ctx, storeWait)
			node, err := s.opt.Leases.Holder(lctx, out[i].ID)
			cancel()
			if err == nil {
				out[i].Node = node
			}
		}
	}
	return out
}

// claim takes the lease of each tournament not finished that nobody
// holds. A lease is only tried for on a Create: one held is refused.
func (s *Service) claim(ctx context.Context) {
	now := time.Now()
	s.mu.Lock()
	var free []string
	for id, r := range s.recs {
		if r.T.Phase != tourney.Finished && !s.owned[id] && now.Sub(s.heldElsewhere[id]) >= claimAgain {
			free = append(free, id)
		}
	}
	s.mu.Unlock()
	slices.Sort(free)
	gone := s.goneLately(now)
	for _, id := range free {
		if s.hold != nil {
			tctx, cancel := context.WithTimeout(ctx, storeWait)
			err := s.hold.TakeFrom(tctx, id, gone)
			cancel()
			if errors.Is(err, keep.ErrLeaseHeld) {
				s.mu.Lock()
				s.heldElsewhere[id] = now
				s.mu.Unlock()
			}
			if err != nil {
				if !errors.Is(err, keep.ErrLeaseHeld) {
					s.opt.Log.Warn("a tournament's lease not taken", "tournament", id, "err", err)
				}
				continue
			}
			s.opt.Log.Info("tournament owned here", "tournament", id, "node", s.opt.Leases.Node)
		}
		s.mu.Lock()
		s.owned[id] = true
		s.mu.Unlock()
	}
}

// NodeGone takes at once, at the next round, the tournaments node
// drove: it left the cluster (its routes closed and not back), so their
// leases need not be waited out. Waited out (5 s and more), the matches
// that ended meanwhile waited for their next table: okey load k5 (the
// tournament's node killed, its tables taken over within 1.1 s), 52
// pairings of 2.4 to 7.7 s in the arena's 200 players, where the other
// runs' p99 was 0.2 to 0.6 s.
func (s *Service) NodeGone(node string) {
	s.mu.Lock()
	s.goneNode, s.goneAt = node, time.Now()
	clear(s.heldElsewhere) // asked for again at once
	s.mu.Unlock()
	s.poke()
}

// goneLately is the node gone whose leases are taken at their revision now
// ("": none lately, within goneFor of its going).
func (s *Service) goneLately(now time.Time) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.goneNode == "" || now.Sub(s.goneAt) > goneFor {
		return ""
	}
	return s.goneNode
}

// goneFor is how long after a node is gone its tournaments' leases are
// taken at their revision: long enough for a store electing new leaders
// to take the takeover's write, past every lease the node held.
const goneFor = time.Minute

// claimAgain is how soon a tournament whose lease another node holds
// is asked for again: the round runs at every request and table's end
// too, and each of the other nodes asked the store to create the
// lease about twice a second in a 200-player arena; a lease expires a
// TTL (seconds) after its holder stops, so a second's wait costs a
// takeover at most that.
const claimAgain = time.Second

// give lets a finished tournament go: nobody need drive it.
func (s *Service) give(ctx context.Context, id string) {
	s.mu.Lock()
	delete(s.owned, id)
	s.mu.Unlock()
	if s.hold != nil {
		gctx, cancel := context.WithTimeout(ctx, storeWait)
		_ = s.hold.Give(gctx, id)
		cancel()
	}
}

// taken is a request or a table's end taken into the tournament, to be
// lifted or deleted once the tournament is written with it.
type taken = pendingKey

// drive is the owner's round for tournament id.
func (s *Service) drive(ctx context.Context, id string) error {
	rctx, cancel := context.WithTimeout(ctx, storeWait)
	defer cancel()
	// Where a round's time goes, for the debug log: each step a round
	// trip or more to the store, and a player's wait for their next
	// table the sum of them.
	began := time.Now()
	var read, numbered, wrote time.Duration
	if s.hold != nil {
		// A node that was frozen, or whose renewals went unanswered,
		// acts only once it knows the tournament is still its own.
		if err := s.hold.Confirm(rctx, id); err != nil {
			return fmt.Errorf("tournament %s: %w", id, err)
		}
	}
	b, rev, gen, own := s.ownLast(id)
	if !own {
		var err error
		if b, rev, err = s.read(rctx, prefixT+id); err != nil {
			return err
		}
	}
	if floor := s.floor(id); rev < floor {
		// A copy behind the store's: driven from it, the round would
		// open tables the tournament never knows (its write refused),
		// whose players play a match nobody counts while the next
		// round pairs them again. The next round reads again.
		return fmt.Errorf("tournament %s read at revision %d, after %d was written: %w", id, rev, floor, errReadBehind)
	}
	read = time.Since(began)
	var r record
	if err := s.readRecord(rctx, id, b, &r); err != nil {
		return fmt.Errorf("tournament %s: %w", id, err)
	}
	if own {
		r.Gen = gen // as the store stamped it
	}
	t := &r.T
	if t.Joined == nil {
		t.Joined = map[string]tourney.Entrant{}
	}
	rev, err := s.sealNext(rctx, id, &r, rev)
	if err != nil {
		return err
	}
	now := s.opt.Now()
	phase, changed := t.Phase, false
	// The tables written in play before they opened, as read: those put
	// in play by this round open only once it is written.
	written := slices.Clone(r.Opening)
	var done []taken
	// The tables each event asks for are numbered and put in play
	// before the next event is taken (the director pairs from the
	// tables it knows in play: a Swiss round begins only once the last
	// has no table in play), and open only once the tournament is
	// written with them (Opening): a write refused leaves no table
	// running that the tournament does not know, its players paired
	// again by the next round while they sit at it.
	var planned []int
	openAll := func(starts []tourney.Start) {
		for _, st := range starts {
			changed = true
			if t.System().Scoring.Sealed() {
				if _, ok := r.Seals[st.Round]; !ok {
					s.opt.Log.Error("tournament: a duplicate round with no seal", "tournament", id, "round", st.Round)
					continue
				}
			}
			at := time.Now()
			n, err := s.plan(&r, st, now)
			numbered += time.Since(at)
			if err != nil {
				s.opt.Log.Error("tournament: a table not opened", "tournament", id, "players", logIDs(st.Players), "err", bare(err))
				continue
			}
			planned = append(planned, n)
		}
	}

	// The players' requests, then the tables' ends, as the watch saw
	// them.
	reqs, ends := s.pending(id)
	ends = s.unseenEnds(rctx, id, &r, ends)
	for _, q := range reqs {
		done = append(done, q)
		var req request
		if err := json.Unmarshal(q.v, &req); err != nil {
			continue
		}
		if req.Organiser {
			if s.organised(id, &r, req) {
				changed = true
			}
			continue
		}
		changed = true
		delete(t.Refused, req.Player) // said, or asked again
		if req.TakeBack {
			st, err := t.TakeBack(req.Player, now)
			if err != nil {
				s.opt.Log.Info("tournament: an ask to partner not taken back", "tournament", id, "err", bare(err))
			}
			openAll(st)
			continue
		}
		if req.Leave {
			if err := t.Leave(req.Player); err != nil {
				s.opt.Log.Info("tournament: a leave refused", "tournament", id, "err", bare(err))
			}
			continue
		}
		if req.Answer != "" {
			st, err := t.Answer(req.Player, req.Answer == answerAccept, now)
			if err != nil {
				s.opt.Log.Info("tournament: an answer to partner refused", "tournament", id, "err", bare(err))
			}
			openAll(st)
			continue
		}
		if _, ok := t.Joined[t.Unit(req.Player)]; !ok && !t.Alone(req.Player) && t.Players() >= s.opt.players() {
			continue
		}
		if !r.free(req.Addr, req.Player) {
			// Another joined from the address meanwhile, by another
			// node: one person, one seat.
			s.opt.Log.Info("tournament: a join refused: its address is another player's", "tournament", id)
			continue
		}
		var st []tourney.Start
		var err error
		if req.With != "" {
			st, err = t.Ask(req.Player, req.With, req.Rating, now)
		} else {
			st, err = t.Join(req.Player, req.Rating, now)
		}
		if err != nil {
			s.opt.Log.Info("tournament: a join refused", "tournament", id, "err", bare(err))
			if req.With != "" {
				// The node asked from let it through; the asker's page
				// says why the owner did not (the partner teamed or
				// asked meanwhile).
				if t.Refused == nil {
					t.Refused = map[string]tourney.Refusal{}
				}
				for len(t.Refused) >= maxRefused {
					// The oldest said long enough: the value stays small
					// whoever asks.
					var oldest string
					for p, f := range t.Refused {
						if oldest == "" || f.At.Before(t.Refused[oldest].At) {
							oldest = p
						}
					}
					delete(t.Refused, oldest)
				}
				t.Refused[req.Player] = tourney.Refusal{To: req.With, Why: tourney.WhyOf(err), At: now}
			}
		} else {
			// Cleaned again: the store's value is the cluster's, but a
			// name reaches every node's pages from here.
			t.Named(req.Player, safetext.Name(req.Name))
			r.claim(req.Addr, req.Player)
		}
		openAll(st)
	}
	for _, e := range ends {
		done = append(done, e)
		var end tables.SeatedEnd
		n, err := strconv.Atoi(strings.TrimPrefix(e.key, prefixEnd+id+"."))
		if err != nil || json.Unmarshal(e.v, &end) != nil {
			continue
		}
		if !slices.ContainsFunc(t.Playing, func(p tourney.Playing) bool { return p.Table == n }) {
			continue // counted already, or not this tournament's: deleted
		}
		if t.System().Pairing.ForfeitOut() {
			// A player who did not come to the table, or was away from
			// it too long, is paused until they come back (a key on the
			// tournament's page): taken out before the end puts its
			// players back, so the pairing it makes does not seat them
			// again at once.
			for i, p := range end.Players {
				if end.Forfeit[i] && p != tourney.Bot {
					_ = t.Pause(p)
					s.opt.Log.Info("tournament: a player paused, their match lost for want of being at it", "tournament", id, "table", n, "seat", i)
				}
			}
		}
		st, err := t.Ended(n, end.Places, end.Forfeit, now)
		if err != nil {
			s.opt.Log.Error("tournament: a table's end refused", "tournament", id, "table", n, "err", err)
			continue
		}
		changed = true
		if r.Results == nil {
			r.Results = map[int][4]int{}
		}
		r.Results[n] = end.Results
		s.opt.Log.Info("tournament match over", "tournament", id, "table", n, "places", end.Places, "forfeit", end.Forfeit)
		openAll(st)
	}
	// The tables written in play and not known opened yet (as read):
	// this node's own from its last round, another owner's (taken over
	// between its write and its opening), or a write's whose answer was
	// lost.
	for _, n := range written {
		st, settled := s.settleOpening(rctx, id, &r, n, now)
		if settled {
			changed = true
			r.Opening = slices.DeleteFunc(r.Opening, func(o int) bool { return o == n })
		}
		openAll(st)
	}
	for _, p := range slices.Clone(t.Playing) {
		if slices.Contains(r.Opening, p.Table) || !s.gone(rctx, id, p.Table, r.OpenedOn[p.Table]) {
			continue
		}
		// Lost with no end: a match nobody won, its players back in
		// the pairing.
		var forfeit [4]bool
		for i, pl := range p.Players {
			forfeit[i] = pl != tourney.Bot
		}
		st, err := t.Ended(p.Table, [4]int{1, 1, 1, 1}, forfeit, now)
		if err != nil {
			continue
		}
		changed = true
		r.Abandoned = append(r.Abandoned, p.Table)
		s.opt.Log.Warn("tournament: a table lost with no end, its match abandoned", "tournament", id, "table", p.Table)
		openAll(st)
	}
	// The clock alone may change it with no table to open: an ask to
	// partner lapsed, one alone teamed with a bot after the bot wait.
	before := shapeOf(t)
	openAll(t.Tick(now))
	if shapeOf(t) != before {
		changed = true
	}
	for n := range r.OpenedOn {
		if !slices.ContainsFunc(t.Playing, func(p tourney.Playing) bool { return p.Table == n }) {
			delete(r.OpenedOn, n) // over: counted, or abandoned
		}
	}
	if t.Phase != phase {
		changed = true
		s.opt.Log.Info("tournament", "tournament", id, "phase", t.Phase, "round", t.Round)
		if t.Phase == tourney.Finished {
			r.Done = now
		}
	}
	if !changed {
		return s.drop(ctx, done)
	}
	// The write has a wait of its own: a Swiss's first round of 50
	// tables, numbered on a loaded store, took the round's wait and was
	// not written ("context deadline exceeded"). The round's tables
	// open only once it is written: refused, they never ran, and the
	// next round pairs their players again.
	wctx, wcancel := context.WithTimeout(ctx, storeWait)
	defer wcancel()
	at := time.Now()
	nb, err := s.pack(wctx, id, &r)
	if err != nil {
		return err
	}
	if _, err := s.write(wctx, id, &r, nb, rev); err != nil {
		if errors.Is(err, keep.ErrTourneyMoved) {
			s.movedUnder(wctx, id)
		}
		return err
	}
	wrote = time.Since(at)
	at = time.Now()
	// The round's tables open together, and the requests and ends taken
	// are deleted meanwhile: each is a round trip of the store (a lease,
	// a delete), and one after the other the last table's players
	// waited for them all.
	var opened sync.WaitGroup
	for _, n := range planned {
		opened.Go(func() {
			err := s.openTable(id, &r, n)
			s.mu.Lock()
			s.tried[triedKey(id, n)] = err
			s.mu.Unlock()
		})
	}
	dropped := s.drop(ctx, done)
	opened.Wait()
	s.opt.Log.Debug("a tournament's round", "tournament", id, "ends", len(ends), "requests", len(reqs), "tables", len(planned),
		"read", ms(read), "numbers", ms(numbered), "write", ms(wrote), "open", ms(time.Since(at)), "in", ms(time.Since(began)))
	if len(planned) > 0 {
		s.poke() // settled (Opening) at once
	}
	if dropped != nil {
		return dropped
	}
	if t.Phase == tourney.Finished {
		s.opt.Log.Info("tournament finished", "tournament", id, "matches", len(t.Matches))
		s.give(ctx, id)
	}
	return nil
}

// shape is what Tick may change of a tournament by the clock alone,
// counted: whether the owner must write it.
// ms is d in whole milliseconds, as the debug log gives times.
func ms(d time.Duration) string { return d.Round(time.Millisecond).String() }

type shape struct {
	invites, lone, teams, pool, playing int
	phase                               tourney.Phase
}

func shapeOf(t *tourney.Tournament) shape {
	return shape{len(t.Invites), len(t.Lone), len(t.Teams), len(t.Pool), len(t.Playing), t.Phase}
}

// maxRefused is how many refusals of asks to partner a tournament
// keeps for their askers' pages.
const maxRefused = 32

// errReadBehind is a tournament read at a revision older than one
// already written or seen: a copy of the store's behind it.
var errReadBehind = errors.New("a copy behind the store's")

// floor is the least revision tournament id may be read at: the last
// this node wrote of it, or its watch saw.
func (s *Service) floor(id string) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return max(s.wrote[id], s.recs[id].rev)
}

// write writes tournament id, r as v, over revision rev, and returns
// the new revision. Written, v is this node's last write of it
// (ownLast); refused or unanswered, nothing is.
func (s *Service) write(ctx context.Context, id string, r *record, v []byte, rev uint64) (uint64, error) {
	s.mu.Lock()
	delete(s.own, id)
	s.mu.Unlock()
	if s.writeFault != nil {
		if land, err := s.writeFault(id); err != nil {
			if land {
				_, _ = s.opt.Book.WriteNewer(ctx, prefixT+id, v, v, rev)
			}
			return 0, fmt.Errorf("tournament %s: %w", id, err)
		}
	}
	// v carries the generation it was read at (record.Gen): written as
	// the next, an older one put back is read as the newest
	// (keep.TourneyBook.WriteNewer).
	nrev, err := s.opt.Book.WriteNewer(ctx, prefixT+id, v, v, rev)
	if err == nil {
		s.mu.Lock()
		s.wrote[id] = max(s.wrote[id], nrev)
		s.mu.Unlock()
	}
	if err == nil && s.answerLost != nil && s.answerLost(id) {
		return 0, fmt.Errorf("tournament %s: the answer lost: %w", id, keep.ErrTourneyMoved)
	}
	if err == nil {
		s.mu.Lock()
		s.own[id] = ownWrite{v: v, rev: nrev, gen: r.Gen + 1}
		s.mu.Unlock()
	}
	return nrev, err
}

// ownLast is this node's last write of tournament id, if the store
// holds nothing newer as far as this node knows (ok): what its next
// round drives from, with no read of the store. Only the tournament's
// owner writes it, so nothing else is there to read, and a write over
// it at rev is refused if anyone wrote it since (another owner, an
// older value put back): then the next round reads the store again.
// An arena's rounds read it back five times a second, each two round
// trips of a loaded store (the leader's value, and whether it was
// followed).
func (s *Service) ownLast(id string) (v []byte, rev, gen uint64, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w, ok := s.own[id]
	if !ok || w.rev < s.recs[id].rev {
		return nil, 0, 0, false
	}
	return w.v, w.rev, w.gen, true
}

// movedUnder is a write of tournament id refused because the value was
// written since it was read. Another node writes it now only if this
// one lost its lease: then it is forgotten here. With the lease still
// held, the write refused was most likely this node's own, applied by
// an attempt whose answer was lost (a loaded store: the client sent it
// again and the second found the first's revision), and the next round
// reads it again. Forgotten then, the tournament was driven by nobody: this node
// held its lease and no longer drove it, and the others could not take
// it (okey load, 200 players on three nodes at a load average of 14).
func (s *Service) movedUnder(ctx context.Context, id string) {
	if s.hold != nil {
		if err := s.hold.Confirm(ctx, id); err == nil {
			s.opt.Log.Warn("tournament written since read, its lease still held here: read again", "tournament", id)
			return
		}
	}
	s.lost(id) // another node writes it now
}

// gone reports whether table n of tournament id, opened on node by, is
// gone with no end of it waiting: unknown to the hall for
// Options.Abandon (a table whose node was lost and that no node brought
// back, or one closed with nobody at it before its match was over), or
// at once where the store says it was lost for good with the node it
// was opened on (hall.Lost: that node's door gone, the table's lease
// run out, no entry of it kept) — its players need not wait two
// minutes to be paired again.
func (s *Service) gone(ctx context.Context, id string, n int, by string) bool {
	table := strconv.Itoa(n)
	key := id + "/" + table
	s.mu.Lock()
	if _, ended := s.other[endKey(id, table)]; ended || s.opt.Hall.Get(table) != nil {
		delete(s.missing, key)
		s.mu.Unlock()
		return false
	}
	since, ok := s.missing[key]
	if !ok {
		since = time.Now()
		s.missing[key] = since
	}
	s.mu.Unlock()
	over := time.Since(since) >= cmp.Or(s.opt.Abandon, 2*time.Minute)
	if !over {
		lost, err := s.opt.Hall.Lost(ctx, table, by)
		if err != nil {
			s.opt.Log.Warn("tournament: whether a table is lost", "tournament", id, "table", n, "err", err)
		}
		if !lost {
			return false
		}
		// A table that ended and closed is gone from every hall too:
		// its end, written as it closed, may not have reached this
		// node's watch yet (a table taken over after its node's loss
		// ended 1.6 s later, and was counted abandoned 0.9 s after
		// that, its end on its way). The store is asked.
		if _, _, err := s.opt.Book.ReadLatest(ctx, endKey(id, table)); err == nil {
			return false
		}
		s.opt.Log.Warn("tournament: a table lost with the node it was opened on", "tournament", id, "table", n, "node", by)
	}
	s.mu.Lock()
	delete(s.missing, key)
	s.mu.Unlock()
	return true
}

// sealNext draws the seal of a duplicate tournament's next round if it
// has none, and writes the tournament with it, as read, over revision
// rev (returning the new one): the round's commitment is the
// tournament's before the round begins, and an owner lost right after
// leaves nothing half done.
func (s *Service) sealNext(ctx context.Context, id string, r *record, rev uint64) (uint64, error) {
	t := &r.T
	next := t.Round + 1
	if !t.System().Scoring.Sealed() || t.Phase == tourney.Finished || next > t.Config.Rounds {
		return rev, nil
	}
	if _, ok := r.Seals[next]; ok {
		return rev, nil
	}
	if err := r.sealRound(next, s.opt.Random); err != nil {
		return rev, err
	}
	b, err := s.pack(ctx, id, r)
	if err != nil {
		return rev, err
	}
	nrev, err := s.write(ctx, id, r, b, rev)
	if errors.Is(err, keep.ErrTourneyMoved) {
		s.movedUnder(ctx, id)
	}
	if err != nil {
		return rev, err
	}
	s.opt.Log.Info("tournament round sealed", "tournament", id, "round", next, "commit", r.Seals[next].Seal().Commit.Short())
	return nrev, nil
}

// unseenEnds is ends and, within goneFor of a node's loss, the ends of
// tournament id's tables in play that this node does not run and whose
// end the watch has not brought, read from the store: a direct get,
// which any of the bucket's replicas answers. The watch is a consumer of the bucket's stream, and
// after a node's loss it brings nothing until the cluster has elected
// the leaders it needs and the consumer is made again: with an arena's
// owner killed, the new owner's first round came 11.4 s after the
// kill, with the ends of ten matches, their players waiting for it
// (pairing p99 4.9 s). A table's end is asked at most once a
// peekEvery.
func (s *Service) unseenEnds(ctx context.Context, id string, r *record, ends []pendingKey) []pendingKey {
	now := time.Now()
	if s.goneLately(now) == "" {
		return ends // the watch is trusted: no node lost lately
	}
	for _, p := range r.T.Playing {
		table := strconv.Itoa(p.Table)
		key := endKey(id, table)
		if slices.Contains(r.Opening, p.Table) || slices.ContainsFunc(ends, func(e pendingKey) bool { return e.key == key }) || s.opt.Hall.Local(table) != nil {
			continue
		}
		s.mu.Lock()
		last, asked := s.peeked[key]
		if !asked || now.Sub(last) >= peekEvery {
			s.peeked[key] = now
		}
		s.mu.Unlock()
		if asked && now.Sub(last) < peekEvery {
			continue
		}
		rctx, cancel := context.WithTimeout(ctx, peekWait)
		v, rev, err := s.opt.Book.Read(rctx, key)
		cancel()
		if err == nil {
			ends = append(ends, pendingKey{key, v, rev})
		}
	}
	if len(s.peeked) > 0 {
		s.mu.Lock()
		for k, at := range s.peeked {
			if now.Sub(at) > time.Minute {
				delete(s.peeked, k)
			}
		}
		s.mu.Unlock()
	}
	slices.SortFunc(ends, func(a, b pendingKey) int { return cmp.Compare(a.rev, b.rev) })
	return ends
}

// peekEvery is how often a table's end is read past the watch
// (unseenEnds); peekWait how long a read is waited for.
const (
	peekEvery = time.Second
	peekWait  = 2 * time.Second
)

// pendingKey is a request's or an end's key as the watch saw it.
type pendingKey struct {
	key string
	v   []byte
	rev uint64
}

// pending are tournament id's requests and tables' ends, in the order
// of their revisions (the order they were written).
func (s *Service) pending(id string) (reqs, ends []pendingKey) {
	s.mu.Lock()
	for k, v := range s.other {
		switch {
		case strings.HasPrefix(k, prefixReq+id+"."):
			reqs = append(reqs, pendingKey{k, v.v, v.rev})
		case strings.HasPrefix(k, prefixEnd+id+"."):
			ends = append(ends, pendingKey{k, v.v, v.rev})
		}
	}
	s.mu.Unlock()
	byRev := func(a, b pendingKey) int { return cmp.Compare(a.rev, b.rev) }
	slices.SortFunc(reqs, byRev)
	slices.SortFunc(ends, byRev)
	return reqs, ends
}

// drop lifts the requests taken and deletes the ends taken, each at the
// revision taken: one written again since (a player's newer request)
// stays for the next round. A request is lifted, not deleted, so that
// one put back after it (by a writer of the store without the secret)
// is older, and refused (keep.TourneyBook.Lift); an end put back is
// for a table no longer in play, and not counted.
// They are deleted together: each is a round trip.
func (s *Service) drop(ctx context.Context, done []taken) error {
	errs := make([]error, len(done))
	var wg sync.WaitGroup
	for i, d := range done {
		wg.Go(func() {
			dctx, cancel := context.WithTimeout(ctx, storeWait)
			var err error
			if strings.HasPrefix(d.key, prefixReq) {
				err = s.opt.Book.Lift(dctx, d.key, d.v, d.rev)
			} else {
				err = s.opt.Book.Delete(dctx, d.key, d.rev)
			}
			cancel()
			if err != nil && !errors.Is(err, keep.ErrTourneyMoved) {
				errs[i] = err
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// plan puts the table st asks for in play in r under a number of its
// own (its node too: OpenedOn), and in r.Opening: it opens once r is
// written (openTable). A number not to be had puts an arena's players
// back in its pool (they are paired again at the next round).
func (s *Service) plan(r *record, st tourney.Start, now time.Time) (int, error) {
	t := &r.T
	num, err := s.opt.Hall.Number()
	if err == nil {
		var n int
		if n, err = strconv.Atoi(num); err == nil {
			t.Opened(st, n, now)
			r.Opening = append(r.Opening, n)
			if node := s.opt.Hall.Node(); node != "" {
				if r.OpenedOn == nil {
					r.OpenedOn = map[int]string{}
				}
				r.OpenedOn[n] = node
			}
			return n, nil
		}
	}
	t.System().Pairing.Unopened(t, st.Players, now)
	return 0, err
}

// triedKey is table n of tournament id in Service.tried.
func triedKey(id string, n int) string { return id + "/" + strconv.Itoa(n) }

// settleOpening is table n, written in play before it opened (r.Opening): it
// reports whether the table is settled, opened or taken back, and the
// tables to open now. This node's own try says it; a table the hall
// knows, one whose lease another node holds, or one the store keeps an
// entry of (brought back by whichever node takes it over), is opened;
// one no node tried (its owner lost between the write and the opening,
// or the write's answer lost) is opened now; one that cannot open is taken
// back (tourney's NotOpened: no match, an arena's players paired
// again). A number is opened by one node only: its lease in a cluster,
// the hall's own tables alone.
func (s *Service) settleOpening(ctx context.Context, id string, r *record, n int, now time.Time) ([]tourney.Start, bool) {
	t := &r.T
	key := triedKey(id, n)
	s.mu.Lock()
	err, tried := s.tried[key]
	delete(s.tried, key)
	s.mu.Unlock()
	switch {
	case !slices.ContainsFunc(t.Playing, func(p tourney.Playing) bool { return p.Table == n }):
		return nil, true // over already
	case !tried && s.opt.Hall.Get(strconv.Itoa(n)) != nil:
		return nil, true
	case !tried:
		// A table that opened and saved once (its owner's node lost
		// right after) is brought back by whichever node takes it
		// over, its match where it was: not opened afresh. Lost for
		// good, it is counted abandoned as any table in play (gone).
		kept, kerr := s.opt.Hall.Kept(ctx, strconv.Itoa(n))
		switch {
		case kerr != nil:
			s.opt.Log.Warn("tournament: whether a table opening is kept", "tournament", id, "table", n, "err", kerr)
			return nil, false // asked again at the next round
		case kept:
			return nil, true
		}
		err = s.openTable(id, r, n)
	}
	if err == nil || errors.Is(err, keep.ErrLeaseHeld) {
		return nil, true // opened, here or by the node holding its lease
	}
	if ctx.Err() != nil {
		return nil, false // tried again at the next round
	}
	s.opt.Log.Error("tournament: a table not opened, taken back", "tournament", id, "table", n, "err", err)
	st, nerr := t.NotOpened(n, now)
	if nerr != nil {
		return nil, true
	}
	delete(r.OpenedOn, n)
	return st, true
}

// openTable opens table n, which tournament id (r) has in play: its
// seats held for its players (a partners' table seats each team's
// players facing each other: tourney's Seats), named, a duplicate
// round's deals its round's.
func (s *Service) openTable(id string, r *record, n int) error {
	t := &r.T
	i := slices.IndexFunc(t.Playing, func(p tourney.Playing) bool { return p.Table == n })
	if i < 0 {
		return fmt.Errorf("table %d: %w", n, tourney.ErrUnknown)
	}
	p := t.Playing[i]
	seated := tourney.Start{Round: p.Round, Players: t.Seats(p.Players)}
	cfg := tableConfig(t.Config, seated, id, s.opt.Timer)
	if t.System().Scoring.Sealed() {
		plan, ok := r.Seals[p.Round]
		if !ok {
			return fmt.Errorf("table %d: round %d has no seal", n, p.Round)
		}
		cfg.Round = &plan
	}
	for i, pl := range seated.Players {
		if pl != tourney.Bot {
			// Each seat held shows whose it is until they come.
			cfg.Seated.Names[i] = t.NameOf(pl)
		}
	}
	tb, err := s.opt.Hall.OpenSeatedAs(cfg, strconv.Itoa(n))
	if err != nil {
		return err
	}
	s.opt.Log.Info("tournament table", "tournament", id, "table", tb.ID, "round", p.Round, "players", logIDs(p.Players))
	return nil
}

// logIDs are a table's players as a log line may name them (keep.LogID:
// no guest's resume code).
func logIDs(tb tourney.Table) [4]string {
	var out [4]string
	for i, p := range tb {
		out[i] = keep.LogID(p)
	}
	return out
}

// bare is what a log line says of a refusal err: the error it wraps
// last (one of the director's, which name no one), not its text, which
// names the player (a guest by their resume code).
func bare(err error) string {
	for {
		inner := errors.Unwrap(err)
		if inner == nil {
			return err.Error()
		}
		err = inner
	}
}
