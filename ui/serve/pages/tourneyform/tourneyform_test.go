package tourneyform

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/server/tables"
	"okey/server/tournaments"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/tourneyview"
)

// form is a new form, its defaults given.
func form() *Page {
	f := &Page{}
	f.init()
	return f
}

// The form's classic match: from the points chosen, or those the rules'
// preset names (points=10), or simple104's one hand; 101's hands, or
// those its preset names (hands=3).
func TestFormMatchLength(t *testing.T) {
	now := time.Now()
	for gi, g := range tables.GameKinds() {
		for ri, rules := range g.Rules {
			f := form()
			f.game, f.rules, f.points, f.hands = gi, ri, 15, 4
			want := 4
			switch {
			case g.Name == "classic" && rules == "simple104":
				want = 1
			case g.Name == "classic" && rules == "points=10":
				want = 10
			case g.Name == "classic":
				want = 15
			case rules == "hands=3":
				want = 3
			}
			if got := f.config("ann", now, 0).Hands; got != want {
				t.Errorf("%s %s: a match of %d, want %d", g.Name, rules, got, want)
			}
		}
	}
}

// The form's start is at least the time it says after now, on a whole
// minute, whatever the second it is created at: "in 1 min" created at
// 21:21:52 started at 21:22:00, before three players could join.
func TestTourneyFormStartsNoSoonerThanItSays(t *testing.T) {
	base := time.Date(2026, 11, 25, 21, 21, 0, 0, time.UTC)
	for _, sec := range []int{0, 1, 30, 52, 59} {
		now := base.Add(time.Duration(sec) * time.Second)
		for _, d := range starts {
			f := form()
			f.start = d
			got := f.config("mehmet", now, 0).Start
			if got.Before(now.Add(d)) || got.After(now.Add(d+time.Minute)) || got.Second() != 0 {
				t.Errorf("created at %s, starting in %v: starts at %s", now.Format("15:04:05"), d, got.Format("15:04:05"))
			}
		}
	}
}

// Every tournament the form can describe is one the server plays:
// every kind, game, rules preset, match length, duplicate, partners and
// time control, with the server's timer on and off. ("3 hands" and
// "Hands a match 1" could be chosen together, and enter then gave an
// internal refusal.)
func TestEveryChoiceTheServerPlays(t *testing.T) {
	now := time.Date(2026, 11, 25, 21, 0, 0, 0, time.UTC)
	tried := 0
	for _, timer := range []time.Duration{0, 30 * time.Second} {
		for _, kind := range []tourney.Kind{tourney.Arena, tourney.Swiss} {
			for gi, g := range tables.GameKinds() {
				for ri := range g.Rules {
					for _, n := range []int{0, 1, 2, 3} {
						for _, flags := range []int{0, 1, 2, 3} {
							f := form()
							f.kind, f.game, f.rules = kind, gi, ri
							f.hands, f.points = handsN[n], points[n]
							f.duplicate, f.partners = flags&1 != 0, flags&2 != 0
							f.turn, f.bank = turns[n*2], banks[n+1]
							f.length = lengths[n*3]
							cfg := f.config("ann", now, timer)
							tried++
							if _, err := tournaments.Check("ann", cfg, now, timer); err != nil {
								t.Errorf("timer %v, %s %s %q, hands %d, duplicate %v, partners %v: refused: %v",
									timer, kind, g.Name, g.Rules[ri], cfg.Hands, f.duplicate, f.partners, err)
							}
						}
					}
				}
			}
		}
	}
	if tried < 100 {
		t.Fatalf("only %d tried", tried)
	}
}

// A row shows only where it applies: the arena's length and bots, the
// Swiss's rounds and duplicate deals, 101's partners, the hands where
// the rules do not set them, the bots' level where bots play, the bank
// where turns are timed.
func TestRowsShownWhereTheyApply(t *testing.T) {
	gameIdx := func(name string) int {
		return slices.IndexFunc(tables.GameKinds(), func(k tables.GameKind) bool { return k.Name == name })
	}
	rulesIdx := func(g, rules string) int { return slices.Index(tables.GameKinds()[gameIdx(g)].Rules, rules) }
	for _, c := range []struct {
		name      string
		kind      tourney.Kind
		game      string
		rules     string
		botWait   time.Duration
		timer     time.Duration
		shown, no []row
	}{
		{"classic arena", tourney.Arena, "classic", "default", time.Minute, 30 * time.Second,
			[]row{rLength, rBots, rLevel, rHands, rBank, rName, rDesc, rTurn, rAway, rBack, rPrivate}, []row{rRounds, rDuplicate, rPartners}},
		{"arena with no bots", tourney.Arena, "classic", "default", 0, 30 * time.Second, nil, []row{rLevel}},
		{"classic Swiss", tourney.Swiss, "classic", "default", 0, 30 * time.Second,
			[]row{rRounds, rDuplicate, rLevel}, []row{rLength, rBots, rPartners}},
		{"classic from 10 points", tourney.Arena, "classic", "points=10", 0, 0, nil, []row{rHands}},
		{"simple104", tourney.Arena, "classic", "simple104", 0, 0, nil, []row{rHands}},
		{"101 Swiss", tourney.Swiss, "101", "default", 0, 0, []row{rPartners, rHands}, []row{rBank}},
		{"101 of 3 hands", tourney.Arena, "101", "hands=3", 0, 0, nil, []row{rHands}},
		{"101 partners' rules", tourney.Arena, "101", "partners", 0, 0, nil, []row{rPartners}},
	} {
		f := form()
		f.kind, f.game, f.botWait = c.kind, gameIdx(c.game), c.botWait
		f.rules = rulesIdx(c.game, c.rules)
		if f.game < 0 || f.rules < 0 {
			t.Fatalf("%s: no game %s or rules %s", c.name, c.game, c.rules)
		}
		rows := f.rows(c.timer)
		for _, r := range c.shown {
			if !slices.Contains(rows, r) {
				t.Errorf("%s: row %d not shown", c.name, r)
			}
		}
		for _, r := range c.no {
			if slices.Contains(rows, r) {
				t.Errorf("%s: row %d shown", c.name, r)
			}
		}
	}
}

