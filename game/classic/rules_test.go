package classic

import (
	"errors"
	"strings"
	"testing"
)

func TestParseRules(t *testing.T) {
	tests := []struct {
		in      string
		check   func(Rules) bool
		wantErr string
	}{
		{"", func(r Rules) bool { return r == DefaultRules() }, ""},
		{"default", func(r Rules) bool { return r.Points == 20 && r.Wrap && r.Deal == DealTable }, ""},
		{"simple", func(r Rules) bool { return r.Deal == DealSimple }, ""},
		{"points=5", func(r Rules) bool { return r.Points == 5 }, ""},
		{"points=21,partners", func(r Rules) bool { return r.Points == 21 && r.Partners }, ""},
		{"indicator_last, one_colour_double", func(r Rules) bool { return r.IndicatorLast && r.OneColourDouble }, ""},
		{"one-color-double", func(r Rules) bool { return r.OneColourDouble }, ""},
		{"leave_at_zero", func(r Rules) bool { return r.LeaveAtZero }, ""},
		{"no_wrap", func(r Rules) bool { return !r.Wrap }, ""},
		{"wrap=false", func(r Rules) bool { return !r.Wrap }, ""},
		{"deal=simple", func(r Rules) bool { return r.Deal == DealSimple }, ""},
		{"simple104", func(r Rules) bool {
			return r.Simple104 && !r.HasOkey() && !r.Scoring() && !r.Wrap && r.TileCount() == 104
		}, ""},
		{"points=4", nil, "from 5 to 21"},
		{"points=22", nil, "from 5 to 21"},
		{"points", nil, "needs a number"},
		{"partners,leave_at_zero", nil, "cannot be combined"},
		{"simple104,points=10", nil, "no scoring"},
		{"simple104,wrap", nil, "no 13-1"},
		{"simple104,indicator_last", nil, "no indicator"},
		{"simple104,table", nil, "at random"},
		{"partners,simple104", nil, "must come first"},
		{"turbo", nil, `unknown option "turbo"`},
		{"partners=maybe", nil, "not true or false"},
		{"deal=fast", nil, "table or simple"},
		{"partners,,", nil, "empty option"},
		// An option given twice is refused, as 101 refuses it, under
		// any of its names, saying the same or not.
		{"partners,partners", nil, "option partners given twice"},
		{"partners,partners=false", nil, "option partners given twice"},
		{"points=5,points=10", nil, "option points given twice"},
		{"default,default", nil, "option default given twice"},
		{"table,simple", nil, "option deal given twice (as table and as simple)"},
		{"simple,deal=simple", nil, "option deal given twice (as simple and as deal)"},
		{"wrap,no_wrap", nil, "option wrap given twice (as wrap and as no_wrap)"},
		{"one_colour_double,one-color-double", nil, "option one_colour_double given twice"},
		{"simple104,simple104", nil, "given twice"},
	}
	for _, tc := range tests {
		r, err := ParseRules(tc.in)
		if tc.wantErr != "" {
			if !errors.Is(err, ErrRules) || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseRules(%q) error = %v, want ErrRules containing %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !tc.check(r) {
			t.Errorf("ParseRules(%q) = %+v, %v", tc.in, r, err)
		}
		back, err := ParseRules(r.String())
		if err != nil || back != r {
			t.Errorf("ParseRules(%q).String() = %q does not round-trip: %+v %v", tc.in, r.String(), back, err)
		}
	}
}

func TestZeroRulesInvalid(t *testing.T) {
	if err := (Rules{}).Validate(); !errors.Is(err, ErrRules) {
		t.Fatalf("zero Rules must be invalid, got %v", err)
	}
	if _, err := NewMatch(Rules{}, 1); !errors.Is(err, ErrRules) {
		t.Fatalf("NewMatch with zero rules: %v", err)
	}
}
