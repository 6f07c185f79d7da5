package classic

import (
	"fmt"

	"okey/game"
	"okey/game/classic/hand"
	"okey/game/internal/rng"
	"okey/game/tile"
)

// NumSeats is the number of seats at the table, package game's, the
// same for both games. Play runs anticlockwise: the next player is the
// one on the right, seat+1.
const NumSeats = game.NumSeats

// Deal is one hand's tiles as they came off the table: who dealt, the
// dice, the indicator, every rack and the wall in drawing order.
type Deal struct {
	Kind DealKind
	// Dealer deals; Starter (the next active seat on the dealer's right)
	// gets 15 tiles and discards first.
	Dealer, Starter int
	// Dice are the throws: die 1, then every throw of die 2 (a throw that
	// picked a false joker is followed by another). Empty for the simple
	// deal.
	Dice []int
	// Stack is the stack die 1 picked, 0..20 counting from the dealer's
	// left round the table; -1 for the simple deal.
	Stack int
	// Indicator is the gösterge; NoTile under simple104.
	Indicator tile.Tile
	// Racks are the tiles dealt to each seat (none to a seat that left).
	Racks [NumSeats]tile.Counts
	// Wall is the tiles left to draw, in drawing order. Under
	// indicator_last the indicator is its last tile.
	Wall []tile.Tile
}

// fullSet lists every tile of the rules in face order.
func fullSet(r Rules) []tile.Tile {
	ts := make([]tile.Tile, 0, tile.NumTiles)
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if f == tile.FalseJoker && !r.HasOkey() {
			continue
		}
		ts = append(ts, f, f)
	}
	return ts
}

// NewDeal deals one hand from a seed. Seats with active[s] false have
// left the match (leave_at_zero) and get nothing. The table ritual is
// used when the rules ask for it and all four seats play; with fewer
// players the simple deal is used, since the ritual's shares are made for
// four. The dealer must be an active seat.
func NewDeal(r Rules, seed uint64, dealer int, active [NumSeats]bool) (Deal, error) {
	if err := r.Validate(); err != nil {
		return Deal{}, err
	}
	n := 0
	for _, a := range active {
		if a {
			n++
		}
	}
	if n < 2 {
		return Deal{}, fmt.Errorf("deal: %d active seats, need at least 2", n)
	}
	if dealer < 0 || dealer >= NumSeats || !active[dealer] {
		return Deal{}, fmt.Errorf("deal: dealer %d is not an active seat", dealer)
	}
	rg := rng.New(seed)
	tiles := fullSet(r)
	rng.Shuffle(rg, tiles)
	if r.Deal == DealTable && n == NumSeats {
		return tableDeal(r, rg, tiles, dealer), nil
	}
	return simpleDeal(r, rg, tiles, dealer, active), nil
}

// nextActive is the first active seat on the right of s.
func nextActive(s int, active [NumSeats]bool) int {
	for i := 1; i <= NumSeats; i++ {
		t := (s + i) % NumSeats
		if active[t] {
			return t
		}
	}
	return s
}

// prevActive is the first active seat on the left of s.
func prevActive(s int, active [NumSeats]bool) int {
	for i := 1; i <= NumSeats; i++ {
		t := (s - i + 2*NumSeats) % NumSeats
		if active[t] {
			return t
		}
	}
	return s
}

// simpleDeal shuffles, deals 15 to the starter and 14 to the others, and
// turns up the next tile that is not a false joker (the false jokers
// passed over stay in the wall where they lay).
func simpleDeal(r Rules, rg *rng.Source, tiles []tile.Tile, dealer int, active [NumSeats]bool) Deal {
	d := Deal{Kind: DealSimple, Dealer: dealer, Stack: -1, Indicator: tile.NoTile}
	d.Starter = nextActive(dealer, active)
	pos := 0
	seat := d.Starter
	for {
		k := hand.RackSize
		if seat == d.Starter {
			k = hand.RackSize + 1
		}
		for _, t := range tiles[pos : pos+k] {
			d.Racks[seat][t]++
		}
		pos += k
		seat = nextActive(seat, active)
		if seat == d.Starter {
			break
		}
	}
	rest := tiles[pos:]
	wall := make([]tile.Tile, 0, len(rest))
	if !r.HasOkey() {
		d.Wall = append(wall, rest...)
		return d
	}
	ind := -1
	for i, t := range rest {
		if t != tile.FalseJoker {
			ind = i
			break
		}
	}
	d.Indicator = rest[ind]
	wall = append(wall, rest[:ind]...)
	wall = append(wall, rest[ind+1:]...)
	if r.IndicatorLast {
		wall = append(wall, d.Indicator)
	}
	d.Wall = wall
	return d
}

// tableDeal is the table ritual of RULES.md. Stacks are numbered 0..20
// round the table in the direction of dealing: the dealer's six from the
// dealer's left, then the five in front of the player on the dealer's
// right (from that player's left), then the opposite player's, then the
// dealer's left's. A stack lists its tiles from the bottom up.
func tableDeal(r Rules, rg *rng.Source, tiles []tile.Tile, dealer int) Deal {
	const nStacks = 21
	var stacks [nStacks][]tile.Tile
	for i := range stacks {
		stacks[i] = append(make([]tile.Tile, 0, 6), tiles[5*i:5*i+5]...)
	}
	spare := tiles[105]

	d := Deal{Kind: DealTable, Dealer: dealer}
	die1 := rg.Die()
	d.Dice = append(d.Dice, die1)
	sel := die1 - 1
	d.Stack = sel
	stacks[sel] = append(stacks[sel], spare)
	for {
		die2 := rg.Die()
		d.Dice = append(d.Dice, die2)
		if stacks[sel][die2-1] != tile.FalseJoker {
			d.Indicator = stacks[sel][die2-1]
			s := stacks[sel]
			stacks[sel] = append(append(make([]tile.Tile, 0, 5), s[:die2-1]...), s[die2:]...)
			break
		}
	}

	starter := (dealer + 1) % NumSeats
	opposite := (dealer + 2) % NumSeats
	left := (dealer + 3) % NumSeats
	d.Starter = starter
	order := [4]int{starter, opposite, left, dealer}
	k := sel + 1
	take := func(seat int, ts []tile.Tile) {
		for _, t := range ts {
			d.Racks[seat][t]++
		}
	}
	st := func() []tile.Tile { return stacks[k%nStacks] }
	for range 2 {
		for _, seat := range order {
			take(seat, st())
			k++
		}
	}
	take(starter, st()) // the starter's whole third stack: 15
	k++
	take(opposite, st()[1:]) // the top 4
	take(left, st()[:1])     // the last tile of that stack
	k++
	take(left, st()[2:])   // and the top 3 of the next
	take(dealer, st()[:2]) // the dealer: that stack's last 2
	k++
	take(dealer, st()[3:]) // and the top 2 of the next, which is broken into

	wall := make([]tile.Tile, 0, 49)
	broken := st()[:3]
	for i := len(broken) - 1; i >= 0; i-- {
		wall = append(wall, broken[i])
	}
	for k++; k%nStacks != sel; k++ {
		s := st()
		for i := len(s) - 1; i >= 0; i-- {
			wall = append(wall, s[i])
		}
	}
	for i := len(stacks[sel]) - 1; i >= 0; i-- {
		wall = append(wall, stacks[sel][i])
	}
	if r.IndicatorLast {
		wall = append(wall, d.Indicator)
	}
	d.Wall = wall
	return d
}
