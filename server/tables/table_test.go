package tables

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"reflect"
	"sync"
	"testing"
	"time"

	"okey/game/classic"
	"okey/kit/seatmsg"
	"okey/server/servetest"
)

// A table driven by hand, on a clock of its own: its goroutine's steps
// called one by one.
func handTable(t *testing.T, timer time.Duration) (*Table, *time.Time) {
	t.Helper()
	tb, now := testTable(t, timer)
	t.Cleanup(tb.saving.saver.flush)
	// No goroutine: the bots' answers are read by hand (botMove).
	return tb, now
}

// testTable is a table on a clock of its own, whose saver writes
// nowhere; whoever runs it stops its saver (its goroutine, or the test).
func testTable(t *testing.T, timer time.Duration) (*Table, *time.Time) {
	t.Helper()
	return testTableWriting(t, timer, func([]byte, []byte) error { return nil })
}

// testTableWriting is testTable, its saver writing with write.
func testTableWriting(t *testing.T, timer time.Duration, write func(table, record []byte) error) (*Table, *time.Time) {
	t.Helper()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	opt := Options{
		BotDelay: 0, BotTimeout: time.Second, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now },
		Random: servetest.Random(1),
	}
	sv := NewSaver(write, func() error { return nil }, opt.Log)
	tb, err := New("1", Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}, Timer: timer}, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	return tb, &now
}

// askBot puts the question to the bot of seat, as the table's clock
// does when the seat's turn is due.
func askBot(tb *Table, seat int) {
	tb.bot.ask(seat, tb.Ref.AskBot(seat, levelsOf(&tb.Cfg, tb.f)(seat), tb.seal.BotKey))
}

// botMove waits for the bot asked and plays its answer.
func botMove(t *testing.T, tb *Table) {
	t.Helper()
	select {
	case a := <-tb.bot.answer:
		tb.bot.answered(tb, a)
	case <-time.After(time.Minute):
		t.Fatal("the bot did not answer")
	}
}

// TestTurnTimerAndKeptSeat: a player out of time is marked away and
// their bot plays; a dropped player's seat is kept ten minutes, then
// given up to a bot; only the host starts.
func TestTurnTimerAndKeptSeat(t *testing.T) {
	t.Parallel()
	tb, now := handTable(t, 30*time.Second)
	ann, bob := NewMember("key:A", "ann", "", 0), NewMember("key:B", "bob", "", 0)
	if s, err := tb.joinAs(ann, -1, false); err != nil || s != 0 {
		t.Fatalf("ann: seat %d, %v", s, err)
	}
	if s, err := tb.joinAs(bob, -1, false); err != nil || s != 1 {
		t.Fatalf("bob: seat %d, %v", s, err)
	}
	tb.handle(Request{Kind: ReqStart, M: bob})
	if tb.Ref != nil {
		t.Fatal("bob, not the host, started the match")
	}
	tb.handle(Request{Kind: ReqStart, M: ann})
	if tb.Ref == nil {
		t.Fatal("the host could not start")
	}
	// Bots play until a person's turn.
	for range 20 {
		tb.schedule()
		_, turn := tb.Ref.Stage()
		if turn <= 1 {
			break
		}
		tb.onClock()
		botMove(t, tb)
	}
	_, turn := tb.Ref.Stage()
	if turn > 1 {
		t.Fatal("never a person's turn")
	}
	if tb.clock.deadline.IsZero() || tb.clock.deadline.Sub(*now) != 30*time.Second {
		t.Fatalf("the turn's clock: %v", tb.clock.deadline)
	}
	*now = now.Add(31 * time.Second)
	moves := len(tb.Ref.Record())
	tb.onClock()
	if !tb.sit.seats[turn].away {
		t.Fatal("out of time, the player is not away")
	}
	botMove(t, tb)
	if len(tb.Ref.Record()) == moves {
		t.Fatal("the seat's bot did not play")
	}
	tb.handle(Request{Kind: ReqHere, M: tb.sit.seats[turn].m})
	if tb.sit.seats[turn].away {
		t.Fatal("a key did not bring the player back")
	}

	// Bob drops: the seat is his for ten minutes, a bot playing.
	tb.leave(bob, true)
	if info := tb.tell.info(tb); info.players[1].Kind != seatmsg.Away || tb.sit.seats[1].owner != "key:B" {
		t.Fatalf("bob's dropped seat: %+v", tb.sit.seats[1])
	}
	if _, err := tb.joinAs(NewMember("key:C", "cem", "", 0), 1, false); err == nil {
		t.Fatal("another player took a kept seat")
	}
	*now = now.Add(9 * time.Minute)
	tb.onClock()
	if tb.sit.seats[1].owner != "key:B" {
		t.Fatal("the seat was given up before ten minutes")
	}
	*now = now.Add(2 * time.Minute)
	tb.onClock()
	if tb.sit.seats[1].owner != "" {
		t.Fatal("the seat is still kept after ten minutes")
	}
	if s, err := tb.joinAs(NewMember("key:C", "cem", "", 0), 1, false); err != nil || s != 1 {
		t.Fatalf("cem could not take the freed seat: %d %v", s, err)
	}
}

