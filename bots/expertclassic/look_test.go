package expertclassic

import (
	"slices"
	"testing"

	"okey/game/classic"
	"okey/game/tile"
)

// A face's mates are the others of the runs of three it fits (12-13-1
// among them, 13-1-2 not) and its value in the other colours; its
// windows, the runs of three it fits.
func TestMates(t *testing.T) {
	for _, tc := range []struct {
		f       string
		want    []string
		windows int
	}{
		{"R1", []string{"R2", "R3", "R12", "R13", "Y1", "B1", "K1"}, 2},
		{"R13", []string{"R11", "R12", "R1", "Y13", "B13", "K13"}, 2},
		{"B2", []string{"B1", "B3", "B4", "R2", "Y2", "K2"}, 2},
		{"Y12", []string{"Y10", "Y11", "Y13", "Y1", "R12", "B12", "K12"}, 3},
		{"K7", []string{"K5", "K6", "K8", "K9", "R7", "Y7", "B7"}, 3},
	} {
		f, err := tile.ParseTile(tc.f)
		if err != nil {
			t.Fatal(err)
		}
		m := mateTable[f]
		got := m.of[:m.n]
		if len(got) != len(tc.want) || m.windows != tc.windows {
			t.Errorf("%s: mates %v in %d runs, want %v in %d", tc.f, tile.FormatTiles(got), m.windows, tc.want, tc.windows)
			continue
		}
		for _, s := range tc.want {
			g, err := tile.ParseTile(s)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(got, g) {
				t.Errorf("%s: mates %v lack %s", tc.f, tile.FormatTiles(got), s)
			}
		}
	}
}

// The second look reads a view after a discard without allocating (the
// expert reads it for each candidate), and its figures are counts
// within what a rack and the tiles allow.
func TestSecondLookAllocatesNothing(t *testing.T) {
	var views []classic.View
	play(t, 7, 60, normals(7), func(st *classic.State, v *classic.View) {
		if v.Legal.Discard {
			views = append(views, After(v, v.Rack[0]))
		}
	})
	if len(views) < 5 {
		t.Fatalf("%d views", len(views))
	}
	var x [NumLook]float32
	for i := range views {
		w := &views[i]
		if n := testing.AllocsPerRun(5, func() {
			if err := SecondLook(w, &x); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("view %d: %v allocations", i, n)
		}
		if x[LookDiscardLive] < 0 || x[LookDiscardLive] > 2 || x[LookMatesHeld] > 14 || x[LookRunWindows] > 3 || x[LookImprovers] < 0 {
			t.Errorf("view %d: %v", i, x)
		}
	}
}

// BenchmarkSecondLook is the second look of one view after a discard,
// which the expert reads for each of its candidates: about forty
// discard tables, one for each live face the rack may draw.
func BenchmarkSecondLook(b *testing.B) {
	var views []classic.View
	for seed := uint64(1); seed <= 8; seed++ {
		play(b, seed, 1<<20, normals(seed), func(_ *classic.State, v *classic.View) {
			if v.Legal.Discard {
				views = append(views, After(v, v.Rack[0]))
			}
		})
	}
	var x [NumLook]float32
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if err := SecondLook(&views[i%len(views)], &x); err != nil {
			b.Fatal(err)
		}
	}
}
