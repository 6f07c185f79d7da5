package tourneyview

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/ui/theme"
)

// When says when a tournament plays, as its lobby line says it: starts
// in 12 min (in 42 s in its last minute), ends in 40 min, round 2 of 5, last matches, finished. A
// player choosing one to join reads this first.
func When(tr *i18n.Catalog, l tourney.Listed, now time.Time) string {
	if l.Cancelled {
		return tr.T("tourney.when.cancelled")
	}
	switch l.Phase {
	case tourney.Starting:
		// Its last minute in seconds, as an arena's end: "in 1 min"
		// six seconds before the start sent players to make tea.
		return tr.T("tourney.when.starts", Left(tr, l.Start.Sub(now)))
	case tourney.Running:
		return Say(tr, l.System().Pairing.Progress(l, now))
	case tourney.Ending:
		return tr.T("tourney.when.ending")
	}
	return tr.T("tourney.when.finished")
}

// Span is a stretch of time in minutes, or hours and minutes, rounded
// up: a tournament that starts in 20 seconds starts "in 1 min", not in
// none.
func Span(tr *i18n.Catalog, d time.Duration) string {
	m := int((max(d, 0) + time.Minute - 1) / time.Minute)
	switch {
	case m < 1:
		return tr.T("tourney.span.now")
	case m < 60:
		return tr.T("tourney.span.min", m)
	case m%60 == 0:
		return tr.T("tourney.span.h", m/60)
	}
	return tr.T("tourney.span.hmin", m/60, m%60)
}

// GameName is a game's name in the player's words (Klasik Okey, Okey
// 101), as the lobby's tables say it.
func GameName(tr *i18n.Catalog, g string) string {
	if g == "101" {
		return tr.T("val.okey101")
	}
	return tr.T("val.classic")
}

