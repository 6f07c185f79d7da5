package game

import (
	"errors"
	"testing"
)

// TestParseKind reads each game's own word back, and nothing else: not
// the form's value ("okey101"), not a name with a space, not another
// case — a record, a daily's hash and a save write exactly these words.
func TestParseKind(t *testing.T) {
	for _, k := range Kinds() {
		if got, err := ParseKind(string(k)); got != k || err != nil {
			t.Errorf("ParseKind(%q) = %q, %v", k, got, err)
		}
	}
	for _, s := range []string{"", "Classic", "okey101", "101 ", "chess"} {
		if _, err := ParseKind(s); !errors.Is(err, ErrKind) {
			t.Errorf("ParseKind(%q) = %v, want ErrKind", s, err)
		}
	}
}

// TestKindWords holds the words of the two games: records, saves and
// days' deals of today were written with them.
func TestKindWords(t *testing.T) {
	if Classic != "classic" || Okey101 != "101" {
		t.Errorf("the games' words changed: %q, %q", Classic, Okey101)
	}
	if Kinds()[0] != Classic {
		t.Errorf("the default game is %q, want classic", Kinds()[0])
	}
}
