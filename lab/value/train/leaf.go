package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// Playouts cut short, a leaf on the whole state: each candidate discard
// is played out by normal as the prize plays it, but read after a few
// turns by a linear leaf that sees every rack of the world (each seat's
// distance and outs, who moves next), not at the end of the hand. A
// cut playout costs a fraction of a whole one and carries less of the
// rest of the hand's luck, so a search of the game's budget could weigh
// many more worlds; whether its choices still take the prize is scored,
// as the budget's curve scores the whole playouts', on the whole
// playouts' values of the other half of the worlds.

// leafTurns are the turns after the discard at which a playout is read:
// 1 is the moment after it (the next seat to draw).
var leafTurns = [...]int{1, 2, 4, 8}

// leafFeatures is the leaf's inputs: for each seat from the reader's
// (itself first), its distance bucket crossed with its place in the
// turn order, alone, times the copies of its outs left in the wall and
// times the chance that the wall's next tile is one; whether the
// discard on offer is an out of the seat to move, by seat; the wall; a
// bias. The world is whole, so the wall's tiles are known.
const leafFeatures = 4*48 + 4 + 2

// leafPlay is one candidate's playout in one world: its value at the
// end, and at each of leafTurns the leaf's inputs (Ended when the hand
// was over before, the end's value then standing for the leaf's).
type leafPlay struct {
	Final float32
	Feat  [len(leafTurns)][leafFeatures]float32
	Ended [len(leafTurns)]bool
}

// leafChoice is one decision's candidates (every distinct tile but an
// okey), each played in every world.
type leafChoice struct {
	Tiles []tile.Tile
	Pick  int
	// Plays[c][w] is candidate c in world w.
	Plays [][]leafPlay
	// Nanos[i] is the time the playouts took to reach leafTurns[i] (or
	// their end) and read the leaf there, Full the whole playouts'
	// (the reads' time left out), all candidates and worlds together.
	Nanos [len(leafTurns)]int64
	Full  int64
}

// leafBlock is leaf choices First to First+len(Choices)−1.
type leafBlock struct {
	Seed    uint64
	First   int
	Worlds  int
	Choices []leafChoice
}

// leafChoices plays each of cs out in worlds worlds (cached by blocks
// of ten choices as the prize's are).
//
// With cands above 0 only normal's pick and the cands−1 others at the
// least distance with the most live outs are played; tag names such a
// run's blocks apart.
func leafChoices(ctx context.Context, cs []choice, seed uint64, worlds, cands, workers int, tag, cache string) ([]leafChoice, error) {
	const block = 10
	var out []leafChoice
	for first := 0; first < len(cs); first += block {
		end := min(first+block, len(cs))
		name := filepath.Join(cache, fmt.Sprintf("leaf2-s%d-w%d%s-%05d.gob", seed, worlds, tag, first))
		var lb leafBlock
		if cache != "" {
			err := trainer.Load(name, &lb)
			if err == nil && len(lb.Choices) == end-first {
				out = append(out, lb.Choices...)
				continue
			}
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
		}
		lb = leafBlock{Seed: seed, First: first, Worlds: worlds}
		for i := first; i < end; i++ {
			lc, err := leafChoiceOf(ctx, &cs[i], seed^uint64(i+1)*0x9e3779b97f4a7c15, worlds, cands, workers)
			if err != nil {
				return nil, fmt.Errorf("choice %d: %w", i, err)
			}
			lb.Choices = append(lb.Choices, lc)
		}
		if cache != "" {
			if err := trainer.Save(name, &lb); err != nil {
				return nil, err
			}
		}
		trainer.Logf("leaf: choices %d–%d", first, end-1)
		out = append(out, lb.Choices...)
	}
	return out, nil
}

