package ui

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"okey/game/okey101"
	"okey/ui/play101/rules"
	"okey/ui/settings"
)

// The settings form chooses the game of the next match; while 101 is
// chosen it shows the rules of 101 instead of the classic ones, and
// saving writes both to the settings file. The match on the table goes
// on; the next new match is of the game chosen.
func TestSettingsChooseTheGame(t *testing.T) {
	m := newTestModel(t, 100, 30, withPlainBots)
	drain(t, m, m.Init())
	press(t, m, "o")
	for m.settings.At != settings.FieldGame {
		press(t, m, "down")
	}
	if strings.Contains(plain(m), "Points to open") || !strings.Contains(plain(m), "Starting points") {
		t.Fatalf("the classic form shows the rules of 101:\n%s", plain(m))
	}
	press(t, m, "right")
	out := plain(m)
	if !strings.Contains(out, "< Okey 101 >") || !strings.Contains(out, "Points to open") || strings.Contains(out, "Starting points") {
		t.Fatalf("the form of 101:\n%s", out)
	}
	press(t, m, "down") // the opening threshold
	press(t, m, "right")
	press(t, m, "enter")
	if m.screen != scrPlay || table101(m) != nil || tableClassic(m).G == nil {
		t.Fatal("the classic match did not go on")
	}
	b, err := os.ReadFile(m.files.SettingsPath())
	if err != nil {
		t.Fatal(err)
	}
	var saved settings.Settings
	if err := json.Unmarshal(b, &saved); err != nil || saved.Game != Game101 || saved.Rules101 != "open=111" {
		t.Fatalf("saved %+v (%v)", saved, err)
	}
	m.screen = scrMatchOver // the match ends: a new one is of 101
	press(t, m, "n")
	if table101(m) == nil || table101(m).View.Rules.Open != 111 || m.screen != scrPlay {
		t.Fatalf("the new match is not the 101 chosen: %+v", table101(m))
	}
}

// g on the screen that offers to resume switches the game of a new
// match; the match saved is resumed in its own game.
func TestResumeScreenSwitchesTheGame(t *testing.T) {
	m := newTestModel(t, 100, 30, withPlainBots)
	drain(t, m, m.Init())
	playMyTurn(t, m)
	m2 := reopen(t, m, m.opt)
	m2.Update(windowMsg(100, 30))
	if m2.screen != scrResume || !strings.Contains(plain(m2), "New match: classic Okey (tab: Okey 101 instead)") {
		t.Fatalf("no choice of game:\n%s", plain(m2))
	}
	press(t, m2, "tab")
	if !strings.Contains(plain(m2), "New match: Okey 101 (tab: classic Okey instead)") {
		t.Fatalf("g does not switch:\n%s", plain(m2))
	}
	press(t, m2, "n") // asks: a new match ends this one
	press(t, m2, "n")
	if table101(m2) == nil || tableClassic(m2).G != nil || m2.screen != scrPlay {
		t.Fatal("n does not start a match of 101")
	}
	if !strings.Contains(plain(m2), "OKEY 101") {
		t.Fatalf("no 101 table:\n%s", plain(m2))
	}
}

// A second game in the state directory only looks at the match of 101
// the first one plays: no key moves it, nothing is written.
func TestSecondGameOnlyLooksAt101(t *testing.T) {
	first := start101(t, 100, 30)
	drawIfDue(t, first)
	before := dirFiles(t, first.opt.StateDir)
	second, err := New(first.opt)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	second.Update(windowMsg(100, 30))
	drain(t, second, second.Init())
	if second.screen != scrLocked || table101(second) == nil {
		t.Fatalf("the second game does not offer to look:\n%s", plain(second))
	}
	press(t, second, "l")
	if second.screen != scrPlay || !strings.Contains(plain(second), "OKEY 101") {
		t.Fatalf("l does not show the match of 101:\n%s", plain(second))
	}
	actions := len(table101(second).G.Record().Actions)
	for _, k := range []string{"enter", "a", "x", "s", "l", "e", "k", "f", "z", "t", "d"} {
		press(t, second, k)
	}
	if len(table101(second).G.Record().Actions) != actions || !strings.Contains(second.flash, "only look") {
		t.Fatalf("the second game moved, or does not say why not: %q", second.flash)
	}
	if err := second.Flush(); err != nil {
		t.Fatal(err)
	}
	if after := dirFiles(t, first.opt.StateDir); !mapsEqual(before, after) {
		t.Fatal("the second game wrote in the state directory")
	}
}

