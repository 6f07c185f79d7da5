package bots101

import (
	"context"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Normal plays the exact analysis greedily. It finishes whenever the
// exact search finds a way (preferring an okey finish and a pairs
// opening, which double the hand). It opens as soon as it can, with
// runs and sets when its best opening reaches the threshold (laying
// every meld the rack makes at once when those reach it too), else with
// pairs when it holds five or more: never opening costs 202, so it never
// waits. Once open it takes okeys back from the table when the okey lets
// it meld more of its rack, lays down every meld (or pair) it holds and
// lays off every tile that fits, okeys included, so that little is left
// to count if someone else finishes. It takes the previous discard
// exactly when the tile goes onto the table in the same turn (it opens
// with it, lays it down or lays it off), which it checks by planning the
// turn with the tile before taking it. It never discards an okey or an
// işler taş while another tile is free; otherwise it keeps the tiles of
// its melds and throws the tile it values least: before opening, the
// one with the fewest live partners (ties: the lowest, high tiles count
// more towards the opening); after, the one whose points outweigh its
// partners, the points weighing more as the wall runs down. It counts
// the tiles it sees on the table, in its rack and in the stacks as the
// view shows them, not the whole history of the discards.
type Normal struct{ p player }

// NewNormal returns a normal bot seeded with seed.
func NewNormal(seed uint64) *Normal { return &Normal{p: newPlayer("normal", seed)} }

// Level is "normal".
func (b *Normal) Level() string { return "normal" }

// Decide returns the normal bot's next action for the view.
func (b *Normal) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	return b.p.decide(ctx, &v, b)
}

var normalDiscard = discardStyle{keep: 6}

func (b *Normal) draw(p *player, v *okey101.View) (*board, error) {
	return takeIfUsed(p, v, b.turn)
}

func (b *Normal) play(p *player, v *okey101.View) (*board, error) {
	bd := boardOf(v)
	if err := b.turn(p, v, bd); err != nil {
		return nil, err
	}
	return bd, nil
}

func (b *Normal) turn(p *player, v *okey101.View, bd *board) error {
	if v.Stage == okey101.StageFirst {
		return bd.discard(p.discard(v, bd, normalDiscard))
	}
	if ok, err := p.finish(bd); ok || err != nil {
		return err
	}
	if bd.status == meld.NotOpened && !p.openMelds(bd) {
		p.openPairs(bd)
	}
	if bd.status != meld.NotOpened {
		p.takeBacks(bd)
		p.layAll(bd)
		p.layOffs(bd, true)
	}
	if bd.owes() {
		bd.giveBack()
		return nil
	}
	return bd.discard(p.discard(v, bd, normalDiscard))
}

// takeIfUsed is the draw stage of a level that takes the previous
// discard exactly when its plan for the turn puts the tile on the
// table: it plans the turn with the tile and takes it unless the plan
// gives it back.
func takeIfUsed(p *player, v *okey101.View, turn func(*player, *okey101.View, *board) error) (*board, error) {
	if v.Legal.Take {
		if t := v.Top(v.Previous); t.Valid() && (!v.Legal.Draw || p.mayUse(v, t)) {
			bd := takeBoard(v, t)
			if err := turn(p, v, bd); err != nil {
				return nil, err
			}
			if last := bd.acts[len(bd.acts)-1]; last.Kind != okey101.ActGiveBack || !v.Legal.Draw {
				return bd, nil
			}
		}
	}
	return drawBoard(v), nil
}

// drawBoard is the plan of a draw from the wall: the rest of the turn
// is planned once the tile is known.
func drawBoard(v *okey101.View) *board {
	return &board{seat: v.Seat, acts: []okey101.Action{okey101.Draw(v.Seat)}}
}

// mayUse is a quick necessary condition for the seat to be able to put
// the previous discard t on the table this turn, so that most turns are
// spared planning a take that cannot be. Before opening, the rack with t
// must make an opening. After, t must fit a meld of the table, take an
// okey back from it, be an okey or meet one in the rack or on the table
// (then any tile of its
// colour within two values, or of its value, may do); else it must make
// a new meld with rack tiles (two of its run beside it, or two of its
// value), or go on after a rack tile that fits the table next to it.
// A pair opener needs its twin, an okey, or the table.
func (p *player) mayUse(v *okey101.View, t tile.Tile) bool {
	an := v.Analyzer
	c := v.Counts
	c[t]++
	st := v.Opened[v.Seat].Status
	if st == meld.NotOpened {
		return p.best(an, &c).Reaches(v.Threshold) || pairCount(an, &c, v.Rules.OkeyPair) >= 5
	}
	table := v.Melds()
	islek := an.Islek(table)
	if an.IsOkey(t) || c[an.Okey()] > 0 || islek.Has(t) || st == meld.OpenedPairs && c[t] >= 2 {
		return true
	}
	tbs := an.TakeBacks(c, table)
	for _, tb := range tbs {
		if tb.Tile == t {
			return true // it takes an okey back
		}
	}
	wild := len(tbs) > 0
	if st == meld.OpenedPairs && wild {
		return true // an okey taken back pairs with it
	}
	pt := an.PlaysAs(t)
	col, val := pt.Colour(), pt.Value()
	has := func(d int) bool { return count(an, &c, col, val+d) > 0 }
	fits := func(d int) bool { x := tileAt(an, col, val+d); return x.Valid() && islek.Has(x) }
	// A chain of rack tiles from t to one that fits a table run.
	for _, dir := range [...]int{-1, 1} {
		for d := dir; has(d); d += dir {
			if fits(d) {
				return true
			}
		}
	}
	if st == meld.OpenedPairs {
		return false
	}
	if wild {
		// An okey taken back fills a gap beside t, or stands between t
		// and a table run; two make a meld with t alone.
		return len(tbs) >= 2 || has(-2) || has(-1) || has(1) || has(2) || fits(-1) || fits(1) || sameValue(an, &c, col, val)
	}
	if has(-2) && has(-1) || has(-1) && has(1) || has(1) && has(2) {
		return true
	}
	others := 0
	for k := range tile.Colour(tile.NumColours) {
		if k != col && count(an, &c, k, val) > 0 {
			others++
		}
	}
	return others >= 2
}
