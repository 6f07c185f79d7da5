package tables

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"okey/game/format"
	"okey/kit/seatmsg"
	"okey/server/keep"
	"okey/server/servetest"
)

// seatedTable is a tournament's table of a classic match from 5 points on a
// clock of its own, driven by hand: ann, bob and cem seated (seat 3 a
// bot's), each with back to come; the entry and record it last saved
// are kept in saved.
func seatedTable(t *testing.T, back time.Duration) (*Table, *time.Time, Options, func() (entry, record []byte)) {
	t.Helper()
	return seatedTableOf(t, back, nil)
}

// seatedTableOf is seatedTable, a table of duplicate round plan if
// given.
func seatedTableOf(t *testing.T, back time.Duration, plan *format.RoundPlan) (*Table, *time.Time, Options, func() (entry, record []byte)) {
	t.Helper()
	return seatedTableOfGame(t, back, plan, "classic", "points=5")
}

// seatedTableOfGame is seatedTableOf playing game g by rules.
func seatedTableOfGame(t *testing.T, back time.Duration, plan *format.RoundPlan, g, rules string) (*Table, *time.Time, Options, func() (entry, record []byte)) {
	t.Helper()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	opt := Options{
		BotDelay: 0, BotTimeout: time.Second, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now },
		Random: servetest.Random(1),
	}
	var mu sync.Mutex
	var entry, record []byte
	sv := NewSaver(func(e, r []byte) error {
		mu.Lock()
		if e != nil { // nil: the entry as last written
			entry = e
		}
		record = r
		mu.Unlock()
		return nil
	}, func() error { return nil }, opt.Log)
	cfg := Config{Game: g, Rules: rules, Levels: [4]string{"easy", "easy", "easy", "easy"},
		Seated: &Seated{Tourney: "t1", Players: [4]string{"key:ann", "key:bob", "key:cem", ""}, Back: back}, Round: plan}
	tb, err := NewSeated("9", cfg, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	saved := func() ([]byte, []byte) {
		for tb.saving.savedGen < tb.saving.saveGen {
			select {
			case g := <-tb.saving.stored:
				tb.saving.savedGen = max(tb.saving.savedGen, g)
			case <-time.After(time.Minute):
				t.Fatal("the table's entry was never written")
			}
		}
		mu.Lock()
		defer mu.Unlock()
		return entry, record
	}
	t.Cleanup(sv.flush)
	return tb, &now, opt, saved
}

