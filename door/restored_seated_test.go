package door

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"okey/door/internal/logbuf"
	"okey/kit/seatmsg"
	"okey/server/keep"
	"okey/server/rating"
	"okey/server/tables"
)

// TestTournamentTableAcrossARestart: a tournament's table (101, one
// hand) is opened for ann and bob with two bots; bob comes, presses a
// key and lets his bot play, ann never comes, so the table waits on her turn. The server
// stops and starts again on its state. The table comes back still
// awaiting ann, each seat kept for its player's whole time to come back
// (an hour, longer than a dropped connection's ten minutes) from the
// restart; ann comes, lets her bot play, and the bots finish the match
// while bob is still away: neither forfeits, as at a table that never
// restarted, and bob's seat is still kept for the hour. The match is rated once, and stays
// rated once when the server starts again on the table whose match is
// over: every rating is one match's, and the log says "rated" once.
func TestTournamentTableAcrossARestart(t *testing.T) {
	t.Parallel()
	stateDir, keyDir := t.TempDir(), t.TempDir()
	logs := &logbuf.Buf{}
	tweak := func(c *Config) {
		c.StateDir, c.HostKey = stateDir, filepath.Join(keyDir, "hostkey", "key")
		c.Log = slog.New(slog.NewTextHandler(logs, nil))
	}
	const ann, bob, back = "key:SHA256:ann", "key:SHA256:bob", time.Hour
	srv, _ := startServer(t, withDefaults(t, tweak))
	tb, err := srv.hall.OpenSeated(tables.Config{Game: "101", Rules: "default,hands=1", Levels: [4]string{"easy", "easy", "easy", "easy"},
		Seated: &tables.Seated{Tourney: "restarted", Players: [4]string{ann, bob, "", ""}, Names: [4]string{"ann", "bob"}, Back: back}})
	if err != nil {
		t.Fatal(err)
	}
	id := tb.ID
	join := func(tb *tables.Table, who, name string) *tables.Member {
		t.Helper()
		m := tables.NewMember(who, name, "127.0.0.1", -1)
		r := tables.Request{Kind: tables.ReqJoin, M: m, Reply: make(chan tables.JoinReply, 1)}
		if !tb.Call(context.Background(), r) {
			t.Fatal("the table took no join")
		}
		if rep := <-r.Reply; rep.Err != nil {
			t.Fatalf("%s at table %s: %v", name, id, rep.Err)
		}
		// A key at the table (present), then none: the bot plays for
		// them, as for one who stepped away, not one never there.
		for _, r := range []tables.Request{{Kind: tables.ReqHere, M: m}, {Kind: tables.ReqAway, M: m}} {
			if !tb.Call(context.Background(), r) {
				t.Fatal("the table took no request")
			}
		}
		return m
	}
	join(tb, bob, "bob")
	waiting := func(srv *Server, what string) {
		t.Helper()
		rec := quiet(t, srv, id)
		if s := summary(srv, id); s == nil || !s.Started || s.Over {
			t.Fatalf("%s: table %s is %+v, want its match under way, waiting on ann (record of %d bytes)", what, id, s, len(rec))
		}
	}
	waiting(srv, "before the restart")
	if s := summary(srv, id); s.Players[0].Kind != seatmsg.Awaited {
		t.Errorf("before the restart: ann's seat kind %d, want not here yet (%d)", s.Players[0].Kind, seatmsg.Awaited)
	}
	stop := func(srv *Server) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Fatal(err)
		}
	}
	stop(srv)

	restart := time.Now()
	srv2, _ := startServer(t, withDefaults(t, tweak))
	waiting(srv2, "after the restart")
	// ann has not come yet: her seat says so after the restart as
	// before it ("not here yet"), not "away" as a player who had come
	// and lost the connection; bob, who had come, is away.
	if s := summary(srv2, id); s.Players[0].Kind != seatmsg.Awaited || s.Players[0].Name != "ann" || s.Players[1].Kind != seatmsg.Away {
		t.Errorf("after the restart: ann's seat %q kind %d, bob's kind %d; want ann not here yet (%d), bob away (%d)",
			s.Players[0].Name, s.Players[0].Kind, s.Players[1].Kind, seatmsg.Awaited, seatmsg.Away)
	}
	if s := summary(srv2, id); s.Closes.Before(restart.Add(back)) {
		t.Errorf("after the restart the seats are kept until %s, want an hour from the restart (%s) at least",
			s.Closes.Format(time.TimeOnly), restart.Add(back).Format(time.TimeOnly))
	}
	tb2 := srv2.hall.Local(id)
	if tb2 == nil {
		t.Fatal("the table did not come back")
	}
	annAt := join(tb2, ann, "ann")
	end := seatedEnd(t, srv2, "restarted", id)
	if end.Forfeit != [4]bool{} || end.Players != [4]string{ann, bob, "", ""} {
		t.Errorf("the match's end: players %q, forfeit %v; want nobody forfeit (ann came, bob's seat was kept)", end.Players, end.Forfeit)
	}
	rated := func(srv *Server) {
		t.Helper()
		fresh := rating.New()
		want, err := rating.Rate([]rating.Rating{fresh, fresh, fresh, fresh}, end.Places[:], rating.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			id    string
			seat  int
			games int
		}{{ann, 0, 1}, {bob, 1, 1}, {keep.BotIdentity("easy"), -1, 2}} {
			var e keep.RatedEntry
			for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
				ctx, cancel := keep.EngineCtx()
				e, _, err = srv.book.Get(ctx, "101", c.id)
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				if e.Games > 0 || time.Now().After(deadline) {
					break
				}
			}
			if e.Games != c.games || c.seat >= 0 && e.Rating() != want[c.seat] {
				t.Errorf("%s: %d games, %v; want %d, and one match's rating %v", c.id, e.Games, e.Rating(), c.games, want[max(c.seat, 0)])
			}
		}
	}
	rated(srv2)
	// ann's connection ends: her seat is kept, and the table with it;
	// bob's, away since the restart, still for an hour from it.
	tb2.Call(context.Background(), tables.Request{Kind: tables.ReqLeave, M: annAt, Gone: true})
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		s := summary(srv2, id)
		if !s.Closes.IsZero() { // nobody at the table: it says when it closes
			if s.Closes.Before(restart.Add(back)) {
				t.Errorf("bob's seat is kept until %s, want an hour from the restart (%s) at least",
					s.Closes.Format(time.TimeOnly), restart.Add(back).Format(time.TimeOnly))
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("ann never left the table")
		}
	}
	stop(srv2)

	// Again, on a table whose match is over: handed to the rater again
	// (its queue rated before the server stops), rated no more, and
	// said once; the ratings read by the next start.
	srv3, _ := startServer(t, withDefaults(t, tweak))
	if summary(srv3, id) == nil {
		t.Fatal("the table whose match is over did not come back: nothing rated it again")
	}
	stop(srv3)
	srv4, _ := startServer(t, withDefaults(t, tweak))
	rated(srv4)
	stop(srv4)
	said := 0
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "msg=rated ") {
			said++
		}
	}
	if said != 1 {
		t.Errorf("the log says a match was rated %d times, want once", said)
	}
}

