package game

import "strings"

// RulesText is a game's rules written as its ParseRules reads them,
// from the options that differ from the defaults: "default" when none
// does (each game's Rules.String).
func RulesText(opts []string) string {
	if len(opts) == 0 {
		return "default"
	}
	return strings.Join(opts, ",")
}

// UnmarshalRules reads rules written as text into *dst with the game's
// parse (each game's Rules.UnmarshalText); *dst is left as it was when
// parse refuses them.
func UnmarshalRules[R any](dst *R, parse func(string) (R, error), b []byte) error {
	r, err := parse(string(b))
	if err != nil {
		return err
	}
	*dst = r
	return nil
}