// TestAwayPastItsTimeLosesTheMatch: at a tournament's table a player's
// bot earns nothing for them. A player away from their seat (no key
// pressed, their bot playing) longer than their time to come loses the
// match for them — their seat's update says so, their coming back does
// not undo it, the table's end counts the seat forfeit, and a table
// brought back from its entry remembers it — while one away for less
// each time, however often, loses nothing.
func TestAwayPastItsTimeLosesTheMatch(t *testing.T) {
	t.Parallel()
	const back = 2 * time.Minute
	tb, now, opt, saved := seatedTable(t, back)
	var ms [3]*Member
	for i, who := range []string{"ann", "bob", "cem"} {
		ms[i] = NewMember("key:"+who, who, "", -1)
		if s, err := tb.joinAs(ms[i], -1, false); err != nil || s != i {
			t.Fatalf("%s: seat %d, %v", who, s, err)
		}
	}
	step := func(d time.Duration) {
		*now = now.Add(d)
		tb.schedule()
	}
	for _, m := range ms {
		tb.handle(Request{Kind: ReqHere, M: m}) // a key at the table: present
	}
	tb.handle(Request{Kind: ReqAway, M: ms[1]}) // bob: no key since, his bot plays
	tb.handle(Request{Kind: ReqAway, M: ms[2]}) // cem too, for a while
	step(0)
	step(back - time.Second)
	tb.handle(Request{Kind: ReqHere, M: ms[2]}) // cem back in time
	step(0)
	if tb.absent != [4]bool{} {
		t.Fatalf("absent before the time to come: %v", tb.absent)
	}
	if due := tb.absenceDue(); !due.Equal(now.Add(time.Second)) {
		t.Errorf("the table wakes for bob's time at %v, want %v", due, now.Add(time.Second))
	}
	tb.handle(Request{Kind: ReqAway, M: ms[2]}) // cem away again: his clock starts again
	step(time.Second)
	if tb.absent != [4]bool{false, true, false, false} {
		t.Fatalf("absent %v, want bob's seat alone", tb.absent)
	}
	info := tb.tell.info(tb)
	if u := tb.tell.msgFor(tb, ms[1], 1, &info).Update; u == nil || !u.AwayLost {
		t.Errorf("bob's update does not say his match is lost: %+v", u)
	}
	if u := tb.tell.msgFor(tb, ms[0], 0, &info).Update; u == nil || u.AwayLost {
		t.Errorf("ann's update says her match is lost")
	}
	tb.handle(Request{Kind: ReqHere, M: ms[1]}) // bob back: lost all the same
	step(back - time.Second)
	tb.handle(Request{Kind: ReqHere, M: ms[2]})
	step(0)
	if tb.absent != [4]bool{false, true, false, false} {
		t.Fatalf("absent %v after bob came back, want bob's seat alone", tb.absent)
	}

	// Kept with the table: brought back from its entry, the seat is
	// still lost.
	entry, record := saved()
	var st SavedTable
	if err := json.Unmarshal(entry, &st); err != nil {
		t.Fatal(err)
	}
	if st.Absent != tb.absent {
		t.Errorf("the entry keeps absent %v, want %v", st.Absent, tb.absent)
	}
	again, err := RestoreTable("9", entry, record, *now, opt, func() *Saver {
		return NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.Log)
	})
	if err != nil || again == nil {
		t.Fatalf("restored: %v, %v", again, err)
	}
	t.Cleanup(again.saving.saver.flush)
	if again.absent != tb.absent {
		t.Errorf("restored, absent %v, want %v", again.absent, tb.absent)
	}

	// The end: bob's seat forfeit, whatever his bot made of it (the
	// bots play every seat out, the clock standing still).
	for _, m := range ms {
		tb.handle(Request{Kind: ReqAway, M: m})
	}
	playOut(t, tb)
	end, ok := tb.Cfg.chosenEnd(tb.ID, tb.Ref, tb.sit.owners(), tb.absent)
	if !ok {
		t.Fatal("no end of a match over")
	}
	if want := [4]bool{false, true, false, false}; end.Forfeit != want || end.Away != want {
		t.Errorf("the end's forfeits %v, away %v; want %v both", end.Forfeit, end.Away, want)
	}
}

// TestAwayLosesOnlyWhereTheFormatSays: at an ordinary table a player
// away however long loses nothing by it: their bot plays for them, as
// it always has.
func TestAwayLosesOnlyWhereTheFormatSays(t *testing.T) {
	t.Parallel()
	tb, now := handTable(t, 0)
	ann := NewMember("key:A", "ann", "", 0)
	tb.joinAs(ann, -1, false)
	tb.handle(Request{Kind: ReqStart, M: ann})
	tb.handle(Request{Kind: ReqAway, M: ann})
	tb.schedule()
	*now = now.Add(time.Hour)
	tb.schedule()
	if tb.absent != [4]bool{} || !tb.absenceDue().IsZero() {
		t.Errorf("an ordinary table marked absent %v", tb.absent)
	}
}

