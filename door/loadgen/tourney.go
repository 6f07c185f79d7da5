package loadgen

import (
	"cmp"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	mrand "math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"okey/game/tourney"
)

// A tournament under load (Config's Tournament): the started nodes are
// told to create the operator's tournament as the play begins (an
// arena as long as the play, or Swiss rounds), and every session not on
// the daily joins it through the lobby's screens as a player does — u,
// the tournament, enter — and is taken to each table the pairing seats
// it at by the tournament's page; it plays the match there at the pace
// of every load's player, goes back to the page when the match is over,
// and is paired again. A player whose node is killed (Config's KillAt)
// dials another node with the same key, and is back at its seat or on
// the page. When the tournament is over, its standings are fetched as a
// script fetches them (ssh HOST tournament ID --json) and checked
// against the matches the players saw end (TourneyCheck).

// The tournament's screens, as the scripted player reads them.
const (
	markTourneyList  = "Tournaments ("
	markTourneyPage  = "standings" // "Standings", "Final standings": matched without case
	markTourneyJoin  = "enter join"
	markTourneyLeave = "x leave"
	markTourneyNone  = "This server runs no tournaments"
	markTourneyOver  = "finished"
	markTourneyLast  = "last matches"
	markPaired       = "your table: "
	markLeaveAgain   = "q again to leave"
)

// nameRe is a load player's name on a tournament's table.
var nameRe = regexp.MustCompile(`\blg\d{4}\b`)

// dealRe is a table's deal's commitment on its screen (at the deal,
// and with its seed once the match is over).
var dealRe = regexp.MustCompile(`(?:Deal committed|Committed at the deal): ([0-9a-f]{4}(?: [0-9a-f]{4}){3})`)

// dealOn is the commitment of the deal on scr ("": none shown).
func dealOn(scr string) string {
	if m := dealRe.FindStringSubmatch(scr); m != nil {
		return m[1]
	}
	return ""
}

// namesOn are the load's players named on scr, sorted, once each.
func namesOn(scr string) []string {
	names := nameRe.FindAllString(scr, -1)
	slices.Sort(names)
	return slices.Compact(names)
}

// tourneyName is the name of the load's tournament (its id follows
// from it, as the operator's do).
const tourneyName = "okey load"

// tourneyFile is the operator's file of the load's tournament: kind
// arena (Play long, starting lead after now) or swiss (rounds, starting
// once the players have had time to join); a match of Okey 101 of one
// hand, bots after botWait in an arena, back within two minutes.
func tourneyFile(kind string, now time.Time, lead, play time.Duration, rounds int) ([]byte, error) {
	f := map[string]any{"name": tourneyName, "kind": kind, "game": "101", "hands": 1, "bot_wait": tourneyBotWait.String(),
		"bot_level": "easy", "back": "2m"}
	switch kind {
	case "arena":
		f["start"] = now.Add(lead).UTC().Format(time.RFC3339)
		f["length"] = play.String()
	default:
		f["start"] = now.Add(swissLead).UTC().Format(time.RFC3339)
		f["rounds"] = rounds
	}
	return json.Marshal(f)
}

// tourneyBotWait is how long an arena's player waits for three others
// before bots fill the table: the pairing's delay is measured with four
// waiting most of the time, and a player left over at the end is not
// kept waiting for long.
const tourneyBotWait = 30 * time.Second

// swissLead is how long after its creation the load's Swiss begins: its
// players join before the first round.
const swissLead = 45 * time.Second

// tourneyRun is what the tournament's players share: the seats of each
// table (to time a move to the next player's screen), the matches each
// player saw end, and which nodes are alive.
type tourneyRun struct {
	mu sync.Mutex
	// seats are the tables' shared timings, by their players' names (a
	// table's number is not on its screen).
	seats map[string]*seatShared
	// ends count the matches each player saw over, by the player's
	// name; ids are the players' identities as the server knows them
	// (its key's fingerprint), by name.
	ends map[string]int
	ids  map[string]string
	// in marks the players whose join was taken.
	in map[string]bool
	// spread is how long the players take to come (joinSpread, or a
	// sixth of a shorter play).
	spread time.Duration
	// burstAt, when set (Config's JoinBurst), is the second every
	// player presses join in, once on the page; firstAsk and lastIn are
	// the first join pressed and the last one taken.
	burstAt, firstAsk, lastIn time.Time
	// dead marks the nodes killed.
	dead []bool
	// over is closed once the tournament is finished.
	over chan struct{}
}

