package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/server/keep"
	"okey/server/tables"
	"okey/ui/i18n"
	"okey/ui/serve/common"
	"okey/ui/serve/pages/seat"
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
func tourneySession(t *testing.T, srv *Server, side common.TourneySide, lang string, w, h int) *session {
	t.Helper()
	return sessionOf(t, srv, side, "key:test", "ann", lang, w, h)
}

// arenaOfFive is a fake with an arena under way: five players, one
// match played, one table in play.
func arenaOfFive(t *testing.T, now func() time.Time) *fakeTourneys {
	t.Helper()
	f := newFakeTourneys(now)
	id, err := f.CreateTournament("key:p1", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: now().Add(-5 * time.Minute), Length: time.Hour, BotWait: time.Minute, BotLevel: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := f.JoinTournament(id, fmt.Sprintf("key:p%d", i), "", 1500+i); err != nil {
			t.Fatal(err)
		}
	}
	f.end(id)
	return f
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
	srv, _ := testServer(t)
	eachLangAndSize(t, [][2]int{{80, 24}, {120, 40}}, func(t *testing.T, lang string, tr *i18n.Catalog, w, h int) {
		f := arenaOfFive(t, srv.port(nil).Now)
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
		if !strings.Contains(scr, tr.T("tourney.joined")) || !strings.Contains(scr, "x "+tr.T("tourney.key.leave")) || !hasMarked(scr, "ann") {
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
		// Partners in classic Okey, then duplicate deals in an
		// arena: refused, each in words that say what to change.
		pressAll(s, "up", "right", "enter")
		if want := tr.T("tourney.new.err.partners"); !strings.Contains(screenFits(t, "partners refused", s, w, h), want) {
			t.Errorf("partners in classic: the flash line is %q, want %q", s.c.Flash, want)
		}
		pressAll(s, "up", "right", "enter")
		if want := tr.T("tourney.new.err.duplicate"); !strings.Contains(screenFits(t, "duplicate refused", s, w, h), want) {
			t.Errorf("duplicate in an arena: the flash line is %q, want %q", s.c.Flash, want)
		}
		if len(f.Tournaments()) != 1 {
			t.Fatalf("a refused form created a tournament")
		}
		pressAll(s, "right", "down", "right", "enter")
		l, made, err := f.Tournament("t2")
		if err != nil || s.page != common.Tourney || s.tourney.ID() != "t2" {
			t.Fatalf("the form did not create and show its tournament: %v, page %d %q", err, s.page, s.tourney.ID())
		}
		want := tourney.Config{Kind: tourney.Arena, Name: "ann " + made.Config.Start.UTC().Format("15:04"), Game: "classic", Rules: "default",
			Hands: 20, Start: made.Config.Start, Length: time.Hour, BotWait: time.Minute, BotLevel: "normal"}
		if made.Config != want || made.Config.Start.Sub(srv.port(nil).Now()) > 11*time.Minute || made.Config.Start.Sub(srv.port(nil).Now()) < 10*time.Minute {
			t.Errorf("created %+v, want %+v, starting in 10 min (the next whole minute)", made.Config, want)
		}
		if scr := screenFits(t, "the new one", s, w, h); !strings.Contains(scr, l.Name) || !strings.Contains(scr, tr.T("tourney.when.starts", tourneyview.Span(tr, made.Config.Start.Sub(srv.port(nil).Now())))) {
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

// hasMarked says whether the screen has a line marked as the player's
// own with name on it.
func hasMarked(scr, name string) bool {
	for _, l := range strings.Split(scr, "\n") {
		if strings.HasPrefix(l, "  > ") && strings.Contains(l, " "+name+" ") {
			return true
		}
	}
	return false
}

// A server that runs no tournaments: the lobby says nothing of them
// and offers no key; u says so.
func TestLobbyWithoutTournaments(t *testing.T) {
	srv, _ := testServer(t)
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

// "tournament ID" answers with the standings as text, "--json" as JSON
// a script reads back; an unknown id, a server with no tournaments and
// a command written wrong get one line and a non-zero code.
func TestTournamentAnswer(t *testing.T) {
	now := time.Now
	f := arenaOfFive(t, now)
	tr := i18n.MustLoad("en")
	book := map[string]string{"key:p0": "Ayşe", "key:p1": "Mehmet", "key:p2": "Zeynep", "key:p3": "John", "key:p4": "Oğuz"}
	names := func(g string, ids []string) tourneyview.Names {
		if g != "classic" {
			t.Errorf("names looked up in game %q", g)
		}
		out := tourneyview.Names{}
		for _, id := range ids {
			out[id] = book[id]
		}
		return out
	}
	// A guest the book cannot know is named as they joined; their id
	// (which holds their resume code) is never shown.
	if err := f.JoinTournament("t1", "guest:RESUMECODE", "Deniz", 0); err != nil {
		t.Fatal(err)
	}
	book["guest:RESUMECODE"] = "Deniz"
	out, code, problem := tourneyAnswer(f, []string{"t1"}, now(), "ssh -p 2222 HOST", func(g string, ids []string) tourneyview.Names {
		if slices.Contains(ids, "guest:RESUMECODE") {
			t.Errorf("a player who joined with a name looked up: %v", ids)
		}
		return names(g, ids)
	})
	if code != 0 || problem != "" {
		t.Fatalf("tournament t1: %d %q", code, problem)
	}
	text := string(out)
	for _, want := range []string{"Friday arena", tr.T("tourney.standings"), tr.T("tourney.col.points"), tr.T("tourney.col.rating"), tr.N("tourney.tables", 1, 1)} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	for _, l := range strings.Split(text, "\n") {
		if ansi.StringWidth(l) > 80 || strings.ContainsRune(l, '\x1b') {
			t.Errorf("a line not plain or over 80 columns: %q", l)
		}
	}
	if strings.Contains(text, "key:") || strings.Contains(text, "RESUMECODE") {
		t.Errorf("the text shows ids:\n%s", text)
	}
	for _, name := range book {
		if !strings.Contains(text, name) {
			t.Errorf("the text does not name %s:\n%s", name, text)
		}
	}
	out, code, _ = tourneyAnswer(f, []string{"t1", "--json"}, now(), "ssh HOST", nil)
	var got struct {
		ID        string `json:"id"`
		Phase     string `json:"phase"`
		Standings []struct {
			Rank     int `json:"rank"`
			Twelfths int `json:"twelfths"`
		} `json:"standings"`
		Playing []struct {
			Table int `json:"table"`
		} `json:"playing"`
	}
	if err := json.Unmarshal(out, &got); code != 0 || err != nil {
		t.Fatalf("--json: %d, %v:\n%s", code, err, out)
	}
	_, state, _ := f.Tournament("t1")
	st, _ := state.Standings()
	if got.ID != "t1" || got.Phase != "running" || len(got.Standings) != len(st) || len(got.Playing) != len(state.Playing) {
		t.Errorf("--json: %+v", got)
	}
	for i, s := range st {
		if got.Standings[i].Rank != i+1 || got.Standings[i].Twelfths != int(s.Points) {
			t.Errorf("--json line %d: %+v, want %s points", i+1, got.Standings[i], s.Points)
		}
	}
	for _, c := range []struct {
		side common.TourneySide
		args []string
		code int
		says string
	}{
		{f, []string{"nope"}, 1, `no tournament "nope" here`},
		{f, []string{"\x1b[2Jnope"}, 1, `no tournament "nope" here`},
		{nil, []string{"t1"}, 1, "runs no tournaments"},
		{f, nil, 2, tourneyUsage},
		{f, []string{"t1", "--xml"}, 2, tourneyUsage},
		{f, []string{"t1", "--json", "x"}, 2, tourneyUsage},
	} {
		out, code, problem := tourneyAnswer(c.side, c.args, now(), "ssh HOST", names)
		if code != c.code || out != nil || !strings.Contains(problem, c.says) || strings.Contains(problem, "\n") || strings.ContainsRune(problem, '\x1b') {
			t.Errorf("%q: %d %q, want %d and one line saying %q", c.args, code, problem, c.code, c.says)
		}
	}
}

// Over ssh, as a player uses it: "tournament ID" prints the standings
// and exits 0, an unknown id exits 1 with one line; a player at 80×24
// opens the list with u, a tournament with enter, joins it with enter,
// and sees their line.
func TestTournamentOverSSH(t *testing.T) {
	t.Parallel()
	srv, rerr, err := New(testConfig(t))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	f := arenaOfFive(t, srv.port(nil).Now)
	srv.tourSide = f // before it serves: no session reads it before
	// key:p1 has played a rated match as Mehmet: the page and the
	// command name them so; the others the book does not know.
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	if err := srv.book.Set(ctx, "classic", keep.RatedEntry{ID: "key:p1", Name: "Mehmet", Mu: 25, Sigma: 8, Games: 3}); err != nil {
		t.Fatal(err)
	}
	addr := serveLocal(t, srv)
	k := newKey(t)
	out, code := execSSH(t, addr, k, "tournament t1")
	if code != 0 || !strings.Contains(out, "Friday arena") || !strings.Contains(out, "Standings") || !strings.Contains(out, "Mehmet") {
		t.Errorf("tournament t1: exit %d:\n%s", code, out)
	}
	out, code = execSSH(t, addr, k, "tournament nope")
	if code != 1 || strings.Count(strings.TrimSpace(out), "\n") != 0 || !strings.Contains(out, "no tournament") {
		t.Errorf("tournament nope: exit %d, %q", code, out)
	}
	a := dial(t, addr, "ann", dialOpts{key: k, w: 80, h: 24})
	a.waitFor("Tournaments: 1 running", 5*time.Second)
	a.press("u")
	a.waitFor("Friday arena", 5*time.Second)
	a.press("enter")
	a.waitFor("enter join", 5*time.Second)
	a.press("enter")
	a.waitFor("You have joined", 5*time.Second)
	a.waitUntil("ann's line marked", 5*time.Second, func(scr string) bool { return hasMarked(scr, "ann") })
	a.waitFor("Mehmet", 5*time.Second)
}

// A player who joins an arena where three wait is paired at once, and
// the tournament's page takes them to their table (its waiting room
// here): an arena's player goes from table to table without a key.
func TestTournamentPageTakesThePlayerToTheirTable(t *testing.T) {
	t.Parallel()
	srv, rerr, err := New(testConfig(t))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	tb, err := srv.hall.Create(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}}, "key:p0", "10.0.0.9")
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(tb.TableID())
	if err != nil {
		t.Fatal(err)
	}
	now := srv.port(nil).Now
	f := newFakeTourneys(now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: now().Add(-time.Minute), Length: time.Hour, BotWait: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := f.JoinTournament(id, fmt.Sprintf("key:p%d", i), "", 1500); err != nil {
			t.Fatal(err)
		}
	}
	f.table = n - 1 // the table the pairing opens is the hall's table n
	srv.tourSide = f
	addr := serveLocal(t, srv)
	a := dial(t, addr, "ann", dialOpts{key: newKey(t), w: 80, h: 24})
	a.waitFor("Tournaments: 1 running", 5*time.Second)
	a.press("u")
	a.waitFor("Friday arena", 5*time.Second)
	a.press("enter")
	a.waitFor("enter join", 5*time.Second)
	a.press("enter")
	a.waitUntil("table "+tb.TableID()+"'s waiting room", 10*time.Second, func(scr string) bool {
		return strings.Contains(scr, "Table "+tb.TableID()+" ·") && strings.Contains(scr, "ann (you)")
	})
	_, state, _ := f.Tournament(id)
	if len(state.Playing) != 1 || state.Playing[0].Table != n {
		t.Errorf("the pairing's tables: %+v", state.Playing)
	}
}

// An arena's four players, each at an ssh client, join from the
// tournament's page and play match after match (the turn's clock hands
// their moves to their bots). When a match ends, each is at their next
// table with no key: the session takes them there from the finished
// match's screen once it has shown the match's end for seat.EndDwell (the
// tournament opens the next table at once), and the line under the
// table says which; one who leaves a match's end with q for the lobby
// is taken there from the lobby. The delay from each match's end (its table's
// end handed to the tournaments) to each player's screen at the next
// table is logged: the "within 10 s", measured.
func TestArenaPlayersGoOnToTheirNextTable(t *testing.T) {
	if testing.Short() {
		t.Skip("four ssh players through four matches of an arena (a minute or more)")
	}
	t.Parallel()
	srv, rerr, err := New(testConfig(t, func(c *Config) { c.DefaultTimer = time.Millisecond }))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	var mu sync.Mutex
	ended := map[string]time.Time{}
	srv.hall.Mu.Lock()
	hand := srv.hall.Opt.SeatedEnded
	srv.hall.Opt.SeatedEnded = func(e tables.SeatedEnd) {
		mu.Lock()
		if _, ok := ended[e.TableID]; !ok {
			ended[e.TableID] = time.Now()
		}
		mu.Unlock()
		hand(e)
	}
	srv.hall.Mu.Unlock()
	if _, err := srv.port(nil).CreateTournament("key:SHA256:creator", tourney.Config{Kind: tourney.Arena, Name: "Next table", Game: "101",
		Hands: 1, Start: time.Now(), Length: time.Hour, BotLevel: "easy", Back: time.Minute}); err != nil {
		t.Fatal(err)
	}
	addr := serveLocal(t, srv)
	var cs []*client
	for _, name := range []string{"ann", "bob", "cem", "dan"} {
		c := dial(t, addr, name, dialOpts{key: newKey(t), w: 100, h: 30})
		c.waitFor("Tables (", time.Minute)
		c.press("u")
		c.waitFor("Next table", time.Minute)
		c.press("enter")
		c.waitFor("enter join", time.Minute)
		c.press("enter")
		cs = append(cs, c)
	}
	// Each player's screens, watched as they come: the table each is
	// at, from when.
	type at struct {
		table string
		since time.Time
	}
	const matches = 4
	next := regexp.MustCompile(`Your tournament match: table (\d+)\.`)
	seen := make([][]at, len(cs))
	var wg sync.WaitGroup
	for i, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			last := ""
			for len(seen[i]) <= matches {
				scr, ok := c.await(5*time.Minute, func(scr string) bool {
					m := next.FindStringSubmatch(scr)
					return m != nil && m[1] != last
				})
				if !ok {
					return
				}
				last = next.FindStringSubmatch(scr)[1]
				seen[i] = append(seen[i], at{last, time.Now()})
				if i == len(cs)-1 && len(seen[i]) == 2 {
					// The last player leaves this match's end with q
					// (the lobby) while the end is shown, the next table already open: it
					// takes them there all the same.
					if _, ok := c.await(5*time.Minute, func(scr string) bool {
						return strings.Contains(scr, "This match is over") || strings.Contains(scr, "enter the final table")
					}); !ok {
						return
					}
					c.press("q")
				}
			}
		}()
	}
	wg.Wait()
	var delays []time.Duration
	for i, s := range seen {
		if len(s) <= matches {
			t.Fatalf("%s reached %d tables, want %d: %+v\n%s", cs[i].name, len(s), matches+1, s, cs[i].term.String())
		}
		for k := range s {
			if s[k].table != seen[0][k].table {
				t.Errorf("match %d: %s at table %s, %s at %s", k+1, cs[i].name, s[k].table, cs[0].name, seen[0][k].table)
			}
			if k == 0 {
				continue
			}
			mu.Lock()
			end, ok := ended[s[k-1].table]
			mu.Unlock()
			if !ok {
				t.Errorf("%s left table %s for %s before its match ended", cs[i].name, s[k-1].table, s[k].table)
				continue
			}
			d := s[k].since.Sub(end)
			if left := i == len(cs)-1 && k == 2; d < seat.EndDwell && !left {
				// The match's end must stay on the screen long enough
				// to be read, though three others wait at once.
				t.Errorf("%s taken from table %s's end to table %s after %v, before its end had been on the screen %v", cs[i].name, s[k-1].table, s[k].table, d.Round(time.Millisecond), seat.EndDwell)
			}
			delays = append(delays, d)
		}
	}
	slices.Sort(delays)
	if len(delays) > 0 {
		t.Logf("end of match to the next table's screen, %d players x %d matches: p50 %v, max %v, all %v",
			len(cs), matches, delays[len(delays)/2].Round(time.Millisecond), delays[len(delays)-1].Round(time.Millisecond), delays)
	}
}

// Where the session takes its player to a tournament's table with no
// key: from the lobby, the tournaments' pages and an end page, to a
// tournament's table that holds their seat, once; not to another's
// seat, not to a table of their own that is no tournament's, not while
// they type in a form, and not on a server that runs no tournaments.
func TestSessionTakesThePlayerToTheirTournamentTable(t *testing.T) {
	srv, _ := testServer(t)
	seated := func(player string) *tables.Table {
		t.Helper()
		tb, err := srv.hall.OpenSeated(tables.Config{Game: "101", Rules: "hands=1", Levels: [4]string{"easy", "easy", "easy", "easy"},
			Seated: &tables.Seated{Tourney: "t1", Players: [4]string{player}, Back: time.Hour}})
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	mine, theirs := seated("key:test"), seated("key:else")
	own, err := srv.hall.Create(tables.Config{Game: "101", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}}, "key:test", "10.0.0.9")
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
		listed = srv.hall.List()
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
	f := newFakeTourneys(srv.port(nil).Now)
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

// A tournament's match's record is fetched as the page says, by its
// table's number, once its table has closed (the tournament keeps it);
// a duplicate round's only once the round is over; and "tournament ID"
// of a duplicate Swiss says each round's commitment.
func TestTournamentRecordsAndSealsOverSSH(t *testing.T) {
	t.Parallel()
	srv, rerr, err := New(testConfig(t))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	now := srv.port(nil).Now
	f := newFakeTourneys(now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Swiss, Name: "Club", Game: "101", Rules: "default",
		Hands: 1, Start: now().Add(time.Hour), Rounds: 2, Back: time.Minute, Duplicate: true})
	if err != nil {
		t.Fatal(err)
	}
	rec := []byte(`{"a record":"kept by the tournament"}` + "\n")
	f.records = map[int][]byte{77: rec, 78: nil}
	f.seals = map[string][]tourneyview.Seal{id: {{Round: 1, Commit: strings.Repeat("5a", 32)}}}
	srv.tourSide = f
	addr := serveLocal(t, srv)
	k := newKey(t)
	if out, code := execSSH(t, addr, k, "record 77"); code != 0 || out != string(rec) {
		t.Errorf("record 77 (a tournament's table, closed): exit %d, %q", code, out)
	}
	if out, code := execSSH(t, addr, k, "record 78"); code != 1 || !strings.Contains(out, "once every table of the round is over") {
		t.Errorf("record 78 (a duplicate round still played): exit %d, %q", code, out)
	}
	if out, code := execSSH(t, addr, k, "record 79"); code != 1 || !strings.Contains(out, "no table") {
		t.Errorf("record 79 (no table, no tournament's): exit %d, %q", code, out)
	}
	out, code := execSSH(t, addr, k, "tournament "+id)
	if said := strings.Join(strings.Fields(out), " "); code != 0 || !strings.Contains(said, "5a5a 5a5a 5a5a 5a5a") || !strings.Contains(said, "shown once the round is over") {
		t.Errorf("tournament %s: exit %d:\n%s", id, code, out)
	}
}
