package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/rollout"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// A value fitted to differences: a discard is chosen within one
// position, among views a tile apart, so the value is fitted to how the
// playouts tell a position's candidate discards apart (each candidate
// played in the same worlds with the same bots' seeds: common random
// numbers), not to how far apart positions are.

// pairPos is a discard decision of a training hand: its candidates' views
// after the discard read as features (normal's pick first), and each
// candidate's mean outcome over the same worlds.
type pairPos struct {
	Hand int32
	X    []float32 // len(Mean)×width()
	Mean []float32
	// F is the features a candidate, when not the value's NumFeatures
	// (a reading of more of the view: the second look's rows).
	F int
}

// width is the features a candidate.
func (p *pairPos) width() int {
	if p.F > 0 {
		return p.F
	}
	return NumFeatures
}

// cands is the candidates of p.
func (p *pairPos) cands() int { return len(p.Mean) }

// row is candidate c's features.
func (p *pairPos) row(c int) []float32 { return p.X[c*p.width() : (c+1)*p.width()] }

// pairConfig says which decisions to label and how.
type pairConfig struct {
	seed    uint64
	hands   int
	pos     float64 // the chance a discard decision is labelled
	cands   int     // candidates a decision, at most
	worlds  int
	workers int
	// cache, when set, is the folder where each block of hands is kept
	// once labelled, and read back instead of made again.
	cache string
	// block is the hands of a block (0: pairBlockHands).
	block int
}

// pairBlockHands is the hands of a block: the unit of work kept in the
// cache, about ten CPU-seconds at 32 worlds and three candidates.
const pairBlockHands = 20

// pairBlock is the labelled decisions of hands First to End−1.
type pairBlock struct {
	Seed                 uint64
	First, End           int
	Worlds, Cands        int
	Pos                  []pairPos
	Features, BlockHands int
}

// pairData labels the discard decisions of hands 0 to cfg.hands−1 of
// cfg.seed, in hand order whatever the workers: the blocks in the cache
// are read, the others made (and kept) on cfg.workers goroutines. It
// gives the positions and the number of blocks made (not read).
func pairData(ctx context.Context, cfg pairConfig) ([]pairPos, int, error) {
	bh := cfg.block
	if bh <= 0 {
		bh = pairBlockHands
	}
	name := func(b int) string {
		return filepath.Join(cfg.cache, fmt.Sprintf("pairs-s%d-w%d-k%d-p%g-b%d-%06d.gob", cfg.seed, cfg.worlds, cfg.cands, cfg.pos, bh, b*bh))
	}
	blocks, made, err := cachedBlocks(ctx, cfg.hands, bh, cfg.workers, cfg.cache != "", name,
		func(pb *pairBlock, end int) bool {
			return pb.End == end && pb.Features == NumFeatures && pb.BlockHands == bh
		},
		func() func(ctx context.Context, first, end int) (*pairBlock, error) {
			fx, pl := &featurer{}, []*rollout.PlayerClassic{rollout.NewPlayerClassic()}
			return func(ctx context.Context, first, end int) (*pairBlock, error) {
				pb := &pairBlock{Seed: cfg.seed, First: first, End: end,
					Worlds: cfg.worlds, Cands: cfg.cands, Features: NumFeatures, BlockHands: bh}
				for i := first; i < end; i++ {
					if err := labelHand(ctx, cfg, i, fx, pl, pb); err != nil {
						return nil, err
					}
				}
				trainer.Logf("pairs: block of hands %d–%d, %d positions", first, end-1, len(pb.Pos))
				return pb, nil
			}
		})
	if err != nil {
		return nil, 0, err
	}
	var out []pairPos
	for _, pb := range blocks {
		out = append(out, pb.Pos...)
	}
	return out, made, nil
}

