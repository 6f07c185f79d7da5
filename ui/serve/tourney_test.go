package serve

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/tourneyview"
)

// keyOf is a key press as the terminal gives it: a named key, or a
// letter.
func keyOf(k string) tea.KeyPressMsg {
	named := map[string]rune{"enter": tea.KeyEnter, "esc": tea.KeyEscape, "up": tea.KeyUp, "down": tea.KeyDown,
		"left": tea.KeyLeft, "right": tea.KeyRight, "pgdown": tea.KeyPgDown}
	if c, ok := named[k]; ok {
		return tea.KeyPressMsg{Code: c}
	}
	return tea.KeyPressMsg{Code: rune(k[0]), Text: k}
}

// pressAll presses keys on s and runs what each asks for (the reads of
// a page, a join) to its end. The session's context is over, so what a
// session arms to sleep on (the hall's news, the idle timer, a page's
// read a while later) ends at once.
func pressAll(s *session, keys ...string) {
	for _, k := range keys {
		_, cmd := s.Update(keyOf(k))
		drain(s, cmd)
	}
}

// drain runs cmd, hands the session what it brings, and so on, to the
// end.
func drain(s *session, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0 && n < 200; n++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			_, next := s.Update(msg)
			queue = append(queue, next)
		}
	}
}

// tourneySession is a session of key:test (ann) on srv whose server runs
// side's tournaments (nil: none), at w×h in lang; its context is over
// (pressAll).
func tourneySession(t *testing.T, srv *commontest.Side, side common.TourneySide, lang string, w, h int) *session {
	t.Helper()
	return sessionOf(t, srv, side, "key:test", "ann", lang, w, h)
}

// screenFits is the session's screen as text, failing the test where it
// does not fit w×h.
func screenFits(t *testing.T, what string, s *session, w, h int) string {
	t.Helper()
	lines := screenLines(s)
	if len(lines) > h {
		t.Errorf("%s: %d lines on a screen of %d", what, len(lines), h)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("%s: a line of %d columns on a screen of %d: %q", what, ansi.StringWidth(l), w, l)
		}
	}
	return strings.Join(lines, "\n")
}

