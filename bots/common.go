package bots

import (
	"context"
	"errors"
	"fmt"

	"okey/game"
)

// ErrPass is returned by Decide when the seat may act but the bot chooses
// not to: off its turn gösterme is the only thing open and the level does
// not show. The caller asks again on the bot's turn.
var ErrPass = errors.New("the bot passes: nothing it wants to do now")

// route handles what every level does alike before thinking: it stops on
// a cancelled context, deals the next hand, shows the indicator when the
// level shows, and passes off its turn. done is false when the level must
// decide a draw or a discard.
func route(ctx context.Context, v *game.View, shows bool) (a game.Action, done bool, err error) {
	if err := ctx.Err(); err != nil {
		return game.Action{}, true, err
	}
	l := v.Legal
	switch {
	case l.NextHand:
		return game.NextHandAction(), true, nil
	case v.Phase != game.Playing || !l.Any():
		return game.Action{}, true, fmt.Errorf("seat %d, %s: %w", v.Seat, v.Phase, game.ErrWrongPhase)
	case l.Show && shows:
		return game.ShowAction(v.Seat), true, nil
	case !v.MyTurn():
		return game.Action{}, true, ErrPass
	}
	return game.Action{}, false, nil
}

// drawOrEnd is the move of a seat that does not take: draw, or end the
// hand when the wall is out.
func drawOrEnd(v *game.View) game.Action {
	if v.Legal.Draw {
		return game.DrawAction(v.Seat)
	}
	return game.EndHandAction(v.Seat)
}

// liveCopies is what a normal player counts as the copies of each face
// still to come: every copy that is not in its own rack (nor the face-up
// indicator). It ignores the discards, which is what hard improves on.
func liveCopies(a *game.Analyzer, own *game.Counts) game.Counts {
	var w game.Counts
	for f := range w {
		if n := a.Available(game.Tile(f)) - int(own[f]); n > 0 {
			w[f] = uint8(n)
		}
	}
	return w
}

// bestFinish picks, among the faces whose discard wins (d[f] == 0), the
// one that scores most: an okey finish or seven pairs over plain melds.
// allowOkey false keeps the okey in the rack (the easy level's habit).
func bestFinish(a *game.Analyzer, h game.Hand, d *distances, allowOkey bool) (game.Tile, bool) {
	best, bestPts := game.NoTile, -1
	for f, k := range d {
		t := game.Tile(f)
		if k != 0 || (!allowOkey && a.IsOkey(t)) {
			continue
		}
		rest := h
		rest.Remove(t)
		w, ok := a.Win(rest)
		if !ok {
			continue
		}
		if pts := game.WinPoints(a.Rules(), w, a.IsOkey(t)); pts > bestPts {
			best, bestPts = t, pts
		}
	}
	return best, best != game.NoTile
}

// played is the rack as its tiles play when not wild: the okeys are
// left out and a false joker counts as the okey's face.
func played(a *game.Analyzer, c *game.Counts) game.Counts {
	p := *c
	if ok := a.Okey(); ok != game.NoTile {
		p[ok] = c[game.FalseJoker]
		p[game.FalseJoker] = 0
	}
	return p
}

// neighbours counts the tiles of p (a rack as it plays, see played) that
// could share a group with face f: a second copy, the same colour one or
// two away, the same value in another colour. Few neighbours mark a tile
// as loose; the levels use it to order discard candidates before the
// costlier analysis. f is a face as it plays (PlaysAs).
func neighbours(a *game.Analyzer, p *game.Counts, f game.Tile) int {
	if f >= game.FalseJoker {
		return 0
	}
	n := max(int(p[f])-1, 0)
	col, val := f.Colour(), f.Value()
	wrap := a.Rules().Wrap
	for _, dv := range [4]int{-2, -1, 1, 2} {
		w := val + dv
		switch {
		case w < 1:
			if !wrap || val != 1 {
				continue // 1 sits above 13 only, as in 12-13-1
			}
			w += game.NumValues
		case w > game.NumValues:
			if !wrap || w-game.NumValues != 1 {
				continue // 13-1-2 is no run
			}
			w = 1
		}
		if p[game.NewTile(col, w)] > 0 {
			n++
		}
	}
	for k := range game.NumColours {
		if game.Colour(k) != col && p[game.NewTile(game.Colour(k), val)] > 0 {
			n++
		}
	}
	return n
}
