package door

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// The tests run a server in process on 127.0.0.1 and connect to it with
// golang.org/x/crypto/ssh clients that ask for a terminal and read the
// screen back through term.

// testServer starts a server with quick bots and no turn timer (tests
// that want one set it), on a free port.
func testServer(t testing.TB, tweak ...func(*Config)) (*Server, string) {
	t.Helper()
	return startServer(t, testConfig(t, tweak...))
}

// testConfig is a test server's configuration: a state directory and a
// host key of the test's own, fast bots, no timer, and every command a
// session's driver cannot run an error of the test.
func testConfig(t testing.TB, tweak ...func(*Config)) Config {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Addr = "127.0.0.1:0"
	cfg.StateDir = t.TempDir()
	cfg.HostKey = filepath.Join(t.TempDir(), "hostkey", "key")
	cfg.BotDelay = 5 * time.Millisecond
	cfg.DefaultTimer = 0
	cfg.ConnPerMinute = 0 // many clients from 127.0.0.1; share_test.go tests the rate
	cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg.seatSettle = -1 // keys are pressed the moment a screen comes
	// A command of Bubble Tea's that a session's driver cannot run is
	// an error of every test (checked once the server has stopped).
	var strange sync.Map
	cfg.onStrange = func(msg any) { strange.Store(fmt.Sprintf("%T", msg), true) }
	t.Cleanup(func() {
		strange.Range(func(k, _ any) bool {
			t.Errorf("a session's driver could not run a command: %v", k)
			return true
		})
	})
	for _, f := range tweak {
		f(&cfg)
	}
	return cfg
}

func startServer(t testing.TB, cfg Config) (*Server, string) {
	t.Helper()
	srv, rerr, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rerr != nil {
		t.Fatalf("restoring: %v", rerr)
	}
	return srv, serveLocal(t, srv)
}

// serveLocal serves srv on a port of 127.0.0.1 until the test ends, and
// returns its address.
func serveLocal(t testing.TB, srv *Server) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(l)
	awaitServing(t, srv)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	})
	return l.Addr().String()
}

// awaitServing waits until srv has begun to serve. Until Serve has
// begun, Shutdown cannot know it will: a test ending at once must not
// shut down a server still starting.
func awaitServing(t testing.TB, srv *Server) {
	t.Helper()
	select {
	case <-srv.serving:
	case <-time.After(time.Minute):
		t.Fatal("the server never began to serve")
	}
}

// newKey is a player's SSH key.
func newKey(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// client is one player's SSH connection with a terminal.
type client struct {
	t    testing.TB
	name string
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser
	term *term
	// stall stops the client reading its connection, as ssh stopped
	// with kill -STOP would: the server's writes back up.
	stall *atomic.Bool
	// parked is set once a read waits on stall: from then on the client
	// answers nothing (a read begun before the stall may still deliver).
	parked *atomic.Bool
	done   chan struct{}
	// local is the client's address, as the server sees it.
	local string
	// out collects what a session without a terminal was told.
	out bytes.Buffer
	// got counts the bytes received.
	got atomic.Int64
}

// received is the number of bytes the client has been sent.
func (c *client) received() int64 { return c.got.Load() }

// dialOpts are how a client connects.
type dialOpts struct {
	key    gossh.Signer // nil: a guest
	w, h   int
	noPty  bool
	frames func(lines []string)
	// termType is the TERM asked for; "" is vt100.
	termType string
	// smallBuffer makes the client's socket buffer small.
	smallBuffer bool
	// from is the local address to connect from ("" any): 127.0.0.x
	// addresses play clients from different places.
	from string
	// env is sent before the shell (NAME=value: LANG, say).
	env []string
}

func dial(t testing.TB, addr, user string, o dialOpts) *client {
	t.Helper()
	c, err := tryDial(t, addr, user, o)
	if err != nil {
		t.Fatalf("%s: %v", user, err)
	}
	return c
}

func tryDial(t testing.TB, addr, user string, o dialOpts) (*client, error) {
	auth := []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
		return nil, nil
	})}
	if o.key != nil {
		auth = []gossh.AuthMethod{gossh.PublicKeys(o.key)}
	}
	d := net.Dialer{Timeout: 10 * time.Second}
	if o.from != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(o.from)}
	}
	raw, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	if tc, ok := raw.(*net.TCPConn); ok && o.smallBuffer {
		tc.SetReadBuffer(4 << 10)
	}
	stalled := &stallConn{Conn: raw}
	cc, chans, reqs, err := gossh.NewClientConn(stalled, addr, &gossh.ClientConfig{
		User: user, Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second,
	})
	if err != nil {
		raw.Close()
		return nil, err
	}
	conn := gossh.NewClient(cc, chans, reqs)
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		return nil, err
	}
	if o.w == 0 {
		o.w, o.h = 100, 30
	}
	c := &client{t: t, name: user, conn: conn, sess: sess, term: newTerm(o.w, o.h), done: make(chan struct{}), local: raw.LocalAddr().String()}
	c.stall, c.parked = &stalled.stall, &stalled.parked
	c.term.OnFrame(o.frames)
	if !o.noPty {
		if o.termType == "" {
			o.termType = "vt100"
		}
		if err := sess.RequestPty(o.termType, o.h, o.w, gossh.TerminalModes{}); err != nil {
			conn.Close()
			return nil, err
		}
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
	for _, kv := range o.env {
		name, value, _ := strings.Cut(kv, "=")
		if err := sess.Setenv(name, value); err != nil {
			conn.Close()
			return nil, err
		}
	}
	if err := sess.Shell(); err != nil {
		conn.Close()
		return nil, err
	}
	go c.read(out, o.noPty)
	t.Cleanup(c.close)
	return c, nil
}

