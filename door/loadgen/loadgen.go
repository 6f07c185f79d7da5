package loadgen

import (
	"context"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"okey/game/tourney"
	"okey/server/proc"
	"okey/ui/layout"
)

// DefaultConfig is the pace of people that docs/load.md's figures were
// taken at: a key every 2 s, a
// move within a second of each turn, 100×30 terminals, two minutes a
// step.
func DefaultConfig() Config {
	return Config{
		Sessions: []int{100}, Timer: 30 * time.Second, Play: 120 * time.Second, Idle: 5 * time.Second,
		Rate: 100, KeyEvery: 2 * time.Second, MoveWithin: time.Second, ChatEvery: 15,
		Width: 100, Height: 30, Term: "vt100", Answer: 5 * time.Second, Seed: 1,
	}
}

// Check reports the first thing wrong with the configuration.
func (c Config) Check() error {
	if len(c.Sessions) == 0 {
		return errors.New("no sessions to run")
	}
	for _, n := range c.Sessions {
		if n < 4 && c.Daily < 1 || n < 1 {
			return fmt.Errorf("%d sessions: at least 4 (a table of four), or 1 with --daily 1", n)
		}
	}
	switch {
	case len(c.Addrs) == 0 && c.Binary == "":
		return errors.New("neither a server's address nor a binary to start one")
	case len(c.PIDs) > 0 && len(c.PIDs) != len(c.Addrs):
		return fmt.Errorf("%d process ids for %d addresses", len(c.PIDs), len(c.Addrs))
	case slices.Contains(c.Addrs, ""):
		return errors.New("an empty address")
	case c.Nodes < 0 || c.Nodes > maxNodes:
		return fmt.Errorf("%d nodes: from 1 to %d", c.Nodes, maxNodes)
	case c.Nodes > 1 && len(c.Addrs) > 0:
		return errors.New("the nodes are started by the load or given by their addresses, not both")
	case c.Burn < 0 || c.Burn > maxBurn:
		return fmt.Errorf("--burn %g: from 0 to %d cores", c.Burn, maxBurn)
	case c.Burn > 0 && c.Binary == "":
		return errors.New("a neighbour that burns needs this program's binary")
	case c.Busy < 0 || c.Busy > maxBusy:
		return fmt.Errorf("--busy %d: from 0 to %d neighbours", c.Busy, maxBusy)
	case c.Busy > 0 && c.Binary == "":
		return errors.New("a busy neighbour needs this program's binary")
	case len(c.NATS) > 0 && len(c.Addrs) > 0:
		return errors.New("--nats is for the nodes the load starts, not for those given by their addresses")
	case c.SSHPort < 0 || c.ClusterPort < 0 || c.SSHPort+max(1, c.Nodes) > 65536 || c.ClusterPort+max(1, c.Nodes) > 65536:
		return errors.New("the first ports must be from 1 to 65535, with room for every node")
	case c.Play <= 0 || c.Idle < 0 || c.Rate <= 0:
		return errors.New("the play's length and the dialling rate must be positive")
	case c.KeyEvery <= 0 || c.MoveWithin <= 0 || c.Answer <= 0 || c.ChatEvery < 0:
		return errors.New("the pace must be positive")
	case (c.Width < layout.MinWidth || c.Height < layout.MinHeight) && !layout.IsPortrait(c.Width, c.Height):
		return fmt.Errorf("terminals must be at least %d×%d, or %d×%d standing up (a phone held upright)",
			layout.MinWidth, layout.MinHeight, layout.PortraitW, layout.PortraitH)
	case c.Term == "":
		return errors.New("no TERM for the terminals")
	case c.Daily < 0 || c.Daily > 1:
		return fmt.Errorf("--daily %g: a share of the sessions, from 0 to 1", c.Daily)
	case c.BotDelay < 0:
		return errors.New("the bots' delay must not be negative")
	case c.Tournament != "" && c.Tournament != string(tourney.Arena) && c.Tournament != string(tourney.Swiss):
		return fmt.Errorf("--tournament %q: arena or swiss", c.Tournament)
	case c.ArenaLead < 0 || c.ArenaLead > 0 && c.Tournament != string(tourney.Arena):
		return errors.New("an arena's lead is for an arena, and not negative")
	case c.JoinBurst && c.Tournament == "":
		return errors.New("--join-burst is for a tournament's players")
	case c.Tournament != "" && len(c.Addrs) > 0:
		return errNoTourney
	case c.Rounds < 0 || c.Rounds > 15:
		return fmt.Errorf("--rounds %d: from 1 to 15", c.Rounds)
	case c.Web && (c.Daily > 0 || c.Tournament != ""):
		return errors.New("--web plays ordinary tables: not with --daily or --tournament")
	case c.KillAt < 0 || c.KillAt > 0 && (c.Tournament == "" || c.Nodes < 3):
		return errors.New("--kill-node-at is for a tournament on three nodes or more (two are left a majority)")
	}
	return nil
}

