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

// TestBotMoveHeldToItsDelay: a bot is asked as its turn comes, and its
// move shows when the bot's delay ends however soon it answered (how
// long a bot thinks depends on its rack), or as it answers if that is
// later; a player back in their bot's delay plays their own move, the
// bot's answer dropped, and the table does not spin on a delay over.
func TestBotMoveHeldToItsDelay(t *testing.T) {
	t.Parallel()
	const delay = 700 * time.Millisecond
	tb, now := handTable(t, 0)
	tb.Opt.BotDelay = delay
	ann := NewMember("key:A", "ann", "", 0)
	if s, err := tb.joinAs(ann, -1, false); err != nil || s != 0 {
		t.Fatalf("ann: seat %d, %v", s, err)
	}
	tb.handle(Request{Kind: ReqStart, M: ann})
	if tb.Ref == nil {
		t.Fatal("the match did not start")
	}
	tb.handle(Request{Kind: ReqAway, M: ann}) // her bot plays too
	moves := func() int { return tb.Ref.Events() }

	// A quick answer waits for the delay's end.
	tb.schedule()
	if tb.bot.asking < 0 {
		t.Fatal("the bot was not asked as its turn came")
	}
	if got := tb.nextBot.Sub(*now); got != delay {
		t.Fatalf("the bot's move is due in %v, want %v", got, delay)
	}
	before := moves()
	tb.onBot(answerOf(t, tb))
	if moves() != before || tb.bot.held == nil {
		t.Fatal("an answer that came before the delay's end was played at once")
	}
	if w := tb.nextWake(); w != delay {
		t.Fatalf("the table wakes in %v, want the delay's end %v", w, delay)
	}
	*now = now.Add(delay - time.Millisecond)
	tb.onClock()
	if moves() != before {
		t.Fatal("the move showed before the delay's end")
	}
	*now = now.Add(time.Millisecond)
	tb.onClock()
	if moves() != before+1 || tb.bot.held != nil || tb.bot.asking >= 0 {
		t.Fatalf("at the delay's end: %d moves (want %d), held %v, asking %d", moves(), before+1, tb.bot.held, tb.bot.asking)
	}
	tb.schedule()

	// A slow answer (the delay over first) is played as it comes, and
	// the table sleeps meanwhile.
	before = moves()
	*now = now.Add(delay + time.Second)
	tb.onClock()
	if moves() != before || !tb.nextBot.IsZero() {
		t.Fatal("the delay's end without an answer played a move or kept the delay")
	}
	if w := tb.nextWake(); w < time.Second {
		t.Fatalf("waiting for a slow bot, the table wakes in %v", w)
	}
	tb.onBot(answerOf(t, tb))
	if moves() != before+1 {
		t.Fatal("a late answer was not played as it came")
	}
	tb.schedule()

	// Ann back during her bot's delay: her own move.
	for range 8 {
		if _, turn := tb.Ref.Stage(); turn == 0 {
			break
		}
		tb.onBot(answerOf(t, tb))
		*now = now.Add(delay)
		tb.onClock()
		tb.schedule()
	}
	if _, turn := tb.Ref.Stage(); turn != 0 || tb.bot.asking != 0 {
		t.Fatalf("ann's bot is not asked at her turn: turn %d, asking %d", turn, tb.bot.asking)
	}
	a := answerOf(t, tb)
	tb.onBot(a)
	before = moves()
	tb.handle(Request{Kind: ReqHere, M: ann})
	tb.schedule()
	if tb.bot.asking >= 0 || tb.bot.held != nil || !tb.nextBot.IsZero() {
		t.Fatalf("ann is back, and her bot's question stands: asking %d, held %v, due %v", tb.bot.asking, tb.bot.held, tb.nextBot)
	}
	if w := tb.nextWake(); w < time.Second {
		t.Fatalf("with ann to move, the table wakes in %v", w)
	}
	*now = now.Add(delay)
	tb.onClock()
	tb.onBot(a) // the answer again: stale
	if moves() != before {
		t.Fatal("her bot played after she came back")
	}
}
