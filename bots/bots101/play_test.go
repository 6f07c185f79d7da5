package bots101

import (
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestStuckNeverMissesAFinish: hopeless (and stuck within it) spares
// the exact search only where it would find nothing. Over boards of real play (every seat, opened
// or not, with the table of the moment) and the same boards with racks
// cut down at random to the few tiles of a hand near its end, no board
// stuck calls stuck can finish; and it does call many stuck.
func TestStuckNeverMissesAFinish(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 3
	}
	rnd := game.NewSeeded(3)
	var sv meld.Solver
	p := newPlayer("test", 1)
	p.use(&sv)
	checked, pruned := 0, 0
	for seed := range uint64(n) {
		ps := newTable(t, okey101.DefaultRules(), 300+seed, [4]string{"hard", "normal", "normal", "easy"}).playHands(t, 2, 1)
		for _, s := range ps {
			for seat := range okey101.NumSeats {
				v := s.View(seat)
				b := boardOf(&v)
				b.owed = tile.NoTile
				racks := []tile.Counts{b.rack}
				for range 3 {
					tiles := b.rack.Tiles()
					rnd.ShuffleTiles(tiles)
					racks = append(racks, tile.CountsOf(tiles[:min(len(tiles), 2+rnd.Intn(8))]))
				}
				// Racks made to nearly finish: tiles about the table's
				// runs and sets, okeys, and a few of the rack's own,
				// never more copies than the table leaves.
				near := nearTable(b)
				var avail tile.Counts // the copies not on the table nor the indicator
				for f := range avail {
					avail[f] = 2
				}
				avail[v.Indicator]--
				for _, m := range b.table {
					for _, x := range m.Tiles {
						avail[x]--
					}
				}
				for range 6 {
					var c tile.Counts
					for range 2 + rnd.Intn(6) {
						if x := near[rnd.Intn(len(near))]; c[x] < avail[x] {
							c[x]++
						}
					}
					racks = append(racks, c)
				}
				for _, r := range racks {
					b.rack = r
					if r.Total() == 0 {
						continue
					}
					checked++
					if !p.hopeless(b) {
						continue
					}
					pruned++
					if p, ok := sv.CanFinish(b.an, b.rack, b.table, b.turn()); ok {
						t.Fatalf("hopeless, yet it finishes: okey %v, %v, rack %v, table %v: %+v", b.an.Okey(), b.status, tile.FormatTiles(r.Tiles()), b.table, p)
					}
				}
			}
		}
	}
	if pruned < checked/5 {
		t.Fatalf("stuck in only %d of %d boards: it spares little", pruned, checked)
	}
	t.Logf("%d boards, %d stuck", checked, pruned)
}

// nearTable lists tiles likely to finish against b's table: what fits
// its melds and the tiles one to three beyond its runs, the rack's own
// tiles, and the okey, twice.
func nearTable(b *board) []tile.Tile {
	out := b.an.Islek(b.table).Tiles()
	for _, m := range b.table {
		if m.Kind != meld.Run {
			continue
		}
		for d := 1; d <= 3; d++ {
			for _, w := range []int{m.Low() - d, m.High() + d} {
				if x := tileAt(b.an, m.RunColour(), w); x.Valid() {
					out = append(out, x)
				}
			}
		}
	}
	out = append(out, b.rack.Tiles()...)
	return append(out, b.an.Okey(), b.an.Okey())
}

// TestMayUseNeverMissesATake: mayUse spares the planning of a take only
// where the plan would give the tile back. At every draw of real play
// where a take is open, for every level's plan, a take the plan keeps
// is one mayUse allows.
func TestMayUseNeverMissesATake(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 6
	}
	var sv meld.Solver
	checked, kept, spared := 0, 0, 0
	for seed := range uint64(n) {
		ps := newTable(t, okey101.DefaultRules(), 500+seed, [4]string{"hard", "normal", "easy", "normal"}).playHands(t, 2, 1)
		for _, s := range ps {
			v := s.View(s.Turn())
			if v.Stage != okey101.StageDraw || !v.Legal.Take {
				continue
			}
			tk := v.Top(v.Previous)
			for _, level := range []string{"normal", "hard"} {
				b := newBot(t, level, 1)
				var pl planner
				var p *player
				switch x := b.(type) {
				case *Normal:
					pl, p = x, &x.p
				case *Hard:
					pl, p = x, &x.p
				}
				p.use(&sv)
				bd := takeBoard(&v, tk)
				var err error
				switch x := pl.(type) {
				case *Normal:
					err = x.turn(p, &v, bd)
				case *Hard:
					err = x.turn(p, &v, bd)
				}
				if err != nil {
					t.Fatal(err)
				}
				checked++
				used := bd.acts[len(bd.acts)-1].Kind != okey101.ActGiveBack
				may := p.mayUse(&v, tk)
				if used {
					kept++
				}
				if !may {
					spared++
				}
				if used && !may {
					t.Fatalf("seed %d: %s would take %v and use it (%v), mayUse says no; rack %v, opened %v, table %v",
						seed, level, tk, bd.acts, tile.FormatTiles(v.Rack), v.Opened[v.Seat].Status, v.Melds())
				}
			}
		}
	}
	if kept == 0 || spared < checked/2 {
		t.Fatalf("%d takes planned, %d kept, %d spared: the test proves little", checked, kept, spared)
	}
	t.Logf("%d takes planned, %d kept, %d spared", checked, kept, spared)
}
