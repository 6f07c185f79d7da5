package botsclassic

import (
	"context"
	"testing"

	"okey/game/classic"
	"okey/game/tile"
)

// TestFinish: every level finishes when a discard wins; the levels that
// count points finish with the okey when that wins (double points), easy
// never throws it. Indicator K4 makes K5 the okey.
func TestFinish(t *testing.T) {
	cases := []struct {
		name, rack string
		want       map[string]string // level → finishing discard ("" any)
	}{
		{"plain", "R1 R2 R3 R4 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y11",
			map[string]string{"easy": "Y11", "normal": "Y11", "hard": "Y11"}},
		{"okey finish", "R1 R2 R3 R4 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 K5",
			map[string]string{"easy": "", "normal": "K5", "hard": "K5"}},
	}
	for _, c := range cases {
		for _, level := range Levels {
			t.Run(c.name+"/"+level, func(t *testing.T) {
				v := handView(t, "K4", c.rack, classic.MustDiscard, "")
				a, err := newBot(t, level, 1).Decide(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				if a.Kind != classic.ActFinish {
					t.Fatalf("%v, want a finish", a)
				}
				if w := c.want[level]; w != "" && a.Tile != mustTile(t, w) {
					t.Fatalf("%v, want to finish with %s", a, w)
				}
				if level == "easy" && a.Tile == mustTile(t, "K5") {
					t.Fatalf("easy threw the okey")
				}
			})
		}
	}
}

// TestTakeOnlyWhenItHelps: normal and hard take a discard that
// lowers the distance (here: one that wins) and leave one that does not.
func TestTakeOnlyWhenItHelps(t *testing.T) {
	rack := "R1 R2 R3 R4 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 Y11"
	for _, level := range []string{"normal", "hard"} {
		for _, c := range []struct {
			top  string
			take bool
		}{{"K13", true}, {"B2", false}} {
			v := handView(t, "K4", rack, classic.MustDraw, c.top)
			a, err := newBot(t, level, 1).Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Kind == classic.ActTake; got != c.take {
				t.Errorf("%s, top %s: %v, want take=%v", level, c.top, a, c.take)
			}
		}
	}
}

// TestKeepsTheOkey: no level throws an okey from a hand that does not
// win, over many positions from real hands.
func TestKeepsTheOkey(t *testing.T) {
	ps := positions(t, classic.DefaultRules(), "normal", []uint64{31, 32}, 1)
	for _, level := range []string{"easy", "normal", "hard"} {
		for i, s := range ps {
			if s.Stage() != classic.MustDiscard {
				continue
			}
			v := s.View(s.Turn())
			a, err := newBot(t, level, uint64(i)).Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind == classic.ActDiscard && v.Analyzer.IsOkey(a.Tile) {
				t.Fatalf("%s threw the okey %v from %s", level, a.Tile, tile.FormatTiles(v.Rack))
			}
		}
	}
}
