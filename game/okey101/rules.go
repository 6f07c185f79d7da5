package okey101

import (
	"errors"
	"strconv"
	"strings"

	"okey/game"
)

// Rules is the configuration of a match of 101: every option of the
// "Okey 101" part of RULES.md. The zero value is not valid; start from
// DefaultRules or ParseRules.
type Rules struct {
	// Open is the value an opening with melds must reach (open=N).
	Open int
	// Progressive: each opening with melds in a hand must beat the
	// highest opening with melds so far.
	Progressive bool
	// OkeyPair lets two okeys pair.
	OkeyPair bool
	// Islek charges 101 for discarding a tile that could be laid off
	// (işler taş); islek=off turns it off.
	Islek bool
	// Hands is the number of hands in a match, 1..21.
	Hands int
	// Partners makes opposite seats a team with one total.
	Partners bool

	// The house rules some tables play (RULES.md, "House rules"); all
	// off by default, as the sources the rules follow name none of them.

	// Feed charges 101 to the player whose discard the next player takes
	// and opens with (feed): feeding an opening costs the feeder.
	Feed bool
	// OkeyOnce charges a player's okey discards once a hand (okey_once):
	// the second okey that player throws in the hand is free.
	OkeyOnce bool
	// IslekBack counts a tile that could take an okey back from the table
	// as işler taş too (islek_back), so discarding it costs 101 as well.
	IslekBack bool
}

// DefaultRules are the rules of RULES.md with every option at its
// default: open at 101, işler taş charged, 11 hands.
func DefaultRules() Rules {
	return Rules{Open: 101, Islek: true, Hands: 11}
}

// ErrRules is the error every invalid rules configuration wraps.
var ErrRules = errors.New("invalid 101 rules")

// RulesError is a rules configuration refused by ParseRules or Validate
// (package game's, the same for both games, its Game "101"). Reason
// names the fault with a word that does not change ("unknown",
// "open.range", …) and Args are its values, so that a user interface can
// say it in its own language; Error is the English text. It wraps
// ErrRules.
type RulesError = game.RulesError

// rulesErr is a RulesError: reason, the English text's format and the
// arguments both take.
func rulesErr(reason, format string, a ...any) error {
	return game.NewRulesError(GameName, ErrRules, reason, format, a...)
}

// MinPairs is the fewest pairs a player opens with (çift açmak).
const MinPairs = 5

// The limits of the options.
const (
	MinOpen  = 1
	MaxOpen  = 250 // a rack's best opening is worth about this at most
	MaxHands = 21
)

// Validate reports the first thing wrong with r, wrapping ErrRules.
func (r Rules) Validate() error {
	switch {
	case r.Open < MinOpen || r.Open > MaxOpen:
		return rulesErr("open.range", "open must be from %d to %d, not %d (no opening is worth more)", MinOpen, MaxOpen, r.Open)
	case r.Hands < 1 || r.Hands > MaxHands:
		return rulesErr("hands.range", "hands must be from 1 to %d, not %d", MaxHands, r.Hands)
	case r.IslekBack && !r.Islek:
		return rulesErr("islekback.off", "islek_back widens the işler taş penalty, which islek=off turns off")
	}
	return nil
}

// RuleOptions lists the option names ParseRules accepts, for help texts.
var RuleOptions = []string{
	"open=N (1-250)", "progressive", "okey_pair", "islek=off", "hands=N (1-21)", "partners",
	"feed", "okey_once", "islek_back",
}

// classicOnly names the options of classic Okey, refused here with the
// reason rather than as unknown.
var classicOnly = map[string]bool{
	"points": true, "table": true, "simple": true, "simple104": true, "deal": true,
	"indicator_last": true, "one_colour_double": true, "one_color_double": true,
	"leave_at_zero": true, "wrap": true, "no_wrap": true,
}

