package tourneyview

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
)

// golden compares got with testdata/name, or writes it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: go test ./ui/serve/tourneyview -run %s -update writes it", err, t.Name())
	}
	if string(want) != got {
		t.Errorf("%s differs from what is drawn now:\n%s", path, got)
	}
}

// The new pages as a player reads them at 80×24, in both languages: an
// arena under way, a finished duplicate Swiss, a 101 arena of partners
// to come, and the list.
func TestPagesGolden(t *testing.T) {
	pages := []struct {
		name string
		mk   func(*testing.T) Page
	}{{"arena", arenaUnderWay}, {"swiss", swissOver}, {"partners", partnersStarting}, {"partners.swiss", partnersSwissOver}}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		var list []tourney.Listed
		for _, pg := range pages {
			p := pg.mk(t)
			lines, _ := Lines(tr, plain, p, 78, 19)
			golden(t, pg.name+"."+lang+".txt", ansi.Strip(strings.Join(lines, "\n"))+"\n")
			list = append(list, p.Listed)
		}
		lines := List(tr, plain, Order(list), 1, t0.Add(28*60*1e9), 78, 19)
		golden(t, "list."+lang+".txt", ansi.Strip(strings.Join(lines, "\n"))+"\n")
	}
}

// The command's text: no escape, no line over 80 columns, the columns
// aligned (each value's last letter under its head's), no id; and its
// golden.
func TestTextAlignedAndPlain(t *testing.T) {
	tr := i18n.MustLoad("en")
	for _, pg := range []struct {
		name string
		mk   func(*testing.T) Page
	}{{"arena", arenaUnderWay}, {"swiss", swissOver}, {"partners", partnersSwissOver}} {
		p := pg.mk(t)
		text := Text(tr, p)
		if strings.ContainsRune(text, '\x1b') {
			t.Errorf("%s: escapes in the text", pg.name)
		}
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		fits(t, pg.name, lines, TextWidth, len(lines))
		noIDs(t, pg.name, text)
		head := -1
		for i, l := range lines {
			if strings.Contains(l, tr.T("tourney.col.points")) && strings.Contains(l, tr.T("tourney.col.player")) {
				head = i
			}
		}
		if head < 0 {
			t.Fatalf("%s: no head of the standings:\n%s", pg.name, text)
		}
		ends := columnEnds([]rune(lines[head]))
		st, _ := p.T.Standings()
		for _, line := range lines[head+1 : head+1+len(st)] {
			l := []rune(line)            // every letter here is a column wide
			for _, e := range ends[2:] { // the right-aligned columns after the name
				if e > len(l) || l[e-1] == ' ' || (e < len(l) && l[e] != ' ') {
					t.Errorf("%s: a value does not end under its head at column %d:\n%s\n%s", pg.name, e, lines[head], line)
				}
			}
		}
		if strings.Contains(text, tr.T("tourney.rules.title")) {
			t.Errorf("%s: the command's text states the rules; it answers with the standings", pg.name)
		}
		golden(t, "text."+pg.name+".txt", text)
	}
}

// columnEnds are where the words of a head line end.
func columnEnds(head []rune) []int {
	var out []int
	for i := range len(head) {
		if head[i] != ' ' && (i+1 == len(head) || head[i+1] == ' ') {
			out = append(out, i+1)
		}
	}
	return out
}

// The JSON reads back as the standings are: every player in rank
// order, points as written and in twelfths, the Swiss tie-break and the
// duplicate score, each match with its table and places; names, never
// ids.
func TestJSONIsTheStandings(t *testing.T) {
	tr := i18n.MustLoad("en")
	p := swissOver(t)
	got, st := readJSON(t, tr, p)
	if got.Kind != "swiss" || got.Phase != "finished" || got.Rounds != 3 || !got.Duplicate || len(got.Standings) != len(st) {
		t.Fatalf("the JSON's tournament: %+v", got)
	}
	for i, s := range st {
		l := got.Standings[i]
		if l.Rank != i+1 || l.Name != p.Names[s.Player] || l.Twelfths != int(s.Points) || l.Points != s.Points.String() ||
			l.Matches != s.Matches || l.Wins != s.Wins || l.Opponents == nil || *l.Opponents != s.Opponents.String() ||
			l.Field == nil || *l.Field != fieldScore(p.Field[s.Player]) {
			t.Errorf("line %d: %+v, want %+v", i+1, l, s)
		}
	}
	if len(got.Matches) != len(p.T.Matches) {
		t.Fatalf("%d matches, want %d", len(got.Matches), len(p.T.Matches))
	}
	for i, m := range p.T.Matches {
		g := got.Matches[i]
		if g.Table != m.Table || g.Round != m.Round || g.Places != m.Places {
			t.Errorf("match %d: %+v, want %+v", i, g, m)
		}
		for s, id := range m.Players {
			if (id == tourney.Bot) != (g.Players[s] == "") {
				t.Errorf("match %d seat %d: %q for %q", i, s, g.Players[s], id)
			}
		}
	}
}

