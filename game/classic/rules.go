package classic

import (
	"errors"
	"strconv"
	"strings"

	"okey/game"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// DealKind chooses how tiles reach the racks.
type DealKind uint8

// The two deals of RULES.md.
const (
	// DealTable is the table ritual: 21 stacks, two dice, the wall drawn
	// round the table with the indicator's stack last.
	DealTable DealKind = iota
	// DealSimple shuffles, deals 15/14/14/14 and turns up the next tile
	// that is not a false joker.
	DealSimple
)

func (d DealKind) String() string {
	if d == DealSimple {
		return "simple"
	}
	return "table"
}

// The range of Rules.Points, the points each player starts with.
const (
	MinPoints = 5
	MaxPoints = 21
)

// Rules is the configuration of a match: every option of RULES.md. The
// zero value is not valid; start from DefaultRules or ParseRules.
type Rules struct {
	// Points each player (or team) starts with, 5..21. Ignored under
	// Simple104, which has no scoring.
	Points int
	// Deal is the table ritual or the simple deal.
	Deal DealKind
	// IndicatorLast draws the indicator as the last tile of the wall.
	IndicatorLast bool
	// OneColourDouble doubles a win whose 14 tiles are all of one colour.
	OneColourDouble bool
	// LeaveAtZero makes a player at 0 or below leave while the others
	// play on, instead of ending the match.
	LeaveAtZero bool
	// Partners makes opposite seats a team sharing one score.
	Partners bool
	// Wrap allows 12-13-1 runs (never 13-1-2). On by default.
	Wrap bool
	// Simple104 is the classroom preset: 104 tiles (no false jokers), no
	// indicator and no okey, no scoring (first to finish wins), no
	// wrap-around, seat 0 starts with 15 tiles, the wall in random order.
	Simple104 bool
}

// DefaultRules are the rules of RULES.md with every option at its default:
// 20 points, the table ritual, 12-13-1 allowed.
func DefaultRules() Rules {
	return Rules{Points: 20, Deal: DealTable, Wrap: true}
}

// Simple104Rules is the simple104 preset.
func Simple104Rules() Rules {
	return Rules{Deal: DealSimple, Simple104: true}
}

// HasOkey reports whether the deal turns up an indicator and makes okeys
// (and so whether false jokers are in the set).
func (r Rules) HasOkey() bool { return !r.Simple104 }

// HandConfig is what hand analysis needs of these rules.
func (r Rules) HandConfig() hand.Config {
	return hand.Config{
		NoOkey:          !r.HasOkey(),
		Wrap:            r.Wrap && r.HasOkey(),
		IndicatorLast:   r.IndicatorLast,
		OneColourDouble: r.OneColourDouble,
		Unscored:        !r.Scoring(),
	}
}

// Scoring reports whether hands are scored (off under Simple104, where
// the first to finish wins the match).
func (r Rules) Scoring() bool { return !r.Simple104 }

// TileCount is the number of tiles in play: 106, or 104 under Simple104.
func (r Rules) TileCount() int {
	if r.Simple104 {
		return tile.NumTiles - 2
	}
	return tile.NumTiles
}

// ErrRules is the error every invalid rules configuration wraps.
var ErrRules = errors.New("invalid rules")

// RulesError is a rules configuration refused by ParseRules or Validate
// (package game's, the same for both games, its Game "classic"). Reason
// names the fault with a word that does not change (rules.go lists them:
// "unknown", "points.range", …) and Args are its values, so that a user
// interface can say it in its own language; Error is the English text.
// It wraps ErrRules.
type RulesError = game.RulesError

// rulesErr is a RulesError: reason, the English text's format and the
// arguments both take.
func rulesErr(reason, format string, a ...any) error {
	return game.NewRulesError(game.Classic, ErrRules, reason, format, a...)
}

// Validate reports the first thing wrong with r, wrapping ErrRules.
func (r Rules) Validate() error {
	if r.Deal != DealTable && r.Deal != DealSimple {
		return rulesErr("deal.unknown", "unknown deal %d", r.Deal)
	}
	if r.Simple104 {
		switch {
		case r.Points != 0:
			return rulesErr("s104.points", "simple104 has no scoring, so points do not apply")
		case r.Deal != DealSimple:
			return rulesErr("s104.deal", "simple104 draws the wall at random; the table deal does not apply")
		case r.IndicatorLast:
			return rulesErr("s104.indicator", "simple104 has no indicator, so indicator_last does not apply")
		case r.OneColourDouble:
			return rulesErr("s104.noscore", "simple104 has no scoring, so %s does not apply", "one_colour_double")
		case r.LeaveAtZero:
			return rulesErr("s104.noscore", "simple104 has no scoring, so %s does not apply", "leave_at_zero")
		case r.Partners:
			return rulesErr("s104.noscore", "simple104 has no scoring, so %s does not apply", "partners")
		case r.Wrap:
			return rulesErr("s104.wrap", "simple104 has no 13-1 wrap-around")
		}
		return nil
	}
	if r.Points < MinPoints || r.Points > MaxPoints {
		return rulesErr("points.range", "points must be from %d to %d, not %d", MinPoints, MaxPoints, r.Points)
	}
	if r.Partners && r.LeaveAtZero {
		return rulesErr("partners.leave", "partners and leave_at_zero cannot be combined: a team shares one score")
	}
	return nil
}

// RuleOptions lists the option names ParseRules accepts, for help texts.
var RuleOptions = []string{
	"table", "simple", "simple104", "points=N (5-21)", "indicator_last",
	"one_colour_double", "leave_at_zero", "partners", "no_wrap",
}

// ParseRules reads a comma-separated list of options on top of the
// defaults: "table" or "simple" (the deal), "simple104" (the preset, which
// must come alone or first), "points=N", and the switches indicator_last,
// one_colour_double, leave_at_zero, partners, wrap and no_wrap; a switch
// may be written name=true or name=false. "" and "default" give
// DefaultRules. An option given twice (under any of its names: table,
// simple and deal are one, wrap and no_wrap one) is refused, as Okey
// 101's rules refuse it, whether it says the same thing twice or two
// things. The error names the bad option and wraps ErrRules.
func ParseRules(s string) (Rules, error) {
	r := DefaultRules()
	s = strings.TrimSpace(s)
	if s == "" || s == "default" {
		return r, nil
	}
	seen := map[string]string{} // the option set, under the name it was given
	for i, raw := range strings.Split(s, ",") {
		opt := strings.ToLower(strings.TrimSpace(raw))
		name, val, hasVal := strings.Cut(opt, "=")
		name = strings.ReplaceAll(strings.TrimSpace(name), "-", "_")
		val = strings.TrimSpace(val)
		if key := optionKey(name); key != "" {
			switch first, ok := seen[key]; {
			case ok && first == name:
				return Rules{}, rulesErr("twice", "option %s given twice", name)
			case ok:
				return Rules{}, rulesErr("twice.as", "option %s given twice (as %s and as %s)", key, first, name)
			}
			seen[key] = name
		}
		on := true
		boolVal := func() error {
			if !hasVal {
				return nil
			}
			b, err := strconv.ParseBool(val)
			if err != nil {
				return rulesErr("bool", "option %q: %q is not true or false", name, val)
			}
			on = b
			return nil
		}
		switch name {
		case "":
			return Rules{}, rulesErr("empty", "empty option in %q", s)
		case "default":
			if hasVal {
				return Rules{}, rulesErr("novalue", "option %s takes no value", "default")
			}
		case "simple104":
			if hasVal {
				return Rules{}, rulesErr("novalue", "option %s takes no value", "simple104")
			}
			if i != 0 {
				return Rules{}, rulesErr("preset.first", "simple104 is a preset and must come first")
			}
			r = Simple104Rules()
		case "table", "simple":
			if hasVal {
				return Rules{}, rulesErr("novalue", "option %s takes no value", name)
			}
			if name == "table" {
				r.Deal = DealTable
			} else {
				r.Deal = DealSimple
			}
		case "deal":
			switch val {
			case "table":
				r.Deal = DealTable
			case "simple":
				r.Deal = DealSimple
			default:
				return Rules{}, rulesErr("deal", "deal must be table or simple, not %q", val)
			}
		case "points":
			n, err := strconv.Atoi(val)
			if !hasVal || err != nil {
				return Rules{}, rulesErr("points.number", "points needs a number, as in points=20")
			}
			r.Points = n
		case "indicator_last", "one_colour_double", "one_color_double", "leave_at_zero", "partners", "wrap", "no_wrap":
			if err := boolVal(); err != nil {
				return Rules{}, err
			}
			switch name {
			case "indicator_last":
				r.IndicatorLast = on
			case "one_colour_double", "one_color_double":
				r.OneColourDouble = on
			case "leave_at_zero":
				r.LeaveAtZero = on
			case "partners":
				r.Partners = on
			case "wrap":
				r.Wrap = on
			case "no_wrap":
				r.Wrap = !on
			}
		default:
			return Rules{}, rulesErr("unknown", "unknown option %q (known: %s)", name, strings.Join(RuleOptions, ", "))
		}
	}
	if err := r.Validate(); err != nil {
		return Rules{}, err
	}
	return r, nil
}

// optionKey is the setting an option of ParseRules sets, the same for
// every name of it ("" for an empty name, which ParseRules refuses on
// its own).
func optionKey(name string) string {
	switch name {
	case "table", "simple", "deal":
		return "deal"
	case "wrap", "no_wrap":
		return "wrap"
	case "one_color_double":
		return "one_colour_double"
	}
	return name
}

// String writes the rules as ParseRules reads them, naming only what
// differs from the defaults ("default" when nothing does).
func (r Rules) String() string {
	if r.Simple104 {
		return "simple104"
	}
	var opts []string
	if r.Deal == DealSimple {
		opts = append(opts, "simple")
	}
	if r.Points != 20 {
		opts = append(opts, "points="+strconv.Itoa(r.Points))
	}
	if r.IndicatorLast {
		opts = append(opts, "indicator_last")
	}
	if r.OneColourDouble {
		opts = append(opts, "one_colour_double")
	}
	if r.LeaveAtZero {
		opts = append(opts, "leave_at_zero")
	}
	if r.Partners {
		opts = append(opts, "partners")
	}
	if !r.Wrap {
		opts = append(opts, "no_wrap")
	}
	return game.RulesText(opts)
}

// MarshalText writes the rules in their ParseRules form.
func (r Rules) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads the rules with ParseRules.
func (r *Rules) UnmarshalText(b []byte) error { return game.UnmarshalRules(r, ParseRules, b) }