// leafChoiceOf plays every candidate of c in worlds worlds on workers
// goroutines, the worlds the shared sampler's and each world's bots
// seeded alike for every candidate.
func leafChoiceOf(ctx context.Context, c *choice, seed uint64, worlds, cands, workers int) (leafChoice, error) {
	lc := leafChoice{Pick: -1}
	if cands > 0 {
		more, err := botsclassic.LeastDistance(&c.v, c.cands[0], cands)
		if err != nil {
			return lc, err
		}
		lc.Tiles = append([]tile.Tile{c.cands[0]}, more...)
	}
	for _, t := range c.v.Rack {
		if cands == 0 && !slices.Contains(lc.Tiles, t) && (!c.v.Analyzer.IsOkey(t) || t == c.cands[0]) {
			lc.Tiles = append(lc.Tiles, t)
		}
	}
	lc.Pick = slices.Index(lc.Tiles, c.cands[0])
	if lc.Pick < 0 {
		return lc, fmt.Errorf("normal's pick %v is not in the rack", c.cands[0])
	}
	ws, err := rollout.NewWorldsClassic(&c.v, rollout.Sampler())
	if err != nil {
		return lc, err
	}
	lc.Plays = make([][]leafPlay, len(lc.Tiles))
	for j := range lc.Plays {
		lc.Plays[j] = make([]leafPlay, worlds)
	}
	players, err := striped(workers, worlds, func(p *leafPlayer, w int) error {
		s, err := ws.World(seed, w)
		if err != nil {
			return fmt.Errorf("world %d: %w", w, err)
		}
		for j, t := range lc.Tiles {
			if err := p.play(ctx, s, classic.DiscardAction(c.v.Seat, t), mixSeed(seed, w), &lc.Plays[j][w]); err != nil {
				return fmt.Errorf("world %d: %w", w, err)
			}
		}
		return nil
	})
	for _, p := range players {
		for i := range p.nanos {
			lc.Nanos[i] += p.nanos[i]
		}
		lc.Full += p.full
	}
	return lc, err
}

