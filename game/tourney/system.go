package tourney

import (
	"fmt"
	"slices"
)

// A tournament is made of systems, as lila's is: a pairing (who sits
// with whom, and when), a scoring (what the standings count) and a
// seating (who the pairing's units are, and how they sit at a table),
// chosen once from its Config when it is built (Config.System). The
// kind names a tournament and nothing more: the director and the
// pages ask the three values, never "is this an arena?". This file is
// the one place that reads a Config's kind and options to choose them.

// kinds are the kinds of tournament: each its pairing and the scoring
// it ranks by. A new kind is a line here, with its values.
var kinds = map[Kind]System{
	Arena: {Pairing: arena{}, Scoring: places{
		rules: Rules{Streaks: true}, columns: []string{"streak", "rating"},
		lines: []Said{{Key: "tourney.rules.streak"}}, tie: Said{Key: "tourney.rules.ties.arena"},
	}},
	Swiss: {Pairing: swiss{}, Scoring: places{
		rules: Rules{Opponents: true}, columns: []string{"rating", "opponents"},
		tie: Said{Key: "tourney.rules.ties.swiss"},
	}},
}

// System is the systems a tournament of c is run by: its kind's
// pairing and scoring, the duplicate rounds' field beside the scoring,
// partners' teams or players alone. A kind Check refuses (a zero
// Config) is paired as rounds and ranked with no streak and no
// tie-break, as the director always took it.
func (c Config) System() System {
	s, ok := kinds[c.Kind]
	if !ok {
		s = System{Pairing: swiss{}, Scoring: places{columns: []string{"rating"}}}
	}
	if c.Duplicate {
		s.Scoring = field{s.Scoring}
	}
	s.Seating = singles{}
	if c.Partners {
		s.Seating = partners{}
	}
	return s
}

// System is the systems of the tournament l lists (its kind and
// options), as a page that has only its lobby line asks them.
func (l Listed) System() System {
	return Config{Kind: l.Kind, Duplicate: l.Duplicate, Partners: l.Partners}.System()
}

// Rules are what counts in a kind's standings: an arena's streaks, a
// Swiss's opponents' points.
func (k Kind) Rules() Rules {
	return Config{Kind: k}.System().Scoring.Rules()
}

// The configurations the director refuses, each an ErrConfig (and
// said as it is): a form tells which it is (errors.Is) to say what to
// change.
var (
	ErrKind          error = configError{}
	ErrHands         error = configError{1}
	ErrLength        error = configError{2}
	ErrRounds        error = configError{3}
	ErrDuplicateKind error = configError{4}
	ErrPartnersGame  error = configError{5}
)

// configError is one of the configurations refused: ErrConfig, told
// apart from the others.
type configError struct{ n int }

func (configError) Error() string { return ErrConfig.Error() }
func (configError) Unwrap() error { return ErrConfig }

// Check says what is wrong with a configuration, nil if nothing.
func (c Config) Check() error {
	switch {
	case c.Kind != Arena && c.Kind != Swiss:
		return fmt.Errorf("kind %q: %w", c.Kind, ErrKind)
	case c.Hands < 1:
		return fmt.Errorf("%d hands a match: %w", c.Hands, ErrHands)
	case c.Kind == Arena && c.Length <= 0:
		return fmt.Errorf("an arena of no length: %w", ErrLength)
	case c.Kind == Swiss && c.Rounds < 1:
		return fmt.Errorf("%d Swiss rounds: %w", c.Rounds, ErrRounds)
	case c.Kind == Arena && c.Duplicate:
		return fmt.Errorf("duplicate deals need rounds, not an arena: %w", ErrDuplicateKind)
	case c.Partners && c.Game != "101":
		return fmt.Errorf("partners are a 101 option, not %q's: %w", c.Game, ErrPartnersGame)
	}
	return nil
}

// Changed names the settings to has other than c's, in the order of
// a tournament's file and by its names ("start", "length",
// "bot_level"): what its entrants are told changed.
func (c Config) Changed(to Config) []string {
	var out []string
	for _, f := range []struct {
		name string
		same bool
	}{
		{"name", c.Name == to.Name}, {"description", c.Description == to.Description},
		{"kind", c.Kind == to.Kind}, {"game", c.Game == to.Game}, {"rules", c.Rules == to.Rules},
		{"hands", c.Hands == to.Hands}, {"start", c.Start.Equal(to.Start)},
		{"length", c.Length == to.Length}, {"rounds", c.Rounds == to.Rounds},
		{"bot_wait", c.BotWait == to.BotWait}, {"bot_level", c.BotLevel == to.BotLevel},
		{"back", c.Back == to.Back}, {"away", c.Away == to.Away},
		{"turn", c.Turn == to.Turn}, {"bank", c.Bank == to.Bank},
		{"duplicate", c.Duplicate == to.Duplicate}, {"partners", c.Partners == to.Partners},
		{"private", c.Private == to.Private},
	} {
		if !f.same {
			out = append(out, f.name)
		}
	}
	return out
}

// places is the scoring by places: what each is worth (Worth), with
// the rules of the kind's standings (the arena's streaks, the Swiss's
// tie-break), its columns and its lines of the rules.
type places struct {
	rules   Rules
	columns []string
	lines   []Said
	tie     Said
}

func (p places) Rules() Rules { return p.rules }

func (p places) Columns() []string { return slices.Clone(p.columns) }

func (places) Sealed() bool { return false }

func (places) names() []string { return nil }

func (p places) said() []Said { return p.lines }

func (p places) Ties() Said { return p.tie }

func (places) deals() []Said { return nil }
