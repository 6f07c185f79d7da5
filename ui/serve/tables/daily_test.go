package tables

import (
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"okey/game/classic"
	"okey/game/daily"
	"okey/game/okey101"
	"okey/ui/serve/internal/servetest"
)

// dailyTable is a daily table of g for player "key:A", driven by hand,
// its scores collected.
func dailyTable(t *testing.T, g daily.Game) (*Table, daily.Set, *[]DailyScore) {
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
	sv := NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.Log)
	t.Cleanup(sv.flush)
	cfg := DailyConfig(g, NewDailyPlan(set, daily.Commit(g, d, sec), "key:A"), "ABCDEF")
	tb, err := New("1", cfg, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	return tb, set, &scores
}

// TestDailyTablePlaysTheDay: a daily table lets only its player sit and
// nobody watch; it deals the day's hands in order, each a one-hand match
// of the hand's seed whose record verifies against the day's secret;
// the player's stand-in (a hard bot, as par plays) is scored each hand
// in par's measure; after the last hand the player is told the day is
// done and the table is empty. The commitment shown is the day's, and
// no seed is ever shown.
func TestDailyTablePlaysTheDay(t *testing.T) {
	for _, g := range daily.Games {
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
			for step := 0; step < 20000 && tb.seats[0].owner != ""; step++ {
				if f := tb.fairness(); tb.Ref != nil && (f.Seed != "" || f.Salt != "" || f.Commit != tb.Cfg.Daily.Commit[:4]+" "+tb.Cfg.Daily.Commit[4:8]+" "+tb.Cfg.Daily.Commit[8:12]+" "+tb.Cfg.Daily.Commit[12:16]) {
					t.Fatalf("the seal shown: %+v", f)
				}
				tb.schedule()
				if tb.seats[0].owner == "" {
					break
				}
				if stg, _ := tb.Ref.Stage(); stg == stMatchOver {
					t.Fatal("a daily's match over waits for its player, who is away")
				}
				tb.onClock()
				if tb.asking >= 0 {
					botMove(t, tb)
				}
			}
			if len(*scores) != g.Hands() {
				t.Fatalf("%d hands scored, want %d", len(*scores), g.Hands())
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
				if g == daily.Classic {
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
