//go:build tune

package bots101_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
	"okey/lab/internal/arenatest"
)

// TestTakenHeld101 measures, for point 1 of issue 66, what classic's
// "sight of the tiles taken" (pimc-taken=1, docs/studies/classic-bound.md) would
// show in 101. A tile taken from the discards must go onto the table in
// the taker's turn (RULES.md), so at another seat's decision no rack
// holds one; the one tile a 101 rack holds that the table's history
// names is an okey taken back and not laid, discarded nor finished
// with since. This counts, at every discard decision of the first hand
// of OKEY_MATCHES matches (400) of the table OKEY_BOTS (four normal),
// the opponents whose true rack holds such an okey:
//
//	OKEY_MATCHES=400 OKEY_BOTS=hard,hard,hard,hard go -C lab test -tags tune ./bots101 -run TakenHeld101 -v
//
// It only reports (docs/studies/belief-101.md, "The tiles taken: nothing to see
// in 101").
func TestTakenHeld101(t *testing.T) {
	matches := arenatest.EnvCount(t, "OKEY_MATCHES", 400)
	names := []string{"normal", "normal", "normal", "normal"}
	if b := os.Getenv("OKEY_BOTS"); b != "" {
		names = strings.Split(b, ",")
	}
	if len(names) != okey101.NumSeats {
		t.Fatalf("OKEY_BOTS: need four bots, not %d", len(names))
	}
	decisions, held, takenBack := 0, 0, 0
	for m := range uint64(matches) {
		s, err := okey101.NewMatch(okey101.DefaultRules(), 5000+m)
		if err != nil {
			t.Fatal(err)
		}
		var bots [okey101.NumSeats]bots101.Bot
		for i := range bots {
			if bots[i], err = bots101.New(names[i], bots101.Options{Seed: m*31 + uint64(i)}); err != nil {
				t.Fatal(err)
			}
		}
		for hand := s.HandNumber(); s.Phase() == game.Playing && s.HandNumber() == hand; {
			v := s.View(s.Turn())
			if v.Legal.Discard {
				decisions++
				kept := okeysTakenBack(&v)
				for k := 1; k < okey101.NumSeats; k++ {
					if o := (v.Seat + k) % okey101.NumSeats; kept[o] > 0 && s.View(o).Counts[v.Okey] > 0 {
						held++
					}
				}
			}
			a, err := bots[s.Turn()].Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind == okey101.ActTakeBack {
				takenBack++
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%s, %d first hands: %d okeys taken back; at %d discard decisions, %d opponents held one it took back (%.3f%% of decisions)",
		strings.Join(names, ","), matches, takenBack, decisions, held, 100*float64(held)/float64(max(decisions, 1)))
}

// okeysTakenBack counts, by seat, the okeys each took back from the
// table this hand less those it has put down since (in a meld, laid
// off, discarded or finished with): what the public history says a
// rack still holds.
func okeysTakenBack(v *okey101.View) (n [okey101.NumSeats]int) {
	for _, e := range v.History {
		switch e.Kind {
		case okey101.EvTakeBack:
			n[e.Seat]++
		case okey101.EvOpen, okey101.EvLay:
			for _, ml := range e.Melds {
				for _, x := range ml.Tiles {
					if x == v.Okey && n[e.Seat] > 0 {
						n[e.Seat]--
					}
				}
			}
		case okey101.EvLayOff, okey101.EvDiscard, okey101.EvFinish:
			if e.Tile == v.Okey && n[e.Seat] > 0 {
				n[e.Seat]--
			}
		}
	}
	return n
}
