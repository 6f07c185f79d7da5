package serve

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// givenUpTable is tournament table of an arena of four (key:test, ann,
// and three others) where ann's seat was given up — she came and left
// it — while the others' seats are still held for them (the match
// waits on their turns), and the fake tournaments that seated them
// there.
func givenUpTable(t *testing.T, srv *commontest.Side) (*commontest.Tourneys, string, int) {
	t.Helper()
	now := srv.Now
	f := commontest.NewTourneys(now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "101", Rules: "",
		Hands: 1, Start: now().Add(-time.Minute), Length: time.Hour, BotWait: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := f.JoinTournament(id, fmt.Sprintf("key:p%d", i), fmt.Sprintf("p%d", i), 1500); err != nil {
			t.Fatal(err)
		}
	}
	tb, err := srv.H.OpenSeated(tables.Config{Game: "101", Rules: "hands=1", Levels: [4]string{"easy", "easy", "easy", "easy"},
		Seated: &tables.Seated{Tourney: id, Players: [4]string{"key:test", "key:p0", "key:p1", "key:p2"}, Back: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	f.Table = n - 1 // the pairing's table is the hall's table n
	if err := f.JoinTournament(id, "key:test", "ann", 1500); err != nil {
		t.Fatal(err)
	}
	if _, st, _ := f.Tournament(id); len(st.Playing) != 1 || st.Playing[0].Table != n {
		t.Fatalf("the pairing's tables: %+v", st.Playing)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ann := tables.NewMember("key:test", "ann", "127.0.0.1", -1)
	r := tables.Request{Kind: tables.ReqJoin, M: ann, Seat: -1, Reply: make(chan tables.JoinReply, 1)}
	if !tb.Call(ctx, r) {
		t.Fatal("the table took no join")
	}
	if rep := <-r.Reply; rep.Err != nil {
		t.Fatal(rep.Err)
	}
	if !tb.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: ann}) {
		t.Fatal("the table took no leave")
	}
	for end := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if s := tb.Summary.Load(); s.Holds("key:test") < 0 && s.Holds("key:p0") >= 0 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("ann's seat never given up: %+v", tb.Summary.Load().Owners)
		}
	}
	return f, id, n
}

// TestTourneyPageSaysASeatGivenUp: a player whose seat at their
// tournament table was given up (a bot plays it) is not sent there —
// the table would refuse them a seat and the lobby say "No free seat
// there" — the page says the match is their forfeit and what comes
// next, offers no table, and enter says it again; a join refused at a
// tournament's table for want of a seat comes back to the tournament's
// page, not the lobby. In both languages, at 80×24.
func TestTourneyPageSaysASeatGivenUp(t *testing.T) {
	srv := commontest.New(t)
	f, id, n := givenUpTable(t, srv)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		s := tourneySession(t, srv, f, lang, 80, 24)
		drain(s, s.apply(common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: id}}))
		scr := screenFits(t, "the page", s, 80, 24)
		flat := strings.Join(strings.Fields(scr), " ")
		if s.page != common.Tourney || s.c.At != nil {
			t.Fatalf("%s: taken to page %d (at a table: %v), not kept on the tournament's:\n%s", lang, s.page, s.c.At != nil, scr)
		}
		for _, w := range []string{tr.T("tourney.you.givenup", n), tr.T("tourney.givenup.arena", n)} {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: the page does not say %q:\n%s", lang, w, scr)
			}
		}
		if strings.Contains(scr, tr.T("tourney.key.table")) || strings.Contains(scr, tr.T("lobby.full")) {
			t.Errorf("%s: the page offers the table, or a seat error:\n%s", lang, scr)
		}
		pressAll(s, "enter")
		if s.page != common.Tourney || s.c.At != nil || s.c.Flash != tr.T("tourney.you.givenup", n) {
			t.Errorf("%s: enter: page %d, flash %q", lang, s.page, s.c.Flash)
		}

		// The table refused a seat the page thought held (it was given
		// up between the two): the tournament's page, not the lobby.
		s = tourneySession(t, srv, f, lang, 80, 24)
		cmd, _ := s.update(common.JoinedMsg{T: srv.H.Get(strconv.Itoa(n)), Err: tables.ErrTableFull})
		drain(s, cmd)
		if s.page != common.Tourney || s.tourney.ID() != id || s.c.Flash != tr.T("tourney.you.givenup", n) {
			t.Errorf("%s: a seat refused at a tournament's table: page %d (tournament %q), flash %q", lang, s.page, s.tourney.ID(), s.c.Flash)
		}
	}
}

// TestLobbyRowNamesAHeldSeat: the lobby's row of a tournament's table
// names a seat held for a player not yet come and says they are not
// here yet, in both languages; a player away is still "away".
func TestLobbyRowNamesAHeldSeat(t *testing.T) {
	srv := commontest.New(t)
	for _, c := range []struct {
		lang string
		p    seatmsg.Player
		want string
	}{
		{"en", seatmsg.Player{Name: "ali", Kind: seatmsg.Awaited}, "ali (not here yet)"},
		{"tr", seatmsg.Player{Name: "ali", Kind: seatmsg.Awaited}, "ali (henüz gelmedi)"},
		{"en", seatmsg.Player{Name: "ali", Kind: seatmsg.Away}, "ali (away)"},
		{"en", seatmsg.Player{Name: "ali", Kind: seatmsg.Human}, "ali"},
	} {
		s := tourneySession(t, srv, nil, c.lang, 80, 24)
		if got := s.c.SeatWord(c.p, "key:ali"); got != c.want {
			t.Errorf("%s kind %d: %q, want %q", c.lang, c.p.Kind, got, c.want)
		}
	}
}

