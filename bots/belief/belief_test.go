package belief

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// play plays hand game.NewSeed(seed) with four normal bots seeded
// seed+seat and calls at with the view of the seat to move before each
// move, up to moves moves (or the hand's end).
func play(t testing.TB, rules classic.Rules, seed uint64, moves int, at func(st *classic.State, v *classic.View)) {
	t.Helper()
	st, err := classic.NewMatch(rules, game.NewSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	var bots [classic.NumSeats]botsclassic.Bot
	for s := range bots {
		bots[s] = botsclassic.NewNormal(seed + uint64(s))
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
	if at != nil && st.Phase() == game.Playing {
		v := st.View(st.Turn())
		at(&st, &v)
	}
}

// TestFillCountsAsTheView: the reader's unseen tiles, known tiles and
// slots are the view's own (classic.View.Unseen, Known, TileCounts),
// counted without building the stacks, under each rule that changes
// them; and they add up.
func TestFillCountsAsTheView(t *testing.T) {
	last := classic.DefaultRules()
	last.IndicatorLast = true
	for _, tc := range []struct {
		name  string
		rules classic.Rules
	}{{"default", classic.DefaultRules()}, {"indicator_last", last}, {"simple104", classic.Simple104Rules()}} {
		t.Run(tc.name, func(t *testing.T) {
			var rd Reader
			var in Input
			n := 0
			for seed := uint64(1); seed <= 6; seed++ {
				play(t, tc.rules, seed, 500, func(st *classic.State, v *classic.View) {
					n++
					if err := rd.Fill(v, &in); err != nil {
						t.Fatalf("seed %d, move %d: %v", seed, st.Moves(), err)
					}
					if in.Unseen != v.Unseen() {
						t.Fatalf("seed %d, move %d: unseen %v, the view says %v", seed, st.Moves(), in.Unseen, v.Unseen())
					}
					known := v.Known()
					total := 0
					for p, s := range in.Seats {
						if s != (v.Seat+p+1)%classic.NumSeats || in.Known[p] != known[s] {
							t.Fatalf("seed %d, move %d: place %d is seat %d knowing %v", seed, st.Moves(), p, s, in.Known[p])
						}
						truth := st.View(s).Counts
						for f := range truth {
							if truth[f] < in.Known[p][f] {
								t.Fatalf("seed %d, move %d: seat %d is known to hold %v it does not", seed, st.Moves(), s, tile.Tile(f))
							}
						}
						if in.Slots[p] != v.TileCounts[s]-known[s].Total() {
							t.Fatalf("seed %d, move %d: place %d has %d slots", seed, st.Moves(), p, in.Slots[p])
						}
						total += in.Slots[p]
					}
					total += in.Slots[Wall]
					if total != in.Unseen.Total() {
						t.Fatalf("seed %d, move %d: %d slots for %d unseen tiles", seed, st.Moves(), total, in.Unseen.Total())
					}
				})
			}
			if n < 100 {
				t.Fatalf("only %d views read", n)
			}
		})
	}
}

// TestReadingAgreesWithTheView: every face's chances add up to 1 over
// the places, a place with no slots gets none, and each place's
// expected unseen tiles are its slots — for the trained model, the
// hand-written reading and the uniform belief.
func TestReadingAgreesWithTheView(t *testing.T) {
	var rd Reader
	var r Reading
	for _, m := range []*smallnet.Model{Trained(), Handwritten(), nil} {
		for seed := uint64(1); seed <= 3; seed++ {
			play(t, classic.DefaultRules(), seed, 500, func(st *classic.State, v *classic.View) {
				if err := rd.Read(v, m, &r); err != nil {
					t.Fatal(err)
				}
				var want [Places]float64
				for f := range tile.NumFaces {
					sum := 0.0
					for d := range Places {
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
				for d := range Places {
					if math.Abs(want[d]-float64(r.Slots[d])) > 0.01 {
						t.Fatalf("seed %d, move %d: place %d expects %.3f unseen tiles, holds %d", seed, st.Moves(), d, want[d], r.Slots[d])
					}
				}
			})
		}
	}
}

// TestUniformIsTheSlotsShare: with no model, a copy's chance of a place
// is the place's share of the unseen slots.
func TestUniformIsTheSlotsShare(t *testing.T) {
	var rd Reader
	var r Reading
	play(t, classic.DefaultRules(), 4, 30, func(st *classic.State, v *classic.View) {
		if err := rd.Read(v, nil, &r); err != nil {
			t.Fatal(err)
		}
		total := r.Unseen.Total()
		for f := range tile.NumFaces {
			for d := range Places {
				if want := float64(r.Slots[d]) / float64(total); r.Unseen[f] > 0 && math.Abs(r.P[d][f]-want) > 1e-9 {
					t.Fatalf("move %d: P[%d][%v] = %v, want %v", st.Moves(), d, tile.Tile(f), r.P[d][f], want)
				}
			}
		}
	})
}

// viewAt is the view of the seat to move after the given moves of hand
// seed, as play plays it.
func viewAt(t *testing.T, seed uint64, moves int) classic.View {
	t.Helper()
	var v classic.View
	play(t, classic.DefaultRules(), seed, moves, func(st *classic.State, w *classic.View) {
		if st.Moves() == moves {
			v = *w
		}
	})
	if v.History == nil {
		t.Fatalf("hand %d ended before move %d", seed, moves)
	}
	return v
}

// TestReadsTheViewOnly: a view and a view of another world that agrees
// with it (its hidden tiles dealt anew) read the same.
func TestReadsTheViewOnly(t *testing.T) {
	var rd Reader
	var a, b Reading
	for _, moves := range []int{1, 12, 30, 45} {
		play(t, classic.DefaultRules(), 9, moves, nil)
		var v classic.View
		play(t, classic.DefaultRules(), 9, moves, func(st *classic.State, w *classic.View) {
			if st.Moves() == moves || st.Phase() != game.Playing {
				v = *w
			}
		})
		if v.History == nil {
			continue
		}
		var given [classic.NumSeats]*tile.Counts
		other, err := v.SampleWorld(game.NewSeeded(77), given)
		if err != nil {
			t.Fatal(err)
		}
		v2 := other.View(v.Seat)
		if err := rd.Read(&v, Trained(), &a); err != nil {
			t.Fatal(err)
		}
		if err := rd.Read(&v2, Trained(), &b); err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Fatalf("move %d: the reading changed with the hidden tiles", moves)
		}
	}
}

// TestHandwrittenReadsADiscard: an opponent that threw a face is read
// as less likely than uniform to hold its other copy, and one that took
// a discard as likelier to hold a face one away in its run.
func TestHandwrittenReadsADiscard(t *testing.T) {
	var rd Reader
	var r, u Reading
	checked := 0
	play(t, classic.DefaultRules(), 2, 40, func(st *classic.State, v *classic.View) {
		if err := rd.Read(v, Handwritten(), &r); err != nil {
			t.Fatal(err)
		}
		if err := rd.Read(v, nil, &u); err != nil {
			t.Fatal(err)
		}
		for _, e := range v.History {
			if e.Kind != classic.EvDiscard || e.Seat == v.Seat || v.Analyzer.IsOkey(e.Tile) || e.Tile == tile.FalseJoker {
				continue
			}
			p := r.Place(e.Seat)
			if r.Unseen[e.Tile] > 0 && r.Slots[p] > 0 {
				checked++
				if r.P[p][e.Tile] >= u.P[p][e.Tile] {
					t.Fatalf("move %d: seat %d threw %v and is read as holding another at %.3f, uniform %.3f", st.Moves(), e.Seat, e.Tile, r.P[p][e.Tile], u.P[p][e.Tile])
				}
			}
		}
	})
	if checked == 0 {
		t.Fatal("no discard checked")
	}
}

// TestDealAgreesWithTheReading: every placement Deal draws fills each
// rack to its size with the tiles the seat knows are there and unseen
// tiles, and over many draws each opponent holds each face about as
// often as the reading says.
func TestDealAgreesWithTheReading(t *testing.T) {
	var v classic.View
	var st0 classic.State
	play(t, classic.DefaultRules(), 3, 36, func(st *classic.State, w *classic.View) { v, st0 = *w, *st })
	var rd Reader
	var r Reading
	if err := rd.Read(&v, Trained(), &r); err != nil {
		t.Fatal(err)
	}
	const n = 4000
	var got [Opponents][tile.NumFaces]float64
	rng := game.NewSeeded(5)
	for range n {
		var racks [classic.NumSeats]tile.Counts
		r.Deal(rng, &racks)
		var used tile.Counts
		for p, s := range r.Seats {
			if racks[s].Total() != v.TileCounts[s] {
				t.Fatalf("seat %d dealt %d tiles, holds %d", s, racks[s].Total(), v.TileCounts[s])
			}
			for f := range tile.NumFaces {
				if racks[s][f] < r.Known[p][f] {
					t.Fatalf("seat %d lost a known %v", s, tile.Tile(f))
				}
				h := racks[s][f] - r.Known[p][f]
				used[f] += h
				got[p][f] += float64(h)
			}
		}
		for f := range used {
			if used[f] > r.Unseen[f] {
				t.Fatalf("%d of %v dealt, %d unseen", used[f], tile.Tile(f), r.Unseen[f])
			}
		}
		var given [classic.NumSeats]*tile.Counts
		for _, s := range r.Seats {
			given[s] = &racks[s]
		}
		if _, err := v.SampleWorld(rng, given); err != nil {
			t.Fatalf("the dealt racks make no world: %v", err)
		}
	}
	worst := 0.0
	for p := range Opponents {
		for f := range tile.NumFaces {
			if r.Unseen[f] == 0 {
				continue
			}
			e := got[p][f] / n / float64(r.Unseen[f])
			worst = max(worst, math.Abs(e-r.P[p][f]))
		}
	}
	if worst > 0.04 {
		t.Fatalf("a face's share in a rack is off the reading by up to %.3f over %d deals", worst, n)
	}
	_ = st0
}

// TestFixture: the shipped weights read the trainer's fixed inputs as
// the trainer did. Each case is a position the trainer played (four
// normal bots seeded seed+seat on hand game.NewSeed(seed), the seat to
// move after some moves): the reader must fill it with the features the
// trainer filled, and the model (in float32, as shipped) score each
// (opponent, face) as the trainer's network did in float64.
func TestFixture(t *testing.T) {
	b, err := os.ReadFile("testdata/fixture.json")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := ParseFixture(b)
	if err != nil {
		t.Fatal(err)
	}
	m := Trained()
	var rd Reader
	var in Input
	for _, c := range cases {
		v := viewAt(t, c.Seed, c.Moves)
		if err := rd.Fill(&v, &in); err != nil {
			t.Fatal(err)
		}
		if err := c.Check(&in, FeatureNames[:], func(x *[smallnet.MaxFeatures]float32) float64 { return float64(m.ScoreWith(x, &rd.hid)) }); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTrainedCarriesItsRecipe: the shipped weights say how they were
// made (the trainer's command, seed and data's commit).
func TestTrainedCarriesItsRecipe(t *testing.T) {
	if _, err := Trained().Made(); err != nil {
		t.Fatal(err)
	}
	if _, err := Handwritten().Made(); !errors.Is(err, smallnet.ErrModel) {
		t.Fatalf("the hand-written reading has no recipe, yet reads %v", err)
	}
}

// TestParseRefusesABadModel: weights that do not fit the features are
// refused with smallnet.ErrModel, never read.
func TestParseRefusesABadModel(t *testing.T) {
	good, err := json.Marshal(Handwritten())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(good); err != nil {
		t.Fatalf("the hand-written model: %v", err)
	}
	for _, bad := range []string{
		`{`,
		`{"features": 3, "hidden": 0}`,
		`{"features": ` + itoa(NumFeatures) + `, "hidden": 4, "mean": [], "scale": []}`,
		`{"features": ` + itoa(NumFeatures) + `, "hidden": 999}`,
	} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("%s: parsed", bad)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestReadAllocatesNothing: reading a view allocates nothing once the
// reader is made (its working memory is kept between reads).
func TestReadAllocatesNothing(t *testing.T) {
	var v classic.View
	play(t, classic.DefaultRules(), 5, 30, func(st *classic.State, w *classic.View) { v = *w })
	rd := new(Reader)
	r := new(Reading)
	m := Trained()
	if n := testing.AllocsPerRun(20, func() {
		if err := rd.Read(&v, m, r); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Fatalf("a read allocates %v times", n)
	}
}

// BenchmarkRead is one reading of a mid-hand view by the trained model.
func BenchmarkRead(b *testing.B) {
	var v classic.View
	play(b, classic.DefaultRules(), 5, 30, func(st *classic.State, w *classic.View) { v = *w })
	var rd Reader
	var r Reading
	m := Trained()
	b.ReportAllocs()
	for b.Loop() {
		if err := rd.Read(&v, m, &r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeal is one placement of the unseen tiles from a reading.
func BenchmarkDeal(b *testing.B) {
	var v classic.View
	play(b, classic.DefaultRules(), 5, 30, func(st *classic.State, w *classic.View) { v = *w })
	var rd Reader
	var r Reading
	if err := rd.Read(&v, Trained(), &r); err != nil {
		b.Fatal(err)
	}
	rng := game.NewSeeded(1)
	var racks [classic.NumSeats]tile.Counts
	b.ReportAllocs()
	for b.Loop() {
		r.Deal(rng, &racks)
	}
}

// TestDealWeighedPullsTheRacksNearer: placements weighed by their
// racks' distance still fill each rack with its known and unseen tiles,
// and with a strong pull their racks are nearer a win, on average, than
// Deal's.
func TestDealWeighedPullsTheRacksNearer(t *testing.T) {
	var v classic.View
	play(t, classic.DefaultRules(), 3, 36, func(st *classic.State, w *classic.View) { v = *w })
	var rd Reader
	var r Reading
	if err := rd.Read(&v, Trained(), &r); err != nil {
		t.Fatal(err)
	}
	an := &v.Analyzer
	mean := func(deal func(rng *game.Seeded, racks *[classic.NumSeats]tile.Counts)) float64 {
		rng := game.NewSeeded(11)
		sum, n := 0.0, 0
		for range 200 {
			var racks [classic.NumSeats]tile.Counts
			deal(rng, &racks)
			var given [classic.NumSeats]*tile.Counts
			for p, s := range r.Seats {
				given[s] = &racks[s]
				for f := range tile.NumFaces {
					if racks[s][f] < r.Known[p][f] {
						t.Fatalf("seat %d lost a known %v", s, tile.Tile(f))
					}
				}
				h, err := an.HandOf(racks[s])
				if err != nil {
					t.Fatal(err)
				}
				sum += float64(an.Distance(h))
				n++
			}
			if _, err := v.SampleWorld(rng, given); err != nil {
				t.Fatalf("the weighed racks make no world: %v", err)
			}
		}
		return sum / float64(n)
	}
	plain := mean(r.Deal)
	weighed := mean(func(rng *game.Seeded, racks *[classic.NumSeats]tile.Counts) { r.DealWeighed(rng, an, 8, 2, racks) })
	if weighed >= plain-0.2 {
		t.Fatalf("racks %.2f from a win weighed, %.2f not", weighed, plain)
	}
}

// TestLikelyBeatsChance: the faces the trained reading names likeliest
// in a rack (Likely, the review's "racks read") are held there more
// often than those the uniform reading names, over the positions of
// hands of normal bots the model was not trained on (seeds far from the
// trainer's); and each rack's chance of holding a face (Held) is
// between 0 and 1. Logged: the hits of the five likeliest, for
// docs/studies/classic-belief.md (OKEY_LIKELY_HANDS sets the hands).
func TestLikelyBeatsChance(t *testing.T) {
	hands := 12
	if testing.Short() {
		hands = 4
	}
	if s := os.Getenv("OKEY_LIKELY_HANDS"); s != "" {
		if _, err := fmt.Sscan(s, &hands); err != nil {
			t.Fatal(err)
		}
	}
	var rd Reader
	var trained, uniform Reading
	var hitT, hitU, byChance float64
	racks := 0
	for h := range hands {
		play(t, classic.DefaultRules(), 7_000_000+uint64(h), 200, func(st *classic.State, v *classic.View) {
			if v.WallLeft%4 != 0 {
				return // a position every few moves
			}
			if err := rd.Read(v, Trained(), &trained); err != nil {
				t.Fatal(err)
			}
			if err := rd.Read(v, nil, &uniform); err != nil {
				t.Fatal(err)
			}
			for p, s := range trained.Seats {
				if s < 0 {
					continue
				}
				held := st.View(s).Counts
				for _, g := range trained.Likely(p, 5) {
					if held[g.Face] > trained.Known[p][g.Face] {
						hitT++
					}
					byChance += uniform.Held(p, g.Face)
					if g.Chance < 0 || g.Chance > 1 {
						t.Fatalf("a chance of %v", g.Chance)
					}
				}
				for _, g := range uniform.Likely(p, 5) {
					if held[g.Face] > uniform.Known[p][g.Face] {
						hitU++
					}
				}
				racks++
			}
		})
	}
	if racks == 0 {
		t.Fatal("no rack read")
	}
	n := float64(racks)
	t.Logf("%d racks read: of the five likeliest faces, the trained reading's %.2f held, the uniform reading's %.2f; the trained five by chance %.2f", racks, hitT/n, hitU/n, byChance/n)
	if hitT <= hitU {
		t.Errorf("the trained reading's likeliest faces are held no more often (%.2f a rack) than the uniform reading's (%.2f)", hitT/n, hitU/n)
	}
}