func newTourneyRun(nodes int) *tourneyRun {
	return &tourneyRun{seats: map[string]*seatShared{}, ends: map[string]int{}, ids: map[string]string{}, in: map[string]bool{}, dead: make([]bool, nodes), over: make(chan struct{})}
}

// seat is the shared timing of the table whose players are the load's
// named on its screen and me.
func (r *tourneyRun) seat(me, scr string) *seatShared {
	names := append(nameRe.FindAllString(scr, -1), me)
	slices.Sort(names)
	key := strings.Join(slices.Compact(names), " ")
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ok := r.seats[key]
	if !ok {
		s = &seatShared{}
		r.seats[key] = s
	}
	return s
}

// entered notes that player's join was taken (the page offers to leave).
func (r *tourneyRun) entered(player string) {
	r.mu.Lock()
	r.in[player] = true
	r.lastIn = time.Now()
	r.mu.Unlock()
}

// asked notes a join pressed.
func (r *tourneyRun) asked() {
	r.mu.Lock()
	if r.firstAsk.IsZero() {
		r.firstAsk = time.Now()
	}
	r.mu.Unlock()
}

// ended notes that player saw a match over.
func (r *tourneyRun) ended(player string) {
	r.mu.Lock()
	r.ends[player]++
	r.mu.Unlock()
}

// alive is the first node alive from i on, in turn.
func (r *tourneyRun) alive(i int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	for k := range r.dead {
		if j := (i + k) % len(r.dead); !r.dead[j] {
			return j
		}
	}
	return i
}

// dialFor is the node player i of n nodes dials: its own (i mod n)
// while alive; once it is dead, one of the nodes alive, in turn by i.
// Players reach a cluster through one name (DNS round robin, or a TCP
// balancer: docs/cluster.md), which spreads a dead node's players over
// the others; all sent to the next node alive, that one node would take
// a third of the players again at once while its peer idled.
func (r *tourneyRun) dialFor(i, n int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	own := i % n
	if !r.dead[own] {
		return own
	}
	var alive []int
	for j, d := range r.dead {
		if !d {
			alive = append(alive, j)
		}
	}
	if len(alive) == 0 {
		return own
	}
	return alive[(i/n)%len(alive)]
}

// anyDead reports whether a node was killed.
func (r *tourneyRun) anyDead() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Contains(r.dead, true)
}

func (r *tourneyRun) kill(i int) {
	r.mu.Lock()
	r.dead[i] = true
	r.mu.Unlock()
}

func (r *tourneyRun) isOver() bool {
	select {
	case <-r.over:
		return true
	default:
		return false
	}
}

// screenWait is how long a tournament's player waits on a screen that
// does not move before it acts again (a key lost, a list not yet read).
const screenWait = 10 * time.Second

// sameMatch is the shortest a match lasts: an end seen again sooner
// after the last is that one's (a 101 hand at the load's pace takes
// 30 s and more; a classic one, 20 s).
const sameMatch = 5 * time.Second

