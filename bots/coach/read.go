package coach

import (
	"context"
	"fmt"

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
	return r, nil // the reading mattered, not through the next player's wants
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
