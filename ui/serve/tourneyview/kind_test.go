package tourneyview

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
)

// TestKindLineSaysTheOptions: every line that names a tournament's kind
// says its options too — the list's line, the page's title and the
// command's text — in both languages: a duplicate Swiss read as a
// plain "Swiss" in the list.
func TestKindLineSaysTheOptions(t *testing.T) {
	for _, c := range []struct {
		lang                string
		kind                tourney.Kind
		duplicate, partners bool
		want                string
	}{
		{"en", tourney.Swiss, false, false, "Swiss"},
		{"en", tourney.Swiss, true, false, "Swiss · duplicate"},
		{"en", tourney.Arena, false, true, "arena · partners"},
		{"en", tourney.Swiss, true, true, "Swiss · duplicate · partners"},
		{"tr", tourney.Swiss, true, false, "İsviçre sistemi · eş el"},
		{"tr", tourney.Swiss, false, true, "İsviçre sistemi · eşli"},
	} {
		tr := i18n.MustLoad(c.lang)
		if got := KindLine(tr, c.kind, c.duplicate, c.partners); got != c.want {
			t.Errorf("%s %s duplicate %v partners %v: %q, want %q", c.lang, c.kind, c.duplicate, c.partners, got, c.want)
		}
	}
	p := swissOver(t) // a duplicate Swiss
	if !p.T.Config.Duplicate || !p.Listed.Duplicate {
		t.Fatalf("the fixture is no duplicate Swiss: config %v, listed %v", p.T.Config.Duplicate, p.Listed.Duplicate)
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		want := KindLine(tr, tourney.Swiss, true, false)
		if row := Row(tr, p.Listed, p.Now); !strings.Contains(row, " · "+want+" · ") {
			t.Errorf("%s: the list's line %q does not say %q", lang, row, want)
		}
		if head := ansi.Strip(Head(tr, plain, p, 120)[0]); !strings.Contains(head, " · "+want+" · ") {
			t.Errorf("%s: the page's title %q does not say %q", lang, head, want)
		}
		if text := Text(tr, p); !strings.Contains(strings.SplitN(text, "\n", 2)[0], want) {
			t.Errorf("%s: the command's first line does not say %q:\n%s", lang, want, text)
		}
	}
	q := partnersStarting(t)
	if row := Row(i18n.MustLoad("en"), q.Listed, q.Now); !strings.Contains(row, "arena · partners") {
		t.Errorf("partners' arena's line %q", row)
	}
}

// TestGivenUpSaysForfeit: a player whose seat at their table in play
// was given up is not shown the table as theirs to go to: the page says
// the match is their forfeit and what comes next (an arena's: join
// again once it is over; a Swiss's: the next round, or none after the
// last), in both languages, fitting 80 columns.
func TestGivenUpSaysForfeit(t *testing.T) {
	arena := arenaUnderWay(t)
	n, ok := arena.Table()
	if !ok {
		t.Fatal("the arena's player sits at no table")
	}
	swiss := arena
	swiss.T.Config.Kind, swiss.T.Config.Rounds, swiss.T.Round = tourney.Swiss, 3, 1
	last := swiss
	last.T.Round = 3
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, c := range []struct {
			p    Page
			says string
		}{
			{arena, tr.T("tourney.givenup.arena", n)},
			{swiss, tr.T("tourney.givenup.swiss", n)},
			{last, tr.T("tourney.givenup.last", n)},
		} {
			kept := words(Head(tr, plain, c.p, 78))
			if !strings.Contains(kept, tr.T("tourney.you.table", n)) || strings.Contains(kept, c.says) {
				t.Errorf("%s, seat kept: %q", lang, kept)
			}
			c.p.GivenUp = true
			head := Head(tr, plain, c.p, 78)
			fits(t, lang+" given up", head, 78, 8)
			got := words(head)
			if !strings.Contains(got, c.says) || !strings.Contains(got, tr.T("tourney.you.givenup", n)) || strings.Contains(got, tr.T("tourney.you.table", n)) {
				t.Errorf("%s, seat given up: %q, want it to say %q", lang, got, c.says)
			}
		}
	}
}

// TestListWrapsALongLine: a tournament's line too wide for the terminal
// (a duplicate Swiss in Turkish at 80 columns) goes on under itself
// rather than lose when it plays; a long list still shows the cursor's
// line within its rows.
func TestListWrapsALongLine(t *testing.T) {
	tr := i18n.MustLoad("tr")
	p := swissOver(t)
	l := p.Listed
	l.Name = "tseat duplicate swiss"
	lines := List(tr, plain, []tourney.Listed{l}, 0, p.Now, 78, 19)
	fits(t, "the list", lines, 78, 19)
	if got, want := words(lines), Row(tr, l, p.Now); !strings.Contains(got, want) {
		t.Errorf("the list %q lacks the whole line %q", got, want)
	}
	var many []tourney.Listed
	for i := range 30 {
		m := l
		m.Name = "t" + string(rune('a'+i))
		many = append(many, m)
	}
	for _, cursor := range []int{0, 15, 29} {
		lines := List(tr, plain, many, cursor, p.Now, 78, 12)
		fits(t, "a long list", lines, 78, 12)
		marked := 0
		for _, ln := range lines {
			if strings.HasPrefix(ansi.Strip(ln), "> "+many[cursor].Name+" ") {
				marked++
			}
		}
		if marked != 1 {
			t.Errorf("cursor %d: its line shown %d times:\n%s", cursor, marked, strings.Join(lines, "\n"))
		}
	}
}