// tourneyPlayer plays the tournament until ctx ends or the tournament
// is over: to its page, joined, taken to each table, the match played,
// back to the page. redial dials the player again, with its key, on a
// node alive, once its connection has ended; swap is told of the new
// connection. It returns the first error that stops it.
func tourneyPlayer(ctx context.Context, c *client, redial func() (*client, error), swap func(*client), p pace, st *stats, tr *tourneyRun, rng *mrand.Rand) error {
	p.tourney = true
	var matchEnd time.Time // the last match's end, seen: the pairing's delay runs from it
	stuck := time.Now()
	joined := false
	var asked time.Time  // the last join pressed
	var goneAt time.Time // the connection found ended: back at the seat is timed from it
	ended := 0           // matches seen over
	last := ""
	if tr.burstAt.IsZero() {
		// Players come to the arena as people do, over joinSpread, not
		// all in the second it opens.
		sleep(ctx, time.Duration(rng.Int64N(int64(tr.spread)+1)))
	}
	for ctx.Err() == nil {
		if c.gone() {
			if goneAt.IsZero() {
				goneAt = time.Now()
			}
			next, err := redial()
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return fmt.Errorf("%s dialling again: %w", c.name, err)
			}
			swap(next)
			c = next
			st.count(&st.tRedialed)
			p.tracef("%s: dialled node %d again %v after its connection ended\n", c.name, c.node, time.Since(goneAt).Round(time.Millisecond))
			continue
		}
		scr := c.term.String()
		if scr != last {
			last, stuck = scr, time.Now()
			if !goneAt.IsZero() && tr.anyDead() {
				// On the way back after a kill: each screen, to find
				// where the seconds go.
				p.tracef("%s (node %d): %v after its connection ended, the screen:\n%s\n", c.name, c.node, time.Since(goneAt).Round(time.Millisecond), scr)
			}
		}
		low := strings.ToLower(scr)
		waiting := false // on the page, joined: the pairing's wait is the page's to end
		switch {
		case handRe.MatchString(scr) && !matchOverRe.MatchString(scr):
			// At a table, its match under way: the next one the page
			// took the player to, or the one it was at, back (its node
			// took it there as it dialled again).
			// The pairing's delay is taken once the match is known to
			// be a new one: a screen on the way off a table whose end
			// was just seen can show its hand's header again for a
			// moment (the same match, not the next).
			var paired time.Duration
			if !matchEnd.IsZero() {
				paired = time.Since(matchEnd)
			}
			if !goneAt.IsZero() {
				p.tracef("%s (node %d): back at a table %v after its connection ended\n", c.name, c.node, time.Since(goneAt).Round(time.Millisecond))
				st.addBack(time.Since(goneAt))
				goneAt = time.Time{}
			}
			if !joined {
				// Taken to the table before the page said so.
				joined = true
				st.count(&st.tJoined)
				tr.entered(c.name)
			}
			// The deal's commitment, as the hand shows it at its start
			// (the end's page need not show it).
			deal := dealOn(scr)
			c.play(ctx, p, tr.seat(c.name, scr), st, rng)
			over := matchOverRe.MatchString(c.term.String())
			if over && !matchEnd.IsZero() && time.Since(matchEnd) < sameMatch {
				p.tracef("%s (node %d): a match end seen again %v after the last, not counted: deal %s\n", c.name, c.node, time.Since(matchEnd).Round(time.Millisecond), cmp.Or(dealOn(c.term.String()), deal, "-"))
				// The end just seen, seen again: not a match of its own
				// (counted twice, it would be "seen ended but not counted").
				// Its q was pressed already, and a second q would reach the
				// lobby and hang up. A q that was lost is pressed again below,
				// once this end stays for screenWait.
				c.await(ctx, screenWait, func(scr string) bool { return !matchOverRe.MatchString(scr) })
				continue
			}
			if paired > 0 {
				p.tracef("%s (node %d): paired %v after its last match's end\n", c.name, c.node, paired.Round(time.Millisecond))
				st.addPairing(paired, ended+1)
				matchEnd = time.Time{}
			}
			if ctx.Err() != nil || c.gone() {
				continue
			}
			if scr := c.term.String(); over && matchOverRe.MatchString(scr) {
				// Each end counted, said: which table's (its deal's
				// commitment, as the node logged it at the start, and
				// the names at it) and on which node's screen.
				p.tracef("%s (node %d): a match end counted, its %d: deal %s, at the table %s\n", c.name, c.node, ended+1, cmp.Or(dealOn(scr), deal, "-"), strings.Join(namesOn(scr), " "))
				if tr.anyDead() {
					p.tracef("%s: the match over, the table left; the screen:\n%s\n", c.name, scr)
				}
				matchEnd = time.Now()
				ended++
				tr.ended(c.name)
				st.count(&st.tEnds)
				c.leaveTable(ctx)
			}
			continue
		case matchOverRe.MatchString(scr) || strings.Contains(scr, markLeaveAgain):
			// A table over not played to its end here (come back to it,
			// or its end seen late): left, and said in the trace.
			p.tracef("%s: a table left, its match not seen ended; the screen:\n%s\n", c.name, scr)
			c.leaveTable(ctx)
		case strings.Contains(low, markTourneyPage):
			// On the page: joined once (a join not answered, or refused,
			// is pressed again after joinAgain), then taken to the table
			// when paired (a read every two seconds); over, the player is
			// done.
			waiting = true
			if tr.isOver() || strings.Contains(titleLine(scr), markTourneyOver) {
				return nil
			}
			switch {
			case strings.Contains(scr, markTourneyLeave) && !joined:
				joined = true
				st.count(&st.tJoined)
				tr.entered(c.name)
			case strings.Contains(scr, markTourneyJoin) && time.Since(asked) >= joinAgain:
				if !joined && time.Now().Before(tr.burstAt) {
					// A burst: every player presses join in the same
					// second.
					sleep(ctx, time.Until(tr.burstAt))
					continue
				}
				asked = time.Now()
				if !joined {
					st.count(&st.tAsked)
					tr.asked()
				}
				c.press("enter")
			}
		case strings.Contains(scr, markTourneyList):
			if !strings.Contains(scr, tourneyName) {
				break // not read yet
			}
			c.press("enter")
		case strings.Contains(scr, markLobby):
			if tr.isOver() {
				return nil
			}
			c.press("u")
		}
		if !waiting && time.Since(stuck) > screenWait {
			// A screen that does not move: the lobby again (esc), as a
			// player would.
			p.tracef("%s: the tournament's screen still for %v; esc pressed; the screen:\n%s\n", c.name, time.Since(stuck).Round(time.Second), scr)
			st.count(&st.tStalled)
			c.press("esc")
			stuck = time.Now()
		}
		select {
		case <-ctx.Done():
		case <-c.done:
		case <-c.term.Changed():
		case <-time.After(time.Second):
		}
	}
	return nil
}

