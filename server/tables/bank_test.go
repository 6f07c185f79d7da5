package tables

import (
	"testing"
	"time"
)

// A table's time bank: a player's turn runs the timer and what is left
// of their bank; a turn past the timer draws the excess from the bank,
// so their next turn's clock is shorter by it; a new match gives the
// bank back whole.
func TestTimeBankDrawnOn(t *testing.T) {
	t.Parallel()
	tb, now := handTable(t, 10*time.Second)
	tb.Cfg.Bank = 30 * time.Second
	ann := NewMember("key:A", "ann", "", 0)
	if s, err := tb.joinAs(ann, -1, false); err != nil || s != 0 {
		t.Fatalf("ann: seat %d, %v", s, err)
	}
	tb.handle(Request{Kind: ReqStart, M: ann})
	if tb.Ref == nil {
		t.Fatal("not started")
	}
	// toAnn lets the bots play until it is ann's turn, and returns the
	// length of her turn's clock.
	toAnn := func() time.Duration {
		t.Helper()
		for range 40 {
			tb.schedule()
			if _, turn := tb.Ref.Stage(); turn == 0 {
				return tb.deadline.Sub(*now)
			}
			tb.onClock()
			botMove(t, tb)
		}
		t.Fatal("never ann's turn")
		return 0
	}
	if got := toAnn(); got != 40*time.Second {
		t.Fatalf("ann's first turn's clock: %v, want the timer and the whole bank (40s)", got)
	}
	// She takes 25 s: 15 s past the timer, drawn from her bank. Her
	// move (her bot's choice, played while she is at the table) ends
	// the turn.
	*now = now.Add(25 * time.Second)
	for _, turn := tb.Ref.Stage(); turn == 0; _, turn = tb.Ref.Stage() {
		askBot(tb, 0)
		select {
		case a := <-tb.bot.answer:
			tb.bot.take(a)
			turnOver, err := tb.Ref.Apply(0, a.move)
			if err != nil {
				t.Fatal(err)
			}
			tb.applied(turnOver) // as her move's request does
		case <-time.After(time.Minute):
			t.Fatal("the bot did not answer")
		}
	}
	if tb.banked[0] != 15*time.Second {
		t.Fatalf("15 s past the timer drew %v from the bank", tb.banked[0])
	}
	if got := toAnn(); got != 25*time.Second {
		t.Errorf("ann's next turn's clock: %v, want 10s and the 15s left", got)
	}
	// Out of time: the rest of the bank is gone.
	*now = now.Add(26 * time.Second)
	tb.onClock()
	if tb.bankLeft(0) != 0 || !tb.sit.seats[0].away {
		t.Errorf("out of time: %v left, away %v", tb.bankLeft(0), tb.sit.seats[0].away)
	}
}
