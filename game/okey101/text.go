package okey101

import "fmt"

// The names the engine's small types write with MarshalText read back
// with UnmarshalText, so that a view or a score sheet written as JSON
// (a table's update crossing from one server node to another) reads
// back equal.

// named is a small type that says its name.
type named interface {
	~uint8
	String() string
}

// parseName sets *dst to the value of T whose String is b.
func parseName[T named](b []byte, dst *T, what string) error {
	for x := range 256 {
		if v := T(x); v.String() == string(b) {
			*dst = v
			return nil
		}
	}
	return fmt.Errorf("okey101: unknown %s %q", what, b)
}

// UnmarshalText reads a phase's name.
func (p *Phase) UnmarshalText(b []byte) error { return parseName(b, p, "phase") }

// UnmarshalText reads a stage's name.
func (s *Stage) UnmarshalText(b []byte) error { return parseName(b, s, "stage") }

// UnmarshalText reads a score line's kind.
func (k *LineKind) UnmarshalText(b []byte) error { return parseName(b, k, "score line kind") }

// UnmarshalText reads an outcome's name.
func (o *Outcome) UnmarshalText(b []byte) error { return parseName(b, o, "outcome") }

// UnmarshalText reads an event's name.
func (k *EventKind) UnmarshalText(b []byte) error { return parseName(b, k, "event") }

// UnmarshalText reads a penalty's reason.
func (p *PenaltyReason) UnmarshalText(b []byte) error { return parseName(b, p, "penalty reason") }
