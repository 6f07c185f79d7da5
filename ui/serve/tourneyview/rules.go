package tourneyview

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/ui/i18n"
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
// shared, the match's length, the arena's streak, its pool and bots, a
// Swiss's rounds, byes and forfeits, the tie-breaks, duplicate deals,
// partners. Said on the page, so no player learns them from a loss.
func Rules(tr *i18n.Catalog, c tourney.Config) []string {
	out := []string{
		tr.T("tourney.rules.game", GameName(tr, c.Game), RulesName(tr, c.Rules)) + " " + MatchLength(tr, c),
		tr.T("tourney.rules.points"),
	}
	level := tr.T("level." + nonEmpty(c.BotLevel, "normal"))
	if c.Kind == tourney.Arena {
		out = append(out, tr.T("tourney.rules.arena", Span(tr, c.Length)), tr.T("tourney.rules.streak"))
		if c.BotWait > 0 {
			out = append(out, tr.T("tourney.rules.bots", level, Wait(tr, c.BotWait)))
		} else {
			out = append(out, tr.T("tourney.rules.nobots"))
		}
		out = append(out, tr.T("tourney.rules.ties.arena"))
	} else {
		out = append(out, tr.N("tourney.rules.swiss", c.Rounds, c.Rounds, level),
			tr.T("tourney.rules.forfeit", Wait(tr, c.Back)), tr.T("tourney.rules.ties.swiss"))
	}
	if c.Duplicate {
		out = append(out, tr.T("tourney.rules.duplicate"))
	}
	if c.Partners {
		out = append(out, tr.T("tourney.rules.partners"), tr.T("tourney.rules.teams", int(tourney.AskLapse/time.Minute)))
		switch {
		case c.Kind == tourney.Swiss:
			out = append(out, tr.T("tourney.rules.teams.swiss"))
		case c.BotWait > 0:
			out = append(out, tr.T("tourney.rules.teams.arena", Wait(tr, c.BotWait)))
		default:
			out = append(out, tr.T("tourney.rules.teams.nobots"))
		}
	}
	return out
}

// Wait is a short wait in seconds, or minutes once it is whole ones.
func Wait(tr *i18n.Catalog, d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return Span(tr, d)
	}
	return tr.T("tourney.span.s", int(d/time.Second))
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
	var out []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && ansi.StringWidth(line)+1+ansi.StringWidth(w) > width {
			out = append(out, line)
			line = strings.Repeat(" ", indent)
		}
		if strings.TrimSpace(line) != "" {
			line += " "
		}
		line += w
	}
	if strings.TrimSpace(line) != "" {
		out = append(out, line)
	}
	for i := range out {
		out[i] = cut(out[i], width)
	}
	return out
}
