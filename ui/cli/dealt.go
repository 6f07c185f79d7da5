package cli

import (
	"bufio"
	"fmt"
	"io"

	"okey/game"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// Mix chooses which racks Dealt writes.
type Mix uint8

// The mixes of Dealt.
const (
	// MixDealt: racks dealt from a shuffled set, the indicator the first
	// tile that is not a false joker.
	MixDealt Mix = iota
	// MixHard: every other line dealt, the others winning or near-winning
	// racks (0 to 2 exchanges from a win, a fifth of them seven pairs)
	// with okeys and false jokers in most: the racks that cost the
	// analysis most.
	MixHard
	// Mix101: racks of Okey 101 (21 and 22 tiles) dealt from shuffled
	// sets.
	Mix101
)

// ParseMix reads a mix's name: "dealt" or "hard".
func ParseMix(s string) (Mix, error) {
	switch s {
	case "dealt", "":
		return MixDealt, nil
	case "hard":
		return MixHard, nil
	}
	return 0, fmt.Errorf("unknown mix %q: dealt or hard", s)
}

// Dealt writes n lines "IND: T1 T2 …" to w, 14 tiles and 15 in turn,
// under the default rules (with Mix101, 21 and 22 in turn). The same seed and mix give the same lines;
// docs/engine.md's timing and the batch benchmark use them, so both measure
// the same racks.
func Dealt(w io.Writer, n int, seed uint64, mix Mix) error {
	rg := game.NewSeeded(seed)
	bw := bufio.NewWriter(w)
	set := make([]tile.Tile, 0, tile.NumTiles)
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		set = append(set, f, f)
	}
	rest := make([]tile.Tile, 0, len(set))
	for i := range n {
		size := hand.RackSize + i%2
		if mix == Mix101 {
			size = rack101 + i%2
		}
		var ind tile.Tile
		var rack []tile.Tile
		if mix == MixHard && i%4 >= 2 {
			ind, rack = nearWin(rg, size)
		} else {
			rg.ShuffleTiles(set)
			j := 0
			for set[j] == tile.FalseJoker {
				j++
			}
			ind = set[j]
			rest = append(append(rest[:0], set[:j]...), set[j+1:]...)
			rack = rest[:size]
		}
		if _, err := fmt.Fprintf(bw, "%v: %s\n", ind, tile.FormatTiles(rack)); err != nil {
			return fmt.Errorf("write racks: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write racks: %w", err)
	}
	return nil
}

// rack101 is the size of an Okey 101 rack between turns (the dealer
// starts with one more).
const rack101 = 21

// nearWin builds a rack of size tiles 0 to 2 exchanges from a win, with a
// random indicator: melds (12-13-1 runs included) or, one time in five,
// seven pairs, okeys put in place of tiles often and the okey's face
// played by false jokers.
func nearWin(rg *game.Seeded, size int) (tile.Tile, []tile.Tile) {
	for {
		ind := tile.Tile(rg.Intn(tile.NumColoured))
		okey := ind.Next()
		var c tile.Counts
		avail := func(t tile.Tile) int {
			if t == ind {
				return 1
			}
			return 2
		}
		okeyRate := 1 + rg.Intn(3) // of 6: a sixth to a half of the tiles
		put := func(f tile.Tile) bool {
			t := f
			if f == okey {
				t = tile.FalseJoker // the okey's face is played by a J
			}
			if rg.Intn(6) < okeyRate && int(c[okey]) < avail(okey) {
				t = okey
			}
			if int(c[t]) >= avail(t) {
				return false
			}
			c[t]++
			return true
		}
		ok := true
		if rg.Intn(5) == 0 {
			for range 7 {
				f := tile.Tile(rg.Intn(tile.NumColoured))
				ok = ok && put(f) && put(f)
			}
		} else {
			for left := hand.RackSize; left > 0 && ok; {
				faces := randomMeld(rg, okey)
				if len(faces) > left || left-len(faces) == 1 || left-len(faces) == 2 {
					continue
				}
				for _, f := range faces {
					ok = ok && put(f)
				}
				left -= len(faces)
			}
		}
		if !ok {
			continue
		}
		for range rg.Intn(3) {
			ts := c.Tiles()
			c[ts[rg.Intn(len(ts))]]--
			addRandom(rg, &c, avail)
		}
		if size == hand.RackSize+1 {
			addRandom(rg, &c, avail)
		}
		ts := c.Tiles()
		rg.ShuffleTiles(ts)
		return ind, ts
	}
}

// randomMeld is the faces of a random run (3 to 5 long, 12-13-1 allowed)
// or set (3 or 4), a quarter of them through the okey's face.
func randomMeld(rg *game.Seeded, okey tile.Tile) []tile.Tile {
	var faces []tile.Tile
	if rg.Intn(2) == 0 {
		n := 3 + rg.Intn(3)
		col := tile.Colour(rg.Intn(tile.NumColours))
		start := 1 + rg.Intn(tile.NumValues+2-n)
		if rg.Intn(4) == 0 {
			col = okey.Colour()
			start = max(1, min(okey.Value()-rg.Intn(n), tile.NumValues+2-n))
		}
		for v := start; v < start+n; v++ {
			faces = append(faces, tile.NewTile(col, (v-1)%tile.NumValues+1))
		}
		return faces
	}
	v := 1 + rg.Intn(tile.NumValues)
	if rg.Intn(4) == 0 {
		v = okey.Value()
	}
	drop := tile.Colour(tile.NumColours) // none: a set of four
	if rg.Intn(2) == 0 {
		drop = tile.Colour(rg.Intn(tile.NumColours))
	}
	for col := range tile.Colour(tile.NumColours) {
		if col != drop {
			faces = append(faces, tile.NewTile(col, v))
		}
	}
	return faces
}

// addRandom adds a random tile that still exists.
func addRandom(rg *game.Seeded, c *tile.Counts, avail func(tile.Tile) int) {
	for {
		t := tile.Tile(rg.Intn(tile.NumFaces))
		if int(c[t]) < avail(t) {
			c[t]++
			return
		}
	}
}