// RulesName is a tournament's rules in the player's words ("okul usulü
// (104 taş)", not "simple104"), option by option; a match's points or
// hands are left to MatchLength, which says them in words ("from 5
// points", not "points=5"). An option the words lack is shown as written.
func RulesName(tr *i18n.Catalog, rules string) string {
	if key := "rules." + strings.ReplaceAll(cmp.Or(rules, "default"), "=", "_"); tr.Has(key) {
		return tr.T(key)
	}
	var out []string
	for o := range strings.SplitSeq(rules, ",") {
		o = strings.TrimSpace(o)
		name, _, _ := strings.Cut(o, "=")
		switch key := "rules." + strings.ReplaceAll(o, "=", "_"); {
		case name == "points" || name == "hands" || o == "":
		case tr.Has(key):
			out = append(out, tr.T(key))
		default:
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		return tr.T("rules.default")
	}
	return strings.Join(out, ", ")
}

// KindName is a tournament's kind in the player's words.
func KindName(tr *i18n.Catalog, k tourney.Kind) string {
	return tr.T(tourney.Config{Kind: k}.System().Names()[0])
}

// KindLine is a tournament's kind with its options, as every line
// that names it says it: "Swiss · duplicate", "arena · partners" (a
// duplicate Swiss read as a plain "Swiss" in the list).
func KindLine(tr *i18n.Catalog, k tourney.Kind, duplicate, partners bool) string {
	return kindLine(tr, tourney.Config{Kind: k, Duplicate: duplicate, Partners: partners}.System())
}

// kindLine is KindLine of a tournament's systems: the names they give.
func kindLine(tr *i18n.Catalog, sys tourney.System) string {
	names := sys.Names()
	for i, n := range names {
		names[i] = tr.T(n)
	}
	return strings.Join(names, " · ")
}

// Row is a tournament's line in a list: its name and short id (what
// "ssh HOST tournament ID" takes), game, kind and options, players and
// when it plays; once it is over, who won and how long it stays listed.
func Row(tr *i18n.Catalog, l tourney.Listed, now time.Time) string {
	parts := []string{
		Named(l), GameName(tr, l.Game), kindLine(tr, l.System()),
		tr.N("tourney.players", l.Players, l.Players), When(tr, l, now),
	}
	if l.Private {
		parts = append(parts, tr.T("tourney.private"))
	}
	if l.Description != "" {
		parts = append(parts, "“"+l.Description+"”")
	}
	if l.Phase == tourney.Finished && len(l.Podium) > 0 {
		parts = append(parts, tr.T("tourney.list.won", PlacedName(tr, l.Podium[0], 1), l.Podium[0].Points.String()))
	}
	if !l.Until.IsZero() {
		parts = append(parts, tr.T("tourney.list.until", Span(tr, l.Until.Sub(now))))
	}
	return strings.Join(parts, " · ")
}

// Named is a tournament's name with its short id, which the command
// takes ("Friday arena (k3x9q2ab)"); the id alone when it has no name.
func Named(l tourney.Listed) string {
	if l.Name == "" {
		return l.ID
	}
	return l.Name + " (" + l.ID + ")"
}

// PlacedName is the name of one of a finished tournament's podium,
// place its place: a team's two ("Ayşe & bot"), a player whose name
// was not kept by their place.
func PlacedName(tr *i18n.Catalog, p tourney.Placed, place int) string {
	names := make([]string, len(p.Names))
	for i, n := range p.Names {
		switch {
		case n != "":
			names[i] = n
		case i > 0:
			names[i] = tr.T("tourney.bot")
		default:
			names[i] = tr.T("tourney.anon", place)
		}
	}
	if len(names) == 2 {
		return tr.T("tourney.team", names[0], names[1])
	}
	return strings.Join(names, ", ")
}

// Order is the tournaments as a list shows them: those under way first
// (a player looks for one to join now), then those to come, soonest
// first, then those over, the latest first. It returns a new slice.
func Order(list []tourney.Listed) []tourney.Listed {
	out := slices.Clone(list)
	rank := func(p tourney.Phase) int {
		switch p {
		case tourney.Running, tourney.Ending:
			return 0
		case tourney.Starting:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(out, func(a, b tourney.Listed) int {
		if c := cmp.Compare(rank(a.Phase), rank(b.Phase)); c != 0 {
			return c
		}
		if a.Phase == tourney.Finished {
			return cmp.Or(b.Start.Compare(a.Start), cmp.Compare(a.ID, b.ID))
		}
		return cmp.Or(a.Start.Compare(b.Start), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// Summary is the lobby's one line of the tournaments: how many are
// starting, running and finished (empty when there are none: the lobby
// then says nothing of them but its key).
func Summary(tr *i18n.Catalog, list []tourney.Listed) string {
	var starting, running, finished int
	for _, l := range list {
		switch l.Phase {
		case tourney.Starting:
			starting++
		case tourney.Running, tourney.Ending:
			running++
		default:
			finished++
		}
	}
	if len(list) == 0 {
		return tr.T("tourney.summary.none")
	}
	return tr.T("tourney.summary", running, starting, finished)
}

// List draws the list of tournaments (in Order) with the cursor's line
// marked, width columns wide and at most rows lines: the part around
// the cursor when they do not all fit.
func List(tr *i18n.Catalog, st *theme.Styles, list []tourney.Listed, cursor int, now time.Time, width, rows int) []string {
	lines := []string{st.Bold.Render(tr.T("tourney.list.title", len(list))), ""}
	if len(list) == 0 {
		return append(lines, st.Dim.Render(cut(tr.T("tourney.list.empty"), width)))
	}
	// A line too wide for the terminal goes on under itself, not cut:
	// in Turkish at 80 columns a duplicate Swiss's lost when it starts.
	items := make([][]string, len(list))
	for i, l := range list {
		mark, style := "  ", st.Text
		if i == cursor {
			mark, style = "> ", st.Bold
		}
		for j, w := range Wrap(Row(tr, l, now), width-2, 2) {
			if j > 0 {
				mark = "  "
			}
			items[i] = append(items[i], style.Render(mark+w))
		}
	}
	room := max(1, rows-len(lines))
	// The items shown: from the cursor's, out both ways while they fit.
	from, to := min(max(0, cursor), max(0, len(items)-1)), min(max(0, cursor), max(0, len(items)-1))+1
	used := len(items[from])
	for grew := true; grew; {
		grew = false
		if to < len(items) && used+len(items[to]) <= room {
			used += len(items[to])
			to++
			grew = true
		}
		if from > 0 && used+len(items[from-1]) <= room && (to-cursor > cursor-from || to == len(items)) {
			from--
			used += len(items[from])
			grew = true
		}
	}
	for _, it := range items[from:to] {
		lines = append(lines, it...)
	}
	return lines
}

// cut cuts s to w columns.
func cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	return ansi.Truncate(s, w, "")
}

// pad cuts or pads s to w columns, on the right.
func pad(s string, w int) string {
	s = cut(s, w)
	return s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
}

// PadLeft pads s to w columns on the left (numbers line up by their
// last digit).
func padLeft(s string, w int) string {
	return strings.Repeat(" ", max(0, w-ansi.StringWidth(s))) + s
}

// Find is the id of the tournament of list that arg names: its id, or
// its name (matched as a partner's is: case and Turkish letters
// folded); of several of one name, the one a list shows first (under
// way, then to come, then the latest over). ok false: none.
func Find(list []tourney.Listed, arg string) (id string, ok bool) {
	for _, l := range list {
		if l.ID == arg {
			return l.ID, true
		}
	}
	want := Fold(arg)
	for _, l := range Order(list) {
		if l.Name != "" && Fold(l.Name) == want {
			return l.ID, true
		}
	}
	return "", false
}

// Say is what a tournament's systems say (tourney.Said) in the
// player's words: a span of time, a wait and the bots' level written
// as the page writes them, the plural chosen by the count.
func Say(tr *i18n.Catalog, s tourney.Said) string {
	args := make([]any, len(s.Args))
	for i, a := range s.Args {
		switch a := a.(type) {
		case tourney.SaidSpan:
			args[i] = Span(tr, time.Duration(a))
		case tourney.SaidLeft:
			args[i] = Left(tr, time.Duration(a))
		case tourney.SaidWait:
			args[i] = Wait(tr, time.Duration(a))
		case tourney.SaidOver:
			args[i] = Longer(tr, time.Duration(a))
		case tourney.SaidLevel:
			args[i] = tr.T("level." + nonEmpty(string(a), "normal"))
		default:
			args[i] = a
		}
	}
	if n, ok := firstCount(args); s.Plural && ok {
		return tr.N(s.Key, n, args[1:]...)
	}
	return tr.T(s.Key, args...)
}

// firstCount is the first of args as a plural's count.
func firstCount(args []any) (int, bool) {
	if len(args) == 0 {
		return 0, false
	}
	n, ok := args[0].(int)
	return n, ok
}

// Left is the time left to a deadline the players count down to: a
// Span, but in its last minute the seconds, rounded up ("ends in 42
// s"), which the page redraws every second (Countdown).
func Left(tr *i18n.Catalog, d time.Duration) string {
	if d <= 0 || d > time.Minute {
		return Span(tr, d)
	}
	return tr.T("tourney.span.s", int((d+time.Second-1)/time.Second))
}

// Wrap breaks text into lines of at most width columns, between words,
// the lines after the first indented by indent spaces.
func Wrap(text string, width, indent int) []string {
	// Each line's width is kept as words are added (a space ends a
	// grapheme, so widths add up): measuring the growing line at every
	// word would cost a big tournament's page more than all else it
	// draws.
	var out []string
	var widths []int
	line, lw := "", 0
	for _, w := range strings.Fields(text) {
		ww := ansi.StringWidth(w)
		if line != "" && lw+1+ww > width {
			out, widths = append(out, line), append(widths, lw)
			line, lw = strings.Repeat(" ", indent), indent
		}
		if strings.TrimSpace(line) != "" {
			line += " "
			lw++
		}
		line += w
		lw += ww
	}
	if strings.TrimSpace(line) != "" {
		out, widths = append(out, line), append(widths, lw)
	}
	for i := range out {
		if widths[i] > width {
			out[i] = cut(out[i], width)
		}
	}
	return out
}

// Fold is a name as a typed partner's name is matched: lower-cased by
// Turkish rules (İ is i, I is ı), the Turkish letters taken as their
// plain ones, spaces collapsed — "AYSE", "ayşe" and "Ayşe" are one
// name, and so are "IŞIK" and "ışık" and "isik".
func Fold(s string) string {
	low := strings.ToLowerSpecial(unicode.TurkishCase, strings.Join(strings.Fields(s), " "))
	return foldLetters.Replace(low)
}

// foldLetters are the Turkish letters (and the circumflexed vowels) as
// a name typed on a keyboard without them has them.
var foldLetters = strings.NewReplacer("ı", "i", "ş", "s", "ç", "c", "ğ", "g", "ö", "o", "ü", "u", "â", "a", "î", "i", "û", "u")

// Wait is a short wait in seconds, or minutes once it is whole ones.
func Wait(tr *i18n.Catalog, d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return Span(tr, d)
	}
	return tr.T("tourney.span.s", int(d/time.Second))
}

// Longer is more than a short wait, in seconds or whole minutes or
// hours: "longer than 2 min", "2 dakikadan fazla" (its unit a word of
// its own in Turkish, which adds its ending to it).
func Longer(tr *i18n.Catalog, d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return tr.T("tourney.over.h", int(d/time.Hour))
	case d >= time.Minute && d%time.Minute == 0:
		return tr.T("tourney.over.min", int(d/time.Minute))
	}
	return tr.T("tourney.over.s", int(d/time.Second))
}

func nonEmpty(s, or string) string {
	if s == "" {
		return or
	}
	return s
}
