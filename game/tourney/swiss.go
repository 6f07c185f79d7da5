package tourney

import "slices"

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
	if players <= 0 {
		return nil
	}
	n := (players + per(partners) - 1) / per(partners)
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
	left := slices.Clone(order)
	var tables []Table
	for _, size := range Sizes(len(order), partners) {
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
		tables = append(tables, seatAll(units, partners))
		left = slices.DeleteFunc(left, func(id string) bool { return taken[id] })
	}
	return tables
}
