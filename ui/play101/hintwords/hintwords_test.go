package hintwords

import (
	"strings"
	"testing"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/table"
)

// TestPlanHintsSayTheirPrefix: every hint of the player's own turn that
// says what to do begins as the plan's steps do ("Öneri: …", "Plan:
// …"), the draw-phase hint too (issue 67: "Ortadan çek (d)." alone,
// where the other hints began "Öneri:").
func TestPlanHintsSayTheirPrefix(t *testing.T) {
	r := okey101.DefaultRules()
	r.Hands = 1
	g, err := okey101.NewGame(r, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	// play to the first turn that begins with a draw
	for g.State().Phase() == game.Playing {
		s := g.State()
		v := s.View(s.Turn())
		if v.Stage == okey101.StageDraw {
			break
		}
		if _, _, err := g.Apply(okey101.Discard(v.Seat, v.Rack[0])); err != nil {
			t.Fatal(err)
		}
	}
	s := g.State()
	v := s.View(s.Turn())
	if v.Stage != okey101.StageDraw {
		t.Fatalf("no draw stage reached: %v", v.Stage)
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		prefix, _, _ := strings.Cut(tr.T("t101.steps", "\x00"), "\x00")
		w := Words{Words: table.Words{Tr: tr}, Okey: v.Okey}
		for _, c := range []struct {
			name string
			f    decide101.Facts
		}{
			{"draw", decide101.Facts{Mine: true, Stage: okey101.StageDraw, Top: tile.NoTile, Plan: []okey101.Action{okey101.Draw(v.Seat)}}},
			{"discard", decide101.Facts{Mine: true, Stage: okey101.StagePlay, Top: tile.NoTile, Plan: []okey101.Action{okey101.Discard(v.Seat, v.Rack[0])}}},
		} {
			if got := w.Hint(&v, &c.f); !strings.HasPrefix(got, prefix) {
				t.Errorf("%s, %s: %q does not begin with %q", lang, c.name, got, prefix)
			}
		}
	}
}
