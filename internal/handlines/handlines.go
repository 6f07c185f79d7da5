// Package handlines writes the input of `okey hand --json`: lines of
// dealt hands, for the batch's benchmark and for timing the command on
// a million lines, so both measure the same kind of hand.
package handlines

import (
	"bufio"
	"fmt"
	"io"

	"okey/game"
)

// Write writes n lines "IND: T1 T2 …" to w, each a hand dealt from a
// freshly shuffled 106-tile set: the indicator is the first tile that is
// not a false joker, the hand the next 14 tiles (15 on every other
// line). The same seed gives the same lines.
func Write(w io.Writer, n int, seed uint64) error {
	rg := game.NewSeeded(seed)
	bw := bufio.NewWriter(w)
	tiles := make([]game.Tile, 0, 2*game.NumFaces)
	for f := game.Tile(0); f < game.NumFaces; f++ {
		tiles = append(tiles, f, f)
	}
	rest := make([]game.Tile, 0, len(tiles))
	for i := range n {
		rg.ShuffleTiles(tiles)
		j := 0
		for tiles[j] == game.FalseJoker {
			j++
		}
		rest = append(append(rest[:0], tiles[:j]...), tiles[j+1:]...)
		if _, err := fmt.Fprintf(bw, "%v: %s\n", tiles[j], game.FormatTiles(rest[:14+i%2])); err != nil {
			return fmt.Errorf("write hand lines: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write hand lines: %w", err)
	}
	return nil
}
