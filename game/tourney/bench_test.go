package tourney

import (
	"fmt"
	"testing"
	"time"
)

// An evening's director work, as its server asks for it: the players
// join, and each table's end is taken and the next tables paired, the
// standings counted again for each player back in the pool.

// benchPlayers is how many play in a benchmark's tournament.
const benchPlayers = 64

// benchEvening drives a tournament of c with benchPlayers players
// through matches ends (the first table in play each time), and returns
// how many ended.
func benchEvening(b *testing.B, c Config, matches int) int {
	tr, err := New(c)
	if err != nil {
		b.Fatal(err)
	}
	now := t0.Add(-time.Minute)
	for i := range benchPlayers {
		if _, err := tr.Join(fmt.Sprintf("key:%03d", i), 1400+i*5, now); err != nil {
			b.Fatal(err)
		}
	}
	now = t0
	next := 0
	open := func(starts []Start) {
		for _, st := range starts {
			next++
			tr.Opened(st, next, now)
		}
	}
	open(tr.Tick(now))
	ended := 0
	for ended < matches && len(tr.Playing) > 0 {
		now = now.Add(10 * time.Second)
		p := tr.Playing[0]
		places := [4]int{1, 3, 1, 3} // a ranking alone and in partners
		if ended%2 == 1 {
			places = [4]int{3, 1, 3, 1}
		}
		starts, err := tr.Ended(p.Table, places, [4]bool{}, now)
		if err != nil {
			b.Fatal(err)
		}
		open(starts)
		ended++
	}
	return ended
}

// BenchmarkArenaEvening: an arena's 64 players through 200 matches.
func BenchmarkArenaEvening(b *testing.B) {
	c := Config{Kind: Arena, Game: "101", Hands: 1, Start: t0, Length: 12 * time.Hour, BotWait: time.Minute}
	for b.Loop() {
		benchEvening(b, c, 200)
	}
}

// BenchmarkSwissEvening: a Swiss's 64 players through 10 rounds.
func BenchmarkSwissEvening(b *testing.B) {
	c := Config{Kind: Swiss, Game: "101", Hands: 1, Start: t0, Rounds: 10, Back: time.Minute}
	for b.Loop() {
		benchEvening(b, c, 10*benchPlayers/4)
	}
}

// BenchmarkPartnersArenaEvening: a partners' arena's 32 teams through
// 200 matches.
func BenchmarkPartnersArenaEvening(b *testing.B) {
	c := Config{Kind: Arena, Game: "101", Rules: "partners", Hands: 1, Start: t0, Length: 12 * time.Hour, BotWait: time.Minute, Partners: true}
	for b.Loop() {
		benchEvening(b, c, 200)
	}
}
