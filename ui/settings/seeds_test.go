package settings

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"okey/game"
)

// A run's seeds: drawn from Random (eight bytes, big-endian), never
// from a short source; with --seed the series it starts, whatever
// Random holds.
func TestSeeds(t *testing.T) {
	drawn := Seeds{Random: bytes.NewReader([]byte{0, 0, 0, 0, 0, 0, 1, 2})}
	if s, err := drawn.Next(7, 3); err != nil || s != 0x102 {
		t.Fatalf("drawn: %x, %v", s, err)
	}
	if _, err := (Seeds{Random: bytes.NewReader([]byte{1})}).Draw(); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("a short source: %v", err)
	}
	set := Seeds{Random: bytes.NewReader(nil), Set: true}
	if s, err := set.Next(7, 3); err != nil || s != game.NewSeed(10) {
		t.Fatalf("--seed's series: %x, %v", s, err)
	}
}

// The seats a record names: its names and levels where it names them,
// the settings' bots' names where it does not; seat 0 has neither.
func TestSeatsOf(t *testing.T) {
	s := Default("en")
	s.Names = [3]string{"A", "B", "C"}
	meta := map[string]string{"name1": "Zeynep", "level1": "hard", "level3": "easy"}
	names, levels := s.SeatsOf(meta, func(named string, seat int) string {
		if named == "" {
			return "normal"
		}
		return named
	})
	if names != [4]string{"", "Zeynep", "B", "C"} || levels != [4]string{"", "hard", "normal", "easy"} {
		t.Fatalf("names %q, levels %q", names, levels)
	}
}
