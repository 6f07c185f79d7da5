package pages

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/bots/coach"
	"okey/game"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/cli"
)

// reviewOf is a finished review of the decisions ds, drawn in lang at
// 80×24 with decision at on show.
func reviewOf(t *testing.T, lang string, ds []coach.Decision, at int) string {
	t.Helper()
	c := testCommon(t, 80, 24)
	c.Tr = i18n.MustLoad(lang)
	rv := &Review{Title: "review", Finished: true, Res: cli.Review{Decisions: ds}}
	rv.Res.Summary = coach.Summarise(game.Classic, 0, 0, ds, coach.ThresholdsClassic)
	rv.At = at
	return ansi.Strip(strings.Join(rv.Page(c).Lines(), "\n"))
}

// One vocabulary for a verdict: the review page writes a label as the
// very word the help lists and okey review prints (never "as good", nor
// in capitals of its own); "best" names another move only when that
// move is shown better, a move as good as the best is shown as the best
// with no interval beside it, and the line of the player's own move
// does not begin with a mark that reads as "wrong".
func TestReviewOneVocabulary(t *testing.T) {
	rack := "R5 R6 R11 Y5 Y7 Y11 Y13 B5 B8 B12 K1 K3 K7 K8"
	ds := []coach.Decision{
		{Label: coach.Best, Certainty: coach.Sure, Played: "discard Y13", Best: "discard Y13", Rack: rack},
		{Label: coach.Best, Certainty: coach.TooClose, Played: "discard Y13", Best: "discard Y13", Loss: 0.08, High: 0.3, Rack: rack},
		{Label: coach.Good, Certainty: coach.Likely, Uncertain: true, Played: "discard Y13", Best: "discard K1", Loss: 0.13, Low: 0.01, High: 0.25, Rack: rack},
		{Label: coach.Mistake, Certainty: coach.Sure, Played: "discard Y13", Best: "discard K1", Loss: 0.5, Low: 0.3, High: 0.7, Rack: rack, Reasons: []string{"threw the okey"}},
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		help := tr.T("help.review", "w")
		for _, l := range coach.Labels {
			if w := tr.T("review.label." + string(l)); !strings.Contains(help, w) {
				t.Errorf("%s: the help does not name the label %q: %q", lang, w, help)
			}
		}
		for i, d := range ds {
			out := reviewOf(t, lang, ds, i)
			word := tr.T("review.label." + string(d.Label))
			if !strings.Contains(out, word) {
				t.Errorf("%s, %s: the label %q is not on the page:\n%s", lang, d.Label, word, out)
			}
			for _, bad := range []string{"AS GOOD", "as good\n", "BEST", "GOOD", "İYİ", "x your move", "x senin hamlen"} {
				if strings.Contains(out, bad) {
					t.Errorf("%s, %s: %q on the page:\n%s", lang, d.Label, bad, out)
				}
			}
			if !strings.Contains(out, tr.T("review.played", "")) {
				t.Errorf("%s, %s: no line for the move played (%q):\n%s", lang, d.Label, tr.T("review.played", ""), out)
			}
			other := strings.Contains(out, tr.T("review.best", ""))
			named := !strings.Contains(out, tr.T("review.best", tr.T("review.same"))) && !strings.Contains(out, tr.T("review.best", tr.T("review.asgood")))
			between := strings.Contains(out, tr.T("review.sure.sure", "", "")[:10])
			switch d.Label {
			case coach.Best:
				if !other || named {
					t.Errorf("%s, best (%s): another move is named the best:\n%s", lang, d.Certainty, out)
				}
				if d.Certainty == coach.TooClose && !strings.Contains(out, tr.T("review.asgood")) {
					t.Errorf("%s: a move as good as the best is not shown as %q:\n%s", lang, tr.T("review.asgood"), out)
				}
				if strings.Contains(out, "0.30") || strings.Contains(out, "0.08") {
					t.Errorf("%s: an interval or a loss beside the best:\n%s", lang, out)
				}
			default:
				if !named || !between {
					t.Errorf("%s, %s: the better move or its interval is not shown:\n%s", lang, d.Label, out)
				}
			}
		}
	}
	for l, want := range map[coach.Label]string{coach.Best: "best", coach.Good: "good or worse", coach.Mistake: "mistake"} {
		d := coach.Decision{Label: l, Uncertain: l != coach.Mistake}
		if got := cli.Verdict(i18n.MustLoad("en"), &d); got != want {
			t.Errorf("okey review writes %s as %q, want %q", l, got, want)
		}
	}
}

