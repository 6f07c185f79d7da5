package loadgen

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	gossh "golang.org/x/crypto/ssh"

	"okey/kit/vt"
)

// client is one scripted player: an SSH connection with a terminal, and
// the screen it reads back.
type client struct {
	name string
	// node is the index of the server it is connected to.
	node int
	// key is the player's key: who the server knows it as.
	key  ed25519.PrivateKey
	conn *gossh.Client
	sess *gossh.Session
	// ws is the socket of a player through the browser door (web.go),
	// instead of conn and sess.
	ws *websocket.Conn
	in io.WriteCloser
	// wire counts the bytes read from the network, framing and all.
	wire *atomic.Int64
	term *vt.Term
	// done is closed when the connection's output has ended.
	done chan struct{}
	// mu keeps writes to in whole: a key's bytes are never interleaved.
	mu sync.Mutex
}

// keyBytes are the bytes a terminal sends for a key.
var keyBytes = map[string]string{
	"enter": "\r", "esc": "\x1b", "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
	"backspace": "\x7f", "space": " ",
}

// dial connects a player named user to addr with a terminal of w×h
// (TERM termType) and a key of its own (so the server knows it by the key's fingerprint).
func dial(ctx context.Context, addr, user, termType string, w, h int) (*client, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	return dialAs(ctx, addr, user, priv, termType, w, h)
}

// dialAs is dial with the player's key given: a tournament's player who
// dials again after its node died is the same player, back at its seat.
func dialAs(ctx context.Context, addr, user string, priv ed25519.PrivateKey, termType string, w, h int) (*client, error) {
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return nil, err
	}
	d := net.Dialer{Timeout: 10 * time.Second}
	tcp, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	wire := new(atomic.Int64)
	raw := countedConn{tcp, wire}
	raw.SetDeadline(time.Now().Add(20 * time.Second)) // the handshake's
	cc, chans, reqs, err := gossh.NewClientConn(raw, addr, &gossh.ClientConfig{
		User: user, Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second,
	})
	if err != nil {
		raw.Close()
		return nil, fmt.Errorf("handshake: %w", err)
	}
	raw.SetDeadline(time.Time{})
	conn := gossh.NewClient(cc, chans, reqs)
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("session: %w", err)
	}
	c := &client{name: user, key: priv, conn: conn, sess: sess, wire: wire, term: vt.New(w, h), done: make(chan struct{})}
	if err := sess.RequestPty(termType, h, w, gossh.TerminalModes{}); err != nil {
		conn.Close()
		return nil, fmt.Errorf("pty: %w", err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		conn.Close()
		return nil, err
	}
	if c.in, err = sess.StdinPipe(); err != nil {
		conn.Close()
		return nil, err
	}
	if err := sess.Shell(); err != nil {
		conn.Close()
		return nil, fmt.Errorf("shell: %w", err)
	}
	go c.read(out)
	return c, nil
}

// read feeds the terminal until the connection's output ends.
func (c *client) read(r io.Reader) {
	defer close(c.done)
	buf := make([]byte, 32*1024)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			c.term.Write(buf[:n])
		}
		if err != nil {
			return
		}
	}
}

func (c *client) close() {
	if c.ws != nil {
		c.ws.CloseNow()
		return
	}
	c.sess.Close()
	c.conn.Close()
}

// gone reports whether the connection has ended.
func (c *client) gone() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// press types keys (names from keyBytes, or text).
func (c *client) press(keys ...string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, k := range keys {
		b, ok := keyBytes[k]
		if !ok {
			b = k
		}
		if _, err := io.WriteString(c.in, b); err != nil {
			return fmt.Errorf("%s: typing %q: %w", c.name, k, err)
		}
	}
	return nil
}

