package belief101

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"okey/bots/belief"
	"okey/bots/bots101"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Weighing is how Weighed reads a view: Worlds dealt from the learned
// reading, Picks of each opponent's draws a world (its racks before
// them), the Turns checked (an opponent's last ones: a turn here is
// one plan normal makes, the draw alone or the rest of the turn), and
// Shrink, the learned reading's weight in worlds.
type Weighing struct {
	Worlds, Picks, Turns int
	Shrink               float64
	// Levels are the level (bots101.Turn's) each seat is read as
	// playing: "" is normal. Skip leaves a seat unweighed, its reading
	// the learned one: a player whose play the weighing cannot
	// reproduce (a person, easy's random discards, the expert's
	// search), read as normal, is read worse than by the learned
	// reading alone, as docs/studies/belief-101.md measured of hard.
	Levels [okey101.NumSeats]string
	Skip   [okey101.NumSeats]bool
}

// DefaultWeighing is the weighing docs/studies/belief-101.md measured ("Worlds
// weighed by the turns they explain"): 4,096 worlds, two picks, the last
// four turns, the learned reading worth 32 worlds.
func DefaultWeighing() Weighing { return Weighing{Worlds: 4096, Picks: 2, Turns: 4, Shrink: 32} }

// ErrNotReplayed is Weighed's error when no world dealt from the
// reading rebuilds the hand from its start as the view's history says
// (every try refused): the reading is left as Read gives it.
var ErrNotReplayed = errors.New("belief101: the hand could not be rebuilt from its start")

