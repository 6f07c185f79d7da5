package tourneyview

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/kit/i18n"
)

// arenaWithAway is an arena of four: a match won by seat 0, then one
// its seat 0's player lost away (their bot won it) while seat 1's
// never came, both paused after it; ratings now by id.
func arenaWithAway(t *testing.T) (Page, string, string) {
	t.Helper()
	d := newDirector(t, tourney.Config{Kind: tourney.Arena, Name: "Gece", Game: "classic", Rules: "default", Hands: 1,
		Start: t0, Length: time.Hour}, 4)
	d.endAll(t0.Add(5 * time.Minute))
	p := d.tr.Playing[0]
	away, forfeit := p.Players[0], p.Players[1]
	for _, id := range []string{away, forfeit} {
		if err := d.tr.Pause(id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.tr.EndedAway(p.Table, [4]int{1, 2, 3, 4}, [4]bool{false, true}, [4]bool{true}, t0.Add(10*time.Minute)); err != nil {
		t.Fatal(err)
	}
	return Page{Listed: d.tr.Listed("a9"), T: *d.tr, Me: idOf(3), Names: nameBook(4), Now: t0.Add(11 * time.Minute), SSH: "ssh HOST"}, away, forfeit
}

// A match lost away and one never come to are marked as such in the
// results (never a fourth place's 0) and on the table's line, their
// marks explained under the standings; the paused players are marked
// on their lines for everyone who looks, the mark explained; in both
// languages, at 80 columns and wide, and in the command's JSON.
func TestAwayAndPausedMarkedForEveryone(t *testing.T) {
	p, away, forfeit := arenaWithAway(t)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, w := range []int{80, 120} {
			body := Body(tr, plain, p, w)
			fits(t, fmt.Sprintf("%s %d", lang, w), body, w, len(body))
			text := words(body)
			for _, key := range []string{"tourney.sheet.marks", "tourney.legend.paused"} {
				if !strings.Contains(text, words([]string{tr.T(key)})) {
					t.Errorf("%s %d: no %s:\n%s", lang, w, key, strings.Join(body, "\n"))
				}
			}
			mark := tr.T("tourney.mark.paused")
			if n := strings.Count(strings.Join(body, "\n"), mark); n < 2 {
				t.Errorf("%s %d: %d paused marks, want the two paused players'", lang, w, n)
			}
		}
	}
	en := i18n.MustLoad("en")
	lines, err := Standings(en, p.T, p.Names, nil, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		cell := sheetCell(l.Sheet, 40, marksOf(en))
		switch l.Player {
		case away:
			if cell != "4 -" || !l.Paused {
				t.Errorf("the away player's results %q, paused %v; want \"4 -\", paused", cell, l.Paused)
			}
		case forfeit:
			if cell != "2 F" || !l.Paused {
				t.Errorf("the forfeit's results %q, paused %v; want \"2 F\", paused", cell, l.Paused)
			}
		default:
			if l.Paused || strings.ContainsAny(cell, "F-") {
				t.Errorf("%s: results %q, paused %v", l.Name, cell, l.Paused)
			}
		}
	}
	p.T.Phase = tourney.Finished // the matches' lines
	body := strings.Join(Body(en, plain, p, 120), "\n")
	if !strings.Contains(body, p.Names[away]+" #1 (away)") || !strings.Contains(body, p.Names[forfeit]+" #2 (forfeit)") {
		t.Errorf("the table's line does not mark the away and the forfeit apart:\n%s", body)
	}
	if strings.Contains(body, en.T("tourney.mark.paused")) {
		t.Errorf("a finished tournament marks players paused:\n%s", body)
	}
	js, err := JSON(en, p)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(js); !strings.Contains(s, `"away": true`) || !strings.Contains(s, `"away": [`) {
		t.Errorf("the JSON marks no match lost away:\n%s", s)
	}
}

// Two lines level on every column shown are explained: what ranked the
// first above (their rating at entry, or a fixed draw), after the line
// naming every tie-break; lines level on points alone get the
// tie-breaks' line only.
func TestLevelOnEveryColumnExplained(t *testing.T) {
	en := i18n.MustLoad("en")
	s := tourney.Config{Kind: tourney.Swiss}.System().Scoring
	now := 1498.5 // the rating column shows the ratings now, level
	line := func(name string, rating int, opp tourney.Points) Line {
		return Line{Standing: tourney.Standing{Player: name, Points: 24, Matches: 2, Wins: 1, Rating: rating, Opponents: opp}, Name: name, Now: &now}
	}
	got := levelLines(en, s, false, []Line{line("Ayşe", 1500, 30), line("John", 1500, 24)})
	if len(got) != 1 || got[0] != Say(en, s.Ties()) || !strings.Contains(got[0], "rating at entry") || !strings.Contains(got[0], "fixed draw") {
		t.Errorf("level on points: %q; want the tie-breaks' line, every one named", got)
	}
	got = levelLines(en, s, false, []Line{line("Ayşe", 1510, 30), line("John", 1500, 30)})
	if len(got) != 2 || got[1] != en.T("tourney.level", "Ayşe", "John", en.T("tourney.level.rating", 1510, 1500)) {
		t.Errorf("level on every column: %q; want the rating at entry named", got)
	}
	got = levelLines(en, s, false, []Line{line("Ayşe", 1500, 30), line("John", 1500, 30)})
	if len(got) != 2 || !strings.Contains(got[1], en.T("tourney.level.lot")) {
		t.Errorf("level on rating too: %q; want the draw named", got)
	}
}

// The command's text of a finished tournament says its podium.
func TestTextHasThePodium(t *testing.T) {
	p := swissOver(t)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		text := Text(tr, p)
		pd := podium(tr, p)
		if pd == "" || !strings.Contains(words(strings.Split(text, "\n")), words([]string{tr.T("tourney.podium", pd)})) {
			t.Errorf("%s: no podium in the text:\n%s", lang, text)
		}
	}
}