// TestJSONSaysEachArenaSheet: in an arena each line of the JSON's
// standings carries the player's results, what each match earned them
// in order (the page's results column, whole), which add up to their
// points, a doubled win and a forfeit marked; a Swiss's lines carry none.
func TestJSONSaysEachArenaSheet(t *testing.T) {
	tr := i18n.MustLoad("en")
	p := arenaUnderWay(t)
	got, st := readJSON(t, tr, p)
	sheets, err := tourney.Sheets(p.T.System().Scoring.Rules(), p.T.Matches)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range st {
		l := got.Standings[i]
		sum := 0
		for _, r := range l.Results {
			sum += r.Twelfths
		}
		if l.Results == nil || len(l.Results) != len(sheets[s.Player]) || sum != int(s.Points) {
			t.Errorf("line %d: results %+v (sum %d), want the %d of its sheet adding up to %d", i+1, l.Results, sum, len(sheets[s.Player]), s.Points)
		}
		for j, r := range l.Results {
			if sc := sheets[s.Player][j]; r.Points != sc.Points.String() || r.Doubled != sc.Doubled || r.Forfeit != sc.Forfeit {
				t.Errorf("line %d, match %d: %+v, want %+v", i+1, j+1, r, sc)
			}
		}
	}
	swiss, _ := readJSON(t, tr, swissOver(t))
	for _, l := range swiss.Standings {
		if l.Results != nil {
			t.Errorf("a Swiss's line has results: %+v", l)
		}
	}
}

// Ranked by the duplicate score, the standings put the best field
// score first and those without one last.
func TestStandingsByField(t *testing.T) {
	tr := i18n.MustLoad("en")
	p := swissOver(t)
	delete(p.Field, idOf(0))
	lines, err := Standings(tr, p.T, p.Names, p.Field, p.Ratings, true)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(lines); i++ {
		a, b := lines[i-1].Field, lines[i].Field
		if a == nil && b != nil || a != nil && b != nil && a.Cmp(b) < 0 {
			t.Errorf("line %d (%v) above line %d (%v)", i, a, i+1, b)
		}
	}
	if lines[len(lines)-1].Player != idOf(0) {
		t.Errorf("the player with no field score is not last: %+v", lines[len(lines)-1])
	}
}

// readJSON is p's JSON read back (no id in it), and p's standings.
func readJSON(t *testing.T, tr *i18n.Catalog, p Page) (jsonTourney, []tourney.Standing) {
	t.Helper()
	b, err := JSON(tr, p)
	if err != nil {
		t.Fatal(err)
	}
	noIDs(t, "the JSON", string(b))
	if p.T.Config.Partners && !strings.Contains(string(b), " & ") {
		t.Errorf("the JSON's teams are not named as the page names them:\n%s", b)
	}
	var got jsonTourney
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	st, err := p.T.Standings()
	if err != nil {
		t.Fatal(err)
	}
	return got, st
}

// In partners the JSON's standings lines are the teams', each naming
// its two players ("" for a bot partner), and a table's seats name the
// players at them, each team's two facing each other.
func TestJSONPartners(t *testing.T) {
	tr := i18n.MustLoad("en")
	p := partnersSwissOver(t)
	got, st := readJSON(t, tr, p)
	if !got.Partners || got.Players != 7 || len(got.Standings) != 4 || len(st) != 4 {
		t.Fatalf("the JSON's tournament: %+v", got)
	}
	for i, s := range st {
		tm := p.T.Teams[s.Player]
		want := []string{p.Names[tm.First], p.Names[tm.Second]}
		if l := got.Standings[i]; !slices.Equal(l.Team, want) || l.Name != tr.T("tourney.team", want[0], nonEmpty(want[1], tr.T("tourney.bot"))) {
			t.Errorf("line %d: %+v, want the team %v", i+1, l, want)
		}
	}
	for i, m := range p.T.Matches {
		for s := range 2 {
			tm := p.T.Teams[m.Players[s]]
			if g := got.Matches[i].Players; g[s] != p.Names[tm.First] || g[s+2] != p.Names[tm.Second] {
				t.Errorf("match %d seats %d and %d: %q and %q, want the team %+v", i, s, s+2, g[s], g[s+2], tm)
			}
		}
	}
}

