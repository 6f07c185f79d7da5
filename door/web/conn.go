package web

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"okey/kit/safetext"
)

// Conn is one browser's terminal, as the server's session sees a
// connection: a net.Conn whose reads are what the player typed (each
// message from the page whole, as it came) and whose writes are frames
// of the screen, with the window's size beside it. The page speaks two
// kinds of message: binary ones are bytes typed, text ones the
// terminal's size as JSON ({"cols":C,"rows":R}).
type Conn struct {
	ws            *websocket.Conn
	ctx           context.Context
	cancel        context.CancelFunc
	remote, local net.Addr

	// Name and Lang are what the page asked for: the name shown at
	// the table (as an SSH user name is: the server cleans it) and the
	// language ("en", "tr"; before the hello, and if it names none,
	// the browser's).
	Name, Lang string
	// W and H are the terminal's size when it connected (0: unknown).
	W, H int
	// Token is what the server gave this page before (SetToken), as
	// the page gives it back: the server's to read ("": none).
	Token string
	// Link is the cookie of a linked browser, as it came ("": none):
	// the server's to read, never to be logged.
	Link string

	// held stands for the socket in the server's count (Config.Admit).
	held net.Conn
	// tooBig notes a message over the cap (1009), once in a while.
	tooBig func()

	in      chan []byte
	pending []byte
	sizes   chan Size

	// last is when something was last read or written (Unix
	// nanoseconds), for the idle cut.
	last atomic.Int64
	idle time.Duration
	// tmu guards the timers: they fire on goroutines of their own.
	tmu   sync.Mutex
	timer *time.Timer
	max   *time.Timer

	closeOnce sync.Once
}

// Size is a terminal's size in cells.
type Size struct{ Cols, Rows int }

// A connection's end, as the page reads it (the WebSocket's close
// codes): whether it should connect again by itself.
const (
	// Goodbye: the session ended on purpose (the player left, was
	// replaced, cut for idleness): the page waits for the player.
	Goodbye = websocket.StatusNormalClosure
	// Restarting: the server is stopping, the table saved: the page
	// connects again, to this node or another, after a while.
	Restarting = websocket.StatusCode(1012)
	// TryLater: the server is full, or the address over its share: the
	// page tries again after a while.
	TryLater = websocket.StatusTryAgainLater
	// Unlinked: the browser's link was revoked: the page drops its
	// cookie (POST /unlink) and connects again at once, as a guest.
	Unlinked = websocket.StatusCode(4001)
)

// hello is what the page says first, as a text message: the
// terminal's size, the name and language asked for, and the token the
// server gave it before (Conn.Token), if any.
type hello struct {
	Cols, Rows        int
	Name, Lang, Token string
}

// helloWait is how long the door waits for a page's hello when it has
// no handshake timeout of its own (Config.HandshakeTimeout).
const helloWait = 10 * time.Second

// errNoHello: the page's first message is not its hello.
var errNoHello = errors.New("the page's first message is not its hello")

// awaitHello reads the page's first message: its hello, or an error (a
// page that says something else, or nothing within wait). A socket
// without its hello is closed with its documented code (1008): the
// read is not cut by a deadline of its own, which would close the
// socket with no code at all.
func (c *Conn) awaitHello(wait time.Duration) (hello, error) {
	var h hello
	late := time.AfterFunc(wait, func() { c.CloseWith(websocket.StatusPolicyViolation, "no hello") })
	typ, b, err := c.ws.Read(context.Background())
	if !late.Stop() {
		return h, errors.New("no hello in time")
	}
	if err != nil {
		c.noteTooBig(err)
		c.CloseWith(websocket.StatusPolicyViolation, "no hello")
		return h, err
	}
	if typ != websocket.MessageText || json.Unmarshal(b, &h) != nil {
		c.CloseWith(websocket.StatusPolicyViolation, "no hello")
		return h, errNoHello
	}
	return h, nil
}

