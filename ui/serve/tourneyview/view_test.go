package tourneyview

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/ui/theme"
)

var update = flag.Bool("update", false, "write the golden files anew")

// plain is the style sheet of the tests: no colour, so lines compare
// as text.
var plain = theme.New(theme.Palette{}, true, true)

// words is text with its spaces made one, for looking for a sentence
// that wrapping may have broken.
func words(lines []string) string {
	return strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, " "))), " ")
}

func TestWhenSaysWhereATournamentIs(t *testing.T) {
	tr := i18n.MustLoad("en")
	now := t0
	for _, c := range []struct {
		l    tourney.Listed
		want string
	}{
		{tourney.Listed{Phase: tourney.Starting, Start: now.Add(12*time.Minute + 10*time.Second)}, "starts in 13 min"},
		{tourney.Listed{Phase: tourney.Starting, Start: now.Add(90 * time.Minute)}, "starts in 1 h 30 min"},
		{tourney.Listed{Phase: tourney.Starting, Start: now.Add(2 * time.Hour)}, "starts in 2 h"},
		{tourney.Listed{Phase: tourney.Starting, Start: now.Add(-time.Second)}, "starts in a moment"},
		// The start's last minute too is counted in seconds.
		{tourney.Listed{Phase: tourney.Starting, Start: now.Add(6 * time.Second)}, "starts in 6 s"},
		{tourney.Listed{Phase: tourney.Starting, Start: now.Add(time.Minute)}, "starts in 60 s"},
		{tourney.Listed{Phase: tourney.Starting, Start: now.Add(61 * time.Second)}, "starts in 2 min"},
		{tourney.Listed{Phase: tourney.Running, Kind: tourney.Arena, End: now.Add(40 * time.Minute)}, "ends in 40 min"},
		// The last minute is counted in seconds, rounded up.
		{tourney.Listed{Phase: tourney.Running, Kind: tourney.Arena, End: now.Add(61 * time.Second)}, "ends in 2 min"},
		{tourney.Listed{Phase: tourney.Running, Kind: tourney.Arena, End: now.Add(time.Minute)}, "ends in 60 s"},
		{tourney.Listed{Phase: tourney.Running, Kind: tourney.Arena, End: now.Add(41*time.Second + time.Millisecond)}, "ends in 42 s"},
		{tourney.Listed{Phase: tourney.Running, Kind: tourney.Arena, End: now.Add(time.Second)}, "ends in 1 s"},
		{tourney.Listed{Phase: tourney.Running, Kind: tourney.Swiss, Round: 2, Rounds: 5}, "round 2 of 5"},
		{tourney.Listed{Phase: tourney.Ending, Kind: tourney.Arena}, "last matches"},
		{tourney.Listed{Phase: tourney.Finished}, "finished"},
	} {
		if got := When(tr, c.l, now); got != c.want {
			t.Errorf("%s: %q, want %q", c.l.Phase, got, c.want)
		}
	}
}

// A page counts down, redrawn every second, in the minute before the
// start and in an arena's last minute, and at no other time.
func TestCountdownCountsTheLastMinutes(t *testing.T) {
	now := t0
	for _, c := range []struct {
		name string
		l    tourney.Listed
		want bool
		tick time.Duration
	}{
		{"a start in 6.5 s", tourney.Listed{Phase: tourney.Starting, Start: now.Add(6500 * time.Millisecond)}, true, 500 * time.Millisecond},
		{"a start in 60 s", tourney.Listed{Phase: tourney.Starting, Start: now.Add(time.Minute)}, true, time.Second},
		{"a start in 61 s", tourney.Listed{Phase: tourney.Starting, Start: now.Add(61 * time.Second)}, false, time.Second},
		{"a start past", tourney.Listed{Phase: tourney.Starting, Start: now.Add(-time.Second)}, false, time.Second},
		{"an arena's end in 20 s", tourney.Listed{Phase: tourney.Running, End: now.Add(20 * time.Second)}, true, time.Second},
		{"a Swiss running", tourney.Listed{Phase: tourney.Running, Start: now.Add(-time.Second)}, false, time.Second},
		{"a tournament over", tourney.Listed{Phase: tourney.Finished, End: now.Add(20 * time.Second)}, false, time.Second},
	} {
		if got := Countdown(c.l, now); got != c.want {
			t.Errorf("%s: Countdown %v, want %v", c.name, got, c.want)
		}
		if got := TickIn(c.l, now); got != c.tick {
			t.Errorf("%s: the next tick in %v, want %v", c.name, got, c.tick)
		}
	}
}

