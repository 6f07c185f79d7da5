package ui

import (
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/kit/i18n"
	"okey/ui/layout"
	"okey/ui/review"
)

// fitSizes are the terminals every screen of both games is drawn at:
// the smallest, a common one, and two wide ones.
var fitSizes = [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}}

// standingSizes are phones held upright (layout.IsPortrait): the
// browser door's 43×41 on a 390×844 phone, and the smallest. Every
// screen fitsEverySize draws is drawn at them too.
var standingSizes = [][2]int{{43, 41}, {42, 40}}

// cutWord finds a word cut short with an ellipsis ("Statisti…").
var cutWord = regexp.MustCompile(`(\p{L}+)…`)

// endingWords are the words the catalog itself ends with an ellipsis
// ("thinking…"): those are whole words, not cuts.
func endingWords(t *testing.T, lang string) map[string]bool {
	t.Helper()
	c := i18n.MustLoad(lang)
	out := map[string]bool{}
	for _, k := range c.Keys() {
		for _, m := range cutWord.FindAllStringSubmatch(c.T(k), -1) {
			out[m[1]] = true
		}
	}
	return out
}

// fitsEverySize draws m at every size, lying down and standing up, and
// fails on a line wider than the terminal, a word cut short, a sentence
// cut between words or a key bar cut; m is left at the size it had.
func fitsEverySize(t *testing.T, name string, m *Model, whole map[string]bool) {
	t.Helper()
	fitsSizes(t, name, m, whole, append(append([][2]int{}, fitSizes...), standingSizes...))
}

// fitsSizes is fitsEverySize at the sizes given.
func fitsSizes(t *testing.T, name string, m *Model, whole map[string]bool, sizes [][2]int) {
	t.Helper()
	w0, h0 := m.width, m.height
	for _, sz := range sizes {
		m.Update(windowMsg(sz[0], sz[1]))
		out := plain(m)
		if w, line := maxLineWidth(out); w > sz[0] {
			t.Errorf("%s at %dx%d: a line of %d columns: %q", name, sz[0], sz[1], w, line)
		}
		if n := strings.Count(out, "\n") + 1; n > sz[1] {
			t.Errorf("%s at %dx%d: %d lines", name, sz[0], sz[1], n)
		}
		// A sentence cut between words ("…undo from the …") is cut too.
		// A list's closing "· …" is not (b shows every
		// meld); the key bar is checked below.
		for i, line := range strings.Split(out, "\n") {
			line = strings.TrimRight(line, " ")
			if i != m.lay.Help.Y && strings.HasSuffix(line, " …") && !strings.HasSuffix(line, "· …") {
				t.Errorf("%s at %dx%d: line %d is cut: %q", name, sz[0], sz[1], i, line)
			}
		}
		// The key bar, the bottom line, shows whole keys only: none
		// left out with an ellipsis, at any width.
		if lines := strings.Split(out, "\n"); strings.Contains(lines[len(lines)-1], "…") {
			t.Errorf("%s at %dx%d: the key bar is cut: %q", name, sz[0], sz[1], lines[len(lines)-1])
		}
		for _, c := range cutWord.FindAllStringSubmatch(out, -1) {
			if !whole[c[1]] {
				t.Errorf("%s at %dx%d: %q is cut mid-word:\n%s", name, sz[0], sz[1], c[0], out)
				break
			}
		}
	}
	m.Update(windowMsg(w0, h0))
}

