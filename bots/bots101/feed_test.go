package bots101

import (
	"testing"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestFeedOdds: over positions of real play, feedOdds says nothing once
// the next player has opened, gives chances between 0 and 1, and finds
// high tiles (10 to 13) more dangerous to throw than low ones (1 to 4)
// on average, as an opening is counted in points.
func TestFeedOdds(t *testing.T) {
	n := 16
	if testing.Short() {
		n = 6
	}
	var sv meld.Solver
	var high, low float64
	var nh, nl, asked int
	for seed := range uint64(n) {
		for i, s := range newTable(t, okey101.DefaultRules(), 800+seed, [4]string{"normal", "normal", "normal", "normal"}).playHands(t, 1, 2) {
			seat := s.Turn()
			v := s.View(seat)
			if v.Stage != okey101.StagePlay {
				continue
			}
			b := boardOf(&v)
			sn := seen(&v, true)
			live := liveOf(&sn)
			var cands []tile.Tile
			for f, k := range b.rack {
				if k > 0 {
					cands = append(cands, tile.Tile(f))
				}
			}
			p := newPlayer("test", uint64(i))
			p.use(&sv)
			odds := p.feedOdds(&v, b, &live, cands)
			next := (seat + 1) % okey101.NumSeats
			if v.Opened[next].Status != meld.NotOpened {
				if odds != nil {
					t.Fatalf("seed %d, position %d: odds %v for a next player who has opened", seed, i, odds)
				}
				continue
			}
			asked++
			for ci, q := range odds {
				if q < 0 || q > 1 {
					t.Fatalf("seed %d, position %d: a chance of %v", seed, i, q)
				}
				c := cands[ci]
				if an := b.an; an.IsOkey(c) {
					continue
				} else if w := an.TileValue(c); w >= 10 {
					high, nh = high+q, nh+1
				} else if w <= 4 {
					low, nl = low+q, nl+1
				}
			}
		}
	}
	if asked < 20 || nh == 0 || nl == 0 {
		t.Fatalf("%d positions asked, %d high and %d low tiles: the test proves little", asked, nh, nl)
	}
	if high/float64(nh) <= low/float64(nl) {
		t.Errorf("high tiles feed %.3f on average, low ones %.3f: want high above low", high/float64(nh), low/float64(nl))
	}
	t.Logf("%d positions: high tiles %.3f, low %.3f", asked, high/float64(nh), low/float64(nl))
}

// TestSamplersOwnStreams: each sampler of the hard level draws from a
// source of its own, fixed by the bot's seed and the position: the
// look-ahead's answer is the same whether or not the feed guard (or the
// look-ahead itself, elsewhere) drew before it, and the same for the
// feed guard, so two versions of the bot that differ in one sampler draw
// alike in the other.
func TestSamplersOwnStreams(t *testing.T) {
	var sv meld.Solver
	looked, fed := 0, 0
	for seed := range uint64(6) {
		for i, s := range newTable(t, okey101.DefaultRules(), 700+seed, [4]string{"normal", "normal", "normal", "normal"}).playHands(t, 1, 2) {
			seat := s.Turn()
			v := s.View(seat)
			if v.Stage != okey101.StagePlay || v.Opened[seat].Status != meld.NotOpened || v.WallLeft < twoDrawWall {
				continue
			}
			b := boardOf(&v)
			sn := seen(&v, true)
			live := liveOf(&sn)
			var cands []tile.Tile
			for f, k := range b.rack {
				if k > 0 && len(cands) < twoDrawCands {
					cands = append(cands, tile.Tile(f))
				}
			}
			fresh, used := newPlayer("test", seed), newPlayer("test", seed)
			fresh.use(&sv)
			used.use(&sv)
			// used has drawn for the other sampler, and for other
			// positions, first.
			used.feedOdds(&v, b, &live, cands)
			used.twoDraws(b, &live, cands, v.WallLeft, used.stream(&v, streamLook))
			other := v
			other.History = v.History[:len(v.History)-1]
			used.twoDraws(b, &live, cands, v.WallLeft, used.stream(&other, streamLook))
			a := fresh.twoDraws(b, &live, cands, v.WallLeft, fresh.stream(&v, streamLook))
			c := used.twoDraws(b, &live, cands, v.WallLeft, used.stream(&v, streamLook))
			for ci := range cands {
				if a[ci] != c[ci] {
					t.Fatalf("seed %d, position %d: the look-ahead gives %v fresh, %v after other draws", seed, i, a, c)
				}
			}
			looked++
			fa, fc := fresh.feedOdds(&v, b, &live, cands), used.feedOdds(&v, b, &live, cands)
			if len(fa) != len(fc) {
				t.Fatalf("seed %d, position %d: feed odds %v and %v", seed, i, fa, fc)
			}
			for ci := range fa {
				if fa[ci] != fc[ci] {
					t.Fatalf("seed %d, position %d: the feed guard gives %v fresh, %v after other draws", seed, i, fa, fc)
				}
			}
			if fa != nil {
				fed++
			}
		}
	}
	if looked < 10 || fed < 5 {
		t.Fatalf("%d look-aheads and %d feed guesses compared: the test proves little", looked, fed)
	}
}