// TestHostPasses: a host who leaves the waiting room, or drops, passes
// the start to a player who is there.
func TestHostPasses(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	ann, bob := NewMember("key:A", "ann", "", 0), NewMember("key:B", "bob", "", 0)
	tb.joinAs(ann, -1, false)
	tb.joinAs(bob, -1, false)
	if !tb.sit.isHost(ann) || tb.sit.isHost(bob) {
		t.Fatal("the first to sit is not the host")
	}
	tb.leave(ann, true) // dropped before the start: the seat is not kept
	if !tb.sit.isHost(bob) {
		t.Fatal("the host dropped from the waiting room and bob cannot start")
	}
	tb.handle(Request{Kind: ReqStart, M: bob})
	if tb.Ref == nil {
		t.Fatal("bob could not start")
	}
	// Mid-match the host drops (the seat kept): the player there may
	// start the next match; back, the host is the host again.
	tb2, _ := handTable(t, 0)
	cem, dan := NewMember("key:C", "cem", "", 0), NewMember("key:D", "dan", "", 0)
	tb2.joinAs(cem, -1, false)
	tb2.joinAs(dan, -1, false)
	tb2.handle(Request{Kind: ReqStart, M: cem})
	tb2.leave(cem, true)
	if !tb2.sit.isHost(dan) {
		t.Fatal("with the host away, the player at the table cannot start a match")
	}
	cem2 := NewMember("key:C", "cem", "", 0)
	tb2.joinAs(cem2, -1, false)
	if !tb2.sit.isHost(cem2) || tb2.sit.isHost(dan) {
		t.Fatal("the host, back, is not the host")
	}
}

// TestNextHandStartsWithABot: when every player is ready the next hand
// is dealt, and a bot who starts it is asked at once (not at the next
// wake-up of the clock, a minute later).
func TestNextHandStartsWithABot(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	ann := NewMember("key:A", "ann", "", 0)
	tb.joinAs(ann, -1, false)
	tb.handle(Request{Kind: ReqStart, M: ann})
	for hands := 0; hands < 3; {
		tb.schedule()
		stg, turn := tb.Ref.Stage()
		switch {
		case stg == stHandOver:
			tb.sit.seats[0].ready = true
			tb.schedule()
			hands++
			if st, turn := tb.Ref.Stage(); st == stPlaying && turn != 0 && tb.clock.nextBot.IsZero() {
				t.Fatalf("hand %d dealt with seat %d to move, and no bot asked", tb.Ref.Hand(), turn)
			}
		case stg == stMatchOver:
			return
		case turn == 0: // ann plays plainly
			mv, _ := tb.Ref.PlainMove(0)
			turnOver, err := tb.Ref.Apply(0, mv)
			if err != nil {
				t.Fatal(err)
			}
			tb.applied(turnOver)
		default:
			if tb.clock.nextBot.IsZero() {
				t.Fatalf("seat %d to move and no bot asked", turn)
			}
			tb.onClock()
			botMove(t, tb)
		}
	}
}

