//go:build tune

package search_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/search"
	"okey/game"
	"okey/game/classic"
)

// TestOverrideRate counts, for the study (docs/studies/classic-hard-bot.md),
// how often the search searches and how often it throws something other
// than hard's pick: OKEY_HANDS hands (40) from seed 1, the search in
// seat 0 at OKEY_SCALE (1) and gate OKEY_Z (1) against three normal
// bots.
//
//	OKEY_HANDS=40 go -C lab test -tags tune ./search -run OverrideRate -v
func TestOverrideRate(t *testing.T) {
	hands, scale := envInt("OKEY_HANDS", 40), envInt("OKEY_SCALE", 1)
	z, err := strconv.ParseFloat(os.Getenv("OKEY_Z"), 64)
	if err != nil {
		z = 1
	}
	var total search.Stats
	moves := 0
	for k := range hands {
		s, err := classic.NewMatch(classic.DefaultRules(), uint64(k)+1)
		if err != nil {
			t.Fatal(err)
		}
		p := search.New(search.Options{Seed: uint64(k), Scale: scale, Z: z})
		bs := [classic.NumSeats]botsclassic.Bot{p, botsclassic.NewNormal(uint64(k) + 11), botsclassic.NewNormal(uint64(k) + 12), botsclassic.NewNormal(uint64(k) + 13)}
		for s.Phase() == game.Playing && s.Moves() < 500 {
			seat := s.Turn()
			v := s.View(seat)
			a, err := bs[seat].Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if seat == 0 && v.Stage == classic.MustDiscard {
				moves++
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		total.Searched += p.Stats.Searched
		total.Overrode += p.Stats.Overrode
		total.Playouts += p.Stats.Playouts
	}
	t.Logf("scale %d, z %g, %d hands: %d discards, %d searched, %d overrode hard (%.1f%% of searched), %.0f playouts a hand",
		scale, z, hands, moves, total.Searched, total.Overrode, 100*float64(total.Overrode)/float64(max(total.Searched, 1)), float64(total.Playouts)/float64(hands))
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
