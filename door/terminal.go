package door

import (
	"context"
	"fmt"
	"io"
	"net"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"okey/server/keep"
	"okey/ui/serve/common"
)

// Terminal is a player's terminal as either door hands it on: the
// bytes typed and the screen written, its window and each change to
// it, and the connection's life. The SSH door's session and a
// browser's socket are each one; the session (ui/serve) sees nothing
// else of the connection.
type Terminal interface {
	io.ReadWriter
	// Window is the terminal's type and size as the session starts (ok
	// false: the client asked for no terminal).
	Window() (term string, size Size, ok bool)
	// Resized sends each new size; it is closed when the connection ends.
	Resized() <-chan Size
	// Context ends with the connection.
	Context() context.Context
}

// Size is a terminal's width and height, in cells.
type Size struct{ W, H int }

// visit is one connection at the door, past admission: its terminal,
// and what the door knows of it that the session does not need.
type visit struct {
	Terminal
	// user is the name the player gave, as it came; id who the player
	// is (a key's fingerprint, the key a linked browser plays as, a
	// guest), code a guest's resume code ("": not a guest).
	user, id, code string
	// key is the key that authenticated the connection (nil: none);
	// link the browser link it came in by ("": none).
	key  ssh.PublicKey
	link string
	// remote and local are the connection's two ends; env the client's
	// environment.
	remote, local net.Addr
	env           []string
	// end ends the connection: code non-zero is a refusal; close
	// closes it. ping asks the client whether it is still there (a
	// keepalive): its channel says whether it answered, once it has.
	end   func(code int)
	close func() error
	ping  func() <-chan bool
}

// println writes a line below whatever the terminal shows.
func (v *visit) println(line string) { _, _ = fmt.Fprintln(v, line) }

// keyID is the identity of a player who logged in with key k.
func keyID(k ssh.PublicKey) string { return keep.KeyPrefix + gossh.FingerprintSHA256(k) }

// sshIdentity is who an SSH session is: its key's fingerprint, else a
// new guest. It reads the key that authenticated the connection, after
// the handshake (the public-key callback may see keys that never log
// in).
func sshIdentity(sess ssh.Session) (id, code string) {
	if k := sess.PublicKey(); k != nil {
		return keyID(k), ""
	}
	code = common.NewResumeCode()
	return common.GuestID(code), code
}

// sshTerminal is an SSH session's terminal: its channel, its PTY's
// window and the window changes the client sends.
type sshTerminal struct {
	ssh.Session
	sizes chan Size
}

func (t *sshTerminal) Window() (string, Size, bool) {
	pty, _, ok := t.Pty()
	return pty.Term, Size{pty.Window.Width, pty.Window.Height}, ok
}

func (t *sshTerminal) Resized() <-chan Size { return t.sizes }

func (t *sshTerminal) Context() context.Context { return t.Session.Context() }

// sshVisit is an SSH session as the door holds it. The SSH library
// hands window changes over a channel of one, from the goroutine that
// reads the connection's requests: that goroutine must never wait for
// the session (busy writing to a client that stopped reading, and so
// waiting for that very goroutine), so the latest size is kept here and
// handed on from a goroutine of its own.
func sshVisit(sess ssh.Session) *visit {
	t := &sshTerminal{Session: sess, sizes: make(chan Size, 1)}
	if _, winch, ok := sess.Pty(); ok {
		go func() {
			defer close(t.sizes)
			for w := range winch {
				select {
				case <-t.sizes: // the latest size wins
				default:
				}
				t.sizes <- Size{w.Width, w.Height}
			}
		}()
	} else {
		close(t.sizes)
	}
	id, code := sshIdentity(sess)
	return &visit{
		Terminal: t, user: sess.User(), id: id, code: code, key: sess.PublicKey(),
		remote: sess.RemoteAddr(), local: sess.LocalAddr(), env: sess.Environ(),
		end:   func(code int) { _ = sess.Exit(code) },
		close: sess.Close,
		ping: func() <-chan bool {
			done := make(chan bool, 1)
			conn, ok := sess.Context().Value(ssh.ContextKeyConn).(gossh.Conn)
			if !ok {
				done <- true // cannot ask: taken as there
				return done
			}
			go func() {
				_, _, err := conn.SendRequest("keepalive@openssh.com", true, nil)
				done <- err == nil
			}()
			return done
		},
	}
}
