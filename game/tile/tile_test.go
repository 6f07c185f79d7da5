package tile

import (
	"errors"
	"strings"
	"testing"
)

func TestParseTile(t *testing.T) {
	tests := []struct {
		in      string
		want    Tile
		wantErr string
	}{
		{"R1", NewTile(Red, 1), ""},
		{"r1", NewTile(Red, 1), ""},
		{"Y13", NewTile(Yellow, 13), ""},
		{"b7", NewTile(Blue, 7), ""},
		{"K9", NewTile(Black, 9), ""},
		{"j", FalseJoker, ""},
		{" J ", FalseJoker, ""},
		{"R0", NoTile, "from 1 to 13"},
		{"R14", NoTile, "from 1 to 13"},
		{"R007", NoTile, "from 1 to 13"},
		{"G5", NoTile, "colour must be"},
		{"R", NoTile, "value is missing"},
		{"R1x", NoTile, "must be a number"},
		{"", NoTile, "empty"},
	}
	for _, tc := range tests {
		got, err := ParseTile(tc.in)
		if tc.wantErr != "" {
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseTile(%q) error = %v, want ParseError containing %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseTile(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseTilesNamesBadToken(t *testing.T) {
	_, err := ParseTiles("R1 R2,Q3 R4")
	if err == nil || !strings.Contains(err.Error(), `"Q3"`) {
		t.Fatalf("error %v does not name Q3", err)
	}
	ts, err := ParseTiles("r1, y2  b3\tk4 j")
	if err != nil || FormatTiles(ts) != "R1 Y2 B3 K4 J" {
		t.Fatalf("got %v %v", ts, err)
	}
}

func TestTileRoundTrip(t *testing.T) {
	for f := Tile(0); f < NumFaces; f++ {
		p, err := ParseTile(f.String())
		if err != nil || p != f {
			t.Fatalf("%v round-trips to %v, %v", f, p, err)
		}
		b, err := f.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var u Tile
		if err := u.UnmarshalText(b); err != nil || u != f {
			t.Fatalf("%v text round-trips to %v, %v", f, u, err)
		}
	}
}

func TestIndicatorMakesOkey(t *testing.T) {
	tests := []struct{ ind, okey string }{
		{"R4", "R5"}, {"K13", "K1"}, {"Y12", "Y13"}, {"B1", "B2"},
	}
	for _, tc := range tests {
		ind, _ := ParseTile(tc.ind)
		if got := ind.Next().String(); got != tc.okey {
			t.Errorf("indicator %s makes okey %s, want %s", tc.ind, got, tc.okey)
		}
		if back := ind.Next().prev(); back != ind {
			t.Errorf("Prev(Next(%s)) = %v", tc.ind, back)
		}
	}
	if FalseJoker.Next() != NoTile {
		t.Error("a false joker makes no okey")
	}
}