// TestEveryScreenFitsEverySize draws every screen of both games, in
// both languages, at 80×24, 100×30, 120×40 and 200×60 and at 43×41 and
// 42×40, a phone held upright (the table and its log, the help and the
// stacks with the status under them, the settings, the review and its
// rack, the pages between hands): no line is wider than the terminal, no
// screen taller, nothing is cut mid-word, and no key bar is cut (no "…"
// on the bottom line). Its CPU is mostly the first hand's reviews: under
// -short the two languages share each game's, judged in English for
// classic and in Turkish for 101 (so that each language's page of a
// review at work is drawn) and drawn done in the other; the whole suite
// judges each.
func TestEveryScreenFitsEverySize(t *testing.T) {
	reviews := map[string]*reviewState{}
	judgedBefore := func(lang, g string) *reviewState {
		if !testing.Short() || (lang == "en") == (g == "classic") {
			return nil
		}
		return reviews[g]
	}
	for _, run := range []struct{ lang, game string }{{"en", "classic"}, {"tr", "classic"}, {"tr", "101"}, {"en", "101"}} {
		lang := run.lang
		whole := endingWords(t, lang)
		if run.game == "classic" {
			t.Run(lang+"-classic", func(t *testing.T) {
				m := newTestModel(t, 100, 30, func(o *Options) {
					o.Settings.Lang = lang
					o.Settings.Rules = "points=5"
					o.NewBot = func(string, botsclassic.Options) (botsclassic.Bot, error) { return showingBot{}, nil }
					o.Review = fitReview
				})
				drain(t, m, m.Init())
				var judged *reviewState
				fitsEverySize(t, "table", m, whole)
				standingsBeside(t, m)
				for _, k := range []string{"?", "b", "r", "i"} {
					press(t, m, k)
					fitsEverySize(t, "page "+k, m, whole)
					press(t, m, "esc")
				}
				press(t, m, "o")
				fitsEverySize(t, "settings", m, whole)
				press(t, m, "esc")
				playMyTurn(t, m)
				m2 := reopen(t, m, m.opt)
				m2.Update(windowMsg(100, 30))
				fitsEverySize(t, "resume", m2, whole)
				m2.Close()
				m.files.Lock()
				for m.screen != scrMatchOver {
					for m.screen == scrPlay {
						if tableClassic(m).View.Legal.Show {
							press(t, m, "g")
						}
						playMyTurn(t, m)
					}
					if m.screen == scrHandOver {
						fitsEverySize(t, "handover", m, whole)
						quitInSight(t, "handover", m, m.keys.HandOver.Quit)
						if tableClassic(m).View.Hand == 1 {
							judged = reviewFits(t, m, whole, judgedBefore(lang, "classic"))
							reviews["classic"] = judged
						}
						press(t, m, "enter")
					}
				}
				fitsEverySize(t, "matchover", m, whole)
				quitInSight(t, "matchover", m, m.keys.MatchOver.Quit)
				// The match's review is the same page with another title;
				// judging the whole match would be most of this test's time,
				// so the first hand's verdicts stand in for it.
				reviewFits(t, m, whole, judged)
			})
			continue
		}
		t.Run(lang+"-101", func(t *testing.T) {
			m := start101(t, 100, 30, withSeed(3), func(o *Options) {
				o.Settings.Lang = lang
				o.Settings.Rules101 = "hands=2"
				o.Review = fitReview
			})
			fitsEverySize(t, "table", m, whole)
			standingsBeside(t, m)
			for _, k := range []string{"?", "b", "r", "i"} {
				press(t, m, k)
				fitsEverySize(t, "page "+k, m, whole)
				press(t, m, "esc")
			}
			press(t, m, "o")
			fitsEverySize(t, "settings", m, whole)
			press(t, m, "esc")
			for m.screen != scrMatchOver {
				for m.screen == scrPlay {
					if n := len(table101(m).View.Table); n > 6 {
						fitsEverySize(t, "crowded table", m, whole)
					} else if n > 0 {
						// A few melds are tiles at 200×60.
						m.Update(windowMsg(200, 60))
						meldsAsTiles(t, m)
						m.Update(windowMsg(100, 30))
					}
					myTurn101(t, m)
				}
				if m.screen == scrHandOver {
					fitsEverySize(t, "handover", m, whole)
					quitInSight(t, "101 handover", m, m.keys.HandOver.Quit)
					if table101(m).View.Hand == 1 {
						reviews["101"] = reviewFits(t, m, whole, judgedBefore(lang, "101"))
					}
					press(t, m, "r")
					fitsEverySize(t, "sheet", m, whole)
					press(t, m, "esc")
					press(t, m, "enter")
				}
			}
			fitsEverySize(t, "matchover", m, whole)
			quitInSight(t, "101 matchover", m, m.keys.MatchOver.Quit)
			// (the match's review is the same page: the classic run checks it)
		})
	}
}