// striped runs each for 0 to n−1 on workers goroutines, worker k taking
// k, k+workers, …, each with a leafPlayer of its own (given back, with
// the times it kept); a worker stops at its first error, and the first
// error is returned.
func striped(workers, n int, each func(p *leafPlayer, i int) error) ([]*leafPlayer, error) {
	workers = max(workers, 1)
	players := make([]*leafPlayer, workers)
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	for wk := range workers {
		players[wk] = &leafPlayer{cache: botsclassic.NewTableCache()}
		wg.Go(func() {
			for i := wk; i < n; i += workers {
				if err := each(players[wk], i); err != nil {
					mu.Lock()
					firstErr = cmpErr(firstErr, err)
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return players, firstErr
}

// cmpErr keeps the first error.
func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// mixSeed is world w's bots' seed.
func mixSeed(seed uint64, w int) uint64 {
	z := seed ^ (uint64(w)+1)*0xd1b54a32d192ed03
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// leafPlayer plays hands out with normal on every seat, as
// rollout.PlayerClassic does, reading the leaf on the way; nanos and
// full are the times its playouts took (see leafChoice's Nanos).
type leafPlayer struct {
	cache *botsclassic.TableCache
	// level is the level that plays every seat out ("": normal).
	level string
	// hold, when set, is the hold line the seat that decided plays its
	// holds by in the playouts (the other seats play level alone).
	hold  *expertclassic.HoldLine
	seats [classic.NumSeats]botsclassic.Bot
	nanos [len(leafTurns)]int64
	full  int64
}

// play applies a to s, plays the hand to its end and fills out: the
// leaf's inputs at each of leafTurns, the value at the end; p.nanos
// and p.full gain the time spent to each cut (with its read) and in
// the whole playout (without the reads).
func (p *leafPlayer) play(ctx context.Context, s classic.State, a classic.Action, seed uint64, out *leafPlay) error {
	seat := s.Turn()
	t0 := time.Now()
	var reads time.Duration
	s, _, err := s.Apply(a)
	if err != nil {
		return fmt.Errorf("playout: %v: %w", a, err)
	}
	if err := p.seat(seed); err != nil {
		return err
	}
	turns, cut := 0, 0
	for {
		if s.Phase() == game.Playing && s.Stage() == classic.MustDraw {
			turns++
		}
		for cut < len(leafTurns) && (s.Phase() != game.Playing || turns >= leafTurns[cut]) {
			r0 := time.Now()
			out.Ended[cut] = s.Phase() != game.Playing
			if !out.Ended[cut] {
				if err := leafInputs(&s, seat, &out.Feat[cut]); err != nil {
					return err
				}
			}
			r := time.Since(r0)
			p.nanos[cut] += int64(time.Since(t0) - reads)
			reads += r
			cut++
		}
		if s.Phase() != game.Playing || s.Moves() >= rollout.MaxActions {
			break
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		mover := s.Turn()
		act, err := p.seats[mover].Decide(ctx, s.View(mover))
		if err != nil {
			return fmt.Errorf("playout, seat %d: %w", mover, err)
		}
		if s, _, err = s.Apply(act); err != nil {
			return fmt.Errorf("playout, seat %d: %w", mover, err)
		}
	}
	p.full += int64(time.Since(t0) - reads)
	out.Final = float32(rollout.ValueClassic(s, seat))
	return nil
}

// leafInputs fills f with the leaf's inputs at s (a seat about to draw)
// for seat.
func leafInputs(s *classic.State, seat int, f *[leafFeatures]float32) error {
	*f = [leafFeatures]float32{}
	an := s.Analyzer()
	mover := s.Turn()
	// The wall is what no rack, pile or the indicator holds: two copies
	// of every face (the false jokers too) in classic.
	var views [classic.NumSeats]classic.View
	var wall [tile.NumFaces]int
	for f := range wall {
		wall[f] = 2
	}
	if t := s.Indicator(); t.Valid() {
		wall[t]--
	}
	for q := range views {
		views[q] = s.View(q)
		for f, n := range views[q].Counts {
			wall[f] -= int(n)
		}
		for _, t := range views[q].Discards[q] {
			wall[t]--
		}
	}
	total := 0
	for f, n := range wall {
		if n < 0 {
			return fmt.Errorf("%d copies of %v in the wall", n, tile.Tile(f))
		}
		total += n
	}
	if total != s.WallLeft() {
		return fmt.Errorf("the wall counted %d tiles, the state says %d", total, s.WallLeft())
	}
	left := float32(max(s.WallLeft(), 1))
	for r := range classic.NumSeats {
		q := (seat + r) % classic.NumSeats
		v := &views[q]
		h, err := an.HandOf(v.Counts)
		if err != nil {
			return fmt.Errorf("seat %d's rack: %w", q, err)
		}
		d := min(max(an.Distance(h), 1), 4) - 1
		order := (q - mover + classic.NumSeats) % classic.NumSeats
		outs := an.Outs(h)
		copies := 0
		for _, t := range outs.Tiles() {
			copies += wall[t]
		}
		k := r*48 + d*4 + order
		f[k] = 1
		f[k+16] = float32(copies) / 8
		f[k+32] = float32(copies) / left
		if q == mover {
			prev := (q + classic.NumSeats - 1) % classic.NumSeats
			if pile := views[prev].Discards[prev]; len(pile) > 0 && outs.Has(pile[len(pile)-1]) {
				f[4*48+r] = 1
			}
		}
	}
	f[4*48+4] = float32(s.WallLeft()) / 48
	f[4*48+5] = 1
	return nil
}

// leafModel is a linear leaf for one cut.
type leafModel [leafFeatures]float64

// at is the leaf's value of inputs f.
func (m *leafModel) at(f *[leafFeatures]float32) float64 {
	v := 0.0
	for i, x := range f {
		v += m[i] * float64(x)
	}
	return v
}

// fitLeaf fits the leaf of cut i to the playouts' ends by ridge least
// squares over the given choices (the playouts that ended before the
// cut left out).
func fitLeaf(lcs []leafChoice, cut int) (leafModel, error) {
	const n = leafFeatures
	var xtx [n][n]float64
	var xty [n]float64
	rows := 0
	for _, lc := range lcs {
		for _, plays := range lc.Plays {
			for w := range plays {
				pl := &plays[w]
				if pl.Ended[cut] {
					continue
				}
				rows++
				f := &pl.Feat[cut]
				for a := range n {
					if f[a] == 0 {
						continue
					}
					fa := float64(f[a])
					xty[a] += fa * float64(pl.Final)
					for b := range n {
						xtx[a][b] += fa * float64(f[b])
					}
				}
			}
		}
	}
	if rows < n {
		return leafModel{}, fmt.Errorf("cut %d: %d playouts to fit %d inputs", leafTurns[cut], rows, n)
	}
	a := make([][]float64, n)
	for i := range a {
		a[i] = xtx[i][:]
		a[i][i] += 1e-3 * float64(rows) / float64(n)
	}
	x, err := trainer.SolveLinear(a, xty[:])
	if err != nil {
		return leafModel{}, fmt.Errorf("cut %d: the leaf's inputs: %w", leafTurns[cut], err)
	}
	return leafModel(x), nil
}

// leafRow is one search's figures: cut playouts (Cut a leafTurns index,
// −1 for whole playouts) of k worlds a candidate.
type leafRow struct {
	Cut, Worlds    int
	Gate           float64
	Choices        int
	Changed        float64
	Gain, GainHalf float64
	// Nanos is the search's time a decision: its playouts' to the cut.
	Nanos float64
}

// leafSearch scores the search of cut playouts of k worlds a candidate
// on choices lcs, the leaf models[cut] reading them, among the
// candidates allowed[i] of choice i (nil: every one); the choice is
// made on k worlds of one half and scored on the whole playouts of the
// other.
func leafSearch(lcs []leafChoice, allowed [][]int, models []leafModel, cut, k int, gate float64) (leafRow, bool) {
	r := leafRow{Cut: cut, Worlds: k, Gate: gate}
	var gains []float64
	for i, lc := range lcs {
		worlds := len(lc.Plays[0])
		if worlds < 2*k {
			continue
		}
		vals, finals := leafVals(&lc, models, cut)
		chooser := prizeChoice{Tiles: lc.Tiles, Pick: lc.Pick, Vals: vals}
		var these []int
		if allowed != nil {
			these = allowed[i]
		} else {
			for j := range lc.Tiles {
				these = append(these, j)
			}
		}
		g := 0.0
		for half := range 2 {
			j := searchPick(&chooser, these, half, k, gate)
			g += meanOf(finals[j], 1-half, worlds) - meanOf(finals[lc.Pick], 1-half, worlds)
			if j != lc.Pick {
				r.Changed += 0.5
			}
		}
		gains = append(gains, g/2)
		perPlayout := float64(lc.Full)
		if cut >= 0 {
			perPlayout = float64(lc.Nanos[cut])
		}
		perPlayout /= float64(len(lc.Tiles) * worlds)
		r.Nanos += perPlayout * float64(k*len(these))
	}
	if len(gains) == 0 {
		return r, false
	}
	r.Choices = len(gains)
	n := float64(r.Choices)
	r.Changed, r.Nanos = r.Changed/n, r.Nanos/n
	r.Gain, r.GainHalf = rollout.Paired(gains, make([]float64, len(gains)))
	return r, true
}

// foldFits fits every cut's leaf on each half of the choices (by
// index, odd and even): fits[f] is fitted on the half f is not, so the
// searches of half f are scored by leaves that never saw its worlds.
// The reports share one fit of each.
func foldFits(lcs []leafChoice) ([2][]leafModel, error) {
	var fits [2][]leafModel
	for f := range 2 {
		var train []leafChoice
		for i := 1 - f; i < len(lcs); i += 2 {
			train = append(train, lcs[i])
		}
		for cut := range leafTurns {
			m, err := fitLeaf(train, cut)
			if err != nil {
				return fits, err
			}
			fits[f] = append(fits[f], m)
		}
	}
	return fits, nil
}

// leafScope is the candidates a cut search weighs: every one (n 0), or
// normal's pick and the n−1 others at the least distance with the most
// live outs (n 99: all at the least distance).
type leafScope int

func (sc leafScope) String() string {
	switch sc {
	case 0:
		return "every tile"
	case 99:
		return "least distance"
	}
	return fmt.Sprintf("normal's %d", int(sc))
}

// scopeOf is the candidates of lc that scope sc weighs, c's view
// ranking them.
func scopeOf(c *choice, lc *leafChoice, sc leafScope) ([]int, error) {
	if sc == 0 {
		out := make([]int, len(lc.Tiles))
		for j := range out {
			out[j] = j
		}
		return out, nil
	}
	more, err := botsclassic.LeastDistance(&c.v, lc.Tiles[lc.Pick], int(sc))
	if err != nil {
		return nil, err
	}
	out := []int{lc.Pick}
	for _, t := range more {
		if j := slices.Index(lc.Tiles, t); j >= 0 {
			out = append(out, j)
		}
	}
	return out, nil
}

// leafReport fits each cut's leaf on one half of the choices and scores
// the searches on the other (and the other way round), beside the
// whole playouts' searches on the same worlds: every cut over every
// candidate, and the whole playouts and the longest cut over normal's
// closest candidates.
func leafReport(cs []choice, lcs []leafChoice, fits [2][]leafModel, discards float64, ks []int) (string, error) {
	var b strings.Builder
	var folds [2][]leafChoice
	var foldCs [2][]choice
	for i, lc := range lcs {
		folds[i%2] = append(folds[i%2], lc)
		foldCs[i%2] = append(foldCs[i%2], cs[i])
	}
	type key struct {
		scope  leafScope
		cut, k int
		gate   float64
	}
	var order []key
	for _, sc := range []leafScope{0, 99, 3, 2} {
		for _, gate := range []float64{0, 1} {
			for cut := -1; cut < len(leafTurns); cut++ {
				if sc != 0 && cut >= 0 && cut < len(leafTurns)-1 {
					continue
				}
				for _, k := range ks {
					order = append(order, key{sc, cut, k, gate})
				}
			}
		}
	}
	sums := map[key][]leafRow{}
	for f := range 2 {
		models := fits[f]
		allowed := map[leafScope][][]int{}
		for _, sc := range []leafScope{0, 99, 3, 2} {
			for i := range folds[f] {
				a, err := scopeOf(&foldCs[f][i], &folds[f][i], sc)
				if err != nil {
					return "", err
				}
				allowed[sc] = append(allowed[sc], a)
			}
		}
		for _, kk := range order {
			if r, ok := leafSearch(folds[f], allowed[kk.scope], models, kk.cut, kk.k, kk.gate); ok {
				sums[kk] = append(sums[kk], r)
			}
		}
	}
	b.WriteString("| candidates | playouts | gate | worlds a candidate | ms a decision | left normal's pick | a choice (95%) | a hand (95%) |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, kk := range order {
		rs := sums[kk]
		if len(rs) != 2 {
			continue
		}
		// The two folds' choices pooled: means weighed by choices, the
		// half-width of the pooled mean from each fold's.
		n := float64(rs[0].Choices + rs[1].Choices)
		w0, w1 := float64(rs[0].Choices)/n, float64(rs[1].Choices)/n
		gain := w0*rs[0].Gain + w1*rs[1].Gain
		half := math.Sqrt(w0*w0*rs[0].GainHalf*rs[0].GainHalf + w1*w1*rs[1].GainHalf*rs[1].GainHalf)
		name := "whole"
		if kk.cut >= 0 {
			name = fmt.Sprintf("cut after %d turns", leafTurns[kk.cut])
		}
		fmt.Fprintf(&b, "| %v | %s | %.0f | %d | %.1f | %.1f%% | %+.4f ± %.4f | %+.3f ± %.3f |\n", kk.scope, name, kk.gate, kk.k,
			(w0*rs[0].Nanos+w1*rs[1].Nanos)/1e6, 100*(w0*rs[0].Changed+w1*rs[1].Changed), gain, half, gain*discards, half*discards)
	}
	return b.String(), nil
}

// realValues plays every candidate of each choice out from the true
// state at the decision (the racks and the wall as they were), reps
// times with normal on every seat seeded apart: the value of each
// candidate in the world as it is, which the worlds the searches weigh
// only sample. A search's choice scored on these is what it gains in
// play, not in its own worlds.
func realValues(ctx context.Context, cs []choice, lcs []leafChoice, reps, workers int) ([][]float64, error) {
	out := make([][]float64, len(lcs))
	_, err := striped(workers, len(lcs), func(p *leafPlayer, i int) error {
		vals := make([]float64, len(lcs[i].Tiles))
		for j, t := range lcs[i].Tiles {
			a := classic.DiscardAction(cs[i].v.Seat, t)
			for r := range reps {
				x, err := p.cutValue(ctx, cs[i].s, a, mixSeed(uint64(i+1)*0x5eed, r), math.MaxInt, nil)
				if err != nil {
					return fmt.Errorf("choice %d: %w", i, err)
				}
				vals[j] += x / float64(reps)
			}
		}
		out[i] = vals
		return nil
	})
	return out, err
}

// realReport scores searches' choices both ways: on the other half of
// their worlds (as leafReport) and on the true state's playouts (real),
// the leaves fitted on the other half of the choices; and the pick of
// every world's whole playouts (the prize's best) the same way.
//
// A truth of NaN is a candidate not played there (-leaf-oracle plays
// normal's three alone): a search that chose one in any choice gets no
// figure there.
func realReport(cs []choice, lcs []leafChoice, fits [2][]leafModel, real [][]float64, discards float64, truth string) (string, error) {
	type search struct {
		scope       leafScope
		cut, worlds int
		gate        float64
	}
	searches := []search{
		{3, len(leafTurns) - 1, 64, 0}, {3, len(leafTurns) - 1, 64, 1}, {2, len(leafTurns) - 1, 128, 0},
		{0, len(leafTurns) - 1, 64, 1}, {0, -1, 256, 1}, {3, -1, 256, 0}, {0, 0, 64, 0},
	}
	var folds [2][]int
	for i := range lcs {
		folds[i%2] = append(folds[i%2], i)
	}
	inWorlds := make([][]float64, len(searches)+1)
	inReal := make([][]float64, len(searches)+1)
	for f := range 2 {
		models := fits[f]
		for _, i := range folds[f] {
			lc := &lcs[i]
			worlds := len(lc.Plays[0])
			for n, sr := range searches {
				if worlds < 2*sr.worlds {
					continue
				}
				allowed, err := scopeOf(&cs[i], lc, sr.scope)
				if err != nil {
					return "", err
				}
				vals, finals := leafVals(lc, models, sr.cut)
				chooser := prizeChoice{Tiles: lc.Tiles, Pick: lc.Pick, Vals: vals}
				w, r := 0.0, 0.0
				for half := range 2 {
					j := searchPick(&chooser, allowed, half, sr.worlds, sr.gate)
					w += meanOf(finals[j], 1-half, worlds) - meanOf(finals[lc.Pick], 1-half, worlds)
					r += real[i][j] - real[i][lc.Pick]
				}
				inWorlds[n] = append(inWorlds[n], w/2)
				inReal[n] = append(inReal[n], r/2)
			}
			// The prize's best: every world's whole playouts, every tile
			// but an okey (its gain in the worlds is biased up).
			_, finals := leafVals(lc, nil, -1)
			best, bestM := lc.Pick, math.Inf(-1)
			for j := range lc.Tiles {
				if cs[i].v.Analyzer.IsOkey(lc.Tiles[j]) && j != lc.Pick {
					continue
				}
				if m := meanOf(finals[j], 0, worlds) + meanOf(finals[j], 1, worlds); m > bestM {
					best, bestM = j, m
				}
			}
			n := len(searches)
			inWorlds[n] = append(inWorlds[n], (meanOf(finals[best], 0, worlds)+meanOf(finals[best], 1, worlds)-meanOf(finals[lc.Pick], 0, worlds)-meanOf(finals[lc.Pick], 1, worlds))/2)
			inReal[n] = append(inReal[n], real[i][best]-real[i][lc.Pick])
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| search | in its worlds (95%%) | %s (95%%) | a hand, %s |\n| --- | ---: | ---: | ---: |\n", truth, truth)
	for n := range inWorlds {
		if len(inWorlds[n]) == 0 {
			continue
		}
		name := "every world's whole playouts, every tile (the prize's best; biased up in its worlds)"
		if n < len(searches) {
			sr := searches[n]
			p := "whole"
			if sr.cut >= 0 {
				p = fmt.Sprintf("cut after %d turns", leafTurns[sr.cut])
			}
			name = fmt.Sprintf("%v, %s, %d worlds, gate %.0f", sr.scope, p, sr.worlds, sr.gate)
		}
		w, wh := rollout.Paired(inWorlds[n], make([]float64, len(inWorlds[n])))
		if slices.ContainsFunc(inReal[n], math.IsNaN) {
			fmt.Fprintf(&b, "| %s | %+.4f ± %.4f | — | — |\n", name, w, wh)
			continue
		}
		r, rh := rollout.Paired(inReal[n], make([]float64, len(inReal[n])))
		fmt.Fprintf(&b, "| %s | %+.4f ± %.4f | %+.4f ± %.4f | %+.3f ± %.3f |\n", name, w, wh, r, rh, r*discards, rh*discards)
	}
	return b.String(), nil
}

// leafVals is each candidate's values in each world, read by models at
// cut (the end's where the hand ended first; −1: the ends), and the
// ends.
func leafVals(lc *leafChoice, models []leafModel, cut int) (vals, finals [][]float32) {
	worlds := len(lc.Plays[0])
	vals = make([][]float32, len(lc.Tiles))
	finals = make([][]float32, len(lc.Tiles))
	for j, plays := range lc.Plays {
		vals[j] = make([]float32, worlds)
		finals[j] = make([]float32, worlds)
		for w := range plays {
			finals[j][w] = plays[w].Final
			if cut < 0 || plays[w].Ended[cut] {
				vals[j][w] = plays[w].Final
			} else {
				vals[j][w] = float32(models[cut].at(&plays[w].Feat[cut]))
			}
		}
	}
	return vals, finals
}

// styleReport is the gate-0 search of normal's three, cut after 8
// turns, 64 worlds, in its own worlds, by the style of the seat
// deciding (the leaves fitted on the other half of the choices, as
// leafReport's).
func styleReport(cs []choice, lcs []leafChoice, fits [2][]leafModel, discards float64) (string, error) {
	cut, k := len(leafTurns)-1, 64
	gains := make([][]float64, numStyles)
	for f := range 2 {
		models := fits[f]
		for i := f; i < len(lcs); i += 2 {
			allowed, err := scopeOf(&cs[i], &lcs[i], 3)
			if err != nil {
				return "", err
			}
			r, ok := leafSearch(lcs[i:i+1], [][]int{allowed}, models, cut, k, 0)
			if ok {
				gains[cs[i].style] = append(gains[cs[i].style], r.Gain)
			}
		}
	}
	var b strings.Builder
	b.WriteString("| the seat deciding | choices | a choice (95%) | a hand (95%) |\n| --- | ---: | ---: | ---: |\n")
	for st, g := range gains {
		if len(g) == 0 {
			continue
		}
		m, h := rollout.Paired(g, make([]float64, len(g)))
		fmt.Fprintf(&b, "| %s | %d | %+.4f ± %.4f | %+.3f ± %.3f |\n", styleNames[st], len(g), m, h, m*discards, h*discards)
	}
	return b.String(), nil
}

// oracleValues plays normal's three candidates of each choice (the
// others are NaN) in worlds worlds that keep every rack as it truly is
// and deal only the wall's order afresh (classic.View.SampleWorld with
// every other rack given): the world as it is up to the order of the
// wall, whose luck, unlike one true wall's, the worlds average away.
func oracleValues(ctx context.Context, cs []choice, lcs []leafChoice, worlds, workers int) ([][]float64, error) {
	out := make([][]float64, len(lcs))
	_, err := striped(workers, len(lcs), func(p *leafPlayer, i int) error {
		c, lc := &cs[i], &lcs[i]
		vals := make([]float64, len(lc.Tiles))
		for j := range vals {
			vals[j] = math.NaN()
		}
		allowed, err := scopeOf(c, lc, 3)
		if err != nil {
			return err
		}
		acts := make([]classic.Action, len(allowed))
		for k, j := range allowed {
			vals[j] = 0
			acts[k] = classic.DiscardAction(c.v.Seat, lc.Tiles[j])
		}
		err = p.onTrueRacks(ctx, c, acts, worlds, uint64(i+1)*0x0dac1e, func(_, k int, x float64) {
			vals[allowed[k]] += x / float64(worlds)
		})
		if err != nil {
			return fmt.Errorf("choice %d: %w", i, err)
		}
		out[i] = vals
		return nil
	})
	return out, err
}

// onTrueRacks plays each of acts out by normal from c's decision in
// worlds worlds that keep every other rack as the true state holds it
// and deal only the wall's order afresh (from seed), the same worlds
// and bots' seeds for every action, and gives add each world's value
// of each action (w the world, j the action's index).
func (p *leafPlayer) onTrueRacks(ctx context.Context, c *choice, acts []classic.Action, worlds int, seed uint64, add func(w, j int, x float64)) error {
	var given [classic.NumSeats]*tile.Counts
	for q := range classic.NumSeats {
		if q != c.v.Seat {
			rack := c.s.View(q).Counts
			given[q] = &rack
		}
	}
	for w := range worlds {
		s, err := c.v.SampleWorld(game.NewSeeded(mixSeed(seed, w)), given)
		if err != nil {
			return err
		}
		for j, a := range acts {
			x, err := p.cutValue(ctx, s, a, mixSeed(seed^0xb075, w), math.MaxInt, nil)
			if err != nil {
				return err
			}
			add(w, j, x)
		}
	}
	return nil
}
