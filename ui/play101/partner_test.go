package play101_test

import (
	"strings"
	"testing"

	"okey/game/okey101"
	"okey/ui/hosting/hostingtest"
	"okey/ui/play101"
)

// At a partners' table the header names the player's partner, the seat
// across ("your partner: Ayşe"); a watcher, who has none, reads that
// the table plays in partners.
func TestHeaderNamesThePartner(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, watching := range []bool{false, true} {
			app := hostingtest.New(t, lang)
			r, err := app.Set.ParsedRules101()
			if err != nil {
				t.Fatal(err)
			}
			r.Partners = true
			g, err := okey101.NewGame(r, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			app.Look.Words.Names[2], app.Look.Words.Watching = "Ayşe", watching
			tb := play101.NewTable(&app.Look, g)
			tb.Start(g.State().View(0))
			want := app.Tr.T("t101.hdr.partner", "Ayşe")
			if watching {
				want = app.Tr.T("t101.hdr.partners")
			}
			if h := tb.Header(120, false, "", "", ""); !strings.Contains(h, want) {
				t.Errorf("%s, watching %v: the header %q lacks %q", lang, watching, h, want)
			}
		}
	}
}