// TestHeldEndSaysOwnPlaceOnly: a player whose match at a duplicate
// round's table is over reads their own place and score, and that the
// deal and the others' results come once every table of the round has
// finished — nothing of the others — in both languages at 80×24; back
// goes to the tournament's page.
func TestHeldEndSaysOwnPlaceOnly(t *testing.T) {
	srv := commontest.New(t)
	f := commontest.ArenaOfFive(t, srv.Now)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		s := tourneySession(t, srv, f, lang, 80, 24)
		held := seatmsg.Held{Table: "12", Tourney: "t1", Game: "101", Place: 2, Score: 37}
		drain(s, s.apply(common.Turn{To: common.End, Pass: held}))
		scr := screenFits(t, "the held end", s, 80, 24)
		flat := strings.Join(strings.Fields(scr), " ")
		for _, w := range []string{tr.T("held.title", "12"), tr.T("held.place", 2), tr.T("held.score.101", 37), tr.T("held.wait")} {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: the page does not say %q:\n%s", lang, w, scr)
			}
		}
		pressAll(s, "esc")
		if s.page != common.Tourney || s.tourney.ID() != "t1" {
			t.Errorf("%s: esc went to page %d (%q)", lang, s.page, s.tourney.ID())
		}
	}
}

// TestLobbyRowOfATournamentsTable: the lobby's row of a tournament's
// table names the tournament; enter on it as one who does not play
// there says whose table it is and that w watches it (it said "table
// 4: forfeit"), and sits nobody; the player whose seat it was given up
// reads that the match is their forfeit; a duplicate round's table
// refuses a watcher in its own words. In both languages at 80×24.
func TestLobbyRowOfATournamentsTable(t *testing.T) {
	srv := commontest.New(t)
	f, id, n := givenUpTable(t, srv)
	l, _, err := f.Tournament(id)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		s := sessionOf(t, srv, f, "key:zed", "zed", lang, 80, 24)
		scr := screenFits(t, "the lobby", s, 80, 24)
		if flat := strings.Join(strings.Fields(scr), " "); !strings.Contains(flat, tr.T("lobby.tourney", "Friday arena ("+l.ID+")")) {
			t.Errorf("%s: the lobby's row does not name the tournament:\n%s", lang, scr)
		}
		pressAll(s, "enter")
		want := tr.T("lobby.tourney.notyours", strconv.Itoa(n), "Friday arena ("+l.ID+")")
		if s.page != common.Lobby || s.c.At != nil || s.c.Flash != want {
			t.Errorf("%s: enter as no entrant: page %d, at a table %v, flash %q, want %q", lang, s.page, s.c.At != nil, s.c.Flash, want)
		}
		if !strings.Contains(screenFits(t, "refused", s, 80, 24), want) {
			t.Errorf("%s: the refusal %q is cut at 80 columns", lang, want)
		}

		s = tourneySession(t, srv, f, lang, 80, 24)
		pressAll(s, "enter")
		if s.c.Flash != tr.T("tourney.you.givenup", n) || s.c.At != nil || s.page != common.Tourney || s.tourney.ID() != id {
			t.Errorf("%s: enter as the player whose seat was given up: flash %q, at a table %v", lang, s.c.Flash, s.c.At != nil)
		}

		if got := s.c.JoinRefused(tables.ErrRoundUnwatched); got != tr.T("served.roundunwatched") || strings.Contains(got, tr.T("served.onlyyou")) {
			t.Errorf("%s: a duplicate round's table refuses a watcher as %q", lang, got)
		}
		s.c.Flash = s.c.JoinRefused(tables.ErrRoundUnwatched)
		if !strings.Contains(screenFits(t, "not watched", s, 80, 24), s.c.Flash) {
			t.Errorf("%s: %q is cut at 80 columns", lang, s.c.Flash)
		}
	}
}

// TestWatchATableFromTheTournamentsPage: the tournament's page offers
// to watch its tables in play (o), and o watches the one there is:
// the table takes the player as a watcher. Typing a number that is no
// table in play says so. In both languages at 80×24.
func TestWatchATableFromTheTournamentsPage(t *testing.T) {
	srv := commontest.New(t)
	f, id, n := givenUpTable(t, srv)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		s := sessionOf(t, srv, f, "key:zed", "zed", lang, 80, 24)
		drain(s, s.apply(common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: id}}))
		if scr := screenFits(t, "the page", s, 80, 24); !strings.Contains(scr, "o "+tr.T("tourney.key.watch")) {
			t.Errorf("%s: the page does not offer to watch a table:\n%s", lang, scr)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		s.c.Ctx = ctx // the table answers the watch
		_, cmd := s.Update(keyOf("o"))
		j, ok := joinIn(cmd)
		cancel()
		if !ok || !j.Watch || j.Err != nil || j.T.TableID() != strconv.Itoa(n) {
			t.Fatalf("%s: o asked %+v (found %v), want a watch of table %d", lang, j, ok, n)
		}
	}
}

// joinIn runs cmd and the commands it brings until one answers a join
// or a watch (false: none did).
func joinIn(cmd tea.Cmd) (common.JoinedMsg, bool) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case common.JoinedMsg:
			return msg, true
		case tea.BatchMsg:
			queue = append(queue, msg...)
		}
	}
	return common.JoinedMsg{}, false
}
