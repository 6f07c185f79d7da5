package ui

import (
	"strings"
	"testing"

	"okey/bots/decide101"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/ui/play101"
)

// TestFollowTheHint101ByKeys plays whole hands as a newcomer would who
// presses h and then the one key its first step names, never moving the
// cursor: the hint puts the cursor on the tile to play and makes the
// melds to lay down the groups on the rack, so each key plays exactly
// the hint's first step (only a choice of places asks which, and the
// test picks the one the hint names).
func TestFollowTheHint101ByKeys(t *testing.T) {
	seeds := uint64(6)
	if testing.Short() {
		seeds = 2
	}
	followed := map[okey101.ActionKind]int{}
	finishes := 0
	for seed := uint64(1); seed <= seeds; seed++ {
		m := start101(t, 100, 30, withSeed(seed))
		for hands := 0; hands < 2 && m.screen != scrMatchOver; hands++ {
			for guard := 0; m.screen == scrPlay; guard++ {
				if guard > 400 {
					t.Fatal("the hand does not end")
				}
				if !table101(m).View.MyTurn() {
					t.Fatalf("the table waits for the bots:\n%s", plain(m))
				}
				v := table101(m).G.State().View(0)
				var sv meld.Solver
				want := decide101.Hint(&v, &sv).Plan
				if len(want) == 0 {
					t.Fatalf("seed %d: no plan:\n%s", seed, plain(m))
				}
				a := want[0]
				press(t, m, "h")
				before := len(table101(m).G.Record().Actions)
				if v.Stage == okey101.StagePlay && decide101.Finishes(&v, want) {
					// A finish: f shows it, f again plays it whole.
					press(t, m, "f")
					press(t, m, "f")
					acts := table101(m).G.Record().Actions
					if len(acts) < before+len(want) {
						t.Fatalf("seed %d: the finish %v was not played: %q", seed, want, m.flash)
					}
					for i, w := range want {
						if acts[before+i].String() != w.String() {
							t.Fatalf("seed %d: the hint's finish step %d is %v, f played %v", seed, i, w, acts[before+i])
						}
					}
					finishes++
					continue
				}
				switch a.Kind {
				case okey101.ActDraw:
					press(t, m, "d")
				case okey101.ActTake:
					press(t, m, "t")
				case okey101.ActGiveBack:
					press(t, m, "z")
				case okey101.ActOpen, okey101.ActLay:
					press(t, m, "l")
				case okey101.ActLayOff, okey101.ActTakeBack, okey101.ActDiscard:
					k := map[okey101.ActionKind]string{okey101.ActLayOff: "e", okey101.ActTakeBack: "k", okey101.ActDiscard: "x"}[a.Kind]
					if got := table101(m).Rack.Slots[table101(m).Cursor]; got != a.Tile {
						t.Fatalf("seed %d: the hint plays %v, the cursor is on %v: %q", seed, a, got, m.flash)
					}
					press(t, m, k)
					if c := table101(m).Choose; c != nil {
						for n := 0; c.Opts[c.At].Meld != a.Meld || a.Kind == okey101.ActLayOff && c.Opts[c.At].End != a.End && a.End != meld.AnyEnd; n++ {
							if n > len(c.Opts) {
								t.Fatalf("%v: no such place among %v", a, c.Opts)
							}
							press(t, m, "right")
						}
						press(t, m, "enter")
					}
					if table101(m).Confirm.Kind == play101.ConfirmDiscard {
						press(t, m, "x")
					}
				}
				acts := table101(m).G.Record().Actions
				if len(acts) <= before {
					t.Fatalf("seed %d: %v through its key did nothing: %q\n%s", seed, a, m.flash, plain(m))
				}
				if got := acts[before]; got.String() != a.String() {
					t.Fatalf("seed %d: the hint said %v, the key played %v", seed, a, got)
				}
				followed[a.Kind]++
			}
			if m.screen == scrHandOver {
				press(t, m, "enter")
			}
		}
		m.Close()
	}
	for _, k := range []okey101.ActionKind{okey101.ActDraw, okey101.ActOpen, okey101.ActDiscard} {
		if followed[k] == 0 {
			t.Errorf("no hint to %v was followed: %v", k, followed)
		}
	}
	t.Logf("steps followed by kind: %v; finishes played with f: %d", followed, finishes)
}

// At 80×24, in both languages, what the hint says to do is on screen:
// the plan comes first, the reasons after it (the status has two lines,
// and at the dealer's first turn the reasons alone filled them); in
// Turkish no tile in it is written in notation.
func TestHint101PlanFitsAt80x24(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		firsts := 0
		for seed := uint64(1); seed <= 3; seed++ {
			m := start101(t, 80, 24, withSeed(seed), func(o *Options) { o.Settings.Lang = lang })
			for hand := 0; hand < 4 && m.screen != scrMatchOver; hand++ {
				for turn := 0; m.screen == scrPlay; turn++ {
					v := table101(m).G.State().View(0)
					if turn < 4 || v.Stage == okey101.StageFirst {
						if v.Stage == okey101.StageFirst {
							firsts++
						}
						var sv meld.Solver
						f := decide101.Hint(&v, &sv)
						press(t, m, "h")
						// Turkish running text writes tiles in words,
						// the plan's steps too.
						if lang == "tr" && tileNotation.MatchString(m.flash) {
							t.Errorf("seed %d: the hint names a tile in notation: %q", seed, m.flash)
						}
						first := m.tr.T("t101.hint.draw")
						if len(f.Plan) > 0 && f.Plan[0].Kind != okey101.ActDraw {
							first = table101(m).StepsText(&v, f.Plan[:1], !decide101.Finishes(&v, f.Plan))
						}
						// (Fields splits at a no-break space too, as the
						// screen shows one: compare the words.)
						first = strings.Join(strings.Fields(first), " ")
						if screen := plain(m); !strings.Contains(strings.Join(strings.Fields(screen), " "), first) {
							t.Fatalf("%s seed %d: the hint's first step %q is not on screen:\n%s", lang, seed, first, screen)
						}
					}
					myTurn101(t, m)
				}
				if m.screen == scrHandOver {
					press(t, m, "enter")
				}
			}
			m.Close()
		}
		if firsts == 0 {
			t.Fatalf("%s: the player never dealt: the first turn is not tried", lang)
		}
	}
}
