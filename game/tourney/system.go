package tourney

import (
	"fmt"
	"time"
)

// A tournament is made of systems, as lila's is: a pairing (who sits
// with whom, and when), a scoring (what the standings count) and a
// seating (who the pairing's units are, and how they sit at a table),
// chosen once from its Config when it is built (Config.System). The
// kind names a tournament and nothing more: the director and the
// pages ask the three values, never "is this an arena?". This file is
// the one place that reads a Config's kind and options to choose them.

// System is a tournament's pairing, scoring and seating.
type System struct {
	Pairing Pairing
	Scoring Scoring
	Seating Seating
}

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

// seatingOf is the seating of players alone, or of partners' teams.
func seatingOf(partners bool) Seating {
	return Config{Partners: partners}.System().Seating
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

// Said is a line a page says of a tournament, as a value: the key of
// its words and their arguments, the page's to write in its language.
// An argument of the types below is written as they say; Plural says
// the first argument is the count the words' plural forms are chosen
// by.
type Said struct {
	Key    string
	Plural bool
	Args   []any
}

// The arguments a page writes in its words.
type (
	// SaidSpan is a stretch of time, in minutes or hours and minutes.
	SaidSpan time.Duration
	// SaidLeft is the time left to a deadline the players count down
	// to: a span, but in seconds in its last minute.
	SaidLeft time.Duration
	// SaidWait is a short wait, in seconds or whole minutes.
	SaidWait time.Duration
	// SaidOver is more than a short wait ("longer than 2 min"): a
	// language may write it as a word of its own (Turkish's
	// "2 dakikadan fazla", not "2 dk süreden fazla").
	SaidOver time.Duration
	// SaidLevel is the bots' level ("": normal).
	SaidLevel string
)

// Names are the keys of the words a tournament's kind and options are
// named by ("Swiss · duplicate"), its pairing's first.
func (s System) Names() []string {
	out := []string{"tourney.kind." + string(s.Pairing.Kind())}
	out = append(out, s.Scoring.names()...)
	return append(out, s.Seating.names()...)
}

// Said are the lines of a tournament's rules that its systems say, in
// the order the page reads them: the pairing's first line, what the
// scoring counts, the rest of the pairing's, the tie-breaks, the
// scoring's deals, the seating's.
func (s System) Said(c Config) []Said {
	p := s.Pairing.said(c)
	out := append([]Said{p[0]}, s.Scoring.said()...)
	out = append(out, p[1:]...)
	out = append(out, s.Scoring.Ties())
	out = append(out, s.Scoring.deals()...)
	return append(out, s.Seating.said(c, s.Pairing)...)
}

// Pairing is who sits with whom, and when: the arena's pool (a table
// as soon as four wait, until its end time) or Swiss rounds (each
// paired by the standings once the last is played).
type Pairing interface {
	// Kind is the kind of tournament it pairs: what names it.
	Kind() Kind
	// Open says whether t takes a player not in it yet: an arena
	// until it is over, a Swiss until its first round is paired (one
	// who left may come back: Join).
	Open(t *Tournament) bool
	// End is when it stops pairing by the clock (zero: with its last
	// round).
	End(c Config) time.Time
	// Unopened puts the players of a table the server could not open
	// back where the pairing takes them from: the arena's pool,
	// waiting from now (a Swiss's round plays it no more).
	Unopened(t *Tournament, players Table, now time.Time)
	// Progress is what a lobby says of a tournament l while it runs:
	// when it ends, or the round under way.
	Progress(l Listed, now time.Time) Said
	// GivenUp is the key of what a page tells a player whose seat at
	// their table in play was given up (its number the words'
	// argument): what comes next for them.
	GivenUp(t *Tournament) string

	// said are its lines of the rules; lone the line that says what
	// becomes of a player waiting alone for a partner, teamAway what
	// becomes of a team one of whose players is away from their table.
	said(c Config) []Said
	lone(c Config) Said
	teamAway() Said
	// start is the tournament's start; back puts a unit (joined,
	// teamed, back from table from: all bots for none) where the
	// pairing takes it from, waiting since.
	start(t *Tournament, now time.Time)
	back(t *Tournament, unit string, since time.Time, from Table)
	// tick pairs who can be paired, seated by s, and moves the
	// tournament on to its end.
	tick(t *Tournament, s Seating, now time.Time) []Start
	// pairsAll says whether the next tick pairs everyone in (a
	// Swiss's first round): nobody waits for a partner past it.
	// botWait is how long a player alone waits for a partner before a
	// bot partners them (0: not by the clock).
	pairsAll(t *Tournament) bool
	botWait(c Config) time.Duration
}

// Scoring is what a tournament's standings count: the places' points
// with the arena's streaks or the Swiss's tie-break, and, in duplicate
// rounds, the field beside them.
type Scoring interface {
	// Rules are what counts in the standings.
	Rules() Rules
	// Columns are the keys of the standings' columns after the wins:
	// "streak", "rating", "opponents".
	Columns() []string
	// Sealed says whether every table of a round plays the same deals
	// from one secret seed (duplicate rounds): sealed before the
	// round, its records given once it is over, each seat scored
	// against the field.
	Sealed() bool
	// Ties is the line that names its tie-breaks in the order they
	// rank (Ranked), every one of them: what a page says under
	// standings with players level on points.
	Ties() Said

	// names are the keys of the words of its options; said its lines
	// of the rules after the pairing's first, deals the lines of the
	// deals it plays.
	names() []string
	said() []Said
	deals() []Said
}

// Seating is who the pairing's units are, and how they sit: players
// alone, one a seat, or partners' teams of two, each at two seats
// facing each other.
type Seating interface {
	// Per is how many of the pairing's units a table seats (seated by
	// seatUnits: a team at two seats facing each other).
	Per() int
	// Places are a match's places as the standings count them, from
	// the places its referee gives.
	Places(places [4]int) [4]int
	// Asks says whether players may ask one another to partner.
	Asks() bool
	// FieldKey is the key a seat's result is scored under against the
	// field (a team's two seats apart); FieldUnit the unit a key's
	// score adds up into.
	FieldKey(unit string, seat int) string
	FieldUnit(key string) string
	// Pool is what a page says of the units waiting in the pool.
	Pool(n int) Said

	// names are the keys of the words of its option; said its lines of
	// the rules (p says what becomes of one alone).
	names() []string
	said(c Config, p Pairing) []Said
	// forfeits are a match's forfeits as the standings count them,
	// its places checked.
	forfeits(places [4]int, forfeit [4]bool) ([4]bool, error)
	// join, ask, leave and named are Join's, Ask's, Leave's and
	// Named's part (leave says whether it was all of Leave).
	join(t *Tournament, p Pairing, id string, rating int, now time.Time) ([]Start, error)
	ask(t *Tournament, p Pairing, ask Invite, now time.Time) ([]Start, error)
	leave(t *Tournament, id string) bool
	named(t *Tournament, id, name string)
	// tick is Tick's part, before the pairing's; stop is the pairing's
	// end; players counts the players in.
	tick(t *Tournament, p Pairing, now time.Time)
	stop(t *Tournament)
	players(t *Tournament) int
}