// quitInSight checks that the bar of a page between hands keeps its
// quit key at 80 columns, where the bar leaves its last keys out (the
// page has no header that names it); m is left at the size it had.
func quitInSight(t *testing.T, name string, m *Model, quit key.Binding) {
	t.Helper()
	w0, h0 := m.width, m.height
	m.Update(windowMsg(80, 24))
	lines := strings.Split(plain(m), "\n")
	if bar, want := lines[len(lines)-1], quit.Help().Key+" "+quit.Help().Desc; !strings.Contains(bar, want) {
		t.Errorf("%s at 80x24: no %q on the bar %q", name, want, bar)
	}
	m.Update(windowMsg(w0, h0))
}

// fitReview judges over the fewest worlds: the fit tests look at the
// review's page, not its verdicts.
var fitReview = ReviewOptions{Samples: 4, MinSamples: 4, Workers: 2, Worlds: 64}

// reviewFits opens the review (w) and checks that its page fits every
// size while it works and when it is done, at each decision; then
// closes it. With judged set, the verdicts are those instead of the
// review's own (its work is stopped). It returns the review.
func reviewFits(t *testing.T, m *Model, whole map[string]bool, judged *reviewState) *reviewState {
	t.Helper()
	_, cmd := m.Update(keyMsg("w"))
	fitsEverySize(t, "review starting", m, whole)
	if judged != nil {
		m.Update(review.DoneMsg{ID: m.rv.ID, Res: judged.Res, Okeys: judged.Okeys, Melds: judged.Melds})
	} else {
		if msg := cmd(); msg != nil {
			_, cmd = m.Update(msg)
		}
		fitsEverySize(t, "review working", m, whole)
		drain(t, m, cmd)
	}
	if m.rv == nil || !m.rv.Finished || m.rv.Err != nil {
		t.Fatalf("the review did not end: %+v", m.rv)
	}
	rv := m.rv
	fitsEverySize(t, "review", m, whole)
	// Every decision at the smallest size, where a long move (an
	// opening of 101) wraps most.
	w0, h0 := m.width, m.height
	m.Update(windowMsg(fitSizes[0][0], fitSizes[0][1]))
	for i := range m.rv.Res.Decisions {
		m.rv.At = i
		out := plain(m)
		if w, line := maxLineWidth(out); w > fitSizes[0][0] {
			t.Errorf("review, decision %d: a line of %d columns: %q", i+1, w, line)
		}
		if n := strings.Count(out, "\n") + 1; n > fitSizes[0][1] {
			t.Errorf("review, decision %d: %d lines", i+1, n)
		}
		d := &m.rv.Res.Decisions[i]
		last := m.tr.T("review.label." + strings.ReplaceAll(string(d.Label), " ", "_"))
		if d.Label == coach.Only {
			last = m.tr.T("review.only")
		}
		if len(d.Reasons) > 0 {
			last = strings.Fields(m.tr.T("review.why", ""))[0]
		}
		if !strings.Contains(out, last) {
			t.Errorf("review, decision %d: the verdict is cut off (no %q):\n%s", i+1, last, out)
		}
		if !strings.Contains(out, "esc") {
			t.Errorf("review, decision %d: the key bar is cut off:\n%s", i+1, out)
		}
	}
	m.Update(windowMsg(w0, h0))
	press(t, m, "esc")
	return rv
}

// standingsBeside checks that the table shows the players' standings
// beside it, above the log, on the wide terminals,
// and not at 100×30, where the log is under the table; m is left at the
// size it had.
func standingsBeside(t *testing.T, m *Model) {
	t.Helper()
	w0, h0 := m.width, m.height
	title := m.tr.T("totals.title")
	for _, sz := range fitSizes {
		m.Update(windowMsg(sz[0], sz[1]))
		lines := strings.Split(plain(m), "\n")
		at := -1
		for i, line := range lines {
			if strings.Contains(line, title) {
				at = i
				break
			}
		}
		switch wide := sz[0] >= layout.MeldTilesW; {
		case wide && (at < 0 || at+5 >= len(lines) || !strings.Contains(lines[at+1], "1. ")):
			t.Errorf("at %dx%d no standings beside the table:\n%s", sz[0], sz[1], plain(m))
		case !wide && at >= 0:
			t.Errorf("at %dx%d standings under the table:\n%s", sz[0], sz[1], plain(m))
		}
	}
	m.Update(windowMsg(w0, h0))
}
