package main

import (
	"context"
	"fmt"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// group is one face of one position: the unseen copies of the face,
// each place's unseen slots, and where the copies truly were (the
// label). Its features are in dataset.x.
type group struct {
	Face  uint8
	U     uint8
	Slots [belief.Places]uint8
	N     [belief.Places]uint8
}

// position is one seat's view at one moment: its groups are
// dataset.g[First:First+Len].
type position struct {
	First, Len int32
	Hand       int32
	WallLeft   uint8
}

// dataset is the positions of a run of self-play hands, every face
// with unseen copies a group with its features (Opponents rows of
// NumFeatures bytes, zero for a place with no unseen slots).
type dataset struct {
	// F is the features a row (classic's belief.NumFeatures, or 101's).
	F     int
	X     []uint8
	G     []group
	Pos   []position
	Hands int
	// CPU is the seconds of CPU its making took (kept with it, so that
	// a run that reads it back reports what it cost).
	CPU float64
	// views keeps the views of the first positions (unexported: not
	// saved), for the samplers' figures.
	views []classic.View
}

// row is the bytes of one group's features.
func (d *dataset) row() int { return belief.Opponents * d.F }

// genConfig says which hands to play and which positions to keep.
type genConfig struct {
	seed       uint64
	hands      int
	workers    int
	pos        float64 // the chance a decision's view is kept
	hardShare  float64 // the chance a seat is hard rather than normal
	keepViews  int     // views kept for the samplers' figures
	maxActions int
	game101    bool // hands of Okey 101 (bots/belief101's features), not classic
}

// features is the features a row of the game's positions.
func (cfg genConfig) features() int {
	if cfg.game101 {
		return belief101.NumFeatures
	}
	return belief.NumFeatures
}

// generate plays the hands and keeps positions from them, in hand order
// whatever the workers, so that the data depend on the seed alone.
func generate(ctx context.Context, cfg genConfig) (*dataset, error) {
	parts, err := trainer.Chunks(ctx, cfg.hands, 64, cfg.workers, func() func(first, end int) (*dataset, error) {
		var rd belief.Reader
		var rd101 belief101.Reader
		return func(first, end int) (*dataset, error) {
			d := &dataset{F: cfg.features()}
			for i := first; i < end; i++ {
				play := func() error { return playHand(ctx, cfg, i, &rd, d) }
				if cfg.game101 {
					play = func() error { return playHand101(ctx, cfg, i, &rd101, d) }
				}
				if err := play(); err != nil {
					return nil, err
				}
			}
			return d, nil
		}
	})
	if err != nil {
		return nil, err
	}
	out := &dataset{Hands: cfg.hands, F: cfg.features()}
	for _, p := range parts {
		base := int32(len(out.G))
		for _, q := range p.Pos {
			q.First += base
			out.Pos = append(out.Pos, q)
		}
		out.G = append(out.G, p.G...)
		out.X = append(out.X, p.X...)
		for _, v := range p.views {
			if len(out.views) < cfg.keepViews {
				out.views = append(out.views, v)
			}
		}
	}
	return out, nil
}

// playHand plays hand i with normal and hard bots and files the views
// it keeps in d.
func playHand(ctx context.Context, cfg genConfig, i int, rd *belief.Reader, d *dataset) error {
	st, bots, r, err := trainer.ClassicHand(cfg.seed, i, 0xbe11ef, cfg.hardShare)
	if err != nil {
		return err
	}
	var in belief.Input
	_, err = trainer.PlayOut(ctx, st, &bots, cfg.maxActions, func(st *classic.State, v *classic.View) error {
		if r.Float64() < cfg.pos {
			return keep(rd, &in, st, v, i, d, len(d.views) < cfg.keepViews)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("hand %d, %w", i, err)
	}
	return nil
}

// keep files view v of state st as a position: its features and where
// its unseen tiles truly are.
func keep(rd *belief.Reader, in *belief.Input, st *classic.State, v *classic.View, hand int, d *dataset, view bool) error {
	if err := rd.Fill(v, in); err != nil {
		return err
	}
	var truth [belief.Opponents]tile.Counts
	for p, s := range in.Seats {
		if s >= 0 {
			truth[p] = st.View(s).Counts
		}
	}
	if err := file(in, &truth, hand, v.WallLeft, belief.FeatureNames[:], d); err != nil {
		return err
	}
	if view {
		d.views = append(d.views, *v)
	}
	return nil
}

// file files a position of either game: input in (its d.F features a
// row, named names) and the opponents' true racks.
func file(in *belief.Input, truth *[belief.Opponents]tile.Counts, hand, wallLeft int, names []string, d *dataset) error {
	pos := position{First: int32(len(d.G)), Hand: int32(hand), WallLeft: uint8(min(wallLeft, 255))}
	for f := range tile.NumFaces {
		u := in.Unseen[f]
		if u == 0 {
			continue
		}
		g := group{Face: uint8(f), U: u}
		rest := int(u)
		for p := range belief.Opponents {
			g.Slots[p] = uint8(in.Slots[p])
			n := int(truth[p][f]) - int(in.Known[p][f])
			if n < 0 || n > rest {
				return fmt.Errorf("face %v: seat %d holds %d, the view knows %d of %d unseen", tile.Tile(f), in.Seats[p], truth[p][f], in.Known[p][f], u)
			}
			g.N[p] = uint8(n)
			rest -= n
		}
		g.Slots[belief.Wall], g.N[belief.Wall] = uint8(in.Slots[belief.Wall]), uint8(rest)
		for p := range belief.Opponents {
			for k := range d.F {
				x := float32(0)
				if in.Slots[p] > 0 {
					x = in.X[p][f][k]
				}
				if x < 0 || x > 255 || x != float32(uint8(x)) {
					return fmt.Errorf("feature %s is %v, not a byte", names[k], x)
				}
				d.X = append(d.X, uint8(x))
			}
		}
		d.G = append(d.G, g)
		pos.Len++
	}
	d.Pos = append(d.Pos, pos)
	return nil
}

// input rebuilds the model's input of position p (features, unseen
// copies and slots; Known is left empty: the readings of the figures
// count unseen copies only).
func (d *dataset) input(p int, in *belief.Input) {
	*in = belief.Input{}
	pos := d.Pos[p]
	for gi := pos.First; gi < pos.First+pos.Len; gi++ {
		g := &d.G[gi]
		in.Unseen[g.Face] = g.U
		for pl := range belief.Places {
			in.Slots[pl] = int(g.Slots[pl])
		}
		row := d.X[int(gi)*d.row():]
		for o := range belief.Opponents {
			for k := range d.F {
				in.X[o][g.Face][k] = float32(row[o*d.F+k])
			}
		}
	}
}

// save writes d to path (gob); load reads it back.
func (d *dataset) save(path string) error { return trainer.Save(path, d) }

func load(path string) (*dataset, error) {
	var d dataset
	if err := trainer.Load(path, &d); err != nil {
		return nil, err
	}
	if d.F == 0 {
		d.F = belief.NumFeatures // kept before 101's belief
	}
	return &d, nil
}
