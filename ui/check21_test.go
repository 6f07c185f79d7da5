package ui

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"okey/game/okey101"
	"okey/game/tile"
)

// The keys bar of a 101 hand's end and of its final table names i, the
// statistics, as classic's do: i opens them there, and a key that works
// is shown (issue 21).
func TestBars101NameTheStatistics(t *testing.T) {
	m := start101(t, 120, 40, withSeed(3), func(o *Options) { o.Settings.Rules101 = "hands=2" })
	seen := map[screen]bool{}
	for m.screen != scrMatchOver {
		for m.screen == scrPlay {
			myTurn101(t, m)
		}
		if m.screen == scrHandOver {
			if !seen[scrHandOver] {
				seen[scrHandOver] = true
				if bar := lastLine(plain(m)); !strings.Contains(bar, "i statistics") {
					t.Errorf("a 101 hand's end does not name i:\n%s", bar)
				}
			}
			press(t, m, "enter")
		}
	}
	if bar := lastLine(plain(m)); !strings.Contains(bar, "i statistics") {
		t.Errorf("101's final table does not name i:\n%s", bar)
	}
	press(t, m, "i")
	if !strings.Contains(plain(m), "Okey 101") {
		t.Fatalf("i on 101's final table does not show the statistics:\n%s", plain(m))
	}
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n ")
	return s[strings.LastIndex(s, "\n")+1:]
}

// The work line above the rack after a take is a sentence: in Turkish
// it begins "Mavi 2'yi aldın", as the status line does, never "mavi
// 2'yi aldın" (issue 21).
func TestWorkLineAfterATakeIsASentence(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		m := start101(t, 100, 30, withSeed(seed), func(o *Options) { o.Settings.Lang = "tr" })
		if m.t.View.MyTurn() && m.t.View.Stage == okey101.StageFirst {
			myTurn101(t, m)
		}
		v := &m.t.View
		if !v.MyTurn() || v.Stage != okey101.StageDraw || v.Top(v.Previous) == tile.NoTile {
			m.Close()
			continue
		}
		press(t, m, "t")
		if !v.Legal.GiveBack {
			t.Fatalf("seed %d: t did not take: %q", seed, m.flash)
		}
		work := ansiPlain(m.t.WorkLine(200))
		if r, _ := utf8.DecodeRuneInString(work); !unicode.IsUpper(r) || !strings.Contains(work, "aldın") {
			t.Fatalf("seed %d: the work line after a take: %q", seed, work)
		}
		return
	}
	t.Fatal("no seed up to 40 gives a discard to take")
}
