package loadgen

import (
	"context"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"okey/game/classic"
)

// killRounds and freezeRounds are how many rounds TestAKeyAroundAFailover
// plays of each kind (both 0: the test is skipped).
var (
	killRounds   = flag.Int("kill-rounds", 0, "TestAKeyAroundAFailover: rounds whose table's node is killed (SIGKILL) as a player's move goes to it")
	freezeRounds = flag.Int("freeze-rounds", 0, "TestAKeyAroundAFailover: rounds whose table's node is frozen (SIGSTOP) as a player's move goes to it")
	roundLogs    = flag.String("round-logs", "", "TestAKeyAroundAFailover: a folder to keep each round's nodes' logs in (the debug lines of each takeover)")
)

// keyOffsets are when, round after round, the table's node is stopped
// after the move's key is pressed (negative: before it): around the
// key, so that it reaches the node before, while or after it stops.
var keyOffsets = []time.Duration{0, 5 * time.Millisecond, -5 * time.Millisecond, 20 * time.Millisecond, 2 * time.Millisecond}

// movingWithin is how soon after its node stopped a game must move
// again, and a key pressed around it be played or said.
const movingWithin = 10 * time.Second

// TestAKeyAroundAFailover plays rounds on three real nodes clustered
// with the secret (TLS routes, as deployed): ann opens a table on the
// first node, bob sits at it through the second, and they play; once
// the cluster is settled and it is bob's turn to discard, bob presses
// his discard and, a few milliseconds before or after, the table's node
// is killed (SIGKILL) or frozen (SIGSTOP, woken once the table runs
// elsewhere and bob is back). Each round checks what a player must be
// able to trust at a failover:
//
//   - no acknowledged move lost: the record the store held before the
//     key is a prefix of the record after;
//   - no key silently dropped: bob's discard is in the record where the
//     table came up, or his screen said it was not played (his seat's
//     bot played for him meanwhile) — never neither;
//   - the game moving again within 10 s of the node's stop;
//   - no node warning of a member "not a known okey node" (every member
//     is one), the woken node included.
//
// A frozen round also has ann, back at her seat after her node woke,
// play her turn: her key must be taken. Heavy (a cluster a round):
//
//	go test ./door/loadgen -run TestAKeyAroundAFailover -kill-rounds 10 -freeze-rounds 10 -v
func TestAKeyAroundAFailover(t *testing.T) {
	if *killRounds+*freezeRounds == 0 {
		t.Skip("rounds of a node killed or frozen with a key on its way: -kill-rounds N -freeze-rounds N")
	}
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var modes []string
	for range *killRounds {
		modes = append(modes, "kill")
	}
	for range *freezeRounds {
		modes = append(modes, "freeze")
	}
	counts := map[string]int{}
	for i, mode := range modes {
		off := keyOffsets[i%len(keyOffsets)]
		r, err := failoverRound(t, bin, mode, off)
		if err != nil {
			t.Errorf("round %d (%s): %v", i+1, mode, err)
			counts["failed"]++
			continue
		}
		counts[r.outcome]++
		t.Logf("round %d (%s %v after the key): %s", i+1, mode, off, r)
		if r.moving > movingWithin*8/10 {
			t.Logf("round %d, what the test saw after the stop:\n%s", i+1, strings.Join(r.trace, "\n"))
		}
		if p := r.problem(); p != "" {
			t.Errorf("round %d (%s): %s", i+1, mode, p)
		}
	}
	t.Logf("outcomes of %d rounds: %v", len(modes), counts)
}

// Outcomes of the key pressed around a failover.
const (
	keyPlayed = "played"      // bob's discard is in the record
	keySaid   = "said"        // his bot played for him, and his screen said so
	keySilent = "SILENT"      // his bot played for him, and nothing was said
	keyStuck  = "NOT PLAYED"  // neither his discard nor anything else, and nothing said
	keyGone   = "record lost" // the record could not be read after
)

