package tourneyview

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/ui/theme"
)

// podium is a finished tournament's first three as its page says them,
// with their points: "1. Can 24 · 2. John 20 · 3. Deniz 16" ("": none
// played, or the standings cannot be told).
func podium(tr *i18n.Catalog, p Page) string {
	t, names := p.T, p.Names
	st, err := p.standings()
	if err != nil {
		return ""
	}
	name := names.namer(tr, t)
	var parts []string
	for i, s := range st[:min(3, len(st))] {
		if s.Matches == 0 {
			break
		}
		parts = append(parts, tr.T("tourney.podium.place", i+1, name(s.Player), s.Points.String()))
	}
	return strings.Join(parts, " · ")
}

// ratingMoved is what the tournament did to the rating of the player
// who looks: their rating now beside their rating at entry ("": not
// known — a guest's, whom the ratings lack — or a team's).
func ratingMoved(tr *i18n.Catalog, p Page) string {
	e, ok := p.T.Joined[p.Me]
	now, known := p.Ratings[p.Me]
	if !ok || !known || !played(p.T, p.Me) {
		return ""
	}
	return tr.T("tourney.over.rating", strconv.FormatFloat(now, 'f', 1, 64), e.Rating)
}

// overLines are a finished tournament's first lines on its page: its
// podium and, for one who played, their rating now against their
// rating at entry (where they finished is the head's line).
func overLines(tr *i18n.Catalog, st *theme.Styles, p Page, width int) []string {
	var out []string
	if pd := podium(tr, p); pd != "" {
		for _, w := range Wrap(tr.T("tourney.podium", pd), width, 2) {
			out = append(out, st.Bold.Render(w))
		}
	}
	if r := ratingMoved(tr, p); r != "" {
		for _, w := range Wrap(r, width, 2) {
			out = append(out, st.Text.Render(w))
		}
	}
	return out
}

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

// played says whether unit played a match of t: one not lost for want
// of them (never come, or away, their bot playing), which alone move
// ratings.
func played(t tourney.Tournament, unit string) bool {
	for _, m := range t.Matches {
		for s, id := range m.Players {
			if id == unit && !m.Forfeit[s] {
				return true
			}
		}
	}
	return false
}
