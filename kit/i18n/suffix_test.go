package i18n

import (
	"fmt"
	"testing"
)

// TestSuffixed: the case endings of the default names, unusual names
// (ending in a consonant or a vowel, foreign, one letter, capitals),
// numbers and every tile, as a Turkish speaker writes them.
func TestSuffixed(t *testing.T) {
	cases := []struct {
		word                          string
		acc, dat, loc, abl, gen, inst string
	}{
		// The bots' names.
		{"Ayşe", "Ayşe'yi", "Ayşe'ye", "Ayşe'de", "Ayşe'den", "Ayşe'nin", "Ayşe'yle"},
		{"Mehmet", "Mehmet'i", "Mehmet'e", "Mehmet'te", "Mehmet'ten", "Mehmet'in", "Mehmet'le"},
		{"Zeynep", "Zeynep'i", "Zeynep'e", "Zeynep'te", "Zeynep'ten", "Zeynep'in", "Zeynep'le"},
		{"Emre", "Emre'yi", "Emre'ye", "Emre'de", "Emre'den", "Emre'nin", "Emre'yle"},
		// Back and rounded vowels, a soft consonant, capitals.
		{"Oğuz", "Oğuz'u", "Oğuz'a", "Oğuz'da", "Oğuz'dan", "Oğuz'un", "Oğuz'la"},
		{"Buğra", "Buğra'yı", "Buğra'ya", "Buğra'da", "Buğra'dan", "Buğra'nın", "Buğra'yla"},
		{"Ümit", "Ümit'i", "Ümit'e", "Ümit'te", "Ümit'ten", "Ümit'in", "Ümit'le"},
		{"Gül", "Gül'ü", "Gül'e", "Gül'de", "Gül'den", "Gül'ün", "Gül'le"},
		{"Kaya", "Kaya'yı", "Kaya'ya", "Kaya'da", "Kaya'dan", "Kaya'nın", "Kaya'yla"},
		{"Ay", "Ay'ı", "Ay'a", "Ay'da", "Ay'dan", "Ay'ın", "Ay'la"},
		{"IŞIK", "IŞIK'ı", "IŞIK'a", "IŞIK'ta", "IŞIK'tan", "IŞIK'ın", "IŞIK'la"},
		{"İpek", "İpek'i", "İpek'e", "İpek'te", "İpek'ten", "İpek'in", "İpek'le"},
		// Foreign names, read as they sound.
		{"John", "John'u", "John'a", "John'da", "John'dan", "John'un", "John'la"},
		{"Henry", "Henry'yi", "Henry'ye", "Henry'de", "Henry'den", "Henry'nin", "Henry'yle"},
		{"René", "René'yi", "René'ye", "René'de", "René'den", "René'nin", "René'yle"},
		// One letter, no vowel.
		{"B", "B'yi", "B'ye", "B'de", "B'den", "B'nin", "B'yle"},
		{"K", "K'yı", "K'ya", "K'da", "K'dan", "K'nın", "K'yla"},
		// The game's words and numbers.
		{"okey", "okey'i", "okey'e", "okey'de", "okey'den", "okey'in", "okey'le"},
		{"101", "101'i", "101'e", "101'de", "101'den", "101'in", "101'le"},
		{"40", "40'ı", "40'a", "40'ta", "40'tan", "40'ın", "40'la"},
		{"100", "100'ü", "100'e", "100'de", "100'den", "100'ün", "100'le"},
		{"2000", "2000'i", "2000'e", "2000'de", "2000'den", "2000'in", "2000'le"},
		{"J", "J'yi", "J'ye", "J'de", "J'den", "J'nin", "J'yle"},
	}
	for _, c := range cases {
		for i, want := range []string{c.acc, c.dat, c.loc, c.abl, c.gen, c.inst} {
			if got := Suffixed(c.word, Case(i+1)); got != want {
				t.Errorf("%s, case %d: %s, want %s", c.word, i+1, got, want)
			}
		}
	}
}

// TestEveryTileSuffixed: every tile takes the ending of its number as
// read aloud (R1 "bir", R3 "üç", R10 "on", R13 "on üç"), whatever its
// colour letter.
func TestEveryTileSuffixed(t *testing.T) {
	acc := map[int]string{1: "i", 2: "yi", 3: "ü", 4: "ü", 5: "i", 6: "yı", 7: "yi", 8: "i", 9: "u", 10: "u", 11: "i", 12: "yi", 13: "ü"}
	loc := map[int]string{1: "de", 2: "de", 3: "te", 4: "te", 5: "te", 6: "da", 7: "de", 8: "de", 9: "da", 10: "da", 11: "de", 12: "de", 13: "te"}
	for _, colour := range []string{"R", "Y", "B", "K"} {
		for n := 1; n <= 13; n++ {
			tile := fmt.Sprintf("%s%d", colour, n)
			if got, want := Suffixed(tile, Accusative), tile+"'"+acc[n]; got != want {
				t.Errorf("%s: %s, want %s", tile, got, want)
			}
			if got, want := Suffixed(tile, Locative), tile+"'"+loc[n]; got != want {
				t.Errorf("%s: %s, want %s", tile, got, want)
			}
		}
	}
}

// TestSuffixedColourWords: a tile written in Turkish words ("kırmızı 7")
// takes the ending of its number, and the nominative adds nothing.
func TestSuffixedColourWords(t *testing.T) {
	cases := []struct {
		word string
		c    Case
		want string
	}{
		{"kırmızı 7", Accusative, "kırmızı 7'yi"},
		{"siyah 13", Accusative, "siyah 13'ü"},
		{"mavi 9", Dative, "mavi 9'a"},
		{"sarı 6", Genitive, "sarı 6'nın"},
		{"siyah 3", Ablative, "siyah 3'ten"},
		{"kırmızı 7", Nominative, "kırmızı 7"},
		{"Zeynep", Nominative, "Zeynep"},
	}
	for _, c := range cases {
		if got := Suffixed(c.word, c.c); got != c.want {
			t.Errorf("%s, case %d: %s, want %s", c.word, c.c, got, c.want)
		}
	}
}
