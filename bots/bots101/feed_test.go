package bots101

import (
	"testing"

	"okey/game/meld"
	"okey/game/okey101"
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
