package rollout

import (
	"context"
	"math"
	"reflect"
	"testing"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
)

// classicAt plays a classic hand from seed with normal bots for moves
// actions and returns the state.
func classicAt(t testing.TB, seed uint64, moves int) classic.State {
	t.Helper()
	s, err := classic.NewMatch(classic.DefaultRules(), seed)
	if err != nil {
		t.Fatal(err)
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for i := range bs {
		bs[i] = botsclassic.NewNormal(seed + uint64(i))
	}
	for s.Phase() == game.Playing && s.Moves() < moves {
		a, err := bs[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func at101(t testing.TB, seed uint64, moves int) okey101.State {
	t.Helper()
	s, err := okey101.NewMatch(okey101.DefaultRules(), seed)
	if err != nil {
		t.Fatal(err)
	}
	var bs [okey101.NumSeats]bots101.Bot
	for i := range bs {
		bs[i] = bots101.NewNormal(seed + uint64(i))
	}
	for s.Phase() == game.Playing && s.Moves() < moves {
		a, err := bs[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestWorldsReadTheViewOnly: world i of a view is the same whether the
// view came from the true state or from another world that agrees with
// it — the hidden tiles do not reach the sampler.
func TestWorldsReadTheViewOnly(t *testing.T) {
	for _, moves := range []int{1, 10, 25} {
		s := classicAt(t, 7, moves)
		v := s.View(s.Turn())
		other, err := WorldClassic(&v, 99, 0)
		if err != nil {
			t.Fatal(err)
		}
		v2 := other.View(s.Turn())
		for i := range 3 {
			a, err := WorldClassic(&v, 5, i)
			if err != nil {
				t.Fatal(err)
			}
			b, err := WorldClassic(&v2, 5, i)
			if err != nil {
				t.Fatal(err)
			}
			for seat := range classic.NumSeats {
				if !reflect.DeepEqual(a.View(seat).Counts, b.View(seat).Counts) {
					t.Fatalf("classic, %d moves, world %d: seat %d's rack depends on the true hidden tiles", moves, i, seat)
				}
			}
		}
		s1 := at101(t, 7, moves)
		w := s1.View(s1.Turn())
		o1, err := World101(&w, 99, 0)
		if err != nil {
			t.Fatal(err)
		}
		w2 := o1.View(s1.Turn())
		a, _ := World101(&w, 5, 1)
		b, _ := World101(&w2, 5, 1)
		for seat := range okey101.NumSeats {
			if a.View(seat).Counts != b.View(seat).Counts {
				t.Fatalf("101, %d moves: seat %d's rack depends on the true hidden tiles", moves, seat)
			}
		}
	}
}

// TestCompareIsReproducible: the values do not depend on the number of
// workers, and a move compared with itself differs by exactly 0 in
// every world (common random numbers).
func TestCompareIsReproducible(t *testing.T) {
	s := classicAt(t, 3, 12)
	v := s.View(s.Turn())
	if !v.MyTurn() {
		t.Fatal("not the seat's turn")
	}
	var a classic.Action
	if v.Stage == classic.MustDraw {
		a = classic.DrawAction(v.Seat)
	} else {
		a = classic.DiscardAction(v.Seat, v.Rack[0])
	}
	cands := []classic.Action{a, a}
	run := func(workers int) [][]float64 {
		ps := make([]*PlayerClassic, max(workers, 2))
		for i := range ps {
			ps[i] = NewPlayerClassic()
		}
		vals, err := Compare(context.Background(), nil, 0, 24, workers, nil, CandidatesClassic(&v, cands, 11, ps))
		if err != nil {
			t.Fatal(err)
		}
		return vals
	}
	one, two := run(1), run(2)
	if !reflect.DeepEqual(one, two) {
		t.Fatal("values differ between one and two workers")
	}
	if m, h := Paired(one[0], one[1]); m != 0 || h != 0 {
		t.Fatalf("a move against itself: %v ± %v, want exactly 0", m, h)
	}
	// A candidate left out of the live set is not played (NaN), and the
	// others' values do not change.
	ps := []*PlayerClassic{NewPlayerClassic(), NewPlayerClassic()}
	part, err := Compare(context.Background(), nil, 0, 24, 2, []bool{true, false}, CandidatesClassic(&v, cands, 11, ps))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(part[0], one[0]) {
		t.Fatal("the live candidate's values changed when the other was left out")
	}
	if Played(part[1]) != 0 || Played(part[0]) != 24 {
		t.Fatalf("played %d and %d worlds, want 24 and 0", Played(part[0]), Played(part[1]))
	}
}

func TestPaired(t *testing.T) {
	cases := []struct {
		a, b       []float64
		mean, half float64
	}{
		{[]float64{1, 2, 3}, []float64{1, 2, 3}, 0, 0},
		{[]float64{2, 2, 2, 2}, []float64{0, 0, 0, 0}, 2, 0},
		{[]float64{1, 0}, []float64{0, 0}, 0.5, 1.96 * math.Sqrt(0.5/2)},
		{nil, nil, 0, 0},
		// a world one candidate was not played in is left out
		{[]float64{2, math.NaN(), 2, 2}, []float64{0, 5, 0, 0}, 2, 0},
	}
	for _, c := range cases {
		m, h := Paired(c.a, c.b)
		if math.Abs(m-c.mean) > 1e-12 || math.Abs(h-c.half) > 1e-12 {
			t.Errorf("Paired(%v, %v) = %v ± %v, want %v ± %v", c.a, c.b, m, h, c.mean, c.half)
		}
	}
}

// BenchmarkClassicWorld is the sampler: one world from a mid-hand view.
func BenchmarkClassicWorld(b *testing.B) {
	s := classicAt(b, 5, 20)
	v := s.View(s.Turn())
	for i := 0; b.Loop(); i++ {
		if _, err := WorldClassic(&v, 1, i); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClassicPlayout is one rollout: a world sampled mid-hand and
// played to the end of the hand by four normal bots.
func BenchmarkClassicPlayout(b *testing.B) {
	s := classicAt(b, 5, 20)
	v := s.View(s.Turn())
	a, err := botsclassic.NewNormal(1).Decide(context.Background(), v)
	if err != nil {
		b.Fatal(err)
	}
	p := NewPlayerClassic()
	for i := 0; b.Loop(); i++ {
		w, err := WorldClassic(&v, 1, i)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := p.Play(context.Background(), w, a, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWorld101(b *testing.B) {
	s := at101(b, 5, 20)
	v := s.View(s.Turn())
	for i := 0; b.Loop(); i++ {
		if _, err := World101(&v, 1, i); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlayout101 is one rollout of 101 from mid-hand.
func BenchmarkPlayout101(b *testing.B) { benchPlayout101(b, "") }

// benchPlayout101 plays a mid-hand world of 101 out again and again,
// the seat of the action played out at own ("": normal, as the others).
func benchPlayout101(b *testing.B, own string) {
	s := at101(b, 5, 20)
	v := s.View(s.Turn())
	a, err := bots101.NewNormal(1).Decide(context.Background(), v)
	if err != nil {
		b.Fatal(err)
	}
	p := NewPlayer101()
	p.Own = own
	for i := 0; b.Loop(); i++ {
		w, err := World101(&v, 1, i)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := p.Play(context.Background(), w, a, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClassicWorldSamplers is one world of a mid-hand view from
// each sampler, the view read once (as a decision reads it).
func BenchmarkClassicWorldSamplers(b *testing.B) {
	s := classicAt(b, 5, 20)
	v := s.View(s.Turn())
	for _, c := range []struct {
		name string
		s    SamplerClassic
	}{
		{"uniform", Uniform()},
		{"belief", SamplerClassic{Belief: Sampler().Belief}},
		{"weighed8", SamplerClassic{Belief: Sampler().Belief, Tries: 8, Beta: 1}},
		{"weighed16", SamplerClassic{Belief: Sampler().Belief, Tries: 16, Beta: 2}},
	} {
		b.Run(c.name, func(b *testing.B) {
			w, err := NewWorldsClassic(&v, c.s)
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; b.Loop(); i++ {
				if _, err := w.World(1, i); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestWorlds101FromTheBelief: the shared sampler's worlds of 101 agree
// with the view (each seat's view of them is the view), and they place
// the opponents' true tiles in their racks more often than worlds dealt
// uniformly — the belief is what deals them. A view of a hand over,
// which the belief does not read, is dealt uniformly.
func TestWorlds101FromTheBelief(t *testing.T) {
	var hits [2]int
	for seed := uint64(1); seed <= 8; seed++ {
		for _, moves := range []int{20, 40, 60} {
			s := at101(t, seed, moves)
			if s.Phase() != game.Playing {
				continue
			}
			seat := s.Turn()
			v := s.View(seat)
			for k, smp := range []Sampler101{Shared101(), Uniform101()} {
				w := NewWorlds101(&v, smp)
				if (w.reading != nil) != (k == 0) {
					t.Fatalf("sampler %d: read %v", k, w.reading != nil)
				}
				for i := range 16 {
					x, err := w.World(3, i)
					if err != nil {
						t.Fatal(err)
					}
					if i == 0 && !reflect.DeepEqual(x.View(seat), v) {
						t.Fatalf("seed %d, %d moves: the world shows the seat another view", seed, moves)
					}
					for o := range okey101.NumSeats {
						if o == seat {
							continue
						}
						got, truth := x.View(o).Counts, s.View(o).Counts
						for f := range got {
							hits[k] += int(min(got[f], truth[f]))
						}
					}
				}
			}
		}
	}
	if hits[0] <= hits[1] {
		t.Fatalf("the belief's worlds place %d true tiles, uniform worlds %d", hits[0], hits[1])
	}
	t.Logf("true tiles placed in the opponents' racks: belief %d, uniform %d", hits[0], hits[1])
	over := at101(t, 2, 2000)
	v := over.View(0)
	if w := NewWorlds101(&v, Shared101()); w.reading != nil && over.Phase() != game.Playing {
		t.Fatal("a hand over was read")
	}
}

// TestPlayout101Own: with Own "hard" the seat of the action played out
// plays hard for the rest of the hand: the playout ends exactly where a
// hand ends whose seat is a hard bot of the playout's seed deciding on
// every state it meets (the three others normal), and, in some of the
// positions, elsewhere than the playout with normal on all four seats.
func TestPlayout101Own(t *testing.T) {
	ctx := context.Background()
	differ, n := 0, 0
	for seed := range uint64(6) {
		s := at101(t, 30+seed, 12+int(seed)*3)
		if s.Phase() != game.Playing {
			continue
		}
		seat := s.Turn()
		a, err := bots101.NewNormal(seed).Decide(ctx, s.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		ps := uint64(700 + seed)
		// the hand played by hand: hard in a's seat, normal elsewhere
		want, _, err := s.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		var bs [okey101.NumSeats]bots101.Bot
		for i := range bs {
			level := "normal"
			if i == seat {
				level = "hard"
			}
			bs[i], _ = bots101.New(level, bots101.Options{Seed: mix(ps, i, 2)})
		}
		own := 0
		for want.Phase() == game.Playing && want.Moves() < MaxActions {
			b, err := bs[want.Turn()].Decide(ctx, want.View(want.Turn()))
			if err != nil {
				t.Fatal(err)
			}
			if want.Turn() == seat {
				own++
			}
			if want, _, err = want.Apply(b); err != nil {
				t.Fatal(err)
			}
		}
		p := NewPlayer101()
		p.Own = "hard"
		got, err := p.Play(ctx, s, a, ps)
		if err != nil {
			t.Fatal(err)
		}
		if !sameEnd101(got, want) {
			t.Fatalf("seed %d, seat %d: the playout with Own hard ends after %d moves with %v; hard's %d decisions for the seat end it after %d with %v",
				seed, seat, got.Moves(), got.Result(), own, want.Moves(), want.Result())
		}
		normal, err := NewPlayer101().Play(ctx, s, a, ps)
		if err != nil {
			t.Fatal(err)
		}
		if !sameEnd101(normal, want) {
			differ++
		}
		n++
	}
	if n < 4 || differ == 0 {
		t.Fatalf("%d positions played out, %d ended otherwise with normal in the seat: the test proves little", n, differ)
	}
}

// sameEnd101 reports whether two hands ended the same: the same number
// of moves, the same result and the same view for every seat.
func sameEnd101(a, b okey101.State) bool {
	if a.Moves() != b.Moves() || !reflect.DeepEqual(a.Result(), b.Result()) {
		return false
	}
	for i := range okey101.NumSeats {
		if !reflect.DeepEqual(a.View(i), b.View(i)) {
			return false
		}
	}
	return true
}

// TestPlayout101OwnUnknown: an Own level bots101 does not know is an
// error, not a silent normal seat.
func TestPlayout101OwnUnknown(t *testing.T) {
	s := at101(t, 31, 15)
	a, err := bots101.NewNormal(1).Decide(context.Background(), s.View(s.Turn()))
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlayer101()
	p.Own = "grandmaster"
	if _, err := p.Play(context.Background(), s, a, 1); err == nil {
		t.Fatal("a playout with an unknown Own level played on")
	}
}

// BenchmarkPlayout101OwnHard is BenchmarkPlayout101 with the seat of the
// action played out at hard (Own), the search's "-selfhard".
func BenchmarkPlayout101OwnHard(b *testing.B) { benchPlayout101(b, "hard") }
