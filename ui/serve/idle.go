package serve

import (
	"time"

	"okey/ui/serve/common"

	tea "charm.land/bubbletea/v2"
)

// idler is when a session's player last pressed a key, and the timer a
// session sleeps on until its player's idleness is next due to be acted
// on (a session that sees nothing change wakes for nothing).
type idler struct {
	// lastKey is when the player last pressed a key; away is set once
	// the table has been told they are away for it.
	lastKey time.Time
	away    bool
	// at is when the armed check wakes (zero: none armed); gen numbers
	// the checks, stop ends the one armed.
	at   time.Time
	gen  uint64
	stop chan struct{}
}

// idleMsg: the idle check armed as gen is due.
type idleMsg struct{ gen uint64 }

// due is the next moment the session could act on the player's
// idleness, as things are (seated: the player holds a seat; away: the
// page on show counts them away after a while, the game's screen;
// arrived: common.Common.Arrived); false when nothing is due.
func (d *idler) due(set common.Settings, seated, away bool, arrived time.Time) (time.Time, bool) {
	var due time.Time
	after := func(w time.Duration) {
		if t := d.lastKey.Add(w); w > 0 && (due.IsZero() || t.Before(due)) {
			due = t
		}
	}
	if seated {
		after(set.ReleaseAfter)
	}
	after(set.IdleTimeout)
	if away && seated && !d.away && set.AwayAfter > 0 {
		if t := d.awayFrom(arrived).Add(set.AwayAfter); due.IsZero() || t.Before(due) {
			due = t
		}
	}
	return due, !due.IsZero()
}

// awayFrom is when the away clock started: the last key, or the
// player's arrival at a table they were taken to with no key
// (common.Common.Arrived), whichever is later. Release and the idle
// timeout still count from the last key.
func (d *idler) awayFrom(arrived time.Time) time.Time {
	if arrived.After(d.lastKey) {
		return arrived
	}
	return d.lastKey
}

// wait is a timer at due on the server's clock, in place of the one
// armed before, unless one is armed for sooner. A clock set forward
// (the tests' clock: Server.clockMoved) is read again at once.
func (d *idler) wait(c *common.Common, due time.Time) tea.Cmd {
	if !d.at.IsZero() && !due.Before(d.at) {
		return nil
	}
	if d.stop != nil {
		close(d.stop)
	}
	stop := make(chan struct{})
	d.gen++
	d.at, d.stop = due, stop
	gen, ctx, srv, clock := d.gen, c.Ctx, c.Srv, c.Srv.ClockMoved()
	return func() tea.Msg {
		for {
			moved := clock.Seen()
			w := due.Sub(srv.Now())
			if w <= 0 {
				return idleMsg{gen: gen}
			}
			t := time.NewTimer(w)
			select {
			case <-t.C:
			case <-clock.Next(moved):
				t.Stop()
			case <-stop:
				t.Stop()
				return nil
			case <-ctx.Done():
				t.Stop()
				return nil
			}
		}
	}
}

// fired takes in a check that has come: false when it is one replaced
// by a sooner one.
func (d *idler) fired(m idleMsg) bool {
	if m.gen != d.gen {
		return false
	}
	d.at, d.stop = time.Time{}, nil
	return true
}
