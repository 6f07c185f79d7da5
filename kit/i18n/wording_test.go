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
