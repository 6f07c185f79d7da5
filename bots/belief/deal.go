package belief

import (
	"okey/game"
	"okey/game/classic"
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
	rng.ShuffleTiles(copies[:n])
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