// Every seat of every match is said, in the command's 80 columns and
// on a narrow page alike: four names of twelve columns with their
// places and forfeits pass 80 columns, and the line wraps rather than
// losing its last seats.
func TestMatchLinesSayEverySeat(t *testing.T) {
	p := swissOver(t)
	for id := range p.Names {
		p.Names[id] = (p.Names[id] + "____________")[:12]
	}
	for i := range p.T.Matches {
		p.T.Matches[i].Forfeit = [4]bool{true, true, true, false}
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		name := p.Names.namer(tr, p.T)
		text := Text(tr, p)
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		fits(t, lang+" text", lines, TextWidth, len(lines))
		page := Body(tr, plain, p, 58)
		fits(t, lang+" page", page, 58, len(page))
		for _, said := range []string{words(lines), words(page)} {
			for _, m := range p.T.Matches {
				for s, id := range m.Players {
					want := name(id) + " " + tr.T("tourney.place", m.Places[s])
					if m.Forfeit[s] {
						want += " " + tr.T("tourney.forfeit")
					}
					if !strings.Contains(said, want) {
						t.Errorf("%s: table %d's seat %d (%q) is not said:\n%s", lang, m.Table, s, want, said)
					}
				}
			}
		}
	}
}

// A partners' tournament's JSON lists the asks to partner waiting for
// their answer: who asked whom, by name, since when, and when the ask
// lapses unanswered.
func TestJSONAsks(t *testing.T) {
	tr := i18n.MustLoad("en")
	start := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	tt, err := tourney.New(tourney.Config{Kind: tourney.Arena, Name: "eşli", Game: "101", Hands: 1, Start: start, Length: time.Hour, Partners: true})
	if err != nil {
		t.Fatal(err)
	}
	asked := start.Add(-10 * time.Minute)
	if _, err := tt.Join("guest:ayse", 1500, asked.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := tt.Ask(tourney.Invite{From: "guest:mehmet", To: "guest:ayse", Rating: 1500}, asked); err != nil {
		t.Fatal(err)
	}
	p := Page{T: *tt, Names: Names{"guest:ayse": "Ayşe", "guest:mehmet": "Mehmet"}, Now: asked}
	b, err := JSON(tr, p)
	if err != nil {
		t.Fatal(err)
	}
	noIDs(t, "the JSON", string(b))
	var got jsonTourney
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := []jsonAsk{{From: "Mehmet", To: "Ayşe", Since: asked, Lapses: asked.Add(tourney.AskLapse)}}
	if !slices.Equal(got.Asks, want) {
		t.Errorf("asks %+v, want %+v:\n%s", got.Asks, want, b)
	}
}

// TestHeldRoundSaysWhenItsResultsCome: while a duplicate round's last
// table plays, the page, the command's text and its JSON show none of
// the round's places or points (the tournament as shown: tourney.Shown)
// and say the results come when every table has finished; the JSON
// names the round held. In both languages.
func TestHeldRoundSaysWhenItsResultsCome(t *testing.T) {
	d := newDirector(t, tourney.Config{Kind: tourney.Swiss, Name: "Club", Game: "101", Hands: 1,
		Start: t0, Rounds: 2, Back: 2 * time.Minute, BotLevel: "normal", Duplicate: true}, 6)
	over := d.tr.Playing[0]
	if _, err := d.tr.Ended(over.Table, [4]int{1, 2, 3, 4}, [4]bool{}, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	first := over.Players[0] // first at the table that ended
	p := Page{Listed: d.tr.Listed("s1"), T: tourney.Shown(*d.tr), Me: first, Names: nameBook(6), Now: t0.Add(time.Minute), SSH: "ssh HOST"}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		held := tr.T("tourney.held", 1)
		page := words(Body(tr, plain, p, 78))
		text := Text(tr, p)
		if !strings.Contains(page, held) || !strings.Contains(text, held) {
			t.Errorf("%s: the page or the text does not say %q:\n%s", lang, held, text)
		}
		b, err := JSON(tr, p)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Held      []int             `json:"held"`
			Matches   []json.RawMessage `json:"matches"`
			Standings []struct {
				Twelfths int `json:"twelfths"`
			} `json:"standings"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Held, []int{1}) || len(got.Matches) != 0 || slices.ContainsFunc(got.Standings, func(l struct {
			Twelfths int `json:"twelfths"`
		}) bool {
			return l.Twelfths != 0
		}) {
			t.Errorf("%s: the JSON tells the round: %s", lang, b)
		}
	}
}