// plainTo plays every seat plainly (ending the hand rather than taking
// round and round once the wall is empty) until stop holds.
func plainTo(t *testing.T, tb *Table, stop func(stg stage, turn int) bool) {
	t.Helper()
	for n := 0; ; n++ {
		stg, turn := tb.Ref.Stage()
		if stop(stg, turn) {
			return
		}
		if stg != stPlaying || n > 1000 {
			t.Fatalf("stage %v, turn %d after %d moves", stg, turn, n)
		}
		mv, ok := tb.Ref.PlainMove(turn)
		if tb.Ref.(*refereeClassic).g.State().Legal(turn).EndHand {
			mv, ok = classic.EndHandAction(turn), true
		}
		if !ok {
			t.Fatalf("no move for seat %d", turn)
		}
		turnOver, err := tb.Ref.Apply(turn, mv)
		if err != nil {
			t.Fatal(err)
		}
		tb.applied(turnOver)
	}
}

// TestStaleIntentIsDropped: an intent names the deal it was made for,
// and the table plays it on that deal only: a "ready" made
// for another hand marks nobody ready, and a discard made for hand 1
// that arrives in hand 2, where it would be legal, is not played — the
// player is told so.
func TestStaleIntentIsDropped(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	ann := NewMember("key:A", "ann", "", 0)
	tb.joinAs(ann, -1, false)
	tb.handle(Request{Kind: ReqStart, M: ann})
	plainTo(t, tb, func(stg stage, _ int) bool { return stg == stHandOver })
	tb.handle(Request{Kind: ReqMove, M: ann, Move: seatmsg.Intent{Kind: seatmsg.IntentAct, Action: classic.NextHandAction(), Hand: 2}})
	if tb.sit.seats[0].ready {
		t.Fatal("a ready made for hand 2 counted at the end of hand 1")
	}
	tb.handle(Request{Kind: ReqMove, M: ann, Move: seatmsg.Intent{Kind: seatmsg.IntentAct, Action: classic.NextHandAction(), Hand: 1}})
	tb.schedule()
	if tb.Ref.Hand() != 2 {
		t.Fatalf("ann ready for hand 1's end, and hand %d is on", tb.Ref.Hand())
	}
	plainTo(t, tb, func(stg stage, turn int) bool { return stg == stPlaying && turn == 0 })
	mv, _ := tb.Ref.PlainMove(0)
	moves := len(tb.Ref.Record())
	tb.handle(Request{Kind: ReqMove, M: ann, Move: seatmsg.Intent{Kind: seatmsg.IntentAct, Action: mv.(classic.Action), Hand: 1}})
	if len(tb.Ref.Record()) != moves {
		t.Fatal("a move made for hand 1 was played in hand 2")
	}
	if r := tb.refusals[ann]; r.text != "seat.stale" {
		t.Fatalf("ann was told %q", r.text)
	}
	tb.handle(Request{Kind: ReqMove, M: ann, Move: seatmsg.Intent{Kind: seatmsg.IntentAct, Action: mv.(classic.Action), Hand: 2}})
	if len(tb.Ref.Record()) == moves {
		t.Fatalf("the same move made for hand 2 was not played: %q", tb.refusals[ann].text)
	}
}

// TestChatKeepsItsPlace: a chat line keeps where in the match it was
// said (the deal, the events of its history before it), in the table's
// file too, so that after a restart it comes back among the moves;
// a new match marks the lines before it as such, without
// changing the lines updates already hold.
func TestChatKeepsItsPlace(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	var mu sync.Mutex
	var file []byte
	tb.saving.saver = NewSaver(func(table, _ []byte) error {
		mu.Lock()
		defer mu.Unlock()
		if table != nil {
			file = table
		}
		return nil
	}, func() error { return nil }, tb.Opt.Log)
	ann := NewMember("key:A", "ann", "", 0)
	tb.joinAs(ann, -1, false)
	tb.chat.say(tb, ann, "before")
	tb.handle(Request{Kind: ReqStart, M: ann})
	moves := 0
	plainTo(t, tb, func(stage, int) bool { moves++; return moves > 7 })
	tb.chat.say(tb, ann, "in the hand")
	want := []seatmsg.ChatLine{{Seq: 1, Name: "ann", Text: "before"}, {Seq: 2, Name: "ann", Text: "in the hand", Hand: 1, At: tb.Ref.Events()}}
	if want[1].At < 7 || !reflect.DeepEqual(tb.chat.lines, want) {
		t.Fatalf("the chat: %+v, want %+v", tb.chat.lines, want)
	}
	tb.saving.saver.flush() // writes what waits, and stops
	var saved SavedTable
	mu.Lock()
	err := json.Unmarshal(file, &saved)
	mu.Unlock()
	if err != nil || !reflect.DeepEqual(saved.Chat, want) {
		t.Fatalf("the table's file keeps the chat as %+v (%v), want %+v", saved.Chat, err, want)
	}
	held := tb.chat.lines
	tb.start() // a new match
	if tb.chat.lines[1].Hand != 0 || tb.chat.lines[1].At != 0 || held[1] != want[1] {
		t.Fatalf("after a new match the chat is %+v; an update's lines became %+v", tb.chat.lines, held)
	}
}