// failover is one round's figures.
type failover struct {
	mode    string
	outcome string
	// resent: bob's screen said his move was sent again where the table
	// came up; told: it said his bot played for him.
	resent, told bool
	// played is the move at the key's place in the record after.
	played string
	// took is the takeover (the lease taken) after the node stopped,
	// runs the table running after that, back bob back at his seat
	// after it runs, moving the record's next move after the stop.
	took, runs, back, moving time.Duration
	// woke is ann back after her node woke, pressed her turn's key taken
	// (frozen rounds).
	woke, pressed time.Duration
	// lost is what the record after lacks of the one before the key
	// ("": nothing).
	lost   string
	warned []string
	// trace is what the test saw after the stop, in order, each with
	// its time after the stop: which node said it held or ran the
	// table, and each new length of the record read.
	trace []string
}

func (f failover) String() string {
	s := fmt.Sprintf("bob's discard %s (at its place: %s; sent again %v, told %v); lease taken %v, table running %v after, bob back %v after, the game moving %v after the stop",
		f.outcome, f.played, f.resent, f.told, f.took.Round(100*time.Millisecond), f.runs.Round(100*time.Millisecond),
		f.back.Round(100*time.Millisecond), f.moving.Round(100*time.Millisecond))
	if f.mode == "freeze" {
		s += fmt.Sprintf("; ann back %v after her node woke, her turn's key taken %v after it", f.woke.Round(100*time.Millisecond), f.pressed.Round(10*time.Millisecond))
	}
	return s + fmt.Sprintf("; %d false warnings", len(f.warned))
}

// problem is what the round broke of the rules above ("": nothing).
func (f failover) problem() string {
	var ps []string
	if f.outcome != keyPlayed && f.outcome != keySaid {
		ps = append(ps, "bob's key "+f.outcome)
	}
	if f.lost != "" {
		ps = append(ps, "acknowledged moves lost: "+f.lost)
	}
	if f.moving > movingWithin {
		ps = append(ps, fmt.Sprintf("the game moved again only %v after the stop", f.moving.Round(100*time.Millisecond)))
	}
	if len(f.warned) > 0 {
		ps = append(ps, fmt.Sprintf("%d false warnings:\n%s", len(f.warned), strings.Join(f.warned, "\n")))
	}
	return strings.Join(ps, "; ")
}

// The lines bob's screen says of a move the table had not taken when it
// moved (the seat page's table.movedback.sent and
// table.movedback.botplayed, in English).
const (
	saysSentAgain = "were sent again"
	saysBotPlayed = "your seat's bot played"
)

