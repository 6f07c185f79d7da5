package classic

import (
	"errors"
	"testing"
)

// A refused rules configuration is a RulesError naming its reason, so
// that a screen can say it in the player's language; it still wraps
// ErrRules and says the English text.
func TestRulesErrorReasons(t *testing.T) {
	for _, c := range []struct{ in, reason, text string }{
		{"turbo", "unknown", `invalid rules: unknown option "turbo" (known: `},
		{"partners,partners", "twice", "invalid rules: option partners given twice"},
		{"table,simple", "twice.as", "invalid rules: option deal given twice (as table and as simple)"},
		{"partners=maybe", "bool", `invalid rules: option "partners": "maybe" is not true or false`},
		{"partners,,table", "empty", `invalid rules: empty option in "partners,,table"`},
		{"default=1", "novalue", "invalid rules: option default takes no value"},
		{"partners,simple104", "preset.first", "invalid rules: simple104 is a preset and must come first"},
		{"deal=random", "deal", `invalid rules: deal must be table or simple, not "random"`},
		{"points=x", "points.number", "invalid rules: points needs a number, as in points=20"},
		{"points=99", "points.range", "invalid rules: points must be from 5 to 21, not 99"},
		{"partners,leave_at_zero", "partners.leave", "invalid rules: partners and leave_at_zero cannot be combined: a team shares one score"},
		{"simple104,partners", "s104.noscore", "invalid rules: simple104 has no scoring, so partners does not apply"},
		{"simple104,wrap", "s104.wrap", "invalid rules: simple104 has no 13-1 wrap-around"},
	} {
		_, err := ParseRules(c.in)
		var re *RulesError
		if !errors.As(err, &re) || re.Reason != c.reason || !errors.Is(err, ErrRules) || len(err.Error()) < len(c.text) || err.Error()[:len(c.text)] != c.text {
			t.Errorf("%q: %v (reason %v); want reason %q, text %q", c.in, err, re, c.reason, c.text)
		}
	}
}
