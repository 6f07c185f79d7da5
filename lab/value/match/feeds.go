package main

import (
	"context"
	"fmt"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
)

// feeds is how much of a seat's wins another seat's discards decide,
// among four hard bots: a seat takes only from the seat before it, so
// the one opponent a seat's discards can help or keep from winning is
// the next, and the wins it can take from him are at most those he
// finished right after taking its discard.
type feeds struct {
	hands, wins int
	fed         int // wins finished on the turn that took the previous seat's discard
	tookAny     int // wins in whose hand the winner took a discard at least once
}

// playFeeds plays hands single hands (one a seed from seed) of four hard
// bots and counts the wins the previous seat's discard finished.
func playFeeds(ctx context.Context, hands int, seed uint64) (feeds, error) {
	var f feeds
	for h := range hands {
		s := game.NewSeed(seed + uint64(h))
		g, err := classic.NewGame(classic.DefaultRules(), s, nil)
		if err != nil {
			return f, fmt.Errorf("hand %d: %w", h, err)
		}
		var bs [classic.NumSeats]*botsclassic.Hard
		for i := range bs {
			bs[i] = botsclassic.NewHard(s + uint64(i) + 1)
		}
		var lastTake, took [classic.NumSeats]bool
		for g.State().Phase() == game.Playing {
			st := g.State()
			seat := st.Turn()
			a, err := bs[seat].Decide(ctx, st.View(seat))
			if err != nil {
				return f, fmt.Errorf("hand %d, seat %d: %w", h, seat, err)
			}
			switch a.Kind {
			case classic.ActTake:
				lastTake[seat], took[seat] = true, true
			case classic.ActDraw:
				lastTake[seat] = false
			}
			if _, _, err := g.Apply(a); err != nil {
				return f, fmt.Errorf("hand %d: %v: %w", h, a, err)
			}
		}
		f.hands++
		r := g.State().Result()
		if r == nil || r.Winner < 0 {
			continue
		}
		f.wins++
		if lastTake[r.Winner] {
			f.fed++
		}
		if took[r.Winner] {
			f.tookAny++
		}
	}
	return f, nil
}
