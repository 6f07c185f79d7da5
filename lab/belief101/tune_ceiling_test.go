//go:build tune

package belief101_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/bots101"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// What a perfect reading of 101 could reach (docs/studies/belief-101.md, "What
// a perfect reading could reach"): the proxy chain of classic's bound
// (bots/botsclassic/tune_belief_test.go) made for 101. The racks'
// posterior given the public history, the other seats playing normal's
// policy, has no closed form; the proxy is a Markov chain over the
// hidden placement whose stationary law is that posterior:
//
//   - a state places the tiles the reading seat cannot place (all 106
//     but the indicator, its own first rack and its own draws) into
//     slots: each opponent's first rack, each opponent's draw so far,
//     the wall left;
//   - its weight is the prior (uniform over placements) times the
//     likelihood, the chance that normal, holding the racks the
//     placement gives, plans every turn the opponents were seen to
//     play. Normal of 101 draws nothing at random (its discard's ties
//     go to the lowest face), so that chance is 1 or 0: every plan
//     bots101.Turn makes for the opponent's view with the placement's
//     rack must be the plan it played;
//   - a move swaps the tiles of two slots picked at random and is kept
//     when the likelihood stays 1 (the Metropolis rule with a flat
//     prior and a symmetric proposal).
//
// Tiles an opponent laid, laid off or threw are seen: a placement that
// did not put them in its rack in time fails the plan (the board checks
// every action as the referee would) or leaves a count below zero, so
// they stay in the opponent's slots; the chain only chooses which of
// its slots (its first rack or which draw) held them.
//
// Each position's chain starts from the true placement, which always
// has weight 1, and runs burn moves before its first world and K
// between worlds: exact only as it mixes, and with too few moves its
// worlds stay nearer the truth than the posterior's (moved says how far
// they went). It also knows what no honest reader can: that the others
// play normal's policy exactly.

// ceilSeg is one plan a seat played: the seat's view when the plan was
// made, its state, and the actions.
type ceilSeg struct {
	seat int
	move int
	st   okey101.State
	v    okey101.View
	acts []okey101.Action
}

// ceilDraw is a tile a seat drew from the wall, at move move.
type ceilDraw struct {
	t    tile.Tile
	move int
}

// ceilHand is a hand of four normal bots as the chain reads it.
type ceilHand struct {
	seed  uint64
	init  [okey101.NumSeats]tile.Counts
	ind   tile.Tile
	segs  []ceilSeg
	draws [okey101.NumSeats][]ceilDraw
	// bySeat lists each seat's segments, in order (indices into segs).
	bySeat [okey101.NumSeats][]int
}

// playCeil plays hand i of seed (smallnet.HandSeed, default rules, the
// first hand of the match) with four normal bots, each turn as
// bots101.Turn plans it, and records it.
func playCeil(ctx context.Context, seed uint64, i int, sv *meld.Solver) (*ceilHand, error) {
	return playLevel(ctx, seed, i, sv, "normal")
}

// playLevel is playCeil with four bots of level (bots101.Turn's), each
// seeded by the hand and its seat: hard's samplers draw from their bot's
// seed, which no other seat knows (normal draws nothing at random, and
// plays alike under any seed).
func playLevel(ctx context.Context, seed uint64, i int, sv *meld.Solver, level string) (*ceilHand, error) {
	h := &ceilHand{seed: smallnet.HandSeed(seed, i)}
	st, err := okey101.NewMatch(okey101.DefaultRules(), h.seed)
	if err != nil {
		return nil, err
	}
	for s := range okey101.NumSeats {
		h.init[s] = st.View(s).Counts
	}
	h.ind = st.Indicator()
	for st.Phase() == game.Playing && st.Moves() < 2000 {
		seat := st.Turn()
		v := st.View(seat)
		acts, err := bots101.Turn(ctx, level, v, bots101.Options{Solver: sv, Seed: h.seed ^ uint64(seat+1)*0xb5ad4eceda1ce2a9})
		if err != nil {
			return nil, fmt.Errorf("hand %d, move %d: %w", i, st.Moves(), err)
		}
		h.bySeat[seat] = append(h.bySeat[seat], len(h.segs))
		h.segs = append(h.segs, ceilSeg{seat: seat, move: st.Moves(), st: st, v: v, acts: acts})
		for _, a := range acts {
			before := st.View(seat).Counts
			m := st.Moves()
			if st, _, err = st.Apply(a); err != nil {
				return nil, fmt.Errorf("hand %d, move %d (%v): %w", i, m, a, err)
			}
			if a.Kind == okey101.ActDraw {
				after := st.View(seat).Counts
				t := tile.NoTile
				for f := range after {
					if after[f] > before[f] {
						t = tile.Tile(f)
					}
				}
				if !t.Valid() {
					return nil, fmt.Errorf("hand %d, move %d: a draw that added no tile", i, m)
				}
				h.draws[seat] = append(h.draws[seat], ceilDraw{t: t, move: m})
			}
			if st.Phase() != game.Playing {
				break
			}
		}
	}
	return h, nil
}

// ceilKey is a plan's check cached: the segment and the rack.
type ceilKey struct {
	seg  int32
	rack tile.Counts
}

