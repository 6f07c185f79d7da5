package ui

import (
	"strings"
	"testing"

	"okey/ui/canvas"
)

// The end of a hand of 101 shows the table as it ended (every meld, who
// laid it, the tiles others laid off), the finisher's last turn, then
// the scores with their reasons; at 80×24 a longer page scrolls with
// ↑↓ and pgup pgdn (space and enter still go on), every line can be
// reached, and none is wider than the screen; in Turkish its sentences
// name tiles in words.
func TestHandOver101ShowsTheTableAndScrolls(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		m := start101(t, 80, 24, withSeed(8), func(o *Options) { o.Settings.Lang = lang })
		long := false
		for hand := 0; hand < 4 && !long; hand++ {
			for m.screen == scrPlay {
				myTurn101(t, m)
			}
			if m.screen != scrHandOver {
				break
			}
			lines := handOver101Lines(m)
			all := ansiPlain(strings.Join(lines, "\n"))
			res := table101(m).View.Result
			if !res.Void {
				for _, want := range []string{m.tr.T("t101.handover.table"), m.tr.T("t101.col.why")} {
					if len(table101(m).View.Table) > 0 && !strings.Contains(all, want) {
						t.Fatalf("%s: the end of the hand lacks %q:\n%s", lang, want, all)
					}
				}
				for s := range 4 {
					if !strings.Contains(all, m.words().SeatName(s)) {
						t.Fatalf("%s: %s is not on the page:\n%s", lang, m.words().SeatName(s), all)
					}
				}
				if res.Finisher >= 0 && !strings.Contains(all, table101(m).TileName(res.Discard)) {
					t.Fatalf("%s: the finisher's last discard %v is not told:\n%s", lang, res.Discard, all)
				}
			}
			if lang == "tr" && !res.Void {
				// The sentences write tiles in words; only the table's rows of tiles keep the notation.
				said := []string{table101(m).HandTitle(res), table101(m).LayOffsByOthers()}
				if res.Finisher >= 0 {
					said = append(said, table101(m).LastTurn(res.Finisher)...)
				}
				for s := range 4 {
					said = append(said, table101(m).LineWhy(s, &res.Lines[s]))
				}
				for _, x := range said {
					if tileNotation.MatchString(x) {
						t.Errorf("tr: a tile in notation at the end of the hand: %q", x)
					}
				}
			}
			for _, l := range lines {
				if w := canvas.Width(ansiPlain(l)); w > m.lay.Page.W {
					t.Fatalf("%s: a line %d wide: %q", lang, w, ansiPlain(l))
				}
			}
			if len(lines) > m.lay.Page.H {
				long = true
				g := m.table().Pages().HandEnd(m.pageW())
				_, scrolls := m.scrolled(m.between().HandEndLines(g))
				bar := ansiPlain(m.keyBar(m.between().HandEndBar(g, scrolls)))
				if !strings.Contains(bar, "↑↓") {
					t.Fatalf("%s: a page longer than the screen does not say it scrolls: %q", lang, bar)
				}
				lastLine := ansiPlain(lines[len(lines)-1])
				if strings.Contains(plain(m), lastLine) {
					t.Fatalf("%s: the last line shows before scrolling", lang)
				}
				for range len(lines) {
					press(t, m, "down")
				}
				if !strings.Contains(plain(m), lastLine) {
					t.Fatalf("%s: the last line %q is not reached by scrolling:\n%s", lang, lastLine, plain(m))
				}
				press(t, m, "pgup")
				press(t, m, "pgup")
				if !strings.Contains(plain(m), ansiPlain(lines[0])) {
					t.Fatalf("%s: pgup does not go back to the top", lang)
				}
				if m.screen != scrHandOver {
					t.Fatal("scrolling left the page")
				}
			}
			press(t, m, "space")
		}
		if !long {
			t.Fatalf("%s: no hand's end was longer than 80×24 in four hands: the scrolling is not tried", lang)
		}
		m.Close()
	}
}
