package tournaments

import (
	"context"
	"slices"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/internal/quicksuite"
	"okey/server/tables"
)

// TestIdlePlayerEarnsNothing: a whole arena, and a whole Swiss, with a
// connected player who comes to his table and presses nothing (his
// session open, his seat present): his first turn runs out and the
// match is lost for him then, whatever his bot makes of it — 0 points,
// paused (out of the pairing until a key on the page, which never
// comes), his seat rated for nobody (his rating does not move) — while
// a present but slow player, who pressed a key and lets a turn run out
// each match, keeps what his places are worth. The others play on with
// bots, and the standings are what the records add up to (Recount).
// In partners (101 eşli: four players, two teams by join order) the
// idle player loses the match for his team, both its seats, and
// pauses it: the team ends with 0 points from one match, unrated (a
// partners' match with a seat out is rated for nobody), while the
// other team, with the slow player, plays on.
func TestIdlePlayerEarnsNothing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kind     tourney.Kind
		partners bool
	}{{tourney.Arena, false}, {tourney.Swiss, false}, {tourney.Arena, true}, {tourney.Swiss, true}} {
		name := string(c.kind)
		if c.partners {
			name += " partners"
		}
		// -short plays the arena alone and the Swiss in partners, each
		// kind and each seating once; the whole suite all four.
		if testing.Short() && (c.kind == tourney.Arena) == c.partners {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			idleEarnsNothing(t, c.kind, c.partners)
		})
	}
}

func idleEarnsNothing(t *testing.T, kind tourney.Kind, partners bool) {
	c := tourney.Config{Kind: kind, Name: "idle", Game: "101", Hands: 1, Start: t0, BotLevel: "easy",
		Back: backTime, Away: awayTime, Partners: partners}
	if kind == tourney.Arena {
		c.Length, c.BotWait = 10*time.Minute, time.Minute // those left wait a minute for bots
	} else {
		c.Rounds = 3
	}
	// The turn's timer: what an idle player's first turn waits, and a
	// slow one's each match. A second is still far more than a
	// player's key takes after his join (players.come) on a quiet
	// machine; CI's loaded runs keep two.
	turn := 2 * time.Second
	if quicksuite.Quick() {
		turn = time.Second
	}
	n, clk, id := beginOn(t, c, 4, time.Now, turn)
	clk.add(10 * time.Minute)
	ctx := context.Background()
	// In partners players 0 and 1 are a team, 2 and 3 the other: the
	// slow player is not the idle one's partner.
	idle, slow := player(3), player(2)
	if partners {
		slow = player(1)
	}
	p := &players{at: map[string][]*tables.Member{}, idle: map[string]bool{idle: true}, slow: map[string]bool{slow: true}}
	// The tournament's clock moves only while no table is in play, so
	// that the arena's minutes are matches played, not skipped.
	var tr tourney.Tournament
	var err error
	for deadline := time.Now().Add(5 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the tournament never finished: %s, playing %v, %d matches", tr.Phase, tr.Playing, len(tr.Matches))
		}
		n.svc.Owner().Round(ctx)
		p.come(t, n, id, nil)
	drain:
		for {
			select {
			case tid := <-n.ended:
				p.leave(n, tid)
			default:
				break drain
			}
		}
		if _, tr, err = n.svc.Tournament(id); err != nil {
			t.Fatal(err)
		}
		if tr.Phase == tourney.Finished {
			break
		}
		if len(tr.Playing) == 0 {
			// Two minutes between matches: five or so in the arena's
			// ten, the slow player's turn running out in each.
			clk.add(2 * time.Minute)
		}
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	if again := recomputed(t, n.svc, id); !slices.Equal(st, again) {
		t.Fatalf("the standings are not what the records add up to:\n%v\n%v", st, again)
	}
	// What the director pairs and scores: in partners the teams.
	idleU, slowU := tr.Unit(idle), tr.Unit(slow)
	line := func(who string) tourney.Standing {
		i := slices.IndexFunc(st, func(s tourney.Standing) bool { return s.Player == who })
		if i < 0 {
			t.Fatalf("%s has no line: %v", who, st)
		}
		return st[i]
	}
	if l := line(idleU); l.Points != 0 || l.Matches != 1 || l.Wins != 0 || !tr.Joined[idleU].Paused {
		t.Errorf("the idle player (%s): %+v, %+v; want one match, no point, paused", idleU, l, tr.Joined[idleU])
	}
	slowMatches := 0
	for _, m := range tr.Matches {
		for s, who := range m.Players {
			switch {
			case who == idleU && (!m.Forfeit[s] || !m.Away[s]):
				t.Errorf("table %d: the idle player's seat %d forfeit %v, away %v; want lost away", m.Table, s, m.Forfeit[s], m.Away[s])
			case who != idleU && who != tourney.Bot && m.Forfeit[s]:
				t.Errorf("table %d: %s, present, lost the match: %+v", m.Table, who, m)
			}
		}
		if slices.Contains(m.Players[:], slowU) {
			slowMatches++
		}
	}
	if l := line(slowU); slowMatches < 2 || l.Matches != slowMatches || tr.Joined[slowU].Paused {
		t.Errorf("the slow player (%s): %+v in %d matches, %+v; want every match his, not paused", slowU, l, slowMatches, tr.Joined[slowU])
	}
	if partners && (idleU == slowU || !tourney.IsTeam(idleU) || !tourney.IsTeam(slowU)) {
		t.Errorf("the idle player's team %s, the slow player's %s: want two teams", idleU, slowU)
	}
	if len(tr.Matches) < 3 {
		t.Errorf("%d matches: the others did not play on", len(tr.Matches))
	}
	n.mu.Lock()
	rated := slices.Clone(n.rated)
	n.mu.Unlock()
	seen := 0
	for _, m := range rated {
		for s, e := range m.Seats {
			if e.ID == idle {
				seen++
				if !m.Out[s] || m.Partners != partners {
					// Partners with a seat out: the match is rated for
					// nobody (keep.MatchEnd), the idle's partner too.
					t.Errorf("match %s rated the idle player's seat: %+v", m.Key, m)
				}
			}
			if e.ID == slow && m.Out[s] {
				t.Errorf("match %s rated nobody for the slow player's seat", m.Key)
			}
		}
	}
	if seen != 1 {
		t.Errorf("the idle player's seat in %d rated matches, want his one", seen)
	}
	t.Logf("%d matches; standings %v", len(tr.Matches), st)
}
