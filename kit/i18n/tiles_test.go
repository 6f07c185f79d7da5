package i18n

import (
	"strings"
	"testing"

	"okey/game/tile"
)

// TestTileWords: English writes the notation; Turkish writes colour
// words with the case ending the sentence asks for, the okey and the
// false joker as nouns with theirs.
func TestTileWords(t *testing.T) {
	en, tr := MustLoad("en"), MustLoad("tr")
	r5, k13, b9 := tile.NewTile(tile.Red, 5), tile.NewTile(tile.Black, 13), tile.NewTile(tile.Blue, 9)
	nb := func(s string) string { return strings.ReplaceAll(s, "\u00a0", " ") }
	cases := []struct {
		c     *Catalog
		t     tile.Tile
		cs    Case
		want  string
		okey  tile.Tile
		label string
	}{
		{en, k13, Accusative, "K13", r5, "en plain"},
		{en, r5, Accusative, "R5 (okey)", r5, "en okey"},
		{en, tile.FalseJoker, Nominative, "J (as R5)", r5, "en false joker"},
		{tr, k13, Nominative, "siyah 13", r5, "tr plain"},
		{tr, k13, Accusative, "siyah 13'ü", r5, "tr accusative"},
		{tr, b9, Dative, "mavi 9'a", r5, "tr dative"},
		{tr, r5, Accusative, "okeyi (kırmızı 5)", r5, "tr okey"},
		{tr, r5, Nominative, "okey (kırmızı 5)", r5, "tr okey nominative"},
		{tr, tile.FalseJoker, Accusative, "sahte okeyi (kırmızı 5)", r5, "tr false joker"},
		{tr, tile.FalseJoker, Nominative, "sahte okey", tile.NoTile, "tr false joker, no okey"},
		{tr, r5, Nominative, "kırmızı 5", tile.NoTile, "tr no okey"},
	}
	for _, c := range cases {
		if got := nb(c.c.Tile(c.t, c.okey, c.cs)); got != c.want {
			t.Errorf("%s: %q, want %q", c.label, got, c.want)
		}
	}
	if got := tr.Face(k13); !strings.Contains(got, "\u00a0") {
		t.Errorf("tr face %q: its words are not held together", got)
	}
	r := func(c tile.Colour, v int) tile.Tile { return tile.NewTile(c, v) }
	rows := []struct {
		ts       []tile.Tile
		en, tr   string
		okey     tile.Tile
		whatItIs string
	}{
		{[]tile.Tile{r(tile.Red, 1), r(tile.Red, 2), r(tile.Red, 3)}, "R1 R2 R3", "kırmızı 1-2-3", r5, "a run"},
		{[]tile.Tile{r(tile.Blue, 9), r5, r(tile.Blue, 11)}, "B9 OK B11", "mavi 9-okey-11", r5, "a run with an okey"},
		{[]tile.Tile{r(tile.Red, 4), tile.FalseJoker, r(tile.Red, 6)}, "R4 J R6", "kırmızı 4-sahte-6", r5, "a run with a false joker"},
		{[]tile.Tile{r(tile.Black, 7), r(tile.Yellow, 7), r(tile.Blue, 7)}, "K7 Y7 B7", "siyah-sarı-mavi 7", r5, "a set"},
		{[]tile.Tile{r(tile.Yellow, 2), r(tile.Yellow, 2), r(tile.Black, 1), r(tile.Black, 5)}, "Y2 Y2 K1 K5", "sarı 2 2, siyah 1 5", r5, "tiles left"},
		{[]tile.Tile{r(tile.Black, 2), r5}, "K2 OK", "siyah 2, okey", r5, "a pair with an okey"},
		{[]tile.Tile{r(tile.Blue, 2), r(tile.Blue, 4)}, "B2 B4", "mavi 2 4", r5, "tiles left of one colour, not a run"},
		{[]tile.Tile{r(tile.Red, 4), r(tile.Red, 6), r(tile.Red, 7)}, "R4 R6 R7", "kırmızı 4 6 7", r5, "three of one colour, not a run"},
		{[]tile.Tile{r(tile.Black, 12), r(tile.Black, 13), r(tile.Black, 1)}, "K12 K13 K1", "siyah 12-13-1", r5, "a run over 13"},
		{[]tile.Tile{r5, r(tile.Yellow, 8), r(tile.Yellow, 9)}, "OK Y8 Y9", "sarı okey-8-9", r5, "a run that starts with an okey"},
	}
	for _, x := range rows {
		if got := en.Tiles(x.ts, x.okey); got != x.en {
			t.Errorf("en %s: %q, want %q", x.whatItIs, got, x.en)
		}
		if got := nb(tr.Tiles(x.ts, x.okey)); got != x.tr {
			t.Errorf("tr %s: %q, want %q", x.whatItIs, got, x.tr)
		}
	}
	// A row with a case ending on its last word: after a number with
	// the apostrophe, after the okey (a common noun) without.
	for _, x := range []struct {
		ts   []tile.Tile
		cs   Case
		want string
	}{
		{[]tile.Tile{r(tile.Red, 1), r(tile.Red, 2), r(tile.Red, 3)}, Dative, "kırmızı 1-2-3'e"},
		{[]tile.Tile{r(tile.Red, 4), r(tile.Red, 6), r(tile.Red, 7)}, Dative, "kırmızı 4 6 7'ye"},
		{[]tile.Tile{r(tile.Red, 4), r(tile.Red, 6)}, Nominative, "kırmızı 4 6"},
		{[]tile.Tile{r(tile.Black, 7), r(tile.Yellow, 7), r(tile.Blue, 7)}, Locative, "siyah-sarı-mavi 7'de"},
		{[]tile.Tile{r(tile.Blue, 9), r(tile.Blue, 10), r5}, Dative, "mavi 9-10-okeye"},
		{[]tile.Tile{r(tile.Blue, 9), r(tile.Blue, 10), r5}, Locative, "mavi 9-10-okeyde"},
		{[]tile.Tile{r(tile.Blue, 9), r(tile.Blue, 10), r(tile.Blue, 11)}, Accusative, "mavi 9-10-11'i"},
	} {
		if got := nb(tr.TilesIn(x.ts, r5, x.cs)); got != x.want {
			t.Errorf("tr TilesIn(%v, %d) = %q, want %q", x.ts, x.cs, got, x.want)
		}
		if got, want := en.TilesIn(x.ts, r5, x.cs), en.Tiles(x.ts, r5); got != want {
			t.Errorf("en TilesIn(%v) = %q, want %q", x.ts, got, want)
		}
	}
	for _, x := range []struct {
		c        *Catalog
		in, want string
	}{
		{tr, "kırmızı 7'yi aldın", "Kırmızı 7'yi aldın"},
		{tr, "işle", "İşle"},
		{tr, "f ile bitir", "f ile bitir"},
		{en, "f again finishes", "f again finishes"},
		{en, "you draw", "you draw"},
	} {
		if got := x.c.UpFirst(x.in); got != x.want {
			t.Errorf("%s UpFirst(%q) = %q, want %q", x.c.Lang, x.in, got, x.want)
		}
	}
}