// quiet is table id's stored record once it has stopped changing for
// half a second: the table waits on someone.
func quiet(t *testing.T, srv *Server, id string) []byte {
	t.Helper()
	var last []byte
	for deadline := time.Now().Add(2 * time.Minute); ; {
		time.Sleep(500 * time.Millisecond)
		b, err := storedRecord(t, srv, id)
		if err == nil && len(b) > 0 && bytes.Equal(b, last) {
			return b
		}
		last = b
		if time.Now().After(deadline) {
			t.Fatalf("table %s never waited on anyone", id)
		}
	}
}

// seatedEnd is the end tournament tourney's table id handed over, as
// the store keeps it for the tournament.
func seatedEnd(t *testing.T, srv *Server, tourney, id string) tables.SeatedEnd {
	t.Helper()
	ctx, cancel := keep.EngineCtx()
	book, err := keep.OpenTourneyBook(ctx, srv.eng, nil)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	key := fmt.Sprintf("end.%s.%s", tourney, id)
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		ctx, cancel := keep.EngineCtx()
		b, _, err := book.Read(ctx, key)
		cancel()
		if err == nil {
			var end tables.SeatedEnd
			if err := json.Unmarshal(b, &end); err != nil {
				t.Fatal(err)
			}
			return end
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s's match never ended: %v", id, err)
		}
	}
}
