package okey101

import (
	"testing"

	"okey/game"
)

// TestNamesReadBack: every named value of the small types reads back
// from its name, and a name nobody has is an error.
func TestNamesReadBack(t *testing.T) {
	check := func(name string, values int, round func(x uint8) (bool, error), bad error) {
		t.Helper()
		for x := range values {
			same, err := round(uint8(x))
			if err != nil || !same {
				t.Errorf("%s %d: read back %v, err %v", name, x, same, err)
			}
		}
		if bad == nil {
			t.Errorf("%s: an unknown name was read", name)
		}
	}
	var p game.Phase
	check("phase", int(game.MatchOver)+1, func(x uint8) (bool, error) {
		b, _ := game.Phase(x).MarshalText()
		err := p.UnmarshalText(b)
		return p == game.Phase(x), err
	}, p.UnmarshalText([]byte("dancing")))
	var s Stage
	check("stage", int(StagePlay)+1, func(x uint8) (bool, error) {
		b, _ := Stage(x).MarshalText()
		err := s.UnmarshalText(b)
		return s == Stage(x), err
	}, s.UnmarshalText([]byte("sleep")))
	var e EventKind
	check("event", len(eventNames), func(x uint8) (bool, error) {
		b, _ := EventKind(x).MarshalText()
		err := e.UnmarshalText(b)
		return e == EventKind(x) || eventNames[x] == "", err
	}, e.UnmarshalText([]byte("juggle")))
	var r PenaltyReason
	check("penalty", int(PenaltyIslek)+1, func(x uint8) (bool, error) {
		b, _ := PenaltyReason(x).MarshalText()
		err := r.UnmarshalText(b)
		return r == PenaltyReason(x), err
	}, r.UnmarshalText([]byte("late")))
	var o game.Outcome
	check("outcome", int(game.OutcomeTied)+1, func(x uint8) (bool, error) {
		b, _ := game.Outcome(x).MarshalText()
		err := o.UnmarshalText(b)
		return o == game.Outcome(x), err
	}, o.UnmarshalText([]byte("drawn")))
	var k LineKind
	check("line", int(LineNotOpened)+1, func(x uint8) (bool, error) {
		b, _ := LineKind(x).MarshalText()
		err := k.UnmarshalText(b)
		return k == LineKind(x), err
	}, k.UnmarshalText([]byte("x")))
}
