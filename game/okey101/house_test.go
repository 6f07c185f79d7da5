package okey101

import (
	"strings"
	"testing"

	"okey/game/okey101/meld"
)

// TestHouseRulesParse: the house rules read, write back, and islek_back
// without the işler taş penalty is refused with the reason.
func TestHouseRulesParse(t *testing.T) {
	cases := []struct {
		in   string
		want Rules
		err  string
	}{
		{"feed", Rules{Open: 101, Islek: true, Hands: 11, Feed: true}, ""},
		{"okey_once", Rules{Open: 101, Islek: true, Hands: 11, OkeyOnce: true}, ""},
		{"islek_back", Rules{Open: 101, Islek: true, Hands: 11, IslekBack: true}, ""},
		{"feed,okey_once,islek_back,okey_pair", Rules{Open: 101, Islek: true, Hands: 11, Feed: true, OkeyOnce: true, IslekBack: true, OkeyPair: true}, ""},
		{"feed=off", DefaultRules(), ""},
		{"islek_back,islek=off", Rules{}, "islek=off turns off"},
		{"feed,feed", Rules{}, "given twice"},
		{"okey_once=maybe", Rules{}, "not on or off"},
	}
	for _, tc := range cases {
		got, err := ParseRules(tc.in)
		if tc.err != "" {
			if err == nil || !errorsIs(err, ErrRules) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want ErrRules saying %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: %+v, %v; want %+v", tc.in, got, err, tc.want)
			continue
		}
		if back, err := ParseRules(got.String()); err != nil || back != got {
			t.Errorf("%q: String %q does not read back: %+v %v", tc.in, got.String(), back, err)
		}
	}
	if DefaultRules().Feed || DefaultRules().OkeyOnce || DefaultRules().IslekBack || DefaultRules().OkeyPair {
		t.Fatal("the house rules are off by default")
	}
}

// TestFeedPenalty: under feed, the seat whose discard the next player
// takes and opens with pays 101; a take that is laid off or given back,
// or any take under the default rules, costs the feeder nothing.
func TestFeedPenalty(t *testing.T) {
	cases := []struct {
		name    string
		rules   string
		open    [NumSeats]Opening
		actions func(t *testing.T) []Action
		fed     int // what seat 0, who discarded R10, pays
	}{
		{"opens with the taken tile", "feed", [4]Opening{}, func(t *testing.T) []Action {
			return []Action{Take(1), Open(1, G(t, "R10 R11 R12 R13", "Y11 B11 K11", "Y13 B13 K13")...)}
		}, 101},
		{"opens with pairs with it", "feed", [4]Opening{}, func(t *testing.T) []Action {
			return []Action{Take(1), OpenPairs(1, G(t, "R10 R10", "R11 R11", "Y11 Y11", "Y13 Y13", "B11 B11")...)}
		}, 101},
		{"default rules: no feed penalty", "default", [4]Opening{}, func(t *testing.T) []Action {
			return []Action{Take(1), Open(1, G(t, "R10 R11 R12 R13", "Y11 B11 K11", "Y13 B13 K13")...)}
		}, 0},
		{"given back: nothing", "feed", [4]Opening{}, func(t *testing.T) []Action {
			return []Action{Take(1), GiveBack(1), Draw(1)}
		}, 0},
		{"laid down by a player already open: nothing", "feed", [4]Opening{1: melds}, func(t *testing.T) []Action {
			return []Action{Take(1), Lay(1, G(t, "R10 R11 R12 R13")...)}
		}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := rig(t, rigSpec{rules: tc.rules, ind: "K4", turn: 1, stage: StageDraw, open: tc.open,
				racks:    [4]string{0: "Y1 Y2", 1: "R11 R12 R13 Y11 B11 K11 Y13 B13 K13 R10 R11 Y11 Y13 B11 Y3"},
				discards: [4]string{0: "R10"}, scores: [4]int{0: 10, 1: 20}})
			n, _ := apply(t, s, tc.actions(t)...)
			if got := n.Scores()[0] - 10; got != tc.fed {
				t.Fatalf("the feeder paid %d, want %d", got, tc.fed)
			}
			if got := n.Scores()[1] - 20; got != 0 {
				t.Fatalf("the taker paid %d", got)
			}
			if n.View(2).HandPenalties[0] != tc.fed {
				t.Fatal("the feed penalty is kept for the score sheet")
			}
			fed := false
			for _, e := range n.View(3).History {
				fed = fed || e.Kind == EvPenalty && e.Seat == 0 && e.Reason == PenaltyFeed
			}
			if fed != (tc.fed > 0) {
				t.Fatalf("the history shows the feed penalty: %v, want %v", fed, tc.fed > 0)
			}
		})
	}
}

