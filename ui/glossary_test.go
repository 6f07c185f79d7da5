package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"okey/assets"
	"okey/kit/i18n"
)

// TestGlossaryTerms: the Turkish the players read uses the terms of
// docs/glossary.md, one term per idea, and none of the variants the
// glossary refuses: the catalogues, the help pages,
// the rules okey rules prints and RULES.md.
func TestGlossaryTerms(t *testing.T) {
	banned := []struct {
		re  *regexp.Regexp
		why string
	}{
		{regexp.MustCompile(`(^|[^a-zA-Zçğıöşüİ])(i|İ)staka`), "ıstaka is spelled with ı"},
		{regexp.MustCompile(`\bperle bitiş|\bper ile (kazan|bit)`), "normal bitiş"},
		{regexp.MustCompile(`(^|\P{L})çifte($|\P{L})`), "çift, çiftten bitiş"},
		{regexp.MustCompile(`kazanansız`), "kimse bitemedi"},
		{regexp.MustCompile(`(?i)el (%d |\d+ )?geçersiz|geçersiz: dördü`), "a void hand is iptal"},
		{regexp.MustCompile(`okey'un`), "okey'in"},
		{regexp.MustCompile(`oyuncusun`), "a name with its ending: Zeynep'in, Zeynep'te"},
		{regexp.MustCompile(`taşını (al|kullan|geri)`), "a tile with its ending: kırmızı 7'yi"},
		{regexp.MustCompile(`\d+ yaz(dı|ar|dın)($|\P{L})|ceza yazdı`), "ceza alır, ceza yazılır"},
		{regexp.MustCompile(`okeyi geri al`), "okeyi al (geri almak is undo)"},
		{regexp.MustCompile(`\bbu el (masaya|bit)`), "sıra: sıran bitmeden, şimdi"},
		{regexp.MustCompile(`okeyin oyun`), "okey programı"},
		{regexp.MustCompile(`(^|\P{L})dünya`), "olası dağılım (the coach's sampled worlds)"},
		{regexp.MustCompile(`(^|\P{L})öder($|\P{L})`), "ceza alır, ceza yazılır (a penalty is not paid)"},
		{regexp.MustCompile(`okey atarak: ×2|okey atarak bitiş`), "okeyli bitiş"},
		{regexp.MustCompile(`(^|\P{L})maç`), "oyun (one word for a match, the game's and the command line's)"},
		// "aynı sayı" is an adjective and a noun, no noun to
		// take an ending ("Zeynep'in aynı sayısına", "kendi aynı
		// sayındaki" read "her same number"); the meld is an aynı sayı
		// peri. And the points a gösterge costs are points, lost once.
		{regexp.MustCompile(`(?i)aynı sayı(s|n|y|d)\p{L}*`), "aynı sayı peri: aynı sayı perine, aynı sayı perindeki"},
		{regexp.MustCompile(`(^|\P{L})1 kaybe`), "diğerleri 1'er puan kaybeder / kaybetti"},
		{regexp.MustCompile(`(^|\P{L})([kK]lasik okey|klasik Okey)|(oyunu|ıstaka|botlar|ya da) okey 101`), "Klasik Okey, Okey 101: the games' names, written as names"},
	}
	texts := map[string]string{}
	tr := i18n.MustLoad("tr")
	for _, k := range tr.Keys() {
		texts["tr catalogue "+k] = tr.T(k)
	}
	for _, dir := range []string{"help", "rules"} { // the ? page and okey rules
		pages, err := assets.FS.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			if strings.HasPrefix(p.Name(), "tr") {
				b, err := assets.FS.ReadFile(dir + "/" + p.Name())
				if err != nil {
					t.Fatal(err)
				}
				texts[dir+"/"+p.Name()] = string(b)
			}
		}
	}
	rules, err := os.ReadFile("../docs/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	texts["RULES.md"] = string(rules)
	for where, s := range texts {
		for _, b := range banned {
			if m := b.re.FindString(s); m != "" {
				t.Errorf("%s: %q (the glossary's term: %s)", where, m, b.why)
			}
		}
	}
	// The glossary is in the repository and names what it fixes.
	g, err := os.ReadFile("../docs/glossary.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range []string{"per", "seri", "grup", "çift", "ıstaka", "gösterge", "okey", "sahte okey", "yandan almak",
		"ortadan çekmek", "işlemek", "açmak", "normal bitiş", "okeyli bitiş", "çiftten bitiş", "ceza", "Klasik Okey"} {
		if !strings.Contains(string(g), "**"+term+"**") {
			t.Errorf("docs/glossary.md does not define %q", term)
		}
	}
}
