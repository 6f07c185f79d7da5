package ui

import (
	"slices"
	"strconv"
	"strings"

	"okey/game/okey101"
)

// The games the table plays: classic Okey and Okey 101.
const (
	GameClassic = "classic"
	Game101     = "101"
)

// Games are the games the table plays, the default first.
var Games = []string{GameClassic, Game101}

// ParseGame reads a --game value, the same for every command: classic
// ("", "okey" and any case too) or 101. Anything else is a Problem
// (err.flag.game) that says what --game takes, for a usage error.
func ParseGame(v string) (string, error) {
	g := strings.ToLower(strings.TrimSpace(v))
	if g == "" || g == "okey" {
		g = GameClassic
	}
	if !slices.Contains(Games, g) {
		return "", NewProblem("err.flag.game", Games[0], Games[1], v)
	}
	return g, nil
}

// gameValues are the settings form's values of the game; their names
// (val.classic, val.okey101) do not clash with a number's.
var gameValues = []string{"classic", "okey101"}

// gameValue is a game's value on the settings form; gameOf the game of
// a value.
func gameValue(game string) string {
	if game == Game101 {
		return gameValues[1]
	}
	return gameValues[0]
}

func gameOf(value string) string {
	if value == gameValues[1] {
		return Game101
	}
	return GameClassic
}

// is101 reports whether a new match under s is a match of 101.
func (s Settings) is101() bool { return s.Game == Game101 }

// rules101 are the 101 rules of s (the defaults when none are set).
func (s Settings) rules101() (okey101.Rules, error) {
	if s.Rules101 == "" {
		return okey101.DefaultRules(), nil
	}
	return okey101.ParseRules(s.Rules101)
}

// validate101 checks the game and the rules of 101.
func (s Settings) validate101() error {
	if s.Game != "" && !slices.Contains(Games, s.Game) {
		return NewProblem("err.game", s.Game, strings.Join(Games, ", "))
	}
	if _, err := s.rules101(); err != nil {
		return &Problem{Key: "err.rules", Args: []any{err}, Err: err}
	}
	return nil
}

// override101 puts the game given for this run on s, and the rules
// given when that game is 101 (which are then taken out of o: the rest
// of Override reads them as classic rules).
func (s *Settings) override101(o *Overrides) error {
	if o.Game != nil {
		g, err := ParseGame(*o.Game)
		if err != nil {
			return err
		}
		s.Game = g
	}
	if !s.is101() || o.Rules == nil && o.Points == nil {
		return nil
	}
	if o.Points != nil {
		return NewProblem("err.flag.points.101")
	}
	r, err := okey101.ParseRules(*o.Rules)
	if err != nil {
		return &Problem{Key: "err.flag.rules", Args: []any{err}, Err: err}
	}
	s.Rules101 = r.String()
	o.Rules = nil
	return nil
}

// The settings form's lines of 101: the game, and the rules of 101,
// which stand in for the classic rules' lines while the game is 101.

// openChoices are the thresholds of an opening the form offers (any
// other, given with --rules open=N, is offered too).
var openChoices = []int{51, 61, 71, 81, 91, 101, 111, 121, 131, 141, 151}

// add101Fields adds the form's fields of the rules of 101.
func add101Fields(f []field, s Settings) {
	r, err := s.rules101()
	if err != nil {
		r = okey101.DefaultRules()
	}
	opens := slices.Clone(openChoices)
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
	sw := func(label string, on bool) field {
		return field{Label: label, Values: onOff, At: boolAt(on)}
	}
	f[fOpen] = field{Label: "set.open", Values: ov, At: slices.Index(ov, strconv.Itoa(r.Open))}
	f[fProgressive] = sw("set.progressive", r.Progressive)
	f[fOkeyPair] = sw("set.okey_pair", r.OkeyPair)
	f[fIslek] = sw("set.islek", r.Islek)
	f[fHands] = field{Label: "set.hands", Values: hv, At: r.Hands - 1}
	f[fPartners101] = sw("set.partners101", r.Partners)
	f[fHouse] = field{Label: "set.house", Values: houseChoices, At: slices.Index(houseChoices, houseValue(r))}
}

// houseChoices are the combinations of the house rules of 101 the form
// offers on one line (a line each would push the form past 80×24):
// none, each alone, each pair, all three.
var houseChoices = []string{
	"off", "feed", "okey_once", "islek_back", "feed+okey_once", "feed+islek_back",
	"okey_once+islek_back", "feed+okey_once+islek_back",
}

// houseValue is the form's value for the house rules r has on.
func houseValue(r okey101.Rules) string {
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

// rules101 builds the rules of 101 the form describes.
func (f *settingsForm) rules101() (okey101.Rules, error) { return rules101Of(f.Fields) }

// rules101Of builds the rules of 101 the fields describe.
func rules101Of(f []field) (okey101.Rules, error) {
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
	r.Partners = f[fPartners101].At == 1
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

// Hidden reports whether field i is left off the form: the rules of
// the game not chosen (undo, last, both games have).
func (settingsRules) Hidden(f []field, i int) bool {
	is101 := gameOf(f[fGame].Value()) == Game101
	switch {
	case i >= fPreset && i <= fWrap:
		return is101
	case i >= fOpen && i <= fHouse:
		return !is101
	}
	return false
}

// Note says, after a bot's level, the level the bot plays 101 at when
// that game is chosen and its players lack the level ("" otherwise).
func (r settingsRules) Note(f []field, i int) string {
	if gameOf(f[fGame].Value()) != Game101 || (i != fLevel1 && i != fLevel2 && i != fLevel3) {
		return ""
	}
	want := f[i].Value()
	if got := r.m.players101().Level(want); got != want {
		return " (101: " + r.m.levelName(got) + ")"
	}
	return ""
}
