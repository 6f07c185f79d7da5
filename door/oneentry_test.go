package door

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/server/tournaments"
)

// TestOneEntryPerAddressAtTheDoor: a session's joins carry its address
// to the tournaments: a second guest from one address is refused at the
// entry (ErrAddrTaken), and two from an address the operator names
// shared (--shared-addr, an IPv6 client by its network) both enter.
func TestOneEntryPerAddressAtTheDoor(t *testing.T) {
	t.Parallel()
	stateDir := t.TempDir()
	shared, err := ParseShared([]string{"198.51.100.0/24", "2001:db8:1::/48"})
	if err != nil {
		t.Fatal(err)
	}
	srv, rerr, err := New(withDefaults(t, func(c *Config) {
		c.StateDir, c.HostKey, c.SharedAddrs = stateDir, filepath.Join(stateDir, "k", "key"), shared
	}))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	serveLocal(t, srv)
	p := srv.port(nil)
	id, err := p.CreateTournament(tournaments.Operator, tourney.Config{Kind: tourney.Arena, Name: "Family", Game: "101", Hands: 1,
		Start: time.Now().Add(time.Hour), Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	joined := func(who string) {
		t.Helper()
		deadline := time.Now().Add(time.Minute)
		for {
			if _, tr, err := p.Tournament(id); err == nil {
				if _, ok := tr.Joined[who]; ok {
					return
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s never joined", who)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	home := srv.tournamentSideOf("192.0.2.7", "")
	if err := home.JoinTournament(id, "guest:ABCDEFGHJK", "mum", 1500); err != nil {
		t.Fatal(err)
	}
	joined("guest:ABCDEFGHJK")
	if err := home.JoinTournament(id, "guest:BCDEFGHJKM", "kid", 1500); !errors.Is(err, tournaments.ErrAddrTaken) {
		t.Errorf("a second guest from one address: %v, want %v", err, tournaments.ErrAddrTaken)
	}
	for _, c := range []struct{ addr, who string }{
		{"198.51.100.9", "key:SHA256:eda"}, {"198.51.100.9", "key:SHA256:fil"},
		{"2001:db8:1:2::/64", "guest:CDEFGHJKMN"}, {"2001:db8:1:2::/64", "guest:DEFGHJKMNP"},
	} {
		if err := srv.tournamentSideOf(c.addr, "").JoinTournament(id, c.who, c.who[len(c.who)-3:], 1500); err != nil {
			t.Errorf("%s from the shared %s: %v", c.who, c.addr, err)
			continue
		}
		joined(c.who)
	}
	for _, c := range []struct {
		addr string
		want bool
	}{
		{"198.51.100.9", true}, {"198.51.101.9", false}, {"2001:db8:1:2::/64", true},
		{"2001:db8:2::/64", false}, {"::ffff:198.51.100.9", true}, {"", false}, {"127.0.0.1", false},
	} {
		if got := sharedAddr(shared, c.addr); got != c.want {
			t.Errorf("sharedAddr(%q) %v, want %v", c.addr, got, c.want)
		}
	}
}