// Weighed reads view v with model m as Read does, then weighs the
// reading by what the opponents were seen to play: each of w.Worlds
// worlds dealt from the reading (belief.Reading.Deal) is weighed, for
// each opponent alone, by whether normal, holding the world's rack,
// plans that opponent's last w.Turns turns as it played them. A turn
// before one of its draws from the wall needs its rack before the draw:
// the tile drawn is picked among the copies of the world's rack after
// it (each copy as likely: a deal is dealt at random), w.Picks times,
// and the weight is the share of picks whose every turn normal plans
// as played. Each opponent's reading is then its weighed worlds' copies
// shrunk toward the learned reading by w.Shrink worlds' weight.
//
// The learned reading scores each face of each rack on its own; the
// weighing reads a rack as a whole against the turns its player chose,
// as a perfect reading would (docs/studies/belief-101.md: the reading alone
// stops 0.7 points short of the target the issue moved to, and this
// reaches it). It knows what any seat can: the public history and
// normal's policy, the bots' own. An opponent is read as if it played
// normal (w.Levels another of bots101.Turn's levels); one that plays
// otherwise is read worse than by the learned reading alone (hard's and
// easy's bots, docs/studies/belief-101.md "Read as normal, other players"), so
// a caller who knows it skips it (w.Skip).
//
// The turns' views come from the hand rebuilt from its start with one
// world (okey101.View.HandStart) and its public history played again
// (okey101.EventAction): a seat's view at a past turn is the same in
// every world but for its rack. seed seeds the worlds and picks; sv
// is the meld solver normal plans with (nil: a new one). On
// ErrNotReplayed, out holds Read's reading.
func (r *Reader) Weighed(ctx context.Context, v *okey101.View, m *smallnet.Model, w Weighing, seed uint64, sv *meld.Solver, out *belief.Reading) error {
	if err := r.Read(v, m, out); err != nil {
		return err
	}
	if w.Worlds <= 0 || w.Turns <= 0 {
		return nil
	}
	w.Picks = max(w.Picks, 1)
	if sv == nil {
		sv = new(meld.Solver)
	}
	h := newHandTurns(v)
	deal := game.NewSeeded(seed ^ 0x77e1)
	pick := game.NewSeeded(seed ^ 0x91c4)
	// The opponents' turns checked, and their views from one rebuilt
	// hand.
	checked := map[int]bool{}
	for _, seat := range out.Seats {
		if seat < 0 || w.Skip[seat] {
			continue
		}
		ts := h.bySeat[seat]
		for _, k := range ts[max(len(ts)-w.Turns, 0):] {
			checked[k] = true
		}
	}
	if len(checked) == 0 {
		return nil
	}
	views, err := h.views(v, out, checked, deal, pick)
	if err != nil {
		return err
	}
	cache := map[turnRack]bool{}
	plays := func(k int, rack *tile.Counts) (bool, error) {
		key := turnRack{k, *rack}
		if ok, hit := cache[key]; hit {
			return ok, nil
		}
		tv := views[k]
		tv.Counts = *rack
		tv.Rack = rack.Tiles()
		plan, err := bots101.Turn(ctx, cmp.Or(w.Levels[h.turns[k].seat], "normal"), tv, bots101.Options{Solver: sv})
		if err != nil && ctx.Err() != nil {
			return false, err
		}
		ok := err == nil && samePlan(plan, h.turns[k].acts)
		cache[key] = ok
		return ok, nil
	}

	type place struct {
		sum    float64
		copies [tile.NumFaces]float64
	}
	var places [belief.Opponents]place
	var racks [okey101.NumSeats]tile.Counts
	for i := range w.Worlds {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		out.Deal(deal, &racks)
		for o, seat := range out.Seats {
			if seat < 0 || out.Slots[o] == 0 || w.Skip[seat] {
				continue
			}
			ts := h.bySeat[seat]
			ts = ts[max(len(ts)-w.Turns, 0):]
			weight := 0.0
			for range w.Picks {
				ok, err := h.explains(seat, racks[seat], ts, v.Okey, pick, plays)
				if err != nil {
					return err
				}
				if ok {
					weight++
				}
			}
			if weight == 0 {
				continue
			}
			weight /= float64(w.Picks)
			p := &places[o]
			p.sum += weight
			for f, n := range racks[seat] {
				if x := int(n) - int(out.Known[o][f]); x > 0 {
					p.copies[f] += weight * float64(x)
				}
			}
		}
	}
	for o, p := range places {
		if out.Seats[o] < 0 || out.Slots[o] == 0 || w.Skip[out.Seats[o]] {
			continue
		}
		for f := range tile.NumFaces {
			u := out.Unseen[f]
			if u == 0 {
				continue
			}
			out.P[o][f] = (p.copies[f]/float64(u) + w.Shrink*out.P[o][f]) / (p.sum + w.Shrink)
		}
	}
	// Each opponent is weighed alone, so the copies the three expect
	// of a face may pass its unseen copies (rarely, by a little): they
	// are scaled to them then, and the wall holds the rest.
	for f := range tile.NumFaces {
		if out.Unseen[f] == 0 {
			continue
		}
		sum := 0.0
		for o := range belief.Opponents {
			sum += out.P[o][f]
		}
		if sum > 1 {
			for o := range belief.Opponents {
				out.P[o][f] /= sum
			}
			sum = 1
		}
		out.P[belief.Wall][f] = 1 - sum
	}
	return nil
}

// turnRack is a turn and a rack it was checked from.
type turnRack struct {
	turn int
	rack tile.Counts
}

// handTurn is one plan a seat played, as the history shows it: its
// actions (okey101.EventAction), their events, and the index in the
// history of the first.
type handTurn struct {
	seat  int
	first int
	acts  []okey101.Action
	evs   []okey101.Event
}

// handTurns are the plans of a view's hand, in order, and each seat's
// (indices into turns).
type handTurns struct {
	turns  []handTurn
	bySeat [okey101.NumSeats][]int
	// starts maps the history's index of a turn's first event to it.
	starts map[int]int
}

// newHandTurns splits the view's history into the plans the seats
// played: a plan ends with a draw (the rest is planned once the tile is
// known), a give-back or a discard; events no action makes go with the
// plan before them.
func newHandTurns(v *okey101.View) *handTurns {
	h := &handTurns{starts: map[int]int{}}
	open := -1
	for i, e := range v.History {
		a, ok := okey101.EventAction(e)
		if !ok {
			continue
		}
		if open < 0 || h.turns[open].seat != e.Seat {
			open = len(h.turns)
			h.turns = append(h.turns, handTurn{seat: e.Seat, first: i})
			h.bySeat[e.Seat] = append(h.bySeat[e.Seat], open)
			h.starts[i] = open
		}
		t := &h.turns[open]
		t.acts = append(t.acts, a)
		t.evs = append(t.evs, e)
		switch a.Kind {
		case okey101.ActDraw, okey101.ActGiveBack, okey101.ActDiscard:
			open = -1
		}
	}
	return h
}

