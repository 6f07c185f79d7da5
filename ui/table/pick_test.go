package table

import (
	"testing"

	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/keymap"
	"okey/ui/rack"
	"okey/ui/theme"
)

// flashHost is a Host that keeps the last status line.
type flashHost struct {
	tr   *i18n.Catalog
	last string
	warn bool
}

func (h *flashHost) Words() Words                   { return Words{Tr: h.tr} }
func (h *flashHost) Styles() *theme.Styles          { return nil }
func (h *flashHost) Paint(_ Style, s string) string { return s }
func (h *flashHost) Keys() *keymap.KeyMap           { return nil }
func (h *flashHost) Flash(warn bool, s string)      { h.last, h.warn = s, warn }
func (h *flashHost) Reason(err error) string        { return err.Error() }

// TestPickAt walks the space key through its cases: an empty slot, a
// tile picked up, put back where it was, put down elsewhere.
func TestPickAt(t *testing.T) {
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	h := &flashHost{tr: tr}
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
		h.last, h.warn = "", false
		from, ok := PickAt(h, &r, tc.cursor, &held, name)
		if from != tc.wantFrom || ok != tc.wantOK || held != tc.wantHeld {
			t.Errorf("%s: got from %d ok %v held %d, want %d %v %d", tc.name, from, ok, held, tc.wantFrom, tc.wantOK, tc.wantHeld)
		}
		if h.last != tc.wantSay || h.warn != tc.wantWarn {
			t.Errorf("%s: said %q (warn %v), want %q (warn %v)", tc.name, h.last, h.warn, tc.wantSay, tc.wantWarn)
		}
	}
}