// A player's way through the tournaments, at 80×24 and 120×40 in both
// languages, every screen within the terminal: the lobby's line of them
// and its key; the list; a tournament's page (its standings, join
// offered), joined (the player's own line marked, leave offered), left;
// scrolled to the end of its rules; the form of a new one, its faults
// said in the player's words, and the one it creates, as it was chosen;
// a tournament the server does not know.
func TestTourneyPagesAt80x24AndWide(t *testing.T) {
	srv := commontest.New(t)
	eachLangAndSize(t, [][2]int{{80, 24}, {120, 40}}, func(t *testing.T, lang string, tr *i18n.Catalog, w, h int) {
		f := commontest.ArenaOfFive(t, srv.Now)
		s := tourneySession(t, srv, f, lang, w, h)
		scr := screenFits(t, "the lobby", s, w, h)
		if sum := tourneyview.Summary(tr, f.Tournaments()); !strings.Contains(scr, sum) || !strings.Contains(scr, "u "+tr.T("lobby.key.tourneys")) {
			t.Errorf("the lobby lacks %q or its key:\n%s", sum, scr)
		}

		pressAll(s, "u")
		scr = screenFits(t, "the list", s, w, h)
		if s.page != common.Tourneys || !strings.Contains(scr, "Friday arena") || !strings.Contains(scr, tr.N("tourney.players", 5, 5)) {
			t.Fatalf("the list:\n%s", scr)
		}

		pressAll(s, "enter")
		scr = screenFits(t, "the tournament's page", s, w, h)
		if s.page != common.Tourney || !strings.Contains(scr, tr.T("tourney.standings")) || !strings.Contains(scr, "enter "+tr.T("tourney.key.join")) {
			t.Fatalf("the tournament's page:\n%s", scr)
		}

		pressAll(s, "enter")
		scr = screenFits(t, "joined", s, w, h)
		_, state, _ := f.Tournament("t1")
		if e, ok := state.Joined["key:test"]; !ok || e.Left {
			t.Fatalf("enter did not join: %+v", state.Joined)
		}
		if !strings.Contains(scr, tr.T("tourney.joined")) || !strings.Contains(scr, "x "+tr.T("tourney.key.leave")) || !commontest.HasMarked(scr, "ann") {
			t.Errorf("joined, the page says:\n%s", scr)
		}

		pressAll(s, "x")
		scr = screenFits(t, "left", s, w, h)
		_, state, _ = f.Tournament("t1")
		if !state.Joined["key:test"].Left || !strings.Contains(scr, tr.T("tourney.left")) {
			t.Errorf("x did not leave (%+v):\n%s", state.Joined["key:test"], scr)
		}

		for range 8 {
			pressAll(s, "pgdown")
		}
		scr = screenFits(t, "scrolled", s, w, h)
		rules := tourneyview.Rules(tr, state.Config)
		last := strings.Fields(rules[len(rules)-1])
		if flat := strings.Join(strings.Fields(scr), " "); !strings.Contains(flat, strings.Join(last[len(last)-3:], " ")) {
			t.Errorf("scrolled to the end, the page lacks its last rule %q:\n%s", rules[len(rules)-1], scr)
		}

		pressAll(s, "esc", "n")
		scr = screenFits(t, "the form", s, w, h)
		if s.page != common.TourneyNew || !strings.Contains(scr, tr.T("tourney.new.title")) {
			t.Fatalf("n on the list:\n%s", scr)
		}
		// Classic's match is played from its points down to 0:
		// the form asks for the points, not for hands.
		if !strings.Contains(scr, tr.T("tourney.new.from")) || strings.Contains(scr, tr.T("tourney.new.hands")) {
			t.Errorf("a classic tournament's form does not ask for its points:\n%s", scr)
		}
		// Rows that do not apply are not there: partners (101's),
		// duplicate deals and rounds (a Swiss's) in a classic arena.
		for _, no := range []string{"tourney.new.partners", "tourney.new.duplicate", "tourney.new.rounds"} {
			if strings.Contains(scr, tr.T(no)+" ") {
				t.Errorf("a classic arena's form shows %q:\n%s", tr.T(no), scr)
			}
		}
		// ↑ at the first row and ↓ at the last stay there, and say so.
		pressAll(s, "up")
		if want := tr.T("tourney.new.first"); !strings.Contains(screenFits(t, "up at the first row", s, w, h), want) {
			t.Errorf("↑ at the first row: the flash line is %q, want %q", s.c.Flash, want)
		}
		for range 30 {
			pressAll(s, "down")
		}
		if want := tr.T("tourney.new.last"); !strings.Contains(screenFits(t, "down at the last row", s, w, h), want) {
			t.Errorf("↓ at the last row: the flash line is %q, want %q", s.c.Flash, want)
		}
		if len(f.Tournaments()) != 1 {
			t.Fatalf("the form created a tournament unasked")
		}
		for range 30 {
			pressAll(s, "up")
		}
		pressAll(s, "enter")
		l, made, err := f.Tournament("t2")
		if err != nil || s.page != common.Tourney || s.tourney.ID() != "t2" {
			t.Fatalf("the form did not create and show its tournament: %v, page %d %q", err, s.page, s.tourney.ID())
		}
		want := tourney.Config{Kind: tourney.Arena, Name: "ann " + made.Config.Start.UTC().Format("15:04"), Game: "classic", Rules: "default",
			Hands: 20, Start: made.Config.Start, Length: time.Hour, BotWait: time.Minute, BotLevel: "normal", Back: 2 * time.Minute}
		if made.Config != want || made.Config.Start.Sub(srv.Now()) > 11*time.Minute || made.Config.Start.Sub(srv.Now()) < 10*time.Minute {
			t.Errorf("created %+v, want %+v, starting in 10 min (the next whole minute)", made.Config, want)
		}
		if scr := screenFits(t, "the new one", s, w, h); !strings.Contains(scr, l.Name) || !strings.Contains(scr, tr.T("tourney.when.starts", tourneyview.Span(tr, made.Config.Start.Sub(srv.Now())))) {
			t.Errorf("the new tournament's page:\n%s", scr)
		}
		if rules := strings.Join(tourneyview.Rules(tr, made.Config), " "); !strings.Contains(rules, tr.T("tourney.rules.from", 20)) {
			t.Errorf("the new classic tournament's rules do not say its match starts from 20 points: %s", rules)
		}

		s.tourney.Update(&s.c, common.ShowTourney{ID: "nope"})
		drain(s, s.tourney.Open(&s.c))
		if scr := screenFits(t, "gone", s, w, h); !strings.Contains(scr, tr.T("tourney.err.gone")) {
			t.Errorf("an unknown tournament's page:\n%s", scr)
		}
	})
}

