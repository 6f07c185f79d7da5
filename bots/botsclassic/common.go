package botsclassic

import (
	"context"
	"errors"
	"fmt"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// ErrPass is returned by Decide when the seat may act but the bot chooses
// not to: off its turn gösterme is the only thing open and the level does
// not show. The caller asks again on the bot's turn.
var ErrPass = errors.New("the bot passes: nothing it wants to do now")

// route handles what every level does alike before thinking: it stops on
// a cancelled context, deals the next hand, shows the indicator when the
// level shows, and passes off its turn. done is false when the level must
// decide a draw or a discard.
func route(ctx context.Context, v *classic.View, shows bool) (a classic.Action, done bool, err error) {
	if err := ctx.Err(); err != nil {
		return classic.Action{}, true, err
	}
	l := v.Legal
	switch {
	case l.NextHand:
		return classic.NextHandAction(), true, nil
	case v.Phase != game.Playing || !l.Any():
		return classic.Action{}, true, fmt.Errorf("seat %d, %s: %w", v.Seat, v.Phase, game.ErrWrongPhase)
	case l.Show && shows:
		return classic.ShowAction(v.Seat), true, nil
	case !v.MyTurn():
		return classic.Action{}, true, ErrPass
	}
	return classic.Action{}, false, nil
}

// drawOrEnd is the move of a seat that does not take: draw, or end the
// hand when the wall is out.
func drawOrEnd(v *classic.View) classic.Action {
	if v.Legal.Draw {
		return classic.DrawAction(v.Seat)
	}
	return classic.EndHandAction(v.Seat)
}

// liveCopies is what a normal player counts as the copies of each face
// still to come: every copy that is not in its own rack (nor the face-up
// indicator). It ignores the discards, which is what hard improves on.
func liveCopies(a *hand.Analyzer, own *tile.Counts) tile.Counts {
	var w tile.Counts
	for f := range w {
		if n := a.Available(tile.Tile(f)) - int(own[f]); n > 0 {
			w[f] = uint8(n)
		}
	}
	return w
}

// bestFinish picks, among the faces whose discard wins (d[f] == 0), the
// one that scores most: an okey finish or seven pairs over plain melds.
// allowOkey false keeps the okey in the rack (the easy level's habit).
func bestFinish(a *hand.Analyzer, h hand.Hand, d *distances, allowOkey bool) (tile.Tile, bool) {
	best, bestPts := tile.NoTile, -1
	for f, k := range d {
		t := tile.Tile(f)
		if k != 0 || (!allowOkey && a.IsOkey(t)) {
			continue
		}
		rest := h
		rest.Remove(t)
		w, ok := a.Win(rest)
		if !ok {
			continue
		}
		if pts := a.Points(&w, a.IsOkey(t)); pts > bestPts {
			best, bestPts = t, pts
		}
	}
	return best, best != tile.NoTile
}

// freesOkey reports whether tile t, taken into the winning 14-tile rack
// h that holds an okey, lets the okey go: h+t without the okey wins, so
// the bot can finish by throwing the okey (an okey finish).
func freesOkey(a *hand.Analyzer, h hand.Hand, t tile.Tile) bool {
	ok := a.Okey()
	if !t.Valid() || ok == tile.NoTile || h.Count(ok) == 0 {
		return false
	}
	h.Add(t)
	h.Remove(ok)
	return a.IsWin(h)
}

// played is the rack as its tiles play when not wild: the okeys are
// left out and a false joker counts as the okey's face.
func played(a *hand.Analyzer, c *tile.Counts) tile.Counts {
	p := *c
	if ok := a.Okey(); ok != tile.NoTile {
		p[ok] = c[tile.FalseJoker]
		p[tile.FalseJoker] = 0
	}
	return p
}

// neighbours counts the tiles of p (a rack as it plays, see played) that
// could share a group with face f: a second copy, the same colour one or
// two away, the same value in another colour. Few neighbours mark a tile
// as loose; the levels use it to order discard candidates before the
// costlier analysis. f is a face as it plays (PlaysAs).
func neighbours(a *hand.Analyzer, p *tile.Counts, f tile.Tile) int {
	if f >= tile.FalseJoker {
		return 0
	}
	n := max(int(p[f])-1, 0)
	col, val := f.Colour(), f.Value()
	RunMates(f, a.Config().Wrap, func(g tile.Tile, _ int) {
		if p[g] > 0 {
			n++
		}
	})
	for k := range tile.NumColours {
		if tile.Colour(k) != col && p[tile.NewTile(tile.Colour(k), val)] > 0 {
			n++
		}
	}
	return n
}

// RunMates calls fn for every face that can share a run with face f (as
// it plays): the same colour one or two values away (d is 1 or 2), where
// with wrap the 1 also sits above 13 (12-13-1), never between 13 and 2
// (13-1-2 is no run). It is the one place the bots read the run rule,
// exported for the belief of the racks (bots/belief), which reads a
// discard or a take as saying something of the faces it runs with.
func RunMates(f tile.Tile, wrap bool, fn func(g tile.Tile, d int)) {
	if f >= tile.FalseJoker {
		return
	}
	col, val := f.Colour(), f.Value()
	top := tile.NumValues
	positions := []int{val}
	if wrap {
		top++ // position 14 is the 1 above 13
		if val == 1 {
			positions = append(positions, top)
		}
	}
	for _, p := range positions {
		for _, dp := range [4]int{-2, -1, 1, 2} {
			q := p + dp
			if q < 1 || q > top {
				continue
			}
			fn(tile.NewTile(col, (q-1)%tile.NumValues+1), max(dp, -dp))
		}
	}
}

// drawsSoFar counts the draws and takes of the hand so far.
func drawsSoFar(v *classic.View) int {
	n := 0
	for _, e := range v.History {
		if e.Kind == classic.EvDraw || e.Kind == classic.EvTake {
			n++
		}
	}
	return n
}
