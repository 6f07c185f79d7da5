package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/i18n"
)

// rulesPart is RULES.md's part of a game: classic Okey's is the page up
// to "# Okey 101"; 101's is the rest, with the tiles, the indicator and
// the okey it shares from the first part.
func rulesPart(t *testing.T, g string) string {
	t.Helper()
	b, err := os.ReadFile("../docs/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	classic, okey101Part, ok := strings.Cut(string(b), "\n# Okey 101")
	if !ok {
		t.Fatal(`RULES.md has no "# Okey 101" part`)
	}
	if g == "101" {
		_, tiles, _ := strings.Cut(classic, "\n## Tiles")
		tiles, _, _ = strings.Cut(tiles, "\n## Seats")
		return tiles + okey101Part
	}
	return classic
}

// optionName is an engine's option as --rules writes it, without its
// range: "points=N (5-21)" is points=N.
func optionName(o string) string { name, _, _ := strings.Cut(o, " "); return name }

// tileNames are tiles in the notation (R4, K13) or in Turkish words
// (red 5, siyah 13) and runs of values (12-13-1, 1-2-3): their numbers are
// examples, not rules.
var tileNames = regexp.MustCompile(`\b[RYBK]\d+\b|(red|yellow|blue|black|kırmızı|sarı|mavi|siyah) \d+|\d+(-\d+)+`)

// digits are the numbers in a text, all of them.
var digits = regexp.MustCompile(`\d+`)

// numbers are the numbers a text states, examples left out.
func numbers(s string) []string {
	s = tileNames.ReplaceAllString(s, " ")
	ns := digits.FindAllString(s, -1)
	slices.Sort(ns)
	return slices.Compact(ns)
}

// TestRulesTextAgreesWithRulesMD: the rules the binary carries (okey
// rules, the ? page) and RULES.md do not drift apart. For each game and
// language, every option the engine takes is named in both, every
// option RULES.md names is one the engine takes, and the text states
// every number RULES.md states for that game and none that it does not
// (the options' ranges, from the engine, aside).
func TestRulesTextAgreesWithRulesMD(t *testing.T) {
	optionMark := regexp.MustCompile("(?i)\\*option\\* `([^`]+)`")
	for _, c := range []struct {
		game    string
		options []string
	}{{"classic", classic.RuleOptions}, {"101", okey101.RuleOptions}} {
		md := rulesPart(t, c.game)
		var names, ranges []string
		for _, o := range c.options {
			names = append(names, optionName(o))
			ranges = append(ranges, digits.FindAllString(strings.TrimPrefix(o, optionName(o)), -1)...)
		}
		for _, n := range names {
			if !strings.Contains(md, "`"+n+"`") {
				t.Errorf("RULES.md, %s: the option %s is not named", c.game, n)
			}
		}
		for _, m := range optionMark.FindAllStringSubmatch(md, -1) {
			if !slices.Contains(names, m[1]) {
				t.Errorf("RULES.md, %s: option %s is not one the engine takes (%v)", c.game, m[1], names)
			}
		}
		want := numbers(md)
		for _, lang := range []string{"en", "tr"} {
			text := i18n.Rules(lang, c.game)
			if text == "" {
				t.Fatalf("%s %s: no rules text", lang, c.game)
			}
			for _, n := range names {
				if !strings.Contains(text, n) {
					t.Errorf("%s %s: the option %s is not named", lang, c.game, n)
				}
			}
			got := numbers(text)
			for _, n := range want {
				if !slices.Contains(got, n) {
					t.Errorf("%s %s: RULES.md states %s, the text does not", lang, c.game, n)
				}
			}
			for _, n := range got {
				if !slices.Contains(want, n) && !slices.Contains(ranges, n) {
					t.Errorf("%s %s: the text states %s, RULES.md does not", lang, c.game, n)
				}
			}
		}
	}
}

// TestRulesCommand: okey rules writes the whole rules of the game asked,
// in the language asked, plain and within 80 columns when piped; a bad
// --game is a usage error that names the flag.
func TestRulesCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rules", "--lang", "en"}, "seven pairs"},
		{[]string{"rules", "--game", "101", "--lang", "en"}, "202"},
		{[]string{"rules", "--lang", "tr"}, "çiftten bitiş"},
		{[]string{"rules", "--game", "101", "--lang", "tr"}, "elden bitme"},
	} {
		var out, errOut bytes.Buffer
		if code := run(t.Context(), c.args, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errOut.String())
		}
		if !strings.Contains(out.String(), c.want) || strings.Contains(out.String(), "\x1b") {
			t.Errorf("%v: no %q, or not plain:\n%s", c.args, c.want, out.String())
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("%v: a line of %d: %q", c.args, n, line)
			}
		}
	}
	var out, errOut bytes.Buffer
	if code := run(t.Context(), []string{"rules", "--game", "chess"}, strings.NewReader(""), &out, &errOut); code != 2 ||
		strings.Count(errOut.String(), "\n") != 1 || !strings.Contains(errOut.String(), "--game") {
		t.Fatalf("--game chess: exit %d, %q", code, errOut.String())
	}
}

// TestRulesPager: on a terminal the rules go through $PAGER, run by the
// shell; PAGER=cat (or no pager) writes them plainly.
func TestRulesPager(t *testing.T) {
	dir := t.TempDir()
	got := filepath.Join(dir, "paged")
	env := func(k string) string {
		if k == "PAGER" {
			return "cat > '" + got + "'"
		}
		return ""
	}
	var out, errOut bytes.Buffer
	if code := rulesRun("101", i18n.MustLoad("en"), true, 80, env, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	b, err := os.ReadFile(got)
	if err != nil || !strings.Contains(string(b), "Okey 101") || out.Len() != 0 {
		t.Fatalf("the pager got %q (%v); stdout %q", b, err, out.String())
	}
	cat := func(k string) string { return map[string]string{"PAGER": "cat"}[k] }
	if code := rulesRun("classic", i18n.MustLoad("en"), true, 80, cat, &out, &errOut); code != 0 || !strings.Contains(out.String(), "Okey") {
		t.Fatalf("PAGER=cat: exit %d, %q", code, out.String())
	}
}
