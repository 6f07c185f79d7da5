package tables

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/okey101"
	"okey/kit/seatmsg"
	"okey/server/servetest"
)

// dailyTable is a daily table of g for player "key:A", driven by hand,
// its scores collected.
func dailyTable(t *testing.T, g game.Kind) (*Table, daily.Set, *[]DailyScore) {
	t.Helper()
	tb, set, scores, sv := dailyTableSaved(t, g, func([]byte, []byte) error { return nil })
	t.Cleanup(sv.flush)
	return tb, set, scores
}

// dailyTableSaved is dailyTable with its saver's writes handed to write;
// the caller flushes the saver.
func dailyTableSaved(t *testing.T, g game.Kind, write func(table, record []byte) error) (*Table, daily.Set, *[]DailyScore, *Saver) {
	t.Helper()
	d, _ := daily.ParseDate("2026-11-24")
	var sec daily.Secret
	sec[0] = 42
	set, err := daily.NewServed(g, d, sec)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	var scores []DailyScore
	opt := Options{
		BotDelay: 0, BotTimeout: time.Minute, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now },
		Random:      servetest.Random(1),
		DailyScored: func(s DailyScore) { scores = append(scores, s) },
	}
	sv := NewSaver(write, func() error { return nil }, opt.Log)
	cfg := DailyConfig(g, NewDailyPlan(set, daily.Commit(g, d, sec), "key:A"), "ABCDEF")
	tb, err := New("1", cfg, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	return tb, set, &scores, sv
}

// TestDailyTableRestored: a daily table brought back from what it saved
// (a restart, another node taking it over) goes on with the day's hand
// it was at — its seal the plan's, no seed drawn — and hands no score
// again for a hand under way (one over when it was saved is handed
// again, which the store takes once); a record of none of the day's
// hands is refused.
func TestDailyTableRestored(t *testing.T) {
	var mu sync.Mutex
	var entry, record []byte
	tb, set, scores, sv := dailyTableSaved(t, game.Classic, func(e, r []byte) error {
		mu.Lock()
		defer mu.Unlock()
		if e != nil { // nil: the entry as last written
			entry = e
		}
		record = r
		return nil
	})
	ann := NewMember("key:A", "ann", "", 0)
	reply := make(chan JoinReply, 1)
	tb.handle(Request{Kind: ReqJoin, M: ann, Seat: 0, Reply: reply})
	<-reply
	tb.handle(Request{Kind: ReqAway, M: ann})
	for step := 0; step < 5000 && tb.f.Index() == 0; step++ {
		tb.schedule()
		tb.onClock()
		if tb.bot.asking >= 0 {
			botMove(t, tb)
		}
	}
	if tb.f.Index() != 1 || len(*scores) != 1 {
		t.Fatalf("not at the second hand: hand %d, %d scored", tb.f.Index()+1, len(*scores))
	}
	sv.flush()
	mu.Lock()
	e, r := entry, record
	mu.Unlock()
	var again []DailyScore
	opt := tb.Opt
	opt.DailyScored = func(s DailyScore) { again = append(again, s) }
	back, err := RestoreTable("1", e, r, time.Time{}, opt, func() *Saver {
		return NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.Log)
	})
	if err != nil || back == nil {
		t.Fatalf("restored: %v, %v", back, err)
	}
	t.Cleanup(back.saving.saver.flush)
	if back.f.Index() != 1 || back.seal.Seed != set.Hands[1].Seed || back.seal.BotKey != set.Hands[1].Bots[1] || len(again) != 0 {
		t.Fatalf("restored at hand %d, seal %+v, scored again %v", back.f.Index()+1, back.seal, again)
	}
	// A record none of the day's hands is refused.
	other := []byte(strings.Replace(string(r), strconv.FormatUint(set.Hands[1].Seed, 10), "12345", 1))
	if _, err := RestoreTable("1", e, other, time.Time{}, opt, func() *Saver {
		return NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.Log)
	}); err == nil {
		t.Error("a daily table restored with another seed's record")
	}
}

