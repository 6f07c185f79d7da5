package review

import (
	"context"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// playClassic plays a classic match of normal bots from seed: its first
// hand to the end, then extra actions of the second; or, with stop
// above 0, the first stop actions of the first hand. The record.
func playClassic(t *testing.T, seed uint64, stop, extra int) classic.Record {
	t.Helper()
	g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for i := range bs {
		bs[i] = botsclassic.NewNormal(seed + uint64(i))
	}
	ctx := context.Background()
	step := func() {
		s := g.State()
		a, err := bs[s.Turn()].Decide(ctx, s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; g.State().Phase() == game.Playing; n++ {
		if stop > 0 && n == stop {
			return g.Record()
		}
		step()
	}
	if g.State().Phase() != game.HandOver {
		t.Fatalf("the match ended after one hand (phase %v)", g.State().Phase())
	}
	if extra > 0 {
		if _, _, err := g.Apply(classic.NextHandAction()); err != nil {
			t.Fatal(err)
		}
		for range extra {
			step()
		}
	}
	return g.Record()
}

// decisionsOf are decisions standing for seat's in rec (their index in
// the record is all ReadsOf reads of them).
func decisionsOf(t *testing.T, rec classic.Record, seat int) ([]coach.Decision, []coach.PointClassic) {
	t.Helper()
	ps, err := coach.PointsClassic(rec, seat, 0)
	if err != nil {
		t.Fatal(err)
	}
	ds := make([]coach.Decision, len(ps))
	for i, p := range ps {
		ds[i] = coach.Decision{Hand: p.Hand, Index: p.Index, Seat: seat}
	}
	return ds, ps
}

// TestReadsOnlyAfterTheHand: the review's reading of the racks, with
// the racks as they were, is given for the decisions of a hand that is
// over, and for none of a hand still being played (a match saved
// mid-hand, reviewed from the saved matches): what the other racks
// held never reaches a screen while the hand is on. The racks given
// are the true ones; the tiles read known are the ones the view knew.
func TestReadsOnlyAfterTheHand(t *testing.T) {
	rec := playClassic(t, 5, 0, 40)
	ds, ps := decisionsOf(t, rec, 0)
	reads := ReadsOf(rec.Marshal(), 0, 0, ds)
	if len(reads) != len(ds) {
		t.Fatalf("%d reads for %d decisions", len(reads), len(ds))
	}
	over, on, listed := 0, 0, 0
	for i, p := range ps {
		switch p.Hand {
		case 1:
			over++
			if len(reads[i]) != classic.NumSeats-1 {
				t.Fatalf("decision %d of the hand over: %d racks read", i, len(reads[i]))
			}
			for _, rr := range reads[i] {
				seat := (p.Played.Seat + rr.Place + 1) % classic.NumSeats
				rack := p.State.View(seat).Rack
				if got, want := tile.FormatTiles(rr.Held), tile.FormatTiles(sorted(rack)); got != want {
					t.Fatalf("decision %d, place %d: held %s, the rack was %s", i, rr.Place, got, want)
				}
				v0 := p.State.View(0)
				known := v0.Known()[seat]
				if got, want := tile.FormatTiles(rr.Known), tile.FormatTiles(known.Tiles()); got != want {
					t.Fatalf("decision %d, place %d: known %s, the view knew %s", i, rr.Place, got, want)
				}
				for _, g := range rr.Likely {
					if g.Chance <= 0 || g.Chance > 1 {
						t.Fatalf("decision %d, place %d: likeliest %+v", i, rr.Place, rr.Likely)
					}
				}
				if rr.ByChance < 0 || rr.ByChance > float64(len(rr.Likely)) {
					t.Fatalf("decision %d, place %d: %.2f of %d by chance", i, rr.Place, rr.ByChance, len(rr.Likely))
				}
				listed += len(rr.Likely)
			}
		default:
			on++
			if reads[i] != nil {
				t.Fatalf("decision %d, of hand %d still being played, has the racks read: %+v", i, p.Hand, reads[i])
			}
		}
	}
	if over == 0 || on == 0 || listed == 0 {
		t.Fatalf("%d decisions of the hand over (%d faces read likely), %d of the hand on", over, listed, on)
	}
	// The first hand cut before its end: nothing.
	cut := playClassic(t, 5, 30, 0)
	ds, _ = decisionsOf(t, cut, 0)
	for i, r := range ReadsOf(cut.Marshal(), 0, 0, ds) {
		if r != nil {
			t.Fatalf("decision %d of a hand cut short has the racks read", i)
		}
	}
}

// sorted is the tiles in counting order, as a rack's counts list them.
func sorted(ts []tile.Tile) []tile.Tile {
	c := tile.CountsOf(ts)
	return c.Tiles()
}
