package rules

import (
	"slices"
	"strconv"
	"strings"

	"okey/game/okey101"
	"okey/ui/pages"
)

// The rules of 101 on the settings form: their lines, and the rules
// read back from them. The form itself, and where these lines stand on
// it, are the app's.

// openChoices are the thresholds of an opening the form offers (any
// other, given with --rules open=N, is offered too).
func openChoices() []int { return []int{51, 61, 71, 81, 91, 101, 111, 121, 131, 141, 151} }

// HouseChoices are the combinations of the house rules of 101 the form
// offers on one line (a line each would push the form past 80×24):
// none, each alone, each pair, all three.
func HouseChoices() []string {
	return []string{
		"off", "feed", "okey_once", "islek_back", "feed+okey_once", "feed+islek_back",
		"okey_once+islek_back", "feed+okey_once+islek_back",
	}
}

// HouseValue is the form's value for the house rules r has on.
func HouseValue(r okey101.Rules) string {
	var on []string
	for _, h := range []struct {
		name string
		on   bool
	}{{"feed", r.Feed}, {"okey_once", r.OkeyOnce}, {"islek_back", r.IslekBack}} {
		if h.on {
			on = append(on, h.name)
		}
	}
	if len(on) == 0 {
		return "off"
	}
	return strings.Join(on, "+")
}

// The lines of the rules, in the order Fields gives them.
const (
	fOpen = iota
	fProgressive
	fOkeyPair
	fIslek
	fHands
	fPartners
	fHouse
	// NumFields is how many lines the rules of 101 take.
	NumFields
)

// Fields are the form's lines of rules r: the opening, a
// progressive opening, two okeys as a pair, işler taş, the hands, the
// partners, the house rules.
func Fields(r okey101.Rules) []pages.Field {
	opens := openChoices()
	if !slices.Contains(opens, r.Open) {
		opens = append(opens, r.Open)
		slices.Sort(opens)
	}
	var ov []string
	for _, o := range opens {
		ov = append(ov, strconv.Itoa(o))
	}
	var hv []string
	for h := 1; h <= okey101.MaxHands; h++ {
		hv = append(hv, strconv.Itoa(h))
	}
	sw := func(label string, on bool) pages.Field {
		at := 0
		if on {
			at = 1
		}
		return pages.Field{Label: label, Values: []string{"off", "on"}, At: at}
	}
	house := HouseChoices()
	f := make([]pages.Field, NumFields)
	f[fOpen] = pages.Field{Label: "set.open", Values: ov, At: slices.Index(ov, strconv.Itoa(r.Open))}
	f[fProgressive] = sw("set.progressive", r.Progressive)
	f[fOkeyPair] = sw("set.okey_pair", r.OkeyPair)
	f[fIslek] = sw("set.islek", r.Islek)
	f[fHands] = pages.Field{Label: "set.hands", Values: hv, At: r.Hands - 1}
	f[fPartners] = sw("set.partners101", r.Partners)
	f[fHouse] = pages.Field{Label: "set.house", Values: house, At: slices.Index(house, HouseValue(r))}
	return f
}

// Of builds the rules of 101 that the form's lines f (as
// Fields gives them) describe.
func Of(f []pages.Field) (okey101.Rules, error) {
	r := okey101.DefaultRules()
	open, err := strconv.Atoi(f[fOpen].Value())
	if err != nil {
		return r, err
	}
	r.Open = open
	r.Progressive = f[fProgressive].At == 1
	r.OkeyPair = f[fOkeyPair].At == 1
	r.Islek = f[fIslek].At == 1
	r.Hands = f[fHands].At + 1
	r.Partners = f[fPartners].At == 1
	for _, h := range strings.Split(f[fHouse].Value(), "+") {
		switch h {
		case "feed":
			r.Feed = true
		case "okey_once":
			r.OkeyOnce = true
		case "islek_back":
			r.IslekBack = true
		}
	}
	return r, r.Validate()
}