// page is the form on a stand-in server, in lang at w×h, opened.
func page(t *testing.T, lang string, w, h int) (*Page, *common.Common) {
	side := commontest.New(t)
	side.Set.DefaultTimer = 30 * time.Second
	c := side.Common(context.Background(), "key:ann", "", "Ann", lang)
	c.Width, c.Height = w, h
	f := &Page{}
	f.Open(c)
	return f, c
}

func press(f *Page, c *common.Common, k tea.KeyPressMsg) common.Turn { return f.Update(c, k) }

var (
	down = tea.KeyPressMsg{Code: tea.KeyDown}
	up   = tea.KeyPressMsg{Code: tea.KeyUp}
)

func letter(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

// ↓ at the last row stays there and says so, ↑ at the first likewise:
// the cursor never goes round to the other end unseen (↓ at the last
// row onto "Kind").
func TestDownStopsAtTheLastRow(t *testing.T) {
	f, c := page(t, "en", 80, 24)
	rows := f.rows(c.Srv.Settings().DefaultTimer)
	for range len(rows) + 3 {
		press(f, c, down)
	}
	if f.row != rows[len(rows)-1] {
		t.Fatalf("after ↓ past the end the cursor is on row %d, want the last (%d)", f.row, rows[len(rows)-1])
	}
	if c.Flash != c.Tr.T("tourney.new.last") {
		t.Errorf("↓ at the last row says %q", c.Flash)
	}
	for range len(rows) + 3 {
		press(f, c, up)
	}
	if f.row != rKind || c.Flash != c.Tr.T("tourney.new.first") {
		t.Errorf("↑ past the first row: on row %d, saying %q", f.row, c.Flash)
	}
}

// The name and the description are typed on their rows, space and q
// included, each capped in letters and bytes; the tournament takes
// them.
func TestNameAndDescriptionTyped(t *testing.T) {
	f, c := page(t, "tr", 80, 24)
	for f.row != rName {
		press(f, c, down)
	}
	for _, r := range "Cuma gecesi q" {
		press(f, c, letter(r))
	}
	press(f, c, down)
	for range 200 {
		press(f, c, letter('ş'))
	}
	cfg := f.config("Ann", c.Srv.Now(), 0)
	if cfg.Name != "Cuma gecesi q" {
		t.Errorf("name %q, want what was typed", cfg.Name)
	}
	if n := len([]rune(cfg.Description)); n != tournaments.MaxDescriptionRunes || len(cfg.Description) > tournaments.MaxDescription {
		t.Errorf("a description of %d letters and %d bytes, want it capped at %d letters, %d bytes", n, len(cfg.Description), tournaments.MaxDescriptionRunes, tournaments.MaxDescription)
	}
	f.row = rName
	f.focus()
	for range 100 {
		press(f, c, letter('ğ'))
	}
	if n := f.config("Ann", c.Srv.Now(), 0).Name; len(n) > tournaments.MaxName || len([]rune(n)) > tournaments.MaxNameRunes {
		t.Errorf("a name of %d bytes, %d letters: past its caps", len(n), len([]rune(n)))
	}
}

// The form at 80×24 and 120×40 in both languages: every line fits, and
// a row not shown is not drawn.
func TestFormFits(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			f, c := page(t, lang, sz[0], sz[1])
			for _, kind := range []tourney.Kind{tourney.Arena, tourney.Swiss} {
				f.kind = kind
				lines, _ := f.Lines(c)
				text := ansi.Strip(strings.Join(lines, "\n"))
				for _, l := range lines {
					if w := ansi.StringWidth(l); w > c.PageWidth() {
						t.Errorf("%s %v %s: a line of %d columns: %q", lang, sz, kind, w, ansi.Strip(l))
					}
				}
				hidden := c.Tr.T("tourney.new.rounds")
				if kind == tourney.Swiss {
					hidden = c.Tr.T("tourney.new.length")
				}
				if strings.Contains(text, hidden+" ") {
					t.Errorf("%s %s: %q drawn:\n%s", lang, kind, hidden, text)
				}
				if strings.Contains(text, "%!") {
					t.Errorf("%s %s: %s", lang, kind, text)
				}
			}
		}
	}
}

