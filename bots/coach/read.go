package coach

import (
	"context"
	"fmt"

	"okey/bots/belief"
	"okey/bots/rollout"
	"okey/game/classic"
	"okey/game/tile"
)

// The judge deals its worlds from the belief of the racks
// (rollout.Sampler): each opponent's rack likelier to hold what its
// discards, takes and passes say it holds. Where that reading is what
// made a discard lose — judged again on racks dealt at random, the
// same move is not shown to lose — the verdict says what the reading
// saw, in a player's words: the next player (the only one who may take
// the discard) took tiles that the discard goes with and was likely to
// want it; or it threw tiles around the better discard, which was
// unlikely to help it. The chances are the share of the judge's own
// worlds in which the tile would bring the next player's rack nearer a
// win, on the belief's worlds and on racks dealt at random.

// readWorlds is how many worlds of each sampler the reading counts:
// its shares are known to about ±0.06.
const readWorlds = 128

// readShift is how far the belief's share must be from chance's for
// the reading to be said of a tile: less is within the noise of
// readWorlds worlds.
const readShift = 0.10

// pick fills r with what the reading said of the next player's wants,
// if it said anything: the move played's tile read likelier to help it
// than chance by readShift (Wants), or else the best's read less likely
// by readShift. share is the share of worlds in which a tile helps the
// next player, on the belief's worlds or on racks dealt at random;
// evidence its public play that goes with a tile (its takes, or its
// discards, and the tiles it laid down).
func (r *TableRead) pick(played, best tile.Tile, share func(t tile.Tile, byBelief bool) (float64, error), evidence func(t tile.Tile, took bool) (seen, laid string)) (bool, error) {
	for _, c := range []struct {
		t     tile.Tile
		wants bool
	}{{played, true}, {best, false}} {
		b, err := share(c.t, true)
		if err != nil {
			return false, err
		}
		u, err := share(c.t, false)
		if err != nil {
			return false, err
		}
		if (c.wants && b-u >= readShift) || (!c.wants && u-b >= readShift) {
			r.Tile, r.Wants, r.Belief, r.Chance = c.t.String(), c.wants, b, u
			r.Seen, r.Laid = evidence(c.t, c.wants)
			return true, nil
		}
	}
	return false, nil
}

// outsShift is how many tiles of the wall the reading must take from
// the move played's outs, against the best's, for the words to say so.
const outsShift = 0.5

// outsRead reads where the outs of the rack left by each discard lie;
// ok when the belief put the move played's outs out of the wall by
// outsShift tiles more than the best's, against random racks.
func outsRead(v *classic.View, played, best tile.Tile) (OutsRead, bool) {
	var rd belief.Reader
	var b, u belief.Reading
	if rd.Read(v, belief.Trained(), &b) != nil || rd.Read(v, nil, &u) != nil {
		return OutsRead{}, false
	}
	a := &v.Analyzer
	h, err := a.HandOf(v.Counts)
	if err != nil {
		return OutsRead{}, false
	}
	in := func(t tile.Tile) (n int, wb, wu float64) {
		rest := h
		rest.Remove(t)
		for _, f := range a.Outs(rest).Tiles() {
			k := float64(b.Unseen[f])
			n += int(b.Unseen[f])
			wb += k * b.P[belief.Wall][f]
			wu += k * u.P[belief.Wall][f]
		}
		return n, wb, wu
	}
	o := OutsRead{Best: best.String()}
	o.Outs, o.Wall, o.WallChance = in(played)
	o.BestOuts, o.BestWall, o.BestChance = in(best)
	shift := (o.BestWall - o.Wall) - (o.BestChance - o.WallChance)
	return o, o.Outs > 0 && shift >= outsShift
}

// feedShare is the share of readWorlds worlds dealt by s in which t
// would bring seat's rack nearer a win (the rule normal and hard take a
// discard by).
func feedShare(v *classic.View, s rollout.SamplerClassic, seed uint64, seat int, t tile.Tile) (float64, error) {
	ws, err := rollout.NewWorldsClassic(v, s)
	if err != nil {
		return 0, err
	}
	a := &v.Analyzer
	n := 0
	for i := range readWorlds {
		w, err := ws.World(seed, i)
		if err != nil {
			return 0, err
		}
		h, err := a.HandOf(w.View(seat).Counts)
		if err != nil {
			return 0, fmt.Errorf("world %d: %w", i, err)
		}
		d := a.Distance(h)
		h.Add(t)
		least := d
		for f, k := range a.DiscardDistances(h) {
			if k >= 0 && tile.Tile(f) != t && int(k) < least {
				least = int(k)
			}
		}
		if least < d {
			n++
		}
	}
	return float64(n) / readWorlds, nil
}

// nextSeat is the next active seat after v's: the one who may take its
// discard.
func nextSeat(v *classic.View) int {
	next := (v.Seat + 1) % classic.NumSeats
	for range classic.NumSeats {
		if v.Active[next] {
			break
		}
		next = (next + 1) % classic.NumSeats
	}
	return next
}

