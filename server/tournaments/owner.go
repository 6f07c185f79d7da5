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
		s.owner.hold = keep.NewHolding(ctx, opt.Leases, s.owner.lost)
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
		go s.owner.run(ctx, cmp.Or(opt.Every, time.Second))
	}
	return nil
}

// run runs the owner's round every tick, and at once when a request or
// a table's end comes, until ctx ends.
func (o *OwnerRound) run(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			if o.hold != nil {
				// Given up at once: the other nodes need not wait for
				// the leases to run out.
				gctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				_ = o.hold.GiveAll(gctx)
				cancel()
			}
			return
		case <-tick.C:
		case <-o.svc.wake:
		}
		o.Round(ctx)
	}
}

// Round is one owner's round: the tournaments nobody owns taken (their
// lease), and each one owned driven.
func (o *OwnerRound) Round(ctx context.Context) {
	o.claim(ctx)
	o.svc.mu.Lock()
	ids := make([]string, 0, len(o.owned))
	for id := range o.owned {
		ids = append(ids, id)
	}
	o.svc.mu.Unlock()
	slices.Sort(ids)
	for _, id := range ids {
		if ctx.Err() != nil {
			return
		}
		if err := o.drive(ctx, id); err != nil {
			o.svc.opt.Log.Warn("tournament not moved on", "tournament", id, "err", err)
		}
	}
}

