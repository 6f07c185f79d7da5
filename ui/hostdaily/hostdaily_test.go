package hostdaily

import (
	"errors"
	"strings"
	"testing"

	"okey/game"
	"okey/game/daily"
	"okey/kit/seatmsg"
	"okey/ui/hosting/hostingtest"
	"okey/ui/pages"
	"okey/ui/playdaily"
	"okey/ui/settings"
	"okey/ui/stats"
)

func testCommon(t *testing.T, lang string) *pages.Common {
	t.Helper()
	a := hostingtest.New(t, lang)
	c := &pages.Common{Tr: a.Tr, St: a.St, Keys: &a.KeyMap}
	c.SetSize(100, 30)
	return c
}

func day(t *testing.T, s string) daily.Date {
	t.Helper()
	d, err := daily.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// A daily begun puts its entry in the statistics, and each hand's deal
// is the day's: its seed, its meta naming the day, the entry and the
// hard bots, under the daily's rules and game whatever the settings say.
func TestDealIsTheDaysHand(t *testing.T) {
	for _, g := range game.Kinds() {
		t.Run(string(g), func(t *testing.T) {
			var f stats.File
			date := day(t, "2026-11-24")
			d, err := Begin(&f, g, playdaily.Choice{Date: date}, "id-1")
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Dailies) != 1 || f.Dailies[0].ID != "id-1" || d.Practice() {
				t.Fatalf("entry %+v, practice %v", f.Dailies, d.Practice())
			}
			set, _ := daily.New(g, date)
			in := settings.Default("en")
			in.Game, in.Rules = settings.Game101, "something else"
			for k := 1; k <= d.Hands(); k++ {
				seed, meta, under, err := d.Deal(k, in, "then")
				if err != nil {
					t.Fatal(err)
				}
				if seed != set.Hands[k-1].Seed {
					t.Errorf("hand %d: seed %x, want %x", k, seed, set.Hands[k-1].Seed)
				}
				if meta[daily.MetaDaily] != set.Meta(set.Hands[k-1], false)[daily.MetaDaily] || meta[MetaID] != "id-1" ||
					meta["level1"] != Level || meta["name2"] != in.Names[1] || meta[stats.MetaStarted] != "then" {
					t.Errorf("hand %d: meta %v", k, meta)
				}
				if (under.Game == settings.Game101) != (g == game.Okey101) || under.Rules != daily.ClassicRules().String() {
					t.Errorf("hand %d: played as %s under %q", k, under.Game, under.Rules)
				}
			}
		})
	}
}

// A record that is not the hand it names is refused, and the hand on
// the table stays the one before.
func TestDealtRefusesAnotherRecord(t *testing.T) {
	var f stats.File
	d, err := Begin(&f, game.Classic, playdaily.Choice{Date: day(t, "2026-11-24")}, "id")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Dealt(1, []byte("{}\n")); err == nil || d.Hand() != 0 {
		t.Fatalf("a record of nothing taken as hand 1: %v, hand %d", err, d.Hand())
	}
}

// Par arrives as a message of its own measure: an older measure's is
// dropped, a failure kept to be said, a line kept in the entry.
func TestTookPar(t *testing.T) {
	var f stats.File
	d, err := Begin(&f, game.Classic, playdaily.Choice{Date: day(t, "2026-11-24")}, "id")
	if err != nil {
		t.Fatal(err)
	}
	d.parID = 2
	if d.TookPar(ParMsg{id: 1}) || d.ParKnown() {
		t.Fatal("a stale measure was taken")
	}
	if d.TookPar(ParMsg{id: 2, err: errors.New("no")}) || d.parErr == nil {
		t.Fatal("a failed measure changed the entry, or was not kept")
	}
	if !strings.Contains(strings.Join(d.Page(testCommon(t, "en"), &f, day(t, "2026-11-24"), false).Lines(), "\n"), "no") {
		t.Fatal("the page does not say why par failed")
	}
}

// The question on a date answers yes and no by its keys, and nothing
// else; the daily's page answers its keys with what they ask.
func TestPageKeys(t *testing.T) {
	c := testCommon(t, "en")
	a := Ask{Game: game.Classic, Choice: playdaily.Choice{Ask: playdaily.AskFuture, Date: day(t, "2026-12-01")}, Today: day(t, "2026-11-24")}
	for _, tc := range []struct {
		key  string
		want Do
	}{{"enter", Yes}, {"y", Yes}, {"esc", No}, {"n", No}, {"x", Nothing}} {
		if got := a.Page(c).Update(hostingtest.Key(tc.key)); got != tc.want {
			t.Errorf("ask: %s is %d, want %d", tc.key, got, tc.want)
		}
	}
	var f stats.File
	d, err := Begin(&f, game.Classic, playdaily.Choice{Date: day(t, "2026-11-24")}, "id")
	if err != nil {
		t.Fatal(err)
	}
	p := d.Page(c, &f, day(t, "2026-11-24"), false)
	for _, tc := range []struct {
		key  string
		want Do
		hand int
	}{{"q", Quit, 0}, {"n", NewMatch, 0}, {"w", Review, 0}, {"3", ReviewHand, 3}, {"x", Nothing, 0}} {
		if got, n := p.Update(hostingtest.Key(tc.key)); got != tc.want || n != tc.hand {
			t.Errorf("page: %s is %d (hand %d), want %d (hand %d)", tc.key, got, n, tc.want, tc.hand)
		}
	}
	if hands, none := d.ReviewHands(c, 9); hands != nil || none == "" {
		t.Errorf("hand 9 of 4 reviewed: %v", hands)
	}
	if hands, none := d.ReviewHands(c, 0); hands != nil || none == "" {
		t.Errorf("no hand ended, yet %v reviewed", hands)
	}
}

// A served daily's hand says which hand of the day it is, practice on
// every hand, and its key leads to the next hand or after the last to
// the lobby.
func TestServed(t *testing.T) {
	c := testCommon(t, "en")
	for _, tc := range []struct {
		d        seatmsg.Daily
		key      string
		practice bool
	}{
		{seatmsg.Daily{Date: "2026-11-24", Hand: 1, Of: 4}, "served.key.next", false},
		{seatmsg.Daily{Date: "2026-11-24", Hand: 4, Of: 4, Practice: "again"}, "served.key.lobby", true},
	} {
		s := Served{D: &tc.d}
		if s.NextKey() != tc.key {
			t.Errorf("hand %d of %d: %s", tc.d.Hand, tc.d.Of, s.NextKey())
		}
		if b := s.Badge(c.Tr); strings.Contains(b, c.Tr.T("daily.practice")) != tc.practice {
			t.Errorf("badge %q", b)
		}
		if len(s.HandLines(c)) < 3 {
			t.Errorf("hand lines %q", s.HandLines(c))
		}
	}
}
