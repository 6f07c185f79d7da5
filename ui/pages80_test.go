package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"okey/game"
	"okey/kit/i18n"
	"okey/ui/settings"
)

// screenHas reports whether the screen on show (at most h lines: what
// an h-line terminal shows) has a line holding want, spaces made plain.
func screenHas(m *Model, h int, want string) bool {
	lines := strings.Split(strings.ReplaceAll(plain(m), "\u00a0", " "), "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for _, l := range lines {
		if strings.Contains(l, want) {
			return true
		}
	}
	return false
}

// needOnScreen fails unless the screen at 80×24 shows each of wants
// (the page's key line), and no line is wider than 80.
func needOnScreen(t *testing.T, m *Model, page string, wants ...string) {
	t.Helper()
	if w, line := maxLineWidth(plain(m)); w > 80 {
		t.Errorf("%s: a line of %d columns: %q", page, w, line)
	}
	for _, want := range wants {
		if !screenHas(m, 24, want) {
			t.Errorf("%s: %q is not on the 80×24 screen:\n%s", page, want, plain(m))
		}
	}
}

// cutAt is the start of a message as a screen line holds it: up to its
// first verb (%), at most its first four words (a sentence wraps).
func cutAt(s string) string {
	s, _, _ = strings.Cut(s, "%")
	w := strings.Fields(s)
	return strings.Join(w[:min(4, len(w))], " ")
}

// Each page of the daily shows at 80×24, in both languages, what it is
// for: the opening says what par is before the first hand; the table
// offers no hint at a daily for the record (h refuses there, saying
// why); a 101 hand's end puts the result against par in sight (it was
// below the screen), and says the hand of the daily; the second hand's
// log says "Hand 2", as the header's "Daily 2/2" does.
func TestDailyPagesShowTheirPointAt80x24(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		t.Run(lang, func(t *testing.T) {
			tr := i18n.MustLoad(lang)
			c := at("2026-11-24 12:00:00")
			m := newTestModel(t, 80, 24, dailyOpt(game.Okey101, "", c), func(o *Options) { o.Settings.Lang = lang })
			drain(t, m, m.Init())
			needOnScreen(t, m, "the opening", cutAt(tr.T("daily.score.101")), cutAt(tr.T("daily.par.after")))
			press(t, m, "enter")
			if m.screen != scrPlay {
				t.Fatalf("not at the table:\n%s", plain(m))
			}
			bar := strings.Split(plain(m), "\n")
			last := bar[len(bar)-1]
			if strings.Contains(last, "h "+tr.T("key.hint")) {
				t.Errorf("the key bar at a daily for the record offers the hint it refuses: %q", last)
			}
			press(t, m, "?")
			if help := plain(m); strings.Contains(help, tr.T("key.hint")+"\n") || strings.Contains(help, " h  ") {
				t.Errorf("the help offers the hint:\n%s", help)
			}
			press(t, m, "esc")
			press(t, m, "h")
			needOnScreen(t, m, "h at the table", cutAt(tr.T("daily.nohint")))
			// Nor does the status line offer it (it ended "h: hint.").
			if table101(m).View.MyTurn() {
				press(t, m, "d")
			}
			if screenHas(m, 24, "h: "+tr.T("key.hint")) || !screenHas(m, 24, cutAt(tr.T("t101.guide.open.nohint"))) {
				t.Errorf("the status line at a daily for the record:\n%s", plain(m))
			}
			toHandOver(t, m)
			needOnScreen(t, m, "the first hand's end",
				tr.T("daily.handend", "2026-11-24", 1, 2), cutAt(tr.T("daily.handend.vs")))
			press(t, m, "enter")
			if m.screen != scrPlay {
				t.Fatalf("not at the second hand's table:\n%s", plain(m))
			}
			needOnScreen(t, m, "the second hand", tr.T("daily.badge", 2, 2), cutAt(tr.T("log.deal"))+" 2")
			if screenHas(m, 24, cutAt(tr.T("log.deal"))+" 1") {
				t.Errorf("the second hand of the daily is called hand 1:\n%s", plain(m))
			}
			toHandOver(t, m)
			needOnScreen(t, m, "the second hand's end",
				tr.T("daily.handend", "2026-11-24", 2, 2), cutAt(tr.T("daily.handend.vs")))
		})
	}
}

// The resume page of okey --game 101 with a classic match saved says
// that n starts the Okey 101 asked for, and enter the classic match; n
// does start 101. Both languages, at 80×24.
func TestResumePageOfTheOtherGameAsked(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		t.Run(lang, func(t *testing.T) {
			m := newTestModel(t, 80, 24, func(o *Options) { o.Settings.Lang = lang })
			drain(t, m, m.Init())
			playMyTurn(t, m)
			m.Flush()
			opt := m.opt
			opt.Settings.Game, opt.GameAsked = settings.Game101, true
			r := reopen(t, m, opt)
			r.Update(windowMsg(80, 24))
			tr := i18n.MustLoad(lang)
			if r.screen != scrResume {
				t.Fatalf("not the resume page:\n%s", plain(r))
			}
			needOnScreen(t, r, "the resume page", cutAt(tr.T("game.asked", tr.T("val.okey101"))))
			if !strings.Contains(strings.Join(strings.Fields(plain(r)), " "), tr.T("game.asked", tr.T("val.okey101"), "n", tr.T("val.classic"), "enter")) {
				t.Errorf("the resume page does not say which game n starts:\n%s", plain(r))
			}
			press(t, r, "n") // asks: a new match ends this one
			press(t, r, "n")
			if r.screen != scrPlay || table101(r) == nil {
				t.Fatalf("n did not start Okey 101:\n%s", plain(r))
			}
		})
	}
}

