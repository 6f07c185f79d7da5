// Package problem holds the errors meant for the player: a key of the
// catalogues and its arguments, said in the player's language when it
// is shown (a bad flag, a damaged settings file, rules the engine
// refused). The app, the settings and the commands say their errors
// through it, so one error reads the same wherever it is shown. The
// referees' own errors (a move refused, a record damaged) have their
// words here too (reasons.go: Reason, ReasonKey), for the table, its
// bots' failures and a served seat alike.
//
// It imports kit/i18n and the referees (game, game/classic, game/okey101,
// game/okey101/meld, game/record: for the words of their errors), never
// ui.
package problem

import (
	"errors"

	"okey/game"
	"okey/kit/i18n"
)

// Problem is an error meant for the player: a key of the catalogs and its
// arguments, so that Say can put it in the player's language. Error is
// the English text.
type Problem struct {
	Key  string
	Args []any
	// Err is the error it stands for, if any (for errors.Is and As).
	Err error
}

// New is a Problem with the text of key.
func New(key string, args ...any) *Problem { return &Problem{Key: key, Args: args} }

func (p *Problem) Error() string { return p.in(i18n.MustLoad("en")) }

func (p *Problem) Unwrap() error { return p.Err }

// in is the problem's text in tr's language; arguments that are errors
// are said in it too.
func (p *Problem) in(tr *i18n.Catalog) string {
	args := make([]any, len(p.Args))
	for i, a := range p.Args {
		if err, ok := a.(error); ok {
			a = In(err, tr)
		}
		args[i] = a
	}
	return tr.T(p.Key, args...)
}

// Say is err in the language lang: a Problem in its words, any other
// error as it is. An unknown language is English.
func Say(err error, lang string) string {
	tr, lerr := i18n.Load(lang)
	if lerr != nil {
		tr = i18n.MustLoad("en")
	}
	return In(err, tr)
}

// In is err in tr's language when err is a Problem; a Problem wrapped
// in words of another error stays as that error says it.
func In(err error, tr *i18n.Catalog) string {
	if p, ok := err.(*Problem); ok {
		return p.in(tr)
	}
	if s, ok := sayRules(err, tr); ok {
		return s
	}
	if s, ok := sayOS(err, tr); ok {
		return s
	}
	return err.Error()
}

// rulesKeys is the catalogue's prefix for each game's rules errors, by
// the game a game.RulesError names.
var rulesKeys = map[game.Kind]string{game.Classic: "rules.", game.Okey101: "rules101."}

// sayRules says a rules configuration the engine refused (either game's:
// a game.RulesError) in tr's language, from its game and reason; ok is
// false for any other error, and for a reason the catalogue does not
// know yet.
func sayRules(err error, tr *i18n.Catalog) (string, bool) {
	var re *game.RulesError
	if !errors.As(err, &re) {
		return "", false
	}
	prefix, ok := rulesKeys[re.Game]
	if !ok || !tr.Has(prefix+re.Reason) {
		return "", false
	}
	return tr.T(prefix+"invalid") + ": " + tr.T(prefix+re.Reason, re.Args...), true
}