// TestOkeyOnce: under okey_once a seat's second okey discard in a hand
// is free; the first is charged, and by default every one is.
func TestOkeyOnce(t *testing.T) {
	cases := []struct {
		rules string
		want  int
	}{
		{"default", 202},
		{"okey_once", 101},
		{"okey_once,islek=off", 101},
	}
	for _, tc := range cases {
		t.Run(tc.rules, func(t *testing.T) {
			s := rig(t, rigSpec{rules: tc.rules, ind: "K4", racks: [4]string{0: "K5 K5 Y1 Y2", 1: "B1", 2: "B2", 3: "B3"},
				wall: "R1 R2 R3 R4 R5 R6 R7 R8"})
			s, _ = apply(t, s, Discard(0, T(t, "K5")))
			if !OkeyPaid(s.View(0).History, 0) || OkeyPaid(s.View(0).History, 1) {
				t.Fatal("OkeyPaid reads the first okey penalty from the history, for its seat only")
			}
			if v := s.View(0); v.DiscardPenalty(T(t, "Y1")) != 0 {
				t.Fatal("Y1 is free")
			}
			for seat := 1; seat < NumSeats; seat++ {
				s, _ = apply(t, s, Draw(seat), Discard(seat, T(t, "B"+string(rune('0'+seat)))))
			}
			s, _ = apply(t, s, Draw(0))
			want := PenaltyOkey
			if tc.want == 101 {
				want = 0
			}
			if v := s.View(0); v.DiscardPenalty(T(t, "K5")) != want {
				t.Fatalf("the view says the second okey costs %v, want %v", v.DiscardPenalty(T(t, "K5")), want)
			}
			s, _ = apply(t, s, Discard(0, T(t, "K5")))
			if got := s.Scores()[0]; got != tc.want {
				t.Fatalf("two okey discards cost %d, want %d", got, tc.want)
			}
		})
	}
}

// TestIslekBack: under islek_back a tile that would take an okey back
// from the table is işler taş too; by default it is free (when it fits
// no meld otherwise).
func TestIslekBack(t *testing.T) {
	// R5 K5 R7: the okey (K5) stands for R6; Y9 B9 K5: for R9 or K9.
	table := []rigMeld{{"R5 K5 R7", 2}, {"Y9 B9 K5", 3}}
	cases := []struct {
		name    string
		rules   string
		discard string
		reason  PenaltyReason
	}{
		{"the run's okey tile, default", "default", "R6", 0},
		{"the run's okey tile, islek_back", "islek_back", "R6", PenaltyIslek},
		{"a set's okey tile, islek_back", "islek_back", "R9", PenaltyIslek},
		{"a set's other missing colour, islek_back", "islek_back", "K9", PenaltyIslek},
		{"still işler taş by lay-off", "default", "R8", PenaltyIslek},
		{"a free tile stays free", "islek_back", "Y1", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := rig(t, rigSpec{rules: tc.rules, ind: "K4", racks: [4]string{0: "R6 R9 K9 R8 Y1"}, table: table,
				open: [4]Opening{2: melds, 3: melds}})
			v := s.View(0)
			if got := v.DiscardPenalty(T(t, tc.discard)); got != tc.reason {
				t.Fatalf("the view says %v, want %v", got, tc.reason)
			}
			n, _ := apply(t, s, Discard(0, T(t, tc.discard)))
			want := 0
			if tc.reason != 0 {
				want = PenaltyPoints
			}
			if n.Scores()[0] != want {
				t.Fatalf("charged %d, want %d", n.Scores()[0], want)
			}
		})
	}
	an, _ := meld.New(T(t, "K4"))
	if got := an.TakeBackTiles(nil); got != 0 {
		t.Fatal("an empty table frees no okey")
	}
}