// TestSpectatorsShareOneUpdate: the public view is made once a change
// for every spectator, and what each is handed is the spectator's view
// (no rack); a spectator with a refusal to hear gets it.
func TestSpectatorsShareOneUpdate(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	ann := NewMember("key:A", "ann", "", 0)
	tb.joinAs(ann, -1, false)
	tb.handle(Request{Kind: ReqStart, M: ann})
	w1, w2, w3 := NewMember("key:W1", "w1", "", 0), NewMember("key:W2", "w2", "", 0), NewMember("key:W3", "w3", "", 0)
	for _, w := range []*Member{w1, w2, w3} {
		tb.handle(Request{Kind: ReqWatch, M: w, Reply: make(chan JoinReply, 1)})
	}
	tb.refusals.add(w3, "seat.stale")
	tb.tell.publish(tb)
	got := map[*Member]seatmsg.Update{}
	for _, w := range []*Member{w1, w2, w3} {
		u := (<-w.Box).Update
		if u == nil || u.View == nil {
			t.Fatalf("%s: no classic update", w.name)
		}
		if len(u.View.Rack) != 0 {
			t.Fatalf("%s: a spectator is handed a rack of %d tiles", w.name, len(u.View.Rack))
		}
		got[w] = *u
	}
	if got[w1].View != got[w2].View {
		t.Error("two spectators' views were made twice for one change")
	}
	if got[w3].Refused != "seat.stale" || got[w1].Refused != "" {
		t.Errorf("refusals: w3 %q (want seat.stale), w1 %q (want none)", got[w3].Refused, got[w1].Refused)
	}
}

// TestOneAddressOneSeat: a second identity from an address that holds a
// seat is refused one (a key and a guest login of one person would see
// two racks) unless the host allowed several seats from one address;
// the same identity coming back, another address, a watcher and the
// loopback (players on the server's own machine) are not held to it.
func TestOneAddressOneSeat(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		same     bool
		first    string
		second   string
		secondID string
		wantErr  error
	}{
		{"a key and a guest from one address", false, "192.0.2.7", "192.0.2.7", "guest:ABCDEFGHJK", ErrSameAddr},
		{"one IPv6 network", false, "2001:db8:1:2::/64", "2001:db8:1:2::/64", "key:other", ErrSameAddr},
		{"the host allows it", true, "192.0.2.7", "192.0.2.7", "guest:ABCDEFGHJK", nil},
		{"another address", false, "192.0.2.7", "192.0.2.8", "key:other", nil},
		{"the same identity again", false, "192.0.2.7", "192.0.2.7", "key:A", nil},
		{"the loopback", false, "127.0.0.1", "127.0.0.1", "key:other", nil},
	} {
		tb, _ := handTable(t, 0)
		tb.Cfg.SameAddr = c.same
		ann := NewMember("key:A", "ann", c.first, 0)
		if _, err := tb.joinAs(ann, -1, false); err != nil {
			t.Fatal(err)
		}
		other := NewMember(c.secondID, "two", c.second, 0)
		_, err := tb.joinAs(other, -1, false)
		if !errors.Is(err, c.wantErr) {
			t.Errorf("%s: the second seat: %v, want %v", c.name, err, c.wantErr)
		}
	}
}

