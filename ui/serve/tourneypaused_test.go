package serve

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestPausedPlayerIsBackWithAKey: an arena's player paused (their match
// lost for want of being at it) reads on the tournament's page that
// they are paused, why, and that any key brings them back; the key
// they press (any but leave) joins them to the pairing again, and the
// page says they are back. In both languages, at 80×24.
func TestPausedPlayerIsBackWithAKey(t *testing.T) {
	srv := commontest.New(t)
	now := srv.Now
	for _, c := range []struct{ lang, key string }{{"en", "?"}, {"tr", "down"}} {
		tr := i18n.MustLoad(c.lang)
		f := commontest.NewTourneys(now)
		id, err := f.CreateTournament("key:p1", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "101",
			Hands: 1, Start: now().Add(-time.Minute), Length: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range []string{"key:test", "key:p1", "key:p2", "key:p3"} {
			if err := f.JoinTournament(id, p, fmt.Sprint("p", i), 1500); err != nil {
				t.Fatal(err)
			}
		}
		// The match ends with key:test's seat lost, and the owner
		// pauses them.
		var pl tourney.Playing
		f.Change(id, func(tt *tourney.Tournament) []tourney.Start {
			pl = tt.Playing[0]
			var forfeit [4]bool
			forfeit[slices.Index(pl.Players[:], "key:test")] = true
			if err := tt.Pause("key:test"); err != nil {
				t.Fatal(err)
			}
			if _, err := tt.Ended(pl.Table, [4]int{1, 2, 3, 4}, forfeit, now()); err != nil {
				t.Fatal(err)
			}
			return nil
		})

		s := tourneySession(t, srv, f, c.lang, 80, 24)
		drain(s, s.apply(common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: id}}))
		scr := screenFits(t, "the page", s, 80, 24)
		flat := strings.Join(strings.Fields(scr), " ")
		for _, w := range []string{tr.T("tourney.paused", pl.Table), tr.T("tourney.you.paused")} {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: the page does not say %q:\n%s", c.lang, w, scr)
			}
		}
		pressAll(s, c.key)
		if _, st, _ := f.Tournament(id); st.Joined["key:test"].Paused || s.c.Flash != tr.T("tourney.back") {
			t.Errorf("%s: after %s: %+v, flash %q", c.lang, c.key, st.Joined["key:test"], s.c.Flash)
		}
		if scr := screenFits(t, "back", s, 80, 24); strings.Contains(strings.Join(strings.Fields(scr), " "), tr.T("tourney.you.paused")) {
			t.Errorf("%s: still paused on the page:\n%s", c.lang, scr)
		}
	}
}
