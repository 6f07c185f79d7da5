package seat

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/tourneyview"
)

// TestTournamentsTableSaysWhose: the header of a tournament's table
// says whose it is ("tournament Friday arena"), beside a guest's word
// of their code; an ordinary table's says nothing of one.
func TestTournamentsTableSaysWhose(t *testing.T) {
	side := commontest.New(t)
	f := commontest.NewTourneys(side.Now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: side.Now().Add(-time.Minute), Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := side.H.OpenSeated(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"},
		Seated: &tables.Seated{Tourney: id, Players: [4]string{"key:test", "key:p0", "key:p1", "key:p2"}, Back: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "tr"} {
		for _, code := range []string{"", "c0de"} {
			c := side.Common(context.Background(), "key:test", code, "ann", lang)
			c.Tour = f
			got := badge(c, &common.Membership{T: tb, Tourney: true})
			if want := c.Tr.T("seat.tourney", "Friday arena"); !strings.Contains(got, want) {
				t.Errorf("%s, code %q: the badge %q lacks %q", lang, code, got, want)
			}
			if code != "" && !strings.Contains(got, c.Tr.T("seat.code.where")) {
				t.Errorf("%s: a guest's badge %q lacks where their code is", lang, got)
			}
			if got := badge(c, &common.Membership{T: tb}); strings.Contains(got, "Friday") {
				t.Errorf("%s: an ordinary table's badge %q names a tournament", lang, got)
			}
		}
	}
}

// TestLastMatchSaysNoNextTable: once an arena is past its end, the line
// under a tournament's table whose match is over no longer says the
// tournament takes the player to their next table: the results come
// when every table has finished, then that it is over. While the arena
// runs, the table's own word stands.
func TestLastMatchSaysNoNextTable(t *testing.T) {
	side := commontest.New(t)
	f := commontest.NewTourneys(side.Now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: side.Now().Add(-time.Minute), Length: time.Hour, BotWait: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"key:test", "key:p0", "key:p1", "key:p2"} {
		if err := f.JoinTournament(id, p, p, 1500); err != nil {
			t.Fatal(err)
		}
	}
	tb, err := side.H.OpenSeated(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"},
		Seated: &tables.Seated{Tourney: id, Players: [4]string{"key:test", "key:p0", "key:p1", "key:p2"}, Back: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "tr"} {
		c := side.Common(context.Background(), "key:test", "", "ann", lang)
		c.Tour = f
		c.At = &common.Membership{T: tb, M: tables.NewMember("key:test", "ann", "", 0), Tourney: true}
		p := &Page{lastUpdate: &seatmsg.Update{}}
		if got := p.lastLine(c); got != "" {
			t.Errorf("%s: the arena running, the line says %q", lang, got)
		}
	}
	side.SetNow(side.Now().Add(2 * time.Hour))
	f.Change(id, func(t *tourney.Tournament) []tourney.Start { return t.Tick(side.Now()) })
	if _, st, _ := f.Tournament(id); st.Phase != tourney.Ending {
		t.Fatalf("past its end with a table in play, the arena is %v", st.Phase)
	}
	for _, phase := range []string{"seat.onematch.last", "seat.onematch.over"} {
		if phase == "seat.onematch.over" {
			f.End(id)
		}
		for _, lang := range []string{"en", "tr"} {
			c := side.Common(context.Background(), "key:test", "", "ann", lang)
			c.Tour = f
			c.At = &common.Membership{T: tb, M: tables.NewMember("key:test", "ann", "", 0), Tourney: true}
			p := &Page{lastUpdate: &seatmsg.Update{}}
			if got, want := p.lastLine(c), c.Tr.T(phase); got != want {
				t.Errorf("%s: the line under the table is %q, want %q", lang, got, want)
			}
			p.inPlay = true
			if got := p.lastLine(c); got != "" {
				t.Errorf("%s: a match in play, the line says %q", lang, got)
			}
		}
	}
}

// TestLeavingATournamentsTableGoesToItsPage: leaving a tournament's
// table whose match is over (or watched) goes back to the tournament's
// page, not the lobby; an ordinary table's, to the lobby.
func TestLeavingATournamentsTableGoesToItsPage(t *testing.T) {
	side := commontest.New(t)
	f := commontest.NewTourneys(side.Now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: side.Now().Add(-time.Minute), Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := side.H.OpenSeated(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"},
		Seated: &tables.Seated{Tourney: id, Players: [4]string{"key:test", "key:p0", "key:p1", "key:p2"}, Back: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tourneys := range []bool{true, false} {
		c := side.Common(context.Background(), "key:test", "", "ann", "en")
		c.Tour = f
		ctx, cancel := context.WithCancel(context.Background())
		c.At = &common.Membership{T: tb, M: tables.NewMember("key:test", "ann", "", 0), Tourney: tourneys, Ctx: ctx, Cancel: cancel}
		got := (&Page{}).leave(c)
		want := common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: id}}
		if !tourneys {
			want = common.BackToLobby
		}
		if got.To != want.To || got.Pass != want.Pass || c.At != nil {
			t.Errorf("a tournament's table %v, left: to page %d passing %#v (still at a table: %v), want %d passing %#v", tourneys, got.To, got.Pass, c.At != nil, want.To, want.Pass)
		}
	}
}

// TestLeavingATournamentsTableSaysItsRule: q at a tournament's table
// asks with the tournament's rule (back within its time away, or the
// match is lost), not an ordinary table's "your seat is kept 10 min",
// which would have the player believe they had ten minutes; once left,
// the player is on the tournament's page (whose enter takes them back)
// told the same. An ordinary table's words stand. In both languages,
// within 80 columns.
func TestLeavingATournamentsTableSaysItsRule(t *testing.T) {
	side := commontest.New(t)
	f := commontest.NewTourneys(side.Now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: side.Now().Add(-time.Minute), Length: time.Hour, Back: 2 * time.Minute, Away: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	tb := side.TourneyTable(t, id, 2*time.Minute, 10*time.Minute)
	own, err := side.H.Create(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}}, "key:test", "10.0.0.9")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "tr"} {
		c := side.Common(context.Background(), "key:test", "", "ann", lang)
		c.Tour = f
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		c.At = &common.Membership{T: tb, M: tables.NewMember("key:test", "ann", "", 0), Tourney: true, Ctx: ctx, Cancel: cancel}
		away := tourneyview.Wait(c.Tr, 10*time.Minute)
		want := c.Tr.T("leave.confirm.tourney", away)
		if got := c.LeaveWords("leave.confirm"); got != want || ansi.StringWidth(got) > 80 {
			t.Errorf("%s: q at a tournament's table asks %q, want %q within 80 columns", lang, got, want)
		}
		turn := (&Page{}).leaveKept(c)
		if show, ok := turn.Pass.(common.ShowTourney); turn.To != common.Tourney || !ok || show.ID != id {
			t.Errorf("%s: left, the player goes to page %d %+v, not the tournament's", lang, turn.To, turn.Pass)
		}
		if want := c.Tr.T("leave.kept.tourney", away); c.Flash != want || ansi.StringWidth(c.Flash) > 80 {
			t.Errorf("%s: left, the player is told %q, want %q within 80 columns", lang, c.Flash, want)
		}

		c = side.Common(context.Background(), "key:test", "", "ann", lang)
		c.Tour = f
		c.At = &common.Membership{T: own, M: tables.NewMember("key:test", "ann", "", 0)}
		if got, want := c.LeaveWords("leave.confirm"), c.Tr.T("leave.confirm", int(c.Srv.Settings().KeepSeat.Minutes())); got != want {
			t.Errorf("%s: q at an ordinary table asks %q, want %q", lang, got, want)
		}
	}
}
