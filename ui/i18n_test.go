package ui

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/kit/i18n"
	"okey/ui/keymap"
)

func catalogKeys(t *testing.T, lang string) []string {
	t.Helper()
	c, err := i18n.Load(lang)
	if err != nil {
		t.Fatal(err)
	}
	return c.Keys()
}

func minus(a, b []string) []string {
	var out []string
	for _, k := range a {
		if !slices.Contains(b, k) {
			out = append(out, k)
		}
	}
	return out
}

// Every status-line message fits an 80-column terminal whole in both
// languages, filled with long tile names and two-digit numbers: the
// status line cuts what is longer, and a cut hint or refusal loses its
// point.
func TestStatusMessagesFit80(t *testing.T) {
	verb := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)
	for _, lang := range []string{"en", "tr"} {
		c := i18n.MustLoad(lang)
		// A long tile as the language writes it: the okey with a case
		// ending ("okeyi (kırmızı 12)", "R12 (okey)").
		long := c.T("tile.okey", c.T("tile.face", c.T("colour.R"), 12), "i")
		for _, k := range c.Keys() {
			if !strings.HasPrefix(k, "status.") && !strings.HasPrefix(k, "guide.") {
				continue
			}
			var args []any
			for _, v := range verb.FindAllString(c.T(k), -1) {
				if strings.HasSuffix(v, "d") {
					args = append(args, 12)
				} else {
					args = append(args, long)
				}
			}
			for _, line := range strings.Split(c.T(k, args...), "\n") {
				if w := ansi.StringWidth(line); w > 80 {
					t.Errorf("%s %s: %d columns: %q", lang, k, w, line)
				}
			}
		}
	}
}

// The keys are named alike wherever they are shown: the Turkish help bar
// says "boşluk" as the rack's title does.
func TestKeyNamesAgree(t *testing.T) {
	m := newTestModel(t, 200, 60, func(o *Options) { o.Settings.Lang = "tr" })
	out := plain(m)
	bar := strings.Split(out, "\n")[m.lay.Help.Y]
	if !strings.Contains(bar, "boşluk") || strings.Contains(bar, "space") || !strings.Contains(out, "boşluk taşı kaldırır") {
		t.Fatalf("the help bar says %q", bar)
	}
	if got := keymap.HelpKeys(m.tr, m.keys.Table.Pick); got != "boşluk" {
		t.Fatalf("the full help names space %q", got)
	}
}

// The rules a player needs are in the project: the README links its
// own RULES.md, not a file outside the repository.
func TestRulesAreInTheProject(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(readme), "../shared") || !strings.Contains(string(readme), "(docs/RULES.md)") {
		t.Fatal("the README does not link the project's RULES.md")
	}
	rules, err := os.ReadFile("../docs/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"gösterme", "okey", "false joker", "Seven pairs", "points=N", "simple104", "indicator_last", "no_wrap"} {
		if !strings.Contains(strings.ToLower(string(rules)), strings.ToLower(want)) {
			t.Errorf("RULES.md does not speak of %q", want)
		}
	}
}
