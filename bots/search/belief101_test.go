package search

import (
	"context"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"okey/bots/bots101"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/okey101"
)

// playHand101 plays the first hand of match seed of 101 with the search
// player p in seat and normal bots seeded seed+seat elsewhere, and
// returns the hand's net points for the search's seat
// (rollout.Value101).
func playHand101(t *testing.T, seed uint64, seat int, p bots101.Bot) float64 {
	t.Helper()
	s, bs := match101(t, seed)
	bs[seat] = p
	for s.Phase() == game.Playing && s.Moves() < rollout.MaxActions {
		a, err := bs[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if s.Phase() == game.Playing {
		t.Fatalf("hand %d was not over after %d moves", seed, s.Moves())
	}
	return rollout.Value101(s, seat)
}

// TestSearchOnTheBelief101 sets the 101 search with its worlds drawn
// from the belief of the racks against the same search with worlds
// dealt uniformly, on the same deals, seat and bot seeds (paired), three
// normal bots beside: the measure of docs/studies/belief-101.md. By default it
// plays two hands at 1x, checking only that both play out and that a
// hand played again gives the same points; OKEY_BELIEF101_HANDS=N plays
// N hands (from OKEY_BELIEF101_FROM) at OKEY_BELIEF101_SCALE times the
// playouts and logs each hand's points and the paired difference;
// OKEY_BELIEF101_HARD=1 plays hard alone on the same hands instead, for
// the reference.
func TestSearchOnTheBelief101(t *testing.T) {
	t.Parallel()
	hands := envCount(t, "OKEY_BELIEF101_HANDS", 2)
	from := envCount(t, "OKEY_BELIEF101_FROM", 0)
	scale := envCount(t, "OKEY_BELIEF101_SCALE", 1)
	var bel, uni []float64
	for h := from; h < from+hands; h++ {
		seed := game.NewSeed(0xbe1101 + uint64(h))
		seat := h % okey101.NumSeats
		if os.Getenv("OKEY_BELIEF101_HARD") == "1" {
			t.Logf("hand %d seat %d: hard %+.2f", h, seat, playHand101(t, seed, seat, bots101.NewHard(seed^0x5eed)))
			continue
		}
		opt := Options{Seed: seed ^ 0x5eed, Scale: scale, Workers: 1}
		b := playHand101(t, seed, seat, New101(opt, nil))
		opt.Worlds = worldsUniform
		u := playHand101(t, seed, seat, New101(opt, nil))
		if math.IsNaN(b) || math.IsNaN(u) {
			t.Fatalf("hand %d: %v and %v", h, b, u)
		}
		bel, uni = append(bel, b), append(uni, u)
		t.Logf("hand %d seat %d: belief %+.2f uniform %+.2f", h, seat, b, u)
	}
	if len(bel) == 0 {
		return
	}
	if os.Getenv("OKEY_BELIEF101_HANDS") == "" {
		opt := Options{Seed: game.NewSeed(0xbe1101+uint64(from)) ^ 0x5eed, Scale: scale, Workers: 1}
		if again := playHand101(t, game.NewSeed(0xbe1101+uint64(from)), from%okey101.NumSeats, New101(opt, nil)); again != bel[0] {
			t.Fatalf("hand %d played again: %v, then %v", from, bel[0], again)
		}
	}
	mean, half := rollout.Paired(bel, uni)
	t.Logf("%d hands at %dx: belief − uniform %+.3f a hand (%+.3f to %+.3f)", len(bel), scale, mean, mean-half, mean+half)
}

// TestOpenSearch101 sets the search that also searches the opening
// decision ("-open") against the same search without it, on the hands
// of TestSearchOnTheBelief101 (the same deals, seat and bot seeds:
// paired), three normal bots beside. A hand where "-open" overrode no
// opening is played exactly as the search without it plays it (its
// opening search draws from a source of its own;
// TestOpenSearchesTheOpening101), so the search without it is played
// only where it overrode one, and on the first OKEY_OPEN101_CHECK hands
// (10 when unset) to check that the others are the same. By default it
// plays two hands at 1x; OKEY_OPEN101_HANDS=N plays N hands (from
// OKEY_OPEN101_FROM) at OKEY_OPEN101_SCALE times the playouts and logs
// each hand that differs, the paired difference and the opening
// searches counted.
func TestOpenSearch101(t *testing.T) {
	t.Parallel()
	hands := envCount(t, "OKEY_OPEN101_HANDS", 2)
	from := envCount(t, "OKEY_OPEN101_FROM", 0)
	scale := envCount(t, "OKEY_OPEN101_SCALE", 1)
	check := envCount(t, "OKEY_OPEN101_CHECK", 10)
	var diffs []float64
	var st OpenStats
	var sum, searchedHands, differ, discards int
	for h := from; h < from+hands; h++ {
		seed := game.NewSeed(0xbe1101 + uint64(h))
		seat := h % okey101.NumSeats
		opt := Options{Seed: seed ^ 0x5eed, Scale: scale, Workers: 1, Open: true}
		p := New101(opt, nil)
		o := playHand101(t, seed, seat, p)
		opt.Open = false
		d := 0.0
		if p.Open.Overrode > 0 || h < from+check {
			q := New101(opt, nil)
			b := playHand101(t, seed, seat, q)
			if p.Open.Overrode == 0 && (b != o || q.Stats != p.Stats) {
				t.Fatalf("hand %d: no opening overridden, yet %+.2f with -open and %+.2f without (%+v, %+v)", h, o, b, p.Stats, q.Stats)
			}
			d = o - b
			if p.Open.Overrode > 0 {
				differ++
				t.Logf("hand %d seat %d: open %+.2f plain %+.2f (%+v)", h, seat, o, b, p.Open)
			}
		}
		diffs = append(diffs, d)
		st.Searched += p.Open.Searched
		st.Overrode += p.Open.Overrode
		st.Waited += p.Open.Waited
		st.Opened += p.Open.Opened
		st.GaveBack += p.Open.GaveBack
		st.WaitedPairs += p.Open.WaitedPairs
		st.Playouts += p.Open.Playouts
		discards += p.Stats.Searched
		if p.Open.Searched > 0 {
			searchedHands++
		}
		sum++
	}
	mean, half := rollout.Paired(diffs, make([]float64, len(diffs)))
	t.Logf("%d hands at %dx: open − plain %+.3f a hand (%+.3f to %+.3f); %d hands differ; openings searched %d in %d hands, overridden %d (waited %d, opened %d), %d playouts; discards searched %d; of the waits %d gave a take back, %d where hard opened pairs",
		sum, scale, mean, mean-half, mean+half, differ, st.Searched, searchedHands, st.Overrode, st.Waited, st.Opened, st.Playouts, discards, st.GaveBack, st.WaitedPairs)
}

// envCount is the whole number in the environment variable name, def
// when it is unset; anything else but a number of zero or more fails t.
func envCount(t testing.TB, name string, def int) int {
	t.Helper()
	s := strings.TrimSpace(os.Getenv(name))
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a whole number", name, s)
	}
	return n
}
