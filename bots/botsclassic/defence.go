package botsclassic

import (
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// dangerTable rates, for every face as it plays, how much the next player
// is likely to want it, judged only from the public history of this hand:
// tiles near what that player took from the bot's stack are wanted; a
// tile it passed up (drew from the wall while it lay on top of the bot's
// stack) or threw away is not, nor, a little, are the tiles near it.
// Positive is dangerous; the scale is about one unit a clue.
func dangerTable(v *classic.View) [tile.NumFaces]float64 {
	var d [tile.NumFaces]float64
	next := nextSeat(v)
	if next == v.Seat {
		return d
	}
	an := &v.Analyzer
	var mine [tile.NumTiles]tile.Tile // the bot's own stack, bottom first
	n := 0
	for _, e := range v.History {
		switch e.Kind {
		case classic.EvDiscard:
			if e.Seat == v.Seat && n < len(mine) {
				mine[n] = e.Tile
				n++
			}
			if e.Seat == next {
				d[an.PlaysAs(e.Tile)] -= 0.6
				spread(an, &d, e.Tile, -0.2)
			}
		case classic.EvTake:
			if e.From == v.Seat && n > 0 {
				n--
				if e.Seat == next {
					spread(an, &d, e.Tile, 1)
				}
			}
		case classic.EvDraw:
			if e.Seat == next && n > 0 {
				d[an.PlaysAs(mine[n-1])] -= 0.8 // passed up
			}
		}
	}
	return d
}

// spread adds w to the faces that group with t: w for the same colour one
// away and the same value in another colour, 0.6w two away, 0.5w for a
// second copy.
func spread(an *hand.Analyzer, d *[tile.NumFaces]float64, t tile.Tile, w float64) {
	f := an.PlaysAs(t)
	if f >= tile.FalseJoker {
		return
	}
	d[f] += float64(0.5 * w)
	col, val := f.Colour(), f.Value()
	RunMates(f, an.Config().Wrap, func(g tile.Tile, dist int) {
		if dist == 2 {
			d[g] += float64(0.6 * w)
		} else {
			d[g] += w
		}
	})
	for c := range tile.NumColours {
		if tile.Colour(c) != col {
			d[tile.NewTile(tile.Colour(c), val)] += w
		}
	}
}

// nextSeat is the seat that may take the bot's discards: the next active
// seat on its right.
func nextSeat(v *classic.View) int {
	for i := 1; i <= classic.NumSeats; i++ {
		s := (v.Seat + i) % classic.NumSeats
		if v.Active[s] {
			return s
		}
	}
	return v.Seat
}
