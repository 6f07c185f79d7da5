package door

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/server/tables"
	"okey/server/tournaments"
)

// TestTournamentsThroughThePort: a session's side reaches the
// tournaments only through the port: the operator's file creates its
// tournament at start, once, however often the server starts on its
// state directory; a player creates one within their share, joins and
// leaves; the lobby's list and a tournament's copy say so, and the
// joins survive a restart. An unknown id is ErrNoTournament.
func TestTournamentsThroughThePort(t *testing.T) {
	t.Parallel()
	stateDir := t.TempDir()
	file := filepath.Join(t.TempDir(), "friday.json")
	start := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	if err := os.WriteFile(file, []byte(`{"name": "Friday arena", "kind": "arena", "game": "101", "hands": 1,
		"start": "`+start.Format(time.RFC3339)+`", "length": "1h", "bot_wait": "1m", "bot_level": "easy"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tweak := func(c *Config) {
		c.StateDir, c.HostKey, c.Tournaments = stateDir, filepath.Join(stateDir, "k", "key"), []string{file}
	}
	srv, rerr, err := New(withDefaults(t, tweak))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	p := srv.port(nil)
	l := p.Tournaments()
	if len(l) != 1 || l[0].Name != "Friday arena" || l[0].Phase != tourney.Starting || !l[0].Start.Equal(start) {
		t.Fatalf("the operator's tournament: %+v", l)
	}
	op := l[0].ID
	mine, err := p.CreateTournament("key:ann", tourney.Config{Kind: tourney.Swiss, Name: "ann's rounds", Game: "classic", Rules: "points=5", Hands: 5, Rounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.CreateTournament("key:ann", tourney.Config{Kind: tourney.Swiss, Name: "again", Game: "classic", Hands: 20, Rounds: 3}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.CreateTournament("key:ann", tourney.Config{Kind: tourney.Swiss, Name: "a third", Game: "classic", Hands: 20, Rounds: 3}); !errors.Is(err, tournaments.ErrYourTournaments) {
		t.Errorf("a third tournament of one player's: %v", err)
	}
	if _, err := p.CreateTournament("key:bob", tourney.Config{Kind: tourney.Swiss, Game: "classic", Hands: 1, Rounds: 99}); !errors.Is(err, tournaments.ErrSettings) {
		t.Errorf("99 rounds: %v", err)
	}
	if _, err := p.CreateTournament("key:bob", tourney.Config{Kind: tourney.Arena, Game: "chess", Hands: 1, Length: time.Hour}); !errors.Is(err, tournaments.ErrSettings) {
		t.Errorf("a game not served: %v", err)
	}
	// A classic match is played from its points down to 0: one "hand"
	// is no classic match.
	if _, err := p.CreateTournament("key:bob", tourney.Config{Kind: tourney.Arena, Game: "classic", Hands: 1, Length: time.Hour}); !errors.Is(err, tournaments.ErrSettings) {
		t.Errorf("a classic match from 1 point: %v", err)
	}
	for _, who := range []string{"key:ann", "key:bob", "key:cem"} {
		if err := p.JoinTournament(op, who, strings.TrimPrefix(who, "key:"), 1500); err != nil {
			t.Fatal(err)
		}
	}
	// The pages and the command say "no such tournament" on
	// tourney.ErrUnknown; any other error is said to be passing.
	if _, _, err := p.Tournament("nope"); !errors.Is(err, tournaments.ErrNoTournament) || !errors.Is(err, tourney.ErrUnknown) {
		t.Errorf("an unknown tournament: %v", err)
	}
	joined := func(p *serverPort) (int, bool) {
		_, tr, err := p.Tournament(op)
		if err != nil {
			t.Fatal(err)
		}
		return len(tr.Joined), tr.Joined["key:cem"].Left
	}
	waitFor := func(left bool) {
		t.Helper()
		for end := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if n, l := joined(p); n == 3 && l == left {
				return
			}
			if time.Now().After(end) {
				n, l := joined(p)
				t.Fatalf("the owner never took the requests: %d joined, cem left %v", n, l)
			}
		}
	}
	waitFor(false)
	if err := p.LeaveTournament(op, "key:cem"); err != nil {
		t.Fatal(err)
	}
	if err := p.LeaveTournament(op, "key:dan"); !errors.Is(err, tourney.ErrUnknown) {
		t.Errorf("leaving a tournament never joined: %v", err)
	}
	waitFor(true)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	// Again on the same directory: the operator's tournament is not
	// made twice, and everything kept is there.
	srv, rerr, err = New(withDefaults(t, tweak))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	defer func() { _ = srv.Shutdown(ctx) }()
	p = srv.port(nil)
	if l := p.Tournaments(); len(l) != 3 || l[0].ID != op {
		t.Errorf("after a restart the lobby lists %+v, want the operator's and ann's two, the latest first", l)
	}
	if n, left := joined(p); n != 3 || !left {
		t.Errorf("after a restart: %d joined, cem left %v", n, left)
	}
	if _, tr, _ := p.Tournament(mine); tr.Config.Rounds != 3 || tr.Config.Name != "ann's rounds" {
		t.Errorf("ann's tournament after a restart: %+v", tr.Config)
	}
}

// TestTournamentCarriedOnWhenItsOwnerDies: an arena on a cluster of
// three; its players come to each table it opens (on whichever node runs
// it) and let the clock hand their moves to their bots; the node that
// owns the arena is killed mid-arena. Another node takes the arena over
// (and the dead node's tables), every table's match is counted once, the
// arena finishes with nothing left in play, and its standings are what
// the matches' records add up to.
func TestTournamentCarriedOnWhenItsOwnerDies(t *testing.T) {
	if testing.Short() {
		t.Skip("a three-node cluster, a node killed mid-arena (a minute)")
	}
	t.Parallel() // a cluster of its own, its waits generous: beside the package's other tests
	c := startCluster(t, 3, func(_ int, cfg *Config) { cfg.MaxTables = 200 })
	srv0, _ := c.node(0)
	start := time.Now().Add(3 * time.Second)
	// The operator's: a 30-second arena, shorter than a player's may be.
	id, err := srv0.port(nil).CreateTournament(tournaments.Operator, tourney.Config{
		Kind: tourney.Arena, Name: "three nodes", Game: "101", Hands: 1, Start: start, Length: 30 * time.Second,
		BotLevel: "easy", Back: time.Minute,
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		if err := srv0.port(nil).JoinTournament(id, fmt.Sprintf("key:SHA256:p%d", i), "", 1500); err != nil {
			t.Fatal(err)
		}
	}
	// The scripted players, on every node alive.
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		joined := map[string][]*tables.Member{}
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			for i := range 3 {
				if c.isDown(i) {
					continue
				}
				srv, _ := c.node(i)
				_, tr, err := srv.port(nil).Tournament(id)
				if err != nil {
					continue
				}
				playing := map[string]bool{}
				for _, pl := range tr.Playing {
					tid := strconv.Itoa(pl.Table)
					playing[tid] = true
					tb := srv.hall.Local(tid)
					key := strconv.Itoa(i) + "/" + tid
					if tb == nil || joined[key] != nil {
						continue
					}
					for _, who := range pl.Players {
						if who == tourney.Bot {
							continue
						}
						m := tables.NewMember(who, who[len(who)-2:], "127.0.0.1", -1)
						// A table on a node killed meanwhile takes the
						// call and never answers: the wait ends with the
						// test (the arena once finished and the test
						// then waited here for ever).
						r := tables.Request{Kind: tables.ReqJoin, M: m, Reply: make(chan tables.JoinReply, 1)}
						cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
						called := tb.Call(cctx, r)
						cancel()
						if called {
							select {
							case <-r.Reply:
							case <-tb.Done:
							case <-stop:
								return
							case <-time.After(10 * time.Second):
							}
							// A key at the table (present), then none:
							// their bot plays, for less than they may be
							// away, and earns for them.
							for _, r := range []tables.Request{{Kind: tables.ReqHere, M: m}, {Kind: tables.ReqAway, M: m}} {
								cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
								tb.Call(cctx, r)
								cancel()
							}
						}
						joined[key] = append(joined[key], m)
					}
				}
				for key, ms := range joined {
					tid := key[strings.Index(key, "/")+1:]
					if !strings.HasPrefix(key, strconv.Itoa(i)+"/") || playing[tid] {
						continue
					}
					if tb := srv.hall.Local(tid); tb != nil {
						for _, m := range ms {
							cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
							tb.Call(cctx, tables.Request{Kind: tables.ReqLeave, M: m})
							cancel()
						}
					}
					delete(joined, key)
				}
			}
		}
	}()
	defer func() { close(stop); <-done }()

	ownerOf := func() int {
		for i := range 3 {
			if srv, _ := c.node(i); !c.isDown(i) && slices.Contains(srv.tourneys.Owner().Owned(), id) {
				return i
			}
		}
		return -1
	}
	// Some matches played, then the owner dies. The node that drives
	// the arena leads no stream of the store (driverLeadsNone): its
	// loss costs the takeovers no election.
	deadline := time.Now().Add(60 * time.Second)
	for {
		_, tr, _ := srv0.port(nil).Tournament(id)
		// Two matches, not more: on a loaded machine the 30-second arena
		// can end with two.
		if o := ownerOf(); o >= 0 && len(tr.Matches) >= 2 {
			srv, _ := c.node(o)
			leads := srv.eng.Leads()
			if len(leads) > 0 && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			if len(leads) > 0 {
				t.Errorf("node %d drives the arena and still leads %v", o, leads)
			}
			t.Logf("node %d owns the arena and leads no stream, %d matches played, %d in play: killed", o, len(tr.Matches), len(tr.Playing))
			c.crash(o)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no owner with matches played: %s, %d matches, owner %d", tr.Phase, len(tr.Matches), ownerOf())
		}
		time.Sleep(50 * time.Millisecond)
	}
	died := time.Now()
	var alive *Server
	for i := range 3 {
		if !c.isDown(i) {
			alive, _ = c.node(i)
			break
		}
	}
	taken := false
	// A table the dead owner had just opened, not yet in the store, is
	// lost with it and counted abandoned once the store says so
	// (hall.Lost: its lease run out, its node's door gone), at the
	// latest after two minutes (tournaments.Options.Abandon): the wait
	// covers the latest and a margin for a loaded machine.
	for deadline := time.Now().Add(2*time.Minute + 90*time.Second); ; time.Sleep(100 * time.Millisecond) {
		if o := ownerOf(); o >= 0 && !taken {
			taken = true
			t.Logf("node %d took the arena over %v after its owner died", o, time.Since(died).Round(time.Millisecond))
		}
		_, tr, err := alive.port(nil).Tournament(id)
		if err == nil && tr.Phase == tourney.Finished {
			seen := map[int]bool{}
			for _, m := range tr.Matches {
				if seen[m.Table] {
					t.Errorf("table %d counted twice", m.Table)
				}
				seen[m.Table] = true
			}
			if len(tr.Playing) != 0 {
				t.Errorf("finished with tables in play: %v", tr.Playing)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			again, err := alive.tourneys.Recount(ctx, id)
			cancel()
			st, _ := tr.Standings()
			if err != nil || !slices.Equal(st, again) {
				t.Errorf("the standings are not what the records add up to (%v):\n%v\n%v", err, st, again)
			}
			t.Logf("%d matches; standings %v", len(tr.Matches), st)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the arena never finished after its owner died: %s, playing %v, %d matches, owner %d", tr.Phase, tr.Playing, len(tr.Matches), ownerOf())
		}
	}
}

// TestOperatorsTournamentRefusedStopsTheServer: a --tournament file
// whose tournament the server would refuse (an arena of 100 hours: its
// cap is 12) stops the server at start with one error that says why,
// as docs/serving.md says, rather than serve without it ("some tables
// could not be restored").
func TestOperatorsTournamentRefusedStopsTheServer(t *testing.T) {
	t.Parallel()
	stateDir := t.TempDir()
	file := filepath.Join(t.TempDir(), "long.json")
	if err := os.WriteFile(file, []byte(`{"name": "Long arena", "kind": "arena", "game": "101", "hands": 1, "length": "100h"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	srv, rerr, err := New(withDefaults(t, func(c *Config) {
		c.StateDir, c.HostKey, c.Tournaments = stateDir, filepath.Join(stateDir, "k", "key"), []string{file}
	}))
	if err == nil || srv != nil || !errors.Is(err, tournaments.ErrSettings) || !strings.Contains(err.Error(), "Long arena") || !strings.Contains(err.Error(), "100h") {
		t.Fatalf("a refused tournament's file: server %v, restore %v, err %v", srv != nil, rerr, err)
	}
	// The state directory is free again: a server with a good file starts.
	srv, _, err = New(withDefaults(t, func(c *Config) { c.StateDir, c.HostKey = stateDir, filepath.Join(stateDir, "k", "key") }))
	if err != nil {
		t.Fatalf("the next start: %v", err)
	}
	srv.Shutdown(context.Background())
}

// TestStatusNamesEachTournamentsOwner: "status" on either node of two
// lists each tournament not finished with the node that drives it (its
// lease's holder), whichever node answers.
func TestStatusNamesEachTournamentsOwner(t *testing.T) {
	t.Parallel()
	url := sharedNATS(t)
	a, addrA := testServer(t, steadyNode(url, "a"))
	b, addrB := testServer(t, steadyNode(url, "b"))
	id, err := a.port(nil).CreateTournament("key:SHA256:creator", tourney.Config{Kind: tourney.Arena, Name: "Friday arena",
		Game: "101", Hands: 1, Start: time.Now().Add(time.Hour), Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	owner := ""
	for end := time.Now().Add(patience); owner == ""; time.Sleep(50 * time.Millisecond) {
		switch {
		case slices.Contains(a.TournamentsOwned(), id):
			owner = "a"
		case slices.Contains(b.TournamentsOwned(), id):
			owner = "b"
		case time.Now().After(end):
			t.Fatal("no node took the tournament")
		}
	}
	line := regexp.MustCompile(`(?m)^` + id + ` +` + owner + ` +starting +Friday arena$`)
	for _, addr := range []string{addrA, addrB} {
		for end := time.Now().Add(patience); ; time.Sleep(100 * time.Millisecond) {
			out, code := execSSH(t, addr, newKey(t), "status")
			if code == 0 && strings.Contains(out, "1 tournaments not finished") && line.MatchString(out) {
				break
			}
			if time.Now().After(end) {
				t.Fatalf("status at %s: exit %d, want %s driven by %s:\n%s", addr, code, id, owner, out)
			}
		}
	}
}
