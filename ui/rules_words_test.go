package ui

import (
	"strings"
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/ui/problem"
)

// Every reason either game's rules give is said in both languages: in
// English as the engine says it, in Turkish in Turkish (issue 31, point
// 10: "invalid rules: unknown option…" under --lang tr).
func TestRulesErrorsInBothLanguages(t *testing.T) {
	var errs []error
	for _, in := range []string{"turbo", "partners,partners", "table,simple", "partners=maybe", "partners,,table", "default=1",
		"simple104=1", "partners,simple104", "table=1", "deal=random", "points=x", "points=99", "partners,leave_at_zero",
		"simple104,points=10", "simple104,table", "simple104,indicator_last", "simple104,one_colour_double", "simple104,wrap"} {
		if _, err := game.ParseRules(in); err != nil {
			errs = append(errs, err)
		} else {
			t.Errorf("classic %q: accepted", in)
		}
	}
	for _, in := range []string{"turbo", "no_wrap", "open=500", "hands=0", "open=x", "islek=maybe", "default=1", "partners,partners", "partners,,open=90"} {
		if _, err := okey101.ParseRules(in); err != nil {
			errs = append(errs, err)
		} else {
			t.Errorf("101 %q: accepted", in)
		}
	}
	for _, err := range errs {
		if en := problem.Say(err, "en"); en != err.Error() {
			t.Errorf("English %q, the engine says %q", en, err.Error())
		}
		tr := problem.Say(err, "tr")
		if strings.Contains(tr, "{{") || strings.Contains(tr, "invalid") || !strings.HasPrefix(tr, "geçersiz") {
			t.Errorf("Turkish %q for %q", tr, err.Error())
		}
	}
	// Through a Problem, as --rules says it.
	_, err := DefaultSettings("tr").Override(Overrides{Rules: new("turbo")})
	if got := problem.Say(err, "tr"); got != `--rules: geçersiz kurallar: bilinmeyen seçenek "turbo" (bilinenler: `+strings.Join(game.RuleOptions, ", ")+")" {
		t.Errorf("--rules turbo in Turkish: %q", got)
	}
}
