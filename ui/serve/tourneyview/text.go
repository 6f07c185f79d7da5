package tourneyview

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/ui/theme"
)

// TextWidth is the width of the plain text: a terminal's 80 columns.
const TextWidth = 80

// Text is the tournament as "ssh HOST tournament ID" prints it for a
// person or a script that reads columns: its line, its standings in
// aligned columns, the tables in play, or at the end each match with
// its places and the way to its record. No colour, no line wider than
// TextWidth; p.Me and p.Scroll are not read.
func Text(tr *i18n.Catalog, p Page) string {
	st := theme.New(theme.Palette{}, true, true)
	p.Me, p.Scroll, p.Code = "", 0, ""
	head := Title(tr, st, p, TextWidth) // the head's other lines say where the one who looks stands: nobody does
	info := []string{tr.N("tourney.players", players(p.T), players(p.T))}
	if p.T.Phase == tourney.Running || p.T.Phase == tourney.Ending {
		info = append(info, tr.N("tourney.inplay", len(p.T.Playing), len(p.T.Playing)))
	}
	if p.T.Cancelled {
		head = append(head, cancelled(tr, p.T))
	}
	if ch := changed(tr, p.T); ch != "" {
		head = append(head, ch)
	}
	head = append(head, strings.Join(info, " · "))
	if pd := podium(tr, p); pd != "" && p.T.Phase == tourney.Finished {
		head = append(head, Wrap(tr.T("tourney.podium", pd), TextWidth, 2)...)
	}
	head = append(head, "")
	body := Body(tr, st, p, TextWidth)
	if i := rulesAt(tr, body); i > 0 {
		body = body[:i-1] // the rules are the page's; the command answers with the standings
	}
	var b strings.Builder
	for _, l := range append(head, body...) {
		b.WriteString(strings.TrimRight(ansi.Strip(l), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// rulesAt is the line of the body where the rules begin (0: none).
func rulesAt(tr *i18n.Catalog, body []string) int {
	title := tr.T("tourney.rules.title")
	for i, l := range body {
		if ansi.Strip(l) == title {
			return i
		}
	}
	return 0
}

// JSON is the tournament as "ssh HOST tournament ID --json" prints it
// for scripts: what it is and where it is, its standings in rank order
// (points as written and in twelfths, exact), its tables in play and
// its matches played, players by name ("" is a bot's seat); in
// partners a standings line is a team's, its players named, and a
// table's seats are its players'; and a duplicate tournament's rounds'
// seals (seed and salt once each round is over).
func JSON(tr *i18n.Catalog, p Page) ([]byte, error) {
	lines, err := Standings(tr, p.T, p.Names, p.Field, p.Ratings, p.ByField)
	if err != nil {
		return nil, err
	}
	c := p.T.Config
	out := jsonTourney{
		ID: p.Listed.ID, Name: nonEmpty(p.Listed.Name, c.Name), Kind: string(c.Kind), Game: c.Game,
		Rules: c.Rules, Hands: c.Hands, Phase: string(p.T.Phase), Players: players(p.T),
		Start: c.Start.UTC(), Round: p.T.Round, Rounds: c.Rounds, Duplicate: c.Duplicate, Partners: c.Partners,
		Standings: []jsonLine{}, Playing: []jsonTable{}, Matches: []jsonMatch{},
		Held: tourney.Held(&p.T),
	}
	sys := p.T.System()
	if end := sys.Pairing.End(c); !end.IsZero() {
		end = end.UTC()
		out.End = &end
	}
	name := p.Names.namer(tr, p.T)
	for i, l := range lines {
		jl := jsonLine{
			Rank: i + 1, Name: l.Name, Points: l.Points.String(), Twelfths: int(l.Points),
			Matches: l.Matches, Wins: l.Wins, Streak: l.Streak, Rating: l.Rating, Paused: l.Paused,
		}
		for _, col := range sys.Scoring.Columns() {
			if set := standingColumns[col].json; set != nil {
				set(&jl, l) // the streak's fire, the opponents' points
			}
		}
		if l.Field != nil {
			f := fieldScore(l.Field)
			jl.Field = &f
		}
		if sys.Scoring.Rules().Streaks {
			jl.Results = []jsonResult{} // an arena's sheet: none played is an empty one
			for _, sc := range l.Sheet {
				jl.Results = append(jl.Results, jsonResult{Points: sc.Points.String(), Twelfths: int(sc.Points), Doubled: sc.Doubled, Forfeit: sc.Forfeit, Away: sc.Away})
			}
		}
		if tm, ok := p.T.Teams[l.Player]; ok {
			jl.Team = []string{name(tm.First), ""}
			if tm.Second != tourney.Bot {
				jl.Team[1] = name(tm.Second)
			}
		}
		out.Standings = append(out.Standings, jl)
	}
	seats := func(t tourney.Table) [4]string {
		var s [4]string
		for i, id := range p.T.Seats(t) {
			if id != tourney.Bot {
				s[i] = name(id)
			}
		}
		return s
	}
	for _, pl := range p.T.Playing {
		out.Playing = append(out.Playing, jsonTable{Table: pl.Table, Round: pl.Round, Players: seats(pl.Players)})
	}
	for _, m := range p.T.Matches {
		out.Matches = append(out.Matches, jsonMatch{Table: m.Table, Round: m.Round, Players: seats(m.Players), Places: m.Places, Forfeit: m.Forfeit, Away: m.Away})
	}
	for _, inv := range p.T.Invites {
		since := inv.Asked
		if since.IsZero() {
			since = inv.Since
		}
		out.Asks = append(out.Asks, jsonAsk{From: name(inv.From), To: name(inv.To), Since: since.UTC(), Lapses: inv.Lapses().UTC()})
	}
	if sys.Scoring.Sealed() {
		for _, sl := range p.Seals {
			out.Seals = append(out.Seals, jsonSeal(sl))
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // a team is "Ayşe & Mehmet", not "Ayşe \u0026 Mehmet"
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return nil, fmt.Errorf("the tournament as JSON: %w", err)
	}
	return b.Bytes(), nil
}