// noteTooBig notes a read that ended on a message over the cap.
func (c *Conn) noteTooBig(err error) {
	if c.tooBig != nil && errors.Is(err, websocket.ErrMessageTooBig) {
		c.tooBig()
	}
}

// maxNameBytes caps the name a page asks for as it arrives (the server
// cuts it again, as it does an SSH user name).
const maxNameBytes = 256

// maxTokenBytes caps the token a page gives back: the server's are far
// shorter.
const maxTokenBytes = 512

// maxCells caps a size a page says (the server caps the terminal again,
// to its --max-width and --max-height).
const maxCells = 1000

// newConn is a socket's connection before its hello: its addresses
// known, nothing read yet.
func newConn(ws *websocket.Conn, remote, local net.Addr) *Conn {
	ctx, cancel := context.WithCancel(context.Background())
	c := &Conn{
		ws: ws, ctx: ctx, cancel: cancel, remote: remote, local: local,
		in: make(chan []byte), sizes: make(chan Size, 1),
	}
	if c.local == nil {
		c.local = &net.TCPAddr{}
	}
	return c
}

// start takes the page's hello and starts reading the socket: the
// player's bytes for Read, the sizes for Sizes. The connection closes
// when the socket does, after idle with nothing read or written, or at
// most after max.
func (c *Conn) start(h hello, idle, max time.Duration) {
	c.Name = safetext.CutBytes(h.Name, maxNameBytes)
	if l := langOf(h.Lang); l != "" {
		c.Lang = l
	}
	c.W, c.H, c.Token = cells(h.Cols), cells(h.Rows), safetext.CutBytes(h.Token, maxTokenBytes)
	c.idle = idle
	c.touch()
	c.tmu.Lock()
	if idle > 0 {
		c.timer = time.AfterFunc(idle, c.checkIdle)
	}
	if max > 0 {
		c.max = time.AfterFunc(max, func() { c.CloseWith(Goodbye, "") })
	}
	c.tmu.Unlock()
	go c.read()
}

// Held is what stands for the socket in the server's count, as
// Config.Admit answered (nil: none). Closing it uncounts the socket.
func (c *Conn) Held() net.Conn { return c.held }

// read takes the page's messages until the socket ends: typed bytes to
// Read, sizes to Sizes (the latest kept). A message over the cap has
// closed the socket by then.
func (c *Conn) read() {
	defer close(c.sizes)
	defer close(c.in)
	defer c.cancel()
	for {
		// Not c.ctx: a read whose context ends closes the socket at
		// once, and a close (CloseWith) must reach the page with its
		// code. The read ends when the socket does.
		typ, b, err := c.ws.Read(context.Background())
		if err != nil {
			c.noteTooBig(err)
			return
		}
		c.touch()
		switch typ {
		case websocket.MessageBinary:
			if len(b) == 0 {
				continue
			}
			select {
			case c.in <- b:
			case <-c.ctx.Done():
				return
			}
		case websocket.MessageText:
			var s struct{ Cols, Rows int }
			if json.Unmarshal(b, &s) != nil || s.Cols <= 0 || s.Rows <= 0 {
				continue // not a size: nothing else is said this way
			}
			select {
			case <-c.sizes:
			default:
			}
			c.sizes <- Size{min(s.Cols, maxCells), min(s.Rows, maxCells)}
		}
	}
}

// Sizes are the terminal's sizes as the page says them, the latest
// kept while the server has not taken it; closed when the socket ends.
func (c *Conn) Sizes() <-chan Size { return c.sizes }

// Context ends when the connection does.
func (c *Conn) Context() context.Context { return c.ctx }