// failoverRound plays one round (above): mode "kill" or "freeze", the
// node stopped off after bob's key (before it, negative).
func failoverRound(t *testing.T, bin, mode string, off time.Duration) (f failover, err error) {
	f.mode = mode
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	dir := t.TempDir()
	if *roundLogs != "" {
		if dir, err = os.MkdirTemp(*roundLogs, mode+"-"); err != nil {
			return f, err
		}
		t.Logf("round's nodes' logs: %s", dir)
	}
	run, err := startTableRun(ctx, bin, dir, true)
	if run != nil {
		defer func() { run.stop(t, err != nil || f.problem() != "", 60) }()
	}
	if err != nil {
		return f, err
	}
	kids, ann, bob := run.kids, run.ann, run.bob
	if _, err := untilUnstretched(kids); err != nil {
		return f, err
	}
	// They play a few moves, then bob's turn to discard comes.
	stopAnn := make(chan struct{})
	annPlays := autoPlay(ctx, ann, stopAnn)
	stopBob := make(chan struct{})
	bobPlays := autoPlay(ctx, bob, stopBob)
	if _, err := recordUntil(ctx, kids[1], func(r classic.Record) bool { return len(r.Actions) >= 6 }); err != nil {
		return f, err
	}
	close(stopBob)
	bobPlays.Wait()
	before, bobSeat, err := discardTurn(ctx, kids[1], bob)
	close(stopAnn)
	annPlays.Wait()
	if err != nil {
		return f, err
	}
	n := len(before.Actions)

	// bob's screen, watched from the key on: what it says of his move.
	var seen screenLines
	watchCtx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	go seen.watch(watchCtx, bob, backAtSeat, saysSentAgain, saysBotPlayed)

	p := kids[0].cmd.Process
	sig := syscall.SIGKILL
	if mode == "freeze" {
		sig = syscall.SIGSTOP
		defer p.Signal(syscall.SIGCONT)
	}
	var stopped time.Time
	stop := func() error {
		stopped = time.Now()
		return p.Signal(sig)
	}
	if off < 0 {
		if err := stop(); err != nil {
			return f, err
		}
		time.Sleep(-off)
	}
	scr := bob.term.String()
	var pend *pendingKey
	if !bob.move(scr, nil, &pend) || pend == nil {
		return f, errors.New("bob's discard not pressed")
	}
	if off >= 0 {
		time.Sleep(off)
		if err := stop(); err != nil {
			return f, err
		}
	}

	t.Logf("node 0 stopped (%s) at %s", mode, stopped.UTC().Format("15:04:05.000"))
	// The table runs again on a live node, and bob is back at it.
	live := kids[1:]
	saw := func(what string) {
		f.trace = append(f.trace, fmt.Sprintf("%.2fs %s", time.Since(stopped).Seconds(), what))
	}
	if f.took, f.runs, err = takenOverBy(live, stopped, saw); err != nil {
		return f, err
	}
	ranAt := time.Now()
	// The game moves again: a move past the one before the key, or past
	// bob's if the node took it before it stopped.
	moves := -1
	rec, err := recordUntil(ctx, kids[1], func(r classic.Record) bool {
		if len(r.Actions) != moves {
			moves = len(r.Actions)
			saw(fmt.Sprintf("node 1 read the record: %d moves", moves))
		}
		return len(r.Actions) > n && (r.Actions[n].Seat != bobSeat || len(r.Actions) > n+1) || time.Since(stopped) > movingWithin+20*time.Second
	})
	if err != nil {
		f.outcome = keyGone
		return f, err
	}
	f.moving = time.Since(stopped)
	// bob back at his seat: the line that says so, or the one that says
	// what came of his move, which replaces it at the table's first view.
	if at, ok := seen.first(30*time.Second, backAtSeat, saysSentAgain, saysBotPlayed); ok {
		f.back = max(0, at.Sub(ranAt))
	} else {
		t.Logf("bob not told he is back at his seat 30 s after the table ran; his screen:\n%s", bob.term.String())
		f.back = 30 * time.Second
	}
	f.lost = lostOf(before, rec)
	f.resent, f.told = seen.saw(saysSentAgain), seen.saw(saysBotPlayed)
	byBot := botMoves(dir, len(kids), bobSeat, stopped)
	switch {
	case len(rec.Actions) <= n:
		f.outcome = keyStuck
	case rec.Actions[n].Seat == bobSeat && !byBot[rec.Actions[n].String()]:
		f.outcome, f.played = keyPlayed, rec.Actions[n].String()
	case f.told:
		f.outcome, f.played = keySaid, rec.Actions[n].String()+" (by his bot)"
	default:
		f.outcome, f.played = keySilent, rec.Actions[n].String()+" (by his bot)"
	}

	wokeAt := stopped
	if mode == "freeze" {
		if err := p.Signal(syscall.SIGCONT); err != nil {
			return f, err
		}
		wokeAt = time.Now()
		if f.woke, err = seesWithin(ctx, ann, backAtSeat, 30*time.Second); err != nil {
			return f, fmt.Errorf("ann after her node woke: %w", err)
		}
		// bob plays on (his turns come between ann's), and ann her turn.
		stopBob := make(chan struct{})
		bobPlays := autoPlay(ctx, bob, stopBob)
		f.pressed, err = playTurnOnce(ctx, ann)
		close(stopBob)
		bobPlays.Wait()
		if err != nil {
			return f, fmt.Errorf("ann on her turn after her node woke: %w", err)
		}
	}
	f.warned = falseWarnings(dir, len(kids), stopped, wokeAt)
	return f, nil
}

// nodeLog is where node i of a load under dir logs.
func nodeLog(dir string, i int) string {
	return filepath.Join(dir, fmt.Sprintf("node%d", i), "node.log")
}

