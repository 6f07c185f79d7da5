package table

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/kit/i18n"
	"okey/ui/keymap"
)

// TestCommonKey asserts that both tables read the keys they share the
// same way, that a game's own key is left to the game, and where each
// cursor key moves.
func TestCommonKey(t *testing.T) {
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	km := keymap.New(tr, true)
	press := func(code rune, text string) tea.KeyPressMsg { return tea.KeyPressMsg{Code: code, Text: text} }
	for _, tc := range []struct {
		name   string
		k      tea.KeyPressMsg
		want   Common
		dx, dy int
	}{
		{"q", press('q', "q"), Quit, 0, 0},
		{"?", press('?', "?"), Help, 0, 0},
		{"left", press(tea.KeyLeft, ""), CursorLeft, -1, 0},
		{"right", press(tea.KeyRight, ""), CursorRight, 1, 0},
		{"up", press(tea.KeyUp, ""), CursorUp, 0, -1},
		{"down", press(tea.KeyDown, ""), CursorDown, 0, 1},
		{"d (a game's own)", press('d', "d"), NotCommon, 0, 0},
		{"x (a game's own)", press('x', "x"), NotCommon, 0, 0},
	} {
		for game, keys := range map[string]keymap.CommonKeys{"classic": km.Table.Common(), "101": km.Table101.Common()} {
			got := CommonKey(tc.k, keys)
			if got != tc.want {
				t.Errorf("%s at the %s table: %d, want %d", tc.name, game, got, tc.want)
			}
			dx, dy, ok := got.Step()
			if ok != (tc.dx != 0 || tc.dy != 0) || dx != tc.dx || dy != tc.dy {
				t.Errorf("%s at the %s table: step (%d, %d, %v), want (%d, %d)", tc.name, game, dx, dy, ok, tc.dx, tc.dy)
			}
		}
	}
	settings := km.Table.Settings.Keys()
	if len(settings) == 0 {
		t.Fatal("the table has no settings key")
	}
	k := press([]rune(settings[0])[0], settings[0])
	if got := CommonKey(k, km.Table101.Common()); got != Settings {
		t.Errorf("%s at the 101 table: %d, want Settings", settings[0], got)
	}
}
