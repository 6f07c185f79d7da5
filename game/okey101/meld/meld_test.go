package meld

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"okey/game/tile"
)

func tiles(t *testing.T, s string) []tile.Tile {
	t.Helper()
	ts, err := tile.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func analyzer(t *testing.T, ind string) Analyzer {
	t.Helper()
	it, err := tile.ParseTile(ind)
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(it)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestRead is a table of the 101 meld rules: runs and sets, no
// wrap-around, okeys at a run's end taking the higher place, a group
// that reads both ways counting at its highest, a false joker as the
// okey's face. The okey is K5 throughout (indicator K4).
func TestRead(t *testing.T) {
	a := analyzer(t, "K4")
	cases := []struct {
		name, tiles string
		kind        Kind
		value       int
		as          string // what each tile stands for ("-" for an okey in a set)
		err         string
	}{
		{"run of three", "R1 R2 R3", Run, 6, "R1 R2 R3", ""},
		{"run given out of order", "B9 B7 B8", Run, 24, "B7 B8 B9", ""},
		{"run of thirteen", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13", Run, 91, "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13", ""},
		{"1 only low: 12-13-1 is no run", "R12 R13 R1", 0, 0, "", "no wrap-around"},
		{"13-1-2 is no run", "R13 R1 R2", 0, 0, "", "no wrap-around"},
		{"okey at a run's end takes the higher place", "B10 B11 K5", Run, 33, "B10 B11 B12", ""},
		{"okey at the end of a run at 13 goes below", "B12 B13 K5", Run, 36, "B11 B12 B13", ""},
		{"okey in a gap", "R3 K5 R5", Run, 12, "R3 R4 R5", ""},
		{"two okeys in a run go high", "Y2 Y3 K5 K5", Run, 2 + 3 + 4 + 5, "Y2 Y3 Y4 Y5", ""},
		{"okeys fill a gap and an end", "Y2 K5 Y4 K5", Run, 2 + 3 + 4 + 5, "Y2 Y3 Y4 Y5", ""},
		{"set of three", "R7 Y7 B7", Set, 21, "R7 Y7 B7", ""},
		{"set of four", "K7 R7 B7 Y7", Set, 28, "R7 Y7 B7 K7", ""},
		{"set of three with an okey", "R7 Y7 K5", Set, 21, "R7 Y7 -", ""},
		{"set of four with an okey", "R7 Y7 K5 B7", Set, 28, "R7 Y7 B7 -", ""},
		{"one tile and two okeys: the set when worth more", "K13 K5 K5", Set, 39, "K13 - -", ""},
		{"one tile and two okeys: the run when worth more", "R5 K5 K5", Run, 18, "R5 R6 R7", ""},
		{"one tile and two okeys: a tie reads as the set", "R12 K5 K5", Set, 36, "R12 - -", ""},
		{"only okeys", "K5 K5", 0, 0, "", "at least 3"},
		{"a false joker is the okey's face", "K4 J K6", Run, 15, "K4 K5 K6", ""},
		{"a false joker in a set", "R5 Y5 J", Set, 15, "R5 Y5 K5", ""},
		{"the okey's face is not itself", "K4 K5 K6", Run, 15, "K4 K5 K6", ""},
		{"two of a colour is no set", "R7 R7 Y7", 0, 0, "", "colours are all different"},
		{"five of a value is no set", "R7 Y7 B7 K7 K5", 0, 0, "", ""},
		{"mixed colours and values", "R7 Y8 B9", 0, 0, "", "share one"},
		{"a gap too wide", "R1 R5 K5", 0, 0, "", "cannot cover"},
		{"two tiles", "R1 R2", 0, 0, "", "at least 3"},
		{"a run holds each value once", "R1 R2 R2", 0, 0, "", "once"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := a.Read(tiles(t, tc.tiles))
			if tc.err != "" || tc.kind == 0 {
				if err == nil {
					t.Fatalf("read %v as %v", tc.tiles, m)
				}
				if !errors.Is(err, ErrNotMeld) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %q: want ErrNotMeld saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Kind != tc.kind || m.Value() != tc.value {
				t.Fatalf("%v: %v worth %d, want %v worth %d", tc.tiles, m.Kind, m.Value(), tc.kind, tc.value)
			}
			var as []string
			for _, x := range m.As {
				as = append(as, x.String())
			}
			if got := strings.Join(as, " "); got != tc.as {
				t.Fatalf("%v stands for %s, want %s", tc.tiles, got, tc.as)
			}
		})
	}
}

func TestReadPair(t *testing.T) {
	a := analyzer(t, "K4") // okey K5
	cases := []struct {
		tiles    string
		okeyPair bool
		ok       bool
	}{
		{"R3 R3", false, true},
		{"J J", false, true},
		{"R3 K5", false, true},
		{"K5 J", false, true},
		{"K5 K5", false, false},
		{"K5 K5", true, true},
		{"R3 Y3", false, false},
		{"R3 R4", false, false},
		{"R3", false, false},
	}
	for _, tc := range cases {
		_, err := a.ReadPair(tiles(t, tc.tiles), tc.okeyPair)
		if (err == nil) != tc.ok {
			t.Errorf("%s (okey_pair %v): err %v, want ok=%v", tc.tiles, tc.okeyPair, err, tc.ok)
		}
	}
}

func mustRead(t *testing.T, a Analyzer, s string) Meld {
	t.Helper()
	ts := tiles(t, s)
	if len(ts) == 2 {
		m, err := a.ReadPair(ts, true)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m, err := a.Read(ts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLayOff is a table of the lay-off rules: either end of a run, the
// missing colour of a set of three, never onto a pair, never changing
// what an okey stands for. The okey is K5.
func TestLayOff(t *testing.T) {
	a := analyzer(t, "K4")
	cases := []struct {
		name, meld, tile string
		end              End
		want             string // the meld's As after, or the error's sentinel
		err              error
	}{
		{"below a run", "R5 R6 R7", "R4", AnyEnd, "R4 R5 R6 R7", nil},
		{"above a run", "R5 R6 R7", "R8", AnyEnd, "R5 R6 R7 R8", nil},
		{"at the wrong end", "R5 R6 R7", "R8", LowEnd, "", ErrLayOff},
		{"1 only low: nothing below 1", "R1 R2 R3", "R13", AnyEnd, "", ErrLayOff},
		{"1 only low: nothing above 13", "R11 R12 R13", "R1", AnyEnd, "", ErrLayOff},
		{"wrong colour", "R5 R6 R7", "Y8", AnyEnd, "", ErrLayOff},
		{"an okey goes to the higher end", "R5 R6 R7", "K5", AnyEnd, "R5 R6 R7 R8", nil},
		{"an okey at the low end when asked", "R5 R6 R7", "K5", LowEnd, "R4 R5 R6 R7", nil},
		{"an okey below a run at 13", "R11 R12 R13", "K5", AnyEnd, "R10 R11 R12 R13", nil},
		{"the tile an okey stands for would move it", "B10 B11 K5", "B12", AnyEnd, "", ErrMovesOkey},
		{"beyond the okey is fine", "B10 B11 K5", "B13", AnyEnd, "B10 B11 B12 B13", nil},
		{"a false joker is the okey's face", "K2 K3 K4", "J", AnyEnd, "K2 K3 K4 K5", nil},
		{"a set's missing colour", "R7 Y7 B7", "K7", AnyEnd, "R7 Y7 B7 K7", nil},
		{"a set's colour twice", "R7 Y7 B7", "Y7", AnyEnd, "", ErrLayOff},
		{"a set of three with an okey takes a missing colour", "R7 Y7 K5", "B7", AnyEnd, "R7 Y7 B7 -", nil},
		{"a set of four with an okey: its tile would move it", "R7 Y7 B7 K5", "K7", AnyEnd, "", ErrMovesOkey},
		{"a set of four is full", "R7 Y7 B7 K7", "K5", AnyEnd, "", ErrLayOff},
		{"an okey onto a set of three", "R7 Y7 B7", "K5", AnyEnd, "R7 Y7 B7 -", nil},
		{"never onto a pair", "R3 R3", "R3", AnyEnd, "", ErrLayOff},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := mustRead(t, a, tc.meld)
			before := m.Clone()
			n, at, err := a.LayOff(m, tiles(t, tc.tile)[0], tc.end)
			if !m.Equal(before) {
				t.Fatal("LayOff changed its input")
			}
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var as []string
			for _, x := range n.As {
				as = append(as, x.String())
			}
			if got := strings.Join(as, " "); got != tc.want {
				t.Fatalf("after: %s, want %s", got, tc.want)
			}
			if n.Tiles[at] != tiles(t, tc.tile)[0] {
				t.Fatalf("index %d holds %v", at, n.Tiles[at])
			}
			if r, err := a.Read(n.Tiles); err != nil || r.Kind != n.Kind {
				t.Fatalf("the meld after does not read: %v", err)
			}
		})
	}
}

// TestTakeBack: the exact tile an okey stands for frees it; in a set any
// missing colour does.
func TestTakeBack(t *testing.T) {
	a := analyzer(t, "K4") // okey K5
	cases := []struct {
		meld, tile string
		want       string // tiles after
		ok         bool
	}{
		{"B10 B11 K5", "B12", "B10 B11 B12", true},
		{"B10 B11 K5", "B9", "", false},
		{"R3 K5 R5", "R4", "R3 R4 R5", true},
		{"R7 Y7 K5", "B7", "R7 Y7 B7", true},
		{"R7 Y7 K5", "K7", "R7 Y7 K7", true},
		{"R7 Y7 K5", "Y7", "", false},
		{"R13 K5 K5", "K13", "R13 K13 K5", true},
		{"R3 K5", "R3", "R3 R3", true},
		{"R3 K5", "R4", "", false},
		{"K2 K3 K5", "K4", "K2 K3 K4", true},
		{"K2 K3 K5", "J", "", false},
		{"K3 K4 K5", "J", "K3 K4 J", true}, // the okey stands for K5: a false joker frees it
		{"R5 R6 R7", "R6", "", false},
	}
	for _, tc := range cases {
		m := mustRead(t, a, tc.meld)
		n, _, _, err := a.TakeBack(m, tiles(t, tc.tile)[0])
		if (err == nil) != tc.ok {
			t.Errorf("%s with %s: err %v, want ok=%v", tc.meld, tc.tile, err, tc.ok)
			continue
		}
		if err != nil {
			if !errors.Is(err, ErrTakeBack) {
				t.Errorf("%s with %s: error %v does not wrap ErrTakeBack", tc.meld, tc.tile, err)
			}
			continue
		}
		if got := tile.FormatTiles(n.Tiles); got != tc.want {
			t.Errorf("%s with %s: %s, want %s", tc.meld, tc.tile, got, tc.want)
		}
	}
}

// TestLayOffsAndIslekAgainstTheOperation lists every lay-off and okey
// take-back of random racks and tables and checks the lists against
// trying LayOff and TakeBack with every tile on every meld, and the
// işler taş against the real faces some lay-off accepts.
func TestLayOffsAndIslekAgainstTheOperation(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 101))
	n := 3000
	if testing.Short() {
		n = 500
	}
	if raceOn {
		n = 100
	}
	for range n {
		a, c, table, _ := finishCase(r)
		for f := range c {
			if r.IntN(5) == 0 && c[f] < 2 && tile.Tile(f) != a.Indicator() {
				c[f]++ // a wider rack than finishCase deals
			}
		}
		type key struct {
			meld int
			t    tile.Tile
			end  End
		}
		got := map[key]bool{}
		for _, m := range a.LayOffs(c, table) {
			got[key{m.Meld, m.Tile, m.End}] = true
		}
		want := map[key]bool{}
		var islek tile.TileSet
		for i, m := range table {
			for f := tile.Tile(0); f < tile.NumFaces; f++ {
				ends := []End{AnyEnd}
				if m.Kind == Run {
					ends = []End{LowEnd, HighEnd}
				}
				for _, e := range ends {
					n, at, err := a.LayOff(m, f, e)
					if err != nil {
						continue
					}
					if !a.IsOkey(f) {
						islek = islek.With(f)
					}
					if c[f] > 0 {
						want[key{i, f, e}] = true
						if as := n.As[at]; m.Kind == Run && as.Colour() != m.RunColour() {
							t.Fatalf("lay-off onto %v stands for %v", m, as)
						}
					}
				}
			}
		}
		if len(got) != len(want) {
			t.Fatalf("table %v rack %v: LayOffs %v, want %v", table, tile.FormatTiles(c.Tiles()), got, want)
		}
		for k := range want {
			if !got[k] {
				t.Fatalf("table %v rack %v: LayOffs misses %+v", table, tile.FormatTiles(c.Tiles()), k)
			}
		}
		if is := a.Islek(table); is != islek {
			t.Fatalf("table %v: işler taş %v, want %v", table, is.Tiles(), islek.Tiles())
		}
		type tk struct {
			meld int
			t    tile.Tile
		}
		gotTB := map[tk]bool{}
		for _, m := range a.TakeBacks(c, table) {
			gotTB[tk{m.Meld, m.Tile}] = true
		}
		for i, m := range table {
			for f := tile.Tile(0); f < tile.NumFaces; f++ {
				_, _, _, err := a.TakeBack(m, f)
				if (err == nil && c[f] > 0) != gotTB[tk{i, f}] {
					t.Fatalf("table %v rack %v: take-back of %v onto %v listed %v, works %v", table, tile.FormatTiles(c.Tiles()), f, m, gotTB[tk{i, f}], err == nil)
				}
			}
		}
	}
}

// TestPairsAgainstBruteForce counts pairs by trying every pairing.
func TestPairsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 101))
	n := 4000
	if testing.Short() {
		n = 500
	}
	if raceOn {
		n = 100
	}
	for i := range n {
		a, c := randomRack(r, i%3)
		if c.Total() > 16 {
			continue // the brute force pairs tile by tile
		}
		for _, okp := range []bool{false, true} {
			ps := a.PairMelds(c, okp)
			var used tile.Counts
			for _, m := range ps {
				if _, err := a.ReadPair(m.Tiles, okp); err != nil {
					t.Fatalf("%v is no pair: %v", m, err)
				}
				for _, x := range m.Tiles {
					used[x]++
				}
			}
			for f := range used {
				if used[f] > c[f] {
					t.Fatalf("pairs use tiles not held")
				}
			}
			if want := refPairs(a, c.Tiles(), okp); len(ps) != want {
				t.Fatalf("okey %v rack %v okey_pair %v: %d pairs, brute force %d", a.Okey(), tile.FormatTiles(c.Tiles()), okp, len(ps), want)
			}
		}
	}
}