// TestDailyTablePlaysTheDay: a daily table lets only its player sit and
// nobody watch; it deals the day's hands in order, each a one-hand match
// of the hand's seed whose record verifies against the day's secret;
// the player's stand-in (a hard bot, as par plays) is scored each hand
// in par's measure; after the last hand the player is told the day is
// done and the table is empty. The commitment shown is the day's, and
// no seed is ever shown.
func TestDailyTablePlaysTheDay(t *testing.T) {
	for _, g := range game.Kinds() {
		t.Run(string(g), func(t *testing.T) {
			t.Parallel()
			tb, _, scores := dailyTable(t, g)
			reply := make(chan JoinReply, 1)
			tb.handle(Request{Kind: ReqJoin, M: NewMember("key:C", "cem", "", -1), Reply: reply})
			if r := <-reply; !errors.Is(r.Err, ErrDailyOnly) {
				t.Fatalf("another player sat: %+v", r)
			}
			tb.handle(Request{Kind: ReqWatch, M: NewMember("key:C", "cem", "", -1), Reply: reply})
			if r := <-reply; !errors.Is(r.Err, ErrDailyOnly) {
				t.Fatalf("another player watched: %+v", r)
			}
			ann := NewMember("key:A", "ann", "", 0)
			tb.handle(Request{Kind: ReqJoin, M: ann, Seat: 0, Reply: reply})
			if r := <-reply; r.Err != nil || r.Seat != 0 || tb.Ref == nil {
				t.Fatalf("the player: %+v, started %v", r, tb.Ref != nil)
			}
			tb.handle(Request{Kind: ReqAway, M: ann}) // the hard bot plays the seat
			for step := 0; step < 20000 && tb.sit.seats[0].owner != ""; step++ {
				if f := tb.tell.fairness(tb); tb.Ref != nil && (f.Seed != "" || f.Salt != "" || f.Commit != tb.Cfg.Daily.Commit[:4]+" "+tb.Cfg.Daily.Commit[4:8]+" "+tb.Cfg.Daily.Commit[8:12]+" "+tb.Cfg.Daily.Commit[12:16]) {
					t.Fatalf("the seal shown: %+v", f)
				}
				tb.schedule()
				if tb.sit.seats[0].owner == "" {
					break
				}
				if stg, _ := tb.Ref.Stage(); stg == stMatchOver {
					t.Fatal("a daily's match over waits for its player, who is away")
				}
				tb.onClock()
				if tb.bot.asking >= 0 {
					botMove(t, tb)
				}
			}
			if len(*scores) != daily.Hands(g) {
				t.Fatalf("%d hands scored, want %d", len(*scores), daily.Hands(g))
			}
			select {
			case m := <-ann.Box:
				if m.Closed != "served.done" {
					t.Errorf("the last message: %+v", m)
				}
			default:
				t.Error("the player was not told the day is done")
			}
			if !tb.empty() {
				t.Error("the table is not empty after the day")
			}
			var secret daily.Secret
			secret[0] = 42
			// Par as the server measures it: the same hands, the hard bot
			// in the player's seat, every question the table's — the
			// player's stand-in made exactly par.
			parHands, err := DailyPar(t.Context(), string(g), tb.Cfg.Daily)
			if err != nil {
				t.Fatal(err)
			}
			for k, s := range *scores {
				if s.Score != parHands[k] {
					t.Errorf("hand %d: the stand-in scored %d, par %d", k+1, s.Score, parHands[k])
				}
			}
			for k, s := range *scores {
				if s.Hand != k+1 || s.Player != "key:A" || s.Date != "2026-11-24" || s.Game != string(g) {
					t.Errorf("score %d: %+v", k, s)
				}
				var n daily.ServedHand
				var err error
				if g == game.Classic {
					rec, perr := classic.ParseRecord(s.Record)
					if perr != nil {
						t.Fatal(perr)
					}
					if n, err = daily.VerifyServedClassic(rec, secret); err == nil {
						_, err = rec.Replay()
					}
				} else {
					rec, perr := okey101.ParseRecord(s.Record)
					if perr != nil {
						t.Fatal(perr)
					}
					if n, err = daily.VerifyServed101(rec, secret); err == nil {
						_, err = rec.Replay()
					}
				}
				if err != nil || n.Hand.N != k+1 {
					t.Errorf("hand %d's record: %+v, %v", k+1, n.Hand, err)
				}
			}
		})
	}
}

