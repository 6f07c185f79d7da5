package tourney

import (
	"cmp"
	"slices"
	"time"
)

// Waiting is a player in the arena's pool: back from a match (or just
// joined) and waiting for a table.
type Waiting struct {
	Player string
	Points Points
	Rating int
	// Since is when the player came back to the pool.
	Since time.Time
	// Last are the other players of the player's last table (none:
	// just joined).
	Last []string
}

// Table is a table the pairing seats: four ids, Bot for a seat a bot
// fills. At a partners' table (101's eşli) a team's id sits at two
// seats facing each other, 0 and 2 or 1 and 3.
type Table [4]string

// per is how many of the pairing's units (players, or teams of two in
// partners) a table seats.
func per(partners bool) int {
	if partners {
		return 2
	}
	return 4
}

// seatAll lays units out at a table: one a seat, or in partners each
// team at two seats facing each other; seats left over are bots'.
func seatAll(units []string, partners bool) Table {
	var t Table
	for i, u := range units {
		if partners {
			t[i], t[i+2] = u, u
		} else {
			t[i] = u
		}
	}
	return t
}

// PairArena seats the pool's players four by four (in partners, teams
// two by two), as soon as enough wait: ordered by points and then
// rating, each table takes neighbours in that order, so players meet
// others close to them; a table's worth that sat together at each
// one's last table is broken up by swapping its last with the next in
// order, where there is one. Fewer left over keep waiting, unless the
// longest waiting of them has waited botWait (0: never): then they sit
// together with bots in the empty seats. It returns the tables and who
// still waits, and changes nothing it is given.
func PairArena(pool []Waiting, now time.Time, botWait time.Duration, partners bool) (tables []Table, still []Waiting) {
	n := per(partners)
	order := slices.Clone(pool)
	slices.SortFunc(order, func(a, b Waiting) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Rating, a.Rating), a.Since.Compare(b.Since), cmp.Compare(a.Player, b.Player))
	})
	ids := func(ws []Waiting) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = w.Player
		}
		return out
	}
	for len(order) >= n {
		group := order[:n]
		if metAll(group) {
			for k := n; k < len(order); k++ {
				group[n-1], order[k] = order[k], group[n-1]
				if !metAll(group) {
					break
				}
				group[n-1], order[k] = order[k], group[n-1]
			}
		}
		tables = append(tables, seatAll(ids(group), partners))
		order = order[n:]
	}
	if len(order) > 0 && botWait > 0 && slices.ContainsFunc(order, func(w Waiting) bool { return now.Sub(w.Since) >= botWait }) {
		return append(tables, seatAll(ids(order), partners)), nil
	}
	return tables, order
}

// metAll says whether a table's worth of players all sat together at
// each one's last table.
func metAll(group []Waiting) bool {
	for _, w := range group {
		met := 0
		for _, o := range group {
			if o.Player != w.Player && slices.Contains(w.Last, o.Player) {
				met++
			}
		}
		if met < len(group)-1 {
			return false
		}
	}
	return true
}