// TestResumeJoinRefusedWhileConnected: a join made with a resume code
// does not take a seat whose player has a session at the table, away or
// not; a key's second session does (the same player again); once the
// player's session has gone, the code takes the seat.
func TestResumeJoinRefusedWhileConnected(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	gus := NewMember("guest:ABCDEFGHJK", "gus", "127.0.0.2", -1)
	if _, err := tb.joinAs(gus, -1, false); err != nil {
		t.Fatal(err)
	}
	tb.sit.seats[0].away = true // away, their bot playing: still connected
	eve := NewMember("guest:ABCDEFGHJK", "eve", "127.0.0.3", -1)
	if s, err := tb.joinAs(eve, -1, true); !errors.Is(err, ErrSeatLive) || s != -1 {
		t.Fatalf("a resume code took a connected seat: seat %d, %v", s, err)
	}
	if tb.sit.seats[0].m != gus {
		t.Fatal("the guest's session was let go")
	}
	tb.leave(gus, true) // the connection ends; the seat is kept
	if s, err := tb.joinAs(eve, -1, true); err != nil || s != 0 {
		t.Fatalf("the code did not take the kept seat back: seat %d, %v", s, err)
	}
	ann, ann2 := NewMember("key:A", "ann", "", -1), NewMember("key:A", "ann", "", -1)
	if _, err := tb.joinAs(ann, -1, false); err != nil {
		t.Fatal(err)
	}
	if s, err := tb.joinAs(ann2, -1, false); err != nil || tb.sit.seats[s].m != ann2 {
		t.Fatalf("a key's second session did not replace the first: seat %d, %v", s, err)
	}
}

// TestBroughtBackTellsEachPlayerOnce: a table brought back after its
// servers stopped tells each player coming back to a seat they held
// where its match went on from, once; a newcomer, and a table with no
// match under way, say nothing.
func TestBroughtBackTellsEachPlayerOnce(t *testing.T) {
	tb, _ := handTable(t, 0)
	ann := NewMember("key:SHA256:ann", "ann", "", 0)
	tb.joinAs(ann, 0, false)
	tb.BroughtBack() // a waiting room: no move to lose
	if tb.restarted != nil {
		t.Fatal("a waiting room is marked brought back")
	}
	tb.handle(Request{Kind: ReqStart, M: ann})
	tb.sit.seats[0].away = true // her bot plays
	_, turn := tb.Ref.Stage()
	askBot(tb, turn)
	botMove(t, tb)
	tb.leave(ann, true)
	tb.BroughtBack()
	join := func(m *Member) JoinReply {
		t.Helper()
		r := Request{Kind: ReqJoin, M: m, Seat: -1, Reply: make(chan JoinReply, 1)}
		tb.handle(r)
		rep := <-r.Reply
		if rep.Err != nil {
			t.Fatalf("%v", rep.Err)
		}
		return rep
	}
	want := Restarted{Hand: 1, Move: tb.Ref.Events()}
	if want.Move == 0 {
		t.Fatal("no move made before the stop")
	}
	if rep := join(NewMember("key:SHA256:ann", "ann", "", -1)); rep.Restarted == nil || *rep.Restarted != want {
		t.Fatalf("ann back: told %+v, want %+v", rep.Restarted, want)
	}
	if rep := join(NewMember("key:SHA256:ann", "ann", "", -1)); rep.Restarted != nil {
		t.Fatalf("ann told again: %+v", rep.Restarted)
	}
	if rep := join(NewMember("key:SHA256:cem", "cem", "", -1)); rep.Restarted != nil {
		t.Fatalf("cem, who was not there, told %+v", rep.Restarted)
	}
}

