package tournaments

import (
	"context"
	"slices"
	"testing"
	"time"

	"okey/game/tourney"
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
func TestIdlePlayerEarnsNothing(t *testing.T) {
	for _, kind := range []tourney.Kind{tourney.Arena, tourney.Swiss} {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			idleEarnsNothing(t, kind)
		})
	}
}

func idleEarnsNothing(t *testing.T, kind tourney.Kind) {
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	// The turn's timer: what an idle player's first turn waits, and a
	// slow one's each match.
	n := startNodeOn(t, eng, kept, nil, clk, time.Now, 2*time.Second, nil)
	c := tourney.Config{Kind: kind, Name: "idle", Game: "101", Hands: 1, Start: t0, BotLevel: "easy",
		Back: backTime, Away: awayTime}
	if kind == tourney.Arena {
		c.Length, c.BotWait = 10*time.Minute, time.Minute // three left wait a minute for a bot
	} else {
		c.Rounds = 3
	}
	ctx := context.Background()
	id, err := n.svc.CreateTournament(ctx, "key:SHA256:creator", c)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if err := n.svc.JoinTournament(ctx, id, player(i), nameOf(i), 1500+10*i); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, n, id, "four joined", func(tr tourney.Tournament) bool { return len(tr.Joined) == 4 })
	clk.add(10 * time.Minute)
	idle, slow := player(3), player(2)
	p := &players{at: map[string][]*tables.Member{}, idle: map[string]bool{idle: true}, slow: map[string]bool{slow: true}}
	// The tournament's clock moves only while no table is in play, so
	// that the arena's minutes are matches played, not skipped.
	var tr tourney.Tournament
	for deadline := time.Now().Add(5 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the tournament never finished: %s, playing %v, %d matches", tr.Phase, tr.Playing, len(tr.Matches))
		}
		n.svc.Round(ctx)
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
			clk.add(30 * time.Second)
		}
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	if again := recomputed(t, n.svc, id); !slices.Equal(st, again) {
		t.Fatalf("the standings are not what the records add up to:\n%v\n%v", st, again)
	}
	line := func(who string) tourney.Standing {
		i := slices.IndexFunc(st, func(s tourney.Standing) bool { return s.Player == who })
		if i < 0 {
			t.Fatalf("%s has no line: %v", who, st)
		}
		return st[i]
	}
	if l := line(idle); l.Points != 0 || l.Matches != 1 || l.Wins != 0 || !tr.Joined[idle].Paused {
		t.Errorf("the idle player: %+v, %+v; want one match, no point, paused", l, tr.Joined[idle])
	}
	slowMatches := 0
	for _, m := range tr.Matches {
		for s, who := range m.Players {
			switch {
			case who == idle && (!m.Forfeit[s] || !m.Away[s]):
				t.Errorf("table %d: the idle player's seat forfeit %v, away %v; want lost away", m.Table, m.Forfeit[s], m.Away[s])
			case who != idle && who != tourney.Bot && m.Forfeit[s]:
				t.Errorf("table %d: %s, present, lost the match: %+v", m.Table, who, m)
			}
			if who == slow {
				slowMatches++
			}
		}
	}
	if l := line(slow); slowMatches < 2 || l.Matches != slowMatches || tr.Joined[slow].Paused {
		t.Errorf("the slow player: %+v in %d matches, %+v; want every match his, not paused", l, slowMatches, tr.Joined[slow])
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
				if !m.Out[s] {
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
