//go:build tune

package belief101_test

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"okey/bots/belief"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
)

// The learned reading weighed by normal's plans (docs/studies/belief-101.md,
// "Worlds weighed by the plans they explain"): what the chain has and
// the learned reading lacks is the joint reading of a rack against the
// turns its player played. Worlds dealt from the learned reading
// (belief.Reading.Deal) are each weighed, for each opponent alone, by
// whether normal, holding the world's rack, plans the last S segments
// that opponent was seen to play (a segment: one call of bots101.Turn,
// the draw or the rest of a turn). A segment before one of the
// opponent's draws from the wall needs its rack before that draw: the
// tile drawn is picked among the copies of the world's rack after the
// draw (uniform over copies: the chance each copy was the one drawn in
// a deal dealt at random), H times a world, and the weight is the share
// of the H picks whose every segment normal plans as played. The cell's
// reading is the weighed worlds' copies shrunk toward the learned
// reading by lambda worlds' weight.
//
// It reads what an honest player can: the view, the learned reading
// and normal's policy (the opponents here all play normal, which the
// chain knows too). The true racks enter only through the chain's
// bookkeeping of differences (c.now), which cancels: a world's rack at
// a segment is the segment's own view's rack plus the world's
// difference from the truth at the position, and the true draws enter
// as e_T − e_t, T the true draw, t the world's.

// rwConfig is the weighed reading's: M worlds a position, H picks of
// the draws a world, and the lengths S (segments checked from the last),
// the weights eps of a segment not explained (0: the world is out) and
// the shrinks lambda scored. A pick's weight is eps to the number of
// the S segments it does not explain.
type rwConfig struct {
	m, h    int
	segs    []int
	eps     []float64
	lambdas []float64
}

// variants are the weighings scored, S by eps.
func (cfg *rwConfig) variants() int { return len(cfg.segs) * len(cfg.eps) }

// label names variant v.
func (cfg *rwConfig) label(v int) string {
	return fmt.Sprintf("%d, eps %g", cfg.segs[v/len(cfg.eps)], cfg.eps[v%len(cfg.eps)])
}

// rwSums are one hand's sums for the weighed readings: Loss[s][l] for
// segs[s] and lambdas[l], by the wall's stage; ESS sums, over the
// opponents of every position, the effective share of the M worlds
// ((Σw)²/Σw²/M) for each length; Zero counts those whose every world
// had weight 0; Places counts the opponents.
type rwSums struct {
	Variants []string
	Lambdas  []float64
	M, H     int
	Loss     [][][2]float64
	ESS      []float64
	Zero     []float64
	Places   float64
}

// explained says which of seat s's last segments (at most most, from
// the last: bit j the j-th before the position) normal does not plan as
// played from rack, the world's rack at the position, the draws before
// them picked at random; ok is false when the picks leave a segment no
// rack at all (the world cannot have played so).
func (c *ceilChain) explained(s int, rack *tile.Counts, most int, rnd *game.Seeded) (failed uint64, ok bool) {
	var d [tile.NumFaces]int
	for f := range d {
		d[f] = int(rack[f]) - int(c.now[s][f])
	}
	tP := c.h.segs[c.pos].move
	draws := c.h.draws[s]
	di := len(draws) - 1
	for di >= 0 && draws[di].move >= tP {
		di--
	}
	ks := c.segsOf[s]
	n := 0
	for j := len(ks) - 1; j >= 0 && n < most && n < 64; j-- {
		sg := &c.h.segs[ks[j]]
		if di >= 0 && draws[di].move >= sg.move {
			// The world's draw here: a copy of its rack after it.
			T := draws[di].t
			di--
			total := 0
			var after [tile.NumFaces]int
			for f := range after {
				after[f] = int(sg.v.Counts[f]) + d[f]
				if tile.Tile(f) == T {
					after[f]++
				}
				if after[f] < 0 {
					return 0, false
				}
				total += after[f]
			}
			if total == 0 {
				return 0, false
			}
			x := rnd.Intn(total)
			t := 0
			for ; x >= after[t]; t++ {
				x -= after[t]
			}
			d[T]++
			d[t]--
		}
		var r tile.Counts
		for f := range r {
			v := int(sg.v.Counts[f]) + d[f]
			if v < 0 {
				return 0, false
			}
			r[f] = uint8(v)
		}
		if !c.plays(ks[j], &r) {
			failed |= 1 << n
		}
		n++
	}
	return failed, true
}