// n on the resume page of a practice daily's hand under way asks before
// it files the hand as abandoned; any other key keeps it, n again gives
// it up.
func TestResumeAsksBeforeGivingUpADaily(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		t.Run(lang, func(t *testing.T) {
			c := at("2026-11-24 12:00:00")
			m := newTestModel(t, 80, 24, dailyOpt(game.Classic, "2026-11-20", c), func(o *Options) { o.Settings.Lang = lang })
			drain(t, m, m.Init())
			press(t, m, "enter")
			playMyTurn(t, m)
			m.Flush()
			opt := m.opt
			opt.Daily = nil
			r := reopen(t, m, opt)
			r.Update(windowMsg(80, 24))
			drain(t, r, r.Init())
			if r.screen != scrResume || r.dl == nil || !r.dl.Entry().Practice {
				t.Fatalf("not the resume page of a practice daily:\n%s", plain(r))
			}
			tr := i18n.MustLoad(lang)
			press(t, r, "n")
			if r.dl == nil || r.screen != scrResume {
				t.Fatalf("n gave the daily up without a word:\n%s", plain(r))
			}
			// whole: it was cut at "… kept with the finished"
			wholeOnScreen(t, r, "n once", tr.T("daily.leave.ask", "n", "enter"))
			press(t, r, "space") // not n: the question lapses
			press(t, r, "n")
			if r.dl == nil {
				t.Fatal("n after another key gave the daily up at once")
			}
			press(t, r, "n")
			if r.dl != nil {
				t.Fatalf("n twice did not give the daily up:\n%s", plain(r))
			}
		})
	}
}

// wholeOnScreen fails unless the 80×24 screen holds msg whole, its
// words in order across the lines (wrapped, not cut), and no line is
// wider than 80.
func wholeOnScreen(t *testing.T, m *Model, page, msg string) {
	t.Helper()
	if w, line := maxLineWidth(plain(m)); w > 80 {
		t.Errorf("%s: a line of %d columns: %q", page, w, line)
	}
	lines := strings.Split(strings.ReplaceAll(plain(m), "\u00a0", " "), "\n")
	screen := strings.Join(strings.Fields(strings.Join(lines[:min(24, len(lines))], " ")), " ")
	if want := strings.Join(strings.Fields(msg), " "); !strings.Contains(screen, want) {
		t.Errorf("%s: %q is not whole on the 80×24 screen:\n%s", page, want, plain(m))
	}
}

// n on the resume page of a match under way says plainly that a new
// match ends it (the key bar said "the old one is kept", and the match
// was filed as abandoned, never to be resumed): the key bar says so, the
// first n asks, whole at 80×24, another key keeps the match, n twice
// ends it, filed with the finished matches as abandoned, and says so.
// Both languages.
func TestResumeSaysANewMatchEndsThisOne(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		t.Run(lang, func(t *testing.T) {
			tr := i18n.MustLoad(lang)
			m := newTestModel(t, 80, 24, func(o *Options) { o.Settings.Lang = lang })
			drain(t, m, m.Init())
			playMyTurn(t, m)
			m.Flush()
			r := reopen(t, m, m.opt)
			r.Update(windowMsg(80, 24))
			drain(t, r, r.Init())
			if r.screen != scrResume {
				t.Fatalf("not the resume page:\n%s", plain(r))
			}
			needOnScreen(t, r, "the resume page", "n "+tr.T("key.newmatch.keep"))
			rec := string(r.rec)
			press(t, r, "n")
			if r.screen != scrResume || string(r.rec) != rec {
				t.Fatalf("the first n did not ask:\n%s", plain(r))
			}
			wholeOnScreen(t, r, "the question", tr.T("resume.end.ask", "n", "enter"))
			press(t, r, "x")
			press(t, r, "n")
			if r.screen != scrResume || string(r.rec) != rec {
				t.Fatalf("n after another key ended the match at once:\n%s", plain(r))
			}
			press(t, r, "n")
			if r.screen != scrPlay || string(r.rec) == rec {
				t.Fatalf("n twice did not start a new match:\n%s", plain(r))
			}
			r.Flush()
			wholeOnScreen(t, r, "the new match", tr.T("resume.ended"))
			kept, _ := filepath.Glob(filepath.Join(r.files.StateDir(), "matches", "*-abandoned.okey"))
			if len(kept) != 1 {
				t.Fatalf("the match ended is not filed as abandoned: %v", kept)
			}
			if b, _ := os.ReadFile(kept[0]); string(b) != rec {
				t.Errorf("the match filed is not the one ended")
			}
		})
	}
}