// ceilChain is the chain of one position: seat me's view before the
// move at index pos of the hand's segments.
type ceilChain struct {
	h   *ceilHand
	me  int
	pos int // the segment of me's view: the opponents' segments before it count
	// slots is the placement; owner the seat a slot belongs to (-1 the
	// wall); when the move at which a draw slot was drawn (-1 a first
	// rack's slot or the wall's); truth the true placement.
	slots, truth []tile.Tile
	owner        []int8
	when         []int
	// segsOf are each opponent's segments before pos.
	segsOf [okey101.NumSeats][]int
	// now is each opponent's true rack at the position.
	now [okey101.NumSeats]tile.Counts

	sv    *meld.Solver
	cache map[ceilKey]bool
	stats ceilStats
}

// ceilStats count a chain's work.
type ceilStats struct {
	tried, took, refused, turns, hits int
	// unlike counts the plans made that were not the plan played
	unlike int
}

// newCeilChain builds the chain of the position at segment pos, its
// placement the truth, and the views at it.
func newCeilChain(h *ceilHand, pos int, sv *meld.Solver, cache map[ceilKey]bool) (*ceilChain, error) {
	c := &ceilChain{h: h, me: h.segs[pos].seat, pos: pos, sv: sv, cache: cache}
	tP := h.segs[pos].move
	var rest tile.Counts
	for f := range rest {
		rest[f] = 2
	}
	take := func(t tile.Tile) error {
		if rest[t] == 0 {
			return fmt.Errorf("hand %#x: more than two copies of %v placed", h.seed, t)
		}
		rest[t]--
		return nil
	}
	if err := take(h.ind); err != nil {
		return nil, err
	}
	for s := range okey101.NumSeats {
		for _, t := range h.init[s].Tiles() {
			if err := take(t); err != nil {
				return nil, err
			}
			if s != c.me {
				c.slots = append(c.slots, t)
				c.owner = append(c.owner, int8(s))
				c.when = append(c.when, -1)
			}
		}
		for _, d := range h.draws[s] {
			if d.move >= tP {
				break
			}
			if err := take(d.t); err != nil {
				return nil, err
			}
			if s != c.me {
				c.slots = append(c.slots, d.t)
				c.owner = append(c.owner, int8(s))
				c.when = append(c.when, d.move)
			}
		}
		if s != c.me {
			for _, k := range h.bySeat[s] {
				if h.segs[k].move < tP {
					c.segsOf[s] = append(c.segsOf[s], k)
				}
			}
			c.now[s] = h.segs[pos].st.View(s).Counts
		}
	}
	if w := rest.Total(); w != h.segs[pos].v.WallLeft {
		return nil, fmt.Errorf("hand %#x, move %d: %d tiles left for a wall of %d", h.seed, tP, w, h.segs[pos].v.WallLeft)
	}
	for _, t := range rest.Tiles() {
		c.slots = append(c.slots, t)
		c.owner = append(c.owner, -1)
		c.when = append(c.when, -1)
	}
	c.truth = append([]tile.Tile(nil), c.slots...)
	return c, nil
}

// delta is what seat s's hidden tiles under the placement hold beyond
// the true ones, counting its first rack and the draws before move m.
func (c *ceilChain) delta(s, m int, d *[tile.NumFaces]int) {
	*d = [tile.NumFaces]int{}
	for x, o := range c.owner {
		if int(o) != s || c.when[x] >= m {
			continue
		}
		d[c.slots[x]]++
		d[c.truth[x]]--
	}
}

// valid reports whether normal, in seat s, plays every plan seat s was
// seen to play from the racks the placement gives it; from is the first
// move whose rack the placement may have changed (plans made before it
// are not checked again).
func (c *ceilChain) valid(s, from int) bool {
	var d [tile.NumFaces]int
	for _, k := range c.segsOf[s] {
		sg := &c.h.segs[k]
		c.delta(s, sg.move, &d)
		if sg.move < from {
			continue
		}
		var rack tile.Counts
		for f := range rack {
			n := int(sg.v.Counts[f]) + d[f]
			if n < 0 {
				return false
			}
			rack[f] = uint8(n)
		}
		if !c.plays(k, &rack) {
			return false
		}
	}
	c.delta(s, c.h.segs[c.pos].move, &d)
	for f := range d {
		if int(c.now[s][f])+d[f] < 0 {
			return false
		}
	}
	return true
}

// plays reports whether normal plans segment k's turn from its view
// with rack in the place of the seat's true rack.
func (c *ceilChain) plays(k int, rack *tile.Counts) bool {
	key := ceilKey{seg: int32(k), rack: *rack}
	if ok, hit := c.cache[key]; hit {
		c.stats.hits++
		return ok
	}
	sg := &c.h.segs[k]
	v := sg.v
	v.Counts = *rack
	v.Rack = rack.Tiles()
	c.stats.turns++
	got, err := bots101.Turn(context.Background(), "normal", v, bots101.Options{Solver: c.sv})
	ok := err == nil && reflect.DeepEqual(got, sg.acts)
	if !ok {
		c.stats.unlike++
	}
	if len(c.cache) > 1<<20 {
		clear(c.cache)
	}
	c.cache[key] = ok
	return ok
}

