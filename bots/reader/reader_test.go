package reader

import (
	"context"
	"errors"
	"testing"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		name string
		want Options
		ok   bool
		bad  bool
	}{
		{"read", Options{}, true, false},
		{" Read-f0.1-w2 ", Options{Feed: 0.1, Win: 2}, true, false},
		{"read-l1-n32-b0.5", Options{Live: 1, Worlds: 32, Beta: 0.5}, true, false},
		{"read-f0.2-uniform", Options{Feed: 0.2, Uniform: true}, true, false},
		{"read-l1-p0.5-b2", Options{Live: 1, Prev: 0.5, Beta: 2}, true, false},
		{"read-wait3", Options{Wait: 3}, true, false},
		{"read-wait30-t0.05", Options{Wait: 30, Floor: 0.05}, true, false},
		{"read-f0.1-wait0.5-n32", Options{Feed: 0.1, Wait: 0.5, Worlds: 32}, true, false},
		{"read-wait", Options{}, true, true},
		{"read-waitx", Options{}, true, true},
		{"read-k0.15", Options{}, true, true},
		{"read-w-1", Options{}, true, true},
		{"read-x1", Options{}, true, true},
		{"read-f", Options{}, true, true},
		{"read-n0", Options{}, true, true},
		{"read-fnan", Options{}, true, true},
		{"read-w1e9", Options{}, true, true},
		{"reader", Options{}, false, false},
		{"hard", Options{}, false, false},
	} {
		got, ok, err := Parse(c.name)
		if ok != c.ok || (err != nil) != c.bad || (err == nil && got != c.want) {
			t.Errorf("Parse(%q) = %+v, %v, %v; want %+v, %v, bad %v", c.name, got, ok, err, c.want, c.ok, c.bad)
		}
		if err != nil && !errors.Is(err, ErrLevel) {
			t.Errorf("Parse(%q): %v does not wrap ErrLevel", c.name, err)
		}
		if ok && err == nil {
			if l := New(got).Level(); l != Level && !c.bad {
				if again, _, _ := Parse(l); again.Feed != got.Feed || again.Win != got.Win || again.Live != got.Live || again.Uniform != got.Uniform || again.Prev != got.Prev || again.Beta != got.Beta || again.Wait != got.Wait || again.Floor != got.Floor {
					t.Errorf("%q is named %q, which parses as %+v", c.name, l, again)
				}
			}
		}
	}
}

