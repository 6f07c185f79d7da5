package ui

import (
	"slices"
	"strings"

	"okey/game/okey101"
	"okey/ui/play101"
	"okey/ui/problem"
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
		return "", problem.New("err.flag.game", Games[0], Games[1], v)
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
		return problem.New("err.game", s.Game, strings.Join(Games, ", "))
	}
	if _, err := s.rules101(); err != nil {
		return &problem.Problem{Key: "err.rules", Args: []any{err}, Err: err}
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
		return problem.New("err.flag.points.101")
	}
	r, err := okey101.ParseRules(*o.Rules)
	if err != nil {
		return &problem.Problem{Key: "err.flag.rules", Args: []any{err}, Err: err}
	}
	s.Rules101 = r.String()
	o.Rules = nil
	return nil
}

// The settings form's lines of 101: the game, and the rules of 101,
// which stand in for the classic rules' lines while the game is 101.

// add101Fields puts the form's lines of the rules of 101
// (play101.RulesFields) in their place, fOpen to fHouse.
func add101Fields(f []field, s Settings) {
	r, err := s.rules101()
	if err != nil {
		r = okey101.DefaultRules()
	}
	copy(f[fOpen:fHouse+1], play101.RulesFields(r))
}

// The form's lines fOpen to fHouse are play101's lines of the rules, in
// its order: a form with more or fewer lines there does not build.
var _ [play101.NumRulesFields]struct{} = [fHouse - fOpen + 1]struct{}{}

// rules101 builds the rules of 101 the form describes.
func (f *settingsForm) rules101() (okey101.Rules, error) { return rules101Of(f.Fields) }

// rules101Of builds the rules of 101 the fields describe.
func rules101Of(f []field) (okey101.Rules, error) { return play101.RulesOf(f[fOpen : fHouse+1]) }

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
