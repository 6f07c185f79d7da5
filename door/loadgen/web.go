package loadgen

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"okey/kit/vt"
)

// A player through the browser door (okey serve --web): the page's
// WebSocket, spoken as the page speaks it (door/web's Conn) — its
// hello with the terminal's size and the name, then the keys as binary
// messages, and the screen's bytes back — read into the same terminal
// and played by the same script as a player over SSH.

// webDial connects a player named user to the browser door at addr
// with a terminal of w×h, as a page of the door's own origin does.
func webDial(ctx context.Context, addr, user string, w, h int) (*client, error) {
	wire := new(atomic.Int64)
	tr := &http.Transport{DialContext: func(ctx context.Context, network, a string) (net.Conn, error) {
		c, err := (&net.Dialer{Timeout: 10 * time.Second}).DialContext(ctx, network, a)
		if err != nil {
			return nil, err
		}
		return countedConn{c, wire}, nil
	}}
	dctx, cancel := context.WithTimeout(ctx, 20*time.Second) // the handshake's
	defer cancel()
	ws, _, err := websocket.Dial(dctx, "ws://"+addr+"/ws", &websocket.DialOptions{
		HTTPClient: &http.Client{Transport: tr}, HTTPHeader: http.Header{"Origin": {"http://" + addr}},
	})
	if err != nil {
		return nil, fmt.Errorf("websocket: %w", err)
	}
	ws.SetReadLimit(maxWebMessage)
	hello, err := json.Marshal(map[string]any{"cols": w, "rows": h, "name": user, "lang": "en"})
	if err == nil {
		err = ws.Write(dctx, websocket.MessageText, hello)
	}
	if err != nil {
		ws.CloseNow()
		return nil, fmt.Errorf("hello: %w", err)
	}
	c := &client{name: user, in: webKeys{ws}, ws: ws, wire: wire, term: vt.New(w, h), done: make(chan struct{})}
	go c.readWeb()
	return c, nil
}

// maxWebMessage caps a message from the server: a frame drawn whole
// is a few kilobytes.
const maxWebMessage = 1 << 20

// readWeb feeds the terminal the screen's messages until the socket
// ends; the page's token (a text message) is not kept.
func (c *client) readWeb() {
	defer close(c.done)
	for {
		typ, b, err := c.ws.Read(context.Background())
		if err != nil {
			return
		}
		if typ == websocket.MessageBinary {
			c.term.Write(b)
		}
	}
}

// webKeys sends what a player types as the page does: a binary message
// a write.
type webKeys struct{ ws *websocket.Conn }

func (k webKeys) Write(p []byte) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := k.ws.Write(ctx, websocket.MessageBinary, p); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (k webKeys) Close() error { return k.ws.Close(websocket.StatusNormalClosure, "") }