// TestReviewLongVerdictFits: a 101 opening played and another named the
// best, good, with two reasons (the second the hint's move's) — the
// longest verdict the coach writes — is on the 80×24 page whole, in
// both languages, its last reason's end included.
func TestReviewLongVerdictFits(t *testing.T) {
	rack := "R1 R2 R3 R4 R5 Y5 Y6 Y7 Y8 B9 B10 B11 K1 K1 K2 K3 K4 K5 K6 K7 K8 K9"
	ds := []coach.Decision{{Stage: "play", Label: coach.Good, Certainty: coach.Likely, Uncertain: true,
		Played: "open 104: R1 R2 R3 R4 R5 | Y5 Y6 Y7 Y8 | B9 B10 B11 | K1 K2 K3 K4",
		Best:   "open 110: R1 R2 R3 R4 R5 | Y5 Y6 Y7 Y8 | B9 B10 B11 | K5 K6 K7 K8 K9",
		Loss:   9.58, Low: 3, High: 16, Rack: rack,
		Reasons: []string{"opened too soon: waiting was worth more",
			"the hint advised this: it weighed fewer deals; this review finds the best move better by 9.58"}}}
	for _, c := range []struct{ lang, end string }{{"en", "better by 9.58"}, {"tr", "daha iyi buluyor"}} {
		out := reviewOf(t, c.lang, ds, 0)
		if !strings.Contains(strings.Join(strings.Fields(out), " "), c.end) {
			t.Errorf("%s: the last reason is cut (no %q):\n%s", c.lang, c.end, out)
		}
		if h := testCommon(t, 80, 24).Lay.Page.H; strings.Count(out, "\n")+1 > h {
			t.Errorf("%s: %d lines on a page of %d:\n%s", c.lang, strings.Count(out, "\n")+1, h, out)
		}
	}
}

// The racks page says which reading it shows: the judge's worlds, each
// rack weighed by the turns its player chose too, or some racks (each
// marked on its line); in both languages.
func TestReadsSayWhichReading(t *testing.T) {
	rack := "R5 R6 R11 Y5 Y7 Y11 Y13 B5 B8 B12 K1 K3 K7 K8"
	ds := []coach.Decision{{Label: coach.Best, Certainty: coach.Sure, Played: "discard Y13", Best: "discard Y13", Rack: rack}}
	held := []tile.Tile{tile.NewTile(tile.Red, 5), tile.NewTile(tile.Blue, 8)}
	reads := func(w0, w1, w2 bool) []RackRead {
		return []RackRead{{Place: 0, Held: held, Weighed: w0}, {Place: 1, Held: held, Weighed: w1}, {Place: 2, Held: held, Weighed: w2}}
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, c := range []struct {
			name   string
			reads  []RackRead
			note   string
			marked []bool
		}{
			{"none weighed", reads(false, false, false), "review.read.note", []bool{false, false, false}},
			{"all weighed", reads(true, true, true), "review.read.note.weighed", []bool{false, false, false}},
			{"one not", reads(true, false, true), "review.read.note.some", []bool{true, false, true}},
		} {
			c0 := testCommon(t, 100, 30)
			c0.Tr = tr
			rv := &Review{Title: "review", Finished: true, Res: cli.Review{Decisions: ds}, Reads: [][]RackRead{c.reads}, ShowReads: true}
			rv.Res.Summary = coach.Summarise(game.Okey101, 0, 0, ds, coach.ThresholdsClassic)
			out := ansi.Strip(strings.Join(rv.Page(c0).Lines(), "\n"))
			flat := strings.Join(strings.Fields(out), " ")
			if want := strings.Join(strings.Fields(tr.T(c.note)), " "); !strings.Contains(flat, want) {
				t.Errorf("%s, %s: the note %q is not on the page:\n%s", lang, c.name, want, out)
			}
			for p, marked := range c.marked {
				line := ""
				for _, l := range strings.Split(out, "\n") {
					if strings.Contains(l, tr.T("review.read.place."+string(rune('0'+p)))) {
						line = l
					}
				}
				if got := strings.Contains(line, tr.T("review.read.weighed")); got != marked {
					t.Errorf("%s, %s: place %d marked %v, want %v: %q", lang, c.name, p, got, marked, line)
				}
			}
		}
	}
}

