package belief101

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"okey/bots/belief"
	"okey/bots/bots101"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
)

// play plays the first hand of match game.NewSeed(seed) of 101 with four
// normal bots seeded seed+seat and calls at with the view of the seat to
// move before each move, up to moves moves (or the hand's end).
func play(t testing.TB, seed uint64, moves int, at func(st *okey101.State, v *okey101.View)) {
	t.Helper()
	st, err := okey101.NewMatch(okey101.DefaultRules(), game.NewSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	var bots [okey101.NumSeats]bots101.Bot
	for s := range bots {
		bots[s] = bots101.NewNormal(seed + uint64(s))
	}
	for st.Phase() == game.Playing && st.Moves() < moves {
		v := st.View(st.Turn())
		if at != nil {
			at(&st, &v)
		}
		a, err := bots[st.Turn()].Decide(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		if st, _, err = st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// viewAt is the view of the seat to move after the given moves of hand
// seed, as play plays it.
func viewAt(t *testing.T, seed uint64, moves int) okey101.View {
	t.Helper()
	var v okey101.View
	play(t, seed, moves+1, func(st *okey101.State, w *okey101.View) {
		if st.Moves() == moves {
			v = *w
		}
	})
	if v.History == nil {
		t.Fatalf("hand %d ended before move %d", seed, moves)
	}
	return v
}

// TestFillCountsAsTheWorld: the reader's unseen tiles are the tiles a
// world sampled from the view deals again (the other racks less what the
// seat knows of them, and as many more as the wall holds), every opponent's slots its
// rack less what the seat knows it holds, and the true racks hold no
// copy the reading calls seen — also for the view of a seat not to move.
func TestFillCountsAsTheWorld(t *testing.T) {
	var rd Reader
	var in belief.Input
	n, opened := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		play(t, seed, 1000, func(st *okey101.State, _ *okey101.View) {
			for _, seat := range []int{st.Turn(), (st.Turn() + 2) % okey101.NumSeats} {
				v := st.View(seat)
				n++
				if err := rd.Fill(&v, &in); err != nil {
					t.Fatalf("seed %d, move %d, seat %d: %v", seed, st.Moves(), seat, err)
				}
				w, err := v.SampleWorld(uint64(n))
				if err != nil {
					t.Fatal(err)
				}
				var dealt tile.Counts
				for p, s := range in.Seats {
					if s != (seat+p+1)%okey101.NumSeats {
						t.Fatalf("place %d is seat %d", p, s)
					}
					if v.Opened[s].Status != 0 {
						opened++
					}
					rack, truth := w.View(s).Counts, st.View(s).Counts
					for f := range rack {
						if rack[f] < in.Known[p][f] || truth[f] < in.Known[p][f] {
							t.Fatalf("seed %d, move %d: seat %d is known to hold %v it does not", seed, st.Moves(), s, tile.Tile(f))
						}
						dealt[f] += rack[f] - in.Known[p][f]
						if truth[f]-in.Known[p][f] > in.Unseen[f] {
							t.Fatalf("seed %d, move %d: seat %d holds %d of %v, %d unseen", seed, st.Moves(), s, truth[f], tile.Tile(f), in.Unseen[f])
						}
					}
					if in.Slots[p] != v.TileCounts[s]-in.Known[p].Total() {
						t.Fatalf("place %d has %d slots", p, in.Slots[p])
					}
				}
				for f := range dealt {
					if dealt[f] > in.Unseen[f] {
						t.Fatalf("seed %d, move %d, seat %d: a world deals %d of %v to the racks, %d unseen", seed, st.Moves(), seat, dealt[f], tile.Tile(f), in.Unseen[f])
					}
				}
				if in.Unseen.Total()-dealt.Total() != v.WallLeft || in.Slots[belief.Wall] != v.WallLeft {
					t.Fatalf("seed %d, move %d, seat %d: %d unseen, %d in the racks, a wall of %d", seed, st.Moves(), seat, in.Unseen.Total(), dealt.Total(), v.WallLeft)
				}
			}
		})
	}
	if n < 200 || opened == 0 {
		t.Fatalf("only %d views read, %d of an opened opponent", n, opened)
	}
}

// TestFillRefusesAHandOver: a view with no seat, or of a hand over, is
// refused with ErrView rather than read.
func TestFillRefusesAHandOver(t *testing.T) {
	var rd Reader
	var in belief.Input
	var last okey101.State
	play(t, 2, 1000, func(st *okey101.State, _ *okey101.View) { last = *st })
	v := last.View(-1)
	if err := rd.Fill(&v, &in); !errors.Is(err, ErrView) {
		t.Fatalf("a spectator's view: %v", err)
	}
	st, err := okey101.NewMatch(okey101.DefaultRules(), game.NewSeed(2))
	if err != nil {
		t.Fatal(err)
	}
	v = st.View(0)
	v.Phase = game.HandOver
	if err := rd.Fill(&v, &in); !errors.Is(err, ErrView) {
		t.Fatalf("a hand over: %v", err)
	}
}

// TestReadingAgreesWithTheView: every face's chances add up to 1 over
// the places, a place with no slots gets none, and each place's expected
// unseen tiles are its slots — for the trained model, the hand-written
// reading and the uniform belief.
func TestReadingAgreesWithTheView(t *testing.T) {
	var rd Reader
	var r belief.Reading
	for _, m := range []*smallnet.Model{Trained(), Handwritten(), nil} {
		for seed := uint64(1); seed <= 3; seed++ {
			play(t, seed, 1000, func(st *okey101.State, v *okey101.View) {
				if err := rd.Read(v, m, &r); err != nil {
					t.Fatal(err)
				}
				var want [belief.Places]float64
				for f := range tile.NumFaces {
					sum := 0.0
					for d := range belief.Places {
						q := r.P[d][f]
						if q < 0 || q > 1 || math.IsNaN(q) || (r.Slots[d] == 0 && q != 0) {
							t.Fatalf("seed %d, move %d: P[%d][%v] = %v with %d slots", seed, st.Moves(), d, tile.Tile(f), q, r.Slots[d])
						}
						sum += q
						want[d] += float64(r.Unseen[f]) * q
					}
					if r.Unseen[f] > 0 && math.Abs(sum-1) > 1e-9 {
						t.Fatalf("seed %d, move %d: the chances of %v add up to %v", seed, st.Moves(), tile.Tile(f), sum)
					}
				}
				for d := range belief.Places {
					if math.Abs(want[d]-float64(r.Slots[d])) > 0.01 {
						t.Fatalf("seed %d, move %d: place %d expects %.3f unseen tiles, holds %d", seed, st.Moves(), d, want[d], r.Slots[d])
					}
				}
			})
		}
	}
}

// TestReadsTheViewOnly: a view and the same seat's view of another world
// that agrees with it (its hidden tiles dealt anew) read the same, so
// the reading cannot leak a hidden tile.
func TestReadsTheViewOnly(t *testing.T) {
	var rd Reader
	var a, b belief.Reading
	read := 0
	for seed := uint64(1); seed <= 4; seed++ {
		play(t, seed, 1000, func(st *okey101.State, v *okey101.View) {
			if st.Moves()%5 != 0 {
				return
			}
			w, err := v.SampleWorld(seed*1000 + uint64(st.Moves()))
			if err != nil {
				t.Fatal(err)
			}
			v2 := w.View(v.Seat)
			if err := rd.Read(v, Trained(), &a); err != nil {
				t.Fatal(err)
			}
			if err := rd.Read(&v2, Trained(), &b); err != nil {
				t.Fatal(err)
			}
			if a != b {
				t.Fatalf("seed %d, move %d: the reading changed with the hidden tiles", seed, st.Moves())
			}
			read++
		})
	}
	if read < 20 {
		t.Fatalf("only %d views read", read)
	}
}

// TestHandwrittenReadsTheTable: against the uniform belief, the
// hand-written reading puts a face that could be laid off on the table
// less often in an opponent's rack than uniform does.
func TestHandwrittenReadsTheTable(t *testing.T) {
	var rd Reader
	var hw, u belief.Reading
	seen := 0
	for seed := uint64(1); seed <= 6 && seen == 0; seed++ {
		play(t, seed, 1000, func(st *okey101.State, v *okey101.View) {
			if len(v.Table) == 0 {
				return
			}
			if err := rd.Read(v, Handwritten(), &hw); err != nil {
				t.Fatal(err)
			}
			if err := rd.Read(v, nil, &u); err != nil {
				t.Fatal(err)
			}
			islek := v.Analyzer.Islek(v.Melds())
			for f := range tile.NumFaces {
				if !islek.Has(tile.Tile(f)) || u.Unseen[f] == 0 || v.Analyzer.IsOkey(tile.Tile(f)) {
					continue
				}
				var a, b float64
				for p := range belief.Opponents {
					a += hw.P[p][f]
					b += u.P[p][f]
				}
				if a >= b {
					t.Fatalf("seed %d, move %d: %v could be laid off, read in the racks %.3f, uniform %.3f", seed, st.Moves(), tile.Tile(f), a, b)
				}
				seen++
			}
		})
	}
	if seen == 0 {
		t.Fatal("no face that could be laid off was read")
	}
}

// TestTrainedMatchesTheTrainer: the features Go fills and the score the
// shipped weights give are the trainer's, on the fixed cases it wrote
// (testdata/fixture.json) with the very weights it shipped.
func TestTrainedMatchesTheTrainer(t *testing.T) {
	b, err := os.ReadFile("testdata/fixture.json")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := belief.ParseFixture(b)
	if err != nil {
		t.Fatal(err)
	}
	m := Trained()
	for _, c := range cases {
		v := viewAt(t, c.Seed, c.Moves)
		var rd Reader
		var in belief.Input
		if err := rd.Fill(&v, &in); err != nil {
			t.Fatal(err)
		}
		if err := c.Check(&in, FeatureNames[:], func(x *[smallnet.MaxFeatures]float32) float64 { return float64(m.Score(x)) }); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTrainedCarriesItsRecipe: the shipped weights say how they were
// made, and are not classic's, nor classic's 101's (both have 72
// features: the model's game tells them apart).
func TestTrainedCarriesItsRecipe(t *testing.T) {
	r, err := Trained().Made()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Command, "-game 101") {
		t.Fatalf("the weights were made by %q, not for 101", r.Command)
	}
	classic, err := json.Marshal(belief.Trained())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(classic); !errors.Is(err, smallnet.ErrModel) {
		t.Fatalf("classic's weights read as 101's: %v", err)
	}
	if _, err := belief.Parse(trainedJSON); !errors.Is(err, smallnet.ErrModel) {
		t.Fatalf("101's weights read as classic's: %v", err)
	}
}

// TestReadAllocatesOnlyTheTable: reading a view allocates nothing once
// the reader has read one, but what the meld package's analysis of the
// table (which tiles it would take, meld.Analyzer.Islek) allocates.
func TestReadAllocatesOnlyTheTable(t *testing.T) {
	var v okey101.View
	play(t, 5, 1000, func(st *okey101.State, w *okey101.View) {
		if len(w.Table) > 0 && len(v.Table) == 0 {
			v = *w
		}
	})
	if len(v.Table) == 0 {
		t.Fatal("nothing was laid")
	}
	melds := v.Melds()
	table := testing.AllocsPerRun(20, func() { v.Analyzer.Islek(melds) })
	rd := new(Reader)
	r := new(belief.Reading)
	m := Trained()
	if err := rd.Read(&v, m, r); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(20, func() {
		if err := rd.Read(&v, m, r); err != nil {
			t.Fatal(err)
		}
	}); n > table {
		t.Fatalf("%v allocations a read, %v of them the table's", n, table)
	}
}

// BenchmarkRead: reading one view of mid-hand with the shipped weights,
// what a search or a judge spends once a decision before its worlds.
func BenchmarkRead(b *testing.B) {
	var v okey101.View
	play(b, 5, 40, func(st *okey101.State, w *okey101.View) { v = *w })
	var rd Reader
	var r belief.Reading
	m := Trained()
	for b.Loop() {
		if err := rd.Read(&v, m, &r); err != nil {
			b.Fatal(err)
		}
	}
}