// leaveTable leaves a table whose match is over (q), for the lobby and
// from there the tournament's page, and waits for the screen to say so:
// a second q in the lobby would hang up.
func (c *client) leaveTable(ctx context.Context) {
	c.press("q")
	c.await(ctx, screenWait, func(scr string) bool {
		return !matchOverRe.MatchString(scr) && !strings.Contains(scr, markLeaveAgain)
	})
}

// titleLine is the tournament page's title: its name, game, kind and
// when ("finished" once over).
func titleLine(scr string) string {
	for _, l := range strings.Split(scr, "\n") {
		if strings.Contains(l, tourneyName+" ·") {
			return l
		}
	}
	return ""
}

// burstLead is how long after the tournament's creation a burst's
// players press join: time for all of them to reach its page first.
const burstLead = 15 * time.Second

// joinSpread is how long the players take to come to the tournament
// once it is created (at most); joinAgain how long a player waits for a join's
// answer before pressing enter again.
const (
	joinSpread = 20 * time.Second
	joinAgain  = 10 * time.Second
)

// errNoTourney is a step asked for a tournament on nodes it did not
// start.
var errNoTourney = errors.New("a tournament's load needs the nodes it starts (no --addr)")

// tourneyStep is a step's tournament as it is played: the step's
// contexts (ctx the step's, play the play's and its cancel), its nodes,
// what the players share, the figures it fills, and the step's
// waitgroup every goroutine it starts is counted in.
type tourneyStep struct {
	ctx, play context.Context
	cancel    context.CancelFunc
	cfg       Config
	kids      []*child
	addrs     []string
	run       *tourneyRun
	res       *TourneyResult
	pace      pace
	st        *stats
	wg        *sync.WaitGroup
	// swap puts a connection dialled again in session i's place.
	swap func(i int, next *client)
	w    io.Writer
}

// tourneyLimit is the longest a step's tournament is played: an arena's
// length and then its last matches (a table lost with its node is
// counted abandoned after two minutes), or a Swiss's rounds.
func tourneyLimit(cfg Config) time.Duration {
	if cfg.Tournament == string(tourney.Swiss) {
		return swissLead + time.Duration(tourneyRounds(cfg))*5*time.Minute
	}
	return cfg.ArenaLead + cfg.Play + 6*time.Minute
}

// tourneyRounds is the Swiss's rounds.
func tourneyRounds(cfg Config) int {
	if cfg.Rounds > 0 {
		return cfg.Rounds
	}
	return 3
}