// seenWith are the tiles seat took from the discards (took) or threw
// this hand that go with t as they play: the same face, the same colour
// one or two away, the same value; at most three, the latest last.
func seenWith(v *classic.View, seat int, t tile.Tile, took bool) []tile.Tile {
	a := &v.Analyzer
	if a.IsOkey(t) {
		return nil
	}
	pt := a.PlaysAs(t)
	kind := classic.EvDiscard
	if took {
		kind = classic.EvTake
	}
	var out []tile.Tile
	for _, e := range v.History {
		if e.Kind != kind || e.Seat != seat || !e.Tile.Valid() || a.IsOkey(e.Tile) {
			continue
		}
		if goesWith(a.PlaysAs(e.Tile), pt) {
			out = append(out, e.Tile)
		}
	}
	return out[max(len(out)-3, 0):]
}

// goesWith reports whether tiles playing as u and t go together: the
// same colour one or two apart (a run), or the same value (a set).
func goesWith(u, t tile.Tile) bool {
	run := u.Colour() == t.Colour() && abs(u.Value()-t.Value()) <= 2
	return run || u.Value() == t.Value()
}

// The forms a hint says a reading in (ReadSaid.Form): the next player
// took tiles the hard bot's discard goes with, laid them down, or both;
// threw tiles around the hint's discard; or, with no such tiles, the
// hint's discard is the safer one by its play.
const (
	SaidTook     = "took"
	SaidLaid     = "laid"
	SaidLaidTook = "laidtook"
	SaidThrew    = "threw"
	SaidSafer    = "safer"
)

// ReadSaid is what a hint may say of a reading: its form, and the tiles
// the next player was seen to take or throw (Seen) and laid down (Laid).
type ReadSaid struct {
	Form       string
	Seen, Laid []tile.Tile
}

// Said is what a hint whose discard is x may say of reading r: only
// where the reading is why x was advised — the hard bot's discard read
// likely to help the next player (and x is another), or x itself read
// unlikely to. ok is false otherwise, and for a reading of no tile.
func (r *TableRead) Said(x tile.Tile) (s ReadSaid, ok bool) {
	if r == nil || r.Tile == "" {
		return s, false
	}
	read, err := tile.ParseTile(r.Tile)
	if err != nil {
		return s, false
	}
	if s.Seen, err = tile.ParseTiles(r.Seen); err != nil {
		return s, false
	}
	if s.Laid, err = tile.ParseTiles(r.Laid); err != nil {
		return s, false
	}
	switch {
	case r.Wants && read != x && len(s.Laid) > 0 && len(s.Seen) > 0:
		s.Form = SaidLaidTook
	case r.Wants && read != x && len(s.Laid) > 0:
		s.Form = SaidLaid
	case r.Wants && read != x && len(s.Seen) > 0:
		s.Form = SaidTook
	case !r.Wants && read == x && len(s.Seen) > 0:
		s.Form = SaidThrew
	case r.Wants && read != x, !r.Wants && read == x:
		s.Form = SaidSafer
	default:
		return s, false
	}
	return s, true
}

// addRead asks read what reading the table changed in d and adds it to
// d with its words. Out of time (a hint's budget: ctx is over) the
// verdict stands unread.
func (d *Decision) addRead(ctx context.Context, read func() (*TableRead, error)) error {
	r, err := read()
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("reading the table: %w", err)
	}
	if err == nil && r != nil {
		d.Read = r
		d.Reasons = append(d.Reasons, readReason(r))
	}
	return nil
}

// readReason says a reading in the coach's words, for the review's
// reasons.
func readReason(r *TableRead) string {
	odds := fmt.Sprintf("(%d%% as the table reads, %d%% on racks dealt at random)", pct(r.Belief), pct(r.Chance))
	switch {
	case r.Tile == "" && r.Outs != nil:
		o := r.Outs
		return fmt.Sprintf("the tiles it waits for were read in the others' racks: %.1f of its %d left in the wall as the table reads, %.1f on racks dealt at random; after discard %s, %.1f of %d and %.1f",
			o.Wall, o.Outs, o.WallChance, o.Best, o.BestWall, o.BestOuts, o.BestChance)
	case r.Tile == "" && r.Uniform == Best:
		return "read from the table: on racks dealt at random this move was not shown to lose"
	case r.Tile == "":
		return fmt.Sprintf("read from the table: on racks dealt at random this move lost %s, not shown to be an inaccuracy", amount(r.UniformLoss))
	case r.Wants && r.Laid != "" && r.Seen != "":
		return fmt.Sprintf("the next player laid down %s and took %s from the discards: %s was likely to help it %s", r.Laid, r.Seen, r.Tile, odds)
	case r.Wants && r.Laid != "":
		return fmt.Sprintf("the next player laid down %s: %s was likely to help it %s", r.Laid, r.Tile, odds)
	case r.Wants && r.Seen != "":
		return fmt.Sprintf("the next player took %s from the discards: %s was likely to help it %s", r.Seen, r.Tile, odds)
	case r.Wants:
		return fmt.Sprintf("going by the next player's play, %s was likely to help it %s", r.Tile, odds)
	case r.Seen != "":
		return fmt.Sprintf("the next player threw %s: %s was unlikely to help it %s", r.Seen, r.Tile, odds)
	}
	return fmt.Sprintf("going by the next player's play, %s was unlikely to help it %s", r.Tile, odds)
}