// TestOneAddressOneSeatAtATournamentsTable: a tournament's table holds
// its seats for its players before anyone comes, and applies the rule
// of every table all the same: the second of its players to come from
// an address another of them sat down from is refused (their seat
// stays theirs to lose in time), one from another address sits, and
// the loopback's players (the server's own machine) are not counted.
func TestOneAddressOneSeatAtATournamentsTable(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name         string
		first, again string
		want         error
	}{
		{"a second key from one address", "192.0.2.7", "192.0.2.7", ErrSameAddr},
		{"one IPv6 network", "2001:db8:1:2::/64", "2001:db8:1:2::/64", ErrSameAddr},
		{"another address", "192.0.2.7", "192.0.2.8", nil},
		{"the loopback", "127.0.0.1", "127.0.0.1", nil},
	} {
		tb, _, _, _ := seatedTable(t, time.Minute)
		if _, err := tb.joinAs(NewMember("key:ann", "ann", c.first, -1), -1, false); err != nil {
			t.Fatalf("%s: ann: %v", c.name, err)
		}
		s, err := tb.joinAs(NewMember("key:bob", "bob", c.again, -1), -1, false)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: bob: seat %d, %v, want %v", c.name, s, err, c.want)
		}
		if c.want != nil && !tb.awaited[1] {
			t.Errorf("%s: bob refused, his seat no longer awaited", c.name)
		}
		// ann again, from the same address: her own seat.
		if s, err := tb.joinAs(NewMember("key:ann", "ann", c.first, -1), -1, false); err != nil || s != 0 {
			t.Errorf("%s: ann again: seat %d, %v", c.name, s, err)
		}
	}
}

// playOut has the bots play every seat of tb's match to its end (its
// players away, the clock standing still).
func playOut(t *testing.T, tb *Table) {
	t.Helper()
	for moves := 0; ; moves++ {
		stg, turn := tb.Ref.Stage()
		if stg == stMatchOver {
			return
		}
		if moves > 5000 {
			t.Fatal("the match never ended")
		}
		if stg == stHandOver {
			tb.deal()
			continue
		}
		askBot(tb, turn)
		botMove(t, tb)
	}
}

// TestHeldEndAtADuplicateRoundsTable: at a table of a duplicate round
// (its deal shared with the round's other tables) a player whose match
// is over is handed their own place and score and sent away — no final
// update, whose hands' ends show every rack of a deal other tables may
// still be dealing — and the message crosses to another node whole; at
// a tournament's table of a deal of its own the final update comes as
// ever.
func TestHeldEndAtADuplicateRoundsTable(t *testing.T) {
	t.Parallel()
	var b [format.SealBytes]byte
	b[0] = 7
	plan := format.RoundPlanOf(format.SealFrom(b))
	for _, shared := range []bool{true, false} {
		p := &plan
		if !shared {
			p = nil
		}
		tb, _, _, _ := seatedTableOf(t, time.Minute, p)
		ms := awayPlayers(t, tb)
		info := tb.tell.info(tb)
		if msg := tb.tell.msgFor(tb, ms[1], 1, &info); msg.Update == nil || msg.Held != nil {
			t.Fatalf("shared %v, in play: %+v", shared, msg)
		}
		playOut(t, tb)
		places, _, _ := tb.Ref.Standings()
		scores, _ := tb.Ref.Scores()
		info = tb.tell.info(tb)
		msg := tb.tell.msgFor(tb, ms[1], 1, &info)
		if !shared {
			if msg.Update == nil || msg.Held != nil {
				t.Errorf("a deal of its own, over: %+v", msg)
			}
			continue
		}
		want := seatmsg.Held{Table: "9", Tourney: "t1", Game: "classic", Place: places[1], Score: scores[1]}
		if msg.Update != nil || msg.Closed != heldClosed || msg.Held == nil || *msg.Held != want {
			t.Fatalf("the round's deal, over: %+v (held %+v), want %+v", msg, msg.Held, want)
		}
		wire, err := EncodeMsg(msg)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := DecodeMsg(wire); err != nil || back.Held == nil || *back.Held != want || back.Closed != heldClosed {
			t.Errorf("across nodes: %+v, %v", back, err)
		}
	}
}