// The list puts what runs first, then what is to come, soonest first,
// then what is over, latest first; the lobby's line counts each.
func TestListOrderAndSummary(t *testing.T) {
	list := []tourney.Listed{
		{ID: "old", Phase: tourney.Finished, Start: t0.Add(-3 * time.Hour)},
		{ID: "later", Phase: tourney.Starting, Start: t0.Add(time.Hour)},
		{ID: "recent", Phase: tourney.Finished, Start: t0.Add(-time.Hour)},
		{ID: "soon", Phase: tourney.Starting, Start: t0.Add(time.Minute)},
		{ID: "now", Phase: tourney.Running, Start: t0.Add(-time.Minute)},
		{ID: "ending", Phase: tourney.Ending, Start: t0.Add(-2 * time.Hour)},
	}
	var got []string
	for _, l := range Order(list) {
		got = append(got, l.ID)
	}
	if want := "ending now soon later recent old"; strings.Join(got, " ") != want {
		t.Errorf("order %v, want %s", got, want)
	}
	if list[0].ID != "old" {
		t.Error("Order changed the list it was given")
	}
	tr := i18n.MustLoad("en")
	if got, want := Summary(tr, list), tr.T("tourney.summary", 2, 2, 2); got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if got := Summary(tr, nil); got != tr.T("tourney.summary.none") {
		t.Errorf("no tournaments: %q", got)
	}
}

// sizes are the terminals the pages are drawn for: 80×24 and a wide
// one, as the room a page of the session has in them (two columns of
// margin; the header, the flash line and two lines of keys).
var sizes = []struct{ w, h int }{{80, 24}, {120, 40}}

// fits fails on a line wider than w or more than h lines.
func fits(t *testing.T, what string, lines []string, w, h int) {
	t.Helper()
	if len(lines) > h {
		t.Errorf("%s: %d lines in %d", what, len(lines), h)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("%s: a line of %d columns in %d: %q", what, ansi.StringWidth(l), w, ansi.Strip(l))
		}
	}
}

// noIDs fails where a page shows a player's id: a guest's holds their
// resume code.
func noIDs(t *testing.T, what, text string) {
	t.Helper()
	if strings.Contains(text, "guest:") || strings.Contains(text, "SECRET") {
		t.Errorf("%s shows a player's id:\n%s", what, text)
	}
}

// A tournament's page at 80×24 and 120×40 in both languages: every line
// fits, the head says what and when, the standings have a line a
// player with their name, points and matches, the player's own line is
// marked, the streak is marked x2, the tables in play are listed by
// number, the rules are stated (points, the streak, bots after the
// wait, ties; forfeits and the Swiss tie-break in a Swiss; duplicate;
// partners), and at the end each match's table and the way to its
// record. No id is shown. Scrolled to its end, the page shows its last
// rule.
func TestTourneyPageFitsAndSays(t *testing.T) {
	pages := map[string]func(*testing.T) Page{"arena": arenaUnderWay, "swiss over": swissOver, "partners starting": partnersStarting,
		"partners over": partnersSwissOver}
	for name, mk := range pages {
		p := mk(t)
		for _, lang := range []string{"en", "tr"} {
			tr := i18n.MustLoad(lang)
			for _, sz := range sizes {
				w, h := sz.w-2, sz.h-5
				what := fmt.Sprintf("%s %s %dx%d", name, lang, sz.w, sz.h)
				lines, _ := Lines(tr, plain, p, w, h)
				fits(t, what, lines, w, h)
				all := append(Head(tr, plain, p, w), Body(tr, plain, p, w)...)
				fits(t, what+" (whole)", all, w, len(all))
				text := words(all)
				noIDs(t, what, text)
				if strings.Contains(text, "%!") || strings.Contains(text, "{{") {
					t.Errorf("%s: a sentence's arguments do not fit its words (or a word is missing):\n%s", what, text)
				}
				for _, want := range mustSay(t, tr, p) {
					if !strings.Contains(text, want) {
						t.Errorf("%s lacks %q:\n%s", what, want, strings.Join(all, "\n"))
					}
				}
				// The player's own line is marked, and only theirs (their
				// team's, which its first player's name begins).
				want := ""
				if tm, in := p.T.Teams[p.T.Unit(p.Me)]; in {
					want = p.Names[tm.First]
				} else if _, in := p.T.Joined[p.Me]; in {
					want = p.Names[p.Me]
				}
				if got := markedLine(all); got != want {
					t.Errorf("%s: the line marked is %q's, want %q's", what, got, want)
				}
				// Scrolled past its end: the last screen, ending with the
				// last rule's last words.
				p2 := p
				p2.Scroll = 1000
				last, scroll := Lines(tr, plain, p2, w, h)
				fits(t, what+" scrolled", last, w, h)
				if len(all) > h && scroll == 0 {
					t.Errorf("%s: a page longer than its room does not scroll", what)
				}
				rules := Rules(tr, p.T.Config)
				end := strings.Fields(rules[len(rules)-1])
				if !strings.Contains(words(last), strings.Join(end[len(end)-2:], " ")) {
					t.Errorf("%s scrolled to its end lacks its last rule:\n%s", what, strings.Join(last, "\n"))
				}
			}
		}
	}
}

