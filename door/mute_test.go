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
	"okey/kit/i18n"
	"okey/server/keep"
	"okey/server/tournaments"
	"okey/ui/serve/tourneyview"
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
	muted := func() bool { _, ok := srv.tourneys.Muting().Muted("key:bob"); return ok }
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
	if _, bobMuted := srv.hall.Opt.Muted("key:bob"); !bobMuted {
		t.Error("the tables do not hold the mute")
	}
	if _, annMuted := srv.hall.Opt.Muted("key:ann"); annMuted {
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

// TestOperatorsEditWithinTheServersLimits: the operator's edit, over
// ssh as on the tournament's page, is held to the server's own limits
// (those of the operator's --tournament file), not a player's: the
// operator's arena of 8 hours starting in two days takes a new
// description (a player's limits refused it for its length), and a
// player's arena is made 7 hours long; a length past the server's is
// still refused. The form on the page is told it checks as the
// operator at a tournament not theirs, and not at their own.
func TestOperatorsEditWithinTheServersLimits(t *testing.T) {
	t.Parallel()
	srv, addr, op, _ := operatorServer(t)
	p := srv.port(nil)
	long := tourney.Config{Kind: tourney.Arena, Name: "Long night", Game: "101", Hands: 1, Start: time.Now().Add(48 * time.Hour), Length: 8 * time.Hour}
	own, err := p.CreateTournament(tournaments.Operator, long)
	if err != nil {
		t.Fatal(err)
	}
	cfg := tourney.Config{Kind: tourney.Arena, Name: "Friday club", Game: "101", Hands: 1, Start: time.Now().Add(time.Hour), Length: time.Hour}
	anns, err := p.CreateTournament("key:ann", cfg)
	if err != nil {
		t.Fatal(err)
	}
	opID := keep.KeyPrefix + gossh.FingerprintSHA256(op.PublicKey())
	if side := srv.tournamentSideOf("", opID); !side.AsOperator(own, opID) || !side.AsOperator(anns, opID) || side.AsOperator(anns, "key:ann") {
		t.Errorf("the form is not told the operator's change is the operator's: %v %v, ann's own %v",
			side.AsOperator(own, opID), side.AsOperator(anns, opID), side.AsOperator(anns, "key:ann"))
	}
	for cmd, want := range map[string]string{
		"tournament " + own + " edit description=upstairs": "(description)",
		"tournament " + anns + " edit length=7h":           "(length)",
	} {
		if out, code := execSSH(t, addr, op, cmd); code != 0 || !strings.Contains(out, want) {
			t.Errorf("%q: %d %q, want it changed", cmd, code, out)
		}
	}
	// The refusal names the setting and the server's cap, not "change
	// the rules or hands".
	for cmd, want := range map[string]string{
		"tournament " + own + " edit length=30h":                    "length=30h: An arena lasts at most 12 h here",
		"tournament " + own + " edit description=ok length=13h":     "length=13h: An arena lasts at most 12 h here",
		"tournament " + own + " edit hands=40":                      "hands=40: A match has at most 21 hands here",
		"tournament " + own + " edit back=45m description=upstairs": "back=45m: A wait",
	} {
		if out, code := execSSH(t, addr, op, cmd); code != 1 || !strings.Contains(out, want) || strings.Contains(out, "rules or hands") {
			t.Errorf("%q: %d %q, want it refused with %q", cmd, code, out, want)
		}
	}
	deadline := time.Now().Add(time.Minute)
	for {
		_, a, _ := p.Tournament(own)
		_, b, _ := p.Tournament(anns)
		if a.Config.Description == "upstairs" && a.Config.Length == 8*time.Hour && b.Config.Length == 7*time.Hour {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the edits never applied: %+v, %+v", a.Config, b.Config)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestOperatorEditsOverSSH: the operator's key changes a tournament
// before it begins over ssh ("tournament NAME edit start=… length=…"),
// its settings named as a tournament's file names them, a value of
// several words quoted or not; its page then says what changed, by the
// server's operator. It is held to the server's limits, as the
// operator's form is, refused in the form's words (exit 1); a command
// written wrong exits 2 with one
// line; anyone else's edit is refused (exit 1), as is one of a
// tournament cancelled.
func TestOperatorEditsOverSSH(t *testing.T) {
	t.Parallel()
	srv, addr, op, other := operatorServer(t)
	p := srv.port(nil)
	cfg := tourney.Config{Kind: tourney.Arena, Name: "Friday club", Game: "101", Hands: 1, Start: time.Now().Add(time.Hour), Length: time.Hour, BotWait: time.Minute}
	id, err := p.CreateTournament("key:ann", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.JoinTournament(id, "key:bob", "Bob", 0); err != nil {
		t.Fatal(err)
	}
	start := time.Now().Add(2 * time.Hour).UTC().Truncate(time.Minute)
	edit := "tournament Friday club edit name='Friday night' start=" + start.Format("15:04") + " length=90m bot_level=hard"
	if out, code := execSSH(t, addr, other, edit); code != 1 || !strings.Contains(out, "only the server's operator") {
		t.Errorf("a player's edit: %d %q", code, out)
	}
	for _, bad := range []string{
		"tournament Friday club edit",
		"tournament Friday club edit colour=red",
		"tournament Friday club edit length=soon",
		"tournament Friday club edit rounds=3",
		"tournament Friday club edit start=noon",
		"tournament Friday club edit name=",
		"tournament Friday club edit length=90m length=2h",
	} {
		out, code := execSSH(t, addr, op, bad)
		if code != 2 || strings.Count(strings.TrimSpace(out), "\n") != 0 {
			t.Errorf("%q: %d %q", bad, code, out)
		}
	}
	if out, code := execSSH(t, addr, op, "tournament nothing here edit name=x"); code != 1 || !strings.Contains(out, "no tournament") {
		t.Errorf("an unknown one: %d %q", code, out)
	}
	en := i18n.MustLoad("en")
	for cmd, err := range map[string]error{
		"tournament " + id + " edit start=" + time.Now().Add(15*24*time.Hour).UTC().Format(time.RFC3339): tournaments.ErrStart,
		"tournament " + id + " edit turn=2s":                         tournaments.ErrTurn,
		"tournament " + id + " edit name=" + strings.Repeat("x", 41): tournaments.ErrName,
	} {
		if out, code := execSSH(t, addr, op, cmd); code != 1 || !strings.Contains(out, tourneyview.Refusal(en, err)) {
			t.Errorf("%q: %d %q, want the form's %q", cmd, code, out, tourneyview.Refusal(en, err))
		}
	}
	if out, code := execSSH(t, addr, op, edit); code != 0 || !strings.Contains(out, id+" is changed (name, start, length, bot_level)") {
		t.Fatalf("the operator's edit: %d %q", code, out)
	}
	deadline := time.Now().Add(time.Minute)
	for _, tr, _ := p.Tournament(id); tr.Changed == nil; _, tr, _ = p.Tournament(id) {
		if time.Now().After(deadline) {
			t.Fatal("the operator's edit never applied")
		}
		time.Sleep(20 * time.Millisecond)
	}
	_, tr, _ := p.Tournament(id)
	if c := tr.Config; c.Name != "Friday night" || !c.Start.Equal(start) || c.Length != 90*time.Minute || c.BotLevel != "hard" || c.Game != "101" || tr.Players() != 1 {
		t.Errorf("after the edit: %+v, %d players", c, tr.Players())
	}
	if !tr.Changed.ByOperator {
		t.Errorf("the change: %+v", tr.Changed)
	}
	out, code := execSSH(t, addr, op, "tournament "+id)
	if code != 0 || !strings.Contains(out, "Changed by the server's operator at") || !strings.Contains(out, "the name, the start, the length, the bots' level") {
		t.Errorf("its page after the edit:\n%s", out)
	}
	if out, code := execSSH(t, addr, op, "tournament Friday night edit description=upstairs, room 2"); code != 0 || !strings.Contains(out, "(description)") {
		t.Errorf("a value of words unquoted: %d %q", code, out)
	}
	for _, tr, _ := p.Tournament(id); tr.Config.Description != "upstairs, room 2"; _, tr, _ = p.Tournament(id) {
		if time.Now().After(deadline) {
			t.Fatal("the description never changed")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if out, code := execSSH(t, addr, op, "tournament "+id+" cancel"); code != 0 {
		t.Fatalf("cancel: %d %q", code, out)
	}
	for _, tr, _ := p.Tournament(id); !tr.Cancelled; _, tr, _ = p.Tournament(id) {
		if time.Now().After(deadline) {
			t.Fatal("the cancel never applied")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if out, code := execSSH(t, addr, op, "tournament "+id+" edit length=2h"); code != 1 || !strings.Contains(out, "cancelled") {
		t.Errorf("an edit of one cancelled: %d %q", code, out)
	}
}
