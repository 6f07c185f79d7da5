package bots101

import (
	"context"
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
)

// TestDrawWeighted: a copy of weight 0 is never drawn, and the others
// come in proportion to their weights.
func TestDrawWeighted(t *testing.T) {
	r, b, k := tile.NewTile(tile.Red, 1), tile.NewTile(tile.Blue, 1), tile.NewTile(tile.Black, 1)
	rnd := game.NewSeeded(7)
	var got [tile.NumFaces]int
	for range 4000 {
		pool := []tile.Tile{r, b, k}
		w := []float64{0, 1, 3}
		if !drawWeighted(pool, w, 1, rnd) {
			t.Fatal("three copies, two of them weighed: no draw")
		}
		got[pool[0]]++
	}
	if got[r] != 0 {
		t.Errorf("a copy of weight 0 drawn %d times", got[r])
	}
	if ratio := float64(got[k]) / float64(got[b]); ratio < 2.6 || ratio > 3.4 {
		t.Errorf("weights 1 and 3 drawn %d and %d times (ratio %.2f), want about 3", got[b], got[k], ratio)
	}
	pool, w := []tile.Tile{r, b, k}, []float64{0, 1, 3}
	if !drawWeighted(pool, w, 2, rnd) || pool[0] == r || pool[1] == r {
		t.Errorf("two draws from two weighed copies: %v", pool[:2])
	}
	if drawWeighted([]tile.Tile{r, b, k}, []float64{0, 1, 3}, 3, rnd) {
		t.Error("three draws from two weighed copies reported done")
	}
}

// skewed is a belief for the tests: every unseen copy of a face of
// colour c is read to lie in the wall, every other in the racks, and
// the next player's rack holds each with the same chance. none reads no
// view.
type skewed struct {
	c    tile.Colour
	none bool
}

func (s skewed) Read(v *okey101.View, r *Reading) bool {
	if s.none {
		return false
	}
	*r = Reading{}
	sn := seen(v, true)
	r.Unseen = liveOf(&sn)
	next := (v.Seat + 1) % okey101.NumSeats
	r.NextSlots = v.TileCounts[next]
	for f, u := range r.Unseen {
		if u == 0 {
			continue
		}
		if tile.Tile(f).Colour() == s.c {
			r.Wall[f] = 1
		} else {
			r.Next[f] = 1
		}
	}
	return true
}

// TestBeliefSteersHard: a hard bot whose belief reads nothing plays
// hard's turns action for action; one whose belief puts a single
// colour's copies in the wall plays other turns at some positions, and
// every action of both is legal.
func TestBeliefSteersHard(t *testing.T) {
	var ps []okey101.State
	for seed := range uint64(2) {
		ps = append(ps, newTable(t, okey101.DefaultRules(), 70+seed, [okey101.NumSeats]string{"normal", "normal", "normal", "normal"}).playHands(t, 1, 4)...)
	}
	turn := func(s okey101.State, b Bot) (string, bool) {
		seat := s.Turn()
		out := ""
		for s.Phase() == game.Playing && s.Turn() == seat {
			a, err := b.Decide(context.Background(), s.View(seat))
			if err != nil {
				t.Fatal(err)
			}
			out += a.String() + " "
			n, _, err := s.Apply(a)
			if err != nil {
				t.Fatalf("%s: illegal: %v", b.Level(), err)
			}
			s = n
			if a.Kind == okey101.ActDraw {
				return out, true
			}
		}
		return out, false
	}
	differ := 0
	for i, s := range ps {
		bots := make([]Bot, 3)
		for j, opt := range []Options{{}, {Belief: skewed{none: true}}, {Belief: skewed{c: tile.Red}}} {
			opt.Seed = uint64(i)
			b, err := New("hard", opt)
			if err != nil {
				t.Fatal(err)
			}
			bots[j] = b
		}
		hard, _ := turn(s, bots[0])
		if none, _ := turn(s, bots[1]); none != hard {
			t.Fatalf("position %d: hard plays %s, hard with a belief that reads nothing %s", i, hard, none)
		}
		if red, _ := turn(s, bots[2]); red != hard {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("a belief that puts only red tiles in the wall changed none of %d turns", len(ps))
	}
	t.Logf("%d of %d turns changed", differ, len(ps))
}
