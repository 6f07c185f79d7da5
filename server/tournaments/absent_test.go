package tournaments

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/kit/seatmsg"
	"okey/server/tables"
)

// jumpClock is the real clock moved on by hand: the tables' clock of a
// test where a player stays away from their seat past their time,
// which the test jumps over rather than waits out.
type jumpClock struct {
	mu sync.Mutex
	by time.Duration
}

func (c *jumpClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return time.Now().Add(c.by) }

func (c *jumpClock) jump(d time.Duration) { c.mu.Lock(); c.by += d; c.mu.Unlock() }

// TestAwayFromTheTableLosesTheMatch: a bot earns nothing for an absent
// player. Four come to their first table; one of them presses no key
// there, their bot playing: the table tells them the match is lost for
// them, and its end counts it lost away (0 points, however the bot
// did). They are paused — out of the pool, the three others waiting
// for a fourth in an arena, out of the next round in a Swiss — until
// they come back (a key on the page: a join), and then paired again.
// The tournament is played to its end, and its standings are what its
// records add up to.
func TestAwayFromTheTableLosesTheMatch(t *testing.T) {
	t.Parallel()
	for _, kind := range []tourney.Kind{tourney.Arena, tourney.Swiss} {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			awayLoses(t, kind)
		})
	}
}

func awayLoses(t *testing.T, kind tourney.Kind) {
	tclk := &jumpClock{}
	c := tourney.Config{Kind: kind, Name: "away", Game: "101", Hands: 1, Start: t0, BotLevel: "easy",
		Back: 10 * time.Minute, Away: 5 * time.Minute}
	if kind == tourney.Arena {
		c.Length = 30 * time.Minute // no bots: four make a table
	} else {
		c.Rounds = 3 // the second without the away player, the third with them back
	}
	// No turn's timer: a player at the table who does not play is
	// waited for, and only one who says they are away has a bot.
	n, clk, id := beginOn(t, c, 4, tclk.Now, 0)
	clk.add(10 * time.Minute)
	ctx := context.Background()
	tr := waitFor(t, n, id, "the first table", func(tr tourney.Tournament) bool { return len(tr.Playing) == 1 })
	first := tr.Playing[0]
	table := strconv.Itoa(first.Table)
	tb := n.hall.Local(table)
	if tb == nil {
		t.Fatal("the first table is not open")
	}
	away := player(3)
	seats := tr.Seats(first.Players)
	ms := map[string]*tables.Member{}
	call := func(r tables.Request) {
		t.Helper()
		if !tb.Call(ctx, r) {
			t.Fatal("the table took no request")
		}
	}
	for _, who := range seats {
		m := tables.NewMember(who, who[len(who)-2:], "127.0.0.1", -1)
		r := tables.Request{Kind: tables.ReqJoin, M: m, Reply: make(chan tables.JoinReply, 1)}
		call(r)
		if rep := <-r.Reply; rep.Err != nil {
			t.Fatalf("%s: %v", who, rep.Err)
		}
		ms[who] = m
		if who != away {
			call(tables.Request{Kind: tables.ReqHere, M: m}) // a key at the table
		}
	}
	call(tables.Request{Kind: tables.ReqAway, M: ms[away]}) // no key: their bot plays
	for end := time.Now().Add(time.Minute); tb.Summary.Load().Players[slices.Index(seats[:], away)].Kind != seatmsg.Away; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the table never marked the player away")
		}
	}
	// Past the time they may be away (the others at the table, waited
	// for, are not away): the next thing the table does marks it.
	tclk.jump(c.Away + time.Second)
	call(tables.Request{Kind: tables.ReqAway, M: ms[away]})
	told := false
	for end := time.Now().Add(time.Minute); !told; {
		select {
		case msg := <-ms[away].Box:
			told = msg.Update != nil && msg.Update.AwayLost
		case <-time.After(time.Until(end)):
			t.Fatal("the away player was never told their match is lost")
		}
	}
	// The others let their bots play it out, in less than they may be
	// away (the clock no longer jumps).
	for who, m := range ms {
		if who != away {
			call(tables.Request{Kind: tables.ReqAway, M: m})
		}
	}
	select {
	case got := <-n.ended:
		if got != table {
			t.Fatalf("table %s ended, want %s", got, table)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the first match never ended")
	}
	for _, m := range ms {
		call(tables.Request{Kind: tables.ReqLeave, M: m})
	}
	tr = waitFor(t, n, id, "the first match counted", func(tr tourney.Tournament) bool { return len(tr.Matches) == 1 })
	i := slices.IndexFunc(tr.Matches, func(m tourney.Match) bool { return m.Table == first.Table })
	if i < 0 {
		t.Fatalf("the first match not counted: %+v", tr.Matches)
	}
	for s, who := range tr.Matches[i].Players {
		if m := tr.Matches[i]; m.Forfeit[s] != (who == away) || m.Away[s] != (who == away) {
			t.Errorf("seat %d (%s): forfeit %v, away %v", s, who, m.Forfeit[s], m.Away[s])
		}
	}
	pl := &players{at: map[string][]*tables.Member{}}
	if e := tr.Joined[away]; !e.Paused || e.Left {
		t.Fatalf("the away player is %+v, want paused", e)
	}
	if kind == tourney.Arena {
		clk.add(5 * time.Minute)
		n.svc.Owner().Round(ctx)
		if _, tr, _ = n.svc.Tournament(id); len(tr.Playing) != 0 || len(tr.Pool) != 3 {
			t.Fatalf("with the away player paused: playing %+v, pool %+v; want three waiting", tr.Playing, tr.Pool)
		}
		// A key on the page: they are back, and four make a table.
		if err := n.svc.JoinTournament(ctx, id, away, nameOf(3), 1530); err != nil {
			t.Fatal(err)
		}
		tr = waitFor(t, n, id, "back", func(tr tourney.Tournament) bool { return !tr.Joined[away].Paused })
		if len(tr.Playing) != 1 {
			t.Fatalf("back, and no table of four: playing %+v", tr.Playing)
		}
	} else {
		// The next round is paired without them, a bot in their place.
		tr = waitFor(t, n, id, "round 2", func(tr tourney.Tournament) bool { return tr.Round == 2 && len(tr.Playing) == 1 })
		if slices.Contains(tr.Playing[0].Players[:], away) || !slices.Contains(tr.Playing[0].Players[:], tourney.Bot) {
			t.Fatalf("round 2 with the away player paused: %v", tr.Playing[0].Players)
		}
		if err := n.svc.JoinTournament(ctx, id, away, nameOf(3), 1530); err != nil {
			t.Fatal(err)
		}
		tr = waitFor(t, n, id, "back", func(tr tourney.Tournament) bool { return !tr.Joined[away].Paused })
	}
	tr = playWith(t, n, clk, id, 30*time.Second, nil, pl)
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	if again := recomputed(t, n.svc, id); !slices.Equal(st, again) {
		t.Fatalf("the standings are not what the records add up to:\n%v\n%v", st, again)
	}
	seated := 0
	for _, m := range tr.Matches {
		if slices.Contains(m.Players[:], away) {
			seated++
		}
	}
	if seated < 2 {
		t.Errorf("the away player sat at %d matches; want them paired again", seated)
	}
	t.Logf("%d matches; standings %v", len(tr.Matches), st)
}