// run makes n moves of the chain: a swap of two slots picked at random,
// kept when every opponent it touches still plays as it was seen to.
func (c *ceilChain) run(rnd *game.Seeded, n int) {
	for range n {
		i, j := rnd.Intn(len(c.slots)), rnd.Intn(len(c.slots))
		c.stats.tried++
		oi, oj := c.owner[i], c.owner[j]
		if c.slots[i] == c.slots[j] || oi < 0 && oj < 0 || oi == oj && c.when[i] < 0 && c.when[j] < 0 {
			continue
		}
		c.slots[i], c.slots[j] = c.slots[j], c.slots[i]
		ok := true
		if oi >= 0 {
			from := c.when[i]
			if oi == oj {
				from = min(from, c.when[j])
			}
			ok = c.valid(int(oi), from+1)
		}
		if ok && oj >= 0 && oj != oi {
			ok = c.valid(int(oj), c.when[j]+1)
		}
		if ok {
			c.stats.took++
			continue
		}
		c.stats.refused++
		c.slots[i], c.slots[j] = c.slots[j], c.slots[i]
	}
}

// movedOf is the share of the opponents' unseen tiles (rd's Slots)
// that racks put where the true racks do not hold them.
func (c *ceilChain) movedOf(racks *[okey101.NumSeats]tile.Counts, rd *belief.Reading) float64 {
	diff, hidden := 0, 0
	for o, s := range rd.Seats {
		hidden += rd.Slots[o]
		for f := range tile.NumFaces {
			if racks[s][f] > c.now[s][f] {
				diff += int(racks[s][f] - c.now[s][f])
			}
		}
	}
	return float64(diff) / float64(max(hidden, 1))
}

// racks are the opponents' racks at the position under the placement.
func (c *ceilChain) racks() (r [okey101.NumSeats]tile.Counts) {
	var d [tile.NumFaces]int
	for s := range okey101.NumSeats {
		if s == c.me {
			continue
		}
		c.delta(s, c.h.segs[c.pos].move, &d)
		for f := range d {
			r[s][f] = uint8(int(c.now[s][f]) + d[f])
		}
	}
	return r
}

// ceilSums are one hand's figures for one chain length (or the
// readings): sums over its positions' cells (an opponent and a face with
// unseen copies and unseen slots in that rack) of the log-loss of the
// count the true rack held (belief.CellLoss), split by the wall's tiles
// left (0: above 16, 1: 16 or fewer). W64 is the frequencies of 64 of
// the worlds (every fourth of 256: spread over the run) with half a copy
// added to every place (belief.Frequencies, as classic's probe); WAll
// the same over all the worlds; S64 all the worlds' counts shrunk toward
// the uniform reading by 64 worlds' weight (no half copy), M16 toward
// the learned reading by 16. Moved sums, over the worlds, the share of
// the opponents' unseen tiles a world puts where the true racks do not
// hold them; Worlds counts them.
type ceilSums struct {
	Cells, W64, WAll, S64, M16 [2]float64
	Moved, Worlds              float64
}

// ceilRead are one hand's sums for the readings themselves: the learned
// reading (bots/belief101's shipped weights) and the uniform one; and,
// for scale, the moved of 16 worlds a position dealt from each
// (belief.Reading.Deal: independent worlds).
type ceilRead struct {
	Cells, Read, Flat [2]float64
	// Alt is the other reading's (OKEY_ALT), if one was given.
	Alt       [2]float64
	Positions int
	FlatMoved float64
	ReadMoved float64
	Worlds    float64
}

// ceilLine is one hand's line of the run's file.
type ceilLine struct {
	// Alt says Reads.Alt was scored (OKEY_ALT).
	Alt    bool
	Hand   int
	Seed   uint64
	Burn   int
	N      int
	K      []int
	Chains []ceilSums
	Reads  ceilRead
	Tried  int
	Took   int
	Turns  int
	Hits   int
	// RW is the weighed readings' (OKEY_RW_M), if scored.
	RW *rwSums `json:",omitempty"`
}

// ceilConfig is a run's chain: burn moves before the first world, then
// N worlds K[c] moves apart for each length c (all from one chain: the
// lengths share its first moves).
type ceilConfig struct {
	burn, n int
	ks      []int
	// every keeps one position in every (1: all), at random by the seed.
	every int
	// alt, if set, is another reading scored on the same cells
	// (OKEY_ALT: a weights file the trainer wrote).
	alt *smallnet.Model
	// rw, if set, is the learned reading weighed by normal's plans,
	// scored on the same cells (OKEY_RW_M: tune_reweigh_test.go).
	rw *rwConfig
	// weighed scores the shipped Weighed reading (DefaultWeighing) as
	// the second reading, in alt's place (OKEY_WEIGHED=1), with
	// weighing's worlds (OKEY_WORLDS, 0: DefaultWeighing's).
	weighed  bool
	weighing belief101.Weighing
}