// await waits until ok holds for the screen, within, or ctx ends; it
// wakes at every write to the terminal.
func (c *client) await(ctx context.Context, within time.Duration, ok func(screen string) bool) (string, bool) {
	timer := time.NewTimer(within)
	defer timer.Stop()
	for {
		scr := c.term.String()
		if ok(scr) {
			return scr, true
		}
		select {
		case <-c.term.Changed():
		case <-c.done:
			scr := c.term.String()
			return scr, ok(scr)
		case <-timer.C:
			scr := c.term.String()
			return scr, ok(scr)
		case <-ctx.Done():
			return scr, false
		}
	}
}

// see waits for s on the screen.
func (c *client) see(ctx context.Context, s string, within time.Duration) error {
	scr, ok := c.await(ctx, within, func(scr string) bool { return strings.Contains(scr, s) })
	if !ok {
		return c.missing(s, within, scr)
	}
	return nil
}

// missing is the error of s not seen on the screen scr within.
func (c *client) missing(s string, within time.Duration, scr string) error {
	if c.gone() {
		return fmt.Errorf("%s: dropped while waiting for %q", c.name, s)
	}
	return fmt.Errorf("%s: %q not on screen after %v:\n%s", c.name, s, within, scr)
}

var codeRe = regexp.MustCompile(`Join code: ([A-Z0-9]{6})`)

// The words of a join code's answer.
const (
	markWaiting  = "Waiting for the host"
	markBadCode  = "No table for that code"
	markCodeWait = "Too many wrong codes from your address"
	// markNoAnswer is the lobby's word that the table did not answer
	// the seat asked (its session asked common.SeatTries times): a
	// store that took no writes for seconds on a starved machine.
	markNoAnswer = "The table did not answer in time"
	markCodePage = "Type the table's join code"
)

// noAnswerTries is how many times a player whose join the table did
// not answer asks again from the lobby, as the words on screen say to.
const noAnswerTries = 3

// codeWaitRe reads how long an address must wait before its next code.
var codeWaitRe = regexp.MustCompile(`try again in (\d+) s`)

// codeAgainFor is how long a join code that finds no table is typed
// again: the table, opened on another node, reaches this node's lobby
// within a quarter of a second when the nodes are not loaded, and
// within the store's pause when it stands still (10 s and more beside
// CI's race step, where 5 s left 14 tables of 50 unformed).
const codeAgainFor = 20 * time.Second

// joinByCode types a table's join code and waits for its waiting room.
// A code that finds no table yet (or that the address must wait to try)
// is typed again, at growing intervals, for codeAgainFor; a join the
// table did not answer is asked again from the lobby, as a person told
// to try again would, up to noAnswerTries times. again is how many
// times a code was typed again.
func (c *client) joinByCode(ctx context.Context, code string, within time.Duration) (again int, err error) {
	answered := func(scr string) bool {
		return strings.Contains(scr, markWaiting) || strings.Contains(scr, markBadCode) || strings.Contains(scr, markCodeWait) || strings.Contains(scr, markNoAnswer)
	}
	if err := c.press(code, "enter"); err != nil {
		return 0, err
	}
	var deadline time.Time
	pause := 250 * time.Millisecond
	unanswered := 0
	for {
		scr, ok := c.await(ctx, within, answered)
		switch {
		case !ok:
			return again, c.missing(markWaiting, within, scr)
		case strings.Contains(scr, markWaiting):
			return again, nil
		case strings.Contains(scr, markNoAnswer):
			if unanswered++; unanswered > noAnswerTries {
				return again, fmt.Errorf("%s: the join code %s's table did not answer %d times:\n%s", c.name, code, unanswered, scr)
			}
			sleep(ctx, time.Second)
			if err := c.press("c"); err != nil {
				return again, err
			}
			if err := c.see(ctx, markCodePage, within); err != nil {
				return again, err
			}
			if err := c.press(code, "enter"); err != nil {
				return again, err
			}
			again++
			continue
		}
		if deadline.IsZero() {
			deadline = time.Now().Add(codeAgainFor)
		}
		wait := pause
		if m := codeWaitRe.FindStringSubmatch(scr); m != nil {
			s, _ := strconv.Atoi(m[1])
			wait = time.Duration(s) * time.Second
		}
		if time.Now().Add(wait).After(deadline) {
			return again, fmt.Errorf("%s: the join code %s found no table for %v:\n%s", c.name, code, codeAgainFor, scr)
		}
		sleep(ctx, wait)
		pause = min(2*pause, time.Second)
		// The answer stays on screen until the next key: typed again,
		// the code shows in the field without it before it is sent.
		if err := c.press(code); err != nil {
			return again, err
		}
		if scr, ok := c.await(ctx, within, func(scr string) bool { return strings.Contains(scr, code) && !answered(scr) }); !ok {
			return again, c.missing(code, within, scr)
		}
		if err := c.press("enter"); err != nil {
			return again, err
		}
		again++
	}
}

