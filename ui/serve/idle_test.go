package serve

import (
	"testing"
	"time"

	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestAwayCountsFromATableTakenTo: a player taken to a tournament's
// table with no key, after minutes of waiting on a page for the
// pairing, is away only AwayAfter after arriving, not at once; their
// seat's release and the idle timeout still count from their last key.
// (Over ssh, a player who had waited three minutes found their bot
// playing the whole of their first match.)
func TestAwayCountsFromATableTakenTo(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 21, 0, 0, 0, time.UTC)
	set := common.Settings{AwayAfter: 3 * time.Minute, ReleaseAfter: 15 * time.Minute, IdleTimeout: 30 * time.Minute}
	d := idler{lastKey: t0}
	var arrived time.Time
	if due, _ := d.due(set, true, true, arrived); !due.Equal(t0.Add(3 * time.Minute)) {
		t.Errorf("at a table since the last key: away due at %v", due.Sub(t0))
	}
	arrived = t0.Add(4 * time.Minute) // taken to the next table, no key since
	if due, _ := d.due(set, true, true, arrived); !due.Equal(t0.Add(7 * time.Minute)) {
		t.Errorf("taken to a table 4 min after the last key: away due at %v, want 7m0s", due.Sub(t0))
	}
	if from := d.awayFrom(arrived); !from.Equal(arrived) {
		t.Errorf("the away clock from %v", from.Sub(t0))
	}
	arrived = t0.Add(20 * time.Minute) // release comes first
	if due, _ := d.due(set, true, true, arrived); !due.Equal(t0.Add(15 * time.Minute)) {
		t.Errorf("release after the last key: due at %v, want 15m0s", due.Sub(t0))
	}
	d.lastKey, arrived = t0.Add(30*time.Minute), t0.Add(20*time.Minute) // a key after arriving
	if from := d.awayFrom(arrived); !from.Equal(d.lastKey) {
		t.Errorf("a key after arriving: the away clock from %v", from.Sub(t0))
	}
}

// TestRemovedFromATournamentsTableReadsWhy: a player whose seat at a
// tournament's table is given up for want of a key reads why and that
// the match is their forfeit (it said only that the seat went to a
// bot); at an ordinary table the seat going to a bot is all there is.
func TestRemovedFromATournamentsTableReadsWhy(t *testing.T) {
	srv := commontest.New(t)
	for _, lang := range []string{"en", "tr"} {
		for _, tourney := range []bool{true, false} {
			s := tourneySession(t, srv, nil, lang, 80, 24)
			commontest.Seat(t, &s.c)
			s.c.At.Tourney = tourney
			s.idle.lastKey = srv.Now().Add(-srv.Set.ReleaseAfter - time.Second)
			s.checkIdle()
			mins := int(srv.Set.ReleaseAfter.Minutes())
			want := s.c.Tr.T("bye.away", mins)
			if tourney {
				want = s.c.Tr.T("bye.away.tourney", mins)
			}
			if s.page != common.Bye || s.bye.Said() != want {
				t.Errorf("%s, a tournament's table %v: page %d says %q, want %q", lang, tourney, s.page, s.bye.Said(), want)
			}
		}
	}
}