// measureHand plays hand i of seed and measures, at each position (a
// seat's view at the start of its turn, in the draw stage), the chain's
// worlds and the two readings.
func measureHand(ctx context.Context, seed uint64, i int, cfg ceilConfig, sv *meld.Solver) (ceilLine, error) {
	h, err := playCeil(ctx, seed, i, sv)
	if err != nil {
		return ceilLine{}, err
	}
	line := ceilLine{Hand: i, Seed: h.seed, Burn: cfg.burn, N: cfg.n, K: cfg.ks, Chains: make([]ceilSums, len(cfg.ks)), Alt: cfg.alt != nil || cfg.weighed}
	if cfg.rw != nil {
		rw := newRWSums(cfg.rw)
		line.RW = &rw
	}
	cache := map[ceilKey]bool{}
	var rd belief101.Reader
	var flat, read, alt belief.Reading
	pick := game.NewSeeded(h.seed ^ 0xce11)
	for pos := range h.segs {
		sg := &h.segs[pos]
		if sg.v.Stage != okey101.StageDraw {
			continue
		}
		if cfg.every > 1 && pick.Intn(cfg.every) != 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return line, err
		}
		if err := rd.Read(&sg.v, nil, &flat); err != nil {
			return line, err
		}
		if err := rd.Read(&sg.v, belief101.Trained(), &read); err != nil {
			return line, err
		}
		if cfg.alt != nil {
			if err := rd.Read(&sg.v, cfg.alt, &alt); err != nil {
				return line, err
			}
		}
		if cfg.weighed {
			v := sg.v
			if err := rd.Weighed(ctx, &v, belief101.Trained(), cfg.weighing, h.seed^uint64(pos)*0x3c6ef372fe94f82b, sv, &alt); err != nil {
				return line, fmt.Errorf("hand %d, move %d: %w", i, sg.move, err)
			}
			if !reflect.DeepEqual(v, sg.v) {
				return line, fmt.Errorf("hand %d, move %d: the weighed reading changed its view", i, sg.move)
			}
		}
		c, err := newCeilChain(h, pos, sv, cache)
		if err != nil {
			return line, err
		}
		for s := range okey101.NumSeats {
			if s != c.me && !c.valid(s, 0) {
				return line, fmt.Errorf("hand %d, move %d: the true placement has no weight for seat %d", i, sg.move, s)
			}
		}
		stage := 0
		if sg.v.WallLeft <= 16 {
			stage = 1
		}
		worlds, err := c.worlds(game.NewSeeded(h.seed^uint64(pos)*0x9e3779b97f4a7c15), cfg, &read)
		if err != nil {
			return line, fmt.Errorf("hand %d, move %d: %w", i, sg.move, err)
		}
		line.Reads.Positions++
		if cfg.rw != nil {
			c.scoreRW(cfg.rw, &read, h.seed^uint64(pos)*0x51ed27, stage, line.RW)
		}
		deal := game.NewSeeded(h.seed ^ uint64(pos)<<20)
		for range 16 {
			for _, r := range []*belief.Reading{&flat, &read} {
				var racks [okey101.NumSeats]tile.Counts
				r.Deal(deal, &racks)
				m := c.movedOf(&racks, &read)
				if r == &flat {
					line.Reads.FlatMoved += m
				} else {
					line.Reads.ReadMoved += m
				}
			}
			line.Reads.Worlds++
		}
		for f := range tile.NumFaces {
			u := read.Unseen[f]
			if u == 0 {
				continue
			}
			for o, seat := range read.Seats {
				if read.Slots[o] == 0 {
					continue
				}
				k := int(c.now[seat][f]) - int(read.Known[o][f])
				if k < 0 || k > int(u) {
					return line, fmt.Errorf("face %v: seat %d holds %d, the view knows %d of %d unseen", tile.Tile(f), seat, c.now[seat][f], read.Known[o][f], u)
				}
				line.Reads.Cells[stage]++
				line.Reads.Read[stage] += belief.CellLoss(read.P[o][f], u, uint8(k))
				line.Reads.Flat[stage] += belief.CellLoss(flat.P[o][f], u, uint8(k))
				if line.Alt {
					line.Reads.Alt[stage] += belief.CellLoss(alt.P[o][f], u, uint8(k))
				}
				for kk := range cfg.ks {
					w := &worlds[kk]
					cs := &line.Chains[kk]
					n, uu := float64(cfg.n), float64(u)
					q64 := belief.Frequencies(w.h64[f], w.n64, u, read.Slots)
					qall := belief.Frequencies(w.all[f], cfg.n, u, read.Slots)
					cs.Cells[stage]++
					cs.W64[stage] += belief.CellLoss(q64[o], u, uint8(k))
					cs.WAll[stage] += belief.CellLoss(qall[o], u, uint8(k))
					cs.S64[stage] += belief.CellLoss((w.all[f][o]/uu+64*flat.P[o][f])/(n+64), u, uint8(k))
					cs.M16[stage] += belief.CellLoss((w.all[f][o]/uu+16*read.P[o][f])/(n+16), u, uint8(k))
				}
			}
		}
		for kk := range cfg.ks {
			line.Chains[kk].Moved += worlds[kk].moved
			line.Chains[kk].Worlds += float64(cfg.n)
		}
		line.Tried += c.stats.tried
		line.Took += c.stats.took
		line.Turns += c.stats.turns
		line.Hits += c.stats.hits
	}
	return line, nil
}