// logNodeTails logs the last lines of each of n nodes' logs under dir.
func logNodeTails(t *testing.T, dir string, n, last int) {
	for i := range n {
		b, _ := os.ReadFile(nodeLog(dir, i))
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		t.Logf("node %d's last lines:\n%s", i, strings.Join(lines[max(0, len(lines)-last):], "\n"))
	}
}

// autoPlay plays c's turns (finish, draw or discard, as the load's
// players do) and says ready between hands, until stop is closed.
func autoPlay(ctx context.Context, c *client, stop <-chan struct{}) *sync.WaitGroup {
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			default:
			}
			scr, ok := c.await(ctx, 100*time.Millisecond, func(s string) bool {
				return strings.Contains(s, markMyTurn) || strings.Contains(s, markNextHand)
			})
			if !ok {
				continue
			}
			if strings.Contains(scr, markNextHand) {
				c.press("enter")
			} else {
				var pend *pendingKey
				c.move(scr, nil, &pend)
			}
			c.await(ctx, 3*time.Second, func(s string) bool { return s != scr })
		}
	})
	return &wg
}

// storedRecord is table 1's record as node k reads it from the store.
func storedRecord(k *child) (classic.Record, error) {
	said, err := k.ask("record 1")
	if err != nil {
		return classic.Record{}, err
	}
	if len(said) != 1 || !strings.HasPrefix(said[0], "record ") {
		return classic.Record{}, fmt.Errorf("the node said %q, not a record", said)
	}
	b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(said[0], "record "))
	if err != nil {
		return classic.Record{}, err
	}
	return classic.ParseRecord(b)
}