// markedLine is the name on the one line marked "> " ("" for none, "?"
// for more than one).
func markedLine(lines []string) string {
	name := ""
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(ansi.Strip(l), "> "); ok {
			if name != "" {
				return "?"
			}
			name = strings.Fields(rest)[1] // after the rank
		}
	}
	return name
}

// mustSay is what the page of p must say in tr's words.
func mustSay(t *testing.T, tr *i18n.Catalog, p Page) []string {
	t.Helper()
	c := p.T.Config
	want := []string{c.Name, GameName(tr, c.Game), KindName(tr, c.Kind), tr.T("tourney.rules.points"), tr.T("tourney.col.points"), tr.T("tourney.rules.oneaddr")}
	st, err := p.T.Standings()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		want = append(want, p.Names[s.Player])
		if tm, ok := p.T.Teams[s.Player]; ok {
			want = append(want, tr.T("tourney.team", p.Names[tm.First], nonEmpty(p.Names[tm.Second], tr.T("tourney.bot"))))
		}
		if s.OnFire() && c.Kind == tourney.Arena {
			want = append(want, " x2 ")
		}
	}
	if c.Kind == tourney.Arena {
		want = append(want, tr.T("tourney.rules.streak"), tr.T("tourney.rules.ties.arena"))
		if c.BotWait > 0 {
			want = append(want, tr.T("tourney.rules.bots", tr.T("level."+c.BotLevel), Wait(tr, c.BotWait)))
		} else {
			want = append(want, tr.T("tourney.rules.nobots"))
		}
		// What becomes of one whose bot played for them, in both kinds.
		want = append(want, tr.T("tourney.rules.away.arena", Wait(tr, c.Back), Longer(tr, c.AwayFor())))
	} else {
		want = append(want, tr.T("tourney.rules.forfeit", Wait(tr, c.Back), Longer(tr, c.AwayFor())), tr.T("tourney.rules.ties.swiss"), tr.T("tourney.col.opponents"))
	}
	if c.Duplicate {
		want = append(want, tr.T("tourney.rules.duplicate"), tr.T("tourney.rules.duplicate.who"), tr.T("tourney.col.field"))
		for _, sl := range p.Seals {
			if sl.Seed != "" {
				want = append(want, tr.T("tourney.seal.shown", sl.Round, shortCommit(sl.Commit), sl.Seed, sl.Salt))
			}
		}
	}
	if c.Partners {
		want = append(want, tr.T("tourney.rules.partners"), tr.T("tourney.rules.teams", int(tourney.AskLapse/time.Minute)))
		for _, l := range p.T.Lone {
			want = append(want, tr.T("tourney.alone", p.Names[l.Player]))
		}
		if partner, ok := p.T.Partner(p.Me); ok {
			want = append(want, tr.T("tourney.you.with", p.Names[partner]))
		}
	}
	for _, pl := range p.T.Playing {
		want = append(want, tr.T("tourney.table", pl.Table))
	}
	if n, ok := p.Table(); ok {
		want = append(want, tr.T("tourney.you.table", n))
	}
	if p.T.Phase == tourney.Finished {
		want = append(want, tr.T("tourney.final"))
		for _, m := range p.T.Matches {
			want = append(want, tr.T("tourney.table.round", m.Table, m.Round))
		}
		want = append(want, tr.T("tourney.record"), RecordCommand(tr, p.SSH))
	}
	return want
}

