package expertclassic

import (
	"context"
	"errors"
	"os"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
)

// play plays hand game.NewSeed(seed) with bots to its end or the given
// move, calling at (when set) with each view before its seat decides.
func play(t testing.TB, seed uint64, moves int, bots *[classic.NumSeats]botsclassic.Bot, at func(st *classic.State, v *classic.View)) classic.State {
	t.Helper()
	st, err := classic.NewMatch(classic.DefaultRules(), game.NewSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	for st.Phase() == game.Playing && st.Moves() < moves {
		v := st.View(st.Turn())
		if at != nil {
			at(&st, &v)
		}
		a, err := bots[st.Turn()].Decide(context.Background(), v)
		if err != nil {
			t.Fatalf("hand %d, move %d: %v", seed, st.Moves(), err)
		}
		if st, _, err = st.Apply(a); err != nil {
			t.Fatalf("hand %d, move %d: %v", seed, st.Moves(), err)
		}
	}
	return st
}

func normals(seed uint64) *[classic.NumSeats]botsclassic.Bot {
	var bots [classic.NumSeats]botsclassic.Bot
	for s := range bots {
		bots[s] = botsclassic.NewNormal(seed + uint64(s))
	}
	return &bots
}

// hards seats four hard bots, seeded apart, for a hand's field.
func hards(seed uint64) *[classic.NumSeats]botsclassic.Bot {
	var bots [classic.NumSeats]botsclassic.Bot
	for s := range bots {
		bots[s], _ = botsclassic.New("hard", botsclassic.Options{Seed: seed + uint64(s)})
	}
	return &bots
}

// expertAndHard is what a fresh expert and a fresh hard, both seeded
// opt's way, decide at v.
func expertAndHard(t testing.TB, opt botsclassic.Options, v *classic.View) (expert, hard classic.Action) {
	t.Helper()
	a, err := NewExpert(opt).Decide(context.Background(), *v)
	if err != nil {
		t.Fatal(err)
	}
	hb, _ := botsclassic.New("hard", opt)
	h, err := hb.Decide(context.Background(), *v)
	if err != nil {
		t.Fatal(err)
	}
	return a, h
}

// TestFixture: the shipped weights read the trainer's fixed inputs as
// the trainer did (lab/value/train -expert-fixture): the features of
// each position to the bit, the value's score in float32 as the
// trainer's network scores in float64, and the take network's gain.
func TestFixture(t *testing.T) {
	b, err := os.ReadFile("testdata/fixture.json")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := ParseFixture(b)
	if err != nil {
		t.Fatal(err)
	}
	var discards, takes int
	for _, c := range cases {
		st := play(t, c.Seed, c.Moves, normals(c.Seed), nil)
		if st.Moves() != c.Moves {
			t.Fatalf("hand %d ended before move %d", c.Seed, c.Moves)
		}
		v := st.View(st.Turn())
		if err := c.Check(&v, Value(), Take()); err != nil {
			t.Fatal(err)
		}
		discards += len(c.Discards)
		if c.Take != nil {
			takes++
		}
	}
	if discards == 0 || takes == 0 {
		t.Fatalf("the fixture checks %d discards and %d takes: both must be there", discards, takes)
	}
}

// TestShippedWeights: the weights shipped say how they were made, and
// weights of another shape are refused with a clear error, never read.
func TestShippedWeights(t *testing.T) {
	for name, m := range map[string]*smallnet.Model{"value": Value(), "take": Take()} {
		if _, err := m.Made(); err != nil {
			t.Errorf("the %s's recipe: %v", name, err)
		}
	}
	if l := Hold(); len(l.W) != NumHoldInputs || l.Command == "" || len(l.Commit) != 40 {
		t.Errorf("the hold line's recipe: %q at %q, %d weights", l.Command, l.Commit, len(l.W))
	}
	for _, bad := range []string{`{`, `{"features": 2, "hidden": 0}`, `null`} {
		if _, err := ParseValue([]byte(bad)); err == nil {
			t.Errorf("weights %s read", bad)
		}
	}
}

// TestExpertPlaysWholeHands: seated with three hard, the expert makes
// only legal moves to the end of every hand (the table refuses any
// other), decides as hard does except at discards, takes and holds,
// and does leave hard's pick at discards and takes (the holds, rarer,
// are TestExpertHolds').
func TestExpertPlaysWholeHands(t *testing.T) {
	var threw, took, held, decisions int
	for seed := uint64(1); seed <= 12; seed++ {
		bots := hards(seed)
		bots[0] = NewExpert(botsclassic.Options{Seed: seed})
		st := play(t, seed, 1<<20, bots, func(_ *classic.State, v *classic.View) {
			if v.Seat != 0 {
				return
			}
			a, h := expertAndHard(t, botsclassic.Options{Seed: seed}, v)
			decisions++
			_, _, _, hold := HoldPosition(v)
			switch {
			case a == h:
			case hold && (a.Kind == classic.ActDiscard && h.Kind == classic.ActFinish || a.Kind == classic.ActFinish && h.Kind == classic.ActDiscard):
				held++
			case a.Kind == classic.ActDiscard && h.Kind == classic.ActDiscard:
				threw++
			case a.Kind == classic.ActTake && h.Kind == classic.ActDraw, a.Kind == classic.ActDraw && h.Kind == classic.ActTake:
				took++
			default:
				t.Errorf("hand %d: the expert %v where hard %v", seed, a, h)
			}
		})
		if st.Phase() == game.Playing {
			t.Fatalf("hand %d did not end", seed)
		}
	}
	if threw == 0 || took == 0 {
		t.Errorf("over %d decisions the expert threw another tile than hard %d times and took otherwise %d times: both must happen", decisions, threw, took)
	}
	t.Logf("%d decisions: %d other discards, %d other draws or takes, %d other holds", decisions, threw, took, held)
}

// TestExpertHonoursTheContext: a cancelled decision returns the
// context's error.
func TestExpertHonoursTheContext(t *testing.T) {
	st := play(t, 3, 8, normals(3), nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewExpert(botsclassic.Options{Seed: 1}).Decide(ctx, st.View(st.Turn())); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled decision: %v", err)
	}
}

// BenchmarkExpertDiscard is the expert's discard, the costlier of its
// two decisions: hard's, then the belief read and the value scored
// after each of three candidates.
func BenchmarkExpertDiscard(b *testing.B) {
	var views []classic.View
	for seed := uint64(1); seed <= 8; seed++ {
		play(b, seed, 1<<20, normals(seed), func(_ *classic.State, v *classic.View) {
			if v.Legal.Discard {
				views = append(views, *v)
			}
		})
	}
	e := NewExpert(botsclassic.Options{Seed: 1})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := e.Decide(context.Background(), views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestExpertAtAnEmptyWall: where the wall is out and the previous
// discard may still be taken, the expert's move is legal (it may take
// or end the hand, never draw), over hands of four easy, whose hands
// run the wall out; and hard takes at some of them (the take network
// answered one of those, in hand 229, with a draw).
func TestExpertAtAnEmptyWall(t *testing.T) {
	found, took := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		var bots [classic.NumSeats]botsclassic.Bot
		for s := range bots {
			bots[s], _ = botsclassic.New("easy", botsclassic.Options{Seed: seed + uint64(s)})
		}
		play(t, seed, 1<<20, &bots, func(st *classic.State, v *classic.View) {
			if v.Legal.Draw || !v.Legal.Take {
				return
			}
			found++
			a, h := expertAndHard(t, botsclassic.Options{Seed: seed}, v)
			if _, _, err := st.Apply(a); err != nil {
				t.Fatalf("hand %d, the wall out: the expert's %v: %v", seed, a, err)
			}
			if h.Kind == classic.ActTake {
				took++
			}
		})
	}
	if found < 20 || took < 3 {
		t.Errorf("%d positions with the wall out and a take open, hard took at %d", found, took)
	}
	t.Logf("%d positions with the wall out and a take open, hard took at %d", found, took)
}