// TestTakenOverTellsEachPlayerOnce: a table another node took over mid-
// match tells each player who comes back to a seat they held, once,
// that it moved (their session, on the node lost, seats them again with
// no key); a newcomer is told nothing; a table brought back after every
// server stopped says where it went on from instead, and one whose
// match is over says nothing.
func TestTakenOverTellsEachPlayerOnce(t *testing.T) {
	join := func(t *testing.T, tb *Table, m *Member) JoinReply {
		t.Helper()
		r := Request{Kind: ReqJoin, M: m, Seat: -1, Reply: make(chan JoinReply, 1)}
		tb.handle(r)
		return <-r.Reply
	}
	tb, _ := handTable(t, 0)
	ann := NewMember("key:SHA256:ann", "ann", "", 0)
	tb.joinAs(ann, 0, false)
	tb.handle(Request{Kind: ReqStart, M: ann})
	tb.leave(ann, true)
	tb.TakenOver()
	if rep := join(t, tb, NewMember("key:SHA256:ann", "ann", "", -1)); rep.Err != nil || !rep.Moved || rep.Restarted != nil {
		t.Errorf("ann back: %+v", rep)
	}
	if rep := join(t, tb, NewMember("key:SHA256:ann", "ann", "", -1)); rep.Moved {
		t.Errorf("ann told again: %+v", rep)
	}
	if rep := join(t, tb, NewMember("key:SHA256:cem", "cem", "", -1)); rep.Err != nil || rep.Moved {
		t.Errorf("cem, who was not there: %+v", rep)
	}

	back, _ := handTable(t, 0)
	back.joinAs(ann, 0, false)
	back.handle(Request{Kind: ReqStart, M: ann})
	back.BroughtBack()
	back.TakenOver()
	if rep := join(t, back, NewMember("key:SHA256:ann", "ann", "", -1)); rep.Moved || rep.Restarted == nil {
		t.Errorf("brought back after every server stopped: %+v", rep)
	}

	waiting, _ := handTable(t, 0)
	waiting.joinAs(ann, 0, false)
	waiting.TakenOver() // no match yet: nothing moved under anyone
	if rep := join(t, waiting, NewMember("key:SHA256:ann", "ann", "", -1)); rep.Moved {
		t.Errorf("a waiting room: %+v", rep)
	}
}

// TestMutedSaysNothing: a player the operator muted says nothing at the
// table, is told so (the refusal's words), and says lines again once
// unmuted; another player at the table is not held back.
func TestMutedSaysNothing(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	muted := map[string]bool{"key:A": true}
	tb.Opt.Muted = func(id string) (time.Time, bool) { return time.Time{}, muted[id] }
	ann, bob := NewMember("key:A", "ann", "", 0), NewMember("key:B", "bob", "", 1)
	tb.joinAs(ann, -1, false)
	tb.joinAs(bob, -1, false)
	tb.chat.say(tb, ann, "spam")
	tb.chat.say(tb, bob, "hello")
	if len(tb.chat.lines) != 1 || tb.chat.lines[0].Name != "bob" {
		t.Fatalf("with ann muted the chat is %+v", tb.chat.lines)
	}
	if tb.refusals[ann].text != "chat.muted" {
		t.Errorf("ann is told %q", tb.refusals[ann].text)
	}
	delete(muted, "key:A")
	tb.chat.say(tb, ann, "sorry")
	if len(tb.chat.lines) != 2 || tb.chat.lines[1].Text != "sorry" {
		t.Errorf("unmuted, the chat is %+v", tb.chat.lines)
	}
}

// TestMutedToldOnce: a change of the mutes tells the members muted at
// once, with no line of theirs, and once: another change (someone
// else muted) does not tell them again, nor does one after a line of
// theirs refused (told then); a mute lifted and put back does, and so
// does a mute put again once it lapsed, with no change seen between;
// a member not muted is never told.
func TestMutedToldOnce(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	muted := map[string]time.Time{}
	tb.Opt.Muted = func(id string) (time.Time, bool) { u, ok := muted[id]; return u, ok }
	ann, bob, eve := NewMember("key:A", "ann", "", 0), NewMember("key:B", "bob", "", 1), NewMember("key:E", "eve", "", -1)
	tb.joinAs(ann, -1, false)
	tb.joinAs(bob, -1, false)
	tb.sit.watchers[eve] = struct{}{}
	muted["key:A"], muted["key:E"] = time.Time{}, time.Time{}
	tb.chat.tellMuted(tb)
	for _, m := range []*Member{ann, eve} {
		if r := tb.refusals[m]; r.text != "chat.muted" || r.seq != 1 {
			t.Errorf("%s, muted, is told %+v", m.name, r)
		}
	}
	if r, ok := tb.refusals[bob]; ok {
		t.Errorf("bob, not muted, is told %+v", r)
	}
	muted["key:B"] = time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC)
	tb.chat.tellMuted(tb)
	if r := tb.refusals[ann]; r.seq != 1 {
		t.Errorf("ann is told again at another's mute: %+v", r)
	}
	if r := tb.refusals[bob]; r.text != "chat.muted" || r.seq != 1 {
		t.Errorf("bob, muted now, is told %+v", r)
	}
	tb.chat.say(tb, bob, "hello?")
	tb.chat.tellMuted(tb)
	if r := tb.refusals[bob]; r.seq != 2 {
		t.Errorf("bob, told at his line, is told %+v at the next change", r)
	}
	delete(muted, "key:A")
	tb.chat.tellMuted(tb)
	muted["key:A"] = time.Time{}
	tb.chat.tellMuted(tb)
	if r := tb.refusals[ann]; r.seq != 2 {
		t.Errorf("ann, muted again, is told %+v", r)
	}
	muted["key:B"] = time.Date(2026, 11, 27, 23, 0, 0, 0, time.UTC) // the first lapsed, unseen, and another put
	tb.chat.tellMuted(tb)
	if r := tb.refusals[bob]; r.seq != 3 {
		t.Errorf("bob, muted again after a lapse, is told %+v", r)
	}
}

