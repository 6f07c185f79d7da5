package coach

import (
	"context"
	"math"
	"math/bits"
	"reflect"
	"slices"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

var ctx = context.Background()

// quick are the options of the tests: few worlds, fixed seed.
var quick = Options{Seed: 5, Samples: 32, MinSamples: 16, Workers: 2}

// TestNeverPeeks: a decision judged from the true state and from a state
// whose hidden parts (other racks, the wall's order) were dealt anew to
// agree with the seat's view gets the identical verdict, with the same
// seed — while the hidden parts did differ.
func TestNeverPeeks(t *testing.T) {
	t.Parallel()
	rec := classicRecord(t, 11, [4]string{"normal", "hard", "easy", "normal"})
	ps, err := PointsClassic(rec, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range ps[2:] {
		if checked == 3 {
			break
		}
		v := p.State.View(0)
		other, err := rollout.WorldClassic(&v, 4242, 0)
		if err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(other.View(1).Counts, p.State.View(1).Counts) && other.View(2).Counts == p.State.View(2).Counts {
			continue // the new deal happens to match: no test
		}
		a, err := JudgeClassic(ctx, p.State.View(0), p.Played, quick)
		if err != nil {
			t.Fatal(err)
		}
		b, err := JudgeClassic(ctx, other.View(0), p.Played, quick)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("classic action %d: the verdict changed with the hidden tiles:\n%+v\n%+v", p.Index, a, b)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no decision checked")
	}

	rec1 := record101(t, 11, [4]string{"normal", "hard", "easy", "normal"})
	ps1, err := Points101(rec1, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	checked = 0
	for _, p := range ps1[1:] {
		if checked == 2 {
			break
		}
		v := p.State.View(0)
		other, err := rollout.World101(&v, 4242, 0)
		if err != nil {
			t.Fatal(err)
		}
		if other.View(1).Counts == p.State.View(1).Counts {
			continue
		}
		a, err := Judge101(ctx, p.State.View(0), p.Played, quick)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Judge101(ctx, other.View(0), p.Played, quick)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("101 action %d: the verdict changed with the hidden tiles:\n%+v\n%+v", p.Index, a, b)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no 101 decision checked")
	}
}

// TestForcedWinLosesNothing: at a winning rack whose okey can go as the
// finishing discard — an okey finish, the most a hand of melds scores,
// so no other move can do better in any world — the analyser's own
// finish loses exactly 0 and is the best move.
func TestForcedWinLosesNothing(t *testing.T) {
	t.Parallel()
	found := 0
	for seed := uint64(1); seed < 3000 && found < 2; seed++ {
		rec := classicRecord(t, seed, [4]string{"normal", "normal", "normal", "normal"})
		for seat := range classic.NumSeats {
			ps, _ := PointsClassic(rec, seat, 1)
			for _, p := range ps {
				v := p.State.View(seat)
				if p.Played.Kind != classic.ActFinish || v.Counts[v.Okey] == 0 {
					continue
				}
				an, err := botsclassic.NewHard(1).Decide(ctx, v)
				if err != nil {
					t.Fatal(err)
				}
				if an.Kind != classic.ActFinish || an.Tile != v.Okey {
					continue
				}
				h, _ := v.Analyzer.HandOf(v.Counts)
				h.Remove(v.Okey)
				if w, ok := v.Analyzer.Win(h); !ok || w.Kind != hand.WinMelds {
					continue // pairs: a pairs okey finish scores more
				}
				d, err := JudgeClassic(ctx, v, an, quick)
				if err != nil {
					t.Fatal(err)
				}
				if d.Loss != 0 || d.Label != Best || d.Low != 0 || d.High != 0 {
					t.Errorf("seed %d: the analyser's finish %s: loss %v [%v, %v], %s; want exactly 0, best; %+v", seed, d.Played, d.Loss, d.Low, d.High, d.Label, d.Candidates)
				}
				found++
			}
		}
	}
	if found == 0 {
		t.Fatal("no okey finish found")
	}
}

// TestLabelsFollowTheInterval: two decisions whose intervals read the
// same (their ends as the review prints them) get the same label and
// certainty, whatever their unrounded means — the review once printed
// "0.30 · inaccuracy / likely (0.26 to 0.35)" and "0.31 · mistake /
// sure (0.26 to 0.35)" side by side. Both games' scales are swept.
func TestLabelsFollowTheInterval(t *testing.T) {
	t.Parallel()
	type read struct {
		l Label
		u bool
		c Certainty
	}
	for _, g := range []struct {
		name string
		th   Thresholds
		step float64
	}{{"classic", ThresholdsClassic, 0.0007}, {"101", Thresholds101, 0.23}} {
		seen := map[[2]string]read{}
		first := map[[2]string][2]float64{}
		for i := 1; i < 1500; i++ {
			for j := 1; j < 150; j++ {
				loss, half := float64(i)*g.step, float64(j)*g.step*0.9
				l, u := g.th.label(loss, half, false)
				r := read{l, u, g.th.certainty(loss, half, false, u)}
				lo, hi := max(loss-half, 0), loss+half
				l0, h0 := ShowInterval(lo, hi)
				key := [2]string{l0, h0}
				if was, ok := seen[key]; ok && was != r {
					f := first[key]
					t.Fatalf("%s: %v±%v reads %s to %s as %+v; %v±%v reads the same interval as %+v", g.name, loss, half, key[0], key[1], r, f[0], f[1], was)
				}
				seen[key], first[key] = r, [2]float64{loss, half}
			}
		}
	}
	// The pair: 0.30 and 0.31 with the interval 0.26 to 0.35.
	th := ThresholdsClassic
	l1, u1 := th.label(0.3025, 0.0455, false)
	l2, u2 := th.label(0.3075, 0.0455, false)
	if l1 != l2 || u1 != u2 {
		t.Errorf("0.26 to 0.35 read as %s (%v) and %s (%v)", l1, u1, l2, u2)
	}
}

// TestOpenFinishWords: a finish not played is named with what it was
// worth against the move played, whatever that move's label; the
// difference earns a label where the finish is shown worth more, and is
// too close to call where the two are not told apart.
func TestOpenFinishWords(t *testing.T) {
	t.Parallel()
	cases := []struct {
		w       *Weighed
		holding bool
		th      Thresholds
		want    string
	}{
		{nil, false, ThresholdsClassic, ""},
		{&Weighed{Move: "finish with R5", More: -0.12, Half: 0.05}, true, ThresholdsClassic, "a finish was open (finish with R5): worth 0.12 less than holding"},
		{&Weighed{Move: "finish with R5", More: 1.3, Half: 0.1}, true, ThresholdsClassic, "a finish was open (finish with R5): worth 1.30 more than holding: a blunder"},
		{&Weighed{Move: "finish with R5", More: 0.3, Half: 0.02}, false, ThresholdsClassic, "a finish was open (finish with R5): worth 0.30 more than this move: a mistake"},
		{&Weighed{Move: "finish with R5", More: 0.15, Half: 0.02}, false, ThresholdsClassic, "a finish was open (finish with R5): worth 0.15 more than this move: an inaccuracy"},
		{&Weighed{Move: "finish with R5", More: 0.05, Half: 0.02}, false, ThresholdsClassic, "a finish was open (finish with R5): worth 0.05 more than this move"},
		{&Weighed{Move: "finish with R5 (okey finish)", More: 0.03, Half: 0.09}, true, ThresholdsClassic, "a finish was open (finish with R5 (okey finish)): worth 0.03 more than holding, too close to call"},
		{&Weighed{Move: "discard K9", More: 130, Half: 20}, false, Thresholds101, "a finish was open (discard K9): worth 130 more than this move: a blunder"},
		{&Weighed{Move: "lay off R5 on meld 2", More: 60, Half: 20, Doubles: "okey"}, false, Thresholds101, "an okey finish was open (lay off R5 on meld 2): worth 60 more than this move: a mistake"},
		{&Weighed{Move: "open 104: R1 R2 R3 | K5 K6 K7", More: -12, Half: 30, Doubles: "elden"}, false, Thresholds101, "an elden finish was open (open 104: R1 R2 R3 | K5 K6 K7): worth 12 less than this move, too close to call"},
	}
	for _, c := range cases {
		if got := OpenFinishWords(c.w, c.holding, c.th); got != c.want {
			t.Errorf("%+v: %q, want %q", c.w, got, c.want)
		}
	}
}

// TestLabels: a move whose 95% interval reaches 0 is the best (as good
// as any); any other is labelled by the loss less 2.5 standard errors,
// uncertain when the 95% interval reaches a harsher label.
func TestLabels(t *testing.T) {
	t.Parallel()
	th := ThresholdsClassic
	cases := []struct {
		loss, half float64
		found      bool // the move is the best found
		want       Label
		unsure     bool
		sure       Certainty
	}{
		{0, 0, true, Best, false, Sure},
		{0, 0.2, true, Best, true, Likely},           // the best found, the runner-up may be better by an inaccuracy
		{0.5, 0.6, false, Best, true, TooClose},      // not shown worse (the interval reaches 0): as good as any, the best
		{0.05, 0.2, false, Best, true, TooClose},     // the same, closer
		{0.13, 0.12, false, Good, true, Likely},      // shown worse (0.01 to 0.25) by less than an inaccuracy read low: good, never "as good"
		{0.05, 0.01, false, Good, false, Sure},       // a small loss, surely
		{0.15, 0.01, false, Inaccuracy, false, Sure}, //
		{0.35, 0.1, false, Inaccuracy, true, Likely}, // at least an inaccuracy, maybe a mistake
		{0.35, 0.2, false, Good, true, Likely},       // 2.5 deviations reach below the inaccuracy line
		{0.3, 0.01, false, Mistake, false, Sure},     //
		{0.9, 0.1, false, Blunder, false, Sure},      //
	}
	for _, c := range cases {
		l, u := th.label(c.loss, c.half, c.found)
		if l != c.want || u != c.unsure {
			t.Errorf("label(%v, %v, %v) = %s %v, want %s %v", c.loss, c.half, c.found, l, u, c.want, c.unsure)
		}
		if s := th.certainty(c.loss, c.half, c.found, u); s != c.sure {
			t.Errorf("certainty(%v, %v, %v) = %q, want %q", c.loss, c.half, c.found, s, c.sure)
		}
	}
	settled := []struct {
		loss, half float64
		want       bool
	}{
		{0, 0, true},
		{0.03, 0.05, true}, // best or good: fine either way
		{0.05, 0.1, false}, // best to inaccuracy
		{0.2, 0.15, false}, // good to mistake
		{0.4, 0.05, true},  // a mistake
	}
	// After 16 of 128 worlds the interval will shrink by √8: a move
	// now best?, whose loss less 2.5 deviations would still be below 0,
	// is settled; one whose lower end would cross the inaccuracy line
	// is not.
	if !th.settled(0.1, 0.5, 16, 128) {
		t.Error("settled(0.1 ± 0.5 after 16 of 128) = false, want true: best with every world")
	}
	if th.settled(0.3, 0.5, 16, 128) {
		t.Error("settled(0.3 ± 0.5 after 16 of 128) = true, want false: may be an inaccuracy")
	}
	for _, c := range settled {
		if got := th.settled(c.loss, c.half, 128, 128); got != c.want {
			t.Errorf("settled(%v, %v) = %v, want %v", c.loss, c.half, got, c.want)
		}
	}
	if a := th.Accuracy(0); a != 100 {
		t.Errorf("accuracy at no loss = %v", a)
	}
	if th.Accuracy(th.Mistake) <= th.Accuracy(th.Blunder) {
		t.Error("accuracy does not fall with the loss")
	}
}

// worstBreak is the tile of v's rack whose discard leaves the fewest
// outs, among those whose discard breaks the win.
func worstBreak(v *classic.View) (tile.Tile, bool) {
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		return tile.NoTile, false
	}
	best, fewest := tile.NoTile, math.MaxInt
	for _, x := range v.Rack {
		if winsWithout(v, x) {
			continue
		}
		rest := h
		rest.Remove(x)
		if n := bits.OnesCount64(uint64(v.Analyzer.Outs(rest))); n < fewest {
			best, fewest = x, n
		}
	}
	return best, best != tile.NoTile
}

// winsWithout reports whether v's 15-tile rack wins without t.
func winsWithout(v *classic.View, t tile.Tile) bool {
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		return false
	}
	h.Remove(t)
	return v.Analyzer.IsWin(h)
}

// TestPrune: after a round, a candidate far behind the best stops being
// played, one within reach goes on, and the move played always goes on
// however far behind.
func TestPrune(t *testing.T) {
	t.Parallel()
	n := 32
	row := func(base float64) []float64 {
		r := make([]float64, n)
		for i := range r {
			r[i] = base + float64(i%4) // the same spread in every row
			if i%2 == 0 {
				r[i] += 0.5 // and some noise of the row's own
			}
		}
		return r
	}
	near := row(1.9)
	near[0] -= 3 // within noise of the best
	vals := [][]float64{row(-5), row(2), near, row(-4)}
	live := []bool{true, true, true, true}
	prune(vals, live, 1, 0)
	if want := []bool{true, true, true, false}; !slices.Equal(live, want) {
		t.Fatalf("live after pruning = %v, want %v (the move played stays; the near one stays; the far one goes)", live, want)
	}
}

// TestReviewHandsEachDecisionAsJudged: a review hands each decision to
// Options.Judged as soon as it is judged — before the next is judged
// (Progress has heard of the ones before it only) — in order, the same
// decision the review returns, so a report can show it while the rest
// are judged.
func TestReviewHandsEachDecisionAsJudged(t *testing.T) {
	t.Parallel()
	rec := classicRecord(t, 3, [4]string{"easy", "easy", "easy", "easy"})
	var got []Decision
	progressed := 0
	o := Options{Seed: 1, Samples: 16, Workers: 2}
	o.Judged = func(d Decision) {
		if progressed != len(got) {
			t.Errorf("decision %d handed over after %d were reported done", len(got)+1, progressed)
		}
		got = append(got, d)
	}
	o.Progress = func(done, _ int) { progressed = done }
	ds, err := ReviewClassic(ctx, rec, 0, 1, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) == 0 || len(got) != len(ds) {
		t.Fatalf("%d decisions handed over, %d judged", len(got), len(ds))
	}
	for i := range ds {
		if got[i].Index != ds[i].Index || got[i].Played != ds[i].Played || got[i].Loss != ds[i].Loss || got[i].Label != ds[i].Label {
			t.Errorf("decision %d handed over as %+v, judged %+v", i, got[i], ds[i])
		}
	}
}
