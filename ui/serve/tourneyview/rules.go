package tourneyview

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
)

// MatchLength is how long a match of tournament c is, as its page and
// its form say it: 101's hands; classic's points each player starts
// from, played down to 0 (classic's match is points-based), but for
// simple104's one hand.
func MatchLength(tr *i18n.Catalog, c tourney.Config) string {
	if c.Game == "classic" && c.Rules != "simple104" && c.Hands > 1 {
		return tr.T("tourney.rules.from", c.Hands)
	}
	return tr.N("tourney.rules.hands", c.Hands, c.Hands)
}

// Rules are a tournament's rules as its page states them, a sentence
// a line (wrap cuts them to the page): the points by place with ties
// shared, the match's length, then what its systems say (tourney's
// System.Said: the arena's streak, its pool and bots, a Swiss's
// rounds, byes and forfeits, the tie-breaks, duplicate deals,
// partners). Said on the page, so no player learns them from a loss.
func Rules(tr *i18n.Catalog, c tourney.Config) []string {
	out := []string{
		tr.T("tourney.rules.game", GameName(tr, c.Game), RulesName(tr, c.Rules)) + " " + MatchLength(tr, c),
	}
	switch {
	case c.Turn > 0 && c.Bank > 0:
		out = append(out, tr.T("tourney.rules.clock.bank", Wait(tr, c.Turn), Wait(tr, c.Bank)))
	case c.Turn > 0:
		out = append(out, tr.T("tourney.rules.clock", Wait(tr, c.Turn)))
	}
	out = append(out,
		tr.T("tourney.rules.points"),
		tr.T("tourney.rules.oneaddr"), // every kind's: one entry an address
	)
	for _, s := range c.System().Said(c) {
		out = append(out, Say(tr, s))
	}
	return append(out, tr.T("tourney.rules.rated")) // every kind's: a bot's play rates nobody
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

// Countdown says whether a page showing tournament l at now counts
// seconds down (Left), and so is redrawn every second: the last minute
// before its start, or an arena's last minute.
func Countdown(l tourney.Listed, now time.Time) bool {
	return countdownTo(l, now) > 0
}

// countdownTo is how long is left of the minute Countdown counts down
// (0: none is).
func countdownTo(l tourney.Listed, now time.Time) time.Duration {
	at := l.End
	switch l.Phase {
	case tourney.Starting:
		at = l.Start
	case tourney.Running:
	default:
		return 0
	}
	if left := at.Sub(now); !at.IsZero() && left > 0 && left <= time.Minute {
		return left
	}
	return 0
}

// TickIn is how long a page counting down (Countdown) waits to draw the
// next whole second (a second when it is on one).
func TickIn(l tourney.Listed, now time.Time) time.Duration {
	if w := countdownTo(l, now) % time.Second; w > 0 {
		return w
	}
	return time.Second
}

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
