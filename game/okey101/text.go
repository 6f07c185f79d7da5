package okey101

import "okey/game"

// The names the engine's small types write with MarshalText read back
// with UnmarshalText, so that a view or a score sheet written as JSON
// (a table's update crossing from one server node to another) reads
// back equal.

// (Phase and Outcome are package game's, which reads them back itself.)

// parseName sets *dst to the value of T whose String is b.
func parseName[T game.Named](b []byte, dst *T, what string) error {
	return game.ParseName(b, dst, what)
}

// UnmarshalText reads a stage's name.
func (s *Stage) UnmarshalText(b []byte) error { return parseName(b, s, "stage") }

// UnmarshalText reads a score line's kind.
func (k *LineKind) UnmarshalText(b []byte) error { return parseName(b, k, "score line kind") }

// UnmarshalText reads an event's name.
func (k *EventKind) UnmarshalText(b []byte) error { return parseName(b, k, "event") }

// UnmarshalText reads a penalty's reason.
func (p *PenaltyReason) UnmarshalText(b []byte) error { return parseName(b, p, "penalty reason") }
