package loadgen

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"regexp"
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

// opensshCiphers is OpenSSH's client's order of preference among the
// ciphers both sides know: the cipher is the client's first choice,
// and its packets' padding is part of the bytes a player is sent, so
// the load's sessions pay what an OpenSSH player's do (Go's own order
// puts AES-GCM first, whose padding to 16 bytes costs about 4 bytes a
// frame more than ChaCha20-Poly1305's to 8).
func opensshCiphers() []string {
	return []string{gossh.CipherChaCha20Poly1305, gossh.CipherAES128CTR, gossh.CipherAES192CTR, gossh.CipherAES256CTR, gossh.CipherAES128GCM, gossh.CipherAES256GCM}
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
		Config: gossh.Config{Ciphers: opensshCiphers()},
	})
	if err != nil {
		raw.Close()
		return nil, fmt.Errorf("handshake: %w", err)
	}
	raw.SetDeadline(time.Time{})
	conn := gossh.NewClient(cc, chans, reqs)
	sess, err := newSession(ctx, conn)
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

// sessionWait bounds how long a new session's channel may go unanswered.
const sessionWait = 20 * time.Second

// newSession opens conn's session, given up after sessionWait or with
// ctx: x/crypto/ssh can leave the request waiting for ever when the
// connection closes at that moment (a channel registered after the
// closed connection dropped them all). The waiting goroutine is then
// left behind, a rare leak rather than a load run that never ends.
func newSession(ctx context.Context, conn *gossh.Client) (*gossh.Session, error) {
	type opened struct {
		s   *gossh.Session
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		s, err := conn.NewSession()
		ch <- opened{s, err}
	}()
	t := time.NewTimer(sessionWait)
	defer t.Stop()
	select {
	case o := <-ch:
		return o.s, o.err
	case <-t.C:
		return nil, fmt.Errorf("no answer in %v", sessionWait)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
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
// within the store's pause when it stands still, which on a starved
// machine can pass 10 s.
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
	// markDrawTap and markEndTap are the same on a terminal standing
	// up, whose words name taps (the keys still work).
	markDrawTap  = "tap: draw"
	markEndTap   = "tap: end"
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
	handRe      = regexp.MustCompile(`Hand \d+ ·|OKEY  Hand \d+ |hand \d+ of \d+`)
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
