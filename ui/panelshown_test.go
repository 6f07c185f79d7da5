package ui

import (
	"strings"
	"testing"

	"okey/bots/botsclassic"
)

// TestBotPanelSaysItShowedWhole: a bot that showed the indicator says so
// on its panel in words that fit it, in both languages and at every
// size. The panel is 21 columns wide, and "14 tiles · showed the
// indicator" was cut to "14 tiles · showed …" ("14 taş · gösterge …"
// in Turkish), seen at 80×24 and at 200×60.
func TestBotPanelSaysItShowedWhole(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		m := newTestModel(t, 80, 24, func(o *Options) {
			o.Settings.Lang = lang
			o.Settings.Rules = "points=5"
			o.NewBot = func(string, botsclassic.Options) (botsclassic.Bot, error) { return showingBot{}, nil }
		})
		drain(t, m, m.Init())
		seat := -1
		for turns := 0; seat < 0; turns++ {
			if turns > 400 || m.screen == scrMatchOver {
				t.Fatalf("%s: no bot showed the indicator", lang)
			}
			if m.screen == scrHandOver {
				press(t, m, "enter")
				continue
			}
			for s := 1; s < 4; s++ {
				if tableClassic(m).View.Shown[s] {
					seat = s
				}
			}
			if seat < 0 {
				playMyTurn(t, m)
			}
		}
		want := m.tr.T("panel.tiles", tableClassic(m).View.TileCounts[seat]) + " · " + m.tr.T("panel.shown.bot")
		for _, sz := range fitSizes {
			m.Update(windowMsg(sz[0], sz[1]))
			out := plain(m)
			if !strings.Contains(out, want) {
				t.Errorf("%s at %dx%d: the panel of seat %d does not say %q:\n%s", lang, sz[0], sz[1], seat, want, out)
			}
			for _, cut := range []string{"showed …", "showed t…", "gösterge …"} {
				if strings.Contains(out, cut) {
					t.Errorf("%s at %dx%d: %q on the table:\n%s", lang, sz[0], sz[1], cut, out)
				}
			}
		}
	}
}