// refPairs is the most pairs among ts keeping a tile: the first tile
// pairs with each later one it can, or stays out.
func refPairs(a Analyzer, ts []tile.Tile, okp bool) int {
	var best func(ts []tile.Tile, kept bool) int
	best = func(ts []tile.Tile, kept bool) int {
		if len(ts) == 0 {
			if kept {
				return 0
			}
			return -100
		}
		b := best(ts[1:], true)
		for j := 1; j < len(ts); j++ {
			if _, err := a.ReadPair([]tile.Tile{ts[0], ts[j]}, okp); err == nil {
				rest := append(slices.Clone(ts[1:j]), ts[j+1:]...)
				b = max(b, 1+best(rest, kept))
			}
		}
		return b
	}
	return max(0, best(ts, false))
}

// TestAnswerJSON checks the answer's exact JSON form with encoding/json.
func TestAnswerJSON(t *testing.T) {
	var sv Solver
	line := "K4: R1 R2 R3 Y7 B7 K7 R10 R11 R12 R13 K5 B1 B3 Y2 Y9 K11 K12 B5 R6 Y13 K1"
	ans, err := sv.AnswerLine(line, DefaultThreshold)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(ans)
	if err != nil {
		t.Fatal(err)
	}
	// The best: R1..R3 (6), R10..R13 (46), the set of sevens (21), and
	// the okey K5 in K11 K12 K13 (36) = 109; the okey cannot do better.
	want := `{"open_value":109,"can_open":true,"opening":[["R1","R2","R3"],["R10","R11","R12","R13"],["K11","K12","K5"],["Y7","B7","K7"]],"pairs":1,"unmelded":8}`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
	a, c, _ := ParseLine(line)
	if want := refBest(a, c, false); ans.OpenValue != want {
		t.Fatalf("open value %d, brute force %d", ans.OpenValue, want)
	}
	none, err := sv.AnswerLine("K4: R1 R2 R4 R5 R7 R8 R10 R11 R13 Y1 Y2 Y4 Y5 Y7 Y8 Y10 Y11 Y13 B3 B6 B9", DefaultThreshold)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(none)
	if want := `{"open_value":0,"can_open":false,"opening":[],"pairs":0,"unmelded":21}`; string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
}