// ceilWorlds are one length's worlds at a position: the copies of each
// face they put in each opponent's unseen slots (by place), over all of
// them and over 64 spread over the run, and the sum of their moved.
type ceilWorlds struct {
	all, h64 [tile.NumFaces][belief.Opponents]float64
	n64      int
	moved    float64
}

// worlds runs the chain: burn moves, then N worlds K[c] moves apart for
// every length c, filed by the reading rd's places (its Seats, Known
// and Slots).
func (c *ceilChain) worlds(rnd *game.Seeded, cfg ceilConfig, rd *belief.Reading) ([]ceilWorlds, error) {
	out := make([]ceilWorlds, len(cfg.ks))
	c.run(rnd, cfg.burn)
	top := 0
	for _, k := range cfg.ks {
		top = max(top, (cfg.n-1)*k)
	}
	hidden := 0
	for o := range belief.Opponents {
		hidden += rd.Slots[o]
	}
	stride := max(cfg.n/64, 1)
	for m := 0; m <= top; m++ {
		var racks [okey101.NumSeats]tile.Counts
		got := false
		for kk, k := range cfg.ks {
			if k > 0 && m%k != 0 || k == 0 && m > 0 || k > 0 && m/k >= cfg.n {
				continue
			}
			i := 0
			if k > 0 {
				i = m / k
			}
			if !got {
				racks, got = c.racks(), true
			}
			w := &out[kk]
			reps := 1
			if k == 0 {
				reps = cfg.n // a chain of no moves: its one world n times
			}
			for range reps {
				diff := 0
				for o, seat := range rd.Seats {
					for f := range tile.NumFaces {
						x := int(racks[seat][f]) - int(rd.Known[o][f])
						if x < 0 {
							return nil, fmt.Errorf("a world gives seat %d %d of %v, fewer than the %d the view knows", seat, racks[seat][f], tile.Tile(f), rd.Known[o][f])
						}
						w.all[f][o] += float64(x)
						if i%stride == 0 && i/stride < 64 {
							w.h64[f][o] += float64(x)
						}
						if racks[seat][f] > c.now[seat][f] {
							diff += int(racks[seat][f] - c.now[seat][f])
						}
					}
				}
				if i%stride == 0 && i/stride < 64 {
					w.n64++
				}
				if hidden > 0 {
					w.moved += float64(diff) / float64(hidden)
				}
				i++
			}
		}
		if m < top {
			c.run(rnd, 1)
		}
	}
	return out, nil
}

// freshHands fails when a hand of seed in [from, from+hands) is one the
// shipped 101 belief was trained on or held out with: hand k of seed s
// here and the trainer's hand k of seed s are dealt from the same seed
// (smallnet.HandSeed).
func freshHands(seed uint64, from, hands int) error {
	sets, err := smallnet.ModelHands(belief101.Trained())
	if err != nil {
		return err
	}
	return smallnet.Fresh(seed, from, hands, sets)
}

// TestCeilingFreshHands: seed 1 is the belief's training, seed 66's
// first thousand hands are none of its hands.
func TestCeilingFreshHands(t *testing.T) {
	if err := freshHands(1, 0, 1); err == nil {
		t.Error("hand 0 of seed 1 passed as fresh; it is the training's hand 0")
	}
	if err := freshHands(1+smallnet.HeldOutOffset, 5, 1); err == nil {
		t.Error("hand 5 of seed 1,000,004 passed as fresh; it is held out")
	}
	if err := freshHands(66, 0, 1000); err != nil {
		t.Error(err)
	}
}