// A server that runs no tournaments: the lobby says nothing of them
// and offers no key; u says so.
func TestLobbyWithoutTournaments(t *testing.T) {
	srv := commontest.New(t)
	tr := i18n.MustLoad("en")
	s := tourneySession(t, srv, nil, "en", 80, 24)
	scr := screenFits(t, "the lobby", s, 80, 24)
	if strings.Contains(scr, tr.T("lobby.key.tourneys")) || strings.Contains(scr, "Tournaments") {
		t.Errorf("a lobby with no tournaments mentions them:\n%s", scr)
	}
	pressAll(s, "u")
	if s.page != common.Lobby || !strings.Contains(screenFits(t, "u", s, 80, 24), tr.T("tourney.none")) {
		t.Errorf("u with no tournaments: page %d, flash %q", s.page, s.c.Flash)
	}
}

// Where the session takes its player to a tournament's table with no
// key: from the lobby, the tournaments' pages and an end page, to a
// tournament's table that holds their seat, once; not to another's
// seat, not to a table of their own that is no tournament's, not while
// they type in a form, and not on a server that runs no tournaments.
func TestSessionTakesThePlayerToTheirTournamentTable(t *testing.T) {
	srv := commontest.New(t)
	seated := func(player string) *tables.Table {
		t.Helper()
		tb, err := srv.H.OpenSeated(tables.Config{Game: "101", Rules: "hands=1", Levels: [4]string{"easy", "easy", "easy", "easy"},
			Seated: &tables.Seated{Tourney: "t1", Players: [4]string{player}, Back: time.Hour}})
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	mine, theirs := seated("key:test"), seated("key:else")
	own, err := srv.H.Create(tables.Config{Game: "101", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}}, "key:test", "10.0.0.9")
	if err != nil {
		t.Fatal(err)
	}
	r := tables.Request{Kind: tables.ReqJoin, M: tables.NewMember("key:test", "ann", "127.0.0.1", -1), Seat: -1, Reply: make(chan tables.JoinReply, 1)}
	if !own.Call(context.Background(), r) {
		t.Fatal("the player's own table took no join")
	}
	if rep := <-r.Reply; rep.Err != nil {
		t.Fatal(rep.Err)
	}
	var listed []*tables.Summary
	for end := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		listed = srv.H.List()
		held := 0
		for _, s := range listed {
			if s.Holds("key:test") >= 0 || s.Holds("key:else") >= 0 {
				held++
			}
		}
		if held == 3 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the tables never listed their seats: %d of 3", held)
		}
	}
	f := commontest.NewTourneys(srv.Now)
	for _, c := range []struct {
		page common.PageID
		side common.TourneySide
		goes bool
	}{
		{common.Lobby, f, true}, {common.Tourneys, f, true}, {common.Tourney, f, true}, {common.End, f, true},
		{common.Create, f, false}, {common.Board, f, false}, {common.Lobby, nil, false},
	} {
		s := tourneySession(t, srv, c.side, "en", 80, 24)
		s.page = c.page
		if cmd := toTourneyTable(s); (cmd != nil) != c.goes {
			t.Errorf("page %d, tournaments %v: taken to a table %v, want %v", c.page, c.side != nil, cmd != nil, c.goes)
		}
		if !c.goes {
			continue
		}
		if !s.c.Went[mine.ID] || s.c.Went[theirs.ID] || s.c.Went[own.ID] {
			t.Errorf("page %d: taken to %v, want table %s alone", c.page, s.c.Went, mine.ID)
		}
		if cmd := toTourneyTable(s); cmd != nil {
			t.Errorf("page %d: taken to table %s twice", c.page, mine.ID)
		}
	}
}

// toTourneyTable hands the page on show the tournament side's word
// (common.ToTable) for the tables the hall lists now, if it has one,
// and answers with the command that takes the player there (nil: none,
// or the page lets it pass).
func toTourneyTable(s *session) tea.Cmd {
	ask := s.c.CallToTable()
	if ask == nil {
		return nil
	}
	cmd, _ := s.update(ask())
	return cmd
}