func TestParseLineErrors(t *testing.T) {
	ok21 := "R1 R2 R3 Y7 B7 K7 R10 R11 R12 R13 K5 B1 B3 Y2 Y9 K11 K12 B5 R6 Y13 K1"
	cases := []struct {
		line string
		err  error
		says string
	}{
		{ok21, ErrNoIndicator, "IND"},
		{"X4: " + ok21, ErrUnknownTile, "X4"},
		{"K4: " + strings.Replace(ok21, "R6", "R14", 1), ErrUnknownTile, "R14"},
		{"K4: " + ok21 + " Y1 Y3", ErrTileCount, "23"},
		{"K4: R1 R2 R3", ErrTileCount, "3"},
		{"K4: " + strings.Replace(strings.Replace(ok21, "R2", "R1", 1), "R3", "R1", 1), ErrCopies, "R1"},
		{"K4: " + strings.Replace(strings.Replace(ok21, "R2", "K4", 1), "R3", "K4", 1), ErrIndicatorCopies, "K4"},
		{"J: " + ok21, ErrJokerIndicator, "J"},
	}
	for _, tc := range cases {
		_, _, err := ParseLine(tc.line)
		if !errors.Is(err, ErrLine) || !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%q: error %v, want %v saying %q", tc.line, err, tc.err, tc.says)
		}
	}
	if _, _, err := ParseLine("k4: " + strings.ToLower(ok21)); err != nil {
		t.Errorf("lower case: %v", err)
	}
}

// TestBadInputDoesNotPanic: racks no hand can hold and malformed table
// melds get answers, never a panic.
func TestBadInputDoesNotPanic(t *testing.T) {
	a := analyzer(t, "K4")
	var c tile.Counts
	for f := range c {
		c[f] = 3
	}
	table := []Meld{{Kind: Run}, {Kind: Set, Tiles: []tile.Tile{tile.NoTile}, As: []tile.Tile{tile.NoTile}}, {Kind: Pair}, {Kind: 9}}
	var sv Solver
	if _, ok := sv.CanFinish(a, c, table, Turn{Threshold: 101, Taken: tile.NoTile}); ok {
		t.Fatal("a rack of three copies of everything finishes")
	}
	sv.BestOpening(a, c)
	sv.Unmelded(a, c)
	a.LayOffs(c, table)
	a.TakeBacks(c, table)
	a.Islek(table)
	(Analyzer{}).CanFinish(tile.Counts{1}, table, Turn{})
}