// TestDailyTableLeftAndResumed: a player who leaves their daily, on
// purpose or by losing the connection, keeps it until the day closes
// (long past the ordinary kept seat), the bots standing still meanwhile;
// back with the same key, they sit at the hand they left, which the
// table's updates name ("hand 2 of 4"); the day closing with the day
// unfinished ends the table and tells the player so, the hands left
// unplayed (forfeit on the board).
func TestDailyTableLeftAndResumed(t *testing.T) {
	for _, gone := range []bool{false, true} {
		t.Run(fmt.Sprintf("gone=%v", gone), func(t *testing.T) {
			t.Parallel()
			tb, set, scores := dailyTable(t, game.Classic)
			clock := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
			tb.Opt.Now = func() time.Time { return clock }
			join := func() *Member {
				t.Helper()
				m := NewMember("key:A", "ann", "", 0)
				reply := make(chan JoinReply, 1)
				tb.handle(Request{Kind: ReqJoin, M: m, Seat: 0, Reply: reply})
				if r := <-reply; r.Err != nil || r.Seat != 0 {
					t.Fatalf("ann's seat: %+v", r)
				}
				return m
			}
			ann := join()
			tb.handle(Request{Kind: ReqAway, M: ann}) // her bot plays the first hand
			for step := 0; step < 5000 && tb.f.Index() == 0; step++ {
				tb.schedule()
				tb.onClock()
				if tb.bot.asking >= 0 {
					botMove(t, tb)
				}
			}
			if tb.f.Index() != 1 || len(*scores) != 1 {
				t.Fatalf("not at the second hand: hand %d, %d scored", tb.f.Index()+1, len(*scores))
			}
			tb.handle(Request{Kind: ReqLeave, M: ann, Gone: gone})
			end := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
			if s := tb.sit.seats[0]; s.owner != "key:A" || !s.keep.Equal(end) {
				t.Fatalf("her seat after she left: owner %q kept until %v, want hers until %v", s.owner, s.keep, end)
			}
			moves := len(tb.Ref.Record())
			clock = clock.Add(5 * time.Hour) // far past the ordinary kept seat
			for range 10 {
				tb.onClock()
				tb.schedule()
			}
			if tb.empty() || tb.bot.asking >= 0 || !tb.clock.nextBot.IsZero() || len(tb.Ref.Record()) != moves {
				t.Fatalf("without her: empty %v, a bot asked %v, the record grew %v", tb.empty(), tb.bot.asking >= 0, len(tb.Ref.Record()) != moves)
			}
			ann = join()
			tb.tell.publish(tb)
			select {
			case m := <-ann.Box:
				u := m.Update
				if u == nil || u.Daily == nil || *u.Daily != (seatmsg.Daily{Date: set.Date.String(), Hand: 2, Of: 4}) {
					t.Fatalf("back at her daily, the table says %+v", m)
				}
			default:
				t.Fatal("back at her daily, no update")
			}
			if tb.f.Index() != 1 || len(tb.Ref.Record()) != moves {
				t.Fatalf("back at hand %d, the record grew %v", tb.f.Index()+1, len(tb.Ref.Record()) != moves)
			}
			tb.tell.publishSummary(tb)
			if s := tb.Summary.Load(); s.Hand != 2 || s.Over {
				t.Errorf("the lobby lists her daily at hand %d, over %v: want the day's hand 2", s.Hand, s.Over)
			}
			clock = end
			tb.onClock()
			select {
			case m := <-ann.Box:
				if m.Closed != "served.dayover" {
					t.Errorf("at the day's close: %+v", m)
				}
			default:
				t.Error("at the day's close, she was not told")
			}
			if !tb.empty() || len(*scores) != 1 {
				t.Errorf("after the day's close: empty %v, %d hands scored", tb.empty(), len(*scores))
			}
		})
	}
}