// Markers on screen that the scripted players read.
const (
	markLobby    = "Tables ("
	markMyTurn   = "> You"
	markNextHand = "ready for the next hand"
	markDraw     = "d: draw"
	markEndTurn  = "d: end"
	markWin      = "wins the hand! f finishes"
	sortedColour = "Sorted by colour."
	sortedValue  = "Sorted by value."
	// markHeld is the line under a table's screen while its table
	// moves to another node: the keys pressed meanwhile are kept, said
	// there with their count, and played once the table is back.
	markHeld = "The table is moving"
)

// heldAnswer is how long a key held while its table moved (markHeld on
// screen as it waited) may go unanswered before it is lost: the move's
// wait for the table's new node (a store's leader elected: 4 to 9 s,
// then the takeover), with room. Answered within it, the key is
// counted held, not lost, and its time apart from the keys' latency.
const heldAnswer = 30 * time.Second

// Markers of the daily's screens.
const (
	markDailyNew   = "You have not played today's daily"
	markDailyBoard = "Today's board · players:"
	markDailyTable = "Daily 1/" // the header of a daily table's first hand: "Daily 1/4"
	markDailyOver  = "Your daily is over"
	markDailyNext  = "enter next hand"
	markDailyLast  = "enter back to the lobby"
	dailyClassic   = "4 hands against"
	daily101       = "2 hands against"
)

// dailyBetween reports whether scr is the page after a daily's hand.
func dailyBetween(scr string) bool {
	return strings.Contains(scr, markDailyNext) || strings.Contains(scr, markDailyLast)
}

// pace is how a player plays: a key every keyEvery on average, its move
// within moveWithin of its turn, a chat line every chatEvery keys.
type pace struct {
	keyEvery, moveWithin time.Duration
	chatEvery            int
	// answer is how long a key may go unanswered before it counts as
	// lost.
	answer time.Duration
	// daily: the player plays the served daily (daily.go): alone at
	// its table, the page after a hand is the daily's, and the play
	// ends when the day is over.
	daily bool
	// tourney: the player plays a tournament's match (tourney.go): the
	// play ends with the match, or with the table gone.
	tourney bool
	// trace, when set, is told of every key lost, with the screen.
	trace   io.Writer
	traceMu *sync.Mutex
}

func (p pace) tracef(format string, a ...any) {
	if p.trace == nil {
		return
	}
	p.traceMu.Lock()
	defer p.traceMu.Unlock()
	// Timed as the nodes' logs are (UTC), to be read beside them.
	fmt.Fprintf(p.trace, "%s ", time.Now().UTC().Format("15:04:05.000"))
	fmt.Fprintf(p.trace, format, a...)
}

// seatShared is what the players at one table share to time a move from
// the key that made it to the next player's screen.
type seatShared struct {
	mu sync.Mutex
	// movedAt is when a player last pressed a key that ended its turn
	// (zero: taken).
	movedAt time.Time
}

func (s *seatShared) moved(t time.Time) {
	s.mu.Lock()
	s.movedAt = t
	s.mu.Unlock()
}

// take is the time of the last turn-ending key, once.
func (s *seatShared) take() (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.movedAt
	s.movedAt = time.Time{}
	return t, !t.IsZero()
}