// ParseRules reads a comma-separated list of options on top of the
// defaults: open=N, hands=N, islek=on|off, and the switches progressive,
// okey_pair, partners, feed, okey_once and islek_back (a switch may be written name=true or
// name=false). "" and "default" give DefaultRules. An option given twice,
// an option of classic Okey or a value out of range is refused; the
// error names it and wraps ErrRules.
func ParseRules(s string) (Rules, error) {
	r := DefaultRules()
	s = strings.TrimSpace(s)
	if s == "" || s == "default" {
		return r, nil
	}
	seen := map[string]bool{}
	for _, raw := range strings.Split(s, ",") {
		opt := strings.ToLower(strings.TrimSpace(raw))
		name, val, hasVal := strings.Cut(opt, "=")
		name = strings.ReplaceAll(strings.TrimSpace(name), "-", "_")
		val = strings.TrimSpace(val)
		if name == "" {
			return Rules{}, rulesErr("empty", "empty option in %q", s)
		}
		if seen[name] {
			return Rules{}, rulesErr("twice", "option %s given twice", name)
		}
		seen[name] = true
		number := func() (int, error) {
			n, err := strconv.Atoi(val)
			if !hasVal || err != nil {
				return 0, rulesErr("number", "%s needs a number, as in %s=%d", name, name, map[string]int{"open": 101, "hands": 11}[name])
			}
			return n, nil
		}
		on := func() (bool, error) {
			if !hasVal {
				return true, nil
			}
			switch val {
			case "on", "true", "yes", "1":
				return true, nil
			case "off", "false", "no", "0":
				return false, nil
			}
			return false, rulesErr("onoff", "option %s: %q is not on or off", name, val)
		}
		var err error
		switch name {
		case "default":
			if hasVal {
				return Rules{}, rulesErr("novalue", "option %s takes no value", "default")
			}
		case "open":
			r.Open, err = number()
		case "hands":
			r.Hands, err = number()
		case "progressive":
			r.Progressive, err = on()
		case "okey_pair":
			r.OkeyPair, err = on()
		case "islek":
			r.Islek, err = on()
		case "partners":
			r.Partners, err = on()
		case "feed":
			r.Feed, err = on()
		case "okey_once":
			r.OkeyOnce, err = on()
		case "islek_back":
			r.IslekBack, err = on()
		default:
			if classicOnly[name] {
				return Rules{}, rulesErr("classic", "%s is an option of classic Okey, not of 101 (101 knows: %s)", name, strings.Join(RuleOptions, ", "))
			}
			return Rules{}, rulesErr("unknown", "unknown option %q (101 knows: %s)", name, strings.Join(RuleOptions, ", "))
		}
		if err != nil {
			return Rules{}, err
		}
	}
	if err := r.Validate(); err != nil {
		return Rules{}, err
	}
	return r, nil
}

// String writes the rules as ParseRules reads them, naming only what
// differs from the defaults ("default" when nothing does).
func (r Rules) String() string {
	var opts []string
	if r.Open != 101 {
		opts = append(opts, "open="+strconv.Itoa(r.Open))
	}
	if r.Progressive {
		opts = append(opts, "progressive")
	}
	if r.OkeyPair {
		opts = append(opts, "okey_pair")
	}
	if !r.Islek {
		opts = append(opts, "islek=off")
	}
	if r.Hands != 11 {
		opts = append(opts, "hands="+strconv.Itoa(r.Hands))
	}
	if r.Partners {
		opts = append(opts, "partners")
	}
	if r.Feed {
		opts = append(opts, "feed")
	}
	if r.OkeyOnce {
		opts = append(opts, "okey_once")
	}
	if r.IslekBack {
		opts = append(opts, "islek_back")
	}
	return game.RulesText(opts)
}

// MarshalText writes the rules in their ParseRules form.
func (r Rules) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads the rules with ParseRules.
func (r *Rules) UnmarshalText(b []byte) error { return game.UnmarshalRules(r, ParseRules, b) }
