package playclassic

import (
	"slices"
	"strconv"

	"okey/game/classic"
	"okey/ui/pages"
)

// The rules of classic Okey on the settings form: their lines, and the
// rules read back from them. The form itself, and where these lines
// stand on it, are the app's (ui/settings), as play101's are for 101.

// The lines of the rules, in the order RulesFields gives them.
const (
	fPreset = iota
	fPoints
	fDeal
	fIndicatorLast
	fOneColour
	fLeaveAtZero
	fPartners
	fWrap
	// NumRulesFields is how many lines the rules of classic Okey take.
	NumRulesFields
)

// RulesFields are the form's lines of rules r: the preset, the starting
// points, the deal, the indicator's last tile, a double in one colour,
// leaving at zero, partners and wrap-around.
func RulesFields(r classic.Rules) []pages.Field {
	pts := make([]string, 0, classic.MaxPoints-classic.MinPoints+1)
	for p := classic.MinPoints; p <= classic.MaxPoints; p++ {
		pts = append(pts, strconv.Itoa(p))
	}
	points := classic.DefaultRules().Points // simple104 has none: show the default
	if !r.Simple104 {
		points = r.Points
	}
	choice := func(label string, values []string, cur string) pages.Field {
		return pages.Field{Label: label, Values: values, At: max(0, slices.Index(values, cur))}
	}
	sw := func(label string, on bool) pages.Field {
		at := 0
		if on {
			at = 1
		}
		return pages.Field{Label: label, Values: []string{"off", "on"}, At: at}
	}
	preset := "standard"
	if r.Simple104 {
		preset = "simple104"
	}
	f := make([]pages.Field, NumRulesFields)
	f[fPreset] = choice("set.preset", []string{"standard", "simple104"}, preset)
	f[fPoints] = pages.Field{Label: "set.points", Values: pts, At: points - classic.MinPoints}
	f[fDeal] = choice("set.deal", []string{"table", "simple"}, r.Deal.String())
	f[fIndicatorLast] = sw("set.indicator_last", r.IndicatorLast)
	f[fOneColour] = sw("set.one_colour_double", r.OneColourDouble)
	f[fLeaveAtZero] = sw("set.leave_at_zero", r.LeaveAtZero)
	f[fPartners] = sw("set.partners", r.Partners)
	// simple104 has no wrap-around, but the line shows the standard
	// rules' default for when the preset is switched back.
	f[fWrap] = sw("set.wrap", r.Wrap || r.Simple104)
	return f
}

// RulesMoot reports whether line i of the rules' lines f does not
// apply: every option of the standard rules under simple104.
func RulesMoot(f []pages.Field, i int) bool {
	return i > fPreset && i < NumRulesFields && f[fPreset].Value() == "simple104"
}

// RulesOf builds the rules of classic Okey that the form's lines f (as
// RulesFields gives them) describe.
func RulesOf(f []pages.Field) (classic.Rules, error) {
	if f[fPreset].Value() == "simple104" {
		return classic.Simple104Rules(), nil
	}
	r := classic.DefaultRules()
	r.Points = f[fPoints].At + classic.MinPoints
	if f[fDeal].Value() == "simple" {
		r.Deal = classic.DealSimple
	}
	r.IndicatorLast = f[fIndicatorLast].At == 1
	r.OneColourDouble = f[fOneColour].At == 1
	r.LeaveAtZero = f[fLeaveAtZero].At == 1
	r.Partners = f[fPartners].At == 1
	r.Wrap = f[fWrap].At == 1
	return r, r.Validate()
}