// moveRetry is how long a move waits for its answer before it is made
// again (a refusal, 101's question about a costly tile).
const moveRetry = 1500 * time.Millisecond

// stallAfter is how long a daily's player, alone with bots, waits off its
// turn with its screen standing still before it presses enter.
const stallAfter = 10 * time.Second

// pendingKey is a key waiting for the screen that only it can cause.
type pendingKey struct {
	at time.Time
	// want is the text it brings (a sort), or gone the text it takes
	// away (a move: its marker).
	want, gone string
	move       bool
	// first is when a move was first pressed (it is pressed again
	// while unanswered).
	first time.Time
	// held: the screen said the table was moving while the key waited
	// (markHeld): the key is kept there, and answered once the table is
	// back, within heldAnswer.
	held bool
}

// answerBy is how long pend may wait for its answer: p's, or
// heldAnswer once the screen said its table was moving.
func (pend *pendingKey) answerBy(p pace) time.Duration {
	if pend.held {
		return max(p.answer, heldAnswer)
	}
	return p.answer
}

// play plays until ctx ends: sorts the rack, moves the cursor and chats
// at the pace set, moves on its turn, says ready between hands; every
// timed key's latency goes to st. sh is nil at a daily's table (no other
// player to reach), whose play ends with the day.
func (c *client) play(ctx context.Context, p pace, sh *seatShared, st *stats, rng *mrand.Rand) {
	gap := func(mean time.Duration) time.Duration {
		return time.Duration(rng.Int64N(int64(2*mean) + 1))
	}
	now := time.Now()
	nextKey := now.Add(gap(p.keyEvery))
	var moveAt, readyAt time.Time
	var pend *pendingKey
	myTurn, keys := false, 0
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	lastScr, still := "", now // the screen, and since when it stands still
	for {
		now = time.Now()
		scr := c.term.String()
		if scr != lastScr {
			lastScr, still = scr, now
		}
		turn := strings.Contains(scr, markMyTurn)
		between := strings.Contains(scr, markNextHand) || p.daily && dailyBetween(scr)
		if p.daily && (strings.Contains(scr, markDailyOver) || strings.Contains(scr, markLobby)) {
			// The day is over, or the table closed: the lobby.
			return
		}
		if p.tourney && (matchOverRe.MatchString(scr) || !handRe.MatchString(scr)) {
			// The match is over, or the table is gone from the screen.
			return
		}
		if sh == nil {
			// Alone with bots: the turn comes back after theirs.
		} else if turn && !myTurn {
			// The turn came round: the move before reached this screen.
			if t, ok := sh.take(); ok {
				st.addReach(now.Sub(t))
			}
		}
		myTurn = turn
		if between && sh != nil {
			sh.take() // the hand's last move: the next turn comes after the deal
		}
		if pend != nil && strings.Contains(scr, markHeld) {
			pend.held = true
		}
		if pend != nil {
			switch {
			case pend.want != "" && (strings.Contains(scr, pend.want) || rackSorted(scr, pend.want)):
				st.answeredKey(now.Sub(pend.at), pend.held && now.Sub(pend.at) >= p.answer)
				pend = nil
			case pend.gone != "" && !strings.Contains(scr, pend.gone):
				st.answeredMove(now.Sub(pend.at), now.Sub(pend.first), pend.held && now.Sub(pend.first) >= p.answer)
				pend = nil
			case !pend.move && (between || turn):
				// The hand ended under the key (the page between hands
				// has no sorting) or the turn came round, whose news
				// replaces the sort's: no answer to time.
				st.superseded()
				pend = nil
			case pend.move && now.Sub(pend.first) >= pend.answerBy(p):
				st.lostMove()
				p.tracef("%s (node %d): move unanswered for %v (held as its table moved: %v); the screen:\n%s\n", c.name, c.node, now.Sub(pend.first).Round(time.Millisecond), pend.held, scr)
				pend = nil
			case pend.move && now.Sub(pend.at) >= moveRetry:
				// Refused, or asked again (101's costly tile): the move
				// is made again, timed from this key. (Held as its
				// table moves, it is kept there: pressed again, it is
				// kept twice, as a person's second press would be.)
				first, held := pend.first, pend.held
				pend = nil
				if c.move(scr, sh, &pend) {
					pend.first, pend.held = first, held
				}
			case !pend.move && now.Sub(pend.at) >= pend.answerBy(p):
				st.lostKey()
				p.tracef("%s (node %d): key for %q unanswered for %v (held as its table moved: %v); the screen:\n%s\n", c.name, c.node, pend.want, now.Sub(pend.at).Round(time.Millisecond), pend.held, scr)
				pend = nil
			}
		}
		if turn && pend == nil && moveAt.IsZero() {
			moveAt = now.Add(time.Duration(rng.Int64N(int64(p.moveWithin)/2+1)) + p.moveWithin/2)
		}
		if !turn {
			moveAt = time.Time{}
		}
		if between && readyAt.IsZero() {
			readyAt = now.Add(gap(p.moveWithin))
		}
		if !between {
			readyAt = time.Time{}
		}
		switch {
		case p.daily && !turn && pend == nil && now.Sub(still) >= stallAfter:
			// A daily's player alone with bots whose screen has stood
			// still off its turn: enter, as a person would, said and
			// counted (a page it did not know, or a table that stopped).
			p.tracef("%s: the daily's screen still for %v; enter pressed; the screen:\n%s\n", c.name, now.Sub(still).Round(time.Second), scr)
			st.count(&st.dailyStalled)
			c.press("enter")
			still = now
		case !moveAt.IsZero() && !now.Before(moveAt) && pend == nil:
			moveAt = time.Time{}
			c.move(scr, sh, &pend)
		case !readyAt.IsZero() && !now.Before(readyAt):
			// Between hands: ready (again in 2 s, should the key come
			// while the page settles).
			c.press("enter")
			readyAt = now.Add(2 * time.Second)
			if p.daily && strings.Contains(scr, markDailyLast) {
				// The day's last hand: the lobby comes, where the
				// table's keys (a chat line's letters) would open its
				// pages. The caller waits for it.
				return
			}
		case !now.Before(nextKey):
			nextKey = now.Add(gap(p.keyEvery))
			keys++
			switch {
			case turn:
				// On its turn a player is making its move: another key
				// would answer a question the move asked (101's "x
				// again discards it anyway").
			case p.chatEvery > 0 && keys%p.chatEvery == 0:
				c.press("m")
				c.press(fmt.Sprintf("hello from %s %d", c.name, keys), "enter")
				st.chat()
			case keys%3 == 0:
				// Every third key moves the cursor, whatever else is
				// waiting: a player does, and the step reports it.
				c.press([]string{"left", "right"}[rng.IntN(2)])
				st.cursor()
			case pend == nil && !between && !turn && !(rackSorted(scr, sortedColour) && rackSorted(scr, sortedValue)):
				// A sort the rack is not in yet: its order on screen (or
				// its words on the status line, should a table's news
				// not have replaced them in the same frame) is what only
				// this key brings.
				want, key := sortedColour, "c"
				if rackSorted(scr, sortedColour) {
					want, key = sortedValue, "v"
				}
				pend = &pendingKey{at: time.Now(), want: want}
				c.press(key)
			default:
				c.press([]string{"left", "right"}[rng.IntN(2)])
				st.cursor()
			}
		}
		wake := nextKey
		if t := still.Add(stallAfter); p.daily && !turn && pend == nil && t.Before(wake) {
			wake = t
		}
		for _, t := range []time.Time{moveAt, readyAt} {
			if !t.IsZero() && t.Before(wake) {
				wake = t
			}
		}
		if pend != nil {
			limit := pend.at.Add(p.answer)
			if pend.move {
				limit = pend.at.Add(moveRetry)
			}
			if limit.Before(wake) {
				wake = limit
			}
		}
		timer.Reset(max(time.Millisecond, time.Until(wake)))
		select {
		case <-ctx.Done():
			return
		case <-c.done:
			return
		case <-c.term.Changed():
		case <-timer.C:
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
	}
}

// move makes the player's move on its turn: finish when the hand wins,
// draw when the turn starts with one, else discard the tile under the
// cursor. The key is timed until its marker leaves the screen.
func (c *client) move(scr string, sh *seatShared, pend **pendingKey) bool {
	key, gone := "x", markMyTurn
	switch {
	case strings.Contains(scr, markWin):
		key = "f"
	case strings.Contains(scr, markDraw):
		key, gone = "d", markDraw
	case strings.Contains(scr, markEndTurn):
		key, gone = "d", markEndTurn
	}
	keys := []string{key}
	if key == "x" {
		// A discard is of the tile under the cursor: onto one first.
		keys = append(toTile(strings.Split(scr, "\n")), key)
	}
	now := time.Now()
	if c.press(keys...) != nil {
		return false
	}
	if gone == markMyTurn && sh != nil {
		sh.moved(now)
	}
	*pend = &pendingKey{at: now, gone: gone, move: true, first: now}
	return true
}

// toTile is the keys that bring the rack's cursor onto the nearest tile
// (of its row; of the other row, up or down first, when its row holds
// none: a rack of fifteen fills the top row), read from the screen's
// lines (none when it is on one, or the rack cannot be read). The rack
// is a box whose rows are slots five columns wide; the cursor's slot is
// drawn with double lines.
func toTile(lines []string) []string {
	at := -1
	for i, l := range lines {
		if strings.Contains(l, "╭─ your rack") || strings.Contains(l, "╭─ ") && strings.Contains(l, " tiles · ") {
			at = i
			break
		}
	}
	if at < 0 || at+6 >= len(lines) {
		return nil
	}
	x0 := strings.Index(lines[at], "╭")
	x0 = len([]rune(lines[at][:x0])) + 1
	var tiles [2][]int
	row, cursor := -1, -1
	for r, mid := range []int{at + 2, at + 5} {
		cells := []rune(lines[mid])
		for s := 0; x0+5*s+4 < len(cells); s++ {
			cell := cells[x0+5*s : x0+5*s+5]
			if strings.TrimSpace(string(cell[1:4])) != "" {
				tiles[r] = append(tiles[r], s)
			}
			if cell[0] == '║' {
				row, cursor = r, s
			}
		}
	}
	if cursor < 0 || slices.Contains(tiles[row], cursor) {
		return nil
	}
	var out []string
	if len(tiles[row]) == 0 {
		other := 1 - row
		if len(tiles[other]) == 0 {
			return nil
		}
		out = append(out, map[int]string{0: "up", 1: "down"}[other])
		row = other
	}
	best := tiles[row][0]
	for _, t := range tiles[row] {
		if abs(t-cursor) < abs(best-cursor) {
			best = t
		}
	}
	key := "right"
	if best < cursor {
		key = "left"
	}
	for range abs(best - cursor) {
		out = append(out, key)
	}
	return out
}

func abs(n int) int { return max(n, -n) }

// rackGroups reads the faces of the tiles in the rack on a screen, row
// by row in reading order (an okey reads OK, a false joker J), in the
// groups an empty slot or a row's end parts; ok is false when no rack
// is on screen.
func rackGroups(lines []string) (groups [][]string, ok bool) {
	at := -1
	for i, l := range lines {
		if strings.Contains(l, "╭─ your rack") || strings.Contains(l, "╭─ ") && strings.Contains(l, " tiles · ") {
			at = i
			break
		}
	}
	if at < 0 || at+6 >= len(lines) {
		return nil, false
	}
	x0 := strings.Index(lines[at], "╭")
	x0 = len([]rune(lines[at][:x0])) + 1
	for _, mid := range []int{at + 2, at + 5} {
		row := []rune(lines[mid])
		var g []string
		for s := 0; x0+5*s+4 < len(row); s++ {
			if f := strings.TrimSpace(string(row[x0+5*s+1 : x0+5*s+4])); f != "" {
				g = append(g, f)
			} else if len(g) > 0 {
				groups, g = append(groups, g), nil
			}
		}
		if len(g) > 0 {
			groups = append(groups, g)
		}
	}
	return groups, true
}

// rackSorted reports whether the rack on screen is in the order of a
// sort: by value (values rising in reading order, or, as a 101 table
// lays a sort out, groups of one value each, an empty slot between two,
// the longest first in the first row with room), or by colour (each
// colour in one run, values rising in it). Okeys and false jokers, which
// a sort may put anywhere, are left out. (Read as value order only when
// rising, 101's sort by value went unrecognised, and its key counted
// lost: 25 of an arena run's 26 keys lost, the status line that would
// say "Sorted by value." showing the tournament's note.)
func rackSorted(scr, by string) bool {
	groups, ok := rackGroups(strings.Split(scr, "\n"))
	if !ok || len(groups) == 0 {
		return false
	}
	type tl struct {
		colour byte
		value  int
	}
	read := func(faces []string) []tl {
		var ts []tl
		for _, f := range faces {
			if len(f) < 2 || !strings.ContainsRune("RYBK", rune(f[0])) {
				continue
			}
			v, err := strconv.Atoi(f[1:])
			if err != nil {
				continue
			}
			ts = append(ts, tl{f[0], v})
		}
		return ts
	}
	if by == sortedValue && len(groups) > 1 && !slices.ContainsFunc(groups, func(g []string) bool {
		ts := read(g)
		return slices.ContainsFunc(ts, func(t tl) bool { return t.value != ts[0].value })
	}) {
		return true
	}
	ts := read(slices.Concat(groups...))
	seen := map[byte]bool{}
	for i := 1; i < len(ts); i++ {
		a, b := ts[i-1], ts[i]
		switch by {
		case sortedValue:
			if b.value < a.value {
				return false
			}
		default:
			if b.colour != a.colour {
				if seen[b.colour] {
					return false
				}
				seen[a.colour] = true
			} else if b.value < a.value {
				return false
			}
		}
	}
	return true
}

// stats collects a step's timings from every player.
type stats struct {
	mu                            sync.Mutex
	keys, moves, reach            []time.Duration
	keysLost, movesLost, overtook int
	cursors, chats                int
	// keysHeld and movesHeld are the keys and moves held while their
	// table moved to another node and answered once it was back, past
	// the answer's wait: how long each waited.
	keysHeld, movesHeld []time.Duration
	// The daily's players (daily.go): days begun and done, the board's
	// times, boards lost; and what connections replaced since the play
	// began were sent (bytes, writes).
	daysBegun, daysDone, boardsLost int
	dailyStalled                    int
	redialed                        int
	boards                          []time.Duration
	retiredBytes, retiredWrites     int
	retiredWire                     int
	// A tournament's players (tourney.go): the pairing's delays (a
	// match's end seen to the next table's hand on screen), players
	// joined, matches seen over (by each of their players), connections
	// dialled again, screens that stood still.
	pairing                                     []time.Duration
	tJoined, tAsked, tEnds, tRedialed, tStalled int
	// pairingIn are the pairing's delays by the player's match they led
	// to (a Swiss's round: the second match's are round 2's); back the
	// times from a player's connection found ended (its node killed) to
	// its table's hand on the screen of the connection dialled again.
	pairingIn map[int][]time.Duration
	back      []time.Duration
	// enough is closed once untilDays boards were opened (Config's
	// UntilDays), or (untilEach) once each thing was done (UntilEach;
	// chats counted when wantChat).
	untilDays           int
	untilEach, wantChat bool
	enough              chan struct{}
}

func (s *stats) addBoard(d time.Duration) {
	s.mu.Lock()
	s.boards = append(s.boards, d)
	s.boarded()
	s.mu.Unlock()
}

// boarded closes enough once the boards opened (or lost) reach
// untilDays; s.mu is held.
func (s *stats) boarded() {
	if s.untilDays > 0 && len(s.boards)+s.boardsLost >= s.untilDays && s.enough != nil {
		close(s.enough)
		s.enough = nil
	}
}

// each closes enough (untilEach) once a key and a move were answered,
// a turn reached, a cursor moved and a chat line said (if wanted);
// s.mu is held.
func (s *stats) each() {
	if s.untilEach && s.enough != nil && len(s.keys) > 0 && len(s.moves) > 0 && len(s.reach) > 0 && s.cursors > 0 && (s.chats > 0 || !s.wantChat) {
		close(s.enough)
		s.enough = nil
	}
}

func (s *stats) addKey(d time.Duration) {
	s.mu.Lock()
	s.keys = append(s.keys, d)
	s.each()
	s.mu.Unlock()
}

func (s *stats) addMove(d time.Duration) {
	s.mu.Lock()
	s.moves = append(s.moves, d)
	s.each()
	s.mu.Unlock()
}

// answeredKey takes in a sort's answer after d: a key's latency, or, late
// (held while its table moved, answered past the answer's wait), a held
// key's, kept apart so that a takeover's seconds are neither a lost key
// nor the keys' latency.
func (s *stats) answeredKey(d time.Duration, late bool) {
	if !late {
		s.addKey(d)
		return
	}
	s.mu.Lock()
	s.keysHeld = append(s.keysHeld, d)
	s.mu.Unlock()
}

// answeredMove is answeredKey for a move: d from its last press, since
// the first press (its wait as a held key).
func (s *stats) answeredMove(d, since time.Duration, late bool) {
	if !late {
		s.addMove(d)
		return
	}
	s.mu.Lock()
	s.movesHeld = append(s.movesHeld, since)
	s.mu.Unlock()
}

// addPairing notes a pairing's delay to the player's match number
// match (1: their first).
func (s *stats) addPairing(d time.Duration, match int) {
	s.mu.Lock()
	s.pairing = append(s.pairing, d)
	if s.pairingIn == nil {
		s.pairingIn = map[int][]time.Duration{}
	}
	s.pairingIn[match] = append(s.pairingIn[match], d)
	s.mu.Unlock()
}

func (s *stats) addBack(d time.Duration) {
	s.mu.Lock()
	s.back = append(s.back, d)
	s.mu.Unlock()
}

func (s *stats) addReach(d time.Duration) {
	s.mu.Lock()
	s.reach = append(s.reach, d)
	s.each()
	s.mu.Unlock()
}

func (s *stats) count(n *int) {
	s.mu.Lock()
	*n++
	s.each()
	s.mu.Unlock()
}

func (s *stats) lostKey() { s.count(&s.keysLost) }

func (s *stats) lostMove() { s.count(&s.movesLost) }

func (s *stats) superseded() { s.count(&s.overtook) }

func (s *stats) cursor() { s.count(&s.cursors) }

func (s *stats) chat() { s.count(&s.chats) }

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// Markers of a table's screen: its hand under way (classic's and 101's
// headers), and its match over.
var (
	handRe      = regexp.MustCompile(`Hand \d+ ·|hand \d+ of \d+`)
	matchOverRe = regexp.MustCompile(`the final table|The lowest total wins|The match is over|This match is over|won the match|You share the win|You won the match|You lost the match|You tied`)
)

// newKey is a player's key of its own.
func newKey() (ed25519.PrivateKey, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	return priv, err
}

// countedConn counts the bytes read from the network: what a
// connection costs on the wire, framing and all.
type countedConn struct {
	net.Conn
	n *atomic.Int64
}

func (c countedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.n.Add(int64(n))
	return n, err
}
