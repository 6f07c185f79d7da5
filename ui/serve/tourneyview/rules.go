package tourneyview

import (
	"time"

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
