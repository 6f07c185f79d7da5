package meld

import "okey/game/tile"

// Pairs is the most pairs the rack c can lay down keeping at least one
// tile: two identical tiles (two false jokers too), or an okey with any
// tile, and with okeyPair two okeys.
func (a Analyzer) Pairs(c tile.Counts, okeyPair bool) int {
	return len(a.PairMelds(c, okeyPair))
}

// PairMelds lays out the pairs Pairs counts: identical tiles first, then
// okeys with the tiles left single, then two okeys together.
func (a Analyzer) PairMelds(c tile.Counts, okeyPair bool) []Meld {
	var out []Meld
	var singles []tile.Tile
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if a.IsOkey(f) {
			continue
		}
		for range c[f] / 2 {
			out = append(out, Meld{Kind: Pair, Tiles: []tile.Tile{f, f}, As: []tile.Tile{a.PlaysAs(f), a.PlaysAs(f)}})
		}
		if c[f]%2 == 1 {
			singles = append(singles, f)
		}
	}
	w := 0
	if a.okey.Valid() {
		w = int(c[a.okey])
	}
	// Okeys pair with the highest singles: a pair opener keeps the low
	// ones, which cost less if someone else finishes.
	for i := len(singles) - 1; i >= 0 && w > 0; i-- {
		f := singles[i]
		out = append(out, Meld{Kind: Pair, Tiles: []tile.Tile{f, a.okey}, As: []tile.Tile{a.PlaysAs(f), a.PlaysAs(f)}})
		w--
	}
	if okeyPair && w >= 2 {
		out = append(out, Meld{Kind: Pair, Tiles: []tile.Tile{a.okey, a.okey}, As: []tile.Tile{tile.NoTile, tile.NoTile}})
	}
	if 2*len(out) >= c.Total() && len(out) > 0 {
		out = out[:len(out)-1] // keep a tile in the rack
	}
	return out
}