// A review shows each decision as soon as it is judged, under how far
// the work has got, and the keys step through those judged so far; once
// all are, it opens on the worst moment, unless the player stepped
// meanwhile (then it stays where they are). In both languages, at
// 80×24, every line within the width.
func TestReviewShowsDecisionsWhileJudged(t *testing.T) {
	rack := "R5 R6 R11 Y5 Y7 Y11 Y13 B5 B8 B12 K1 K3 K7 K8"
	ds := []coach.Decision{
		{Hand: 1, Stage: "discard", Label: coach.Best, Certainty: coach.Sure, Played: "discard Y13", Best: "discard Y13", Rack: rack},
		{Hand: 1, Stage: "discard", Label: coach.Inaccuracy, Certainty: coach.Sure, Played: "discard K1", Best: "discard Y13", Loss: 0.2, Low: 0.1, High: 0.3, Rack: rack},
		{Hand: 1, Stage: "discard", Label: coach.Mistake, Certainty: coach.Sure, Played: "discard B5", Best: "discard Y13", Loss: 0.5, Low: 0.3, High: 0.7, Rack: rack},
	}
	press := func(p ReviewPage, k tea.KeyPressMsg) { p.Update(k) }
	right := tea.KeyPressMsg{Code: tea.KeyRight}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		c := testCommon(t, 80, 24)
		c.Tr = tr
		for _, stepped := range []bool{false, true} {
			rv := &Review{Title: "review", Total: len(ds)}
			if got := rv.Page(c).Update(right); got != None || rv.At != 0 {
				t.Fatalf("%s: → with nothing judged: %v, at %d", lang, got, rv.At)
			}
			// the first decision judged, the others not yet
			rv.Done = 1
			rv.Add(ds[:1], nil, nil)
			out := ansi.Strip(strings.Join(rv.Page(c).Lines(), "\n"))
			for _, want := range []string{tr.T("review.working", 1, len(ds)), tr.T("review.at", 1, len(ds), 1, tr.T("review.stage.discard"), 0), tr.T("review.played", "")} {
				if !strings.Contains(out, want) {
					t.Errorf("%s: %q is not on the page with one decision of %d judged:\n%s", lang, want, len(ds), out)
				}
			}
			if w, line := widest(out); w > 80 {
				t.Errorf("%s: a line of %d columns: %q", lang, w, line)
			}
			if h := c.Lay.Page.H; strings.Count(out, "\n")+1 > h {
				t.Errorf("%s: %d lines on a page of %d:\n%s", lang, strings.Count(out, "\n")+1, h, out)
			}
			rv.Done = 2
			rv.Add(ds[1:2], nil, nil)
			if stepped {
				press(rv.Page(c), right)
				if rv.At != 1 || !strings.Contains(ansi.Strip(strings.Join(rv.Page(c).Lines(), "\n")), tr.T("review.at", 2, len(ds), 1, tr.T("review.stage.discard"), 0)) {
					t.Fatalf("%s: → while judged does not show the second decision (at %d)", lang, rv.At)
				}
			}
			// the last one judged: the review finished
			res := cli.Review{Game: game.Classic, Decisions: ds}
			res.Summary = coach.Summarise(game.Classic, 0, 0, ds, coach.ThresholdsClassic)
			rv.Finish(res, nil, nil, nil)
			want := 2 // the worst moment
			if stepped {
				want = 1
			}
			if rv.At != want {
				t.Errorf("%s, stepped %v: the finished review is at decision %d, want %d", lang, stepped, rv.At, want)
			}
			if out := ansi.Strip(strings.Join(rv.Page(c).Lines(), "\n")); strings.Contains(out, tr.T("review.working", 2, len(ds))) {
				t.Errorf("%s: the progress line stays once the review is finished:\n%s", lang, out)
			}
		}
	}
}

// widest is the widest line of s and its width.
func widest(s string) (int, string) {
	w, at := 0, ""
	for _, l := range strings.Split(s, "\n") {
		if n := ansi.StringWidth(l); n > w {
			w, at = n, l
		}
	}
	return w, at
}
