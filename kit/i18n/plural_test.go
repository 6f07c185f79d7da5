package i18n

import (
	"strings"
	"testing"
)

// CLDR's examples of each category (cldr/common/supplemental/plurals.xml,
// integers): 1 is "one" in English and in Turkish, every other count
// "other".
func TestPluralCategory(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, n := range []int{0, 2, 3, 10, 11, 21, 100, 1000, -1} {
			if got := PluralCategory(lang, n); got != "other" {
				t.Errorf("%s %d: %s, want other", lang, n, got)
			}
		}
		if got := PluralCategory(lang, 1); got != "one" {
			t.Errorf("%s 1: %s, want one", lang, got)
		}
	}
}

// Every message with plural forms has both forms in every language, and
// N picks the form by the count.
func TestPluralForms(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		c := MustLoad(lang)
		found := 0
		for _, k := range c.Keys() {
			base, ok := strings.CutSuffix(k, "[one]")
			if !ok {
				if base, ok = strings.CutSuffix(k, "[other]"); ok && !c.Has(base+"[one]") {
					t.Errorf("%s: %s has no [one] form", lang, base)
				}
				if strings.ContainsAny(k, "[]") && !ok {
					t.Errorf("%s: %s: no plural category of %s's", lang, k, lang)
				}
				continue
			}
			found++
			if !c.Has(base + "[other]") {
				t.Errorf("%s: %s has no [other] form", lang, base)
			}
		}
		if found == 0 {
			t.Errorf("%s: no message has plural forms", lang)
		}
	}
	en := MustLoad("en")
	if one, many := en.N("cmd.n.hands", 1, 1), en.N("cmd.n.hands", 3, 3); one != "1 hand" || many != "3 hands" {
		t.Errorf("English: %q, %q", one, many)
	}
	if got := en.N("no.such", 2); got != "{{no.such}}" {
		t.Errorf("a key without forms: %q", got)
	}
}