// undo takes turn t's actions back from rack, the seat's rack after
// them, last first: what the turn laid, laid off and threw goes back,
// what it took comes out, and a draw's tile is picked among the rack's
// copies (drawn records each pick, nil: none kept). ok is false when the
// rack cannot have played the turn (a count below zero).
func (t *handTurn) undo(rack *[tile.NumFaces]int, okey tile.Tile, pick *game.Seeded, drawn *[]tile.Tile) bool {
	add := func(x tile.Tile, n int) bool {
		if !x.Valid() {
			return false
		}
		rack[x] += n
		return rack[x] >= 0
	}
	for j := len(t.acts) - 1; j >= 0; j-- {
		a, e := t.acts[j], t.evs[j]
		ok := true
		switch a.Kind {
		case okey101.ActDiscard, okey101.ActLayOff, okey101.ActGiveBack:
			ok = add(e.Tile, 1)
		case okey101.ActOpen, okey101.ActLay:
			for _, g := range a.Melds {
				for _, x := range g {
					ok = ok && add(x, 1)
				}
			}
		case okey101.ActTakeBack:
			ok = add(e.Tile, 1) && add(okey, -1)
		case okey101.ActTake:
			ok = add(e.Tile, -1)
		case okey101.ActDraw:
			x := e.Tile
			if !x.Valid() {
				total := 0
				for _, n := range rack {
					total += n
				}
				if total <= 0 {
					return false
				}
				k := pick.Intn(total)
				f := 0
				for ; k >= rack[f]; f++ {
					k -= rack[f]
				}
				x = tile.Tile(f)
			}
			ok = add(x, -1)
			if drawn != nil {
				*drawn = append(*drawn, x)
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// explains reports whether normal, holding rack now, plans every one of
// ts (seat's last turns) as the seat played it, the draws before them
// picked at random.
func (h *handTurns) explains(seat int, now tile.Counts, ts []int, okey tile.Tile, pick *game.Seeded, plays func(int, *tile.Counts) (bool, error)) (bool, error) {
	var rack [tile.NumFaces]int
	for f, n := range now {
		rack[f] = int(n)
	}
	for j := len(ts) - 1; j >= 0; j-- {
		if !h.turns[ts[j]].undo(&rack, okey, pick, nil) {
			return false, nil
		}
		var c tile.Counts
		for f, n := range rack {
			c[f] = uint8(n)
		}
		ok, err := plays(ts[j], &c)
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// views rebuilds the hand from its start with a world dealt from rd
// (its draws picked as explains picks them), plays the history again and
// keeps each checked turn's view, the seat's own, as it was when the
// turn began. Tries a few worlds; ErrNotReplayed when none replays.
func (h *handTurns) views(v *okey101.View, rd *belief.Reading, checked map[int]bool, deal, pick *game.Seeded) (map[int]okey101.View, error) {
	var last error
	for range 8 {
		var racks [okey101.NumSeats]tile.Counts
		rd.Deal(deal, &racks)
		racks[v.Seat] = v.Counts
		d, err := h.dealOf(v, &racks, pick)
		if err != nil {
			last = err
			continue
		}
		views, err := h.replay(v, d, checked)
		if err == nil {
			return views, nil
		}
		last = err
	}
	return nil, fmt.Errorf("%w: %w", ErrNotReplayed, last)
}

// dealOf is the deal a world's racks (now) were dealt from: each rack
// with its turns taken back, the draws picked, and the wall the draws
// in the order made, then the tiles no rack, table or stack holds.
func (h *handTurns) dealOf(v *okey101.View, now *[okey101.NumSeats]tile.Counts, pick *game.Seeded) (okey101.Deal, error) {
	var rack [okey101.NumSeats][tile.NumFaces]int
	for s := range okey101.NumSeats {
		for f, n := range now[s] {
			rack[s][f] = int(n)
		}
	}
	// Draws, picked last first: put back in the order made.
	var drawn [][]tile.Tile
	for k := len(h.turns) - 1; k >= 0; k-- {
		t := &h.turns[k]
		var ds []tile.Tile
		if !t.undo(&rack[t.seat], v.Okey, pick, &ds) {
			return okey101.Deal{}, fmt.Errorf("seat %d's rack cannot have played its turn at event %d", t.seat, t.first)
		}
		drawn = append(drawn, ds)
	}
	d := okey101.Deal{Dealer: v.Dealer, Indicator: v.Indicator}
	var left [tile.NumFaces]int
	for f := range left {
		left[f] = 2
	}
	left[v.Indicator]--
	for s := range okey101.NumSeats {
		for f, n := range rack[s] {
			d.Racks[s][f] = uint8(n)
			left[f] -= n
		}
	}
	for k := len(drawn) - 1; k >= 0; k-- {
		for _, x := range drawn[k] {
			d.Wall = append(d.Wall, x)
			left[x]--
		}
	}
	for f, n := range left {
		if n < 0 {
			return okey101.Deal{}, fmt.Errorf("%d copies of %v too many", -n, tile.Tile(f))
		}
		for range n {
			d.Wall = append(d.Wall, tile.Tile(f))
		}
	}
	return d, nil
}

// replay plays the view's history again from the start d deals, and
// keeps the view each checked turn's seat had as the turn began.
func (h *handTurns) replay(v *okey101.View, d okey101.Deal, checked map[int]bool) (map[int]okey101.View, error) {
	st, err := v.HandStart(d)
	if err != nil {
		return nil, err
	}
	views := map[int]okey101.View{}
	for i, e := range v.History {
		a, ok := okey101.EventAction(e)
		if !ok {
			continue
		}
		if k, ok := h.starts[i]; ok && checked[k] {
			views[k] = st.View(e.Seat)
		}
		next, evs, err := st.Apply(a)
		if err == nil && len(evs) > 0 && !sameEvent(evs[0].Redact(v.Seat), e) && a.Kind == okey101.ActLayOff {
			// The one lay-off EventAction cannot read: the okey went
			// to the run's low end.
			a.End = meld.LowEnd
			next, evs, err = st.Apply(a)
		}
		if err != nil {
			return nil, fmt.Errorf("event %d (%v): %w", i, e.Kind, err)
		}
		if len(evs) == 0 || !sameEvent(evs[0].Redact(v.Seat), e) {
			return nil, fmt.Errorf("event %d (%v) played again otherwise", i, e.Kind)
		}
		st = next
	}
	return views, nil
}

// sameEvent reports whether two events say the same.
func sameEvent(a, b okey101.Event) bool {
	if a.Kind != b.Kind || a.Seat != b.Seat || a.Tile != b.Tile || a.From != b.From || a.Meld != b.Meld || len(a.Melds) != len(b.Melds) {
		return false
	}
	for i := range a.Melds {
		if !slices.Equal(a.Melds[i].Tiles, b.Melds[i].Tiles) {
			return false
		}
	}
	return true
}

// samePlan reports whether a plan is the one played (acts, as
// okey101.EventAction gives them): the same actions in order, melds as
// the same tiles (the referee reads the same tiles to the same melds).
func samePlan(plan, acts []okey101.Action) bool {
	if len(plan) != len(acts) {
		return false
	}
	for i, a := range plan {
		b := acts[i]
		if a.Kind != b.Kind || a.Seat != b.Seat {
			return false
		}
		switch a.Kind {
		case okey101.ActDiscard, okey101.ActGiveBack:
			if a.Kind == okey101.ActDiscard && a.Tile != b.Tile {
				return false
			}
		case okey101.ActLayOff, okey101.ActTakeBack:
			if a.Tile != b.Tile || a.Meld != b.Meld {
				return false
			}
		case okey101.ActOpen, okey101.ActLay:
			if !sameGroups(a.Melds, b.Melds) {
				return false
			}
		}
	}
	return true
}

// sameGroups reports whether two lists of melds hold the same tiles,
// meld by meld, in any order.
func sameGroups(a, b [][]tile.Tile) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(gs [][]tile.Tile) []string {
		ks := make([]string, len(gs))
		for i, g := range gs {
			c := slices.Clone(g)
			slices.Sort(c)
			ks[i] = fmt.Sprint(c)
		}
		slices.Sort(ks)
		return ks
	}
	return slices.Equal(key(a), key(b))
}