// TestHandsEndsHeldAtADuplicateRoundsTable: between the hands of a
// match at a table of a duplicate round, a player is handed their own
// place and score (seatmsg.HeldHand) and no view — the hand's end
// shows every rack of a deal the round's other tables may still be
// dealing — and during the next hand the hands over carry no rack but
// their own (101's score sheet; classic's winner's hand); it crosses
// to another node whole. At a tournament's table of a deal of its own
// the hand's end is shown as ever. In both games.
func TestHandsEndsHeldAtADuplicateRoundsTable(t *testing.T) {
	t.Parallel()
	var b [format.SealBytes]byte
	b[0] = 9
	plan := format.RoundPlanOf(format.SealFrom(b))
	for _, g := range []struct{ game, rules string }{{"classic", "points=5"}, {"101", "hands=2"}} {
		for _, shared := range []bool{true, false} {
			what := fmt.Sprintf("%s, shared %v", g.game, shared)
			p := &plan
			if !shared {
				p = nil
			}
			tb, _, _, _ := seatedTableOfGame(t, time.Minute, p, g.game, g.rules)
			ms := awayPlayers(t, tb)
			// The first hand played out by the bots.
			for moves := 0; ; moves++ {
				stg, turn := tb.Ref.Stage()
				if stg == stHandOver {
					break
				}
				if stg == stMatchOver || moves > 5000 {
					t.Fatalf("%s: the first hand never ended between hands (%v)", what, stg)
				}
				askBot(tb, turn)
				botMove(t, tb)
			}
			whole := tb.Ref.Update(1, &seatInfo{}) // the hand's end as it is
			info := tb.tell.info(tb)
			msg := tb.tell.msgFor(tb, ms[1], 1, &info)
			if msg.Update == nil {
				t.Fatalf("%s: between hands: %+v", what, msg)
			}
			u := msg.Update
			if !shared {
				if u.HeldHand != nil || (u.View == nil && u.View101 == nil) {
					t.Errorf("%s: a deal of its own, between hands: held %+v", what, u.HeldHand)
				}
				continue
			}
			var want seatmsg.HeldHand
			switch {
			case whole.View != nil:
				sc := whole.View.Scores
				want = seatmsg.HeldHand{Game: "classic", Hand: 1, Place: 1 + placeAbove(sc, 1, func(a, b int) bool { return a > b }), Score: sc[1]}
			default:
				tot := whole.View101.Totals
				want = seatmsg.HeldHand{Game: "101", Hand: 1, Hands: 2, Place: 1 + placeAbove(tot, 1, func(a, b int) bool { return a < b }), Score: tot[1]}
			}
			if u.HeldHand == nil || *u.HeldHand != want || u.View != nil || u.View101 != nil || u.Hands != nil || !u.InPlay() {
				t.Fatalf("%s: between hands: held %+v, view %v %v, hands %d; want %+v and no view", what, u.HeldHand, u.View != nil, u.View101 != nil, len(u.Hands), want)
			}
			wire, err := EncodeMsg(msg)
			if err != nil {
				t.Fatal(err)
			}
			if back, err := DecodeMsg(wire); err != nil || back.Update == nil || back.Update.HeldHand == nil || *back.Update.HeldHand != want {
				t.Errorf("%s: across nodes: %+v, %v", what, back, err)
			}
			// The next hand: the first's racks are not in the view.
			tb.deal()
			info = tb.tell.info(tb)
			u = tb.tell.msgFor(tb, ms[1], 1, &info).Update
			whole = tb.Ref.Update(1, &seatInfo{})
			switch {
			case u == nil || u.HeldHand != nil:
				t.Fatalf("%s: the next hand: %+v", what, u)
			case u.View != nil:
				if len(u.Hands) != 1 || len(whole.Hands) != 1 {
					t.Fatalf("%s: %d hands over in the view", what, len(u.Hands))
				}
				if w := whole.Hands[0].Result; w.Winner != 1 && len(u.Hands[0].Result.Win.Melds) != 0 {
					t.Errorf("%s: the next hand shows the first's winner's hand %v", what, u.Hands[0].Result.Win.Melds)
				}
			default:
				r := u.View101.Results
				if len(r) != 1 {
					t.Fatalf("%s: %d hands over in the view", what, len(r))
				}
				shown := 0
				for s, l := range r[0].Lines {
					if s != 1 && len(l.Rack) > 0 {
						shown++
					}
					if s == 1 && !slices.Equal(l.Rack, whole.View101.Results[0].Lines[1].Rack) {
						t.Errorf("%s: the seat's own rack kept from it: %v", what, l.Rack)
					}
				}
				if shown > 0 || len(whole.View101.Results[0].Lines[0].Rack)+len(whole.View101.Results[0].Lines[2].Rack) == 0 {
					t.Errorf("%s: the next hand shows %d other racks of the first (the referee's %v)", what, shown, whole.View101.Results[0].Lines)
				}
			}
		}
	}
}