// start creates the tournament on the first node and sets the players
// playing it, the node that drives it killed at KillAt, and the
// tournament followed to its end, when its standings are checked.
func (ts *tourneyStep) start(players []*client) error {
	created := time.Now()
	spec, err := tourneyFile(ts.cfg.Tournament, created, ts.cfg.ArenaLead, ts.cfg.Play, tourneyRounds(ts.cfg))
	if err != nil {
		return err
	}
	said, err := ts.kids[0].ask("tourney " + string(spec))
	if err != nil || len(said) != 1 {
		return fmt.Errorf("creating the tournament: %v %q", err, said)
	}
	id, ok := strings.CutPrefix(said[0], "tourney ")
	if !ok {
		return fmt.Errorf("creating the tournament: %q", said[0])
	}
	ts.res.ID = id
	ts.run.spread = min(joinSpread, ts.cfg.Play/6)
	if ts.cfg.JoinBurst {
		ts.run.burstAt = created.Add(burstLead)
	}
	fmt.Fprintf(ts.w, "# tournament %s (%s) created on node 0; %d players join it\n", id, ts.cfg.Tournament, len(players))
	var errMu sync.Mutex
	var errs []error
	for _, c := range players {
		if c == nil {
			continue
		}
		id, err := idOf(c.key)
		if err != nil {
			return err
		}
		ts.run.ids[c.name] = id
	}
	for i, c := range players {
		if c == nil {
			continue
		}
		ts.wg.Go(func() {
			rng := mrand.New(mrand.NewPCG(ts.cfg.Seed, uint64(i)))
			redial := func() (*client, error) {
				node := ts.run.dialFor(i, len(ts.addrs))
				next, err := dialAs(ts.play, ts.addrs[node], c.name, c.key, ts.cfg.Term, ts.cfg.Width, ts.cfg.Height)
				if err != nil {
					return nil, err
				}
				next.node = node
				return next, nil
			}
			swap := func(next *client) { ts.swap(i, next) }
			if err := tourneyPlayer(ts.play, c, redial, swap, ts.pace, ts.st, ts.run, rng); err != nil {
				errMu.Lock()
				errs = append(errs, err)
				if len(errs) <= 3 {
					fmt.Fprintf(ts.w, "# a tournament's player: %v\n", err)
				}
				ts.res.Failed = len(errs)
				errMu.Unlock()
			}
		})
	}
	var atKill []int
	var killMu sync.Mutex
	if ts.cfg.KillAt > 0 {
		ts.wg.Go(func() {
			sleep(ts.play, ts.cfg.KillAt)
			if ts.play.Err() != nil {
				return
			}
			tables, err := ts.kill(id, created)
			if err != nil {
				fmt.Fprintf(ts.w, "# the kill: %v\n", err)
			}
			killMu.Lock()
			atKill = tables
			killMu.Unlock()
		})
	}
	ts.wg.Go(func() {
		over := ts.follow(id, created)
		close(ts.run.over)
		killMu.Lock()
		kill := atKill
		killMu.Unlock()
		ts.check(id, kill)
		if over {
			// The players on the page see it over and stop; one still
			// between screens is given a moment.
			sleep(ts.play, 15*time.Second)
		}
		ts.cancel()
	})
	return nil
}

// kill kills the node that drives tournament id (SIGKILL, as a machine
// lost) and returns the tables in play just before, as a node alive
// told them.
func (ts *tourneyStep) kill(id string, created time.Time) ([]int, error) {
	owner := -1
	for i, k := range ts.kids {
		said, err := k.ask("towned")
		if err != nil {
			return nil, fmt.Errorf("node %d: %w", i, err)
		}
		if len(said) == 1 && slices.Contains(strings.Fields(strings.TrimPrefix(said[0], "towned")), id) {
			owner = i
		}
	}
	if owner < 0 {
		return nil, errors.New("no node drives the tournament")
	}
	other := (owner + 1) % len(ts.kids)
	rctx, cancel := context.WithTimeout(ts.ctx, time.Minute)
	sj, err := fetchStandings(rctx, ts.addrs[other], id)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("the tables in play before the kill: %w", err)
	}
	var tables []int
	for _, p := range sj.Playing {
		tables = append(tables, p.Table)
	}
	if err := ts.kids[owner].cmd.Process.Kill(); err != nil {
		return nil, fmt.Errorf("killing node %d: %w", owner, err)
	}
	ts.run.kill(owner)
	ts.res.Killed, ts.res.KilledAfter = owner, time.Since(created)
	ts.wg.Go(func() { ts.traceStore(owner) })
	fmt.Fprintf(ts.w, "# node %d, which drove the tournament, killed %v into it; %d tables in play\n", owner, ts.res.KilledAfter.Round(time.Second), len(tables))
	return tables, nil
}

// traceStore writes into the trace, every half second for storeTraced
// after the kill, each node alive's view of the store (who leads the
// leases', records' and tables' streams, each copy's lag): where a
// takeover's seconds go, read beside the nodes' logs.
func (ts *tourneyStep) traceStore(dead int) {
	if ts.pace.trace == nil {
		return
	}
	until := time.Now().Add(storeTraced)
	for ts.play.Err() == nil && time.Now().Before(until) {
		for i, k := range ts.kids {
			if i == dead {
				continue
			}
			if said, err := k.ask("store"); err == nil && len(said) == 1 {
				ts.pace.tracef("node %d's store: %s\n", i, strings.TrimPrefix(said[0], "store "))
			}
		}
		sleep(ts.play, 500*time.Millisecond)
	}
}

