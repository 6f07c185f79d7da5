package main

import (
	"context"
	"fmt"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// A candidate's reading: what the seat's view says of the rack it
// keeps and the tile it throws, each term also times the context
// (opened, the next player opened, the wall's share left), so that a
// line on the differences between candidates can weigh a term by the
// state of the hand.
const (
	bValue           = iota // the thrown tile's value, over 13
	bWild                   // 1 when the thrown tile is an okey or a false joker
	bPenalty                // 1 when the throw is charged (an okey, an işler taş)
	bWorth                  // the best opening the rack kept makes, over 101
	bDeficit                // what the opening lacks of the threshold, over 101
	bPairs                  // the pairs the rack kept makes, over 5
	bUnmelded               // the tiles no run or set of the rack kept covers, over 21
	bDeadwood               // their values, over 100
	bLayoffs                // tiles of the rack kept an işleme could lay on the table
	bLive                   // unseen copies of the thrown face, over 2
	bMatesLive              // unseen copies of its run and set mates, over 10
	bMatesHeld              // its mates in the rack kept, over 5
	bNextThrew              // copies of its face the next player threw
	bNextMates              // its mates the next player threw
	bRank                   // its place in hard's ranking, over 2
	bNextMatesRead          // copies of its mates the belief reads in the next player's rack
	bNextFaceRead           // copies of its face the belief reads there
	bWallMatesRead          // copies of its mates the belief reads in the wall
	bOthersMatesRead        // copies of its mates the belief reads in the two other racks
	bOutsLive               // unseen copies of the faces that would cover one more tile of the rack kept with runs and sets, over 20
	bRaisersLive            // unseen copies of the faces that would raise its best opening, over 20
	numBase
)

// The context, the same for every candidate of a decision.
const (
	cOpened     = iota // the seat has opened
	cNextOpened        // the next player has opened
	cNextPairs         // the next player opened with pairs
	cOppsOpened        // opponents opened, over 3
	cWall              // the wall's tiles left, over 20
	cNextTiles         // the next player's tiles, over 21
	numContext
)

// numFeatures is a candidate's row: the base terms, the base terms
// times opened, times the next player opened, times the wall's share
// left, then the context.
const numFeatures = 4*numBase + numContext

// reader reads candidates; it keeps a solver's memory, so one serves
// one goroutine.
type reader struct {
	sv *meld.Solver
	br belief101.Reader
	rd belief.Reading
}

// read fills c.X from st, the state at c's decision (before the
// discard): the view after each candidate's discard.
func (r *reader) read(st *okey101.State, c *choice) error {
	seat := int(c.Seat)
	v := st.View(seat)
	an := v.Analyzer
	nx := (seat + 1) % okey101.NumSeats
	var seen tile.Counts
	for s := range okey101.NumSeats {
		for _, t := range v.Discards[s] {
			seen[t]++
		}
	}
	for _, m := range v.Table {
		for _, t := range m.Meld.Tiles {
			seen[t]++
		}
	}
	if ind := v.Indicator; ind.Valid() {
		seen[ind]++
	}
	var ctx [numContext]float32
	ctx[cOpened] = b2f(v.Opened[seat].Status != meld.NotOpened)
	ctx[cNextOpened] = b2f(v.Opened[nx].Status != meld.NotOpened)
	ctx[cNextPairs] = b2f(v.Opened[nx].Status == meld.OpenedPairs)
	for s := range okey101.NumSeats {
		if s != seat && v.Opened[s].Status != meld.NotOpened {
			ctx[cOppsOpened] += 1.0 / 3
		}
	}
	ctx[cWall] = float32(v.WallLeft) / 20
	ctx[cNextTiles] = float32(v.TileCounts[nx]) / 21
	if err := r.br.Read(&v, belief101.Trained(), &r.rd); err != nil {
		return fmt.Errorf("hand %d, move %d: belief: %w", c.Hand, c.Move, err)
	}
	if r.rd.Seats[0] != nx {
		return fmt.Errorf("hand %d, move %d: the belief's first place is seat %d, not the next player %d", c.Hand, c.Move, r.rd.Seats[0], nx)
	}
	// in copies: the chance a copy lies in a place times the copies unseen
	read := func(place int, g tile.Tile) float32 { return float32(r.rd.P[place][g] * float64(r.rd.Unseen[g])) }
	c.X = c.X[:0]
	for rank, t := range c.Tiles {
		var b [numBase]float32
		f := an.PlaysAs(t)
		if an.IsOkey(t) || t == tile.FalseJoker {
			b[bWild] = 1
		}
		if !an.IsOkey(t) && f.Valid() && f < tile.NumColoured {
			b[bValue] = float32(f.Value()) / 13
		}
		b[bPenalty] = b2f(v.DiscardPenalty(t) != 0)
		kept := v.Counts
		if kept[t] == 0 {
			return fmt.Errorf("hand %d, move %d: %s not in the rack", c.Hand, c.Move, t)
		}
		kept[t]--
		o := r.sv.BestOpening(an, kept)
		b[bWorth] = float32(o.Value) / 101
		b[bDeficit] = float32(max(0, v.Threshold-o.Value)) / 101
		b[bPairs] = float32(an.Pairs(kept, v.Rules.OkeyPair)) / 5
		un, ms := r.sv.Unmelded(an, kept)
		b[bUnmelded] = float32(un) / 21
		dead := 0
		for g := range tile.Tile(tile.NumFaces) {
			for range kept[g] {
				if p := an.PlaysAs(g); !an.IsOkey(g) && p.Valid() && p < tile.NumColoured {
					dead += p.Value()
				}
			}
		}
		b[bDeadwood] = float32(max(0, dead-meld.Worth(ms))) / 100
		for g := range tile.Tile(tile.NumFaces) {
			if kept[g] > 0 && !an.IsOkey(g) && v.DiscardPenalty(g) != 0 {
				b[bLayoffs] += float32(kept[g])
			}
		}
		live := func(g tile.Tile) int { return max(0, 2-int(v.Counts[g])-int(seen[g])) }
		if f.Valid() && f < tile.NumColoured && !an.IsOkey(t) {
			b[bLive] = float32(live(f)) / 2
			b[bNextFaceRead] = read(0, f)
			for _, g := range mates(f) {
				b[bNextMatesRead] += read(0, g)
				b[bOthersMatesRead] += read(1, g) + read(2, g)
				b[bWallMatesRead] += read(belief.Wall, g)
				b[bMatesLive] += float32(live(g)) / 10
				b[bMatesHeld] += float32(kept[g]) / 5
				for _, d := range v.Discards[nx] {
					if an.PlaysAs(d) == g {
						b[bNextMates]++
					}
				}
			}
			for _, d := range v.Discards[nx] {
				if an.PlaysAs(d) == f {
					b[bNextThrew]++
				}
			}
		}
		b[bRank] = float32(rank) / 2
		var outs, raisers [tile.NumFaces]bool
		r.improvers(an, kept, &outs, &raisers)
		for g := range tile.Tile(tile.NumFaces) {
			if outs[g] {
				b[bOutsLive] += float32(live(g)) / 20
			}
			if raisers[g] {
				b[bRaisersLive] += float32(live(g)) / 20
			}
		}
		for k := range numBase {
			c.X = append(c.X, b[k])
		}
		for _, m := range [3]float32{ctx[cOpened], ctx[cNextOpened], ctx[cWall]} {
			for k := range numBase {
				c.X = append(c.X, b[k]*m)
			}
		}
		c.X = append(c.X, ctx[:]...)
	}
	return nil
}

// The true facts of a candidate, from the true racks at the decision.
const (
	tNextFeeds      = iota // 1 when the thrown tile lets the next player open (it has not) or fits a new meld of its rack (it has)
	tNextWorth             // what the tile adds to the next player's best opening, over 101
	tNextMatesHeld         // its mates in the next player's rack, over 5
	tWallFace              // copies of its face in the wall, over 2
	tWallMates             // copies of its mates in the wall, over 10
	tOthersMates           // copies of its mates in the two other opponents' racks, over 10
	tThreatValue           // the thrown tile's value (over 13) times the threat: 1/(1+the fewest tiles an opened opponent's runs and sets leave)
	tThreatDeadwood        // the rack kept's unmelded values (over 100) times the threat
	tOutsWall              // copies in the wall of the faces that would cover one more tile of the rack kept, over 20
	tRaisersWall           // copies in the wall of the faces that would raise its best opening, over 20
	numTrue
)

// readTrue fills c.TX from the true state st at c's decision.
func (r *reader) readTrue(st *okey101.State, c *choice) {
	seat := int(c.Seat)
	nx := (seat + 1) % okey101.NumSeats
	v := st.View(seat)
	an := v.Analyzer
	nv := st.View(nx)
	rack := nv.Counts
	// the wall holds what no rack, discard, meld or the indicator does
	held := v.Counts
	for s := range okey101.NumSeats {
		if s != seat {
			for f, n := range st.View(s).Counts {
				held[f] += n
			}
		}
		for _, t := range v.Discards[s] {
			held[t]++
		}
	}
	for _, m := range v.Table {
		for _, t := range m.Meld.Tiles {
			held[t]++
		}
	}
	if v.Indicator.Valid() {
		held[v.Indicator]++
	}
	threat := float32(0)
	for o := range okey101.NumSeats {
		if o != seat && st.View(o).Opened[o].Status != meld.NotOpened {
			u, _ := r.sv.Unmelded(an, st.View(o).Counts)
			threat = max(threat, 1/float32(1+u))
		}
	}
	c.TX = c.TX[:0]
	base := r.sv.BestOpening(an, rack).Value
	un, _ := r.sv.Unmelded(an, rack)
	for _, t := range c.Tiles {
		var x [numTrue]float32
		with := rack
		with[t]++
		w := r.sv.BestOpening(an, with).Value
		x[tNextWorth] = float32(w-base) / 101
		if nv.Opened[nx].Status == meld.NotOpened {
			x[tNextFeeds] = b2f(w >= v.Threshold && base < v.Threshold)
		} else {
			u, _ := r.sv.Unmelded(an, with)
			x[tNextFeeds] = b2f(u <= un)
		}
		if f := an.PlaysAs(t); f.Valid() && f < tile.NumColoured && !an.IsOkey(t) {
			for _, g := range mates(f) {
				x[tNextMatesHeld] += float32(rack[g]) / 5
				x[tWallMates] += float32(max(0, 2-int(held[g]))) / 10
				for _, o := range []int{(seat + 2) % okey101.NumSeats, (seat + 3) % okey101.NumSeats} {
					x[tOthersMates] += float32(st.View(o).Counts[g]) / 10
				}
			}
			x[tWallFace] = float32(max(0, 2-int(held[f]))) / 2
		}
		kept := v.Counts
		kept[t]--
		var outs, raisers [tile.NumFaces]bool
		r.improvers(an, kept, &outs, &raisers)
		for g := range tile.Tile(tile.NumFaces) {
			wc := float32(max(0, 2-int(held[g]))) / 20
			if outs[g] {
				x[tOutsWall] += wc
			}
			if raisers[g] {
				x[tRaisersWall] += wc
			}
		}
		// the view's terms of this candidate, read before (read fills X first)
		j := len(c.TX) / numTrue
		x[tThreatValue] = threat * c.X[j*numFeatures+bValue]
		x[tThreatDeadwood] = threat * c.X[j*numFeatures+bDeadwood]
		c.TX = append(c.TX, x[:]...)
	}
}

// improvers marks the faces that, drawn, would leave one tile fewer of
// rack uncovered by runs and sets (outs), and those that would raise
// its best opening (raisers).
func (r *reader) improvers(an meld.Analyzer, rack tile.Counts, outs, raisers *[tile.NumFaces]bool) {
	un, _ := r.sv.Unmelded(an, rack)
	worth := r.sv.BestOpening(an, rack).Value
	for g := range tile.Tile(tile.NumFaces) {
		if rack[g] >= 2 || an.IsOkey(g) {
			continue
		}
		with := rack
		with[g]++
		if u, _ := r.sv.Unmelded(an, with); u < un+1 {
			outs[g] = true
		}
		if r.sv.BestOpening(an, with).Value > worth {
			raisers[g] = true
		}
	}
}

// mates are the faces a coloured face shares a run of three or a set
// with in 101 (no wrap-around: the 1 is only low).
func mates(f tile.Tile) []tile.Tile {
	var out []tile.Tile
	col, n := f.Colour(), f.Value()
	for d := -2; d <= 2; d++ {
		if m := n + d; d != 0 && m >= 1 && m <= tile.NumValues {
			out = append(out, tile.NewTile(col, m))
		}
	}
	for oc := range tile.Colour(tile.NumColours) {
		if oc != col {
			out = append(out, tile.NewTile(oc, n))
		}
	}
	return out
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// readAll fills every choice's features on a replay of its hand (the
// hands are the seed's, played again by the same seeded bots), on
// workers goroutines.
func readAll(ctx context.Context, seed uint64, cs []choice, workers int) error {
	byHand := map[int32][]int{}
	var hands []int32
	for i := range cs {
		if _, ok := byHand[cs[i].Hand]; !ok {
			hands = append(hands, cs[i].Hand)
		}
		byHand[cs[i].Hand] = append(byHand[cs[i].Hand], i)
	}
	_, err := trainer.Chunks(ctx, len(hands), 1, workers, func() func(j, _ int) (struct{}, error) {
		sv, r := new(meld.Solver), &reader{sv: new(meld.Solver)}
		return func(j, _ int) (struct{}, error) {
			h := hands[j]
			idx := byHand[h]
			at := map[int32]int{}
			for _, i := range idx {
				at[cs[i].Move] = i
			}
			found := 0
			_, err := playHand(ctx, seed, int(h), sv, func(st *okey101.State, a okey101.Action) error {
				i, ok := at[int32(st.Moves())]
				if !ok {
					return nil
				}
				if cs[i].Tiles[0] != a.Tile || int(cs[i].Seat) != st.Turn() {
					return fmt.Errorf("replay of hand %d, move %d: hard threw %s, the label says %s", h, st.Moves(), a.Tile, cs[i].Tiles[0])
				}
				found++
				if err := r.read(st, &cs[i]); err != nil {
					return err
				}
				r.readTrue(st, &cs[i])
				return nil
			})
			if err == nil && found != len(idx) {
				err = fmt.Errorf("replay of hand %d: %d of %d decisions found", h, found, len(idx))
			}
			return struct{}{}, err
		}
	})
	return err
}