// cachedBlocks makes the blocks of hands 0 to hands−1, bh hands a
// block, in hand order whatever the workers: with cache, a block whose
// file (name) holds one that valid accepts is read back, the others
// made on workers goroutines (each with the maker newWorker gives it)
// and kept there as they are made, so a run stopped goes on where it
// stopped. It gives the blocks and how many were made.
func cachedBlocks[B any](ctx context.Context, hands, bh, workers int, cache bool, name func(b int) string,
	valid func(blk *B, end int) bool, newWorker func() func(ctx context.Context, first, end int) (*B, error)) ([]*B, int, error) {
	blocks := make([]*B, (hands+bh-1)/bh)
	var todo []int
	for b := range blocks {
		if cache {
			var blk B
			err := trainer.Load(name(b), &blk)
			if err == nil && valid(&blk, min((b+1)*bh, hands)) {
				blocks[b] = &blk
				continue
			}
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, 0, err
			}
		}
		todo = append(todo, b)
	}
	var next atomic.Int64
	errs := make([]error, max(workers, 1))
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for w := range errs {
		wg.Go(func() {
			make := newWorker()
			for {
				j := int(next.Add(1) - 1)
				if j >= len(todo) || stop.Err() != nil {
					return
				}
				b := todo[j]
				blk, err := make(stop, b*bh, min((b+1)*bh, hands))
				if err == nil && cache {
					err = trainer.Save(name(b), blk)
				}
				if err != nil {
					errs[w] = err
					cancel()
					return
				}
				blocks[b] = blk
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, 0, err
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	return blocks, len(todo), nil
}

// labelHand plays hand i of cfg.seed (the data's seats) and labels a
// share cfg.pos of its discard decisions: normal's pick, up to
// cfg.cands−2 more at normal's least distance, and tiles of the rack
// drawn at random to make cfg.cands, each played out in the same
// cfg.worlds worlds.
func labelHand(ctx context.Context, cfg pairConfig, i int, fx *featurer, pl []*rollout.PlayerClassic, pb *pairBlock) error {
	hs := smallnet.HandSeed(cfg.seed, i)
	r := game.NewSeeded(hs ^ salt)
	seats, err := seatBots(r, nil)
	if err != nil {
		return err
	}
	st, err := classic.NewMatch(classic.DefaultRules(), hs)
	if err != nil {
		return fmt.Errorf("hand %d: %w", i, err)
	}
	var bots [trainer.Seats]trainer.Player[classic.View, classic.Action]
	for s := range seats {
		bots[s] = seats[s].bot
	}
	_, err = trainer.PlayOut(ctx, st, &bots, 400, func(_ *classic.State, v *classic.View) error {
		if !v.Legal.Discard || r.Float64() >= cfg.pos {
			return nil
		}
		cs, err := candidates(ctx, v, cfg.cands, r)
		if err != nil || len(cs) < 2 {
			return err
		}
		acts := make([]classic.Action, len(cs))
		for c, t := range cs {
			acts[c] = classic.DiscardAction(v.Seat, t)
		}
		vals, err := rollout.Compare(ctx, nil, 0, cfg.worlds, 1, nil, rollout.CandidatesClassic(v, acts, r.Uint64(), pl))
		if err != nil {
			return err
		}
		p := pairPos{Hand: int32(i)}
		var x [NumFeatures]float32
		for c, t := range cs {
			w := expertclassic.After(v, t)
			if err := fx.Features(&w, &x); err != nil {
				return err
			}
			p.X = append(p.X, x[:]...)
			p.Mean = append(p.Mean, float32(rollout.Mean(vals[c])))
		}
		pb.Pos = append(pb.Pos, p)
		return nil
	})
	if err != nil {
		return fmt.Errorf("hand %d: %w", i, err)
	}
	return nil
}

// candidates is a decision's discards to label: normal's pick (a bot
// seeded from r), up to k−2 more at normal's least distance, then tiles
// of the rack drawn from r (never an okey, each face once) to make k.
// None when normal would not discard (it finishes).
func candidates(ctx context.Context, v *classic.View, k int, r *game.Seeded) ([]tile.Tile, error) {
	nb, err := botsclassic.New("normal", botsclassic.Options{Seed: r.Uint64()})
	if err != nil {
		return nil, err
	}
	a, err := nb.Decide(ctx, *v)
	if err != nil || a.Kind != classic.ActDiscard {
		return nil, err
	}
	more, err := botsclassic.LeastDistance(v, a.Tile, k-1)
	if err != nil {
		return nil, err
	}
	cs := append([]tile.Tile{a.Tile}, more...)
	var rest []tile.Tile
	for f, n := range v.Counts {
		if t := tile.Tile(f); n > 0 && !v.Analyzer.IsOkey(t) && !slices.Contains(cs, t) {
			rest = append(rest, t)
		}
	}
	for len(cs) < k && len(rest) > 0 {
		j := r.Intn(len(rest))
		cs = append(cs, rest[j])
		rest[j] = rest[len(rest)-1]
		rest = rest[:len(rest)-1]
	}
	return cs, nil
}

// fitDiff fits a network to the differences between each position's
// candidates: the loss of a position is half the sum over its candidates
// of ((V_c − mean V) − (m_c − mean m))², V the network's value of the
// view after candidate c and m the playouts' mean; with two candidates
// that is a quarter of the squared error of the pair's difference. The
// level of the value is not fitted (its output bias starts at the
// labels' mean and stays). Every sum runs in a fixed order: the same
// data and config give the same weights bit for bit.
func fitDiff(ctx context.Context, ps []pairPos, cfg fitConfig) (*trainer.Net, error) {
	F := NumFeatures
	if len(ps) > 0 {
		F = ps[0].width()
	}
	n := &trainer.Net{F: F, H: cfg.hidden, Mean: make([]float64, F), Scale: make([]float64, F)}
	if cfg.use != nil {
		n.Use = make([]bool, F)
		for _, k := range cfg.use {
			n.Use[k] = true
		}
	}
	var rows, maxK int
	var ys float64
	for i := range ps {
		rows += ps[i].cands()
		maxK = max(maxK, ps[i].cands())
		for _, m := range ps[i].Mean {
			ys += float64(m)
		}
	}
	for k := range F {
		if n.Use != nil && !n.Use[k] {
			continue
		}
		var s, s2 float64
		for i := range ps {
			for c := range ps[i].cands() {
				x := float64(ps[i].row(c)[k])
				s += x
				s2 += x * x
			}
		}
		mean := s / float64(max(rows, 1))
		sd := math.Sqrt(max(s2/float64(max(rows, 1))-mean*mean, 0))
		n.Mean[k], n.Scale[k] = mean, 1
		if sd > 1e-9 {
			n.Scale[k] = 1 / sd
		}
	}
	n.Init(cfg.seed)
	_, _, _, b2 := n.Split(n.P)
	*b2 = ys / float64(max(rows, 1))

	xs := make([][]float64, maxK)
	a := make([][]float64, maxK)
	for c := range xs {
		xs[c], a[c] = make([]float64, F), make([]float64, max(n.H, 1))
	}
	z := make([]float64, maxK)
	err := descend(ctx, n, cfg, len(ps), func(i int, grad []float64) {
		p := &ps[i]
		k := p.cands()
		var zm, mm float64
		for c := range k {
			trainer.Standardize(n, p.row(c), xs[c])
			z[c] = n.Forward(xs[c], a[c])
			zm += z[c]
			mm += float64(p.Mean[c])
		}
		zm, mm = zm/float64(k), mm/float64(k)
		for c := range k {
			n.Backward(xs[c], a[c], (z[c]-zm)-(float64(p.Mean[c])-mm), grad)
		}
	})
	if err != nil {
		return nil, err
	}
	return n, nil
}

// diffErr is a reading's error on held-out positions' differences: the
// RMSE of its centred values against the playouts' centred means (a
// candidate a row), and how often it orders normal's pick against each
// other candidate as the playouts' means do (a tie half).
type diffErr struct {
	RMSE, Agree float64
	Pairs       int
	// AgreeTies is Agree over the TiePairs whose other candidate leaves
	// the rack as far from a win as normal's pick does.
	AgreeTies float64
	TiePairs  int
}

// diffErrors measures score (candidate c's value in position p; nil:
// every candidate alike) on ps.
func diffErrors(ps []pairPos, score func(p *pairPos, c int) float64) diffErr {
	var se, agree, agreeTies float64
	var rows, pairs, ties int
	for i := range ps {
		p := &ps[i]
		k := p.cands()
		z := make([]float64, k)
		var zm, mm float64
		for c := range k {
			if score != nil {
				z[c] = score(p, c)
			}
			zm += z[c]
			mm += float64(p.Mean[c])
		}
		zm, mm = zm/float64(k), mm/float64(k)
		for c := range k {
			e := (z[c] - zm) - (float64(p.Mean[c]) - mm)
			se += e * e
			rows++
			if c == 0 {
				continue
			}
			t := float64(p.Mean[0] - p.Mean[c])
			if t == 0 {
				continue
			}
			pairs++
			agree += agreeOf(z[0]-z[c], t)
			if p.row(c)[fDistance] == p.row(0)[fDistance] {
				ties++
				agreeTies += agreeOf(z[0]-z[c], t)
			}
		}
	}
	return diffErr{RMSE: math.Sqrt(se / float64(max(rows, 1))), Agree: agree / float64(max(pairs, 1)), Pairs: pairs,
		AgreeTies: agreeTies / float64(max(ties, 1)), TiePairs: ties}
}

// agreeOf is 1 when d has truth's sign, ½ when d is 0, else 0.
func agreeOf(d, truth float64) float64 {
	switch {
	case d == 0:
		return 0.5
	case (d > 0) == (truth > 0):
		return 1
	}
	return 0
}

// truthPrefixes are the worlds at which a truth's running difference is
// kept: what a search of that many playouts would have said.
var truthPrefixes = []int{32, 256, 1024}

// truth is one ordering choice played out in many worlds: the paired
// difference of its first candidate (normal's pick) less its second,
// over every world (with its 95% half-width) and over the first
// truthPrefixes worlds.
type truth struct {
	Diff, Half float64
	Prefix     []float64
}

// truthBlock is the truths of choices First to First+len(Truths)−1.
type truthBlock struct {
	Seed       uint64
	First      int
	Worlds     int
	Truths     []truth
	CPUSeconds float64
}

// truthBlockChoices is the choices of a truth block: about half a
// minute of CPU at 4,096 worlds.
const truthBlockChoices = 4

// truths plays each of cs out in worlds worlds (the shared sampler's,
// normal playing out, on workers goroutines; world seeds from seed and
// the choice's index), the blocks in cache read and the others made and
// kept. It gives the truths and the CPU-seconds their blocks took.
func truths(ctx context.Context, cs []choice, seed uint64, worlds, workers int, cache string) ([]truth, float64, error) {
	players := make([]*rollout.PlayerClassic, max(workers, 1))
	for w := range players {
		players[w] = rollout.NewPlayerClassic()
	}
	var out []truth
	var cpu float64
	for first := 0; first < len(cs); first += truthBlockChoices {
		end := min(first+truthBlockChoices, len(cs))
		name := filepath.Join(cache, fmt.Sprintf("truth-s%d-w%d-%05d.gob", seed, worlds, first))
		var tb truthBlock
		if cache != "" {
			err := trainer.Load(name, &tb)
			if err == nil && len(tb.Truths) == end-first {
				out = append(out, tb.Truths...)
				cpu += tb.CPUSeconds
				continue
			}
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, 0, err
			}
		}
		cpu0 := trainer.CPU()
		tb = truthBlock{Seed: seed, First: first, Worlds: worlds}
		for i := first; i < end; i++ {
			c := &cs[i]
			acts := []classic.Action{classic.DiscardAction(c.v.Seat, c.cands[0]), classic.DiscardAction(c.v.Seat, c.cands[1])}
			vals, err := rollout.Compare(ctx, nil, 0, worlds, workers, nil, rollout.CandidatesClassic(&c.v, acts, seed^uint64(i+1)*0x9e3779b97f4a7c15, players))
			if err != nil {
				return nil, 0, fmt.Errorf("choice %d: %w", i, err)
			}
			var t truth
			t.Diff, t.Half = rollout.Paired(vals[0], vals[1])
			for _, p := range truthPrefixes {
				if p < worlds {
					d, _ := rollout.Paired(vals[0][:p], vals[1][:p])
					t.Prefix = append(t.Prefix, d)
				}
			}
			tb.Truths = append(tb.Truths, t)
		}
		tb.CPUSeconds = (trainer.CPU() - cpu0).Seconds()
		if cache != "" {
			if err := trainer.Save(name, &tb); err != nil {
				return nil, 0, err
			}
		}
		trainer.Logf("truth: choices %d–%d", first, end-1)
		out = append(out, tb.Truths...)
		cpu += tb.CPUSeconds
	}
	return out, cpu, nil
}

// agreement is how often one reading orders the truths' two candidates
// as the playouts do.
type agreement struct {
	Name string
	// Agree is per choice the playouts' sign was told (truth ≠ 0): 1,
	// ½ or 0.
	Agree    []float64
	Decisive []bool
	// Regret is the mean over those choices of the points a choice by
	// the reading gives up against the better of the two.
	Regret float64
}

// orderAgainst measures the readings d (per choice, the first
// candidate's value less the second's) against ts.
func orderAgainst(name string, ts []truth, d []float64) agreement {
	ag := agreement{Name: name}
	var n int
	for i, t := range ts {
		if t.Diff == 0 {
			continue
		}
		ag.Agree = append(ag.Agree, agreeOf(d[i], t.Diff))
		ag.Decisive = append(ag.Decisive, math.Abs(t.Diff) > t.Half)
		// The reading takes the first when d > 0, the second when d < 0,
		// either at even chances on a tie.
		first := agreeOf(d[i], 1)
		ag.Regret += max(t.Diff, 0) - first*t.Diff
		n++
	}
	ag.Regret /= float64(max(n, 1))
	return ag
}

// share is the mean of a's agreement over every choice (all) or the
// decisive ones, with the number of choices and a 95% half-width.
func (a *agreement) share(decisive bool) (p, half float64, n int) {
	var s, s2 float64
	for i, x := range a.Agree {
		if decisive && !a.Decisive[i] {
			continue
		}
		s += x
		s2 += x * x
		n++
	}
	if n == 0 {
		return 0, 0, 0
	}
	p = s / float64(n)
	if n > 1 {
		half = 1.96 * math.Sqrt(max(s2/float64(n)-p*p, 0)/float64(n-1))
	}
	return p, half, n
}

// pairedGap is the mean of a's agreement less b's over the same choices
// and its 95% half-width.
func pairedGap(a, b *agreement) (mean, half float64) {
	n := len(a.Agree)
	if n == 0 || len(b.Agree) != n {
		return 0, 0
	}
	var s, s2 float64
	for i := range n {
		d := a.Agree[i] - b.Agree[i]
		s += d
		s2 += d * d
	}
	mean = s / float64(n)
	if n > 1 {
		half = 1.96 * math.Sqrt(max(s2/float64(n)-mean*mean, 0)/float64(n-1))
	}
	return mean, half
}

// scoreChoices is, per choice, the value of the view after its first
// candidate less that after its second, by score.
func scoreChoices(cs []choice, score func(x []float32) float64) ([]float64, error) {
	var fx featurer
	var x [NumFeatures]float32
	out := make([]float64, len(cs))
	for i := range cs {
		c := &cs[i]
		var s [2]float64
		for j, t := range c.cands {
			w := expertclassic.After(&c.v, t)
			if err := fx.Features(&w, &x); err != nil {
				return nil, err
			}
			s[j] = score(x[:])
		}
		out[i] = s[0] - s[1]
	}
	return out, nil
}

// netScore is n's value of a row of features.
func netScore(n *trainer.Net) func(x []float32) float64 {
	xs := make([]float64, n.F)
	a := make([]float64, max(n.H, 1))
	return func(x []float32) float64 {
		trainer.Standardize(n, x, xs)
		return n.Forward(xs, a)
	}
}

// modelScore is m's value of a row of features, as the product scores it.
func modelScore(m *smallnet.Model) func(x []float32) float64 {
	var in [smallnet.MaxFeatures]float32
	var h smallnet.Hidden
	return func(x []float32) float64 {
		copy(in[:], x)
		return float64(m.ScoreWith(&in, &h))
	}
}

// readModel reads saved weights of the value's features.
func readModel(path string) (*smallnet.Model, error) {
	js, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m, err := smallnet.Parse(js, "", NumFeatures)
	if err != nil {
		// A value of the view and the rack's second look (extra.go).
		if m2, err2 := smallnet.Parse(js, "", NumFeatures+extraFeatures); err2 == nil {
			return m2, nil
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}