// awayPlayers seats ann, bob and cem, the players seatedTableOf holds
// seats for, at tb, each away (their bots play).
func awayPlayers(t *testing.T, tb *Table) [3]*Member {
	t.Helper()
	var ms [3]*Member
	for i, who := range []string{"ann", "bob", "cem"} {
		ms[i] = NewMember("key:"+who, who, "", -1)
		if _, err := tb.joinAs(ms[i], -1, false); err != nil {
			t.Fatal(err)
		}
		tb.handle(Request{Kind: ReqHere, M: ms[i]}) // present, then their bot plays
		tb.handle(Request{Kind: ReqAway, M: ms[i]})
	}
	return ms
}

// placeAbove counts the seats whose score is better than seat's.
func placeAbove(scores [4]int, seat int, better func(a, b int) bool) int {
	n := 0
	for _, sc := range scores {
		if better(sc, scores[seat]) {
			n++
		}
	}
	return n
}

// A table of a duplicate round refuses a watcher in its own words (its
// deal is in play at the round's other tables), not as a daily; a
// tournament's table of a deal of its own is watched.
func TestRoundsTableRefusesAWatcherInItsWords(t *testing.T) {
	t.Parallel()
	var b [format.SealBytes]byte
	plan := format.RoundPlanOf(format.SealFrom(b))
	for _, shared := range []bool{true, false} {
		p := &plan
		if !shared {
			p = nil
		}
		tb, _, _, _ := seatedTableOf(t, time.Minute, p)
		reply := make(chan JoinReply, 1)
		tb.handle(Request{Kind: ReqWatch, M: NewMember("key:dan", "dan", "", -1), Reply: reply})
		r := <-reply
		switch {
		case shared && !errors.Is(r.Err, ErrRoundUnwatched):
			t.Errorf("a duplicate round's table to a watcher: %v, want %v", r.Err, ErrRoundUnwatched)
		case !shared && r.Err != nil:
			t.Errorf("a tournament's table of its own deal to a watcher: %v", r.Err)
		}
	}
}

