package review

import (
	"context"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/pages"
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
	return playMatch(t, g, &bs, classic.NextHandAction(), stop, extra)
}

// play101 is playClassic in Okey 101.
func play101(t *testing.T, seed uint64, stop, extra int) okey101.Record {
	t.Helper()
	return play101As(t, seed, stop, extra, map[string]string{"level1": "normal", "level2": "normal", "level3": "normal"})
}

// play101As is play101 with the record's meta (what it says of the
// seats' levels; the bots are normal whatever it says).
func play101As(t *testing.T, seed uint64, stop, extra int, meta map[string]string) okey101.Record {
	t.Helper()
	g, err := okey101.NewGame(okey101.DefaultRules(), seed, meta)
	if err != nil {
		t.Fatal(err)
	}
	var bs [okey101.NumSeats]bots101.Bot
	for i := range bs {
		bs[i] = bots101.NewNormal(seed + uint64(i))
	}
	return playMatch(t, g, &bs, okey101.NextHand(), stop, extra)
}

// playMatch plays g with bots as playClassic says, next dealing the
// second hand.
func playMatch[S interface {
	Phase() game.Phase
	Turn() int
	View(seat int) V
}, V, A, E, R any, B interface {
	Decide(ctx context.Context, v V) (A, error)
}](t *testing.T, g interface {
	State() S
	Apply(a A) ([]E, []byte, error)
	Record() R
}, bots *[4]B, next A, stop, extra int) R {
	t.Helper()
	ctx := context.Background()
	step := func() {
		s := g.State()
		a, err := bots[s.Turn()].Decide(ctx, s.View(s.Turn()))
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
		if _, _, err := g.Apply(next); err != nil {
			t.Fatal(err)
		}
		for range extra {
			step()
		}
	}
	return g.Record()
}

// readOpt are the review's options for reading the racks with workers:
// fewer worlds than the review weighs, the same code on less work (64
// in a short run, the race detector's; 256 else). The review's own
// number is read in TestReadsOnlyAfterTheHand101.
func readOpt(t *testing.T, workers int) Options {
	if testing.Short() {
		return Options{Workers: workers, Worlds: 64}
	}
	return Options{Workers: workers, Worlds: 256}
}

// decisionsOf are decisions standing for those of ps (their index in
// the record is all ReadsOf reads of them).
func decisionsOf[S, A any](ps []coach.Point[S, A], seat int) []coach.Decision {
	ds := make([]coach.Decision, len(ps))
	for i, p := range ps {
		ds[i] = coach.Decision{Hand: p.Hand, Index: p.Index, Seat: seat}
	}
	return ds
}

