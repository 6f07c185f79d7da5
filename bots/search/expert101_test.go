package search

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"okey/bots/rollout"
	"okey/game"
	"okey/game/okey101"
)

// expertGolden is every action of the first hands of a few matches with
// the search at 4x in one seat and normal bots beside, as the search
// played them before any option was added after -selfhard: an option
// that reaches its play shows here. 101's expert (decide101.NewExpert)
// is this search with -open, which TestOpenSearchesTheOpening101 holds
// to these hands wherever it overrides no opening.
const expertGolden = "testdata/expert101.golden"

// expertHands plays the first hand of match game.NewSeed(0xe4e101+h),
// h from 0 to n-1, with the search of options opt (seeded from the
// match) in seat h%4 and normal bots elsewhere, and returns every
// action, one a line, each hand under a header.
func expertHands(t *testing.T, n int, opt Options) (string, []*Player101) {
	t.Helper()
	var sb strings.Builder
	var ps []*Player101
	for h := range n {
		seed := game.NewSeed(0xe4e101 + uint64(h))
		seat := h % okey101.NumSeats
		s, bs := match101(t, seed)
		opt.Seed = seed ^ 0x5eed
		p := New101(opt, nil)
		ps = append(ps, p)
		bs[seat] = p
		fmt.Fprintf(&sb, "hand %d seat %d\n", h, seat)
		for s.Phase() == game.Playing && s.Moves() < rollout.MaxActions {
			a, err := bs[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
			if err != nil {
				t.Fatal(err)
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&sb, a)
		}
	}
	return sb.String(), ps
}

// TestExpertUnchanged101 plays the expert's hands of expertGolden again
// and compares every action (OKEY_UPDATE_GOLDEN=1 writes the file
// anew). -short plays the first two hands only.
func TestExpertUnchanged101(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(expertGolden)
	if err != nil && os.Getenv("OKEY_UPDATE_GOLDEN") != "1" {
		t.Fatal(err)
	}
	n := 8
	if testing.Short() {
		n = 2
	}
	got, ps := expertHands(t, n, Options{Scale: 4, Workers: 1})
	overrode := 0
	for _, p := range ps {
		overrode += p.Stats.Overrode
	}
	if overrode == 0 {
		t.Fatalf("the expert never overrode hard in %d hands: the test would not see its search change", n)
	}
	if os.Getenv("OKEY_UPDATE_GOLDEN") == "1" {
		if err := os.WriteFile(expertGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := string(b)
	if !strings.HasPrefix(want, got) {
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := range gl {
			if i >= len(wl) || gl[i] != wl[i] {
				t.Fatalf("the expert's play changed at line %d: %q, recorded %q", i+1, gl[i], wl[min(i, len(wl)-1)])
			}
		}
		t.Fatalf("the expert played %d lines, recorded %d", len(gl), len(wl))
	}
}

// TestOpenSearchesTheOpening101 plays the hands of expertGolden with the
// expert's search that also searches the opening decision
// (search-4x-open): it must search openings, override hard's at least
// once (the second hand) and play that hand otherwise than the expert,
// and play every hand where it overrode no opening exactly as the
// expert did, its other searches drawing what the expert's draw. It
// fails when the option is ignored (nothing searched) and when it
// reaches the rest of the play.
func TestOpenSearchesTheOpening101(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(expertGolden)
	if err != nil {
		t.Fatal(err)
	}
	n := 8
	if testing.Short() {
		n = 2
	}
	got, ps := expertHands(t, n, Options{Scale: 4, Workers: 1, Open: true})
	want := splitHands(string(b))
	searched, overrode := 0, 0
	for h, hand := range splitHands(got) {
		o := ps[h].Open
		searched += o.Searched
		overrode += o.Overrode
		if o.Waited+o.Opened != o.Overrode || o.Playouts < o.Searched*2 {
			t.Errorf("hand %d: the opening's counts disagree: %+v", h, o)
		}
		if same := hand == want[h]; same != (o.Overrode == 0) {
			t.Errorf("hand %d: %d openings overridden, the expert's play kept: %v", h, o.Overrode, same)
		}
	}
	if searched == 0 || overrode == 0 {
		t.Fatalf("%d openings searched, %d overridden in %d hands", searched, overrode, n)
	}
}

// splitHands cuts expertHands' text into its hands.
func splitHands(s string) []string {
	var out []string
	for _, h := range strings.SplitAfter(s, "hand ")[1:] {
		out = append(out, strings.TrimSuffix(h, "hand "))
	}
	return out
}