// storeTraced is how long after a kill the store's view is traced.
const storeTraced = 90 * time.Second

// follow asks a node alive for the tournament's phase every few
// seconds once its end is due, until it is finished (true) or the play
// ends.
func (ts *tourneyStep) follow(id string, created time.Time) bool {
	if ts.cfg.Tournament == string(tourney.Arena) {
		sleep(ts.play, ts.cfg.ArenaLead+ts.cfg.Play)
	}
	for ts.play.Err() == nil {
		sleep(ts.play, 5*time.Second)
		rctx, cancel := context.WithTimeout(ts.play, time.Minute)
		sj, err := fetchStandings(rctx, ts.addrs[ts.run.alive(0)], id)
		cancel()
		if err == nil && sj.Phase == string(tourney.Finished) {
			ts.res.Over = time.Since(created)
			return true
		}
	}
	return false
}

// check fetches the tournament's standings as a script does and checks
// them against the matches and what the players saw.
func (ts *tourneyStep) check(id string, atKill []int) {
	rctx, cancel := context.WithTimeout(ts.ctx, time.Minute)
	defer cancel()
	sj, err := fetchStandings(rctx, ts.addrs[ts.run.alive(0)], id)
	if err != nil {
		ts.res.Check = TourneyCheck{Err: err.Error(), AtKill: atKill}
		return
	}
	ts.run.mu.Lock()
	ends := jsonNames(ts.run.ends, ts.run.ids, ts.run.in, sj)
	if !ts.run.burstAt.IsZero() {
		ts.res.Burst = true
		ts.res.Admitted = ts.run.lastIn.Sub(ts.run.firstAsk)
	}
	ts.run.mu.Unlock()
	ts.res.Check = sj.check(ends, atKill)
}

// line is the tournament's figures on one line.
func (t *TourneyResult) line() string {
	kill := ""
	if t.Killed >= 0 {
		c := t.Check
		kill = fmt.Sprintf(", node %d killed %v in: of its %d tables in play %d resumed, %d abandoned, %d not counted", t.Killed, t.KilledAfter.Round(time.Second), len(c.AtKill), c.Resumed, c.AbandonedAtKill, c.NotCounted)
	}
	if t.Killed >= 0 {
		kill += fmt.Sprintf("; back at the seat after a redial p50/p95/max %s/%s/%s ms (%d)", ms(pct(t.Back, 50)), ms(pct(t.Back, 95)), ms(pct(t.Back, 100)), len(t.Back))
	}
	burst := ""
	if t.Burst {
		burst = fmt.Sprintf(", in one second: the first join pressed to the last taken %v", t.Admitted.Round(10*time.Millisecond))
	}
	return fmt.Sprintf("tournament %s (%s): %d players, %d joined of %d asked%s (%d failed, %d dialled again, %d stalled), %d match ends seen, pairing p50/p95/p99 %s/%s/%s ms (%d)%s%s; standings: %s",
		t.ID, t.Kind, t.Players, t.Joined, t.Asked, burst, t.Failed, t.Redialed, t.Stalled, t.Ends,
		ms(pct(t.Pairing, 50)), ms(pct(t.Pairing, 95)), ms(pct(t.Pairing, 99)), len(t.Pairing), t.byRound(), kill, t.Check.summary())
}

// byRound is a Swiss's pairing delays round by round (from the second:
// the first has no match before it), "" for an arena.
func (t *TourneyResult) byRound() string {
	if t.Kind != string(tourney.Swiss) {
		return ""
	}
	var b strings.Builder
	b.WriteString(", by round")
	for _, r := range slices.Sorted(maps.Keys(t.PairingIn)) {
		ds := t.PairingIn[r]
		fmt.Fprintf(&b, " · %d: %s/%s/%s ms (%d)", r, ms(pct(ds, 50)), ms(pct(ds, 95)), ms(pct(ds, 99)), len(ds))
	}
	return b.String()
}

// jsonNames are the counts of ends, by the names the standings' JSON
// gives the load's players: the name the rating book knows a player by
// (its session's, once it has played a rated match), else "player N",
// N its place among every entrant's identity in order (ids: by name;
// every entrant is the load's). Every player is there, with 0 ends if
// idOf is the identity the server knows a player with key priv by.
func idOf(priv ed25519.PrivateKey) (string, error) {
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return "", err
	}
	return "key:" + gossh.FingerprintSHA256(signer.PublicKey()), nil
}
