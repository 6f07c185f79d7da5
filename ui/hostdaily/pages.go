package hostdaily

import (
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/daily"
	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/pages"
	"okey/ui/playdaily"
	"okey/ui/stats"
)

// Keys are the keys of the daily's pages: d on the resume page and the
// final table starts today's daily; the date's question is answered
// yes or no; the daily's own page reviews a hand, opens the
// statistics, starts a new match or quits.
type Keys struct {
	Start, Yes, No, Review, Hands, Stats, NewMatch, Quit key.Binding
}

// NewKeys are the daily's keys in c's words; back: n goes back to the
// match the daily paused rather than to a new one.
func NewKeys(c *pages.Common, back bool) Keys {
	b := func(keys []string, help, words string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, c.Tr.T(words)))
	}
	return Keys{
		Start:    b([]string{"d"}, "d", "key.daily"),
		Yes:      b([]string{"enter", "y"}, "enter", "key.daily.yes"),
		No:       b([]string{"esc", "n", "q"}, "esc", "key.daily.no"),
		Review:   b([]string{"w"}, "w", "key.review"),
		Hands:    b([]string{"1", "2", "3", "4"}, "1-4", "key.daily.hand"),
		Stats:    c.Keys.HandOver.Stats,
		NewMatch: b([]string{"n"}, "n", NewMatchWords(back, "key.newmatch")),
		Quit:     b([]string{"q", "ctrl+c"}, "q", "key.quit.short"),
	}
}

// NewMatchWords is the catalogue key of what n does while a daily is
// on the table: words, or (back) to the match it paused.
func NewMatchWords(back bool, words string) string {
	if back {
		return "key.daily.back"
	}
	return words
}

// Do is what a key on one of the daily's pages asks of the host.
type Do uint8

const (
	// Nothing: the key meant nothing there; the host says which keys
	// work.
	Nothing Do = iota
	// Yes: play the daily asked about; No: do not.
	Yes
	No
	// Quit: save and stop; NewMatch: leave the daily for a new match
	// (or the match it paused); Stats: open the statistics.
	Quit
	NewMatch
	Stats
	// Review: the coach's review of the day's hands ended so far;
	// ReviewHand: of one hand (its number beside).
	Review
	ReviewHand
)

// Ask is a daily waiting for the player's word on its date: one not
// come yet, or a clock that looks set wrong (playdaily.Decide).
type Ask struct {
	Game   game.Kind
	Choice playdaily.Choice
	Today  daily.Date
}

// AskPage is the question on a daily's date, as a page.
type AskPage struct {
	c    *pages.Common
	a    Ask
	keys Keys
}

// Page is a on the page drawn with c.
func (a Ask) Page(c *pages.Common) AskPage { return AskPage{c: c, a: a, keys: NewKeys(c, false)} }

// Update answers the question: Yes, No, or Nothing for another key.
func (p AskPage) Update(k tea.KeyPressMsg) Do {
	switch {
	case key.Matches(k, p.keys.Yes):
		return Yes
	case key.Matches(k, p.keys.No):
		return No
	}
	return Nothing
}

// Lines say why the date is asked about, and what is played.
func (p AskPage) Lines() []string {
	c, tr := p.a.Choice, p.c.Tr
	var lines []string
	switch c.Ask {
	case playdaily.AskFuture:
		lines = append(lines, tr.T("daily.ask.future", c.Date, p.a.Today))
	case playdaily.AskClockBack:
		latest := playdaily.Epoch
		if latest.Before(c.Latest) {
			latest = c.Latest
		}
		lines = append(lines, tr.T("daily.ask.clockback", p.a.Today, latest))
	case playdaily.AskClockAhead:
		lines = append(lines, tr.T("daily.ask.clockahead", p.a.Today))
	}
	lines = append(lines, "", tr.T("daily.ask.play", c.Date))
	if c.Practice {
		lines = append(lines, tr.T(c.Why))
	}
	return wrap(p.c, lines)
}

// ShortHelp are yes and no.
func (p AskPage) ShortHelp() []key.Binding { return []key.Binding{p.keys.Yes, p.keys.No} }

// wrap is lines of text wrapped to the page, a blank line kept.
func wrap(c *pages.Common, lines []string) []string {
	var out []string
	for _, l := range lines {
		if l == "" {
			out = append(out, "")
			continue
		}
		out = append(out, canvas.Wrap(l, c.TextW())...)
	}
	return out
}

// DayPage is the daily's page after its last hand: the day, each
// hand's score beside par, the total against par, the streak, the
// best, the trend and the line to share.
type DayPage struct {
	c     *pages.Common
	d     *Daily
	f     *stats.File
	today daily.Date
	keys  Keys
}

