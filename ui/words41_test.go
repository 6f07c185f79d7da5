package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/kit/store"
)

// The Turkish left over and the small screen faults found in play, each
// seen on the screen the player reads.

// The Turkish 101 header names the hand as classic's does, with a
// capital: "El 1 / 11" (it read "el 1 / 11"). The English header keeps
// "hand 1 of 11", which okey serve's load generator waits for.
func TestHeader101HandCapitalised(t *testing.T) {
	for lang, want := range map[string]string{"tr": "OKEY 101  El 1 / 11 ", "en": "OKEY 101  hand 1 of 11 "} {
		m := start101(t, 80, 24, func(o *Options) { o.Settings.Lang = lang })
		if head := strings.SplitN(plain(m), "\n", 2)[0]; !strings.HasPrefix(head, want) {
			t.Errorf("%s: the header reads %q, want it to start %q", lang, head, want)
		}
	}
}

// The discards browsed (b) are headed by whose they are, as "your
// discards" is: "Zeynep'in attıkları (4 taş)", never the sentence
// "Zeynep attı (4 taş)", in both games; the ending follows the name's
// sound (Ayşe'nin).
func TestDiscardHeadingsAreHeadings(t *testing.T) {
	for _, game101 := range []bool{false, true} {
		var m *Model
		if game101 {
			m = start101(t, 80, 24, func(o *Options) { o.Settings.Lang = "tr" })
			drawIfDue(t, m)
		} else {
			m = newTestModel(t, 80, 24, func(o *Options) { o.Settings.Lang = "tr" })
			drain(t, m, m.Init())
		}
		m.names = [4]string{"", "Ayşe", "Oğuz", "Zeynep"}
		press(t, m, "b")
		out := plain(m)
		found := 0
		for s := 1; s < 4; s++ {
			if strings.Contains(out, m.names[s]+" attı (") {
				t.Errorf("game 101 %v: a heading is a sentence:\n%s", game101, out)
			}
			if strings.Contains(out, i18n.Suffixed(m.names[s], i18n.Genitive)+" attıkları (") {
				found++
			}
		}
		if found == 0 || !strings.Contains(out, "Ayşe'nin attıkları") && !strings.Contains(out, "Zeynep'in attıkları") {
			t.Errorf("game 101 %v: no heading of a bot's discards:\n%s", game101, out)
		}
	}
}

// A classic hand's end says who finished under the winning groups,
// where the title may be out of sight: "Mehmet, siyah 9 atarak
// bitti." (it read "Siyah 9 atarak bitti.", with no subject), and to
// the player "Siyah 9 atarak bittin.".
func TestHandEndSaysWhoFinished(t *testing.T) {
	k9 := tile.NewTile(tile.Black, 9)
	for _, tt := range []struct {
		lang   string
		winner int
		want   string
	}{
		{"tr", 2, "Mehmet, siyah 9 atarak bitti."},
		{"tr", 0, "Siyah 9 atarak bittin."},
		{"en", 2, "Mehmet finished by discarding K9."},
		{"en", 0, "You finished by discarding K9."},
	} {
		m := newTestModel(t, 100, 30, func(o *Options) { o.Settings.Lang = tt.lang })
		drain(t, m, m.Init())
		run, err := tile.ParseTiles("R1 R2 R3 R4")
		if err != nil {
			t.Fatal(err)
		}
		tableClassic(m).View.Phase = game.HandOver
		tableClassic(m).View.Result = &classic.HandResult{
			Hand: 1, Winner: tt.winner, Discard: k9, Points: 2,
			Win:  hand.Win{Kind: hand.WinMelds, Melds: []hand.Meld{{Kind: hand.Run, Tiles: run, As: run}}},
			Lost: [4]int{2, 2, 2, 2},
		}
		tableClassic(m).View.Result.Lost[tt.winner] = 0
		m.screen = scrHandOver
		if out := strings.ReplaceAll(plain(m), "\u00a0", " "); !strings.Contains(out, tt.want) {
			t.Errorf("%s, seat %d wins: no %q on:\n%s", tt.lang, tt.winner, tt.want, out)
		}
	}
}