// In partners the page's second line says where the player who looks
// stands: waiting for a partner, in a team (with whom), or out with
// their team once either of the two has left; the keys follow (one in
// a team that left may join to bring it back).
func TestPartnersYou(t *testing.T) {
	tr := i18n.MustLoad("en")
	p := partnersStarting(t) // teams Ayşe & Mehmet, Zeynep & John; Oğuz alone
	for _, c := range []struct {
		me, leave string
		want      string
		joined    bool
	}{
		{idOf(4), "", tr.T("tourney.you.alone"), true},
		{idOf(1), "", tr.T("tourney.you.with", "Ayşe"), true},
		{idOf(3), idOf(2), tr.T("tourney.you.teamleft"), false},
		{idOf(2), idOf(2), tr.T("tourney.you.teamleft"), false},
		{idOf(0), idOf(3), tr.T("tourney.you.with", "Mehmet"), true},
	} {
		q := p
		t2, err := copyTourney(p.T)
		if err != nil {
			t.Fatal(err)
		}
		if c.leave != "" {
			if err := t2.Leave(c.leave); err != nil {
				t.Fatal(err)
			}
		}
		q.T, q.Me = t2, c.me
		if c.me == idOf(4) {
			q.T.Phase = tourney.Finished
			if head := words(Head(tr, plain, q, 78)); !strings.Contains(head, tr.T("tourney.you.nopartner")) {
				t.Errorf("one alone when it finished: %q", head)
			}
			q.T.Phase = p.T.Phase
		}
		head := words(Head(tr, plain, q, 78))
		if !strings.Contains(head, c.want) || q.Joined() != c.joined || q.CanJoin() == c.joined {
			t.Errorf("%s, %q left: %q; joined %v, can join %v; want %q, joined %v", names[c.me[len(c.me)-1]-'0'], c.leave, head, q.Joined(), q.CanJoin(), c.want, c.joined)
		}
	}
}

// copyTourney is t with maps and slices of its own.
func copyTourney(t tourney.Tournament) (tourney.Tournament, error) {
	b, err := json.Marshal(t)
	if err != nil {
		return t, err
	}
	var c tourney.Tournament
	return c, json.Unmarshal(b, &c)
}

// A duplicate round's seal as the page and the command say it: its
// commitment (the short form its tables showed at the deal) while the
// round is played, and its seed and salt only once it is over; a
// tournament of no duplicate rounds has no such lines.
func TestSealsSayTheCommitmentThenTheSecret(t *testing.T) {
	p := swissOver(t)
	p.T.Phase, p.T.Round = tourney.Running, 2
	p.Seals = []Seal{
		{Round: 1, Commit: strings.Repeat("ab", 32), Seed: "424242", Salt: strings.Repeat("cd", 16)},
		{Round: 2, Commit: strings.Repeat("ef", 32)},
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		text := words(Body(tr, plain, p, 200))
		for _, want := range []string{
			tr.T("tourney.seals"),
			tr.T("tourney.seal.shown", 1, "abab abab abab abab", "424242", strings.Repeat("cd", 16)),
			tr.T("tourney.seal.sealed", 2, "efef efef efef efef"),
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the page lacks %q:\n%s", lang, want, text)
			}
		}
		plainText := Text(tr, p)
		if !strings.Contains(plainText, "efef efef efef efef") || !strings.Contains(plainText, "424242") {
			t.Errorf("%s: the command's text lacks the seals:\n%s", lang, plainText)
		}
		arena := arenaUnderWay(t)
		arena.Seals = p.Seals
		if got := words(Body(tr, plain, arena, 200)); strings.Contains(got, tr.T("tourney.seals")) || strings.Contains(got, "abab") {
			t.Errorf("%s: an arena's page speaks of duplicate deals:\n%s", lang, got)
		}
	}
	b, err := JSON(i18n.MustLoad("en"), p)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Seals []struct {
			Round              int
			Commit, Seed, Salt string
		}
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Seals) != 2 || got.Seals[0].Seed != "424242" || got.Seals[1].Seed != "" || got.Seals[1].Salt != "" || got.Seals[1].Commit != strings.Repeat("ef", 32) {
		t.Errorf("--json's seals: %+v", got.Seals)
	}
}