// stallConn reads nothing while stall is set.
type stallConn struct {
	net.Conn
	stall, parked atomic.Bool
}

func (s *stallConn) Read(p []byte) (int, error) {
	for s.stall.Load() {
		s.parked.Store(true)
		time.Sleep(5 * time.Millisecond)
	}
	s.parked.Store(false)
	return s.Conn.Read(p)
}

// read feeds the terminal.
func (c *client) read(r io.Reader, raw bool) {
	defer close(c.done)
	buf := make([]byte, 32*1024)
	for {
		n, err := r.Read(buf)
		c.got.Add(int64(n))
		if n > 0 {
			if raw {
				c.term.Locked(func() { c.out.Write(buf[:n]) })
			} else {
				c.term.Write(buf[:n])
			}
		}
		if err != nil {
			return
		}
	}
}

func (c *client) close() {
	c.sess.Close()
	c.conn.Close()
}

// keyBytes are the bytes a terminal sends for a key.
var keyBytes = map[string]string{
	"enter": "\r", "esc": "\x1b", "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
	"backspace": "\x7f", "space": " ",
}

// press types keys (names from keyBytes, or text).
func (c *client) press(keys ...string) {
	c.t.Helper()
	for _, k := range keys {
		b, ok := keyBytes[k]
		if !ok {
			b = k
		}
		if _, err := io.WriteString(c.in, b); err != nil {
			c.t.Fatalf("%s: typing %q: %v", c.name, k, err)
		}
		if k == "esc" {
			time.Sleep(60 * time.Millisecond) // an escape alone, not a sequence's start
		}
	}
}

// await waits until ok holds for the screen, or within has passed; it
// wakes at every write to the terminal.
func (c *client) await(within time.Duration, ok func(screen string) bool) (string, bool) {
	timer := time.NewTimer(within)
	defer timer.Stop()
	for {
		scr := c.term.String()
		if ok(scr) {
			return scr, true
		}
		select {
		case <-c.term.Changed():
		case <-timer.C:
			scr := c.term.String()
			return scr, ok(scr)
		}
	}
}

// patience is the least a test waits for what must happen (waitUntil).
const patience = time.Minute

// waitFor waits until the screen shows s.
func (c *client) waitFor(s string, within time.Duration) string {
	c.t.Helper()
	return c.waitUntil(fmt.Sprintf("showing %q", s), within, func(scr string) bool { return strings.Contains(scr, s) })
}

// waitUntil waits until ok holds for the screen. It waits a minute at
// least, whatever within says: a screen that must come comes at once
// on a quiet machine, and a loaded one must not fail the test for
// being slow. A test whose point is how soon uses await and measures.
func (c *client) waitUntil(what string, within time.Duration, ok func(screen string) bool) string {
	c.t.Helper()
	within = max(within, patience)
	scr, done := c.await(within, ok)
	if !done {
		c.t.Fatalf("%s: not %s after %v:\n%s", c.name, what, within, scr)
	}
	return scr
}

// rackTiles reads the tiles in the rack on a screen (classic's or
// 101's): the okey (which reads OK, its face on the top edge) and false
// jokers (J on the edge) by what they are. ok is false when no rack is
// on screen.
func rackTiles(lines []string) (tiles []string, ok bool) {
	at := -1
	for i, l := range lines {
		if strings.Contains(l, "╭─ your rack") || strings.Contains(l, "╭─ holding") || strings.Contains(l, "╭─ watching") ||
			strings.Contains(l, "╭─ ") && strings.Contains(l, " tiles · ") { // 101's rack says whose, how many
			at = i
			break
		}
	}
	if at < 0 || at+6 >= len(lines) {
		return nil, false
	}
	x0 := strings.Index(lines[at], "╭")
	col := func(line string) []rune {
		r := []rune(line)
		start := len([]rune(line[:x0])) + 1
		if start >= len(r) {
			return nil
		}
		return r[start:]
	}
	for _, row := range []int{at + 1, at + 4} {
		top, mid := col(lines[row]), col(lines[row+1])
		for s := 0; (s+1)*5 <= len(mid); s++ {
			face := strings.TrimSpace(string(mid[s*5+1 : s*5+4]))
			edge := ""
			if (s+1)*5 <= len(top) {
				edge = strings.Trim(string(top[s*5+1:s*5+4]), "─═ ")
			}
			switch {
			case face == "OK" && tileRe.MatchString(edge):
				tiles = append(tiles, edge)
			case tileRe.MatchString(face) && edge == "J":
				tiles = append(tiles, "J")
			case tileRe.MatchString(face):
				tiles = append(tiles, face)
			}
		}
	}
	return tiles, true
}

var tileRe = regexp.MustCompile(`^[RYBK]\d{1,2}$`)

// frameLog keeps what a client's racks showed, frame by frame.
type frameLog struct {
	mu    sync.Mutex
	seen  map[string]bool // tiles seen in the rack
	racks int             // frames with a rack
	hands map[int]bool    // hands whose table was on screen
}

func newFrameLog() *frameLog { return &frameLog{seen: map[string]bool{}, hands: map[int]bool{}} }

var handRe = regexp.MustCompile(`Hand (\d+) ·`)

func (f *frameLog) frame(lines []string) {
	tiles, ok := rackTiles(lines)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.racks++
	for _, t := range tiles {
		f.seen[t] = true
	}
	if len(lines) > 0 {
		if m := handRe.FindStringSubmatch(lines[0]); m != nil {
			f.hands[atoi(m[1])] = true
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}