// NO_COLOR draws the 101 table without a colour code; in colour it has
// colours, and the colour-blind theme loads on it.
func TestNoColor101(t *testing.T) {
	m := start101(t, 100, 30)
	if colourSGR.MatchString(m.View().Content) {
		t.Fatal("the NO_COLOR 101 table has colour codes")
	}
	for _, th := range []string{"default", "colourblind"} {
		m2 := start101(t, 100, 30, func(o *Options) { o.NoColor = false; o.Settings.Theme = th })
		if !colourSGR.MatchString(m2.View().Content) {
			t.Fatalf("the %s 101 table has no colour", th)
		}
	}
}

// Every rules option of 101 plays at the table and fits 80×24: the
// header says the threshold in force (above open=N under progressive
// once someone has opened), partners are said (the partner named where
// the name fits), a short match ends on
// its final sheet.
func TestRules101VariantsFit(t *testing.T) {
	for _, rules := range []string{"open=51,hands=1", "progressive,hands=1", "okey_pair,islek=off,hands=1", "partners,hands=1"} {
		t.Run(rules, func(t *testing.T) {
			m := start101(t, 80, 24, withSeed(8), func(o *Options) { o.Settings.Rules101 = rules })
			for turns := 0; m.screen == scrPlay; turns++ {
				if turns > 40 {
					t.Fatal("the hand does not end")
				}
				checkFits(t, m, rules)
				head := strings.Split(plain(m), "\n")[0]
				if want := "opening " + strconv.Itoa(table101(m).View.Threshold); !strings.Contains(head, want) {
					t.Fatalf("the header %q does not say %q", head, want)
				}
				if table101(m).View.Rules.Partners && !strings.Contains(head, "your partner: ") && !strings.Contains(head, "partners") {
					t.Fatalf("the header %q says nothing of partners", head)
				}
				myTurn101(t, m)
			}
			press(t, m, "enter")
			if m.screen != scrMatchOver {
				t.Fatalf("a match of one hand did not end: screen %d", m.screen)
			}
			checkFits(t, m, rules+" final")
		})
	}
}

// The house rules of 101 are one line of the settings form: each
// combination it offers is saved as the rules options, reads back onto
// the form, and the match started under it plays it.
func TestSettingsHouseRules(t *testing.T) {
	for i, want := range rules.HouseChoices() {
		m := start101(t, 100, 30, withPlainBots)
		press(t, m, "o")
		for m.settings.At != settings.FieldHouse {
			press(t, m, "down")
		}
		for range i {
			press(t, m, "right")
		}
		if got := m.settings.Fields[settings.FieldHouse].Value(); got != want {
			t.Fatalf("the form shows %q, want %q", got, want)
		}
		r, err := rules.Of(m.settings.Fields[settings.FieldOpen : settings.FieldHouse+1])
		if err != nil {
			t.Fatal(err)
		}
		if rules.HouseValue(r) != want || r.Feed != strings.Contains(want, "feed") || r.OkeyOnce != strings.Contains(want, "okey_once") || r.IslekBack != strings.Contains(want, "islek_back") {
			t.Fatalf("%q reads as %+v", want, r)
		}
		press(t, m, "enter")
		b, err := os.ReadFile(m.files.SettingsPath())
		if err != nil {
			t.Fatal(err)
		}
		var saved settings.Settings
		if err := json.Unmarshal(b, &saved); err != nil {
			t.Fatal(err)
		}
		back, err := okey101.ParseRules(saved.Rules101)
		if err != nil || back != r {
			t.Fatalf("saved %q, reads %+v (%v), want %+v", saved.Rules101, back, err, r)
		}
		f := settings.Fields(saved)
		if got := f[settings.FieldHouse].Value(); got != want {
			t.Fatalf("saved %q shows %q on the form", saved.Rules101, got)
		}
		m.Close()
	}
}

// The ? page of 101 says that a pairs opener who does not finish pays
// double, names the house rules and which of them the match plays.
func TestHelp101HouseRulesAndPairsDouble(t *testing.T) {
	for _, tc := range []struct{ lang, rules, double, house string }{
		{"en", "feed,okey_pair", "twice over for a pairs opener (çift açan) who does not finish", "In this match: feed, okey_pair."},
		{"en", "default", "pairs opener", "In this match: none."},
		{"tr", "okey_once,islek_back", "çift açıp bitiremeyene bunun iki katı", "Bu oyunda: okey_once, islek_back."},
		{"tr", "default", "çift açıp bitiremeyene", "Bu oyunda: yok."},
	} {
		m := start101(t, 200, 30, withPlainBots, func(o *Options) {
			o.Settings.Lang = tc.lang
			o.Settings.Rules101 = tc.rules
		})
		help := strings.Join(help101Lines(m, 1000), " ")
		if !strings.Contains(help, tc.double) || !strings.Contains(help, tc.house) {
			t.Errorf("%s, %s: the help lacks %q or %q:\n%s", tc.lang, tc.rules, tc.double, tc.house, help)
		}
		m.Close()
	}
}