// A player may leave a tournament they are in until it is over: the
// finished page offers no leave.
func TestCanLeaveUntilItIsOver(t *testing.T) {
	for _, c := range []struct {
		name string
		p    Page
		want bool
	}{
		{"an arena under way, joined", arenaUnderWay(t), true},
		{"a Swiss over, joined", swissOver(t), false},
		{"a partners' arena to come, not joined", partnersStarting(t), false},
	} {
		if got := c.p.CanLeave(); got != c.want {
			t.Errorf("%s: CanLeave %v, want %v", c.name, got, c.want)
		}
	}
}

// TestFindByIDOrName: a tournament is found by its id or its name as a
// keyboard types it (case and Turkish letters folded); of two of one
// name, the one under way before the one over; nothing else is found.
func TestFindByIDOrName(t *testing.T) {
	list := []tourney.Listed{
		{ID: "old1", Name: "Cuma arenası", Phase: tourney.Finished, Start: t0.Add(-7 * 24 * time.Hour)},
		{ID: "now1", Name: "Cuma arenası", Phase: tourney.Running, Start: t0},
		{ID: "sw1", Name: "Şişli Swiss", Phase: tourney.Starting, Start: t0.Add(time.Hour)},
	}
	for arg, want := range map[string]string{"now1": "now1", "old1": "old1", "CUMA ARENASI": "now1", "sisli swiss": "sw1", "cuma": "", "": ""} {
		got, ok := Find(list, arg)
		if got != want || ok != (want != "") {
			t.Errorf("%q: %q %v, want %q", arg, got, ok, want)
		}
	}
}

// TestFinishedListedWithItsResults: a finished tournament's line in the
// list says who won and with how many points, and how long it stays
// listed; its id is beside its name, in both languages.
func TestFinishedListedWithItsResults(t *testing.T) {
	l := tourney.Listed{ID: "k3x9q2ab", Name: "Cuma", Kind: tourney.Arena, Game: "101", Phase: tourney.Finished, Players: 6,
		Start: t0, Podium: []tourney.Placed{{Names: []string{"Ayşe"}, Points: 30 * tourney.Twelfths / 2}}, Until: t0.Add(23 * time.Hour)}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		row := Row(tr, l, t0)
		for _, w := range []string{"Cuma (k3x9q2ab)", tr.T("tourney.list.won", "Ayşe", "15"), tr.T("tourney.list.until", Span(tr, 23*time.Hour))} {
			if !strings.Contains(row, w) {
				t.Errorf("%s: %q does not say %q", lang, row, w)
			}
		}
	}
}

