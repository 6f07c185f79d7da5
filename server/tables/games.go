package tables

import (
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
)

// GameKind is a game the server offers.
type GameKind struct {
	Name string
	// newReferee starts a match; restore replays a saved record.
	newReferee func(rules string, seed uint64, meta map[string]string) (referee, error)
	restore    func(record []byte) (referee, error)
	// checkRules reports whether rules are valid for the game.
	checkRules func(rules string) error
	// rules are the presets the lobby offers.
	Rules []string
}

// GameKinds are the games on offer, the first the default: each made of
// its name, the rules presets its lobby offers, its engine's functions
// and its referee. (The seat's screen is the session's to open: the
// table core knows no screen.)
func GameKinds() []GameKind {
	return []GameKind{
		kindOf("classic", []string{"default", "simple", "points=10", "one_colour_double", "partners", "leave_at_zero", "simple104"},
			classic.ParseRules, classic.NewGame, classic.ParseRecord, classic.Record.Replay, newRefereeClassic),
		kindOf(string(game.Okey101), []string{"default", "hands=3", "partners", "progressive", "okey_pair", "islek=off"},
			okey101.ParseRules, okey101.NewGame, okey101.ParseRecord, okey101.Record.Replay, newReferee101),
	}
}

// FindKind is the game named name.
func FindKind(name string) (GameKind, bool) {
	for _, k := range GameKinds() {
		if k.Name == name {
			return k, true
		}
	}
	return GameKind{}, false
}

// kindOf is the GameKind named name with the lobby's rules presets,
// made of one game's engine (its package's ParseRules, NewGame,
// ParseRecord and Replay: R its rules, Rec its record, G its game) and
// its referee around a game.
func kindOf[R, Rec, G any, Ref referee](name string, presets []string,
	parseRules func(string) (R, error), newGame func(R, uint64, map[string]string) (G, error),
	parseRecord func([]byte) (Rec, error), replay func(Rec) (G, error),
	newReferee func(G) Ref) GameKind {
	return GameKind{
		Name: name,
		newReferee: func(rules string, seed uint64, meta map[string]string) (referee, error) {
			r, err := parseRules(rules)
			if err != nil {
				return nil, err
			}
			g, err := newGame(r, seed, meta)
			if err != nil {
				return nil, err
			}
			return newReferee(g), nil
		},
		restore: func(b []byte) (referee, error) {
			rec, err := parseRecord(b)
			if err != nil {
				return nil, err
			}
			g, err := replay(rec)
			if err != nil {
				return nil, err
			}
			return newReferee(g), nil
		},
		checkRules: func(rules string) error { _, err := parseRules(rules); return err },
		Rules:      presets,
	}
}
