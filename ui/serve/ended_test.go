package serve

import (
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/tourneyview"
)

// TestTournamentsEndToldWherever: when an arena a player played in is
// over, a player in the lobby is taken to its page, which says so with
// its podium and where they finished; a player at a table reads it on
// the line under the table and stays there; one at the held end of a
// duplicate round's match is taken to the page too; one who did not play in it
// is told nothing; nor is one told of a tournament over before they
// came. In both languages at 80×24.
func TestTournamentsEndToldWherever(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		srv := commontest.New(t)
		f := commontest.ArenaOfFive(t, srv.Now)
		old := commontest.ArenaOfFive(t, srv.Now) // over before anyone came
		srv.SetNow(srv.Now().Add(2 * time.Hour))
		old.End("t1")
		old.End("t1")
		if _, st, _ := old.Tournament("t1"); st.Phase != tourney.Finished {
			t.Fatalf("the old arena is %v", st.Phase)
		}
		lobby := sessionOf(t, srv, f, "key:p1", "p1", lang, 80, 24)
		table := sessionOf(t, srv, f, "key:p2", "p2", lang, 80, 24)
		commontest.Seat(t, &table.c)
		table.page = common.Table
		held := sessionOf(t, srv, f, "key:p3", "p3", lang, 80, 24) // at a duplicate round's held end
		held.apply(common.Turn{To: common.End, Pass: seatmsg.Held{Table: "12", Tourney: "t1", Game: "classic", Place: 2, Score: 3}})
		other := sessionOf(t, srv, f, "key:zed", "zed", lang, 80, 24)
		late := sessionOf(t, srv, old, "key:p1", "p1", lang, 80, 24)
		all := []*session{lobby, table, held, other, late}
		for _, s := range all {
			s.onEnds() // the first listing
		}
		f.End("t1")
		f.End("t1")
		l, st, _ := f.Tournament("t1")
		if st.Phase != tourney.Finished {
			t.Fatalf("the arena is %v", st.Phase)
		}
		for _, s := range all {
			cmd, _ := s.onEnds()
			drain(s, cmd)
		}
		want, ok := tourneyview.Over(tr, l, st, tourneyview.Names{}, nil, "key:p1")
		if !ok {
			t.Fatal("p1 played in no match")
		}
		scr := screenFits(t, "told in the lobby", lobby, 80, 24)
		flat := strings.Join(strings.Fields(scr), " ")
		if lobby.page != common.Tourney || lobby.tourney.ID() != "t1" || lobby.c.Flash != want || !strings.Contains(flat, strings.Fields(tr.T("tourney.podium", ""))[0]) {
			t.Errorf("%s: in the lobby, page %d (%q), flash %q, want %q:\n%s", lang, lobby.page, lobby.tourney.ID(), lobby.c.Flash, want, scr)
		}
		if !strings.Contains(scr, want) {
			t.Errorf("%s: the line %q is not whole at 80 columns:\n%s", lang, want, scr)
		}
		want, _ = tourneyview.Over(tr, l, st, tourneyview.Names{}, nil, "key:p3")
		if held.page != common.Tourney || held.tourney.ID() != "t1" || held.c.Flash != want {
			t.Errorf("%s: at a held end, page %d, flash %q, want the tournament's page and %q", lang, held.page, held.c.Flash, want)
		}
		want, _ = tourneyview.Over(tr, l, st, tourneyview.Names{}, nil, "key:p2")
		if table.page != common.Table || table.c.At == nil || table.c.Flash != want {
			t.Errorf("%s: at a table, page %d, flash %q, want %q", lang, table.page, table.c.Flash, want)
		}
		for _, s := range []*session{other, late} {
			if s.page != common.Lobby || s.c.Flash != "" {
				t.Errorf("%s: %s told: page %d, flash %q", lang, s.c.ID, s.page, s.c.Flash)
			}
		}
	}
}

// TestEndsWakeOnlyWhileOneRuns: a session wakes to list the tournaments
// only while one runs; with none running (none yet, or all starting or
// over) it sleeps on, as an idle session must.
func TestEndsWakeOnlyWhileOneRuns(t *testing.T) {
	srv := commontest.New(t)
	f := commontest.NewTourneys(srv.Now)
	s := sessionOf(t, srv, f, "key:p1", "p1", "en", 80, 24)
	if cmd := s.watchEnds(); cmd != nil || s.ends.armed {
		t.Errorf("no tournament: a wake armed")
	}
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: srv.Now().Add(time.Hour), Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	srv.SetNow(srv.Now().Add(endsEvery))
	if s.watchEnds(); s.ends.armed {
		t.Errorf("a tournament starting in an hour: a wake armed")
	}
	srv.SetNow(srv.Now().Add(time.Hour))
	f.Change(id, func(t *tourney.Tournament) []tourney.Start { return t.Tick(srv.Now()) })
	if s.watchEnds(); !s.ends.armed {
		t.Errorf("a tournament running: no wake armed")
	}
}