// TestCeilingChain101 checks the chain on the first positions of two
// hands of seed 66: normal seeded otherwise plans every turn of the
// first hand alike (its likelihood is 1 or 0, with no tie drawn at
// random); the true placement has weight 1 (normal plans every
// turn seen from the true racks); a chain of no moves reads the truth
// exactly (its worlds are the true racks, moved 0); and after moves,
// every world gives each opponent its rack's size, at least what the
// view knows it holds, and the unseen copies of each face split between
// the racks and the wall as the view counts them, the wall the view's
// size; the last placement, checked again without the cache, still has
// weight 1; and the chain both moved and refused moves, some because
// normal would have planned otherwise.
func TestCeilingChain101(t *testing.T) {
	ctx := context.Background()
	sv := new(meld.Solver)
	var st ceilStats
	for i := range 2 {
		h, err := playCeil(ctx, 66, i, sv)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			// normal draws nothing at random: another seed plans the same
			for _, sg := range h.segs {
				got, err := bots101.Turn(ctx, "normal", sg.v, bots101.Options{Seed: 0x5eed66})
				if err != nil || !reflect.DeepEqual(got, sg.acts) {
					t.Fatalf("move %d: normal seeded otherwise plans %v (%v), not %v", sg.move, got, err, sg.acts)
				}
			}
		}
		var rd belief101.Reader
		var flat belief.Reading
		checked := 0
		for pos := range h.segs {
			sg := &h.segs[pos]
			if sg.v.Stage != okey101.StageDraw || checked == 6 {
				continue
			}
			checked++
			if err := rd.Read(&sg.v, nil, &flat); err != nil {
				t.Fatal(err)
			}
			c, err := newCeilChain(h, pos, sv, map[ceilKey]bool{})
			if err != nil {
				t.Fatal(err)
			}
			for s := range okey101.NumSeats {
				if s != c.me && !c.valid(s, 0) {
					t.Fatalf("hand %d, move %d: the true placement has no weight for seat %d", i, sg.move, s)
				}
			}
			w, err := c.worlds(game.NewSeeded(1), ceilConfig{n: 8, ks: []int{0}}, &flat)
			if err != nil {
				t.Fatal(err)
			}
			if w[0].moved != 0 {
				t.Errorf("hand %d, move %d: a chain of no moves moved %.3f", i, sg.move, w[0].moved)
			}
			r := c.racks()
			for s := range okey101.NumSeats {
				if s != c.me && r[s] != c.now[s] {
					t.Errorf("hand %d, move %d: with no moves seat %d holds %v, truly %v", i, sg.move, s, r[s].Tiles(), c.now[s].Tiles())
				}
			}
			c.run(game.NewSeeded(uint64(pos)), 3000)
			r = c.racks()
			var wall tile.Counts
			for x, o := range c.owner {
				if o < 0 {
					wall[c.slots[x]]++
				}
			}
			if wall.Total() != sg.v.WallLeft {
				t.Errorf("hand %d, move %d: the wall holds %d, the view says %d", i, sg.move, wall.Total(), sg.v.WallLeft)
			}
			for f := range tile.NumFaces {
				n := int(wall[f])
				for o, s := range flat.Seats {
					x := int(r[s][f]) - int(flat.Known[o][f])
					if x < 0 {
						t.Errorf("hand %d, move %d: seat %d holds %d of %v, the view knows %d", i, sg.move, s, r[s][f], tile.Tile(f), flat.Known[o][f])
					}
					n += x
				}
				if n != int(flat.Unseen[f]) {
					t.Errorf("hand %d, move %d: the world places %d copies of %v, the view has %d unseen", i, sg.move, n, tile.Tile(f), flat.Unseen[f])
				}
			}
			for _, s := range flat.Seats {
				if r[s].Total() != sg.v.TileCounts[s] {
					t.Errorf("hand %d, move %d: seat %d holds %d tiles, truly %d", i, sg.move, s, r[s].Total(), sg.v.TileCounts[s])
				}
			}
			c.cache = map[ceilKey]bool{}
			for s := range okey101.NumSeats {
				if s != c.me && !c.valid(s, 0) {
					t.Errorf("hand %d, move %d: the chain's placement has no weight for seat %d", i, sg.move, s)
				}
			}
			st.tried += c.stats.tried
			st.took += c.stats.took
			st.refused += c.stats.refused
			st.unlike += c.stats.unlike
			st.turns += c.stats.turns
			st.hits += c.stats.hits
		}
	}
	t.Logf("%d moves, %d kept, %d refused, %d plans made (%d not the plan played), %d found in the cache", st.tried, st.took, st.refused, st.turns, st.unlike, st.hits)
	if st.refused == 0 || st.unlike == 0 {
		t.Error("no placement failed a plan: the likelihood reads nothing of the play")
	}
	if st.took == 0 {
		t.Error("the chain never moved")
	}
}

// TestCeiling101 runs the chain on hands of four normal bots and writes
// one line a hand to OKEY_OUT (JSON), then reports them as
// TestCeiling101Report does:
//
//	OKEY_OUT=/tmp/c.jsonl OKEY_SEED=66 OKEY_FROM=0 OKEY_HANDS=10 \
//	OKEY_BURN=4096 OKEY_N=256 OKEY_K=8,32,128,512 OKEY_EVERY=1 OKEY_WORKERS=1 \
//	  go -C lab test -tags tune ./belief101 -run 'Ceiling101$' -v -timeout 0
//
// Every position (a seat's view at the start of its turn, one in
// OKEY_EVERY) starts a chain from the truth; OKEY_K are the lengths,
// all from one chain a position (N worlds K apart after OKEY_BURN
// moves). It refuses hands the belief was trained or held out on.
func TestCeiling101(t *testing.T) {
	out := os.Getenv("OKEY_OUT")
	if out == "" {
		t.Skip("set OKEY_OUT to the file (minutes of CPU)")
	}
	env := func(k string, d int) int { return envInt(t, k, d) }
	seed, from, hands := uint64(env("OKEY_SEED", 66)), env("OKEY_FROM", 0), env("OKEY_HANDS", 10)
	cfg := ceilConfig{burn: env("OKEY_BURN", 4096), n: env("OKEY_N", 256), every: env("OKEY_EVERY", 1)}
	if name := os.Getenv("OKEY_ALT"); name != "" {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.alt, err = smallnet.Parse(b, belief101.Game, belief101.NumFeatures); err != nil {
			t.Fatalf("OKEY_ALT: %v", err)
		}
	}
	cfg.rw = rwFromEnv(t)
	cfg.weighed = os.Getenv("OKEY_WEIGHED") == "1"
	cfg.weighing = belief101.DefaultWeighing()
	cfg.weighing.Worlds = env("OKEY_WORLDS", cfg.weighing.Worlds)
	ks := os.Getenv("OKEY_K")
	if ks == "" {
		ks = "8,32,128,512"
	}
	for _, s := range strings.Split(ks, ",") {
		k, err := strconv.Atoi(s)
		if err != nil || k < 0 {
			t.Fatalf("OKEY_K: %q", s)
		}
		cfg.ks = append(cfg.ks, k)
	}
	if err := freshHands(seed, from, hands); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []ceilLine
	err = eachHand(max(env("OKEY_WORKERS", 1), 1), from, hands,
		func(sv *meld.Solver, i int) (ceilLine, error) {
			return measureHand(context.Background(), seed, i, cfg, sv)
		},
		func(_ int, line ceilLine) error {
			b, _ := json.Marshal(line)
			lines = append(lines, line)
			_, err := f.Write(append(b, '\n'))
			return err
		})
	if err != nil {
		t.Fatal(err)
	}
	ceilReport(t, lines)
}