// Read is what the player typed: one message, or the rest of one.
func (c *Conn) Read(p []byte) (int, error) {
	if len(c.pending) == 0 {
		b, ok := <-c.in
		if !ok {
			return 0, io.EOF
		}
		c.pending = b
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

// Write sends p to the page's terminal, as one message. It waits while
// the browser does not read (the socket's flow control), until the
// connection ends.
func (c *Conn) Write(p []byte) (int, error) {
	if err := c.ws.Write(c.ctx, websocket.MessageBinary, p); err != nil {
		return 0, err
	}
	c.touch()
	return len(p), nil
}

// SetToken gives the page a token to give back when it connects again
// (Token): the page keeps it for its tab's life, out of any other
// site's reach.
func (c *Conn) SetToken(token string) error {
	b, err := json.Marshal(struct {
		Token string `json:"token"`
	}{token})
	if err != nil {
		return err
	}
	return c.ws.Write(c.ctx, websocket.MessageText, b)
}

// Unlink tells the page its link is no more (revoked, or not this
// server's): the page drops its cookie (POST /unlink) and plays on.
func (c *Conn) Unlink() error {
	return c.ws.Write(c.ctx, websocket.MessageText, []byte(`{"unlinked":true}`))
}

// Relink tells the page its link's cookie is to be renewed (POST
// /relink): the link is kept, but the cookie was made before a change of
// the cluster's secret, and would be refused once it is over.
func (c *Conn) Relink() error {
	return c.ws.Write(c.ctx, websocket.MessageText, []byte(`{"relink":true}`))
}

// Ping asks the browser to answer, and reports whether it did before
// ctx ended: a live page does at once, a dead connection never.
func (c *Conn) Ping(ctx context.Context) error { return c.ws.Ping(ctx) }

// Close ends the connection as a goodbye.
func (c *Conn) Close() error {
	c.CloseWith(Goodbye, "")
	return nil
}

// CloseWith ends the connection with code and a reason the page may
// show (cut to what a close frame holds); the first close decides.
func (c *Conn) CloseWith(code websocket.StatusCode, reason string) {
	c.closeOnce.Do(func() {
		c.tmu.Lock()
		if c.timer != nil {
			c.timer.Stop()
		}
		if c.max != nil {
			c.max.Stop()
		}
		c.tmu.Unlock()
		// The close handshake waits for the browser at most a moment;
		// one that stopped reading is cut. The connection's context
		// ends once the close frame is out: a write of the session's
		// cut short by it closes the socket with no frame, and the
		// page would not know why (a revoked link read as a lost
		// connection).
		go func() {
			defer c.cancel()
			if err := c.ws.Close(code, safetext.CutBytes(reason, maxReason)); err != nil {
				c.ws.CloseNow()
			}
		}()
	})
}

// maxReason is what a close frame's reason may hold, in bytes.
const maxReason = 123

// RemoteAddr is the client's address (the one a trusted proxy named).
func (c *Conn) RemoteAddr() net.Addr { return c.remote }

// LocalAddr is the door's address the client reached.
func (c *Conn) LocalAddr() net.Addr { return c.local }

// errNoDeadline: a Conn's deadlines are its own (the idle cut).
var errNoDeadline = errors.New("web: a browser's connection keeps its own deadlines")

// SetDeadline is not supported: the connection has its idle cut.
func (c *Conn) SetDeadline(time.Time) error { return errNoDeadline }

// SetReadDeadline is not supported: the connection has its idle cut.
func (c *Conn) SetReadDeadline(time.Time) error { return errNoDeadline }

// SetWriteDeadline is not supported: the connection has its idle cut.
func (c *Conn) SetWriteDeadline(time.Time) error { return errNoDeadline }

func (c *Conn) touch() { c.last.Store(time.Now().UnixNano()) }

// checkIdle closes a connection idle for its whole idle time, or looks
// again when it could be.
func (c *Conn) checkIdle() {
	left := c.idle - time.Since(time.Unix(0, c.last.Load()))
	if left <= 0 {
		c.CloseWith(Goodbye, "idle")
		return
	}
	c.tmu.Lock()
	c.timer.Reset(left)
	c.tmu.Unlock()
}

// cells is a size a page said (0: none or nonsense).
func cells(n int) int {
	if n <= 0 {
		return 0
	}
	return min(n, maxCells)
}
