package loadgen

import (
	"crypto/ed25519"
	"net"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

// TestADeadNodesPlayersSpreadOverTheRest: a tournament's players dial
// their own node while it lives; once it is killed, its players dial
// the nodes alive in turn, as a name that reaches any node spreads
// them, and the others stay where they are.
func TestADeadNodesPlayersSpreadOverTheRest(t *testing.T) {
	r := newTourneyRun(3)
	for i := range 9 {
		if got := r.dialFor(i, 3); got != i%3 {
			t.Errorf("player %d, every node alive: dials %d, want %d", i, got, i%3)
		}
	}
	r.kill(0)
	per := map[int]int{}
	for i := range 300 {
		got := r.dialFor(i, 3)
		switch {
		case got == 0:
			t.Fatalf("player %d dials the dead node", i)
		case i%3 != 0 && got != i%3:
			t.Errorf("player %d of a node alive moved to %d", i, got)
		case i%3 == 0:
			per[got]++
		}
	}
	if per[1] != 50 || per[2] != 50 {
		t.Errorf("the dead node's 100 players went %d to node 1 and %d to node 2, want 50 each", per[1], per[2])
	}
}

// TestSessionsPickOpenSSHsCipher: the load's sessions choose their
// cipher as OpenSSH's client does (ChaCha20-Poly1305 first, where Go's
// own order puts AES-GCM first), so the bytes on the wire are what an
// OpenSSH player is sent.
func TestSessionsPickOpenSSHsCipher(t *testing.T) {
	hostKey, err := gossh.NewSignerFromKey(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)))
	if err != nil {
		t.Fatal(err)
	}
	cfg := &gossh.ServerConfig{PublicKeyCallback: func(gossh.ConnMetadata, gossh.PublicKey) (*gossh.Permissions, error) { return nil, nil }}
	cfg.AddHostKey(hostKey)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	got := make(chan string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			got <- err.Error()
			return
		}
		defer conn.Close()
		sc, chans, reqs, err := gossh.NewServerConn(conn, cfg)
		if err != nil {
			got <- err.Error()
			return
		}
		got <- sc.Conn.(negotiated).Algorithms().Read.Cipher
		// The session the client asks for is refused, then the
		// connection closed: closed before the answer, the client's
		// request could wait for ever (x/crypto/ssh registers a channel
		// it opens after a closed connection has dropped them all).
		go gossh.DiscardRequests(reqs)
		if nc, ok := <-chans; ok {
			nc.Reject(gossh.Prohibited, "only the handshake is looked at")
		}
		sc.Close()
	}()
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	// The server here opens no session: only the handshake is looked at.
	if c, err := dialAs(t.Context(), ln.Addr().String(), "ann", priv, "xterm", 80, 24); err == nil {
		c.close()
	}
	if cipher := <-got; cipher != gossh.CipherChaCha20Poly1305 {
		t.Errorf("the session's cipher: %s; want %s", cipher, gossh.CipherChaCha20Poly1305)
	}
}

// negotiated is a connection that says the algorithms its handshake
// settled on.
type negotiated interface {
	Algorithms() gossh.NegotiatedAlgorithms
}
