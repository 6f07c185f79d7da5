package bots

import (
	"fmt"
	"math/bits"

	"okey/game"
)

// This file is the one place the bots call hand analysis. Every level
// works on game.Counts (a value: cheap to copy and change), and these
// helpers turn counts into the analyser's Hand. Keeping the calls here
// makes their number per decision easy to see and to count.

// noDist marks a face that is not held in a discard-distance table.
const noDist = -1

// distances is, for a 15-tile rack, the distance to win of the 14 tiles
// left after discarding each face (noDist where the face is not held).
type distances [game.NumFaces]int8

// hand converts counts to the analyser's form. Counts from a view or a
// sampled world are always valid; an error means a bug in the caller and
// is returned with the rack, never panicked on.
func hand(a *game.Analyzer, c *game.Counts) (game.Hand, error) {
	h, err := a.HandOf(*c)
	if err != nil {
		return game.Hand{}, fmt.Errorf("analyse rack %s: %w", game.FormatTiles(c.Tiles()), err)
	}
	return h, nil
}

// distance is the distance to win of a 14-tile rack.
func distance(a *game.Analyzer, c *game.Counts) (int, error) {
	h, err := hand(a, c)
	if err != nil {
		return 0, err
	}
	return a.Distance(h), nil
}

// outs is the set of faces whose draw lowers the distance of a 14-tile
// rack.
func outs(a *game.Analyzer, c *game.Counts) (game.TileSet, error) {
	h, err := hand(a, c)
	if err != nil {
		return 0, err
	}
	return a.Outs(h), nil
}

// isWin reports whether a 14-tile rack wins.
func isWin(a *game.Analyzer, c *game.Counts) (bool, error) {
	h, err := hand(a, c)
	if err != nil {
		return false, err
	}
	return a.IsWin(h), nil
}

// winOf is the winning grouping of a 14-tile rack, if it wins.
func winOf(a *game.Analyzer, c *game.Counts) (game.Win, bool, error) {
	h, err := hand(a, c)
	if err != nil {
		return game.Win{}, false, err
	}
	w, ok := a.Win(h)
	return w, ok, nil
}

// discardDistances fills d for a 15-tile rack: the distance left after
// discarding each held face. (game.Analyzer.DiscardDistances does the
// same; this one is used while the analysis placeholder, which answers
// zeros, may still be in.)
func discardDistances(a *game.Analyzer, c *game.Counts) (distances, error) {
	var d distances
	for f := range d {
		d[f] = noDist
	}
	h, err := hand(a, c)
	if err != nil {
		return d, err
	}
	for f, n := range c {
		if n == 0 {
			continue
		}
		rest := h
		rest.Remove(game.Tile(f))
		d[f] = int8(a.Distance(rest))
	}
	return d, nil
}

// weight sums w over the faces of s: the number of live copies of a set
// of outs.
func weight(s game.TileSet, w *game.Counts) int {
	n := 0
	for s != 0 {
		f := bits.TrailingZeros64(uint64(s))
		n += int(w[f])
		s &= s - 1
	}
	return n
}
