package botsclassic

import (
	"context"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// refDiscards is memory.discards from the plain analyser calls: the
// discard distances, then the outs of every least-distance discard, the
// remembered rack's taken from the memory. It is what the table must
// answer.
func refDiscards(m *memory, a *hand.Analyzer, h hand.Hand) hand.DiscardTable {
	var t hand.DiscardTable
	t.Dist = a.DiscardDistances(h)
	t.Best = bestOf(a, &t.Dist)
	for f, k := range t.Dist {
		if int(k) != t.Best || a.IsOkey(tile.Tile(f)) {
			continue
		}
		rest := h
		rest.Remove(tile.Tile(f))
		if m.recalls(a, &rest) && int(m.dist) == t.Best {
			t.Outs[f] = m.outs
			continue
		}
		t.Outs[f] = a.Outs(rest)
	}
	return t
}

// refNormalDecide is Normal.decide on refDiscards.
func refNormalDecide(b *Normal, v *classic.View) (classic.Action, error) {
	if v.Stage == classic.MustDraw {
		return b.decide(v)
	}
	an := &v.Analyzer
	h, err := handOf(an, &v.Counts)
	if err != nil {
		return classic.Action{}, err
	}
	tb := refDiscards(&b.mem, an, h)
	return b.discard(v, h, &tb), nil
}

// TestNormalTableSame plays hands of four normal bots, each shadowed by
// a normal bot of the same seed that analyses with the plain calls: every
// table and every decision must be the same.
func TestNormalTableSame(t *testing.T) {
	hands := 300
	if testing.Short() {
		hands = 40
	}
	if raceOn {
		hands = 10
	}
	rules := []string{"default", "indicator_last", "simple104", "no_wrap,one_colour_double"}
	tables := 0
	for i := range hands {
		r, err := classic.ParseRules(rules[i%len(rules)])
		if err != nil {
			t.Fatal(err)
		}
		seed := uint64(1000 + i)
		s, err := classic.NewMatch(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		var bot, ref [classic.NumSeats]*Normal
		for k := range bot {
			bot[k], ref[k] = NewNormal(seed+uint64(k)), NewNormal(seed+uint64(k))
		}
		for s.Phase() == game.Playing && s.Moves() < 500 {
			who := s.Turn()
			v := s.View(who)
			if v.Stage == classic.MustDiscard {
				an := &v.Analyzer
				h, err := handOf(an, &v.Counts)
				if err != nil {
					t.Fatal(err)
				}
				got, want := bot[who].mem.discards(an, h), refDiscards(&bot[who].mem, an, h)
				if got != want {
					t.Fatalf("seed %d, move %d, rack %s: table\n%+v\nwant\n%+v", seed, s.Moves(), tile.FormatTiles(h.Tiles()), got, want)
				}
				tables++
			}
			a, err := bot[who].Decide(context.Background(), v)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			var b classic.Action
			if rb, done, err := route(context.Background(), &v, true); done { // normal shows
				b = rb
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			} else if b, err = refNormalDecide(ref[who], &v); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if a != b {
				t.Fatalf("seed %d, move %d: decided %v, the plain analysis %v", seed, s.Moves(), a, b)
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	t.Logf("%d hands, %d tables", hands, tables)
}