// Page is the daily's page drawn with c, the statistics f as they
// stand on today; back as NewKeys.
func (d *Daily) Page(c *pages.Common, f *stats.File, today daily.Date, back bool) DayPage {
	return DayPage{c: c, d: d, f: f, today: today, keys: NewKeys(c, back)}
}

// Update is what a key asks on the daily's page (with ReviewHand, the
// hand's number).
func (p DayPage) Update(k tea.KeyPressMsg) (Do, int) {
	switch {
	case key.Matches(k, p.keys.Quit):
		return Quit, 0
	case key.Matches(k, p.keys.NewMatch):
		return NewMatch, 0
	case key.Matches(k, p.keys.Stats):
		return Stats, 0
	case key.Matches(k, p.keys.Review):
		return Review, 0
	case key.Matches(k, p.keys.Hands):
		n, _ := strconv.Atoi(k.String())
		return ReviewHand, n
	}
	return Nothing, 0
}

// ShortHelp are the page's keys: the review, a hand's, the statistics,
// a new match, quitting.
func (p DayPage) ShortHelp() []key.Binding {
	keys := p.keys
	if n := p.d.Hands(); n > 0 {
		keys.Hands.SetHelp(fmt.Sprintf("1-%d", n), keys.Hands.Help().Desc)
	}
	return []key.Binding{keys.Review, keys.Hands, keys.Stats, keys.NewMatch, keys.Quit}
}

// Lines are the page's lines (the host scrolls them).
func (p DayPage) Lines() []string {
	d, tr := p.d, p.c.Tr
	title := tr.T("daily.title", d.set.Date, d.gameName(p.c))
	if d.entry.Practice {
		title += " · " + tr.T("daily.practice")
	}
	out := []string{p.c.St.Bold.Render(title)}
	if d.short != "" {
		out = append(out, tr.T("daily.fingerprint", d.short))
	}
	out = append(out, "")
	out = append(out, p.table()...)
	out = append(out, "")
	out = append(out, wrap(p.c, p.summary())...)
	return out
}

// table is the hands' table: you, par, against par.
func (p DayPage) table() []string {
	d, tr := p.d, p.c.Tr
	row := func(a, b, c, e string) string { return fmt.Sprintf("  %-8s %6s %6s %11s", a, b, c, e) }
	out := []string{p.c.St.Dim.Render(row(tr.T("daily.col.hand"), tr.T("daily.col.you"), tr.T("daily.col.par"), tr.T("daily.col.vs")))}
	against, total, ok := d.entry.Against()
	you, parSum := 0, 0
	for i, s := range d.entry.Scores {
		n := d.entry.First() + i
		par, vs := "…", ""
		if ok {
			par, vs = strconv.Itoa(d.entry.Par[n-1]), playdaily.Signed(against[i])
			parSum += d.entry.Par[n-1]
		}
		you += s
		out = append(out, row(strconv.Itoa(n), strconv.Itoa(s), par, vs))
	}
	if ok && len(d.entry.Scores) > 0 {
		out = append(out, row(tr.T("daily.col.total"), strconv.Itoa(you), strconv.Itoa(parSum), playdaily.Signed(total)))
	}
	return out
}

// summary says the result against par (or that par is being
// measured), what a score means, the streak, the best, the trend and
// the line to share.
func (p DayPage) summary() []string {
	d, tr := p.d, p.c.Tr
	var out []string
	_, total, ok := d.entry.Against()
	switch {
	case ok:
		out = append(out, tr.T("daily.result", playdaily.Signed(total)))
	case d.parErr != nil:
		out = append(out, tr.T("daily.par.failed", d.parErr.Error()))
	default:
		out = append(out, tr.T("daily.par.wait"))
	}
	out = append(out, d.scoreLine(p.c), "")
	out = append(out, recordLines(p.c, p.f, p.today, d.set.Game)...)
	out = append(out, "", tr.T("daily.share"), playdaily.Share(tr.T, d.entry))
	return out
}

// recordLines are the streak, the best and the trend of game's
// dailies played for the record.
func recordLines(c *pages.Common, f *stats.File, today daily.Date, g game.Kind) []string {
	streak := playdaily.Streak(f, today)
	out := []string{c.Tr.N("daily.streak", streak, streak)}
	if best, total, ok := playdaily.Best(f, g); ok {
		out = append(out, c.Tr.T("daily.best", playdaily.Signed(total), best.Date))
	}
	if _, totals := playdaily.Done(f, g); len(totals) > 1 {
		const shown = 30
		if len(totals) > shown {
			totals = totals[len(totals)-shown:]
		}
		out = append(out, c.Tr.T("daily.trend", playdaily.Sparkline(totals), len(totals)))
	}
	return out
}

