package bots101

import (
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestTwoDrawsShortcut: twoDraws searches the best opening once a
// sample and reuses it for every discard it does not touch. Over boards
// of real play before opening, its answer must equal the plain count —
// every discard searched anew with the same drawn tiles — and it must
// find some openings, or the test proves little.
func TestTwoDrawsShortcut(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 3
	}
	var sv meld.Solver
	checked, hits := 0, 0.0
	for seed := range uint64(n) {
		ps := newTable(t, okey101.DefaultRules(), 700+seed, [4]string{"hard", "normal", "normal", "normal"}).playHands(t, 1, 2)
		for i, s := range ps {
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
			p1, p2 := newPlayer("test", uint64(i)), newPlayer("test", uint64(i))
			p1.use(&sv)
			p2.use(&sv)
			got := p1.twoDraws(b, &live, cands, v.WallLeft, p1.stream(&v, streamLook))
			want := plainTwoDraws(&p2, b, &live, cands, v.WallLeft, p2.stream(&v, streamLook))
			for ci := range cands {
				if got[ci] != want[ci] {
					t.Fatalf("seed %d, position %d, discard %v: %.4f, the plain count %.4f", seed, i, cands[ci], got[ci], want[ci])
				}
				hits += got[ci]
			}
			checked++
		}
	}
	if checked < 10 || hits == 0 {
		t.Fatalf("%d boards checked, %.2f openings found: the test proves little", checked, hits)
	}
	t.Logf("%d boards", checked)
}

// plainTwoDraws is twoDraws without its shortcut, drawing the same
// tiles from the same random source.
func plainTwoDraws(p *player, b *board, live *tile.Counts, cands []tile.Tile, wall int, rnd *game.Seeded) []float64 {
	an := b.an
	var pool []tile.Tile
	for f, k := range live {
		for range k {
			pool = append(pool, tile.Tile(f))
		}
	}
	out := make([]float64, len(cands))
	draws := 2
	if wall >= 2*twoDrawWall {
		draws = 3
	}
	if len(pool) < draws {
		return out
	}
	for range twoDrawSamples {
		for k := range draws {
			j := k + rnd.Intn(len(pool)-k)
			pool[k], pool[j] = pool[j], pool[k]
		}
		c := b.rack
		c[pool[0]]++
		for k := 1; k < draws; k++ {
			c[pool[k]]++
			if an.Check(c) != nil {
				break
			}
			for ci, d := range cands {
				cd := c
				cd[d]--
				switch {
				case p.sv.BestOpening(an, cd).Value >= b.thr:
					out[ci]++
				case pairCount(an, &cd, b.okp) >= 5:
					out[ci] += pairsWorth
				}
			}
		}
	}
	for i := range out {
		out[i] /= twoDrawSamples
	}
	return out
}