// maxNodes is the most servers a step starts.
const maxNodes = 16

// Run runs every step of the load in turn, a fresh server for each
// unless one is given, and writes a line as each step ends and the
// table of all of them at the end.
func Run(ctx context.Context, cfg Config, w io.Writer) ([]Result, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	var out []Result
	for _, n := range cfg.Sessions {
		r, err := step(ctx, cfg, n, w)
		if err != nil {
			return out, fmt.Errorf("%d sessions: %w", n, err)
		}
		out = append(out, r)
		fmt.Fprintln(w, r.line())
		if ctx.Err() != nil {
			break
		}
	}
	fmt.Fprintln(w)
	Report(w, out)
	return out, ctx.Err()
}

// step runs one step of n sessions.
func step(ctx context.Context, cfg Config, n int, w io.Writer) (Result, error) {
	daily := int(float64(n)*cfg.Daily + 0.5)
	r := Result{Sessions: n, Tables: (n - daily) / 4, Daily: daily, Burn: cfg.Burn, Busy: cfg.Busy, Answer: cfg.Answer}
	if cfg.Tournament != "" {
		// Every session not on the daily plays the tournament: the
		// pairing seats them, not the lobby.
		r.Tables = 0
		r.Tourney = &TourneyResult{Kind: cfg.Tournament, Players: n - daily, Killed: -1}
	}
	if cfg.Burn > 0 {
		b, err := startBurner(cfg.Binary, cfg.Burn)
		if err != nil {
			return r, err
		}
		defer b.stop()
	}
	for i := range cfg.Busy {
		b, err := startBusy(cfg.Binary, int(cfg.Seed)+i)
		if err != nil {
			return r, err
		}
		defer b.stop()
	}
	addrs, pids := cfg.Addrs, cfg.PIDs
	var kids []*child
	if len(addrs) == 0 {
		dir, err := stepDir(cfg.Logs, n)
		if err != nil {
			return r, err
		}
		if cfg.Logs == "" {
			defer os.RemoveAll(dir)
		} else if cfg.Trace == nil {
			// The players' own account beside the nodes' logs, to read
			// with them: each key lost and each match's end, timed.
			f, err := os.Create(filepath.Join(dir, "load.trace"))
			if err != nil {
				return r, fmt.Errorf("the step's trace: %w", err)
			}
			defer f.Close()
			cfg.Trace = f
		}
		base := ChildConfig{Timer: cfg.Timer, FPS: cfg.ServerFPS, BotDelay: cfg.BotDelay, Logged: cfg.Logs != "", Debug: cfg.Logs != "", Web: cfg.Web}
		if kids, err = startNodes(cfg.Binary, dir, max(1, cfg.Nodes), base, cfg.SSHPort, cfg.ClusterPort, cfg.NATS); err != nil {
			return r, err
		}
		defer stopAll(kids)
		addrs, pids = nil, nil
		for _, k := range kids {
			a := k.addr
			if cfg.Web {
				a = k.webAddr
			}
			addrs, pids = append(addrs, a), append(pids, k.pid())
		}
	}
	r.Nodes = make([]Node, len(addrs))
	for i, a := range addrs {
		r.Nodes[i].Addr = a
		if i < len(pids) && pids[i] > 0 {
			r.Nodes[i].PID = pids[i]
			r.Nodes[i].RSSBase = proc.RSS(pids[i])
		}
	}
	for i := range n {
		r.Nodes[i%len(addrs)].Sessions++
	}
	measured := slices.ContainsFunc(r.Nodes, func(nd Node) bool { return nd.PID > 0 })
	profile := func(path string, node int) string {
		if len(cfg.Sessions) > 1 {
			path = fmt.Sprintf("%s.%d", path, n)
		}
		if len(kids) > 1 {
			path = fmt.Sprintf("%s.node%d", path, node)
		}
		return path
	}
	var tr *tourneyRun
	if r.Tourney != nil {
		tr = newTourneyRun(len(addrs))
	}
	// dead says whether node i was killed (KillAt).
	dead := func(i int) bool {
		if tr == nil {
			return false
		}
		tr.mu.Lock()
		defer tr.mu.Unlock()
		return tr.dead[i]
	}
	// askAll asks every started node alive the command cmd gives it.
	askAll := func(cmd func(node int) string) error {
		for i, k := range kids {
			if dead(i) {
				continue
			}
			if _, err := k.ask(cmd(i)); err != nil {
				return fmt.Errorf("node %d: %w", i, err)
			}
		}
		return nil
	}
	// cpus are the nodes' CPU times so far.
	cpus := func() []time.Duration {
		out := make([]time.Duration, len(r.Nodes))
		for i, nd := range r.Nodes {
			if nd.PID > 0 {
				out[i] = proc.CPU(nd.PID)
			}
		}
		return out
	}
	fmt.Fprintf(w, "# %d sessions against %s: dialling at %.0f a second\n", n, strings.Join(addrs, ", "), cfg.Rate)

	// Everyone connects, at the pace set, to the nodes in turn, and
	// waits in the lobby.
	clients := make([]*client, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []error
	start := time.Now()
	tick := time.NewTicker(time.Duration(float64(time.Second) / cfg.Rate))
	for i := range n {
		if i > 0 {
			select {
			case <-tick.C:
			case <-ctx.Done():
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			node := i % len(addrs)
			c, err := cfg.dial(ctx, addrs[node], fmt.Sprintf("lg%04d", i))
			if err == nil {
				c.node = node
				if err = c.see(ctx, markLobby, 30*time.Second); err != nil {
					c.close()
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failures = append(failures, err)
				return
			}
			clients[i] = c
		}()
	}
	tick.Stop()
	wg.Wait()
	r.Connect = time.Since(start)
	r.ConnectFailed = len(failures)
	defer func() {
		for _, c := range clients {
			if c != nil {
				c.close()
			}
		}
	}()
	for _, err := range failures[:min(3, len(failures))] {
		fmt.Fprintf(w, "# connect: %v\n", err)
	}

	// Idle in the lobby: what nobody doing anything costs.
	if cfg.Idle > 0 && measured {
		if cfg.CPUProfile != "" {
			if err := askAll(func(i int) string { return "cpu " + profile(cfg.CPUProfile, i) + ".idle" }); err != nil {
				return r, err
			}
		}
		c0, t0 := cpus(), time.Now()
		sleep(ctx, cfg.Idle)
		c1, idle := cpus(), time.Since(t0).Seconds()
		for i := range r.Nodes {
			r.Nodes[i].IdleCPU = (c1[i] - c0[i]).Seconds() / idle
			r.IdleCPU += r.Nodes[i].IdleCPU
		}
		if cfg.CPUProfile != "" {
			if err := askAll(func(int) string { return "cpustop" }); err != nil {
				return r, err
			}
		}
	}

	// Tables of four, formed through the lobby: the host on one node,
	// the players who join by code on the next ones. On servers the load
	// did not start, whose limits on wrong codes from one address hold,
	// a player on another node than the host's first gives the table
	// time to reach their node's lobby.
	var codeWait time.Duration
	if len(kids) == 0 && len(addrs) > 1 {
		codeWait = codeWaitGiven
	}
	start = time.Now()
	shared := make([]*seatShared, r.Tables)
	formed := make([]bool, r.Tables)
	for g := range r.Tables {
		shared[g] = &seatShared{}
		four := clients[4*g : 4*g+4]
		if slices.Contains(four, nil) {
			r.FormFailed++
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			again, opens, err := form(ctx, four, g%2 == 1, codeWait)
			mu.Lock()
			defer mu.Unlock()
			r.CodesAgain, r.OpensAgain = r.CodesAgain+again, r.OpensAgain+opens
			if err != nil {
				r.FormFailed++
				if r.FormFailed <= 3 {
					fmt.Fprintf(w, "# forming table %d: %v\n", g, err)
				}
				return
			}
			formed[g] = true
		}()
	}
	wg.Wait()
	r.Form = time.Since(start)

	// Play.
	if measured && cfg.CPUProfile != "" {
		if err := askAll(func(i int) string { return "cpu " + profile(cfg.CPUProfile, i) }); err != nil {
			return r, err
		}
	}
	st := &stats{untilDays: cfg.UntilDays, untilEach: cfg.UntilEach, wantChat: cfg.ChatEvery > 0, enough: make(chan struct{})}
	playFor := cfg.Play
	if r.Tourney != nil {
		playFor = tourneyLimit(cfg)
	}
	pctx, cancel := context.WithTimeout(ctx, playFor)
	if cfg.UntilDays > 0 || cfg.UntilEach {
		enough := st.enough
		go func() {
			select {
			case <-enough:
				cancel()
			case <-pctx.Done():
			}
		}()
	}
	p := pace{keyEvery: cfg.KeyEvery, moveWithin: cfg.MoveWithin, chatEvery: cfg.ChatEvery, answer: cfg.Answer, readyAgain: cfg.readyAgain, trace: cfg.Trace, traceMu: &sync.Mutex{}}
	var bytes0, writes0, wire0 int
	for _, c := range clients {
		if c != nil {
			b, w := c.term.Counts()
			bytes0, writes0, wire0 = bytes0+b, writes0+w, wire0+int(c.wire.Load())
		}
	}
	sc0, cc0, t0 := cpus(), proc.CPU(os.Getpid()), time.Now()
	for g, ok := range formed {
		if !ok {
			continue
		}
		for i, c := range clients[4*g : 4*g+4] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := mrand.New(mrand.NewPCG(cfg.Seed, uint64(4*g+i)))
				c.play(pctx, p, shared[g], st, rng)
			}()
		}
	}
	// swapAt puts next in session i's place (a player of the daily's or
	// of a tournament dialled again), what the old connection was sent
	// kept in the counts.
	swapAt := func(i int, next *client) {
		mu.Lock()
		old := clients[i]
		clients[i] = next
		mu.Unlock()
		b, w := old.term.Counts()
		st.mu.Lock()
		st.retiredBytes, st.retiredWrites, st.retiredWire = st.retiredBytes+b, st.retiredWrites+w, st.retiredWire+int(old.wire.Load())
		st.mu.Unlock()
		old.close()
	}
	// The daily's players are the last sessions: each plays its days
	// until the play ends, dialling again as a newcomer once it has
	// played both games' (daily.go).
	var dailyErrs []error
	for i := n - daily; i < n; i++ {
		if clients[i] == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := mrand.New(mrand.NewPCG(cfg.Seed, uint64(i)))
			node := i % len(addrs)
			redial := func(round int) (*client, error) {
				c, err := cfg.dial(pctx, addrs[node], fmt.Sprintf("lg%04dr%d", i, round))
				if err != nil {
					return nil, err
				}
				c.node = node
				if err := c.see(pctx, markLobby, 30*time.Second); err != nil {
					c.close()
					return nil, err
				}
				return c, nil
			}
			swap := func(next *client) {
				swapAt(i, next)
				st.count(&st.redialed)
			}
			dp := p
			dp.daily = true
			if err := dailyPlayer(pctx, clients[i], redial, swap, dp, st, rng, i%2 == 1); err != nil {
				mu.Lock()
				dailyErrs = append(dailyErrs, err)
				mu.Unlock()
				if cfg.UntilDays > 0 {
					cancel() // the days waited for may never come: said now, not at the play's end
				}
			}
		}()
	}
	if r.Tourney != nil {
		ts := tourneyStep{ctx: ctx, play: pctx, cancel: cancel, cfg: cfg, kids: kids, addrs: addrs, run: tr, res: r.Tourney,
			pace: p, st: st, wg: &wg, swap: swapAt, w: w}
		mu.Lock()
		players := slices.Clone(clients[:n-daily])
		mu.Unlock()
		if err := ts.start(players); err != nil {
			cancel()
			wg.Wait()
			return r, err
		}
	}
	wg.Wait()
	cancel()
	r.Played = time.Since(t0)
	for _, err := range dailyErrs[:min(3, len(dailyErrs))] {
		fmt.Fprintf(w, "# a daily's player: %v\n", err)
	}
	sc1 := cpus()
	for i := range r.Nodes {
		nd := &r.Nodes[i]
		if nd.PID > 0 && !dead(i) {
			nd.CPU = (sc1[i] - sc0[i]).Seconds() / r.Played.Seconds()
			nd.RSSFull = proc.RSS(nd.PID)
		}
		r.ServerCPU += nd.CPU
		r.RSSBase += nd.RSSBase
		r.RSSFull += nd.RSSFull
	}
	r.ClientCPU = (proc.CPU(os.Getpid()) - cc0).Seconds() / r.Played.Seconds()
	bytes1, writes1, wire1 := st.retiredBytes, st.retiredWrites, st.retiredWire
	for _, c := range clients {
		if c != nil {
			b, w := c.term.Counts()
			bytes1, writes1, wire1 = bytes1+b, writes1+w, wire1+int(c.wire.Load())
		}
	}
	players := 4*(r.Tables-r.FormFailed) + daily
	if r.Tourney != nil {
		players += r.Tourney.Players
	}
	if played := r.Played.Seconds() * float64(players); played > 0 {
		r.Bps = float64(bytes1-bytes0) / played
		r.WireBps = float64(wire1-wire0) / played
		r.Frames = float64(writes1-writes0) / played
	}
	if cfg.CPUProfile != "" {
		if err := askAll(func(int) string { return "cpustop" }); err != nil {
			return r, err
		}
	}
	if cfg.HeapProfile != "" {
		if err := askAll(func(i int) string { return "heap " + profile(cfg.HeapProfile, i) }); err != nil {
			return r, err
		}
	}
	for i, k := range kids {
		if dead(i) {
			continue
		}
		if said, err := k.ask("moved"); err == nil && len(said) > 0 {
			var stopped, taken, away int
			if _, err := fmt.Sscanf(said[0], "moved %d %d %d", &stopped, &taken, &away); err == nil {
				r.TablesStopped, r.TakenOver, r.TurnedAway = r.TablesStopped+stopped, r.TakenOver+taken, r.TurnedAway+away
			}
		}
		r.Nodes[i].Stalled = k.askDuration("stalled")
		r.Nodes[i].Unrenewed = k.askDuration("unrenewed")
	}
	for i, k := range kids {
		if dead(i) {
			continue
		}
		if said, err := k.ask("mem"); err == nil && len(said) > 0 {
			r.Nodes[i].Mem = strings.TrimPrefix(said[0], "mem ")
			if len(kids) > 1 {
				fmt.Fprintf(w, "# %d sessions, node %d's memory: %s\n", n, i, r.Nodes[i].Mem)
			} else {
				fmt.Fprintf(w, "# %d sessions, the server's memory: %s\n", n, r.Nodes[i].Mem)
			}
		}
	}
	if len(r.Nodes) > 0 {
		r.Mem = r.Nodes[0].Mem
	}
	for _, c := range clients {
		if c != nil && c.gone() {
			r.Dropped++
		}
	}
	r.Keys, r.Moves, r.Reach = st.keys, st.moves, st.reach
	r.KeysLost, r.MovesLost, r.Superseded = st.keysLost, st.movesLost, st.overtook
	r.KeysHeld, r.MovesHeld = st.keysHeld, st.movesHeld
	r.Cursor, r.Chat = st.cursors, st.chats
	r.DaysBegun, r.DaysDone, r.Boards, r.BoardsLost, r.DailyRedialed = st.daysBegun, st.daysDone, st.boards, st.boardsLost, st.redialed
	r.DailyStalled = st.dailyStalled
	r.DailyFailed = len(dailyErrs)
	if t := r.Tourney; t != nil {
		t.Ends, t.Pairing, t.Joined, t.Asked, t.Redialed, t.Stalled = st.tEnds, st.pairing, st.tJoined, st.tAsked, st.tRedialed, st.tStalled
		t.PairingIn, t.Back = st.pairingIn, st.back
	}
	return r, nil
}

