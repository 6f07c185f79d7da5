package game

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Phase is where a match of either game stands.
type Phase uint8

// The phases of a match.
const (
	// Playing: a hand is under way.
	Playing Phase = iota + 1
	// HandOver: a hand has ended; the next-hand action deals the next.
	HandOver
	// MatchOver: the match has ended; nothing more can be done.
	MatchOver
)

func (p Phase) String() string {
	switch p {
	case Playing:
		return "playing"
	case HandOver:
		return "hand over"
	case MatchOver:
		return "match over"
	}
	return fmt.Sprintf("phase(%d)", p)
}

// MarshalText writes the phase's name, so that JSON carries "playing".
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase's name.
func (p *Phase) UnmarshalText(b []byte) error { return parseName(b, p, "phase") }

// UnmarshalJSON reads a phase's name, or its number: a classic view
// crossed between server nodes with its phase as a number before the
// two games shared this type, and a node of that build may still send
// one.
func (p *Phase) UnmarshalJSON(b []byte) error { return unmarshalName(b, p, "phase") }

// Outcome is how a seat ended the match.
type Outcome uint8

// The outcomes of a match.
const (
	OutcomeLost Outcome = iota + 1
	OutcomeWon
	// OutcomeTied: level with another seat (or team) across the line
	// between winners and losers (each game's MatchResult says where
	// the line runs).
	OutcomeTied
)

func (o Outcome) String() string {
	switch o {
	case OutcomeWon:
		return "won"
	case OutcomeLost:
		return "lost"
	case OutcomeTied:
		return "tied"
	}
	return "-"
}

// MarshalText writes the outcome's name.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads an outcome's name.
func (o *Outcome) UnmarshalText(b []byte) error { return parseName(b, o, "outcome") }

// UnmarshalJSON reads an outcome's name, or its number (as a classic
// match's result crossed before; see Phase.UnmarshalJSON).
func (o *Outcome) UnmarshalJSON(b []byte) error { return unmarshalName(b, o, "outcome") }

// Named is a small type that says its name: the enums of both games
// that JSON carries by name.
type Named interface {
	~uint8
	String() string
}

// ParseName sets *dst to the value of T whose String is b, for the
// UnmarshalText of a Named type; what names the type in the error.
func ParseName[T Named](b []byte, dst *T, what string) error { return parseName(b, dst, what) }

func parseName[T Named](b []byte, dst *T, what string) error {
	for x := range 256 {
		if v := T(x); v.String() == string(b) {
			*dst = v
			return nil
		}
	}
	return fmt.Errorf("unknown %s %q", what, b)
}

// unmarshalName reads a JSON string as a name (parseName) or a JSON
// number as the value itself.
func unmarshalName[T Named](b []byte, dst *T, what string) error {
	if string(b) == "null" {
		return nil // as encoding/json leaves a value at null
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		return parseName([]byte(s), dst, what)
	}
	n, err := strconv.ParseUint(string(b), 10, 8)
	if err != nil {
		return fmt.Errorf("%s %s is neither a name nor a number", what, b)
	}
	*dst = T(n)
	return nil
}

// EnumName is k's name in names (a table of names by value, as each
// game keeps for its actions and events), or what(k) for a value the
// table names not.
func EnumName[K ~uint8](names []string, k K, what string) string {
	if int(k) < len(names) && names[k] != "" {
		return names[k]
	}
	return fmt.Sprintf("%s(%d)", what, k)
}

// ParseEnum is the value whose name in names is s (EnumName's reverse);
// what names the kind in the error.
func ParseEnum[K ~uint8](names []string, s, what string) (K, error) {
	for k, n := range names {
		if n != "" && n == s {
			return K(k), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q", what, s)
}

// DealKey tells the deals of a match apart and orders them: a hand, and
// its deals after void ones (a 101 hand dealt again). Chat lines and a
// table's log are placed by it, so that a line said in one deal is never
// shown in another.
func DealKey(hand, redeal int) int { return hand<<8 | redeal }
