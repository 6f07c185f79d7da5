package settings

import (
	"slices"
	"strconv"
	"strings"

	"okey/assets"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/ui/pages"
	"okey/ui/play101/rules"
	"okey/ui/playclassic"
)

// The settings form's lines (ui/pages draws and edits the form): what
// each line holds, the lines of Settings, the Settings of the lines,
// and which lines each game shows. Each game's rules are its own
// package's lines (playclassic.RulesFields, rules.Fields), put
// here in their place.

// The lines of the form, in its order.
const (
	FieldLang = iota
	FieldSpeed
	FieldTheme
	FieldLevel1
	FieldName1
	FieldLevel2
	FieldName2
	FieldLevel3
	FieldName3
	FieldGame
	// FieldPreset to FieldWrap are classic Okey's rules, in
	// playclassic.RulesFields' order.
	FieldPreset
	FieldPoints
	FieldDeal
	FieldIndicatorLast
	FieldOneColour
	FieldLeaveAtZero
	FieldPartners
	FieldWrap
	// FieldOpen to FieldHouse are the rules of 101, in
	// rules.Fields' order.
	FieldOpen
	FieldProgressive
	FieldOkeyPair
	FieldIslek
	FieldHands
	FieldPartners101
	FieldHouse
	// FieldUndo is last: both games have it, after their own rules.
	FieldUndo
	// NumFields is how many lines the form has.
	NumFields
)

// Each game's lines of rules are its package's, in its order: a form
// with more or fewer lines there does not build.
var (
	_ [playclassic.NumRulesFields]struct{} = [FieldWrap - FieldPreset + 1]struct{}{}
	_ [rules.NumFields]struct{}            = [FieldHouse - FieldOpen + 1]struct{}{}
)

// gameValues are the form's values of the game; their names
// (val.classic, val.okey101) do not clash with a number's.
var gameValues = []string{"classic", "okey101"}

// gameValue is a game's value on the form; gameOf the game of a value.
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

// Fields are the form's lines for s.
func Fields(s Settings) []pages.Field {
	r, err := classic.ParseRules(s.Rules)
	if err != nil {
		r = classic.DefaultRules()
	}
	r101, err := s.ParsedRules101()
	if err != nil {
		r101 = okey101.DefaultRules()
	}
	choice := func(label string, values []string, cur string) pages.Field {
		return pages.Field{Label: label, Values: values, At: max(0, slices.Index(values, cur))}
	}
	f := make([]pages.Field, NumFields)
	f[FieldLang] = choice("set.lang", assets.Languages, s.Lang)
	f[FieldSpeed] = choice("set.speed", Speeds, s.Speed)
	f[FieldTheme] = choice("set.theme", assets.Themes, s.Theme)
	for i := range 3 {
		f[FieldLevel1+2*i] = choice("set.level"+strconv.Itoa(i+1), BotLevels, s.Levels[i])
		f[FieldName1+2*i] = pages.Field{Label: "set.name" + strconv.Itoa(i+1), Text: s.Names[i], IsText: true}
	}
	f[FieldGame] = choice("set.game", gameValues, gameValue(s.Game))
	copy(f[FieldPreset:FieldWrap+1], playclassic.RulesFields(r))
	copy(f[FieldOpen:FieldHouse+1], rules.Fields(r101))
	undo := 0
	if s.Undo {
		undo = 1
	}
	f[FieldUndo] = pages.Field{Label: "set.undo", Values: []string{"off", "on"}, At: undo}
	return f
}

// Of builds the settings the lines f describe, or says what is wrong
// with them.
func Of(f []pages.Field) (Settings, error) {
	r, err := playclassic.RulesOf(f[FieldPreset : FieldWrap+1])
	if err != nil {
		return Settings{}, err
	}
	r101, err := rules.Of(f[FieldOpen : FieldHouse+1])
	if err != nil {
		return Settings{}, err
	}
	s := Settings{
		Lang: f[FieldLang].Value(), Speed: f[FieldSpeed].Value(), Theme: f[FieldTheme].Value(),
		Rules: r.String(), Rules101: r101.String(),
		Game: gameOf(f[FieldGame].Value()), Undo: f[FieldUndo].At == 1,
	}
	for i := range 3 {
		s.Levels[i] = f[FieldLevel1+2*i].Value()
		s.Names[i] = strings.TrimSpace(f[FieldName1+2*i].Value())
	}
	return s, s.Validate()
}

// Onto returns the settings base with the lines changed on form put on
// top: the settings file takes what the player changed, never what a
// flag set for one run.
func Onto(form *pages.Form, base Settings) (Settings, error) {
	fields := Fields(base)
	for i := range form.Fields {
		if form.Changed(i) {
			fields[i] = form.Fields[i]
		}
	}
	return Of(fields)
}

// FormRules are the form's rules (pages.FormRules): which lines a game
// shows, which are moot, the notes on them. The words and the levels
// 101's players have are the app's, asked when the form is drawn.
type FormRules struct {
	// T is a catalogue key in the player's language.
	T func(key string, args ...any) string
	// Level101 is the level a bot of level l plays 101 at, when 101's
	// players lack l; LevelName is a level in the player's words.
	Level101, LevelName func(level string) string
}

// Hidden reports whether line i is left off the form: the rules of the
// game not chosen (undo, last, both games have).
func (FormRules) Hidden(f []pages.Field, i int) bool {
	is101 := gameOf(f[FieldGame].Value()) == Game101
	switch {
	case i >= FieldPreset && i <= FieldWrap:
		return is101
	case i >= FieldOpen && i <= FieldHouse:
		return !is101
	}
	return false
}

// Moot reports whether line i does not apply: a rules option of
// classic Okey that its preset leaves out.
func (FormRules) Moot(f []pages.Field, i int) bool {
	return i >= FieldPreset && i <= FieldWrap && playclassic.RulesMoot(f[FieldPreset:FieldWrap+1], i-FieldPreset)
}

// BlankAfter groups the look, the bots and the rules.
func (FormRules) BlankAfter(i int) bool { return i == FieldName3 || i == FieldTheme }

// Foot is the note under the form: how it saves, and for 101 where its
// rules are.
func (r FormRules) Foot(f []pages.Field) string {
	if gameOf(f[FieldGame].Value()) == Game101 {
		return r.T("set.note101")
	}
	return r.T("set.note")
}

// Note says, after a bot's level, the level the bot plays the chosen
// game at when that game's players lack the level (101's, Level101);
// "" otherwise. Classic's players have every level.
func (r FormRules) Note(f []pages.Field, i int) string {
	if i != FieldLevel1 && i != FieldLevel2 && i != FieldLevel3 {
		return ""
	}
	want := f[i].Value()
	if gameOf(f[FieldGame].Value()) != Game101 {
		return ""
	}
	if got := r.Level101(want); got != want {
		return " (101: " + r.LevelName(got) + ")"
	}
	return ""
}
