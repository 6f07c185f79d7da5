package problem

import (
	"errors"
	"strings"
	"testing"

	"okey/game/classic"
	"okey/game/okey101"
)

// Every reason either game's rules give is said in both languages: in
// English as the engine says it, in Turkish in Turkish (never "invalid
// rules: unknown option…" under --lang tr).
func TestRulesErrorsInBothLanguages(t *testing.T) {
	var errs []error
	for _, in := range []string{"turbo", "partners,partners", "table,simple", "partners=maybe", "partners,,table", "default=1",
		"simple104=1", "partners,simple104", "table=1", "deal=random", "points=x", "points=99", "partners,leave_at_zero",
		"simple104,points=10", "simple104,table", "simple104,indicator_last", "simple104,one_colour_double", "simple104,wrap"} {
		if _, err := classic.ParseRules(in); err != nil {
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
		if en := Say(err, "en"); en != err.Error() {
			t.Errorf("English %q, the engine says %q", en, err.Error())
		}
		tr := Say(err, "tr")
		if strings.Contains(tr, "{{") || strings.Contains(tr, "invalid") || !strings.HasPrefix(tr, "geçersiz") {
			t.Errorf("Turkish %q for %q", tr, err.Error())
		}
	}
}

// A Problem says its words, and the error it stands for, in the
// player's language; an unknown language is English.
func TestProblemInTheLanguage(t *testing.T) {
	_, rerr := okey101.ParseRules("turbo")
	p := &Problem{Key: "err.flag.rules", Args: []any{rerr}, Err: rerr}
	en, tr, xx := Say(p, "en"), Say(p, "tr"), Say(p, "xx")
	if !strings.HasPrefix(en, "--rules: invalid") || !strings.HasPrefix(tr, "--rules: geçersiz") || xx != en {
		t.Errorf("en %q, tr %q, xx %q", en, tr, xx)
	}
	if p.Error() != en {
		t.Errorf("Error() %q, English %q", p.Error(), en)
	}
	var r101 *okey101.RulesError
	if !errors.As(p, &r101) {
		t.Error("the rules error is not found under the Problem")
	}
}
