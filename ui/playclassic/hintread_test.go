package playclassic

import (
	"strings"
	"testing"

	"okey/bots/coach"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/table"
)

// TestHintSaysTheReading: where the judge's reading of the next
// player's rack is what made the hard bot's discard lose to the hint's
// (the verdict's TableRead), the hint says so with the player's name,
// in both languages and one line: what the next player took, or threw
// around the hint's discard, or that by its play the hint's discard is
// the safer. Without
// a reading, a reading of no tile, a hint cut short, or a tile that is
// not the one read, the hint says nothing of it.
func TestHintSaysTheReading(t *testing.T) {
	tl := func(s string) tile.Tile {
		x, err := tile.ParseTile(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	names := [table.Seats]string{"", "Zeynep", "Ayşe", "Oğuz"}
	took := &coach.Decision{Read: &coach.TableRead{Seat: 1, Tile: "R7", Wants: true, Seen: "R5 R6", Belief: 0.56, Chance: 0.31}}
	threw := &coach.Decision{Read: &coach.TableRead{Seat: 1, Tile: "K3", Seen: "K2 K4", Belief: 0.08, Chance: 0.3}}
	likely := &coach.Decision{Read: &coach.TableRead{Seat: 1, Tile: "R7", Wants: true, Belief: 0.5, Chance: 0.3}}
	for _, c := range []struct {
		name  string
		d     *coach.Decision
		short bool
		x     string
		en    string
		tr    string
	}{
		{"took", took, false, "B9", "Hint: discard B9 (x): Zeynep took R5 R6.",
			"İpucu: mavi 9'u at (x); Zeynep kırmızı 5-6'yı aldı."},
		{"threw", threw, false, "K3", "Hint: discard K3 (x): Zeynep threw K2 K4.",
			"İpucu: siyah 3'ü at (x); Zeynep siyah 2 4'ü attı."},
		{"likely", likely, false, "B9", "Hint: discard B9 (x): the safer discard, by Zeynep's play.",
			"İpucu: mavi 9'u at (x): Zeynep'in oyununa göre daha güvenli."},
		{"no verdict", nil, false, "B9", "", ""},
		{"no reading", &coach.Decision{}, false, "B9", "", ""},
		{"a reading of no tile", &coach.Decision{Read: &coach.TableRead{Seat: 1}}, false, "B9", "", ""},
		{"cut short", took, true, "B9", "", ""},
		{"the tile read is the hint's", took, false, "R7", "", ""},
	} {
		for _, lang := range []string{"en", "tr"} {
			w := table.Words{Tr: i18n.MustLoad(lang), Names: names}
			key, args, ok := readHint(w, tile.NoTile, c.d, c.short, tl(c.x))
			want := c.en
			if lang == "tr" {
				want = c.tr
			}
			if !ok {
				if want != "" {
					t.Errorf("%s, %s: no reading said, want %q", c.name, lang, want)
				}
				continue
			}
			got := strings.ReplaceAll(w.Tr.T(key, args...), "\u00a0", " ")
			if got != want {
				t.Errorf("%s, %s: %q, want %q", c.name, lang, got, want)
			}
		}
	}
}
