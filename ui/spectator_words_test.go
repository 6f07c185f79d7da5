package ui

import (
	"regexp"
	"strings"
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/kit/i18n"
	"okey/ui/playclassic"
)

// secondPerson are words a spectator's screen must never say: they
// speak to the player in the seat watched (you, your; in Turkish the
// person is on the verb: açmadın, bittin, attıkların), or name a key
// that only a player's screen has (enter readies for the next hand, n
// starts a new match).
var secondPerson = map[string]*regexp.Regexp{
	"en": regexp.MustCompile(`(?m)(?i:\byou(rs?)?\b)|^Not opened:|Press enter|Press n\b`),
	"tr": regexp.MustCompile(`(?i)açmadın|açtın|bittin|attıkların|kazandın|kaybettin|kaldın|paylaşıyorsun|\bsen(in|den)?\b|için enter|için n,`),
}

// spectatorTable101 is a table of 101 whose hand seat 0 finishes when
// every seat plays plainly, with rules r: the first such seed of a few,
// so that the screen of one watching seat 0 ends a hand it won.
func spectatorTable101(t *testing.T, r okey101.Rules) *fakeTable101 {
	t.Helper()
	for seed := uint64(1); seed < 80; seed++ {
		g, err := okey101.NewGame(r, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		f := &fakeTable101{t: t, g: g}
		f.others(-1)
		if res := f.g.State().Result(); res != nil && res.Finisher == 0 {
			g, _ = okey101.NewGame(r, seed, nil)
			return &fakeTable101{t: t, g: g}
		}
	}
	t.Fatal("no seed of 80 in which seat 0 finishes the hand")
	return nil
}

// TestSpectatorScreensNameTheSeat: every screen a spectator gets at a
// served table of either game, in English and in Turkish at 80×24 —
// the table before and after the seat watched opens, the stacks and the
// table (b), the hand's end the seat watched won and a key pressed on
// it, the final table and a key pressed on it, a tournament's match
// over — speaks of the bottom seat in the third person by its name
// (P0), never as "you" ("Açmadın: …"), and names no key only a player
// has.
func TestSpectatorScreensNameTheSeat(t *testing.T) {
	type state struct {
		m *Model
		// what the screen must say (its words in the screen's language),
		// each once
		want func(tr *i18n.Catalog) []string
	}
	watch101 := func(t *testing.T, lang string, f *fakeTable101) *Model {
		m, err := NewSeat101(SeatOptions{Lang: lang, Seat: -1, Send: f.send, NoColor: true, Settle: -1})
		if err != nil {
			t.Fatal(err)
		}
		m.Update(windowMsg(80, 24))
		m.Update(f.update(-1))
		return m
	}
	watchClassic := func(t *testing.T, lang string, f *fakeTable) *Model {
		m, err := NewSeat(SeatOptions{Lang: lang, Seat: -1, Send: f.send, NoColor: true, Settle: -1})
		if err != nil {
			t.Fatal(err)
		}
		m.Update(windowMsg(80, 24))
		m.Update(f.update(-1))
		return m
	}
	// handWon101 is the end of a hand seat 0 won, as one watching it
	// sees it once the last move came (hands: the match's).
	handWon101 := func(t *testing.T, lang string, hands int) (*Model, *fakeTable101) {
		r := okey101.DefaultRules()
		r.Hands = hands
		f := spectatorTable101(t, r)
		m := watch101(t, lang, f)
		f.others(-1)
		m.Update(f.update(-1))
		if m.screen != scrHandOver {
			t.Fatalf("the hand is over and the screen is %d", m.screen)
		}
		return m, f
	}
	// stacksOf are the heads of the four stacks (b), each seat's once
	// (a spectator has no previous seat: it listed P0's twice, P3's
	// never) and none "yours".
	stacksOf := func(tr *i18n.Catalog) []string {
		var out []string
		for _, n := range []string{"P0", "P1", "P2", "P3"} {
			out = append(out, tr.T("stack.of", tr.Sfx(n, i18n.Genitive))+" (")
		}
		return out
	}
	cases := []struct {
		name string
		at   func(t *testing.T, lang string) state
	}{
		{"101 table, the seat watched not opened", func(t *testing.T, lang string) state {
			f := newFakeTable101(t, 9)
			m := watch101(t, lang, f)
			return state{m, func(tr *i18n.Catalog) []string {
				return []string{tr.T("t101.work.open.of", "P0", 101, okey101.MinPairs)}
			}}
		}},
		{"101 table, the seat watched opened", func(t *testing.T, lang string) state {
			f := newFakeTable101(t, 9)
			m := watch101(t, lang, f)
			for n := 0; f.g.State().View(0).Opened[0].Value == 0; n++ {
				if n > 400 || f.g.State().Phase() != game.Playing {
					t.Fatal("seat 0 never opens")
				}
				st := f.g.State()
				a, _ := plainAction101(st.View(st.Turn()))
				if _, _, err := f.g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			m.Update(f.update(-1))
			return state{m, func(tr *i18n.Catalog) []string { return []string{"P0 · "} }}
		}},
		{"101 stacks and table (b)", func(t *testing.T, lang string) state {
			f := newFakeTable101(t, 9)
			f.others(1) // seat 0 has thrown
			m := watch101(t, lang, f)
			press(t, m, "b")
			return state{m, stacksOf}
		}},
		{"classic stacks (b)", func(t *testing.T, lang string) state {
			f := newFakeTable(t, 8)
			for f.g.State().Turn() != 1 {
				a, _ := playclassic.PlainMove(f.g.State().View(f.g.State().Turn()))
				if _, _, err := f.g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			m := watchClassic(t, lang, f)
			press(t, m, "b")
			return state{m, stacksOf}
		}},
		{"101 hand's end the seat watched won", func(t *testing.T, lang string) state {
			m, _ := handWon101(t, lang, 11)
			return state{m, func(tr *i18n.Catalog) []string {
				won, _, _ := strings.Cut(tr.T("t101.hand.won", 1, "P0", "\x00"), "\x00")
				return []string{won}
			}}
		}},
		{"101 hand's end, a key pressed", func(t *testing.T, lang string) state {
			m, _ := handWon101(t, lang, 11)
			press(t, m, "enter")
			return state{m, func(tr *i18n.Catalog) []string { return []string{tr.T("status.handover.watching")} }}
		}},
		{"classic hand's end, a key pressed", func(t *testing.T, lang string) state {
			f := newFakeTable(t, 8)
			m := watchClassic(t, lang, f)
			f.plainHand()
			m.Update(f.update(-1))
			press(t, m, "enter")
			return state{m, func(tr *i18n.Catalog) []string { return []string{tr.T("status.handover.watching")} }}
		}},
		{"101 final table", func(t *testing.T, lang string) state {
			m, _ := handWon101(t, lang, 1)
			press(t, m, "enter") // after the last hand enter shows the final table, to a spectator too
			if m.screen != scrMatchOver {
				t.Fatalf("enter after the match's last hand: screen %d", m.screen)
			}
			return state{m, func(tr *i18n.Catalog) []string { return []string{tr.T("t101.final.lost", "P0")} }}
		}},
		{"101 final table, a key pressed", func(t *testing.T, lang string) state {
			m, _ := handWon101(t, lang, 1)
			press(t, m, "enter")
			press(t, m, "x")
			return state{m, func(tr *i18n.Catalog) []string { return []string{tr.T("status.matchover.watching")} }}
		}},
		{"a tournament's match over", func(t *testing.T, lang string) state {
			m, f := handWon101(t, lang, 1)
			u := f.update(-1)
			u.OneMatch = true
			m.Update(u)
			return state{m, func(tr *i18n.Catalog) []string { return []string{tr.T("status.matchover.watching")} }}
		}},
	}
	for _, c := range cases {
		for _, lang := range []string{"en", "tr"} {
			t.Run(c.name+"/"+lang, func(t *testing.T) {
				s := c.at(t, lang)
				out := plain(s.m)
				if w, line := maxLineWidth(out); w > 80 {
					t.Errorf("a line %d wide: %q", w, line)
				}
				if bad := secondPerson[lang].FindString(out); bad != "" {
					t.Errorf("a spectator is told %q, as if they held seat 0:\n%s", bad, out)
				}
				for _, want := range s.want(s.m.tr) {
					if n := strings.Count(out, want); n != 1 {
						t.Errorf("the screen says %q %d times, not once:\n%s", want, n, out)
					}
				}
			})
		}
	}
}