// A player whose every match was lost for want of them is told it is
// over with no change of rating: none moved.
func TestOverShowsNoChangeForTheAbsent(t *testing.T) {
	d := newDirector(t, tourney.Config{Kind: tourney.Arena, Name: "Gece", Game: "classic", Hands: 1, Start: t0, Length: time.Hour}, 4)
	p := d.tr.Playing[0]
	idle := p.Players[2]
	if _, err := d.tr.EndedAway(p.Table, [4]int{2, 3, 1, 4}, [4]bool{}, [4]bool{false, false, true}, t0.Add(5*time.Minute)); err != nil {
		t.Fatal(err)
	}
	d.tr.Phase = tourney.Finished
	en := i18n.MustLoad("en")
	ratings := map[string]float64{idle: 1420.4, p.Players[0]: 1450.2}
	line, ok := Over(en, d.tr.Listed("a1"), *d.tr, nameBook(4), ratings, idle)
	if !ok || strings.Contains(line, "+") || strings.Contains(line, "rating") {
		t.Errorf("the idle player's end: %q, %v; want no rating change", line, ok)
	}
	line, _ = Over(en, d.tr.Listed("a1"), *d.tr, nameBook(4), ratings, p.Players[0])
	if !strings.Contains(line, "rating") {
		t.Errorf("a player who played: %q; want their rating's change", line)
	}
}

// The marks' legend says the marks the sheets show, and only those.
func TestLegendSaysTheMarksShown(t *testing.T) {
	with := func(sc ...tourney.Scored) []Line { return []Line{{Sheet: sc}} }
	for _, c := range []struct {
		lines []Line
		want  []string
	}{
		{with(tourney.Scored{Points: 48}), nil},
		{with(tourney.Scored{Forfeit: true}), []string{"tourney.sheet.marks.forfeit"}},
		{with(tourney.Scored{Forfeit: true, Away: true}), []string{"tourney.sheet.marks.away"}},
		{with(tourney.Scored{Forfeit: true}, tourney.Scored{Forfeit: true, Away: true}), []string{"tourney.sheet.marks"}},
		{[]Line{{Paused: true}}, []string{"tourney.legend.paused"}},
	} {
		if got := legend(c.lines, true); !slices.Equal(got, c.want) {
			t.Errorf("%+v: legend %v, want %v", c.lines, got, c.want)
		}
	}
}