// recordUntil reads table 1's record through node k until ok holds for
// it (a read that fails is tried again), for a minute at most.
func recordUntil(ctx context.Context, k *child, ok func(classic.Record) bool) (classic.Record, error) {
	deadline := time.Now().Add(time.Minute)
	for {
		rec, err := storedRecord(k)
		if err == nil && ok(rec) {
			return rec, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return rec, fmt.Errorf("table 1's record (%d moves) not as awaited within a minute (last error: %v)", len(rec.Actions), err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// discardTurn waits until it is bob's turn to discard, his screen
// showing it, with the store holding the table as his screen shows it
// (drawing for him when his turn begins with a draw): the record then,
// and his seat.
func discardTurn(ctx context.Context, k *child, bob *client) (classic.Record, int, error) {
	deadline := time.Now().Add(2 * time.Minute)
	last := "no record read"
	for time.Now().Before(deadline) && ctx.Err() == nil {
		scr := bob.term.String()
		if strings.Contains(scr, markNextHand) {
			bob.press("enter")
			bob.await(ctx, 3*time.Second, func(s string) bool { return s != scr })
			continue
		}
		if !strings.Contains(scr, markMyTurn) {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if strings.Contains(scr, markDraw) || strings.Contains(scr, markEndTurn) {
			bob.press("d")
			bob.await(ctx, 3*time.Second, func(s string) bool { return s != scr })
			continue
		}
		rec, err := storedRecord(k)
		if err != nil {
			return rec, 0, err
		}
		g, err := rec.Replay()
		if err != nil {
			return rec, 0, err
		}
		st := g.State()
		last = fmt.Sprintf("the store's record: %d moves, seat %d to %v, wall %d; bob's screen: wall %d", len(rec.Actions), st.Turn(), st.Stage(), st.WallLeft(), wallLeft(strings.Split(scr, "\n")))
		if st.Stage() == classic.MustDiscard && wallLeft(strings.Split(scr, "\n")) == st.WallLeft() && bob.term.String() == scr {
			return rec, st.Turn(), nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return classic.Record{}, 0, fmt.Errorf("bob's turn to discard did not come in two minutes (%s); his screen:\n%s", last, bob.term.String())
}

// wallLeft is the tiles left in the wall on a table's screen's lines
// (-1: none shown): the number in the box under the word.
func wallLeft(lines []string) int {
	for i, l := range lines {
		if strings.Contains(l, "┐ wall") && i+1 < len(lines) {
			if m := wallRe.FindStringSubmatch(lines[i+1]); m != nil {
				n, _ := strconv.Atoi(m[1])
				return n
			}
		}
	}
	return -1
}

// wallRe is the wall's box on the line under its word.
var wallRe = regexp.MustCompile(`│\s*(\d+)\s*│`)

// takenOverBy waits until a node of live holds table 1's lease (took,
// after since) and one runs it (runs, after that).
func takenOverBy(live []*child, since time.Time, seen func(string)) (took, runs time.Duration, err error) {
	holds := func(cmd string) (bool, error) {
		for i, k := range live {
			said, err := k.ask(cmd)
			if err != nil {
				return false, err
			}
			if len(said) == 1 && strings.TrimSpace(strings.TrimPrefix(said[0], cmd)) != "" {
				seen(fmt.Sprintf("live node %d said %s", i+1, cmd))
				return true, nil
			}
		}
		return false, nil
	}
	for _, step := range []struct {
		cmd string
		d   *time.Duration
	}{{"owned", &took}, {"running", &runs}} {
		for {
			ok, err := holds(step.cmd)
			if err != nil {
				return took, runs, err
			}
			if ok {
				*step.d = time.Since(since) - took
				break
			}
			if time.Since(since) > 2*time.Minute {
				return took, runs, fmt.Errorf("no live node %s table 1 two minutes after its node stopped", step.cmd)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	return took, runs, nil
}

// lostOf is what after lacks of before's moves, or has in their place
// ("": before is a prefix of after).
func lostOf(before, after classic.Record) string {
	n := len(before.Actions)
	if len(after.Actions) < n {
		return fmt.Sprintf("%d moves before, %d after", n, len(after.Actions))
	}
	if !slices.Equal(before.Actions, after.Actions[:n]) {
		return fmt.Sprintf("the moves before differ: %v, then %v", before.Actions, after.Actions[:n])
	}
	return ""
}

// botMoves are the moves the nodes' logs under dir say seat's bot
// played for its player since since (the debug line of a table).
func botMoves(dir string, n, seat int, since time.Time) map[string]bool {
	out := map[string]bool{}
	for i := range n {
		b, _ := os.ReadFile(nodeLog(dir, i))
		for _, l := range strings.Split(string(b), "\n") {
			if !strings.Contains(l, "a seat's bot played for its player") || !strings.Contains(l, fmt.Sprintf(" seat=%d ", seat)) {
				continue
			}
			f := strings.Fields(l)
			if at, err := time.Parse(time.RFC3339Nano, strings.TrimPrefix(f[0], "time=")); err != nil || at.Before(since.Add(-time.Second)) {
				continue
			}
			if _, mv, ok := strings.Cut(l, "move=\""); ok {
				mv, _, _ = strings.Cut(mv, "\"")
				out[mv] = true
			}
		}
	}
	return out
}

// screenLines notes when a player's screen first showed each of some
// lines since it began to watch.
type screenLines struct {
	mu   sync.Mutex
	seen map[string]time.Time
}

// watch looks at c's screen every 10 ms until ctx ends.
func (s *screenLines) watch(ctx context.Context, c *client, lines ...string) {
	for ctx.Err() == nil {
		scr := c.term.String()
		s.mu.Lock()
		if s.seen == nil {
			s.seen = map[string]time.Time{}
		}
		for _, l := range lines {
			if _, ok := s.seen[l]; !ok && strings.Contains(scr, l) {
				s.seen[l] = time.Now()
			}
		}
		s.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
}

// saw reports whether the screen showed line.
func (s *screenLines) saw(line string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.seen[line]
	return ok
}

// first waits until the screen has shown one of lines, within, and
// says when it first did.
func (s *screenLines) first(within time.Duration, lines ...string) (time.Time, bool) {
	deadline := time.Now().Add(within)
	for {
		s.mu.Lock()
		var at time.Time
		for _, l := range lines {
			if t, ok := s.seen[l]; ok && (at.IsZero() || t.Before(at)) {
				at = t
			}
		}
		s.mu.Unlock()
		if !at.IsZero() {
			return at, true
		}
		if time.Now().After(deadline) {
			return at, false
		}
		time.Sleep(20 * time.Millisecond)
	}
}
