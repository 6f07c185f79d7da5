package tables

import "time"

// turnClock is a table's clock: the turn's deadline (or the pause's
// between hands), when the next bot's move is due, and each seat's
// bank of time this match. The table owns it and moves it with the
// server's clock; it never reads the time itself.
type turnClock struct {
	// deadline: the turn's (or the pause between hands') end; nextBot:
	// when the next bot move is asked.
	deadline time.Time
	nextBot  time.Time
	// turnFrom is when the clock of turnSeat's turn started (zero: none
	// running); banked is how much of its bank (Config.Bank) each seat
	// has drawn on this match.
	turnFrom time.Time
	turnSeat int
	banked   [4]time.Duration
	// saved is the deadline as last saved.
	saved time.Time
}

// bankLeft is what seat has left of bank this match.
func (c *turnClock) bankLeft(bank time.Duration, seat int) time.Duration {
	return max(0, bank-c.banked[seat])
}

// startTurn starts seat's turn at now: its timer, and what is left of
// its bank after it.
func (c *turnClock) startTurn(now time.Time, seat int, timer, bank time.Duration) {
	c.turnFrom, c.turnSeat = now, seat
	c.deadline = now.Add(timer + c.bankLeft(bank, seat))
}

// spend draws the turn just over's time past timer from its seat's
// bank; now (the server's clock) is read only if the turn's clock ran.
func (c *turnClock) spend(now func() time.Time, timer, bank time.Duration) {
	if c.turnFrom.IsZero() {
		return
	}
	if over := now().Sub(c.turnFrom) - timer; over > 0 && bank > 0 {
		c.banked[c.turnSeat] = min(bank, c.banked[c.turnSeat]+over)
	}
	c.turnFrom = time.Time{}
}

// outOfTime ends seat's turn with all of its bank drawn on.
func (c *turnClock) outOfTime(seat int, bank time.Duration) {
	c.deadline, c.turnFrom = time.Time{}, time.Time{}
	c.banked[seat] = bank
}

// resume takes up a restored table's turn of seat where its clock runs
// (its deadline restored): the turn draws on its bank as where it
// started, its start put back from the clock's end as the clock stood
// still meanwhile (spend); a move made in time after a takeover drew
// nothing, however long the turn had been.
func (c *turnClock) resume(seat int, timer, bank time.Duration) {
	c.turnSeat = seat
	c.turnFrom = c.deadline.Add(-timer - c.bankLeft(bank, seat))
}

// restore sets the deadline of a table brought back: the time that was
// left at stopped, from now (the clock stood still while nobody ran the
// table), as saved.
func (c *turnClock) restore(deadline, stopped, now time.Time) {
	if left := deadline.Sub(stopped); left > 0 {
		c.deadline = now.Add(left)
	} else {
		c.deadline = now
	}
	c.saved = c.deadline
}

// stop stops the clock: no deadline, no bot's move due.
func (c *turnClock) stop() { c.deadline, c.nextBot = time.Time{}, time.Time{} }

// unsaved reports whether the deadline moved since it was last saved.
func (c *turnClock) unsaved() bool { return !c.deadline.Equal(c.saved) }
