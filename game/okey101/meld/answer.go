package meld

import (
	"errors"
	"fmt"
	"strings"

	"okey/game/tile"
)

// DefaultThreshold is the value an opening with melds must reach under
// the default rules.
const DefaultThreshold = 101

// Answer is what `okey hand --game 101 --json` writes for one rack. It
// marshals with encoding/json as
//
//	{"open_value":N,"can_open":bool,"opening":[["R1","R2","R3"],…],"pairs":N,"unmelded":N}
//
// OpenValue is the best opening's value and Opening its melds, as real
// tiles (an okey as itself, a false joker as J), [] when there is none;
// CanOpen says whether that opening reaches the threshold (opening with
// pairs is counted apart, in Pairs: five or more open); Pairs is the
// most pairs keeping a tile; Unmelded the fewest tiles left out when
// melding as many as possible, at least 1.
type Answer struct {
	OpenValue int           `json:"open_value"`
	CanOpen   bool          `json:"can_open"`
	Opening   [][]tile.Tile `json:"opening"`
	Pairs     int           `json:"pairs"`
	Unmelded  int           `json:"unmelded"`
}

// Answer analyses rack c for a person: the best opening against
// threshold, the pairs (two okeys never pair, as by default) and the
// tiles left unmelded. c must pass Check.
func (sv *Solver) Answer(a Analyzer, c tile.Counts, threshold int) Answer {
	o := sv.BestOpening(a, c)
	left, _ := sv.Unmelded(a, c)
	ans := Answer{
		OpenValue: o.Value,
		CanOpen:   o.Reaches(threshold),
		Opening:   make([][]tile.Tile, len(o.Melds)),
		Pairs:     a.Pairs(c, false),
		Unmelded:  left,
	}
	for i, m := range o.Melds {
		ans.Opening[i] = m.Tiles
	}
	return ans
}

// The ways a hand line is refused; each error ParseLine returns wraps
// ErrLine and one of the others. Test with errors.Is.
var (
	ErrLine = errors.New("bad hand line")
	// ErrNoIndicator: the line has no "IND:" part.
	ErrNoIndicator = errors.New("no indicator")
	// ErrUnknownTile: a token is not a tile.
	ErrUnknownTile = errors.New("unknown tile")
	// ErrTileCount: not 21 or 22 tiles.
	ErrTileCount = errors.New("a rack of 101 has 21 or 22 tiles")
	// ErrCopies: a face three times or more, or two false jokers and
	// more.
	ErrCopies = errors.New("more copies than exist")
	// ErrIndicatorCopies: both copies of the indicator's tile (one lies
	// face up on the table).
	ErrIndicatorCopies = errors.New("two of the indicator's tile")
	// ErrJokerIndicator: a false joker as the indicator.
	ErrJokerIndicator = errors.New("a false joker is never the indicator")
)

func lineErr(kind error, format string, a ...any) error {
	return fmt.Errorf("%w: %w: %s", ErrLine, kind, fmt.Sprintf(format, a...))
}

// ParseLine reads a line "IND: T1 … T21" (or 22 tiles): the indicator,
// a colon, the rack. Tiles are case-insensitive and separated by spaces
// or commas.
func ParseLine(line string) (Analyzer, tile.Counts, error) {
	ind, rest, ok := strings.Cut(line, ":")
	if !ok {
		return Analyzer{}, tile.Counts{}, lineErr(ErrNoIndicator, `write the line as "IND: TILES", e.g. "R4: R1 R2 …"`)
	}
	it, err := tile.ParseTile(ind)
	if err != nil {
		return Analyzer{}, tile.Counts{}, lineErr(ErrUnknownTile, "indicator: %v", err)
	}
	if it == tile.FalseJoker {
		return Analyzer{}, tile.Counts{}, lineErr(ErrJokerIndicator, "J cannot be the indicator")
	}
	a, err := New(it)
	if err != nil {
		return Analyzer{}, tile.Counts{}, lineErr(ErrUnknownTile, "%v", err)
	}
	ts, err := tile.ParseTiles(rest)
	if err != nil {
		return Analyzer{}, tile.Counts{}, lineErr(ErrUnknownTile, "%v", err)
	}
	if n := len(ts); n != 21 && n != 22 {
		return Analyzer{}, tile.Counts{}, lineErr(ErrTileCount, "this one has %d", n)
	}
	var c tile.Counts
	for _, t := range ts {
		c[t]++
		switch {
		case c[t] > 2:
			return Analyzer{}, tile.Counts{}, lineErr(ErrCopies, "%s three times: only two exist", t)
		case c[t] == 2 && t == it:
			return Analyzer{}, tile.Counts{}, lineErr(ErrIndicatorCopies, "%v twice: the indicator is its other copy", t)
		}
	}
	return a, c, nil
}

// AnswerLine parses a hand line and answers it against threshold.
func (sv *Solver) AnswerLine(line string, threshold int) (Answer, error) {
	a, c, err := ParseLine(line)
	if err != nil {
		return Answer{}, err
	}
	return sv.Answer(a, c, threshold), nil
}

// AnswerLine is Solver.AnswerLine with a solver of its own: the answer of
// `okey hand --game 101 --json` for one line, or why the line is bad.
func AnswerLine(line string, threshold int) (Answer, error) {
	return new(Solver).AnswerLine(line, threshold)
}
