package door

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/server/keep"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/pages/seat"
	"okey/ui/serve/tourneyview"
)

// "tournament ID" answers with the standings as text, "--json" as JSON
// a script reads back; an unknown id, a server with no tournaments and
// a command written wrong get one line and a non-zero code.
func TestTournamentAnswer(t *testing.T) {
	now := time.Now
	f := commontest.ArenaOfFive(t, now)
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
	}, func(_ string, ids []string) map[string]float64 {
		out := map[string]float64{}
		for _, id := range ids {
			if id == "key:p0" {
				out[id] = 15 // Ayşe's rating now: one decimal, not her entry's 1500
			}
		}
		return out
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
	// The rating column is the rating now, to one decimal, where it is
	// known (Ayşe's), and the one at entry where it is not.
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasSuffix(strings.Fields(l + " x")[0], ".") {
			continue // not a standings line ("1.", "2.", …)
		}
		if strings.Contains(l, "Ayşe") && !strings.Contains(l, " 15.0") || strings.Contains(l, "Mehmet") && !strings.Contains(l, " 1501") {
			t.Errorf("a line's rating: %q", l)
		}
	}
	for _, name := range book {
		if !strings.Contains(text, name) {
			t.Errorf("the text does not name %s:\n%s", name, text)
		}
	}
	out, code, _ = tourneyAnswer(f, []string{"t1", "--json"}, now(), "ssh HOST", nil, nil)
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
	// By its name, as typed in words ("tournament Friday arena"), case
	// and Turkish letters as a keyboard has them: the same answer.
	byName, code, problem := tourneyAnswer(f, []string{"FRİDAY", "arena", "--json"}, now(), "ssh HOST", nil, nil)
	if code != 0 || string(byName) != string(out) {
		t.Errorf("by name: %d %q:\n%s", code, problem, byName)
	}
	if text, _, _ := tourneyAnswer(f, []string{"t1"}, now(), "ssh HOST", nil, nil); !strings.Contains(string(text), "Friday arena (t1)") {
		t.Errorf("the text does not give the id:\n%s", text)
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
		out, code, problem := tourneyAnswer(c.side, c.args, now(), "ssh HOST", names, nil)
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
	f := commontest.ArenaOfFive(t, srv.port(nil).Now)
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
	a.waitUntil("ann's line marked", 5*time.Second, func(scr string) bool { return commontest.HasMarked(scr, "ann") })
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
	f := commontest.NewTourneys(now)
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
	f.Table = n - 1 // the table the pairing opens is the hall's table n
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
// table says which; one who leaves a match's end with q for the tournament's page
// is taken there from that page. The delay from each match's end (its table's
// end handed to the tournaments) to each player's screen at the next
// table is logged: the "within 10 s", measured.
func TestArenaPlayersGoOnToTheirNextTable(t *testing.T) {
	if testing.Short() {
		t.Skip("four ssh players through four matches of an arena (a minute or more)")
	}
	t.Parallel()
	// No turn's timer: each player presses a key as they come to a
	// table (present: their bot's play then loses them nothing), and
	// their bot plays once they have pressed none for a few seconds.
	srv, rerr, err := New(testConfig(t, func(c *Config) { c.DefaultTimer, c.AwayAfter = 0, 3*time.Second }))
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
				c.press("left") // a key at the table
				if i == len(cs)-1 && len(seen[i]) == 2 {
					// The last player leaves this match's end with q
					// (the tournament's page) while the end is shown, the next table already open: it
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
	f := commontest.NewTourneys(now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Swiss, Name: "Club", Game: "101", Rules: "default",
		Hands: 1, Start: now().Add(time.Hour), Rounds: 2, Back: time.Minute, Duplicate: true})
	if err != nil {
		t.Fatal(err)
	}
	rec := []byte(`{"a record":"kept by the tournament"}` + "\n")
	f.Records = map[int][]byte{77: rec, 78: nil}
	f.Seals = map[string][]tourneyview.Seal{id: {{Round: 1, Commit: strings.Repeat("5a", 32)}}}
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