// The tallest forms (101 with its hands row, a turn timer and its
// bank, bots and their level or duplicate deals, partners, private),
// new and edited, fit the page's rows at 80×24 and 120×40 in both
// languages with the cursor on any row: its row drawn, and the note
// under the rows never cut (at 80×24 the note's line was lost). Shorter
// still (80×20), the rows scroll about the cursor, saying so.
func TestTallestFormFits(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {80, 20}} {
			for _, kind := range []tourney.Kind{tourney.Arena, tourney.Swiss} {
				for _, editing := range []string{"", "k3x9q2ab"} {
					f, c := page(t, lang, sz[0], sz[1])
					f.kind, f.botWait, f.turn, f.priv, f.editing = kind, time.Minute, 0, true, editing
					f.game = slices.IndexFunc(tables.GameKinds(), func(k tables.GameKind) bool { return k.Name == "101" })
					f.rules = slices.Index(tables.GameKinds()[f.game].Rules, "default")
					rows := f.rows(c.Srv.Settings().DefaultTimer)
					if len(rows) < 17 {
						t.Fatalf("%s: %d rows, not the tallest form", kind, len(rows))
					}
					note := c.Tr.T("tourney.new.note.private")
					if editing != "" {
						note = c.Tr.T("tourney.edit.note")
					}
					wrapped := tourneyview.Wrap(note, c.PageWidth(), 0)
					for i := range rows {
						lines, _ := f.Lines(c)
						text := ansi.Strip(strings.Join(lines, "\n"))
						what := fmt.Sprintf("%s %v %s edit=%q, cursor on row %d", lang, sz, kind, editing, i)
						if len(lines) > c.PageRows() {
							t.Errorf("%s: %d lines in %d rows", what, len(lines), c.PageRows())
						}
						if last := ansi.Strip(lines[len(lines)-1]); last != wrapped[len(wrapped)-1] {
							t.Errorf("%s: the last line is %q, not the note's", what, last)
						}
						if !strings.Contains(text, "> ") {
							t.Errorf("%s: the cursor's row is not drawn:\n%s", what, text)
						}
						if more := c.Tr.T("tourney.new.more.up", 1)[:4]; sz[1] == 20 && i == len(rows)-1 && !strings.Contains(text, more) {
							t.Errorf("%s: the rows above are not said:\n%s", what, text)
						}
						press(f, c, down)
					}
				}
			}
		}
	}
}

// ↓ at the last row of a tournament being changed says enter saves the
// changes, not that it creates the tournament (it said so), in both
// languages within the status line.
func TestDownAtTheLastRowOfAnEdit(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		f, c := page(t, lang, 80, 24)
		f.Edit("k3x9q2ab", tourney.Config{Kind: tourney.Arena, Name: "Friday", Game: "101", Hands: 1, Start: c.Srv.Now().Add(time.Hour), Length: time.Hour}, false)
		for range nRows + 3 {
			press(f, c, down)
		}
		if want := c.Tr.T("tourney.edit.last"); c.Flash != want || ansi.StringWidth(want) > 78 {
			t.Errorf("%s: ↓ at the last row of an edit says %q, want %q within 78 columns", lang, c.Flash, want)
		}
	}
}

// The operator's change of a tournament not theirs (AsOperator) is
// checked within the server's limits, as the server takes it: their
// 8-hour arena starting in two days is saved; the same edit by its
// creator is refused in the form's words, as the server refuses it.
func TestOperatorsEditCheckedAsTheServerTakesIt(t *testing.T) {
	f, c := page(t, "en", 80, 24)
	long := tourney.Config{Kind: tourney.Arena, Name: "Long night", Game: "101", Hands: 1, Start: c.Srv.Now().Add(48 * time.Hour), Length: 8 * time.Hour}
	f.Edit("k3x9q2ab", long, true)
	if tr := press(f, c, enterKey); c.Flash != "" || tr.Cmd == nil {
		t.Errorf("the operator's change refused: %q", c.Flash)
	}
	f, c = page(t, "en", 80, 24)
	f.Edit("k3x9q2ab", long, false)
	press(f, c, enterKey)
	if want := tourneyview.Refusal(c.Tr, tournaments.ErrArenaLength); c.Flash != want {
		t.Errorf("its creator's change: %q, want %q", c.Flash, want)
	}
}
