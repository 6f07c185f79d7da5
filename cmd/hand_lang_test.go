package cmd

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// okey hand --lang tr says its analysis as the Turkish table does: the
// tiles in words with their endings, the finishes by their names; the
// English analysis and --json do not change.
func TestHandInTurkish(t *testing.T) {
	run := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		code := handMain(context.Background(), args, strings.NewReader("K3: R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K4\n"), &out, &errb)
		return strings.ReplaceAll(out.String()+errb.String(), "\u00a0", " "), code
	}
	rack := []string{"--indicator", "K3", "R1", "R2", "R3", "Y4", "Y5", "Y6", "Y7", "B9", "B10", "B11", "R12", "Y12", "B12", "K12", "K4"}
	tr, code := run(append([]string{"--lang", "tr"}, rack...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, tr)
	}
	for _, want := range []string{"Gösterge siyah 3, okey siyah 4", "Biter: okeyi (siyah 4) at (okeyli bitiş", "seri      sarı 4-5-6-7", "aynı sayı kırmızı-sarı-mavi-siyah 12"} {
		if !strings.Contains(tr, want) {
			t.Errorf("missing %q in:\n%s", want, tr)
		}
	}
	if strings.Contains(tr, "K4") || strings.Contains(tr, "Wins") {
		t.Errorf("notation or English in the Turkish analysis:\n%s", tr)
	}
	en, _ := run(append([]string{"--lang", "en"}, rack...)...)
	if !strings.Contains(en, "Wins: discard K4 (okey finish, worth double) and lay down runs and sets:") {
		t.Errorf("the English analysis changed:\n%s", en)
	}
	jsonEN, _ := run("--json", "--lang", "en")
	jsonTR, _ := run("--json", "--lang", "tr")
	if jsonEN != jsonTR || !strings.Contains(jsonEN, `"K4"`) {
		t.Errorf("--json differs with --lang tr:\n%s\n%s", jsonEN, jsonTR)
	}
	if out, code := run("--lang", "xx", "R1"); code != 2 || !strings.Contains(out, "--lang") {
		t.Errorf("--lang xx: exit %d, %q", code, out)
	}
	tr101, code := run("--lang", "tr", "--game", "101", "--indicator", "R4", "R1", "R2", "R3", "Y5", "Y6", "Y7", "B9", "B10", "B11", "K12", "K13", "R5", "J", "Y12", "Y12", "B1", "B2", "K3", "K4", "K5", "K6")
	if code != 0 || !strings.Contains(tr101, "108 ile açar (en az 101 gerekir):") || !strings.Contains(tr101, "sarı-siyah-okey 12") {
		t.Errorf("101 in Turkish, exit %d:\n%s", code, tr101)
	}
}

// okey hand --lang tr says why a rack cannot be read in Turkish: a
// token that is no tile, a wrong count, too many copies, no indicator;
// English keeps the errors' own words, but for a missing indicator,
// which both games name by its flag in both languages (it was
// once the --json line's "IND: TILES" in classic, a tile error in
// 101).
func TestHandErrorsInTurkish(t *testing.T) {
	run := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		code := handMain(context.Background(), args, strings.NewReader(""), &out, &errb)
		return strings.ReplaceAll(out.String()+errb.String(), "\u00a0", " "), code
	}
	full := []string{"R2", "R3", "Y5", "Y6", "Y7", "B9", "B10", "B11", "K12", "R12", "Y12", "B12"}
	for _, c := range []struct {
		args   []string
		tr, en string
	}{
		{[]string{"--indicator", "R4", "R1", "R2"}, "bir ıstakada 14 ya da 15 taş olur, bunda 2 var", "a hand has 14 or 15 tiles, this one has 2"},
		{[]string{"--indicator", "R4", "R1", "X2", "R3"}, `"X2" bir taş değil: renk R, Y, B ya da K olmalı`, `"X2" is not a tile: the colour must be R, Y, B or K`},
		{[]string{"--indicator", "R44", "R1"}, `gösterge: "R44" bir taş değil: sayı 1'den 13'e kadar olmalı`, `indicator: "R44" is not a tile`},
		{append([]string{"--indicator", "R4", "R1", "R1", "R1"}, full...), "3 tane kırmızı 1 var: her taştan yalnız iki tane vardır", "three copies of R1: only two exist"},
		{[]string{"R1", "R2"}, "gösterge yok: --indicator ile ver", "no indicator: give it with --indicator"},
		{[]string{"--indicator", "J", "R1"}, "sahte okey gösterge olamaz", "a false joker is never the indicator"},
		{[]string{"--indicator", "R4"}, "taş yok: göstergeyi ve 14 ya da 15 taşı ver", "no tiles: give the indicator and 14 or 15 tiles"},
		{[]string{"--game", "101", "--indicator", "R4", "R1", "R2"}, "bir ıstakada 21 ya da 22 taş olur, bunda 2 var", "a rack of 101 has 21 or 22 tiles: this one has 2"},
		{[]string{"--game", "101", "--indicator", "R4", "R1", "Z2"}, `"Z2" bir taş değil`, `"Z2" is not a tile`},
		{[]string{"--game", "101", "R1", "R2"}, "gösterge yok: --indicator ile ver", "no indicator: give it with --indicator"},
	} {
		for _, lang := range []string{"tr", "en"} {
			out, code := run(append([]string{"--lang", lang}, c.args...)...)
			want := map[string]string{"tr": c.tr, "en": c.en}[lang]
			if code != 2 || !strings.Contains(out, want) {
				t.Errorf("%s %v: exit %d, %q; want %q", lang, c.args, code, out, want)
			}
			if lang == "tr" && (strings.Contains(out, "is not") || strings.Contains(out, "tiles")) {
				t.Errorf("tr %v: English in %q", c.args, out)
			}
		}
	}
}

