package botsclassic

import (
	"sync"
	"testing"

	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// TestTableCache: the shared cache answers what the analyser does, for
// racks asked again and for racks that push others out, from several
// goroutines at once (run with -race).
func TestTableCache(t *testing.T) {
	ps := positions(t, classic.DefaultRules(), "normal", []uint64{31, 32}, 1)
	type ask struct {
		an    hand.Analyzer
		h     hand.Hand
		known tile.TileSet
	}
	var asks []ask
	for _, s := range ps {
		v := s.View(s.Turn())
		if v.Stage != classic.MustDiscard {
			continue
		}
		h, err := handOf(&v.Analyzer, &v.Counts)
		if err != nil {
			t.Fatal(err)
		}
		asks = append(asks, ask{v.Analyzer, h, 0})
		if ts := h.Tiles(); len(ts) > 0 {
			asks = append(asks, ask{v.Analyzer, h, tile.TileSet(0).With(ts[0])})
		}
	}
	if len(asks) < 20 {
		t.Fatalf("only %d racks", len(asks))
	}
	c := NewTableCache()
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Go(func() {
			for round := range 3 {
				for i := range asks {
					k := &asks[(i*7+g*13+round)%len(asks)]
					got, want := c.table(&k.an, k.h, k.known), k.an.DiscardTable(k.h, k.known)
					if got != want {
						select {
						case errs <- tile.FormatTiles(k.h.Tiles()):
						default:
						}
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for r := range errs {
		t.Errorf("rack %s: the cached table differs from the analyser's", r)
	}
}