// envInt is the number the environment's k gives (d when unset); a
// value that is no number fails t.
func envInt(t *testing.T, k string, d int) int {
	t.Helper()
	s := os.Getenv(k)
	if s == "" {
		return d
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s: %v", k, err)
	}
	return n
}

// eachHand plays hands from to from+hands-1 on workers goroutines, each
// with a meld solver of its own: do measures hand i, and keep takes
// each result (one call at a time, in the order they come). The first
// error stops the hands not yet begun and is returned.
func eachHand[T any](workers, from, hands int, do func(sv *meld.Solver, i int) (T, error), keep func(i int, v T) error) error {
	var (
		mu   sync.Mutex
		next = from
		fail error
		wg   sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			sv := new(meld.Solver)
			for {
				mu.Lock()
				i := next
				next++
				stop := fail != nil
				mu.Unlock()
				if stop || i >= from+hands {
					return
				}
				v, err := do(sv, i)
				mu.Lock()
				if err == nil {
					err = keep(i, v)
				}
				fail = cmp.Or(fail, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return fail
}

// TestCeiling101Report reports the lines of the files OKEY_IN (commas
// between them) that TestCeiling101 wrote.
func TestCeiling101Report(t *testing.T) {
	in := os.Getenv("OKEY_IN")
	if in == "" {
		t.Skip("set OKEY_IN to the files")
	}
	ceilReport(t, readCeilLines(t, in))
}

// readCeilLines reads the lines of the files names (commas between
// them) that TestCeiling101 wrote.
func readCeilLines(t *testing.T, names string) []ceilLine {
	t.Helper()
	var lines []ceilLine
	for _, name := range strings.Split(names, ",") {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var x ceilLine
			if err := json.Unmarshal([]byte(l), &x); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			lines = append(lines, x)
		}
	}
	return lines
}

// ceilReport prints, for every chain length in the lines (burn, N, K),
// over the hands that ran it: its log-loss a cell from 64 of its worlds
// (half a copy), from all, shrunk toward the uniform reading (64 worlds'
// weight) and toward the learned one (16), each against the uniform
// reading on the same cells with a 95% interval (a hand is a cluster),
// the same for the positions where the wall holds 16 tiles or fewer,
// and moved; then the learned reading against the uniform on the same
// hands.
func ceilReport(t *testing.T, lines []ceilLine) {
	type row struct {
		burn, n, k int
	}
	sums := map[row][]ceilLine{}
	var rows []row
	for _, l := range lines {
		for kk, k := range l.K {
			r := row{l.Burn, l.N, k}
			if _, ok := sums[r]; !ok {
				rows = append(rows, r)
			}
			one := l
			one.Chains = []ceilSums{l.Chains[kk]}
			sums[r] = append(sums[r], one)
		}
	}
	slices.SortFunc(rows, func(a, b row) int {
		return cmp.Or(cmp.Compare(a.burn, b.burn), cmp.Compare(a.n, b.n), cmp.Compare(a.k, b.k))
	})
	t.Log("| chain | moves after the burn | hands | positions | cells | 64 worlds | all worlds | shrunk to uniform (64) | shrunk to learned (16) | wall ≤ 16: 64 worlds / shrunk | moved | the learned reading, same cells |")
	t.Log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
	for _, r := range rows {
		ls := sums[r]
		slices.SortFunc(ls, func(a, b ceilLine) int { return cmp.Compare(a.Hand, b.Hand) })
		col := func(f func(l *ceilLine) (x, base float64)) string {
			var xs, bs []float64
			for i := range ls {
				x, b := f(&ls[i])
				xs, bs = append(xs, x), append(bs, b)
			}
			return ceilBelow(xs, bs)
		}
		both := func(a [2]float64) float64 { return a[0] + a[1] }
		pos, cells, moved, worlds := 0, 0.0, 0.0, 0.0
		for _, l := range ls {
			pos += l.Reads.Positions
			cells += both(l.Chains[0].Cells)
			moved += l.Chains[0].Moved
			worlds += l.Chains[0].Worlds
		}
		t.Logf("| burn %d, N %d, K %d | %d | %d | %d | %.0f | %s | %s | %s | %s | %s / %s | %.3f | %s |",
			r.burn, r.n, r.k, (r.n-1)*r.k, len(ls), pos, cells,
			col(func(l *ceilLine) (float64, float64) { return both(l.Chains[0].W64), both(l.Reads.Flat) }),
			col(func(l *ceilLine) (float64, float64) { return both(l.Chains[0].WAll), both(l.Reads.Flat) }),
			col(func(l *ceilLine) (float64, float64) { return both(l.Chains[0].S64), both(l.Reads.Flat) }),
			col(func(l *ceilLine) (float64, float64) { return both(l.Chains[0].M16), both(l.Reads.Flat) }),
			col(func(l *ceilLine) (float64, float64) { return l.Chains[0].W64[1], l.Reads.Flat[1] }),
			col(func(l *ceilLine) (float64, float64) { return l.Chains[0].S64[1], l.Reads.Flat[1] }),
			moved/max(worlds, 1),
			col(func(l *ceilLine) (float64, float64) { return both(l.Reads.Read), both(l.Reads.Flat) }))
	}
	// the readings alone, on every hand once
	seen := map[int]bool{}
	var rs, fs, rl, fl []float64
	var as, afs, ars, al, afl []float64 // the other reading's hands
	cells, flat, tried, took, turns, hits := 0.0, 0.0, 0, 0, 0, 0
	fm, rm, dw := 0.0, 0.0, 0.0
	for _, l := range lines {
		if seen[l.Hand] {
			continue
		}
		seen[l.Hand] = true
		rs, fs = append(rs, l.Reads.Read[0]+l.Reads.Read[1]), append(fs, l.Reads.Flat[0]+l.Reads.Flat[1])
		rl, fl = append(rl, l.Reads.Read[1]), append(fl, l.Reads.Flat[1])
		cells += l.Reads.Cells[0] + l.Reads.Cells[1]
		flat += l.Reads.Flat[0] + l.Reads.Flat[1]
		tried, took, turns, hits = tried+l.Tried, took+l.Took, turns+l.Turns, hits+l.Hits
		fm, rm, dw = fm+l.Reads.FlatMoved, rm+l.Reads.ReadMoved, dw+l.Reads.Worlds
		if l.Alt {
			as, afs, ars = append(as, l.Reads.Alt[0]+l.Reads.Alt[1]), append(afs, l.Reads.Flat[0]+l.Reads.Flat[1]), append(ars, l.Reads.Read[0]+l.Reads.Read[1])
			al, afl = append(al, l.Reads.Alt[1]), append(afl, l.Reads.Flat[1])
		}
	}
	t.Logf("%d hands, %.0f cells: the uniform reading %.4f a cell, the learned reading %s (wall ≤ 16: %s)",
		len(seen), cells, flat/max(cells, 1), ceilBelow(rs, fs), ceilBelow(rl, fl))
	t.Logf("moved of worlds dealt from the uniform reading %.3f, from the learned reading %.3f", fm/max(dw, 1), rm/max(dw, 1))
	if len(as) > 0 {
		t.Logf("the other reading (OKEY_ALT), %d hands: %s below the uniform (wall ≤ 16: %s); against the learned reading on the same cells: %s",
			len(as), ceilBelow(as, afs), ceilBelow(al, afl), ceilBelow(as, ars))
	}
	// The target, moved to 60% of the bound: each reading's
	// share below the uniform less 60% of the chain's (its 64 worlds),
	// paired by hand (a negative figure reads better than the target).
	both := func(a [2]float64) float64 { return a[0] + a[1] }
	for _, r := range rows {
		var xs, ys, bs []float64
		for _, l := range sums[r] {
			c, f := both(l.Chains[0].W64), both(l.Reads.Flat)
			xs, bs = append(xs, both(l.Reads.Read)-0.6*c+0.6*f), append(bs, f)
			if l.Alt {
				ys = append(ys, both(l.Reads.Alt)-0.6*c+0.6*f)
			}
		}
		line := fmt.Sprintf("burn %d, N %d, K %d, %d hands: the learned reading's share below the uniform less 60%% of the chain's: %s", r.burn, r.n, r.k, len(xs), ceilBelow(xs, bs))
		if len(ys) == len(xs) {
			line += fmt.Sprintf("; the other reading's: %s", ceilBelow(ys, bs))
		}
		t.Log(line)
	}
	t.Logf("chain moves %d, kept %d (%.1f%%), plans made %d, found in the cache %d", tried, took, 100*float64(took)/float64(max(tried, 1)), turns, hits)
}

// ceilBelow is how far Σx lies from Σbase, Σx/Σbase − 1, with a 95%
// interval over the clusters (the delta method for a ratio of sums).
func ceilBelow(x, base []float64) string {
	sa, sb := 0.0, 0.0
	for i := range x {
		sa, sb = sa+x[i], sb+base[i]
	}
	if sb == 0 || len(x) < 2 {
		return "—"
	}
	r := sa / sb
	ss := 0.0
	for i := range x {
		d := x[i] - r*base[i]
		ss += d * d
	}
	k := float64(len(x))
	se := math.Sqrt(k/(k-1)*ss) / sb
	return fmt.Sprintf("%+.1f%% [%+.1f, %+.1f]", 100*(r-1), 100*(r-1.96*se-1), 100*(r+1.96*se-1))
}
