package tables

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"okey/game/classic"
	"okey/kit/seatmsg"
)

// TestBotMoveHeldToItsDelay: a bot is asked as its turn comes, and its
// move shows when the bot's delay ends however soon it answered (how
// long a bot thinks depends on its rack), or as it answers if that is
// later; a player back in their bot's delay plays their own move, the
// bot's answer dropped, and the table does not spin on a delay over.
func TestBotMoveHeldToItsDelay(t *testing.T) {
	t.Parallel()
	const delay = 700 * time.Millisecond
	tb, now, ann := awayAtHeldTable(t, delay, "easy")
	moves := func() int { return tb.Ref.Events() }

	// A quick answer waits for the delay's end.
	tb.schedule()
	if tb.bot.asking < 0 {
		t.Fatal("the bot was not asked as its turn came")
	}
	if got := tb.clock.nextBot.Sub(*now); got != delay {
		t.Fatalf("the bot's move is due in %v, want %v", got, delay)
	}
	before := moves()
	tb.bot.answered(tb, answerOf(t, tb))
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
	if moves() != before || !tb.clock.nextBot.IsZero() {
		t.Fatal("the delay's end without an answer played a move or kept the delay")
	}
	if w := tb.nextWake(); w < time.Second {
		t.Fatalf("waiting for a slow bot, the table wakes in %v", w)
	}
	tb.bot.answered(tb, answerOf(t, tb))
	if moves() != before+1 {
		t.Fatal("a late answer was not played as it came")
	}
	tb.schedule()

	// Ann back during her bot's delay: her own move.
	for range 8 {
		if _, turn := tb.Ref.Stage(); turn == 0 {
			break
		}
		tb.bot.answered(tb, answerOf(t, tb))
		*now = now.Add(delay)
		tb.onClock()
		tb.schedule()
	}
	if _, turn := tb.Ref.Stage(); turn != 0 || tb.bot.asking != 0 {
		t.Fatalf("ann's bot is not asked at her turn: turn %d, asking %d", turn, tb.bot.asking)
	}
	a := answerOf(t, tb)
	tb.bot.answered(tb, a)
	before = moves()
	tb.handle(Request{Kind: ReqHere, M: ann})
	tb.schedule()
	if tb.bot.asking >= 0 || tb.bot.held != nil || !tb.clock.nextBot.IsZero() {
		t.Fatalf("ann is back, and her bot's question stands: asking %d, held %v, due %v", tb.bot.asking, tb.bot.held, tb.clock.nextBot)
	}
	if w := tb.nextWake(); w < time.Second {
		t.Fatalf("with ann to move, the table wakes in %v", w)
	}
	*now = now.Add(delay)
	tb.onClock()
	tb.bot.answered(tb, a) // the answer again: stale
	if moves() != before {
		t.Fatal("her bot played after she came back")
	}
}

// TestHeldMovesAreTheBotsAnswers: over three hands of a table whose
// bots' answers come before, at and after their delay's end in every
// order, with ann coming back in her bot's delay now and then (its
// answer then stale) and playing her own turns, every move the record
// holds that ann did not make herself is the answer her seat's or the
// other seats' bot gives on the view of that moment: nothing held is
// ever played on a later state, or for another seat.
func TestHeldMovesAreTheBotsAnswers(t *testing.T) {
	t.Parallel()
	for order := range uint64(8) {
		t.Run(fmt.Sprint("order ", order), func(t *testing.T) { heldMovesAreAnswers(t, order) })
	}
}

