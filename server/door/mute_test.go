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
	srv, addr, op, other := operatorServer(t)
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

// TestOperatorCancelsAndEdits: the operator's key calls off any
// tournament before it begins over ssh ("tournament NAME cancel"), and
// their session's page may change or call off one a player created;
// anyone else's cancel is refused.
func TestOperatorCancelsAndEdits(t *testing.T) {
	t.Parallel()
	srv, addr, op, other := operatorServer(t)
	p := srv.port(nil)
	cfg := tourney.Config{Kind: tourney.Arena, Name: "Friday club", Game: "101", Hands: 1, Start: time.Now().Add(time.Hour), Length: time.Hour}
	id, err := p.CreateTournament("key:ann", cfg)
	if err != nil {
		t.Fatal(err)
	}
	opID := "key:" + gossh.FingerprintSHA256(op.PublicKey())
	mine := &serverPort{srv: srv, operator: opID}
	if p.Organiser(id, opID) || !mine.Organiser(id, opID) {
		t.Errorf("organiser: a player's port %v, the operator's %v", p.Organiser(id, opID), mine.Organiser(id, opID))
	}
	if err := p.Organise(id, opID, false, cfg); !errors.Is(err, tournaments.ErrNotOrganiser) {
		t.Errorf("the operator's key through a player's port: %v", err)
	}
	edit := cfg
	edit.Description = "moved upstairs"
	if err := mine.Organise(id, opID, false, edit); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for _, tr, _ := p.Tournament(id); tr.Config.Description != "moved upstairs"; _, tr, _ = p.Tournament(id) {
		if time.Now().After(deadline) {
			t.Fatal("the operator's edit never applied")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if out, code := execSSH(t, addr, other, "tournament Friday club cancel"); code != 1 || !strings.Contains(out, "only the server's operator") {
		t.Errorf("a player's cancel: %d %q", code, out)
	}
	if out, code := execSSH(t, addr, op, "tournament nothing cancel"); code != 1 || !strings.Contains(out, "no tournament") {
		t.Errorf("an unknown one: %d %q", code, out)
	}
	if out, code := execSSH(t, addr, op, "tournament Friday club cancel"); code != 0 || !strings.Contains(out, id+" is cancelled") {
		t.Fatalf("the operator's cancel: %d %q", code, out)
	}
	for _, tr, _ := p.Tournament(id); !tr.Cancelled || !tr.ByOperator; _, tr, _ = p.Tournament(id) {
		if time.Now().After(deadline) {
			t.Fatal("the operator's cancel never applied")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if out, code := execSSH(t, addr, op, "tournament "+id); code != 0 || strings.Contains(out, "Standings") || !strings.Contains(out, "operator before it began") {
		t.Errorf("a cancelled tournament's standings:\n%s", out)
	}
}

// operatorServer is a server with a state directory whose operator's
// key is op (other is a player's key), serving at addr.
func operatorServer(t *testing.T) (srv *Server, addr string, op, other gossh.Signer) {
	t.Helper()
	stateDir := t.TempDir()
	op, other = newKey(t), newKey(t)
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
	return srv, serveLocal(t, srv), op, other
}
