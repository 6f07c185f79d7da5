package rack

import (
	"strings"
	"testing"

	"okey/game/tile"
)

// TestRead asserts that a saved arrangement is read back whole, and
// that a file that is no arrangement says why.
func TestRead(t *testing.T) {
	type file struct {
		Hand  int         `json:"hand"`
		Slots []tile.Tile `json:"slots"`
	}
	slots := func(f *file) []tile.Tile { return f.Slots }
	r7, err := tile.ParseTile("R7")
	if err != nil {
		t.Fatal(err)
	}
	rest := strings.Repeat(`,"-"`, NumSlots-1)
	tests := []struct {
		name, in string
		// why is the reason wanted, "?" any reason at all ("" none).
		why  string
		hand int
	}{
		{"whole", `{"hand":3,"slots":["R7"` + rest + `]}`, "", 3},
		{"not json", `{"hand":`, "unexpected end of JSON input", 0},
		{"too few slots", `{"slots":["R7","-"]}`, "2 slots, not 30", 0},
		{"no such tile", `{"slots":["X99"` + rest + `]}`, "?", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, r, why := Read([]byte(tc.in), slots)
			switch {
			case tc.why == "?" && why == "":
				t.Error("read, want a reason it is no arrangement")
			case tc.why != "?" && why != tc.why:
				t.Errorf("why = %q, want %q", why, tc.why)
			case why == "" && (f.Hand != tc.hand || r.Slots[0] != r7):
				t.Errorf("read hand %d, first slot %v; want %d, R7", f.Hand, r.Slots[0], tc.hand)
			}
		})
	}
}