// heldMovesAreAnswers is TestHeldMovesAreTheBotsAnswers with the
// answers' order and ann's comings and goings drawn from seed order.
func heldMovesAreAnswers(t *testing.T, order uint64) {
	const delay = 700 * time.Millisecond
	tb, now, ann := awayAtHeldTable(t, delay, "normal")
	rnd := rand.New(rand.NewPCG(66, order))
	own := map[int]bool{} // the record's actions ann played herself
	present, stale := false, 0
	actions := func() []classic.Action {
		rec, err := classic.ParseRecord(tb.Ref.Record())
		if err != nil {
			t.Fatal(err)
		}
		return rec.Actions
	}
	for step := 0; tb.Ref.Hand() <= 3; step++ {
		if step > 5000 {
			t.Fatal("three hands did not end in 5,000 steps")
		}
		tb.schedule()
		stg, turn := tb.Ref.Stage()
		switch {
		case stg == stMatchOver:
			t.Fatal("the match ended within three hands")
		case stg == stHandOver:
			if present {
				tb.handle(Request{Kind: ReqMove, M: ann, Move: seatmsg.Intent{Kind: seatmsg.IntentAct, Action: classic.NextHandAction(), Hand: tb.Ref.Hand()}})
			}
			*now = now.Add(tb.Opt.HandWait + time.Second)
			tb.onClock()
		case present && turn == 0:
			mv, ok := tb.Ref.PlainMove(0)
			if !ok {
				t.Fatal("ann has no move")
			}
			n := len(actions())
			tb.handle(Request{Kind: ReqMove, M: ann, Move: seatmsg.Intent{Kind: seatmsg.IntentAct, Action: mv.(classic.Action), Hand: tb.Ref.Hand()}})
			if len(actions()) != n+1 {
				t.Fatalf("ann's move %v was not played: %q", mv, tb.refusals[ann].text)
			}
			own[n] = true
			if rnd.IntN(3) == 0 {
				tb.handle(Request{Kind: ReqAway, M: ann})
				present = false
			}
		case tb.bot.asking >= 0:
			a := answerOf(t, tb)
			switch r := rnd.IntN(4); {
			case r == 0 && turn == 0:
				// Back in her bot's delay: its answer is stale.
				tb.handle(Request{Kind: ReqHere, M: ann})
				present = true
				tb.schedule()
				tb.bot.answered(tb, a)
				*now = now.Add(delay)
				tb.onClock()
				stale++
			case r == 1:
				*now = now.Add(delay + time.Millisecond)
				tb.onClock()
				tb.bot.answered(tb, a)
			default:
				tb.bot.answered(tb, a)
				*now = now.Add(delay)
				tb.onClock()
			}
		default:
			*now = now.Add(delay)
			tb.onClock()
		}
	}
	if stale == 0 || len(own) == 0 {
		t.Fatalf("ann came back in her bot's delay %d times and played %d moves herself: the test needs both", stale, len(own))
	}
	rec, err := classic.ParseRecord(tb.Ref.Record())
	if err != nil {
		t.Fatal(err)
	}
	g, err := classic.NewGame(rec.Rules, rec.Seed, rec.Meta)
	if err != nil {
		t.Fatal(err)
	}
	ref, bots := &refereeClassic{g: g}, 0
	for i, a := range rec.Actions {
		if a.Kind != classic.ActNextHand && !own[i] {
			want, err := ref.AskBot(a.Seat, levelsOf(&tb.Cfg, tb.f)(a.Seat), tb.seal.BotKey)(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if want != a {
				t.Fatalf("move %d is %v, and seat %d's bot, asked on the view of that moment, answers %v", i, a, a.Seat, want)
			}
			bots++
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d moves, %d of them the bots', %d of ann's own; her bot's answer dropped %d times", len(rec.Actions), bots, len(own), stale)
}

// awayAtHeldTable is a table on a clock of its own whose bots, all of
// level, answer through the hold of delay (asker.turn): ann, in seat
// 0, starts the match and goes away, so that her bot plays too.
func awayAtHeldTable(t *testing.T, delay time.Duration, level string) (*Table, *time.Time, *Member) {
	t.Helper()
	tb, now := handTable(t, 0)
	tb.Opt.BotDelay = delay
	tb.Cfg.Levels = [4]string{level, level, level, level}
	ann := NewMember("key:A", "ann", "", 0)
	if s, err := tb.joinAs(ann, -1, false); err != nil || s != 0 {
		t.Fatalf("ann: seat %d, %v", s, err)
	}
	tb.handle(Request{Kind: ReqStart, M: ann})
	if tb.Ref == nil {
		t.Fatal("the match did not start")
	}
	tb.handle(Request{Kind: ReqAway, M: ann})
	return tb, now, ann
}