// TestPausedSaysWhyAndTheWayBack: an arena's player paused (their match
// lost for want of being at it) reads, at the head of the page, that
// they are paused, at which table they lost the match and the time
// they had, and that any key brings them back; where they stand is
// still said. The page says nothing of it to one not paused, nor once
// the arena is over.
func TestPausedSaysWhyAndTheWayBack(t *testing.T) {
	p := arenaUnderWay(t)
	unit := p.T.Unit(p.Me)
	lost := 0
	for _, pl := range p.T.Playing {
		if slices.Contains(pl.Players[:], unit) {
			// The table ends with their seat forfeit, and they are paused.
			if err := p.T.Pause(p.Me); err != nil {
				t.Fatal(err)
			}
			seat := slices.Index(pl.Players[:], unit)
			var forfeit [4]bool
			forfeit[seat] = true
			if _, err := p.T.Ended(pl.Table, [4]int{1, 2, 3, 4}, forfeit, p.Now); err != nil {
				t.Fatal(err)
			}
			lost = pl.Table
		}
	}
	if lost == 0 {
		t.Fatal("the player sits at no table")
	}
	st, err := p.T.Standings()
	if err != nil {
		t.Fatal(err)
	}
	rank := slices.IndexFunc(st, func(s tourney.Standing) bool { return s.Player == unit })
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		if !p.Paused() {
			t.Fatal("the page does not know the player paused")
		}
		head := Head(tr, plain, p, 78)
		fits(t, lang+" paused", head, 78, 8)
		got := words(head)
		for _, w := range []string{tr.T("tourney.paused", lost), tr.T("tourney.you.paused"), tr.T("tourney.you.at", rank+1, len(st), st[rank].Points.String())} {
			if !strings.Contains(got, strings.TrimSpace(w)) {
				t.Errorf("%s: the head %q does not say %q", lang, got, w)
			}
		}
		other := p
		other.Me = idOf(7)
		if other.T.Unit(other.Me) == unit || strings.Contains(words(Head(tr, plain, other, 78)), tr.T("tourney.you.paused")) {
			t.Errorf("%s: another player's page says paused", lang)
		}
		over := p
		over.T.Phase = tourney.Finished
		if over.Paused() || strings.Contains(words(Head(tr, plain, over, 78)), tr.T("tourney.you.paused")) {
			t.Errorf("%s: paused said once the arena is over", lang)
		}
	}
}

// TestTitleWrapsRatherThanCut: a page's title too wide for the terminal
// (a duplicate Swiss in Turkish at 80 columns) goes on under itself
// rather than lose when it plays, the last thing on it.
func TestTitleWrapsRatherThanCut(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		p := swissOver(t)
		p.T.Phase, p.Listed.Phase = tourney.Starting, tourney.Starting
		p.T.Config.Name, p.Listed.Name = "101 Swiss", "101 Swiss"
		p.Listed.ID = "opwh6kq5ov"
		p.Now = p.T.Config.Start.Add(-5 * time.Minute)
		l := p.Listed
		l.Phase, l.Round = p.T.Phase, p.T.Round
		when := When(tr, l, p.Now)
		for _, w := range []int{78, 60} {
			head := Head(tr, plain, p, w)
			fits(t, lang+" head", head, w, len(head))
			if got := words(head); !strings.Contains(got, when) || !strings.Contains(got, KindName(tr, tourney.Swiss)) {
				t.Errorf("%s at %d columns: the head %q lacks %q", lang, w, got, when)
			}
		}
	}
}

// TestCodeUnderTheWholeTitle: a private tournament's join code, shown
// to its creator, comes under the whole title, never between its
// wrapped lines (at 80 columns in Turkish it split "… 1 sa 42 dk
// sonra" from "başlıyor"); the command's text keeps the whole title
// too (it kept its first line only), and says no code.
func TestCodeUnderTheWholeTitle(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		p := swissOver(t)
		p.T.Phase, p.Listed.Phase = tourney.Starting, tourney.Starting
		p.T.Config.Name, p.Listed.Name = "Friday Swiss of the club", "Friday Swiss of the club"
		p.Listed.ID = "2bss6jqz"
		p.Now = p.T.Config.Start.Add(-102 * time.Minute)
		p.Code = "ICJCP5"
		title := Title(tr, plain, p, 78)
		if len(title) < 2 {
			t.Fatalf("%s: the title %q is one line: the test wants it wrapped", lang, title)
		}
		head := Head(tr, plain, p, 78)
		code := tr.T("tourney.code.yours", p.Code)
		i := slices.IndexFunc(head, func(l string) bool { return strings.Contains(words([]string{l}), code[:12]) })
		if i != len(title) {
			t.Errorf("%s: the code is line %d of the head, not the first under its %d title lines:\n%s", lang, i, len(title), strings.Join(head, "\n"))
		}
		text := Text(tr, p)
		if !strings.Contains(strings.Join(strings.Fields(text), " "), words(title)) || strings.Contains(text, p.Code) {
			t.Errorf("%s: the command's text lacks the whole title %q or says the code:\n%s", lang, words(title), text)
		}
	}
}
