package i18n

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The resume and final pages offer the other game in Turkish as a
// Turkish player says it: "(tab: bunun yerine Okey 101)", not the
// awkward "(tab: yerine Okey 101)".
func TestTurkishOtherGameInstead(t *testing.T) {
	tr := MustLoad("tr")
	got := tr.T("game.next", tr.T("val.okey101"), "tab", tr.T("val.classic"))
	if want := "(tab: bunun yerine "; !strings.Contains(got, want) {
		t.Errorf("game.next = %q, want it to say %q", got, want)
	}
}

// usedKeyFamilies are families of catalogue keys checked to be used:
// each key is named in the code, whole or by a prefix ending in a dot
// that the code completes ("t101.kind." + kind). The t101.plan.* words
// of an old hint were left in the catalogues when the hint became one
// plan of steps.
var usedKeyFamilies = []string{"t101.plan"}

func TestCheckedKeysAreUsed(t *testing.T) {
	lits := map[string]bool{}
	lit := regexp.MustCompile(`"([A-Za-z0-9_.\-]+)"`)
	err := filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range lit.FindAllStringSubmatch(string(b), -1) {
			lits[m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	used := func(k string) bool {
		if lits[k] {
			return true
		}
		for l := range lits {
			if strings.HasSuffix(l, ".") && strings.HasPrefix(k, l) {
				return true
			}
		}
		return false
	}
	for _, lang := range []string{"en", "tr"} {
		for _, k := range MustLoad(lang).Keys() {
			for _, f := range usedKeyFamilies {
				if (k == f || strings.HasPrefix(k, f+".")) && !used(k) {
					t.Errorf("%s: %s is in the catalogue but nothing uses it", lang, k)
				}
			}
		}
	}
}

// TestDecimalComma: a Turkish player reads every number with a decimal
// comma ("0,98 puan"), whether a catalogue text formats it (%.1f, %.2f,
// %5.1f, %v) or it arrives written (Dec); English keeps the point, a
// thousands-free integer and a dot that is no decimal stay as they are.
func TestDecimalComma(t *testing.T) {
	tr, en := MustLoad("tr"), MustLoad("en")
	cat := &Catalog{Lang: "tr", m: map[string]string{"num.point": ",", "x": "%.2f puan · %5.1f · %v · %d · %s"}}
	if got, want := cat.T("x", 0.98, 4.5, 1.25, 7, "a.b"), "0,98 puan ·   4,5 · 1,25 · 7 · a.b"; got != want {
		t.Errorf("T = %q, want %q", got, want)
	}
	args := []any{0.5, 1.0, 2.0, 3, "s"}
	_ = cat.T("x", args...)
	if x, ok := args[0].(float64); !ok || x != 0.5 {
		t.Errorf("T changed its caller's arguments: %v", args)
	}
	for _, c := range []struct{ in, tr, en string }{
		{"0.98", "0,98", "0.98"},
		{"worth 0.26 to 0.35 points.", "worth 0,26 to 0,35 points.", "worth 0.26 to 0.35 points."},
		{"-2.00", "-2,00", "-2.00"},
		{"12", "12", "12"},
	} {
		if got := tr.Dec(c.in); got != c.tr {
			t.Errorf("tr.Dec(%q) = %q, want %q", c.in, got, c.tr)
		}
		if got := en.Dec(c.in); got != c.en {
			t.Errorf("en.Dec(%q) = %q, want %q", c.in, got, c.en)
		}
	}
	if got := tr.T("review.summary", "0,98", "0,10", 92.4, 0, 1, 2); strings.Contains(got, ".") && strings.Contains(got, "92.") {
		t.Errorf("review.summary in Turkish: %q", got)
	}
}
