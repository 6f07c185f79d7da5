package belief

import (
	"math"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// swapsPerTile is how many swaps of two unseen tiles between places the
// sampler tries for each unseen tile after its first placement.
const swapsPerTile = 4

// Deal draws one placement of the unseen tiles from the reading: each
// opponent's rack, the tiles the seat knows it holds and as many unseen
// tiles as it holds unseen (Slots), the rest left to the wall. A
// placement's chance is the product, over the unseen tiles, of the
// chance per slot of the place it puts the tile in (P[place][face]
// over Slots[place]), among the placements that fill every place to its
// slots; that law's chances of a tile's place are close to P. It is drawn
// by placing the tiles one by one in a shuffled order, each in a place
// with chance P per slot times the slots still free there, then
// swapping pairs of tiles between places with the Metropolis chance of
// that law (swapsPerTile a tile), which corrects the order's bias.
//
// racks receives, for each opponent's seat, the rack to give
// classic.View.SampleWorld; the reading's own seat and seats that left
// are left as they were. Deal reads the reading only, so several
// goroutines may deal from one reading with sources of their own.
func (r *Reading) Deal(rng *game.Seeded, racks *[classic.NumSeats]tile.Counts) {
	var copies [tile.NumTiles]tile.Tile
	var at [tile.NumTiles]int8
	n := 0
	for f, u := range r.Unseen {
		for range u {
			copies[n] = tile.Tile(f)
			n++
		}
	}
	// shuffled as game.Seeded.ShuffleTiles shuffles, written out: the
	// generic shuffle behind it moves copies to the heap
	for i := n - 1; i > 0; i-- {
		j := rng.Intn(i + 1)
		copies[i], copies[j] = copies[j], copies[i]
	}
	var w [Places][tile.NumFaces]float64
	for d := range Places {
		if r.Slots[d] == 0 {
			continue
		}
		for f := range tile.NumFaces {
			w[d][f] = r.P[d][f] / float64(r.Slots[d])
		}
	}
	free := r.Slots
	for i, f := range copies[:n] {
		total := 0.0
		for d := range Places {
			total += w[d][f] * float64(free[d])
		}
		d := Places - 1
		if total > 0 {
			x := rng.Float64() * total
			for d = range Places {
				x -= w[d][f] * float64(free[d])
				if x < 0 && free[d] > 0 {
					break
				}
			}
		}
		for free[d] == 0 { // rounding, or a face no place with room wanted
			d = (d + 1) % Places
		}
		at[i] = int8(d)
		free[d]--
	}
	for range swapsPerTile * n {
		i, j := rng.Intn(n), rng.Intn(n)
		a, b := at[i], at[j]
		fi, fj := copies[i], copies[j]
		if a == b || fi == fj {
			continue
		}
		num := w[b][fi] * w[a][fj]
		den := w[a][fi] * w[b][fj]
		if num >= den || rng.Float64()*den < num {
			at[i], at[j] = b, a
		}
	}
	for p, s := range r.Seats {
		if s < 0 {
			continue
		}
		racks[s] = r.Known[p]
	}
	for i, f := range copies[:n] {
		if d := at[i]; d != Wall && r.Seats[d] >= 0 {
			racks[r.Seats[d]][f]++
		}
	}
}

// offRule is the weight DealWeighed gives a rack that explains an
// opponent's last discard badly: normal and hard throw a tile that
// leaves the least distance nearly always, but not quite (hard looks
// two exchanges ahead, and either may keep a win for an okey finish or
// go for seven pairs).
const offRule = 0.15

// DealWeighed draws tries placements by Deal and keeps one, each with
// chance in proportion to its weight: the product over the opponents of
// e^(−beta·d), d the distance of its rack to a win, and offRule when the
// tile it threw last (Last) is not among the discards that leave the
// rack's least distance. It reads what Deal cannot: racks as a whole,
// where Deal places tile by tile. A rack dealt tile by tile is further
// from a win than the racks players have been building all hand (about
// 3.7 tiles against 2.6 in self-play), and beta pulls the placements
// toward the nearer ones. an is the deal's hand analysis (the view's
// Analyzer).
func (r *Reading) DealWeighed(rng *game.Seeded, an *hand.Analyzer, tries int, beta float64, racks *[classic.NumSeats]tile.Counts) {
	total := 0.0
	var try [classic.NumSeats]tile.Counts
	for i := range max(tries, 1) {
		r.Deal(rng, &try)
		w := 1.0
		for p, s := range r.Seats {
			if s < 0 || try[s].Total() != hand.RackSize {
				continue
			}
			d, fits := r.rackDistance(an, &try[s], p)
			if !fits {
				w *= offRule
			}
			w *= math.Exp(-beta * float64(d))
		}
		// keep this placement with chance w over the weight so far
		// (reservoir sampling by weight)
		total += w
		if i == 0 || rng.Float64()*total < w {
			*racks = try
		}
	}
}

// rackDistance is the distance to a win of opponent place p's rack c,
// and whether the tile it threw last leaves, of the rack it threw it
// from, the least distance of any discard but an okey.
func (r *Reading) rackDistance(an *hand.Analyzer, c *tile.Counts, p int) (dist int, fits bool) {
	t := r.Last[p]
	if !t.Valid() {
		h, err := an.HandOf(*c)
		if err != nil {
			return 0, true
		}
		return an.Distance(h), true
	}
	before := *c
	before[t]++
	h, err := an.HandOf(before)
	if err != nil {
		return 0, true
	}
	d := an.DiscardDistances(h)
	least := int8(127)
	for f, k := range d {
		if k >= 0 && !an.IsOkey(tile.Tile(f)) {
			least = min(least, k)
		}
	}
	return int(d[t]), d[t] <= least
}