// gameName is the daily's game in the player's words.
func (d *Daily) gameName(c *pages.Common) string { return gameName(c, d.set.Game) }

func gameName(c *pages.Common, g game.Kind) string {
	if g == game.Okey101 {
		return c.Tr.T("val.okey101")
	}
	return c.Tr.T("val.classic")
}

// scoreLine says what a hand's score is in the daily's game, and what
// par is.
func (d *Daily) scoreLine(c *pages.Common) string {
	if d.set.Game == game.Okey101 {
		return c.Tr.T("daily.score.101")
	}
	return c.Tr.T("daily.score.classic")
}

// Opening is what the page before the first hand says: the day, the
// game and its hands, for the record or as practice and why, and the
// fingerprint everyone who plays the day sees.
func (d *Daily) Opening(c *pages.Common) []string {
	tr := c.Tr
	out := []string{tr.T("daily.open", d.set.Date, d.gameName(c), len(d.set.Hands), pages.LevelName(c, Level))}
	if d.entry.Practice {
		out = append(out, tr.T(d.why))
	} else {
		out = append(out, tr.T("daily.forrecord"))
	}
	// Par, said before the first hand: after it, each hand's end shows
	// the score against it.
	out = append(out, d.scoreLine(c), tr.T("daily.par.after"))
	if d.short != "" {
		out = append(out, tr.T("daily.fingerprint", d.short))
	}
	return out
}

// NextHand is the news of the next hand dealt: its number, and the
// day's fingerprint.
func (d *Daily) NextHand(c *pages.Common) string {
	return c.Tr.T("daily.hand", d.hand, len(d.set.Hands), d.short)
}

// HandLines are what a daily's hand's end adds to the page: the hand's
// score beside par, and the total so far; none before a hand is
// scored.
func (d *Daily) HandLines(c *pages.Common) []string {
	if len(d.entry.Scores) == 0 {
		return nil
	}
	tr := c.Tr
	n := len(d.set.Hands)
	k := d.entry.First() - 1 + len(d.entry.Scores)
	s := d.entry.Scores[len(d.entry.Scores)-1]
	head := tr.T("daily.handend", d.set.Date, k, n)
	if d.entry.Practice {
		head += " · " + tr.T("daily.practice")
	}
	against, total, ok := d.entry.Against()
	var line string
	switch {
	case ok:
		line = tr.T("daily.handend.vs", s, d.entry.Par[k-1], playdaily.Signed(against[len(against)-1]), playdaily.Signed(total))
	case d.parErr != nil:
		line = tr.T("daily.par.failed", d.parErr.Error())
	default:
		line = tr.T("daily.handend.wait", s)
	}
	return append([]string{"", c.St.Bold.Render(head)}, wrap(c, []string{line})...)
}

// ResumeLine is what the resume page says of a daily's hand: the day,
// the hand of the daily, where it is saved, practice or not.
func (d *Daily) ResumeLine(c *pages.Common, where string) string {
	s := c.Tr.T("daily.resume", d.set.Date, d.gameName(c), d.hand, len(d.set.Hands), where)
	if d.entry.Practice {
		s += " (" + c.Tr.T("daily.practice") + ")"
	}
	return s
}

// Badge is what the header says of the daily's hand in place of the
// match's count: the header's own "hand 1" is the hand of its match,
// each of the daily's hands being a match of its own.
func (d *Daily) Badge(tr *i18n.Catalog) string {
	return tr.T("daily.badge", d.hand, len(d.set.Hands))
}

// StatsLines are the dailies' part of the statistics page f, per game:
// how many played, the streak, the best, the trend, and the line to
// share of the last; none when no daily was played.
func StatsLines(c *pages.Common, f *stats.File, today daily.Date) []string {
	if len(f.Dailies) == 0 {
		return nil
	}
	out := []string{"", c.St.Bold.Render(c.Tr.T("daily.stats.title"))}
	for _, g := range game.Kinds() {
		var last *stats.Daily
		played, practice := 0, 0
		for i, e := range f.Dailies {
			if e.Game != string(g) {
				continue
			}
			if e.Practice {
				practice++
			} else {
				played++
			}
			last = &f.Dailies[i]
		}
		if last == nil {
			continue
		}
		out = append(out, "", c.Tr.T("daily.stats.game", gameName(c, g), played, practice))
		for _, l := range recordLines(c, f, today, g) {
			out = append(out, "  "+l)
		}
		out = append(out, "  "+playdaily.Share(c.Tr.T, *last))
	}
	if n := len(f.DailiesAside); n > 0 {
		out = append(out, "", c.Tr.N("daily.stats.aside", n, n))
	}
	return wrap(c, out)
}