// TestASeatsUpdateCountsItsBotsMoves: a seat's update says how many
// moves its bot played for its player since the player last moved —
// what tells a player back at a table that moved that a move of theirs
// on its way was not played (their bot's was) — and the player's own
// move sets it back to none.
func TestASeatsUpdateCountsItsBotsMoves(t *testing.T) {
	t.Parallel()
	tb, _ := handTable(t, 0)
	ann, bob := NewMember("key:A", "ann", "", 0), NewMember("key:B", "bob", "", 0)
	tb.joinAs(ann, -1, false)
	tb.joinAs(bob, -1, false)
	tb.handle(Request{Kind: ReqStart, M: ann})
	tb.leave(bob, true) // his node gone: the seat kept, his bot playing
	botPlayed := func(m *Member, seat int) int {
		t.Helper()
		info := tb.tell.info(tb)
		msg := tb.tell.msgFor(tb, m, seat, &info)
		if msg.Update == nil {
			t.Fatalf("no update for seat %d: %+v", seat, msg)
		}
		return msg.Update.BotPlayed
	}
	// Bots play until ann's turn, bob's bot among them.
	played := 0
	for range 40 {
		tb.schedule()
		_, turn := tb.Ref.Stage()
		if turn == 0 && played > 0 {
			break
		}
		if turn == 0 {
			playAsBot(t, tb, 0, ann)
			continue
		}
		if turn == 1 {
			played++
		}
		tb.onClock()
		botMove(t, tb)
	}
	if played == 0 {
		t.Fatal("bob's seat never had the turn")
	}
	bob2 := NewMember("key:B", "bob", "", 0)
	if s, err := tb.joinAs(bob2, -1, false); err != nil || s != 1 {
		t.Fatalf("bob back: seat %d, %v", s, err)
	}
	if got := botPlayed(bob2, 1); got < played {
		t.Fatalf("bob back: his update says his bot played %d moves, it played %d turns", got, played)
	}
	if got := botPlayed(ann, 0); got != 0 {
		t.Fatalf("ann, who played her own moves: %d of her bot's", got)
	}
	// bob's own move: none of his bot's since.
	for range 40 {
		if _, turn := tb.Ref.Stage(); turn == 1 {
			break
		}
		tb.schedule()
		if _, turn := tb.Ref.Stage(); turn == 0 {
			playAsBot(t, tb, 0, ann)
			continue
		}
		tb.onClock()
		botMove(t, tb)
	}
	playAsBot(t, tb, 1, bob2)
	if got := botPlayed(bob2, 1); got != 0 {
		t.Fatalf("after bob's own move his update says his bot played %d", got)
	}
}

// playAsBot has seat's player m play what the seat's bot would: the
// bot's answer sent as m's own move.
func playAsBot(t *testing.T, tb *Table, seat int, m *Member) {
	t.Helper()
	mv, err := tb.Ref.AskBot(seat, levelsOf(&tb.Cfg, tb.f)(seat), tb.seal.BotKey)(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	a, ok := mv.(classic.Action)
	if !ok {
		t.Fatalf("the bot's move %T", mv)
	}
	hand, _ := tb.Ref.Deal()
	before := len(tb.Ref.Record())
	tb.handle(Request{Kind: ReqMove, M: m, Move: seatmsg.Intent{Kind: seatmsg.IntentAct, Action: a, Hand: hand}})
	if len(tb.Ref.Record()) == before {
		t.Fatalf("seat %d's move %v not played", seat, a)
	}
}