// TestNoKeyAtTheTableIsAwayAtOnce: at a tournament's table a player
// whose turn runs out before they pressed any key there is away from
// that moment, however short the match: the match is lost for them at
// once (their end marked away, their seat rated for nobody), while
// one who pressed a key and lets one turn run out loses that turn and
// nothing more. The keys pressed are kept with the table.
func TestNoKeyAtTheTableIsAwayAtOnce(t *testing.T) {
	t.Parallel()
	tb, now, _, saved := seatedTable(t, 2*time.Minute)
	tb.Cfg.Timer = 30 * time.Second
	var rated []keep.MatchEnd
	tb.Opt.Rate = func(m keep.MatchEnd) { rated = append(rated, m) }
	var ms [3]*Member
	for i, who := range []string{"ann", "bob", "cem"} {
		ms[i] = NewMember("key:"+who, who, "", -1)
		if s, err := tb.joinAs(ms[i], -1, false); err != nil || s != i {
			t.Fatalf("%s: seat %d, %v", who, s, err)
		}
	}
	tb.handle(Request{Kind: ReqHere, M: ms[1]}) // bob pressed a key
	tb.handle(Request{Kind: ReqChat, M: ms[2], Text: "iyi oyunlar"})
	var ranOut [4]bool
	for moves := 0; !(ranOut[0] && ranOut[1]); moves++ {
		if moves > 2000 {
			t.Fatalf("ann's and bob's turns never ran out: %v", ranOut)
		}
		tb.schedule()
		stg, turn := tb.Ref.Stage()
		switch {
		case stg == stMatchOver:
			t.Fatalf("the match ended before ann's and bob's turns ran out: %v", ranOut)
		case stg == stHandOver:
			tb.deal()
			continue
		case tb.sit.present(turn):
			*now = now.Add(31 * time.Second)
			ranOut[turn] = true
		}
		tb.onClock()
		botMove(t, tb)
		if turn > 0 && ranOut[turn] {
			tb.handle(Request{Kind: ReqHere, M: ms[turn]}) // back at once
		}
	}
	if tb.absent != [4]bool{true, false, false, false} {
		t.Fatalf("absent %v; want ann's seat alone (no key pressed), not bob's (one turn run out)", tb.absent)
	}
	info := tb.tell.info(tb)
	if u := tb.tell.msgFor(tb, ms[0], 0, &info).Update; u == nil || !u.AwayLost {
		t.Errorf("ann's update does not say her match is lost: %+v", u)
	}
	tb.handle(Request{Kind: ReqHere, M: ms[0]}) // ann back: lost all the same
	if tb.absent[0] != true {
		t.Error("a key after the turn ran out undid the loss")
	}
	// ann's key is saved without the table waiting (saveUnwaited), so
	// the entry is read until its writer has caught up, a minute at most.
	var st SavedTable
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		entry, _ := saved()
		st = SavedTable{}
		if err := json.Unmarshal(entry, &st); err != nil {
			t.Fatal(err)
		}
		if st.Pressed == [4]bool{true, true, true, false} || time.Now().After(deadline) {
			break
		}
	}
	if st.Pressed != [4]bool{true, true, true, false} || st.Absent != tb.absent {
		t.Errorf("the entry keeps pressed %v, absent %v", st.Pressed, st.Absent)
	}
	for _, m := range ms {
		tb.handle(Request{Kind: ReqAway, M: m})
	}
	playOut(t, tb)
	end, ok := tb.Cfg.chosenEnd(tb.ID, tb.Ref, tb.sit.owners(), tb.absent)
	if !ok {
		t.Fatal("no end of a match over")
	}
	if want := [4]bool{true, false, false, false}; end.Forfeit != want || end.Away != want {
		t.Errorf("the end's forfeits %v, away %v; want %v both", end.Forfeit, end.Away, want)
	}
	if len(rated) != 1 || rated[0].Out != [4]bool{true, false, false, false} {
		t.Errorf("rated %+v; want one match, ann's seat out", rated)
	}
}

// TestRoundsRatingHeldForItsTournament: a duplicate round's table
// rates nothing as its match ends (its ratings moving table by table
// would tell the round's other tables which racks did well): the match
// goes with its end to the tournament (SeatedEnd's Rating), which rates
// it once the round is over; a tournament's table of a deal of its own
// rates its match itself, as ever, and hands none on.
func TestRoundsRatingHeldForItsTournament(t *testing.T) {
	t.Parallel()
	var b [format.SealBytes]byte
	b[0] = 9
	plan := format.RoundPlanOf(format.SealFrom(b))
	for _, shared := range []bool{true, false} {
		p := &plan
		if !shared {
			p = nil
		}
		tb, _, _, _ := seatedTableOf(t, time.Minute, p)
		var rated []keep.MatchEnd
		var ends []SeatedEnd
		tb.Opt.Rate = func(m keep.MatchEnd) { rated = append(rated, m) }
		tb.Opt.SeatedEnded = func(e SeatedEnd) { ends = append(ends, e) }
		awayPlayers(t, tb)
		playOut(t, tb)
		tb.noteFinished()
		if len(ends) == 0 {
			t.Fatalf("shared %v: no end handed on", shared)
		}
		end := ends[len(ends)-1]
		switch {
		case shared && (len(rated) != 0 || end.Rating == nil || end.Rating.Key != tb.seal.Commit.String()+".table-9"):
			t.Errorf("a round's table: rated %+v, its end's rating %+v; want none rated, the match handed on", rated, end.Rating)
		case !shared && (len(rated) == 0 || end.Rating != nil):
			t.Errorf("a deal of its own: rated %+v, its end's rating %+v; want it rated here", rated, end.Rating)
		}
	}
}