// dial connects a player named user to the server at addr, through
// the door the load goes through, with the load's terminal.
func (c Config) dial(ctx context.Context, addr, user string) (*client, error) {
	if c.Web {
		return webDial(ctx, addr, user, c.Width, c.Height)
	}
	return dial(ctx, addr, user, c.Term, c.Width, c.Height)
}

// codeWaitGiven is how long a player on another node than its table's
// host waits before typing the join code, on servers the load did not
// start: a node lists another's new table within a quarter of a second
// (when not loaded), and a code typed before counts as a wrong guess
// from the address, which such servers limit.
const codeWaitGiven = 500 * time.Millisecond

// form forms one table: the first client opens a private table (of Okey
// 101 if o101), the others join with its code (those on another node
// than the host's after codeWait), the host starts. again is how many
// times a code was typed again because it had not reached a node yet,
// opens how many times the host asked again for a table the server
// could not open just then.
func form(ctx context.Context, four []*client, o101 bool, codeWait time.Duration) (again, opens int, err error) {
	const within = 60 * time.Second
	host := four[0]
	host.press("n")
	if err := host.see(ctx, "A new table", within); err != nil {
		return 0, opens, err
	}
	if o101 {
		host.press("right") // the first field: the game
		if err := host.see(ctx, "Okey 101", within); err != nil {
			return 0, opens, err
		}
	}
	host.press("up", "right", "enter") // up from the first field is the last: who may join
	if opens, err = host.open(ctx, within); err != nil {
		return 0, opens, err
	}
	m := codeRe.FindStringSubmatch(host.term.String())
	if m == nil {
		return 0, opens, fmt.Errorf("%s: no join code on screen", host.name)
	}
	errs := make([]error, 3)
	agains := make([]int, 3)
	var wg sync.WaitGroup
	for i, c := range four[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.press("c")
			if errs[i] = c.see(ctx, markCodePage, within); errs[i] != nil {
				return
			}
			if c.node != host.node {
				sleep(ctx, codeWait)
			}
			agains[i], errs[i] = c.joinByCode(ctx, m[1], within)
		}()
	}
	wg.Wait()
	again = agains[0] + agains[1] + agains[2]
	if err := errors.Join(errs...); err != nil {
		return again, opens, err
	}
	if err := host.see(ctx, "4. lg", within); err != nil {
		return again, opens, err
	}
	host.press("s")
	started := "OKEY  Hand 1 " // "· dealer" follows, or on a terminal standing up the keys
	if o101 {
		started = "hand 1 of 11"
	}
	for _, c := range four {
		if err := c.see(ctx, started, within); err != nil {
			return again, opens, err
		}
	}
	return again, opens, nil
}

