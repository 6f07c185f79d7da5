package tables

import (
	"encoding/json"
	"sync"
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
	annStarts(t, tb)
	if got := toAnn(t, tb, now); got != 40*time.Second {
		t.Fatalf("ann's first turn's clock: %v, want the timer and the whole bank (40s)", got)
	}
	// She takes 25 s: 15 s past the timer, drawn from her bank. Her
	// move (her bot's choice, played while she is at the table) ends
	// the turn.
	*now = now.Add(25 * time.Second)
	annMoves(t, tb)
	if tb.clock.banked[0] != 15*time.Second {
		t.Fatalf("15 s past the timer drew %v from the bank", tb.clock.banked[0])
	}
	if got := toAnn(t, tb, now); got != 25*time.Second {
		t.Errorf("ann's next turn's clock: %v, want 10s and the 15s left", got)
	}
	// Out of time: the rest of the bank is gone.
	*now = now.Add(26 * time.Second)
	tb.onClock()
	if tb.clock.bankLeft(tb.Cfg.Bank, 0) != 0 || !tb.sit.seats[0].away {
		t.Errorf("out of time: %v left, away %v", tb.clock.bankLeft(tb.Cfg.Bank, 0), tb.sit.seats[0].away)
	}
}

// annStarts seats ann at tb's seat 0 and starts its match.
func annStarts(t *testing.T, tb *Table) {
	t.Helper()
	ann := NewMember("key:A", "ann", "", 0)
	if s, err := tb.joinAs(ann, -1, false); err != nil || s != 0 {
		t.Fatalf("ann: seat %d, %v", s, err)
	}
	tb.handle(Request{Kind: ReqStart, M: ann})
	if tb.Ref == nil {
		t.Fatal("not started")
	}
}

// toAnn lets the bots play until it is seat 0's turn (ann's), and
// returns the length of her turn's clock.
func toAnn(t *testing.T, tb *Table, now *time.Time) time.Duration {
	t.Helper()
	for range 40 {
		tb.schedule()
		if _, turn := tb.Ref.Stage(); turn == 0 {
			return tb.clock.deadline.Sub(*now)
		}
		tb.onClock()
		botMove(t, tb)
	}
	t.Fatal("never ann's turn")
	return 0
}

// annMoves plays seat 0's turn (ann's): her bot's choice, played while
// she is at the table, as her move's request does; it ends the turn.
func annMoves(t *testing.T, tb *Table) {
	t.Helper()
	for _, turn := tb.Ref.Stage(); turn == 0; _, turn = tb.Ref.Stage() {
		askBot(tb, 0)
		select {
		case a := <-tb.bot.answer:
			tb.bot.take(a)
			turnOver, err := tb.Ref.Apply(0, a.move)
			if err != nil {
				t.Fatal(err)
			}
			tb.applied(turnOver)
		case <-time.After(time.Minute):
			t.Fatal("the bot did not answer")
		}
	}
}

// A turn in progress when its table is taken over (another node brings
// it back from the store) draws on its player's bank as at the table
// that started it: 5 s of her turn there and 20 s after, 15 s past the
// timer, drawn from her bank; the node that took it over had drawn
// nothing, however long the turn.
func TestTimeBankDrawnOnAfterATakeover(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var entry []byte
	tb, now := testTableWriting(t, 10*time.Second, func(e, _ []byte) error {
		// The saver writes the table's entry only when it changed (nil:
		// as last written); the entry kept is the last one written.
		if e != nil {
			mu.Lock()
			entry = e
			mu.Unlock()
		}
		return nil
	})
	tb.Cfg.Bank = 30 * time.Second
	annStarts(t, tb)
	if got := toAnn(t, tb, now); got != 40*time.Second {
		t.Fatalf("ann's turn's clock: %v, want 40s", got)
	}
	*now = now.Add(5 * time.Second)
	tb.save()
	tb.saving.saver.flush()
	mu.Lock()
	e := entry
	mu.Unlock()
	var saved SavedTable
	if err := json.Unmarshal(e, &saved); err != nil || saved.Deadline.IsZero() || saved.Config.Bank != 30*time.Second {
		t.Fatalf("the table's entry: %v, deadline %v, bank %v", err, saved.Deadline, saved.Config.Bank)
	}
	// Taken over where the clock stood.
	back, err := RestoreTable("1", e, tb.Ref.Record(), *now, tb.Opt, func() *Saver {
		return NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, tb.Opt.Log)
	})
	if err != nil || back == nil {
		t.Fatalf("restored: %v", err)
	}
	if s, err := back.joinAs(NewMember("key:A", "ann", "", 0), -1, false); err != nil || s != 0 {
		t.Fatalf("ann back: seat %d, %v", s, err)
	}
	back.schedule()
	if got := back.clock.deadline.Sub(*now); got != 35*time.Second {
		t.Fatalf("ann's clock after the takeover: %v left, want 35s", got)
	}
	*now = now.Add(20 * time.Second)
	annMoves(t, back)
	if back.clock.banked[0] != 15*time.Second {
		t.Errorf("25 s of her turn across a takeover drew %v from the bank, want 15s", back.clock.banked[0])
	}
}