// scoreRW adds the weighed readings' log-loss at the chain's position
// to sums, on the cells of read (the learned reading), seed the
// position's.
func (c *ceilChain) scoreRW(cfg *rwConfig, read *belief.Reading, seed uint64, stage int, sums *rwSums) {
	deal, pick := game.NewSeeded(seed^0x5eed), game.NewSeeded(seed^0xd4a3)
	most := slices.Max(cfg.segs)
	type world struct {
		racks [okey101.NumSeats]tile.Counts
		// w[o][s]: the share of the picks explaining segs[s] segments.
		w [belief.Opponents][]float64
	}
	ws := make([]world, cfg.m)
	for i := range ws {
		read.Deal(deal, &ws[i].racks)
		for o, seat := range read.Seats {
			ws[i].w[o] = make([]float64, cfg.variants())
			if seat < 0 || read.Slots[o] == 0 {
				continue
			}
			for range cfg.h {
				failed, ok := c.explained(seat, &ws[i].racks[seat], most, pick)
				if !ok {
					continue
				}
				for v := range cfg.variants() {
					s, e := cfg.segs[v/len(cfg.eps)], cfg.eps[v%len(cfg.eps)]
					mask := ^uint64(0)
					if s < 64 {
						mask = 1<<s - 1
					}
					ws[i].w[o][v] += math.Pow(e, float64(bits.OnesCount64(failed&mask))) / float64(cfg.h)
				}
			}
		}
	}
	for o, seat := range read.Seats {
		if seat < 0 || read.Slots[o] == 0 {
			continue
		}
		sums.Places++
		for s := range cfg.variants() {
			sw, sw2 := 0.0, 0.0
			for i := range ws {
				sw += ws[i].w[o][s]
				sw2 += ws[i].w[o][s] * ws[i].w[o][s]
			}
			if sw > 0 {
				sums.ESS[s] += sw * sw / sw2 / float64(cfg.m)
			} else {
				sums.Zero[s]++
			}
			for f := range tile.NumFaces {
				u := read.Unseen[f]
				if u == 0 {
					continue
				}
				k := int(c.now[seat][f]) - int(read.Known[o][f])
				num := 0.0
				for i := range ws {
					num += ws[i].w[o][s] * float64(int(ws[i].racks[seat][f])-int(read.Known[o][f])) / float64(u)
				}
				for l, lam := range cfg.lambdas {
					p := (num + lam*read.P[o][f]) / (sw + lam)
					sums.Loss[s][l][stage] += belief.CellLoss(p, u, uint8(k))
				}
			}
		}
	}
}

// newRWSums is rwSums ready for cfg.
func newRWSums(cfg *rwConfig) rwSums {
	n := cfg.variants()
	s := rwSums{Lambdas: cfg.lambdas, M: cfg.m, H: cfg.h, ESS: make([]float64, n), Zero: make([]float64, n)}
	for v := range n {
		s.Variants = append(s.Variants, cfg.label(v))
	}
	s.Loss = make([][][2]float64, n)
	for i := range s.Loss {
		s.Loss[i] = make([][2]float64, len(cfg.lambdas))
	}
	return s
}

// rwFromEnv is the weighed reading's configuration from OKEY_RW_M (0:
// none), OKEY_RW_H, OKEY_RW_S and OKEY_RW_L.
func rwFromEnv(t *testing.T) *rwConfig {
	m, _ := strconv.Atoi(os.Getenv("OKEY_RW_M"))
	if m <= 0 {
		return nil
	}
	cfg := &rwConfig{m: m, h: 2}
	if h, err := strconv.Atoi(os.Getenv("OKEY_RW_H")); err == nil && h > 0 {
		cfg.h = h
	}
	for _, s := range strings.Split(cmp.Or(os.Getenv("OKEY_RW_S"), "1,2,4,8,1000"), ",") {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("OKEY_RW_S: %q", s)
		}
		cfg.segs = append(cfg.segs, n)
	}
	for _, s := range strings.Split(cmp.Or(os.Getenv("OKEY_RW_E"), "0"), ",") {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || x < 0 || x >= 1 {
			t.Fatalf("OKEY_RW_E: %q", s)
		}
		cfg.eps = append(cfg.eps, x)
	}
	for _, s := range strings.Split(cmp.Or(os.Getenv("OKEY_RW_L"), "4,16,64"), ",") {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || x <= 0 {
			t.Fatalf("OKEY_RW_L: %q", s)
		}
		cfg.lambdas = append(cfg.lambdas, x)
	}
	return cfg
}

