package table

import (
	"testing"

	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/rack"
)

// plainLook is a Look in tr's words whose errors are their own text.
func plainLook(tr *i18n.Catalog) *Look {
	return &Look{Words: Words{Tr: tr}, Why: func(_ *i18n.Catalog, err error) string { return err.Error() }}
}

// TestPickAt walks the space key through its cases: an empty slot, a
// tile picked up, put back where it was, put down elsewhere.
func TestPickAt(t *testing.T) {
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	l := plainLook(tr)
	r := rack.New()
	r.Slots[2] = tile.NewTile(tile.Red, 7)
	name := func(x tile.Tile) string { return x.String() }
	held := -1
	for _, tc := range []struct {
		name     string
		cursor   int
		wantFrom int
		wantOK   bool
		wantHeld int
		wantSay  string
		wantWarn bool
	}{
		{"empty slot", 0, 0, false, -1, tr.T("status.pick.empty"), true},
		{"pick up", 2, 0, false, 2, tr.T("status.picked", "R7"), false},
		{"put back", 2, 0, false, -1, tr.T("status.putback"), false},
		{"pick up again", 2, 0, false, 2, tr.T("status.picked", "R7"), false},
		{"put down elsewhere (the caller moves it, and says so)", 5, 2, true, -1, "", false},
	} {
		var said Said
		from, ok := PickAt(l, &said, &r, tc.cursor, &held, name)
		if from != tc.wantFrom || ok != tc.wantOK || held != tc.wantHeld {
			t.Errorf("%s: got from %d ok %v held %d, want %d %v %d", tc.name, from, ok, held, tc.wantFrom, tc.wantOK, tc.wantHeld)
		}
		if said.Text != tc.wantSay || said.Warn != tc.wantWarn || said.Set != (tc.wantSay != "") {
			t.Errorf("%s: said %+v, want %q (warn %v)", tc.name, said, tc.wantSay, tc.wantWarn)
		}
	}
}
