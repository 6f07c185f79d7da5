package tables

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"okey/bots/decide101"
	"okey/kit/seatmsg"
	"okey/server/servetest"
)

// TestPlayersAreToldOfHardInstead: at a 101 table whose expert seat
// finds none of the node's search slots free (taken as
// TestExpertSearchesWithASlot takes them), every member — the player
// whose bot plays for them, a spectator — is handed the deal's first
// move played at hard's level (seatmsg.Update's ServerBusy), once a
// deal: a second such move in the deal changes nothing, the next deal
// comes without it and gets its own. With a slot free the expert
// searches and nothing is said. The expert waits searchWait (a second)
// for a slot each time, so the test forces three; here it waits 50 ms
// of it, the slot held throughout.
func TestPlayersAreToldOfHardInstead(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	slots := make(chan struct{}, 1)
	opt := Options{
		BotTimeout: time.Minute, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now },
		Random: servetest.Random(1), Searches: slots, searchWait: 50 * time.Millisecond,
	}
	sv := NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.Log)
	t.Cleanup(sv.flush)
	const expert = 1
	tb, err := New("1", Config{Game: "101", Rules: "hands=2", Levels: [4]string{"easy", decide101.Expert, "easy", "easy"}}, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	ann, watcher := NewMember("key:A", "ann", "", 0), NewMember("key:W", "w", "", 0)
	if s, err := tb.joinAs(ann, -1, false); err != nil || s != 0 {
		t.Fatalf("ann: seat %d, %v", s, err)
	}
	tb.handle(Request{Kind: ReqStart, M: ann})
	tb.handle(Request{Kind: ReqWatch, M: watcher, Reply: make(chan JoinReply, 1)})
	tb.handle(Request{Kind: ReqAway, M: ann}) // her bot plays: every seat is a bot's

	// told is what each member is handed now of the server being busy.
	told := func() [2]*seatmsg.ServerBusy {
		t.Helper()
		tb.tell.publish(tb)
		var out [2]*seatmsg.ServerBusy
		for i, m := range []*Member{ann, watcher} {
			msg := <-m.Box
			if msg.Update == nil || msg.Update.View101 == nil {
				t.Fatalf("%s: no 101 update: %+v", m.name, msg)
			}
			out[i] = msg.Update.ServerBusy
		}
		return out
	}
	want := func(what string, seat, hand int) {
		t.Helper()
		for i, b := range told() {
			who := []string{"the player", "the spectator"}[i]
			switch {
			case hand == 0 && b != nil:
				t.Fatalf("%s: %s is told the server was busy: %+v", what, who, *b)
			case hand != 0 && (b == nil || *b != seatmsg.ServerBusy{Seat: seat, Hand: hand}):
				t.Fatalf("%s: %s is told %+v, want seat %d's move in hand %d", what, who, b, seat, hand)
			}
		}
	}
	// expertPlays lets the bots play until the expert has played once.
	expertPlays := func() {
		t.Helper()
		for n := 0; ; n++ {
			tb.schedule()
			stg, turn := tb.Ref.Stage()
			if stg != stPlaying || n > 200 {
				t.Fatalf("stage %v after %d bots' moves, the expert not seen", stg, n)
			}
			tb.onClock()
			tb.bot.answered(tb, answerOf(t, tb))
			if turn == expert {
				return
			}
		}
	}

	expertPlays()
	if tb.bot.hardInstead != 0 {
		t.Fatalf("with a slot free the expert played hard's move %d times", tb.bot.hardInstead)
	}
	want("a slot free", 0, 0)

	slots <- struct{}{} // another table's search holds the node's one slot
	expertPlays()
	if tb.bot.hardInstead != 1 {
		t.Fatalf("with no slot free the expert played hard's move %d times, want 1", tb.bot.hardInstead)
	}
	want("no slot free", expert, 1)
	first := tb.bot.busy
	expertPlays()
	if tb.bot.hardInstead != 2 || tb.bot.busy != first {
		t.Fatalf("the deal's second hard move: counted %d, the players' word %+v (was %+v)", tb.bot.hardInstead, tb.bot.busy, first)
	}
	want("again in the deal", expert, 1)
	<-slots // the other search is over

	// The rest of the hand in plain moves, then the next is dealt.
	for n := 0; ; n++ {
		stg, turn := tb.Ref.Stage()
		if stg != stPlaying {
			break
		}
		mv, ok := tb.Ref.PlainMove(turn)
		if !ok || n > 2000 {
			t.Fatalf("no plain move for seat %d after %d", turn, n)
		}
		turnOver, err := tb.Ref.Apply(turn, mv)
		if err != nil {
			t.Fatal(err)
		}
		tb.applied(turnOver)
	}
	tb.schedule() // nobody present waits: the next hand is dealt
	if stg, _ := tb.Ref.Stage(); stg != stPlaying || tb.Ref.Hand() != 2 {
		t.Fatalf("stage %v, hand %d: the second hand not dealt", stg, tb.Ref.Hand())
	}
	want("a new deal", 0, 0)

	slots <- struct{}{}
	expertPlays()
	<-slots
	want("no slot free in the new deal", expert, 2)
}
