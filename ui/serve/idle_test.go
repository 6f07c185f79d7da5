package serve

import (
	"testing"
	"time"

	"okey/ui/serve/common"
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