// TestRatingColumnIsTheRatingNow: the standings' rating column shows a
// player's rating now to one decimal (the leaderboard's), a team's the
// mean of its players' known; one not known now their rating at entry,
// a guest's "-"; the JSON gives the rating now beside the one at entry.
func TestRatingColumnIsTheRatingNow(t *testing.T) {
	p := arenaUnderWay(t)
	p.T.Joined[idOf(7)] = tourney.Entrant{Rating: 0, Name: names[7]} // a guest: no rating
	p.Ratings = map[string]float64{idOf(0): 15, idOf(1): 1523.44}
	tr := i18n.MustLoad("en")
	lines, err := Standings(tr, p.T, p.Names, nil, p.Ratings, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		want := map[string]string{idOf(0): "15.0", idOf(1): "1523.4", idOf(7): "-", idOf(2): "1420"}[l.Player]
		if got := ratingCell(l); want != "" && got != want {
			t.Errorf("%s: rating %q, want %q", l.Name, got, want)
		}
	}
	b, err := JSON(tr, p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"rating_now": 1523.44`) {
		t.Errorf("the JSON does not give the rating now:\n%s", b)
	}
	team := partnersSwissOver(t)
	tm := team.T.Unit(team.Me)
	first, second := team.T.Teams[tm].First, team.T.Teams[tm].Second
	if r := ratingNow(team.T, map[string]float64{first: 10, second: 20}, tm); r == nil || *r != 15 {
		t.Errorf("a team's rating now: %v, want the mean 15", r)
	}
}

// An arena's standings show each player's sheet, what each match
// earned them with the latest last, a win on a streak marked doubled
// ("8*") and said so under the standings; the sheet adds up to the
// points column. At 80 columns the earliest results give way ("… ").
// A Swiss shows none.
func TestArenaStandingsShowEachSheet(t *testing.T) {
	p := arenaDoubled(t)
	sheets, err := tourney.Sheets(p.T.System().Scoring.Rules(), p.T.Matches)
	if err != nil {
		t.Fatal(err)
	}
	onFire := ""
	for id, sh := range sheets {
		if slices.ContainsFunc(sh, func(s tourney.Scored) bool { return s.Doubled }) {
			onFire = id
		}
	}
	if onFire == "" {
		t.Fatal("nobody's sheet has a doubled win")
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, w := range []int{78, 118} {
			body := Body(tr, plain, p, w)
			fits(t, fmt.Sprintf("%s %d", lang, w), body, w, len(body))
			text := strings.Join(body, "\n")
			if !strings.Contains(text, tr.T("tourney.col.sheet")) || !strings.Contains(words(body), words([]string{tr.T("tourney.sheet.doubled")})) {
				t.Errorf("%s %d: no results column, or no word of the doubled:\n%s", lang, w, text)
			}
			lines, err := Standings(tr, p.T, p.Names, nil, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range lines {
				var sum tourney.Points
				for _, s := range l.Sheet {
					sum += s.Points
				}
				if sum != l.Points {
					t.Errorf("%s's sheet adds up to %v, the standings say %v", l.Name, sum, l.Points)
				}
				cell := sheetCell(l.Sheet, 40, marksOf(tr))
				if w > 100 && !strings.Contains(text, " "+cell) {
					t.Errorf("%s %d: %s's line lacks their sheet %q:\n%s", lang, w, l.Name, cell, text)
				}
				if l.Player == onFire && !strings.Contains(cell, "*") {
					t.Errorf("%s's sheet %q marks no doubled win", l.Name, cell)
				}
			}
		}
	}
	if text := strings.Join(Body(i18n.MustLoad("en"), plain, swissOver(t), 118), "\n"); strings.Contains(text, "results") {
		t.Errorf("a Swiss shows a sheet:\n%s", text)
	}
	sh := []tourney.Scored{{Points: 48}, {Points: 24}, {Points: 96, Doubled: true}, {}, {Points: 48}}
	for _, c := range []struct {
		w    int
		want string
	}{{40, "4 2 8* 0 4"}, {10, "4 2 8* 0 4"}, {9, "… 8* 0 4"}, {6, "… 0 4"}} {
		if got := sheetCell(sh, c.w, marksOf(i18n.MustLoad("en"))); got != c.want {
			t.Errorf("in %d columns: %q, want %q", c.w, got, c.want)
		}
	}
	// A forfeit and a match lost away are marked, never a fourth
	// place's 0.
	lost := []tourney.Scored{{}, {Forfeit: true}, {Forfeit: true, Away: true}}
	for lang, want := range map[string]string{"en": "0 F -", "tr": "0 H -"} {
		if got := sheetCell(lost, 40, marksOf(i18n.MustLoad(lang))); got != want {
			t.Errorf("%s: the lost matches' sheet %q, want %q", lang, got, want)
		}
	}
}

// arenaDoubled is an arena of eight played until a win on a streak has
// been doubled.
func arenaDoubled(t *testing.T) Page {
	t.Helper()
	d := newDirector(t, tourney.Config{Kind: tourney.Arena, Name: "Ayşe 20:00", Game: "classic", Rules: "default", Hands: 1,
		Start: t0, Length: time.Hour, BotWait: time.Minute, BotLevel: "hard"}, 8)
	now := t0
	for range 19 {
		now = now.Add(3 * time.Minute)
		d.endAll(now)
		sh, err := tourney.Sheets(d.tr.System().Scoring.Rules(), d.tr.Matches)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sh {
			if slices.ContainsFunc(s, func(s tourney.Scored) bool { return s.Doubled }) {
				return Page{Listed: d.tr.Listed("a1"), T: *d.tr, Me: idOf(2), Names: nameBook(8), Now: now, SSH: "ssh -p 2222 HOST"}
			}
		}
	}
	t.Fatal("no win was doubled in 19 rounds")
	return Page{}
}

// A finished tournament's page says its podium, the first three with
// their points, and to one who played their rating now against their
// rating at entry (a new player's 0 too); to one whose rating is not
// known (a guest), nothing of it.
func TestFinishedPageSaysPodiumAndRating(t *testing.T) {
	p := swissOver(t)
	st, err := p.T.Standings()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, entry := range []int{1502, 0} {
			q := p
			q.T.Joined = maps.Clone(p.T.Joined)
			e := q.T.Joined[q.Me]
			e.Rating = entry
			q.T.Joined[q.Me] = e
			q.Ratings = map[string]float64{q.Me: 1510.14}
			head := words(Head(tr, plain, q, 118))
			name := q.Names.namer(tr, q.T)
			for i, s := range st[:3] {
				if w := tr.T("tourney.podium.place", i+1, name(s.Player), s.Points.String()); !strings.Contains(head, w) {
					t.Errorf("%s: the head lacks %q: %s", lang, w, head)
				}
			}
			if w := tr.T("tourney.over.rating", "1510.1", entry); !strings.Contains(head, w) {
				t.Errorf("%s: the head lacks %q: %s", lang, w, head)
			}
			q.Ratings = nil
			if head := words(Head(tr, plain, q, 118)); strings.Contains(head, tr.T("tourney.over.rating", "1510.1", entry)) {
				t.Errorf("%s: a rating not known is said: %s", lang, head)
			}
		}
	}
}

// TestOverLineSaysTheRatingChange: the one line that tells an entrant
// the tournament is over says, where their rating now is known, that
// rating and its change from their rating at entry, signed, within 80
// columns in both languages; with none known (a guest) it says their
// place and points as before, and to one who did not play, nothing.
func TestOverLineSaysTheRatingChange(t *testing.T) {
	p := swissOver(t)
	me := p.Me
	entry := p.T.Joined[me].Rating
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, c := range []struct {
			now  float64
			want string
		}{{float64(entry) + 12.34, "(+12.3)"}, {float64(entry) - 7.5, "(-7.5)"}} {
			line, ok := Over(tr, p.Listed, p.T, p.Names, map[string]float64{me: c.now}, me)
			if !ok || !strings.Contains(line, strconv.FormatFloat(c.now, 'f', 1, 64)+" "+c.want) || ansi.StringWidth(line) > 80 {
				t.Errorf("%s: %q (%d columns), want the rating %.1f %s within 80", lang, line, ansi.StringWidth(line), c.now, c.want)
			}
		}
		line, ok := Over(tr, p.Listed, p.T, p.Names, nil, me)
		if !ok || strings.Contains(line, "(+") || !strings.Contains(line, p.T.Config.Name) {
			t.Errorf("%s: with no rating known %q", lang, line)
		}
		if _, ok := Over(tr, p.Listed, p.T, p.Names, nil, "guest:NOBODY"); ok {
			t.Errorf("%s: told one who did not play", lang)
		}
	}
}

// TestChangeSaidToEntrants: a change of its settings before it begins
// is said on its page and by the command, who made it (its organiser,
// or the server's operator), when, and what changed, in both
// languages within 80 columns; once it begins it is no longer said.
func TestChangeSaidToEntrants(t *testing.T) {
	at := t0.Add(-13 * time.Minute)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, byOp := range []bool{false, true} {
			p := partnersStarting(t)
			p.Me = idOf(1)
			p.T.Changed = &tourney.Change{At: at, ByOperator: byOp, What: []string{"start", "length", "bot_level"}}
			key := "tourney.changed"
			if byOp {
				key = "tourney.changed.op"
			}
			want := tr.T(key, "19:47", strings.Join([]string{tr.T("tourney.changed.start"), tr.T("tourney.changed.length"), tr.T("tourney.changed.bot_level")}, ", "))
			for _, w := range []int{80, 120} {
				head := Head(tr, theme.New(theme.Palette{}, true, true), p, w)
				for _, l := range head {
					if ansi.StringWidth(l) > w {
						t.Errorf("%s %d: a line of %d columns", lang, w, ansi.StringWidth(l))
					}
				}
				if got := strings.Join(strings.Fields(ansi.Strip(strings.Join(head, " "))), " "); !strings.Contains(got, want) {
					t.Errorf("%s %d op=%v: the page does not say %q:\n%s", lang, w, byOp, want, got)
				}
			}
			if got := Text(tr, p); !strings.Contains(got, want) {
				t.Errorf("%s: the command does not say %q:\n%s", lang, want, got)
			}
			p.T.Phase = tourney.Running
			if got := ansi.Strip(strings.Join(Head(tr, theme.New(theme.Palette{}, true, true), p, 80), "\n")); strings.Contains(got, tr.T("tourney.changed.start")+",") {
				t.Errorf("%s: said once begun:\n%s", lang, got)
			}
		}
	}
}
