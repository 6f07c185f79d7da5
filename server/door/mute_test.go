package door

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"okey/game/tourney"
	"okey/server/tournaments"
)

// TestOperatorMutes: a key of --operators mutes a player by name over
// ssh, for a stated time or until unmuted; the player then says
// nothing in a tournament's chat (told until when) nor at a table
// (the tables' Muted), and chats again once unmuted. Anyone else's
// mute is refused, and so is a wrong one.
func TestOperatorMutes(t *testing.T) {
	t.Parallel()
	stateDir := t.TempDir()
	op, other := newKey(t), newKey(t)
	file := filepath.Join(t.TempDir(), "operators")
	if err := os.WriteFile(file, gossh.MarshalAuthorizedKey(op.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	srv, rerr, err := New(withDefaults(t, func(c *Config) {
		c.StateDir, c.HostKey, c.Operators = stateDir, filepath.Join(stateDir, "k", "key"), file
	}))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	addr := serveLocal(t, srv)
	p := srv.port(nil)
	id, err := p.CreateTournament("key:ann", tourney.Config{Kind: tourney.Arena, Name: "Friday", Game: "101", Hands: 1, Start: time.Now().Add(time.Hour), Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.JoinTournament(id, "key:bob", "Bob", 0); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for _, tr, _ := p.Tournament(id); tr.Players() != 1; _, tr, _ = p.Tournament(id) {
		if time.Now().After(deadline) {
			t.Fatal("bob never joined")
		}
		time.Sleep(20 * time.Millisecond)
	}

	if out, code := execSSH(t, addr, other, "mute Bob 30m"); code != 1 || !strings.Contains(out, "only the server's operator") {
		t.Errorf("a player's mute: %d %q", code, out)
	}
	for _, bad := range []string{"mute", "mute Bob 10s", "mute Bob 900h"} {
		if out, code := execSSH(t, addr, op, bad); code != 2 {
			t.Errorf("%q: %d %q", bad, code, out)
		}
	}
	if out, code := execSSH(t, addr, op, "mute nobody"); code != 1 || !strings.Contains(out, "nobody called") {
		t.Errorf("a name nobody has: %d %q", code, out)
	}
	if out, code := execSSH(t, addr, op, "mute bob 30m"); code != 0 || !strings.Contains(out, "muted until") {
		t.Fatalf("the operator's mute: %d %q", code, out)
	}
	muted := func() bool { _, ok := srv.tourneys.Muted("key:bob"); return ok }
	for !muted() {
		if time.Now().After(deadline) {
			t.Fatal("the mute never reached the node's memory")
		}
		time.Sleep(20 * time.Millisecond)
	}
	var m *tournaments.MutedError
	if err := p.SayTourney(id, "key:bob", "Bob", "spam"); !errors.As(err, &m) || time.Until(m.Until) < 29*time.Minute {
		t.Errorf("a muted player's line: %v", err)
	}
	if !srv.hall.Opt.Muted("key:bob") || srv.hall.Opt.Muted("key:ann") {
		t.Error("the tables do not hold the mute")
	}
	if out, code := execSSH(t, addr, op, "mutes"); code != 0 || !strings.Contains(out, "bob\tuntil 20") {
		t.Errorf("mutes: %d %q", code, out)
	}
	if out, code := execSSH(t, addr, op, "unmute Bob"); code != 0 {
		t.Fatalf("unmute: %d %q", code, out)
	}
	for muted() {
		if time.Now().After(deadline) {
			t.Fatal("the unmute never reached the node's memory")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := p.SayTourney(id, "key:bob", "Bob", "sorry"); err != nil {
		t.Errorf("unmuted: %v", err)
	}
	if out, code := execSSH(t, addr, op, "mute key:bob"); code != 0 || !strings.Contains(out, "until unmuted") {
		t.Errorf("a mute until unmuted: %d %q", code, out)
	}
}
