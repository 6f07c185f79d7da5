package tables

import (
	"testing"
	"time"
)

// answerOf waits for the answer of the bot asked.
func answerOf(t *testing.T, tb *Table) botAnswer {
	t.Helper()
	select {
	case a := <-tb.bot.answer:
		return a
	case <-time.After(time.Minute):
		t.Fatal("the bot did not answer")
		return botAnswer{}
	}
}

// TestHardInsteadIsPlayedAndCounted: an expert's answer marked as
// hard's (no search slot in time) is played as the move it holds, as
// the same answer unmarked is at a table dealt the same, and the table
// counts it for its log.
func TestHardInsteadIsPlayedAndCounted(t *testing.T) {
	t.Parallel()
	play := func(mark bool) *Table {
		tb, _ := handTable(t, 0)
		ann := NewMember("key:A", "ann", "", 0)
		if _, err := tb.joinAs(ann, -1, false); err != nil {
			t.Fatal(err)
		}
		tb.handle(Request{Kind: ReqStart, M: ann})
		tb.handle(Request{Kind: ReqAway, M: ann})
		tb.schedule()
		tb.onClock() // the bot's delay (0 here) is over: it is asked
		a := answerOf(t, tb)
		if mark {
			a.move = hardInstead{a.move}
		}
		tb.bot.answered(tb, a)
		return tb
	}
	plain, marked := play(false), play(true)
	if string(marked.Ref.Record()) != string(plain.Ref.Record()) {
		t.Fatal("the move marked hard's was not the move it holds")
	}
	if plain.bot.hardInstead != 0 || marked.bot.hardInstead != 1 {
		t.Fatalf("counted %d unmarked and %d marked, want 0 and 1", plain.bot.hardInstead, marked.bot.hardInstead)
	}
}
