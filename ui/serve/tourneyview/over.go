package tourneyview

import (
	"fmt"
	"slices"
	"strconv"

	"okey/game/tourney"
	"okey/kit/i18n"
)

// Over is the one line that tells a player who played in a finished
// tournament, wherever they are, that it is over: who won, where they
// finished and, given their rating now in its game (ratings, by id: a
// guest has none), what it did to their rating ("Friday arena is over,
// won by Can: you are #5 of 12, 14 points, rating 1512.3 (+12.3)"),
// none when they played none of their matches (each lost for want of
// them moved no rating); ok false when me did not play in it.
func Over(tr *i18n.Catalog, l tourney.Listed, t tourney.Tournament, names Names, ratings map[string]float64, me string) (string, bool) {
	unit := t.Unit(me)
	st, err := t.Standings()
	if err != nil {
		return "", false
	}
	i := slices.IndexFunc(st, func(s tourney.Standing) bool { return s.Player == unit })
	if i < 0 || st[i].Matches == 0 {
		return "", false
	}
	name := names.namer(tr, t)
	title := l.Name
	if title == "" {
		title = l.ID
	}
	line := tr.T("tourney.over.line", title, name(st[0].Player), i+1, len(st), st[i].Points.String())
	if e, ok := t.Joined[me]; ok && played(t, unit) {
		if now, known := ratings[me]; known {
			// The change as the page's two figures make it: now, and
			// at entry as a whole number.
			line = tr.T("tourney.over.line.rated", title, name(st[0].Player), i+1, len(st), st[i].Points.String(),
				strconv.FormatFloat(now, 'f', 1, 64), fmt.Sprintf("%+.1f", now-float64(e.Rating)))
		}
	}
	return line, true
}