// TestReweigh101Report reports the weighed readings of the files OKEY_IN
// (TestCeiling101's, run with OKEY_RW_M) against the uniform and the
// learned readings on the same cells and, paired by hand with the
// chain's files OKEY_CHAIN (the same seed and positions), against 60%
// of the chain's share below the uniform (K = 512).
func TestReweigh101Report(t *testing.T) {
	read := func(names string) []ceilLine { return readCeilLines(t, names) }
	in := os.Getenv("OKEY_IN")
	if in == "" {
		t.Skip("set OKEY_IN to the files")
	}
	lines := read(in)
	chain := map[int]ceilLine{}
	if names := os.Getenv("OKEY_CHAIN"); names != "" {
		for _, l := range read(names) {
			if i := slices.Index(l.K, 512); i >= 0 {
				chain[l.Hand] = l
			}
		}
	}
	both := func(a [2]float64) float64 { return a[0] + a[1] }
	// The second reading (OKEY_ALT or OKEY_WEIGHED), paired with the
	// chain as the weighings are.
	var as, abs, acs, ys, ybs []float64
	for _, l := range lines {
		if !l.Alt {
			continue
		}
		f := both(l.Reads.Flat)
		as, abs, acs = append(as, both(l.Reads.Alt)), append(abs, f), append(acs, both(l.Reads.Read))
		if ch, ok := chain[l.Hand]; ok {
			k := slices.Index(ch.K, 512)
			if fc := both(ch.Reads.Flat); fc != f {
				t.Fatalf("hand %d: the chain's cells are not these (uniform %.4f against %.4f)", l.Hand, fc, f)
			}
			ys, ybs = append(ys, both(l.Reads.Alt)-0.6*both(ch.Chains[k].W64)+0.6*f), append(ybs, f)
		}
	}
	if len(as) > 0 {
		t.Logf("the second reading, %d hands: %s below the uniform, %s against the learned; less 60%% of the chain's, paired: %s (%d hands)",
			len(as), ceilBelow(as, abs), ceilBelow(as, acs), ceilBelow(ys, ybs), len(ys))
	}
	var rw *rwSums
	for i := range lines {
		if lines[i].RW != nil {
			rw = lines[i].RW
			break
		}
	}
	if rw == nil {
		return
	}
	var rs, fs []float64
	for _, l := range lines {
		rs, fs = append(rs, both(l.Reads.Read)), append(fs, both(l.Reads.Flat))
	}
	t.Logf("%d hands, M %d, H %d: the learned reading %s below the uniform", len(lines), rw.M, rw.H, ceilBelow(rs, fs))
	t.Log("| segments | lambda | below the uniform | against the learned | wall ≤ 16 | less 60% of the chain (paired) | effective worlds | all weights 0 |")
	t.Log("| --- | --- | --- | --- | --- | --- | --- | --- |")
	for s, name := range rw.Variants {
		ess, zero, places := 0.0, 0.0, 0.0
		for _, l := range lines {
			ess, zero, places = ess+l.RW.ESS[s], zero+l.RW.Zero[s], places+l.RW.Places
		}
		for li, lam := range rw.Lambdas {
			var xs, bs, ls, lfs, ys, ybs, cs []float64
			for _, l := range lines {
				x := both(l.RW.Loss[s][li])
				xs, bs, cs = append(xs, x), append(bs, both(l.Reads.Flat)), append(cs, both(l.Reads.Read))
				ls, lfs = append(ls, l.RW.Loss[s][li][1]), append(lfs, l.Reads.Flat[1])
				if ch, ok := chain[l.Hand]; ok {
					k := slices.Index(ch.K, 512)
					f := both(l.Reads.Flat)
					if fc := both(ch.Reads.Flat); fc != f {
						t.Fatalf("hand %d: the chain's cells are not these (uniform %.4f against %.4f)", l.Hand, fc, f)
					}
					ys, ybs = append(ys, x-0.6*both(ch.Chains[k].W64)+0.6*f), append(ybs, f)
				}
			}
			target := "—"
			if len(ys) > 0 {
				target = fmt.Sprintf("%s (%d hands)", ceilBelow(ys, ybs), len(ys))
			}
			t.Logf("| %s | %g | %s | %s | %s | %s | %.3f | %.1f%% |", name, lam, ceilBelow(xs, bs), ceilBelow(xs, cs), ceilBelow(ls, lfs), target,
				ess/max(places-zero, 1), 100*zero/max(places, 1))
		}
	}
}