// Owned lists the tournaments this node drives.
func (o *OwnerRound) Owned() []string {
	o.svc.mu.Lock()
	defer o.svc.mu.Unlock()
	out := make([]string, 0, len(o.owned))
	for id := range o.owned {
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
func (o *OwnerRound) Drivers(ctx context.Context) []Driver {
	o.svc.mu.Lock()
	var out []Driver
	for id, r := range o.svc.recs {
		if r.T.Phase != tourney.Finished {
			out = append(out, Driver{ID: id, Name: r.T.Config.Name, Phase: r.T.Phase, Here: o.owned[id]})
		}
	}
	o.svc.mu.Unlock()
	slices.SortFunc(out, func(a, b Driver) int { return strings.Compare(a.ID, b.ID) })
	for i := range out {
		switch {
		case o.svc.opt.Leases == nil:
			out[i].Here = true
		case out[i].Here:
			out[i].Node = o.svc.opt.Leases.Node
		default:
			lctx, cancel := context.WithTimeout(ctx, storeWait)
			node, err := o.svc.opt.Leases.Holder(lctx, out[i].ID)
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
func (o *OwnerRound) claim(ctx context.Context) {
	now := time.Now()
	o.svc.mu.Lock()
	var free []string
	for id, r := range o.svc.recs {
		if r.T.Phase != tourney.Finished && !o.owned[id] && now.Sub(o.heldElsewhere[id]) >= claimAgain {
			free = append(free, id)
		}
	}
	o.svc.mu.Unlock()
	slices.Sort(free)
	gone := o.goneLately(now)
	for _, id := range free {
		if o.hold != nil {
			tctx, cancel := context.WithTimeout(ctx, storeWait)
			err := o.hold.TakeFrom(tctx, id, gone)
			cancel()
			if errors.Is(err, keep.ErrLeaseHeld) {
				o.svc.mu.Lock()
				o.heldElsewhere[id] = now
				o.svc.mu.Unlock()
			}
			if err != nil {
				if !errors.Is(err, keep.ErrLeaseHeld) {
					o.svc.opt.Log.Warn("a tournament's lease not taken", "tournament", id, "err", err)
				}
				continue
			}
			o.svc.opt.Log.Info("tournament owned here", "tournament", id, "node", o.svc.opt.Leases.Node)
		}
		o.svc.mu.Lock()
		o.owned[id] = true
		o.svc.mu.Unlock()
	}
}

// NodeGone takes at once, at the next round, the tournaments node
// drove: it left the cluster (its routes closed and not back), so their
// leases need not be waited out, while the matches that ended meanwhile
// wait for their next table.
func (o *OwnerRound) NodeGone(node string) {
	o.svc.mu.Lock()
	o.goneNode, o.goneAt = node, time.Now()
	clear(o.heldElsewhere) // asked for again at once
	o.svc.mu.Unlock()
	o.svc.poke()
}

// claimAgain is how soon a tournament whose lease another node holds
// is asked for again: the round runs at every request and table's end
// too, and each of the other nodes asked the store to create the
// lease about twice a second in a 200-player arena; a lease expires a
// TTL (seconds) after its holder stops, so a second's wait costs a
// takeover at most that.
const claimAgain = time.Second

// give lets a finished tournament go: nobody need drive it.
func (o *OwnerRound) give(ctx context.Context, id string) {
	o.svc.mu.Lock()
	delete(o.owned, id)
	o.svc.mu.Unlock()
	if o.hold != nil {
		gctx, cancel := context.WithTimeout(ctx, storeWait)
		_ = o.hold.Give(gctx, id)
		cancel()
	}
}

// drive is the owner's round for tournament id.
func (o *OwnerRound) drive(ctx context.Context, id string) error {
	rctx, cancel := context.WithTimeout(ctx, storeWait)
	defer cancel()
	// Where a round's time goes, for the debug log: each step a round
	// trip or more to the store, and a player's wait for their next
	// table the sum of them.
	began := time.Now()
	var read, numbered, wrote time.Duration
	if o.hold != nil {
		// A node that was frozen, or whose renewals went unanswered,
		// acts only once it knows the tournament is still its own.
		if err := o.hold.Confirm(rctx, id); err != nil {
			return fmt.Errorf("tournament %s: %w", id, err)
		}
	}
	b, rev, gen, own := o.ownLast(id)
	if !own {
		var err error
		if b, rev, err = o.read(rctx, prefixT+id); err != nil {
			return err
		}
	}
	if floor := o.floor(id); rev < floor {
		// A copy behind the store's: driven from it, the round would
		// open tables the tournament never knows (its write refused),
		// whose players play a match nobody counts while the next
		// round pairs them again. The next round reads again.
		return fmt.Errorf("tournament %s read at revision %d, after %d was written: %w", id, rev, floor, errReadBehind)
	}
	read = time.Since(began)
	var r record
	if err := o.svc.readRecord(rctx, id, b, &r); err != nil {
		return fmt.Errorf("tournament %s: %w", id, err)
	}
	if own {
		r.Gen = gen // as the store stamped it
	}
	t := &r.T
	if t.Joined == nil {
		t.Joined = map[string]tourney.Entrant{}
	}
	rev, err := o.sealNext(rctx, id, &r, rev)
	if err != nil {
		return err
	}
	now := o.svc.opt.Now()
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
					o.svc.opt.Log.Error("tournament: a duplicate round with no seal", "tournament", id, "round", st.Round)
					continue
				}
			}
			at := time.Now()
			n, err := o.plan(&r, st, now)
			numbered += time.Since(at)
			if err != nil {
				o.svc.opt.Log.Error("tournament: a table not opened", "tournament", id, "players", logIDs(st.Players), "err", bare(err))
				continue
			}
			planned = append(planned, n)
		}
	}

	// The players' requests, then the tables' ends, as the watch saw
	// them.
	reqs, ends := o.pending(id)
	ends = o.unseenEnds(rctx, id, &r, ends)
	for _, q := range reqs {
		done = append(done, q)
		var req request
		if err := json.Unmarshal(q.v, &req); err != nil {
			continue
		}
		if req.Organiser {
			if organised(o.svc.opt.Now, o.svc.opt.Log, id, &r, req) {
				changed = true
			}
			continue
		}
		changed = true
		delete(t.Refused, req.Player) // said, or asked again
		if req.TakeBack {
			st, err := t.TakeBack(req.Player, now)
			if err != nil {
				o.svc.opt.Log.Info("tournament: an ask to partner not taken back", "tournament", id, "err", bare(err))
			}
			openAll(st)
			continue
		}
		if req.Leave {
			if err := t.Leave(req.Player); err != nil {
				o.svc.opt.Log.Info("tournament: a leave refused", "tournament", id, "err", bare(err))
			}
			continue
		}
		if req.Answer != "" {
			st, err := t.Answer(req.Player, req.Answer == answerAccept, now)
			if err != nil {
				o.svc.opt.Log.Info("tournament: an answer to partner refused", "tournament", id, "err", bare(err))
			}
			openAll(st)
			continue
		}
		if _, ok := t.Joined[t.Unit(req.Player)]; !ok && !t.Alone(req.Player) && t.Players() >= o.svc.opt.players() {
			continue
		}
		if !r.free(req.Addr, req.Player, req.With) {
			// Another entered from the address meanwhile, by another
			// node: one person, one entry.
			o.svc.opt.Log.Info("tournament: a join refused: its address is another player's", "tournament", id)
			continue
		}
		var st []tourney.Start
		var err error
		if req.With != "" {
			// Asked from the address of the one asked: the ask is the
			// asker's only entry (oneseat.go).
			ask := tourney.Invite{From: req.Player, To: req.With, Rating: req.Rating, Entry: r.rides(req.Addr, req.Player)}
			st, err = t.Ask(ask, now)
		} else {
			st, err = t.Join(req.Player, req.Rating, now)
		}
		if err != nil {
			o.svc.opt.Log.Info("tournament: a join refused", "tournament", id, "err", bare(err))
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
		// A player who did not come to the table, or was away from it
		// (their bot playing), is paused until they come back (a key
		// on the tournament's page): taken out before the end puts its
		// players back, so the pairing it makes does not seat them
		// again at once (an arena's pool, a Swiss's next round).
		for i, p := range end.Players {
			if end.Forfeit[i] && p != tourney.Bot {
				_ = t.Pause(p)
				o.svc.opt.Log.Info("tournament: a player paused, their match lost for want of being at it", "tournament", id, "table", n, "seat", i, "away", end.Away[i])
			}
		}
		st, err := t.EndedAway(n, end.Places, end.Forfeit, end.Away, now)
		if err != nil {
			o.svc.opt.Log.Error("tournament: a table's end refused", "tournament", id, "table", n, "err", err)
			continue
		}
		changed = true
		if r.Results == nil {
			r.Results = map[int][4]int{}
		}
		r.Results[n] = end.Results
		if end.Rating != nil {
			if r.Rates == nil {
				r.Rates = map[int]keep.MatchEnd{}
			}
			r.Rates[n] = *end.Rating // held with the round's places (heldRates)
		}
		o.svc.opt.Log.Info("tournament match over", "tournament", id, "table", n, "places", end.Places, "forfeit", end.Forfeit)
		openAll(st)
	}
	// The tables written in play and not known opened yet (as read):
	// this node's own from its last round, another owner's (taken over
	// between its write and its opening), or a write's whose answer was
	// lost.
	for _, n := range written {
		st, settled := o.settleOpening(rctx, id, &r, n, now)
		if settled {
			changed = true
			r.Opening = slices.DeleteFunc(r.Opening, func(o int) bool { return o == n })
		}
		openAll(st)
	}
	for _, p := range slices.Clone(t.Playing) {
		if slices.Contains(r.Opening, p.Table) || !o.gone(rctx, id, p.Table, r.OpenedOn[p.Table]) {
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
		o.svc.opt.Log.Warn("tournament: a table lost with no end, its match abandoned", "tournament", id, "table", p.Table)
		openAll(st)
	}
	if o.heldRates(&r) {
		changed = true
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
		o.svc.opt.Log.Info("tournament", "tournament", id, "phase", t.Phase, "round", t.Round)
		if t.Phase == tourney.Finished {
			r.Done = now
		}
	}
	if !changed {
		return o.drop(ctx, done)
	}
	// The write has a wait of its own: a Swiss's first round of 50
	// tables, numbered on a loaded store, took the round's wait and was
	// not written ("context deadline exceeded"). The round's tables
	// open only once it is written: refused, they never ran, and the
	// next round pairs their players again.
	wctx, wcancel := context.WithTimeout(ctx, storeWait)
	defer wcancel()
	at := time.Now()
	nb, err := o.svc.pack(wctx, id, &r)
	if err != nil {
		return err
	}
	if _, err := o.write(wctx, id, &r, nb, rev); err != nil {
		if errors.Is(err, keep.ErrTourneyMoved) {
			o.movedUnder(wctx, id)
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
			err := o.openTable(id, &r, n)
			o.svc.mu.Lock()
			o.tried[triedKey(id, n)] = err
			o.svc.mu.Unlock()
		})
	}
	dropped := o.drop(ctx, done)
	opened.Wait()
	o.svc.opt.Log.Debug("a tournament's round", "tournament", id, "ends", len(ends), "requests", len(reqs), "tables", len(planned),
		"read", ms(read), "numbers", ms(numbered), "write", ms(wrote), "open", ms(time.Since(at)), "in", ms(time.Since(began)))
	if len(planned) > 0 {
		o.svc.poke() // settled (Opening) at once
	}
	if dropped != nil {
		return dropped
	}
	if t.Phase == tourney.Finished {
		o.svc.opt.Log.Info("tournament finished", "tournament", id, "matches", len(t.Matches))
		o.give(ctx, id)
	}
	return nil
}

// ms is d in whole milliseconds, as the debug log gives times.
func ms(d time.Duration) string { return d.Round(time.Millisecond).String() }

// shape is what Tick may change of a tournament by the clock alone,
// counted: whether the owner must write it.
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
