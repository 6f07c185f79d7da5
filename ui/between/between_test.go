package between

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"okey/game"
	"okey/game/daily"
	"okey/kit/seatmsg"
	"okey/ui/hostdaily"
	"okey/ui/hosting"
	"okey/ui/hosting/hostingtest"
	"okey/ui/pages"
	"okey/ui/playdaily"
	"okey/ui/stats"
	"okey/ui/table"
)

func testState(t *testing.T) State {
	t.Helper()
	a := hostingtest.New(t, "en")
	c := &pages.Common{Tr: a.Tr, St: a.St, Keys: &a.KeyMap}
	c.SetSize(100, 30)
	tr := a.Tr
	return State{C: c, Words: table.Words{Tr: tr, Names: [table.Seats]string{"", "Ayşe", "Mehmet", "Zeynep"}}, Next: "val.classic", Other: "val.okey101", Format: hostdaily.Match{}}
}

func testDaily(t *testing.T) *hostdaily.Daily {
	t.Helper()
	date, err := daily.ParseDate("2026-11-24")
	if err != nil {
		t.Fatal(err)
	}
	var f stats.File
	d, err := hostdaily.Begin(&f, game.Classic, playdaily.Choice{Date: date}, "id")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func helps(bar []key.Binding) string {
	var out []string
	for _, b := range bar {
		out = append(out, b.Help().Desc)
	}
	return strings.Join(out, "|")
}

// The hand's end's bar: after a match's last hand next leads to the
// final table and the rest goes; a daily's hand and a served daily's
// never lead there; a page that scrolls says how in place of the rest.
func TestHandEndBar(t *testing.T) {
	s := testState(t)
	final := s.C.Tr.T("key.final")
	more := key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "more"))
	g := hosting.HandEnd{Over: true, Next: s.C.Keys.HandOver.Next, More: []key.Binding{more}}

	if bar := helps(s.HandEndBar(g, false)); !strings.HasPrefix(bar, final) || strings.Contains(bar, "more") {
		t.Errorf("the match's last hand: %s", bar)
	}
	withDaily := s
	withDaily.Daily = testDaily(t)
	if bar := helps(withDaily.HandEndBar(g, false)); strings.Contains(bar, final) || !strings.Contains(bar, "more") {
		t.Errorf("a daily's hand: %s", bar)
	}
	served := s
	served.Served = &seatmsg.Daily{Hand: 4, Of: 4}
	if bar := helps(served.HandEndBar(g, false)); !strings.HasPrefix(bar, s.C.Tr.T("served.key.lobby")) {
		t.Errorf("a served daily's last hand: %s", bar)
	}
	g.Over = false
	if bar := helps(s.HandEndBar(g, true)); !strings.Contains(bar, s.C.Keys.Overlay.Scroll.Help().Desc) || strings.Contains(bar, "more") {
		t.Errorf("a page that scrolls: %s", bar)
	}
}

// The line of what comes next offers today's daily on the pages of a
// match, says n goes back to a paused match while a daily is on the
// table, and offers nothing of a daily at a served seat.
func TestNewMatchLine(t *testing.T) {
	s := testState(t)
	entry := s.C.Tr.T("daily.entry", "d")
	if l := s.NewMatchLine(); !strings.Contains(l, entry) {
		t.Errorf("a match: %q", l)
	}
	paused := s
	paused.Daily, paused.Paused = testDaily(t), true
	if l := paused.NewMatchLine(); l != s.C.Tr.T("daily.paused.line", s.C.Keys.Resume.NewMatch.Help().Key) {
		t.Errorf("a daily with a match paused: %q", l)
	}
	seat := s
	seat.Seat = true
	if l := seat.NewMatchLine(); l != "" {
		t.Errorf("a served seat: %q", l)
	}
}

// The final table's page is empty while the match goes on, and says a
// served match's commitment revealed and the next game once it is over.
func TestFinal(t *testing.T) {
	s := testState(t)
	if _, ok := s.Final(hosting.Final{}, 20); ok {
		t.Fatal("a final table while the match goes on")
	}
	s.FairRevealed = []string{"", "revealed"}
	p, ok := s.Final(hosting.Final{OK: true, Table: pages.FinalTable{Title: "over"}}, 20)
	lines := strings.Join(p.Lines(), "\n")
	if !ok || !strings.Contains(lines, "revealed") || !strings.Contains(lines, s.NextGameLine()) {
		t.Fatalf("final table:\n%s", lines)
	}
}
