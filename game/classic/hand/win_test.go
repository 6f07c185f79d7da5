package hand

import (
	"strings"
	"testing"

	"okey/game/tile"
)

// analyzerFor builds the analyzer of a deal for the tests: rules by name
// ("default", "no_wrap", "simple104", "one_colour_double") and an
// indicator ("-" for none).
func analyzerFor(t *testing.T, rules, indicator string) *Analyzer {
	t.Helper()
	var r Config
	switch rules {
	case "default":
		r = classic()
	case "no_wrap":
		r = classic()
		r.Wrap = false
	case "simple104":
		r = simple104()
	case "one_colour_double":
		r = classic()
		r.OneColourDouble = true
	default:
		t.Fatalf("unknown rules %q", rules)
	}
	ind := tile.NoTile
	if indicator != "-" {
		var err error
		if ind, err = tile.ParseTile(indicator); err != nil {
			t.Fatal(err)
		}
	}
	a, err := NewAnalyzer(r, ind)
	if err != nil {
		t.Fatal(err)
	}
	return &a
}

func handOf(t *testing.T, a *Analyzer, s string) Hand {
	t.Helper()
	ts, err := tile.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	h, err := a.NewHand(ts)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return h
}

// In these tests the indicator is K6 unless said otherwise: the okey is
// K7 (wild) and a false joker J plays as K7.
func TestWinRules(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, rules, ind, hand string
		win                    bool
		kind                   WinKind
	}{
		{"runs and sets", "default", "K6", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 R10 Y10 B10 K10 K1", false, NoWin},
		{"four melds", "default", "K6", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 R10 Y10 B10 K10 K11", false, NoWin},
		{"three runs and a set of four plus one", "default", "K6", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 R10 Y10 B10 K10 Y11", false, NoWin},
		{"runs and a set", "default", "K6", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 K11", true, WinMelds},
		{"12-13-1 is a run", "default", "K6", "R12 R13 R1 Y2 Y3 Y4 B5 B6 B7 K9 K10 K11 K12 K13", true, WinMelds},
		{"12-13-1 needs wrap", "no_wrap", "K6", "R12 R13 R1 Y2 Y3 Y4 B5 B6 B7 K9 K10 K11 K12 K13", false, NoWin},
		{"13-1-2 is not a run", "default", "K6", "R13 R1 R2 Y2 Y3 Y4 B5 B6 B7 K9 K10 K11 K12 K13", false, NoWin},
		{"1 to 13 and a 1 with wrap", "default", "K6", "R1 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", true, WinMelds},
		{"1 to 13 and a 1 without wrap", "no_wrap", "K6", "R1 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", false, NoWin},
		{"two okeys in runs", "default", "K6", "R1 R2 K7 Y5 Y6 Y7 B8 B9 B10 K1 K2 K3 K4 K7", true, WinMelds},
		{"an okey fills a set", "default", "K6", "R5 Y5 K7 Y1 Y2 Y3 B8 B9 B10 K1 K2 K3 K4 K5", true, WinMelds},
		{"false joker in a set", "default", "K6", "J R7 Y7 Y1 Y2 Y3 B8 B9 B10 K1 K2 K3 K4 K5", true, WinMelds},
		{"false joker in a run", "default", "K6", "K5 K6 J R1 R2 R3 Y4 Y5 Y6 B9 B10 B11 B12 B13", true, WinMelds},
		{"false joker is not wild", "default", "K6", "R1 R2 J Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 K11", false, NoWin},
		{"a set with two of one colour", "default", "K6", "R5 R5 Y5 Y1 Y2 Y3 B8 B9 B10 K1 K2 K3 K4 K5", false, NoWin},
		{"seven pairs", "default", "K6", "R1 R1 Y3 Y3 B5 B5 K9 K9 R12 R12 Y13 Y13 B2 B2", true, WinPairs},
		{"okey partners a single", "default", "K6", "R1 R1 Y3 Y3 B5 B5 K9 K9 R12 R12 Y13 Y13 B2 K7", true, WinPairs},
		{"two okeys are a pair", "default", "K6", "R1 R1 Y3 Y3 B5 B5 K9 K9 R12 R12 Y13 Y13 K7 K7", true, WinPairs},
		{"two false jokers are a pair", "default", "K6", "R1 R1 Y3 Y3 B5 B5 K9 K9 R12 R12 Y13 Y13 J J", true, WinPairs},
		{"a false joker and an okey are a pair", "default", "K6", "R1 R1 Y3 Y3 B5 B5 K9 K9 R12 R12 Y13 Y13 J K7", true, WinPairs},
		{"a pair is of identical tiles", "default", "K6", "R1 R1 Y3 Y3 B5 B5 K9 K9 R12 R12 Y13 Y13 B2 K2", false, NoWin},
		{"pairs preferred over melds", "default", "K6", "R1 R1 R2 R2 R3 R3 Y4 Y4 Y5 Y5 Y6 Y6 K7 K7", true, WinPairs},
		{"simple104: no wrap", "simple104", "-", "R12 R13 R1 Y2 Y3 Y4 B5 B6 B7 K9 K10 K11 K12 K13", false, NoWin},
		{"simple104: K7 is no okey", "simple104", "-", "R1 R2 K7 Y5 Y6 Y7 B8 B9 B10 K1 K2 K3 K4 K8", false, NoWin},
		{"simple104: runs", "simple104", "-", "R1 R2 R3 Y5 Y6 Y7 B8 B9 B10 K1 K2 K3 K4 K5", true, WinMelds},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := analyzerFor(t, tc.rules, tc.ind)
			h := handOf(t, a, tc.hand)
			if got := a.IsWin(h); got != tc.win {
				t.Errorf("IsWin = %v, want %v", got, tc.win)
			}
			w, ok := a.Win(h)
			if ok != tc.win || w.Kind != tc.kind {
				t.Fatalf("Win = %v %v, want %v %v", ok, w.Kind, tc.win, tc.kind)
			}
			if ok {
				ref := newRefCtx(a)
				if msg := refCheckWin(ref, h.Counts(), &w); msg != "" {
					t.Errorf("grouping: %s", msg)
				}
				for _, m := range w.Melds {
					if len(m.Tiles) > 13 {
						t.Errorf("a meld of %d tiles", len(m.Tiles))
					}
				}
			}
			wantDist := 1
			if tc.win {
				wantDist = 0
			}
			if d := a.Distance(h); (d == 0) != (wantDist == 0) {
				t.Errorf("Distance = %d for a hand that %s", d, map[bool]string{true: "wins", false: "does not win"}[tc.win])
			}
		})
	}
}

func TestWinGroupingReads(t *testing.T) {
	t.Parallel()
	a := analyzerFor(t, "default", "K6")
	h := handOf(t, a, "R1 R2 K7 Y5 Y6 Y7 B8 B9 B10 K1 K2 K3 K4 K7")
	w, ok := a.Win(h)
	if !ok {
		t.Fatal("no win")
	}
	for _, m := range w.Melds {
		if m.Kind != Run {
			continue
		}
		for i := 1; i < len(m.As); i++ {
			if m.As[i].Value() != m.As[i-1].Value()+1 && !(m.As[i-1].Value() == 13 && m.As[i].Value() == 1) {
				t.Errorf("run out of order: %s", tile.FormatTiles(m.As))
			}
		}
	}
	// The okey K7 in K1 K2 K3 K4 [K7] plays as K5 or K7's own face would
	// need K5 and K6: either way every okey plays as some face.
	for _, m := range w.Melds {
		for i, x := range m.Tiles {
			if a.IsOkey(x) && !m.As[i].Valid() {
				t.Errorf("okey plays as %v", m.As[i])
			}
		}
	}
	// A false joker plays as the okey's face.
	h = handOf(t, a, "J R7 Y7 Y1 Y2 Y3 B8 B9 B10 K1 K2 K3 K4 K5")
	w, _ = a.Win(h)
	found := false
	for _, m := range w.Melds {
		for i, x := range m.Tiles {
			if x == tile.FalseJoker {
				found = true
				if m.As[i] != tile.NewTile(tile.Black, 7) {
					t.Errorf("J plays as %v, want K7", m.As[i])
				}
			}
		}
	}
	if !found {
		t.Error("J not in the grouping")
	}
}

func TestWinOneColour(t *testing.T) {
	t.Parallel()
	a := analyzerFor(t, "one_colour_double", "K6")
	h := handOf(t, a, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K7")
	w, ok := a.Win(h)
	if !ok || !w.OneColour {
		t.Fatalf("one colour with an okey: %v %v", ok, w.OneColour)
	}
	h = handOf(t, a, "R1 R1 R3 R3 R5 R5 R7 R7 R9 R9 R11 R11 R13 K7")
	w, ok = a.Win(h)
	if !ok || w.Kind != WinPairs || !w.OneColour {
		t.Fatalf("one-colour pairs: %v %v %v", ok, w.Kind, w.OneColour)
	}
	h = handOf(t, a, "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 K11")
	if w, _ := a.Win(h); w.OneColour {
		t.Error("mixed colours read as one colour")
	}
	// The option doubles the value of a one-colour discard.
	h = handOf(t, a, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K7 Y9")
	d := a.BestDiscard(h)
	if !d.Wins || d.Tile != tile.NewTile(tile.Yellow, 9) || !d.Win.OneColour {
		t.Errorf("BestDiscard = %+v, want Y9 winning in one colour", d)
	}
}

func TestWinWrongSizes(t *testing.T) {
	t.Parallel()
	a := analyzerFor(t, "default", "K6")
	for _, s := range []string{"", "R1 R2 R3", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 K11 K12"} {
		var h Hand
		if s != "" {
			h = handOf(t, a, s)
		}
		if a.IsWin(h) {
			t.Errorf("%q: IsWin", s)
		}
		if _, ok := a.Win(h); ok {
			t.Errorf("%q: Win", s)
		}
	}
}

func TestNewHandErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ rules, ind, hand, want string }{
		{"default", "K6", "R5 R5 R5", "three copies of R5"},
		{"default", "R4", "R4 R4 Y1", "two copies of the indicator's tile R4 (only one is in play)"},
		{"simple104", "-", "R1 J", "simple104 has no false jokers"},
		{"default", "K6", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3", "16 tiles"},
		{"default", "K6", "J J J", "three copies of J"},
	} {
		a := analyzerFor(t, tc.rules, tc.ind)
		ts, _ := tile.ParseTiles(tc.hand)
		_, err := a.NewHand(ts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.hand, err, tc.want)
		}
	}
	a := analyzerFor(t, "default", "K6")
	if _, err := a.NewHand([]tile.Tile{tile.NoTile}); err == nil {
		t.Error("NoTile accepted")
	}
	// Under indicator_last the indicator is drawn last: both copies may
	// end up in a rack.
	r := classic()
	r.IndicatorLast = true
	b, _ := NewAnalyzer(r, tile.NewTile(tile.Red, 4))
	if _, err := b.NewHand([]tile.Tile{tile.NewTile(tile.Red, 4), tile.NewTile(tile.Red, 4)}); err != nil {
		t.Errorf("indicator_last: %v", err)
	}
}

func TestFalseJokerPlaysAsOkeyFace(t *testing.T) {
	t.Parallel()
	ind, _ := tile.ParseTile("R4")
	a, err := NewAnalyzer(classic(), ind)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.PlaysAs(tile.FalseJoker); got.String() != "R5" {
		t.Fatalf("J plays as %v, want R5", got)
	}
	if !a.IsOkey(tile.NewTile(tile.Red, 5)) || a.IsOkey(tile.FalseJoker) {
		t.Fatal("R5 must be wild, J must not")
	}
	if a.Available(ind) != 1 || a.Available(tile.NewTile(tile.Red, 5)) != 2 || a.Available(tile.FalseJoker) != 2 {
		t.Fatal("availability: indicator's face 1, others 2")
	}
	if _, err := NewAnalyzer(classic(), tile.FalseJoker); err == nil {
		t.Fatal("a false joker cannot be the indicator")
	}
}
