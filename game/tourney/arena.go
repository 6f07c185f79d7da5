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
// fills.
type Table [4]string

// PairArena seats the pool's players four by four, as soon as four
// wait: ordered by points and then rating, each table takes four
// neighbours in that order, so players meet others close to them; a
// four that sat together at each one's last table is broken up by
// swapping its last player with the next in order, where there is one.
// Fewer than four left over keep waiting, unless the longest waiting of
// them has waited botWait (0: never): then they sit together with bots
// in the empty seats. It returns the tables and who still waits, and
// changes nothing it is given.
func PairArena(pool []Waiting, now time.Time, botWait time.Duration) (tables []Table, still []Waiting) {
	order := slices.Clone(pool)
	slices.SortFunc(order, func(a, b Waiting) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Rating, a.Rating), a.Since.Compare(b.Since), cmp.Compare(a.Player, b.Player))
	})
	for len(order) >= 4 {
		four := order[:4]
		if sameFour(four) {
			for k := 4; k < len(order); k++ {
				four[3], order[k] = order[k], four[3]
				if !sameFour(four) {
					break
				}
				four[3], order[k] = order[k], four[3]
			}
		}
		var t Table
		for i, w := range four {
			t[i] = w.Player
		}
		tables = append(tables, t)
		order = order[4:]
	}
	if len(order) > 0 && botWait > 0 && slices.ContainsFunc(order, func(w Waiting) bool { return now.Sub(w.Since) >= botWait }) {
		var t Table
		for i, w := range order {
			t[i] = w.Player
		}
		return append(tables, t), nil
	}
	return tables, order
}

// sameFour says whether four players all sat together at each one's
// last table.
func sameFour(four []Waiting) bool {
	for _, w := range four {
		met := 0
		for _, o := range four {
			if o.Player != w.Player && slices.Contains(w.Last, o.Player) {
				met++
			}
		}
		if met < 3 {
			return false
		}
	}
	return true
}