// TestReadsOnlyAfterTheHand: the review's reading of the racks, with
// the racks as they were, is given for the decisions of a hand that is
// over, and for none of a hand still being played (a match saved
// mid-hand, reviewed from the saved matches): what the other racks
// held never reaches a screen while the hand is on. The racks given
// are the true ones; the tiles read known are the ones the view knew.
func TestReadsOnlyAfterTheHand(t *testing.T) {
	truth := func(s classic.State, seat int) (rack, known []tile.Tile) {
		v := s.View(0)
		k := v.Known()[seat]
		return s.View(seat).Rack, k.Tiles()
	}
	rec := playClassic(t, 5, 0, 40)
	ps, err := coach.PointsClassic(rec, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkReads(t, ps, ReadsOf(context.Background(), rec.Marshal(), 0, 0, decisionsOf(ps, 0), readOpt(t, 2)), truth, true)
	// The first hand cut before its end: nothing.
	cut := playClassic(t, 5, 30, 0)
	if ps, err = coach.PointsClassic(cut, 0, 0); err != nil {
		t.Fatal(err)
	}
	checkReads(t, ps, ReadsOf(context.Background(), cut.Marshal(), 0, 0, decisionsOf(ps, 0), readOpt(t, 2)), truth, false)
}

// TestReadsOnlyAfterTheHand101: the same in Okey 101, from its own
// belief (bots/belief101); the one tile the view knows in a rack is
// the discard its seat took and has not laid yet.
func TestReadsOnlyAfterTheHand101(t *testing.T) {
	truth := func(s okey101.State, seat int) (rack, known []tile.Tile) {
		v := s.View(0)
		if v.Turn == seat && v.Taken.Tile.Valid() && !v.Taken.Used {
			known = []tile.Tile{v.Taken.Tile}
		}
		return s.View(seat).Rack, known
	}
	rec := play101(t, 5, 0, 40)
	ps, err := coach.Points101(rec, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	opt := readOpt(t, 2)
	if !testing.Short() {
		opt.Worlds = 0 // the review's own
	}
	checkReads(t, ps, ReadsOf(context.Background(), rec.Marshal(), 0, 0, decisionsOf(ps, 0), opt), truth, true)
	cut := play101(t, 5, 30, 0)
	if ps, err = coach.Points101(cut, 0, 0); err != nil {
		t.Fatal(err)
	}
	checkReads(t, ps, ReadsOf(context.Background(), cut.Marshal(), 0, 0, decisionsOf(ps, 0), readOpt(t, 2)), truth, false)
}

// checkReads checks the reads of seat 0's decisions ps of a match
// whose first hand is over (over: it has decisions of a second): the
// first hand's decisions read the three other racks, with the tiles
// truth says each rack held and seat 0 knew there; the second's read
// nothing; and when the first hand is not over, nothing at all.
func checkReads[S, A any](t *testing.T, ps []coach.Point[S, A], reads [][]pages.RackRead, truth func(s S, seat int) (rack, known []tile.Tile), over bool) {
	t.Helper()
	if len(reads) != len(ps) {
		t.Fatalf("%d reads for %d decisions", len(reads), len(ps))
	}
	if got := len(ps) > 0 && ps[len(ps)-1].Hand > 1; got != over {
		t.Fatalf("decisions of a second hand: %v, want %v", got, over)
	}
	first, on, listed := 0, 0, 0
	for i, p := range ps {
		if p.Hand != 1 || !over {
			on++
			if reads[i] != nil {
				t.Fatalf("decision %d, of hand %d still being played, has the racks read: %+v", i, p.Hand, reads[i])
			}
			continue
		}
		first++
		if len(reads[i]) != 3 {
			t.Fatalf("decision %d of the hand over: %d racks read", i, len(reads[i]))
		}
		for _, rr := range reads[i] {
			seat := rr.Place + 1
			rack, known := truth(p.State, seat)
			if got, want := tile.FormatTiles(rr.Held), tile.FormatTiles(sorted(rack)); got != want {
				t.Fatalf("decision %d, place %d: held %s, the rack was %s", i, rr.Place, got, want)
			}
			if got, want := tile.FormatTiles(rr.Known), tile.FormatTiles(sorted(known)); got != want {
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
	}
	if over && (first == 0 || on == 0 || listed == 0) {
		t.Fatalf("%d decisions of the hand over (%d faces read likely), %d of the hand on", first, listed, on)
	}
	if !over && on == 0 {
		t.Fatal("no decision of the hand cut short")
	}
}

// sorted is the tiles in counting order, as a rack's counts list them.
func sorted(ts []tile.Tile) []tile.Tile {
	c := tile.CountsOf(ts)
	return c.Tiles()
}

// TestReads101AreWeighed: the 101 review shows the reading weighed by
// the turns its worlds explain (belief101's Weighed at reviewWeighing)
// for the racks of the seats its record names normal bots, each rack
// said weighed, and the learned reading for the others (the bots play
// otherwise); the same again when read again by two workers in place
// of one; with every seat normal, not the learned reading alone at
// every decision, and with none, the learned reading at every one.
func TestReads101AreWeighed(t *testing.T) {
	for _, c := range []struct {
		name string
		meta map[string]string
	}{
		{"normal bots", map[string]string{"level1": "normal", "level2": "normal", "level3": "normal"}},
		{"a hard bot across", map[string]string{"level1": "normal", "level2": "hard", "level3": "normal"}},
		{"hard bots", map[string]string{"level1": "hard", "level2": "hard", "level3": "hard"}},
	} {
		if testing.Short() && c.name != "a hard bot across" {
			continue // the one that weighs some seats and not others
		}
		t.Run(c.name, func(t *testing.T) {
			rec := play101As(t, 7, 0, 10, c.meta)
			ps, err := coach.Points101(rec, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			ds := decisionsOf(ps, 0)
			w := reviewWeighing()
			if o := readOpt(t, 1); o.Worlds > 0 {
				w.Worlds = o.Worlds
			}
			w.Skip = unweighed(c.meta)
			var flags [4]bool
			for s := 1; s < 4; s++ {
				flags[s] = c.meta["level"+strconv.Itoa(s)] == "normal"
			}
			reads := ReadsOf(context.Background(), rec.Marshal(), 0, 0, ds, readOpt(t, 1))
			again := ReadsOf(context.Background(), rec.Marshal(), 0, 0, ds, readOpt(t, 2))
			var rd belief101.Reader
			differ, checked := 0, 0
			for i, p := range ps {
				if p.Hand != 1 {
					continue
				}
				if !reflect.DeepEqual(reads[i], again[i]) {
					t.Fatalf("decision %d read twice: %+v, then %+v", i, reads[i], again[i])
				}
				v := p.State.View(0)
				var weighed, learned, uniform belief.Reading
				if err := rd.Weighed(context.Background(), &v, belief101.Trained(), w, weighSeed(&v), nil, &weighed); err != nil {
					t.Fatalf("decision %d: %v", i, err)
				}
				if err := rd.Read(&v, belief101.Trained(), &learned); err != nil {
					t.Fatal(err)
				}
				if err := rd.Read(&v, nil, &uniform); err != nil {
					t.Fatal(err)
				}
				held := func(o int) tile.Counts { return p.State.View(o).Counts }
				if want := rackReads(&weighed, &uniform, flags, held); !reflect.DeepEqual(reads[i], want) {
					t.Fatalf("decision %d: the review read %+v, the weighed reading %+v", i, reads[i], want)
				}
				if !reflect.DeepEqual(reads[i], rackReads(&learned, &uniform, flags, held)) {
					differ++
				}
				checked++
			}
			switch {
			case checked == 0:
				t.Fatal("no decision of the first hand")
			case flags == [4]bool{} && differ > 0:
				t.Fatalf("no seat weighed, yet %d of %d decisions read otherwise than the learned reading", differ, checked)
			case flags != [4]bool{} && differ == 0:
				t.Fatalf("none of %d decisions read otherwise than the learned reading", checked)
			}
		})
	}
}

// TestUnweighed: the review weighs the rack of a seat its record's meta
// names a normal bot, and no other: not a harder or easier bot, not a
// seat of no level, not a person at a served table.
func TestUnweighed(t *testing.T) {
	for _, c := range []struct {
		name string
		meta map[string]string
		want [4]bool
	}{
		{"the game's, normal bots", map[string]string{"program": "okey", "level1": "normal", "level2": "normal", "level3": "normal", "name1": "Zeynep"}, [4]bool{true, false, false, false}},
		{"the game's, mixed", map[string]string{"level1": "easy", "level2": "Normal", "level3": "expert"}, [4]bool{true, true, false, true}},
		{"no meta", nil, [4]bool{true, true, true, true}},
		{"served, a person at seat 2", map[string]string{"program": "okey serve", "level1": "normal", "level2": "normal", "name2": "ann", "level3": "hard"}, [4]bool{true, false, true, true}},
		{"okey sim's", map[string]string{"seat0": "normal", "seat1": "hard", "seat2": "normal", "seat3": "normal"}, [4]bool{false, true, false, false}},
	} {
		if got := unweighed(c.meta); got != c.want {
			t.Errorf("%s: skipped %v, want %v", c.name, got, c.want)
		}
	}
}

// TestReadsStopWithTheReview: a review closed (its context cancelled)
// reads no more racks, and says nothing it did not read.
func TestReadsStopWithTheReview(t *testing.T) {
	rec := play101(t, 7, 0, 10)
	ps, err := coach.Points101(rec, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for i, r := range ReadsOf(ctx, rec.Marshal(), 0, 0, decisionsOf(ps, 0), readOpt(t, 2)) {
		if r != nil {
			t.Fatalf("decision %d read after the review closed: %+v", i, r)
		}
	}
}

// TestReadsSayHowFar: the reading of the racks tells its progress, a
// count that only goes up, of every decision, ending at all of them
// (those of a hand not over counted as dealt with from the start).
func TestReadsSayHowFar(t *testing.T) {
	rec := play101(t, 7, 0, 10)
	ps, err := coach.Points101(rec, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	ds := decisionsOf(ps, 0)
	var mu sync.Mutex
	var said []int
	opt := readOpt(t, 2)
	opt.Progress = func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if total != len(ds) {
			t.Errorf("progress of %d decisions, want %d", total, len(ds))
		}
		said = append(said, done)
	}
	ReadsOf(context.Background(), rec.Marshal(), 0, 0, ds, opt)
	if len(said) == 0 || said[len(said)-1] != len(ds) {
		t.Fatalf("progress said %v, not ending at %d", said, len(ds))
	}
	if !slices.IsSorted(said) || len(slices.Compact(slices.Clone(said))) != len(said) {
		t.Fatalf("progress went back or stood: %v", said)
	}
	if later := len(ds) - said[0]; later < 2 {
		t.Fatalf("progress began at %d of %d: the hand over had %d decisions to read", said[0], len(ds), later)
	}
}
