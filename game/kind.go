package game

import (
	"errors"
	"fmt"
)

// Kind is which game a match is of: classic Okey or Okey 101. Its value
// is the word a record's header writes in "game", --game takes, a
// daily's hash is taken over and the settings file keeps, so the words
// never change: a record, a save or a day's deal of today reads the
// same tomorrow.
type Kind string

// The two games.
const (
	Classic Kind = "classic"
	Okey101 Kind = "101"
)

// Kinds are the games, the default first (the order menus and the
// daily's pages show them in).
func Kinds() []Kind { return []Kind{Classic, Okey101} }

// ErrKind is a game's name that names neither game; test with
// errors.Is.
var ErrKind = errors.New("unknown game")

// ParseKind reads a game's name as Kind writes it: "classic" or "101".
// Anything else is ErrKind; what a person types (--game okey, any case)
// is the command line's to read.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds() {
		if string(k) == s {
			return k, nil
		}
	}
	return "", fmt.Errorf("%q: %w (known: classic, 101)", s, ErrKind)
}

// Title is the game's name as an English message says it: "classic
// Okey", "101".
func (k Kind) Title() string {
	if k == Classic {
		return "classic Okey"
	}
	return string(k)
}
