package okey101

import (
	"errors"
	"strings"
	"testing"
)

// A refused rules configuration is a RulesError naming its reason, so
// that a screen can say it in the player's language; it still wraps
// ErrRules and says the English text.
func TestRulesErrorReasons(t *testing.T) {
	for _, c := range []struct{ in, reason, text string }{
		{"turbo", "unknown", `invalid 101 rules: unknown option "turbo" (101 knows: `},
		{"no_wrap", "classic", "invalid 101 rules: no_wrap is an option of classic Okey, not of 101"},
		{"open=500", "open.range", "invalid 101 rules: open must be from 1 to 250, not 500"},
		{"hands=0", "hands.range", "invalid 101 rules: hands must be from 1 to 21, not 0"},
		{"open=x", "number", "invalid 101 rules: open needs a number, as in open=101"},
		{"islek=maybe", "onoff", `invalid 101 rules: option islek: "maybe" is not on or off`},
		{"default=1", "novalue", "invalid 101 rules: option default takes no value"},
		{"partners,partners", "twice", "invalid 101 rules: option partners given twice"},
		{"partners,,open=90", "empty", "invalid 101 rules: empty option in"},
	} {
		_, err := ParseRules(c.in)
		var re *RulesError
		if !errors.As(err, &re) || re.Reason != c.reason || !errors.Is(err, ErrRules) || !strings.HasPrefix(err.Error(), c.text) {
			t.Errorf("%q: %v; want reason %q, text %q", c.in, err, c.reason, c.text)
		}
	}
}