// discards plays hands from seeds with normal bots and returns every
// step-th state where the seat on turn is to discard.
func discards(t testing.TB, seeds []uint64, step int) []classic.State {
	t.Helper()
	var out []classic.State
	n := 0
	for _, seed := range seeds {
		s, err := classic.NewMatch(classic.DefaultRules(), seed)
		if err != nil {
			t.Fatal(err)
		}
		var bs [classic.NumSeats]botsclassic.Bot
		for i := range bs {
			bs[i] = botsclassic.NewNormal(seed + uint64(i))
		}
		for s.Phase() == game.Playing && s.Moves() < 200 {
			v := s.View(s.Turn())
			if v.Stage == classic.MustDiscard {
				if n%step == 0 {
					out = append(out, s)
				}
				n++
			}
			a, err := bs[s.Turn()].Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestUnweighedIsHard: with no weights the player plays hard's moves,
// and with weights it departs from them somewhere.
func TestUnweighedIsHard(t *testing.T) {
	ctx := context.Background()
	differ := 0
	for i, s := range discards(t, []uint64{7, 8}, 2) {
		v := s.View(s.Turn())
		hard, _ := botsclassic.New("hard", botsclassic.Options{Seed: uint64(i)})
		want, err := hard.Decide(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := New(Options{Seed: uint64(i)}).Decide(ctx, v); err != nil || got != want {
			t.Fatalf("position %d: unweighed, %v (%v) where hard plays %v", i, got, err, want)
		}
		got, err := New(Options{Seed: uint64(i), Feed: 1, Win: 3, Live: 1}).Decide(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Apply(got); err != nil {
			t.Fatalf("position %d: illegal move %v: %v", i, got, err)
		}
		if got != want {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("weighed, the player never departed from hard: the reading is not used")
	}
}

// feeds counts, over positions, the discards where the player departs
// from hard, and how often hard's pick and the player's are outs of the
// next player's true rack (and let it win).
type feeds struct {
	all, departed, hardFeeds, hardWins, readFeeds, readWins int
	// hardWinsAll counts every discard of hard's, departed from or not,
	// that lets the next player win; oracleAvoids those of them where
	// hard weighing the true win-feeds (cost 1, as the bound's sight-w=1)
	// throws another tile that does not: what a perfect reading of the
	// wait could avoid this way
	hardWinsAll, oracleAvoids int
	// oracleDeparts counts the discards where that oracle departs from
	// hard at all (a cost can reorder hard's ties elsewhere too)
	oracleDeparts int
}

func departures(t testing.TB, ctx context.Context, ps []classic.State, opt Options) feeds {
	t.Helper()
	var f feeds
	for i, s := range ps {
		v := s.View(s.Turn())
		hard, _ := botsclassic.New("hard", botsclassic.Options{Seed: uint64(i)})
		want, err := hard.Decide(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		opt.Seed = uint64(i)
		got, err := New(opt).Decide(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		f.all++
		nv := s.View((v.Seat + 1) % classic.NumSeats)
		an := &nv.Analyzer
		h, err := an.HandOf(nv.Counts)
		if err != nil {
			t.Fatal(err)
		}
		outs, d := an.Outs(h), an.Distance(h)
		if want.Kind == classic.ActDiscard && d == 1 {
			var r botsclassic.Read
			for x := range r.Cost {
				if outs.Has(tile.Tile(x)) {
					r.Cost[x] = 1
				}
			}
			o, err := botsclassic.NewHard(uint64(i)).DecideRead(ctx, v, &r)
			if err != nil {
				t.Fatal(err)
			}
			if o != want {
				f.oracleDeparts++
			}
			if outs.Has(want.Tile) {
				f.hardWinsAll++
				if o.Kind == classic.ActDiscard && !outs.Has(o.Tile) {
					f.oracleAvoids++
				}
			}
		}
		if got == want || got.Kind != classic.ActDiscard || want.Kind != classic.ActDiscard {
			continue
		}
		f.departed++
		for _, c := range []struct {
			t          tile.Tile
			feed, wins *int
		}{{want.Tile, &f.hardFeeds, &f.hardWins}, {got.Tile, &f.readFeeds, &f.readWins}} {
			if outs.Has(c.t) {
				*c.feed++
				if d == 1 {
					*c.wins++
				}
			}
		}
	}
	return f
}

// TestFeedsTheNextPlayerLess: where the player, weighing the feed,
// departs from hard, its discard is an out of the next player's true
// rack less often than hard's.
func TestFeedsTheNextPlayerLess(t *testing.T) {
	seeds := []uint64{1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019}
	if testing.Short() {
		seeds = seeds[:10]
	}
	f := departures(t, context.Background(), discards(t, seeds, 1), Options{Feed: 0.5})
	if f.departed < f.all/10 || f.readFeeds >= f.hardFeeds {
		t.Fatalf("%d discards, %d departures from hard: hard's pick fed the next player %d times, the player's %d", f.all, f.departed, f.hardFeeds, f.readFeeds)
	}
}

// TestHonest: the player decides from its view alone. Two worlds that
// differ only in the other racks and the wall get the same move from
// players of the same seed.
func TestHonest(t *testing.T) {
	rnd := game.NewSeeded(77)
	differ := 0
	ps := discards(t, []uint64{3, 4}, 3)
	for i, s := range ps {
		seat := s.Turn()
		v := s.View(seat)
		other, err := v.SampleWorld(rnd, [classic.NumSeats]*tile.Counts{})
		if err != nil {
			t.Fatal(err)
		}
		for o := range classic.NumSeats {
			if o != seat && other.View(o).Counts != s.View(o).Counts {
				differ++
				break
			}
		}
		opt := Options{Seed: uint64(i), Feed: 0.3, Win: 1, Live: 1, Wait: 3}
		a1, err1 := New(opt).Decide(context.Background(), v)
		a2, err2 := New(opt).Decide(context.Background(), other.View(seat))
		if err1 != nil || err2 != nil || a1 != a2 {
			t.Fatalf("position %d, seat %d: %v (%v) in one world, %v (%v) in the other", i, seat, a1, err1, a2, err2)
		}
	}
	if differ < len(ps)/2 {
		t.Fatalf("%d of %d positions with other hidden tiles: the test proves little", differ, len(ps))
	}
}

// TestReadAllocatesNothing: reading a view for a discard allocates
// nothing once the player is built.
func TestReadAllocatesNothing(t *testing.T) {
	ps := discards(t, []uint64{5}, 5)
	v := ps[len(ps)/2].View(ps[len(ps)/2].Turn())
	p := New(Options{Seed: 1, Feed: 0.3, Win: 1, Live: 1, Wait: 3})
	if n := testing.AllocsPerRun(20, func() {
		if err := p.readView(&v); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Fatalf("reading a view allocates %v times", n)
	}
}

// BenchmarkDecide is one discard of the player, reading included, on a
// mid-hand view.
func BenchmarkDecide(b *testing.B) {
	ps := discards(b, []uint64{5}, 1)
	s := ps[len(ps)/2]
	v := s.View(s.Turn())
	p := New(Options{Seed: 1, Feed: 0.3, Win: 1, Live: 1})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Decide(ctx, v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecideWait is one discard of the player weighing the wait
// read (bots/wait) alone, reading included, on a mid-hand view.
func BenchmarkDecideWait(b *testing.B) {
	ps := discards(b, []uint64{5}, 1)
	s := ps[len(ps)/2]
	v := s.View(s.Turn())
	p := New(Options{Seed: 1, Wait: 3})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Decide(ctx, v); err != nil {
			b.Fatal(err)
		}
	}
}
