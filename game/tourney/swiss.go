package tourney

import (
	"slices"
	"time"
)

// Met counts how many times two players have sat at one table.
type Met map[[2]string]int

// MetIn counts the meetings of every two players (or teams) in matches
// (bots meet nobody; a team's two seats are one).
func MetIn(matches []Match) Met {
	met := Met{}
	for _, m := range matches {
		for i, a := range m.Players {
			for _, b := range m.Players[i+1:] {
				if a != Bot && b != Bot && a != b {
					met[pair(a, b)]++
				}
			}
		}
	}
	return met
}

func pair(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// Sizes is how many players (in partners, teams) each table of a round
// seats: as many tables as full tables need, the players spread over
// them so that no table has more than one bot more than another, the
// full tables first (the top of the standings plays without bots).
func Sizes(players int, partners bool) []int {
	return sizes(players, seatingOf(partners).Per())
}

// sizes is Sizes with per units a full table.
func sizes(players, per int) []int {
	if players <= 0 {
		return nil
	}
	n := (players + per - 1) / per
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = players / n
		if i < players%n {
			sizes[i]++
		}
	}
	return sizes
}

// window is how many of the next players in order PairSwiss weighs for
// the other seats of a table: 56 ways to choose three of eight.
const window = 8

// PairSwiss seats a Swiss round: players in the order of the standings
// (best first); each table, from the top, takes the best player not
// yet seated and the others from the next few in order, choosing the
// ones who have met least (each pair that met before counts its
// meetings), and among those the closest in order. Tables are Sizes
// large; the empty seats are bots'. Players who left (not in order)
// are not paired. In partners the units are teams, two a table.
func PairSwiss(order []string, met Met, partners bool) []Table {
	return pairSwiss(order, met, seatingOf(partners))
}

// pairSwiss is PairSwiss with the units seated by s.
func pairSwiss(order []string, met Met, s Seating) []Table {
	left := slices.Clone(order)
	var tables []Table
	for _, size := range sizes(len(order), s.Per()) {
		first := left[0]
		cand := left[1:min(len(left), 1+window)]
		best, bestCost, bestDist := []int(nil), -1, 0
		var pick func(from int, chosen []int)
		pick = func(from int, chosen []int) {
			if len(chosen) == size-1 {
				ids := []string{first}
				dist := 0
				for _, c := range chosen {
					ids = append(ids, cand[c])
					dist += c
				}
				cost := 0
				for i, a := range ids {
					for _, b := range ids[i+1:] {
						cost += met[pair(a, b)]
					}
				}
				if bestCost < 0 || cost < bestCost || cost == bestCost && dist < bestDist {
					best, bestCost, bestDist = slices.Clone(chosen), cost, dist
				}
				return
			}
			for c := from; c < len(cand); c++ {
				pick(c+1, append(chosen, c))
			}
		}
		pick(0, nil)
		units := []string{first}
		taken := map[string]bool{first: true}
		for _, c := range best {
			units = append(units, cand[c])
			taken[cand[c]] = true
		}
		tables = append(tables, seatUnits(units, s.Per()))
		left = slices.DeleteFunc(left, func(id string) bool { return taken[id] })
	}
	return tables
}

// swiss is Swiss rounds' pairing: a fixed number of rounds, each paired
// by the standings once the last is played, who may come in only
// before the first.
type swiss struct{}

func (swiss) Kind() Kind                             { return Swiss }
func (swiss) Open(t *Tournament) bool                { return t.Round == 0 }
func (swiss) End(Config) time.Time                   { return time.Time{} }
func (swiss) Unopened(*Tournament, Table, time.Time) {}
func (swiss) pairsAll(t *Tournament) bool            { return t.Round == 0 }
func (swiss) botWait(Config) time.Duration           { return 0 }
func (swiss) start(*Tournament, time.Time)           {}

func (swiss) back(*Tournament, string, time.Time, Table) {}

func (swiss) Progress(l Listed, _ time.Time) Said {
	return Said{Key: "tourney.when.round", Args: []any{l.Round, l.Rounds}}
}

func (swiss) GivenUp(t *Tournament) string {
	if t.Round >= t.Config.Rounds {
		return "tourney.givenup.last" // no next round
	}
	return "tourney.givenup.swiss"
}

func (swiss) said(c Config) []Said {
	return []Said{
		{Key: "tourney.rules.swiss", Plural: true, Args: []any{c.Rounds, c.Rounds, SaidLevel(c.BotLevel)}},
		{Key: "tourney.rules.forfeit", Args: []any{SaidWait(c.Back), SaidOver(c.AwayFor())}},
	}
}

func (swiss) lone(Config) Said { return Said{Key: "tourney.rules.teams.swiss"} }
func (swiss) teamAway() Said   { return Said{Key: "tourney.rules.teams.away.swiss"} }

// tick begins the next round once the last is played, paired by the
// standings, or finishes.
func (swiss) tick(t *Tournament, s Seating, _ time.Time) []Start {
	if len(t.Playing) > 0 {
		return nil
	}
	if t.Round >= t.Config.Rounds {
		t.Phase = Finished
		return nil
	}
	var order []string
	st, _ := Standings(Rules{Opponents: true}, ratings(t.Joined), t.Matches)
	for _, line := range st {
		if e, ok := t.Joined[line.Player]; ok && !e.Left && !e.Paused {
			order = append(order, line.Player) // one paused is out until back
		}
	}
	if len(order) == 0 {
		t.Phase = Finished
		return nil
	}
	t.Round++
	tables := pairSwiss(order, MetIn(t.Matches), s)
	out := make([]Start, len(tables))
	for i, tb := range tables {
		out[i] = Start{Round: t.Round, Players: tb}
	}
	return out
}