// A refused --rules says why in the command line's language in okey
// sim and okey hand as in okey play.
func TestRulesRefusedInTurkish(t *testing.T) {
	for _, c := range []struct {
		main   func(context.Context, []string, io.Reader, io.Writer, io.Writer) int
		args   []string
		tr, en string
	}{
		{simMain, []string{"--game", "101", "--rules", "feed,bogus", "--hands", "4"}, `geçersiz 101 kuralları: bilinmeyen seçenek "bogus"`, `invalid 101 rules: unknown option "bogus"`},
		{simMain, []string{"--rules", "points=99", "--hands", "4"}, "geçersiz kurallar: puan 5 ile 21 arasında olmalı", "invalid rules: points must be from 5 to 21"},
		{handMain, []string{"--game", "101", "--rules", "islek=off,islek_back", "--indicator", "R4", "R1"}, "islek=off bu cezayı kapatır", "which islek=off turns off"},
		{handMain, []string{"--rules", "bogus", "--indicator", "R4", "R1"}, `bilinmeyen seçenek "bogus"`, `unknown option "bogus"`},
	} {
		for _, lang := range []string{"tr", "en"} {
			var out, errb bytes.Buffer
			code := c.main(context.Background(), append([]string{"--lang", lang}, c.args...), strings.NewReader(""), &out, &errb)
			want := map[string]string{"tr": c.tr, "en": c.en}[lang]
			if code != 2 || !strings.Contains(errb.String(), want) {
				t.Errorf("%s %v: exit %d, %q; want %q", lang, c.args, code, errb.String(), want)
			}
		}
	}
}

// TestNoIndicatorOneVoice: okey hand without --indicator answers with
// the same line in classic and 101, in each language, and it names
// --indicator.
func TestNoIndicatorOneVoice(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		said := map[string]bool{}
		for _, game := range []string{"classic", "101"} {
			var out, errb bytes.Buffer
			code := handMain(context.Background(), []string{"--lang", lang, "--game", game, "R1", "R2", "R3", "J"}, strings.NewReader(""), &out, &errb)
			if code != 2 || !strings.Contains(errb.String(), "--indicator") || strings.Count(errb.String(), "\n") != 1 {
				t.Errorf("%s %s: exit %d, %q", lang, game, code, errb.String())
			}
			said[errb.String()] = true
		}
		if len(said) != 1 {
			t.Errorf("%s: the games word it differently: %v", lang, said)
		}
	}
}

// okey hand in Turkish says how far a 101 rack is from opening in the
// right order ("En iyi açış 63: 101 için 38 eksik"; it read "38 için
// 101 eksik"), and its help names the melds as the glossary does: per
// for any meld, never for a set alone ("serilerini ve perlerini" read
// as runs and sets).
func TestHand101ShortOfOpeningInTurkish(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"--lang", "tr", "--game", "101", "--indicator", "K2",
		"R1", "R2", "R4", "R8", "R10", "R11", "R11", "R13", "Y2", "Y3", "Y4", "Y5", "B1", "B1", "B4", "B5", "B6", "K2", "K9", "K10", "K11"}
	if code := handMain(context.Background(), args, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	got := strings.ReplaceAll(out.String(), "\u00a0", " ")
	re := regexp.MustCompile(`En iyi açış (\d+): (\d+) için (\d+) eksik\.`)
	m := re.FindStringSubmatch(got)
	if m == nil {
		t.Fatalf("no best opening short of the threshold in:\n%s", got)
	}
	best, _ := strconv.Atoi(m[1])
	need, _ := strconv.Atoi(m[2])
	short, _ := strconv.Atoi(m[3])
	if need != 101 || best+short != need {
		t.Errorf("%q: the threshold is 101, and the best opening and what it lacks add up to it", m[0])
	}
	out.Reset()
	errb.Reset()
	handMain(context.Background(), []string{"--lang", "tr", "-h"}, strings.NewReader(""), &out, &errb)
	help := out.String() + errb.String()
	if !strings.Contains(help, "perlerini (serilerini ve aynı sayılarını)") || strings.Contains(help, "serilerini ve perlerini") {
		t.Errorf("okey hand -h in Turkish names the melds otherwise:\n%s", help)
	}
}
