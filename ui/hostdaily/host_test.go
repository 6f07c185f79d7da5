package hostdaily

import (
	"testing"

	"okey/game"
	"okey/ui/playdaily"
	"okey/ui/settings"
	"okey/ui/stats"
)

// Beginning a daily decides what becomes of the match on the table: an
// ordinary match under way, saved, waits for the daily (paused); one
// over, a daily's hand, or a match that cannot be saved is filed with
// the finished ones, as abandoned or finished; with none nothing is
// done. The first hand is dealt either way, after the opening page.
func TestStartPausesOrFilesTheMatchBefore(t *testing.T) {
	c := testCommon(t, "en")
	for _, tc := range []struct {
		name     string
		in       In
		daily    bool // a daily's hand was on the table
		old      Old
		why      string
		notices  int // beyond the opening's
		wantNote string
	}{
		{"none", In{}, false, Kept, "abandoned", 0, ""},
		{"under way, saved", In{Holding: true, Begun: true, Saving: true}, false, Paused, "abandoned", 1, "daily.paused"},
		{"under way, unsaved", In{Holding: true, Begun: true}, false, Retired, "abandoned", 1, "daily.retired"},
		{"over", In{Holding: true, Begun: true, Saving: true, Over: true}, false, Retired, "finished", 0, ""},
		{"a daily's hand", In{Holding: true, Saving: true}, true, Retired, "abandoned", 1, "daily.retired"},
		// dealt after a finished match, never touched: not "your match"
		// that "waits", nor one n brings back after the daily
		{"dealt, not begun", In{Holding: true, Saving: true}, false, Retired, "abandoned", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f stats.File
			in := tc.in
			in.C, in.Stats, in.Set, in.Started = c, &f, settings.Default("en"), "now"
			var on *Daily
			if tc.daily {
				var err error
				if on, err = Begin(&f, game.Classic, playdaily.Choice{Date: day(t, "2026-11-23")}, "before"); err != nil {
					t.Fatal(err)
				}
			}
			r := Start(in, on, game.Classic, playdaily.Choice{Date: day(t, "2026-11-24")})
			if !r.Set || r.Daily == nil || r.Deal == nil || r.Show != Notice || !r.Save || !r.Par || !r.Changed {
				t.Fatalf("begun: %+v", r)
			}
			if r.Old != tc.old || r.Why != tc.why {
				t.Fatalf("the match before: %v under %q, want %v under %q", r.Old, r.Why, tc.old, tc.why)
			}
			opening := len(r.Daily.Opening(c))
			if len(r.Notice) != opening+tc.notices {
				t.Fatalf("notices %q", r.Notice)
			}
			if tc.wantNote != "" && r.Notice[opening] != c.Tr.T(tc.wantNote) {
				t.Fatalf("notice %q, want %q", r.Notice[opening], c.Tr.T(tc.wantNote))
			}
			if r.Deal.Seed != r.Daily.Set().Hands[0].Seed {
				t.Fatal("the first deal is not the day's first hand")
			}
		})
	}
}

// A screen that only looks, or a seat's, begins no daily: it says so.
func TestOpenRefusedOnALook(t *testing.T) {
	c := testCommon(t, "en")
	var f stats.File
	ask, r := Open(In{C: c, Stats: &f, Refused: true, Today: day(t, "2026-11-24")}, nil, game.Classic, day(t, "2026-11-24"))
	if ask != nil || r.Set || r.Flash != c.Tr.T("status.readonly") || len(f.Dailies) != 0 {
		t.Fatalf("ask %v, result %+v, dailies %d", ask, r, len(f.Dailies))
	}
}

// After a hand, the next is dealt and said, the match of the hand
// before filed as finished; after the last, the daily's page.
func TestNextDealsOrShowsThePage(t *testing.T) {
	c := testCommon(t, "en")
	var f stats.File
	d, err := Begin(&f, game.Classic, playdaily.Choice{Date: day(t, "2026-11-24")}, "id")
	if err != nil {
		t.Fatal(err)
	}
	in := In{C: c, Stats: &f, Set: settings.Default("en"), Started: "now", Holding: true}
	for k := 1; k < d.Hands(); k++ {
		d.hand = k
		r := d.Next(in)
		if r.Deal == nil || r.Deal.Seed != d.Set().Hands[k].Seed || r.Old != Retired || r.Why != "finished" || r.News == "" || !r.Turn {
			t.Fatalf("after hand %d: %+v", k, r)
		}
	}
	d.hand = d.Hands()
	if r := d.Next(in); r.Deal != nil || r.Show != Page || !d.Over() {
		t.Fatalf("after the last: %+v", r)
	}
}

// The formats answer the app's questions without it asking which they
// are: a match's hands count and the hint is there; a daily played for
// the record counts its hands on its own and refuses the hint, its
// practice allows it.
func TestFormatsAnswer(t *testing.T) {
	var f stats.File
	record, err := Begin(&f, game.Classic, playdaily.Choice{Date: day(t, "2026-11-24")}, "a")
	if err != nil {
		t.Fatal(err)
	}
	practice, err := Begin(&f, game.Classic, playdaily.Choice{Date: day(t, "2026-11-20"), Practice: true}, "b")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		f       Format
		tallies bool
		refused string
	}{
		{"match", Match{}, true, ""},
		{"daily for the record", record, false, "daily.nohint"},
		{"daily's practice", practice, false, ""},
	} {
		if tc.f.Tallies() != tc.tallies || tc.f.HintRefused() != tc.refused {
			t.Errorf("%s: tallies %v, hint refused %q", tc.name, tc.f.Tallies(), tc.f.HintRefused())
		}
	}
	if over, changed := (Match{}).Ended(&f, nil); over || changed {
		t.Error("a match's hand end taken by its format")
	}
}
