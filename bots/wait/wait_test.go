package wait

import (
	"context"
	"os"
	"testing"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// TestTrained: the shipped weights load, fit the features, and say how
// they were made.
func TestTrained(t *testing.T) {
	m := Trained()
	if err := m.CheckFeatures(NumFeatures); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Made(); err != nil {
		t.Fatal(err)
	}
}

// TestFixture: Go reads the trainer's fixed positions into the same
// features, to the bit, and the shipped weights score them as the
// trainer's network did.
func TestFixture(t *testing.T) {
	b, err := os.ReadFile("testdata/fixture.json")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := ParseFixture(b)
	if err != nil {
		t.Fatal(err)
	}
	var rd Reader
	var in Input
	for _, c := range cases {
		v, err := FixtureView(context.Background(), c.Seed, c.Moves)
		if err != nil {
			t.Fatal(err)
		}
		if err := rd.Fill(&v, game.NewSeeded(c.Seed), &in); err != nil {
			t.Fatal(err)
		}
		if err := c.Check(&in, Trained()); err != nil {
			t.Error(err)
		}
	}
}

// positions plays hands of four normal bots from seeds and calls at at
// every discard, with the state and the view of the seat to discard.
func positions(t testing.TB, seeds []uint64, at func(st *classic.State, v *classic.View)) {
	t.Helper()
	for _, seed := range seeds {
		st, err := classic.NewMatch(classic.DefaultRules(), game.NewSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		var bs [classic.NumSeats]botsclassic.Bot
		for i := range bs {
			bs[i] = botsclassic.NewNormal(seed + uint64(i))
		}
		for st.Phase() == game.Playing && st.Moves() < 200 {
			v := st.View(st.Turn())
			if v.Stage == classic.MustDiscard {
				at(&st, &v)
			}
			a, err := bs[st.Turn()].Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if st, _, err = st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestReadsWinFeeds: over the discards of hands not trained on, the
// faces that would truly let the next player win are read as more
// likely to than the others, by a wide margin, and the chances are of
// the right size on average.
func TestReadsWinFeeds(t *testing.T) {
	seeds := []uint64{9000, 9001, 9002, 9003, 9004, 9005, 9006, 9007, 9008, 9009, 9010, 9011, 9012, 9013, 9014, 9015, 9016, 9017, 9018, 9019}
	var rd Reader
	var in Input
	var p [tile.NumFaces]float64
	rnd := game.NewSeeded(1)
	var sumWin, sumOther, nWin, nOther float64
	positions(t, seeds, func(st *classic.State, v *classic.View) {
		if err := rd.Fill(v, rnd, &in); err != nil {
			t.Fatal(err)
		}
		Chances(Trained(), &in, &p)
		nv := st.View(in.Next)
		an := &nv.Analyzer
		h, err := an.HandOf(nv.Counts)
		if err != nil {
			t.Fatal(err)
		}
		outs, d := an.Outs(h), an.Distance(h)
		for f, held := range in.Held {
			if !held {
				continue
			}
			if d == 1 && outs.Has(tile.Tile(f)) {
				sumWin += p[f]
				nWin++
			} else {
				sumOther += p[f]
				nOther++
			}
		}
	})
	if nWin < 10 {
		t.Fatalf("%v win-feeds in %v faces: too few to say", nWin, nWin+nOther)
	}
	win, other := sumWin/nWin, sumOther/nOther
	t.Logf("%v win-feeds read at %.4f on average, %v other faces at %.4f", nWin, win, nOther, other)
	if win < 2*other {
		t.Errorf("win-feeds read at %.4f, other faces at %.4f: the reading hardly tells them apart", win, other)
	}
	share := nWin / (nWin + nOther)
	if mean := (sumWin + sumOther) / (nWin + nOther); mean < share/3 || mean > 3*share {
		t.Errorf("mean chance %.4f where %.4f of the faces were win-feeds", mean, share)
	}
}

// midView is the view of the middle discard of a hand of normal bots
// (seed 5), its reading checked to hold faces.
func midView(t testing.TB) classic.View {
	t.Helper()
	var vs []classic.View
	positions(t, []uint64{5, 6}, func(_ *classic.State, w *classic.View) { vs = append(vs, *w) })
	v := vs[len(vs)/2]
	var rd Reader
	var in Input
	if err := rd.Fill(&v, game.NewSeeded(1), &in); err != nil || in.Next < 0 || in.Held == [tile.NumFaces]bool{} {
		t.Fatalf("the middle view reads nothing: %v, next %d", err, in.Next)
	}
	return v
}

// TestReadAllocatesNothing: reading a view allocates nothing once the
// reader has read one.
func TestReadAllocatesNothing(t *testing.T) {
	v := midView(t)
	var rd Reader
	var in Input
	rnd := game.NewSeeded(1)
	var p [tile.NumFaces]float64
	if a := testing.AllocsPerRun(20, func() {
		if err := rd.Fill(&v, rnd, &in); err != nil {
			t.Fatal(err)
		}
		Chances(Trained(), &in, &p)
	}); a != 0 {
		t.Fatalf("reading a view allocates %v times", a)
	}
}

// BenchmarkFill is one reading of a mid-hand view: the belief, the
// placements, the features of the faces held and their chances.
func BenchmarkFill(b *testing.B) {
	v := midView(b)
	var rd Reader
	var in Input
	rnd := game.NewSeeded(1)
	var p [tile.NumFaces]float64
	b.ReportAllocs()
	for b.Loop() {
		if err := rd.Fill(&v, rnd, &in); err != nil {
			b.Fatal(err)
		}
		Chances(Trained(), &in, &p)
	}
}