// markCannotOpen begins the create page's words that the server could
// not open the table: the store's answer late, on a starved machine
// (lobby.storeslow), or another reason (lobby.cannotopen).
const markCannotOpen = "Cannot open a table"

// openAgain is how long the host waits for its table after enter before
// it presses enter again on a refusal: longer than the store's answer
// may take (10 s), so the refusal on screen is the last attempt's.
const openAgain = 20 * time.Second

// open waits, within, for the table the host asked for to open (its
// join code on screen). A refusal because the server could not open it
// just then is asked again, as a person would, at most once every
// openAgain: the page opens the table in its Update, so a key pressed
// before the last answer would reach the next page. again is how many
// times.
func (c *client) open(ctx context.Context, within time.Duration) (again int, err error) {
	deadline := time.Now().Add(within)
	for {
		scr, ok := c.await(ctx, min(openAgain, time.Until(deadline)), func(scr string) bool { return strings.Contains(scr, "Join code:") })
		switch {
		case ok:
			return again, nil
		case ctx.Err() != nil || !time.Now().Before(deadline):
			return again, c.missing("Join code:", within, scr)
		case strings.Contains(scr, markCannotOpen):
			again++
			if err := c.press("enter"); err != nil {
				return again, err
			}
		}
	}
}

// stepDir is the folder a step of n sessions starts its nodes in: under
// logs, kept (step-N, emptied of an earlier run's); else a temporary
// one.
func stepDir(logs string, n int) (string, error) {
	if logs == "" {
		return os.MkdirTemp("", "okey-load-")
	}
	dir := filepath.Join(logs, fmt.Sprintf("step-%d", n))
	if err := os.RemoveAll(dir); err != nil {
		return "", fmt.Errorf("the step's folder: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("the step's folder: %w", err)
	}
	return dir, nil
}
