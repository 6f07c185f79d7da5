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

// TableRead is what reading the table changed in a verdict on a
// discard: the move played loses an inaccuracy or more on the belief's
// worlds and is labelled best or good on racks dealt at random
// (Chance's worlds). A label read on other worlds changes by chance
// about one decision in ten (docs/review.md), so the words give both
// readings' figures rather than a bare "the reading decided it".
type TableRead struct {
	// Seat is the next player's seat, whom a discard may feed.
	Seat int `json:"seat"`
	// Tile is the tile the reading is about: the move played's discard
	// when Wants, else the best discard's.
	Tile string `json:"tile"`
	// Wants says the reading found Tile likelier to help Seat than
	// chance (the move played gave it away); false, less likely (the
	// best discard was the safer one).
	Wants bool `json:"wants"`
	// Seen are the tiles Seat was seen to take (Wants) or throw that go
	// with Tile (the same face, a run's neighbours, the same value): the
	// public evidence. Empty when none does: the reading came from the
	// rest of its play.
	Seen string `json:"seen,omitempty"`
	// Belief and Chance are the shares of worlds in which Tile would
	// bring Seat's rack nearer a win: the belief's worlds, and racks
	// dealt at random from what the seat could not see.
	Belief float64 `json:"belief"`
	Chance float64 `json:"chance"`
	// Outs is, when neither tile's chance moved, the outs of the rack
	// each discard leaves and how many the wall holds, when the belief
	// put the move played's out of the wall (nil otherwise).
	Outs *OutsRead `json:"outs,omitempty"`
	// Uniform is the label the move played gets when the judge deals
	// racks at random (best or good), UniformLoss its loss there.
	Uniform     Label   `json:"uniform"`
	UniformLoss float64 `json:"uniform_loss"`
}

// readWorlds is how many worlds of each sampler the reading counts:
// its shares are known to about ±0.06.
const readWorlds = 128

// readShift is how far the belief's share must be from chance's for
// the reading to be said of a tile: less is within the noise of
// readWorlds worlds.
const readShift = 0.10

// readClassic is what reading the table changed in the verdict d on
// discarding played where the best was to discard best, from view v;
// nil when the belief changed no label (judged again on racks dealt at
// random, the move played still loses an inaccuracy or more). It costs a second judging of the decision, so it is asked
// only of a discard shown to lose.
func readClassic(ctx context.Context, v *classic.View, played, best classic.Action, o Options) (*TableRead, error) {
	uni := rollout.Uniform()
	o.sampler, o.RuleOut, o.Progress = &uni, "", nil
	du, err := JudgeClassic(ctx, *v, played, o)
	if err != nil {
		return nil, err
	}
	if worse(du.Label) {
		return nil, nil // an inaccuracy or worse on random racks too
	}
	next := nextSeat(v)
	seed := viewSeed(o.Seed, v.Hand, len(v.History), uint8(v.Stage)) ^ 0x7ead
	share := func(s rollout.SamplerClassic, t tile.Tile) (float64, error) {
		return feedShare(v, s, seed, next, t)
	}
	r := &TableRead{Seat: next, Uniform: du.Label, UniformLoss: du.Loss}
	for _, c := range []struct {
		t     tile.Tile
		wants bool
	}{{played.Tile, true}, {best.Tile, false}} {
		b, err := share(rollout.Sampler(), c.t)
		if err != nil {
			return nil, err
		}
		u, err := share(uni, c.t)
		if err != nil {
			return nil, err
		}
		if (c.wants && b-u >= readShift) || (!c.wants && u-b >= readShift) {
			r.Tile, r.Wants, r.Belief, r.Chance = c.t.String(), c.wants, b, u
			r.Seen = tile.FormatTiles(seenWith(v, next, c.t, c.wants))
			return r, nil
		}
	}
	// Not through the next player's wants: through the player's own
	// outs, read likelier in the others' racks than in the wall after
	// the move played than after the best.
	if o, ok := outsRead(v, played.Tile, best.Tile); ok {
		r.Outs = &o
	}
	return r, nil
}

// OutsRead is, for the move played's discard and the best's, the unseen
// tiles that would bring the rack left nearer a win, and how many of
// them the wall is expected to hold: as the belief reads the racks, and
// on racks dealt at random.
type OutsRead struct {
	// Best is the best discard; Outs and BestOuts the unseen copies of
	// the outs after each, Wall and BestWall how many of them the wall
	// holds as the belief reads it, WallChance and BestChance on random
	// racks.
	Best       string  `json:"best"`
	Outs       int     `json:"outs"`
	BestOuts   int     `json:"best_outs"`
	Wall       float64 `json:"wall"`
	BestWall   float64 `json:"best_wall"`
	WallChance float64 `json:"wall_chance"`
	BestChance float64 `json:"best_chance"`
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
		u := a.PlaysAs(e.Tile)
		run := u.Colour() == pt.Colour() && abs(u.Value()-pt.Value()) <= 2
		set := u.Value() == pt.Value()
		if run || set {
			out = append(out, e.Tile)
		}
	}
	return out[max(len(out)-3, 0):]
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
	case r.Wants && r.Seen != "":
		return fmt.Sprintf("the next player took %s from the discards: %s was likely to help it %s", r.Seen, r.Tile, odds)
	case r.Wants:
		return fmt.Sprintf("going by the next player's play, %s was likely to help it %s", r.Tile, odds)
	case r.Seen != "":
		return fmt.Sprintf("the next player threw %s: %s was unlikely to help it %s", r.Seen, r.Tile, odds)
	}
	return fmt.Sprintf("going by the next player's play, %s was unlikely to help it %s", r.Tile, odds)
}