// Quitting from the final table prints its line, as every other quit
// does: the match is over and goes with the finished matches, whose
// folder it names (it printed nothing).
func TestQuitFromFinalTableSaysWhere(t *testing.T) {
	for lang, want := range map[string]string{"en": "The match is over", "tr": "Oyun bitti"} {
		m := start101(t, 100, 30, func(o *Options) {
			o.Settings.Lang = lang
			o.Settings.Rules101 = "hands=1"
		})
		for guard := 0; m.screen != scrMatchOver; guard++ {
			if guard > 200 {
				t.Fatalf("%s: the match does not end: screen %d", lang, m.screen)
			}
			for m.screen == scrPlay {
				myTurn101(t, m)
			}
			if m.screen == scrHandOver {
				press(t, m, "enter")
			}
		}
		press(t, m, "q")
		if !m.quitting {
			t.Fatalf("%s: q does not quit the final table", lang)
		}
		err := m.Flush()
		bye := m.Goodbye(err)
		dir := store.ShortPath(filepath.Join(m.opt.StateDir, store.FinishedDir))
		if !strings.HasPrefix(bye, want) || !strings.Contains(bye, dir) {
			t.Errorf("%s: quitting the final table says %q, want %q… naming %s", lang, bye, want, dir)
		}
	}
}

// After the previous discard is taken (t) in 101, the work line says it
// must go onto the table and the status what to do with it: the two
// said the same ("You took Y8: it must go onto the table…") in two
// places.
func TestTakeSaidOnce(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		var m *Model
		for seed := uint64(1); seed <= 20 && m == nil; seed++ {
			m = start101(t, 80, 24, withSeed(seed), func(o *Options) { o.Settings.Lang = lang })
			for turns := 0; turns < 30 && m.screen == scrPlay; turns++ {
				if v := &table101(m).View; v.MyTurn() && v.Stage == okey101.StageDraw && v.Legal.Take {
					break
				}
				myTurn101(t, m)
			}
			if v := &table101(m).View; m.screen != scrPlay || !v.MyTurn() || v.Stage != okey101.StageDraw || !v.Legal.Take {
				m.Close()
				m = nil
			}
		}
		if m == nil {
			t.Fatalf("%s: no seed up to 20 lets the player take a discard", lang)
		}
		press(t, m, "t")
		if !table101(m).View.Legal.GiveBack {
			t.Fatalf("%s: t did not take the discard: %q", lang, m.flash)
		}
		// The work line is above the rack's top edge, the status between
		// its bottom edge and the key bar.
		lines := strings.Split(plain(m), "\n")
		var work, status string
		for i, l := range lines {
			switch {
			case strings.Contains(l, "╭─") && i > 0:
				work = strings.TrimSpace(lines[i-1])
			case strings.Contains(l, "╰─"):
				status = strings.Join(lines[i+1:len(lines)-1], " ")
			}
		}
		guide := m.tr.UpFirst(table101(m).Guide())
		if !strings.Contains(work, m.tr.UpFirst(m.tr.T("t101.work.owed", table101(m).TileCase(table101(m).View.Taken.Tile, i18n.Accusative)))[:10]) {
			t.Fatalf("%s: the work line does not say the tile must go down: %q\n%s", lang, work, plain(m))
		}
		if !strings.Contains(oneLine(status), oneLine(guide)) {
			t.Errorf("%s: the status does not say what to do (%q):\n%s", lang, guide, plain(m))
		}
		if oneLine(status) == oneLine(work) || strings.Contains(oneLine(status), oneLine(work)) {
			t.Errorf("%s: the status says the work line again: %q", lang, status)
		}
	}
}
