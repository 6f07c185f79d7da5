package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"math"

	"okey/bots/arenaclassic"
	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// The styles of the seats the data's hands are played by: the three
// levels, and normal perturbed on purpose (perturbed), so that the value
// does not learn one style's habits only.
const (
	styleEasy = iota
	styleNormal
	styleHard
	stylePerturbed
	// styleValue is the value bot of the generation before (-prev).
	styleValue
	numStyles
)

var styleNames = [numStyles]string{"easy", "normal", "hard", "perturbed normal", "value (the generation before)"}

// styleShare is the chance a seat is played by each style, when no
// generation before plays (genConfig.prev); when one does, it takes a
// seat at the chance genConfig.prevShare and the others share the rest
// in these proportions.
var styleShare = [numStyles]float64{0.15, 0.35, 0.30, 0.20, 0}

// perturbShare is the chance a perturbed normal throws a tile of its rack
// drawn at random (never an okey) instead of normal's discard.
const perturbShare = 0.2

// salt parts the seats' and the positions' draws from the deal's seed.
const salt = 0x7a1ae

// dataset is the positions of a run of self-play hands: position i's
// features are X[i*NumFeatures:(i+1)*NumFeatures], its label Y[i], the
// points the hand ended with for its seat (play alone, gösterme apart,
// as the arena's net: the mean of what the others lost less what it
// lost).
type dataset struct {
	X     []float32
	Y     []float32
	Hand  []int32
	Style []uint8
	Hands int
	// Unfinished is the hands cut at the move cap, whose positions are
	// not kept.
	Unfinished int
}

// row is position i's features.
func (d *dataset) row(i int) []float32 { return d.X[i*NumFeatures : (i+1)*NumFeatures] }

// Len is the positions.
func (d *dataset) Len() int { return len(d.Y) }

// digest is a hash of d's bytes: the same recipe gives the same digest.
func (d *dataset) digest() string {
	h := sha256.New()
	put := func(h hash.Hash, v uint32) {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], v)
		h.Write(b[:])
	}
	for _, x := range d.X {
		put(h, math.Float32bits(x))
	}
	for i, y := range d.Y {
		put(h, math.Float32bits(y))
		put(h, uint32(d.Hand[i]))
		put(h, uint32(d.Style[i]))
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:8])
}

// genConfig says which hands to play and which positions to keep.
type genConfig struct {
	seed       uint64
	hands      int
	workers    int
	pos        float64 // the chance a decision's view is kept
	maxActions int
	// prev, when set, is the value of the generation before: its bot
	// (in mode prevMode) takes a seat at the chance prevShare.
	prev      *smallnet.Model
	prevMode  string
	prevShare float64
}

// generate plays hands 0 to cfg.hands−1 of cfg.seed and keeps positions
// from them, in hand order whatever the workers, so that the data
// depend on the seed alone.
func generate(ctx context.Context, cfg genConfig) (*dataset, error) {
	parts, err := trainer.Chunks(ctx, cfg.hands, 32, cfg.workers, func() func(first, end int) (*dataset, error) {
		fx := &featurer{}
		return func(first, end int) (*dataset, error) {
			d := &dataset{}
			for i := first; i < end; i++ {
				if err := playHand(ctx, cfg, i, fx, d); err != nil {
					return nil, err
				}
			}
			return d, nil
		}
	})
	if err != nil {
		return nil, err
	}
	out := &dataset{Hands: cfg.hands}
	for _, p := range parts {
		out.X = append(out.X, p.X...)
		out.Y = append(out.Y, p.Y...)
		out.Hand = append(out.Hand, p.Hand...)
		out.Style = append(out.Style, p.Style...)
		out.Unfinished += p.Unfinished
	}
	return out, nil
}

// perturbed is normal that, at a discard, throws a tile of its rack
// drawn at random (never an okey) at the chance perturbShare.
type perturbed struct {
	normal botsclassic.Bot
	rnd    *game.Seeded
}

// Level is "perturbed", the arena's name for it.
func (p *perturbed) Level() string { return "perturbed" }

func (p *perturbed) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	if v.Legal.Discard && p.rnd.Float64() < perturbShare {
		var cands []tile.Tile
		for _, t := range v.Rack {
			if !v.Analyzer.IsOkey(t) {
				cands = append(cands, t)
			}
		}
		if len(cands) > 0 {
			return classic.DiscardAction(v.Seat, cands[p.rnd.Intn(len(cands))]), nil
		}
	}
	return p.normal.Decide(ctx, v)
}

// seat is a seat's player in the data's hands and its style.
type seat struct {
	bot   trainer.Player[classic.View, classic.Action]
	style uint8
}

// seatBots draws each seat's style, then its seed, from r.
func seatBots(r *game.Seeded, cfg *genConfig) ([trainer.Seats]seat, error) {
	var seats [trainer.Seats]seat
	for s := range seats {
		if cfg != nil && cfg.prev != nil && r.Float64() < cfg.prevShare {
			seed := r.Uint64()
			h, err := botsclassic.New("hard", botsclassic.Options{Seed: seed})
			if err != nil {
				return seats, err
			}
			seats[s] = seat{bot: (&valueBot{hard: h, value: cfg.prev}).withMode(cfg.prevMode, seed), style: styleValue}
			continue
		}
		u, style := r.Float64(), 0
		for style < stylePerturbed && u >= styleShare[style] {
			u -= styleShare[style]
			style++
		}
		seed := r.Uint64()
		level := [numStyles]string{"easy", "normal", "hard", "normal"}[style]
		b, err := botsclassic.New(level, botsclassic.Options{Seed: seed})
		if err != nil {
			return seats, err
		}
		seats[s] = seat{bot: b, style: uint8(style)}
		if style == stylePerturbed {
			seats[s].bot = &perturbed{normal: b, rnd: game.NewSeeded(seed ^ salt)}
		}
	}
	return seats, nil
}

// playHand plays hand i (smallnet.HandSeed) at classic's default rules
// and files the positions it keeps in d, labelled by how the hand ended:
// each seat's view at its decisions (a draw or a discard), and just
// after its discard (waiting, the view a bot weighing its discards
// scores), each kept at the chance cfg.pos.
func playHand(ctx context.Context, cfg genConfig, i int, fx *featurer, d *dataset) error {
	hs := smallnet.HandSeed(cfg.seed, i)
	r := game.NewSeeded(hs ^ salt)
	seats, err := seatBots(r, &cfg)
	if err != nil {
		return fmt.Errorf("hand %d: %w", i, err)
	}
	st, err := classic.NewMatch(classic.DefaultRules(), hs)
	if err != nil {
		return fmt.Errorf("hand %d: %w", i, err)
	}
	var bots [trainer.Seats]trainer.Player[classic.View, classic.Action]
	for s := range seats {
		bots[s] = seats[s].bot
	}
	type kept struct {
		x    [NumFeatures]float32
		seat int
	}
	var ks []kept
	keep := func(v *classic.View) error {
		var k kept
		k.seat = v.Seat
		if err := fx.Features(v, &k.x); err != nil {
			return err
		}
		ks = append(ks, k)
		return nil
	}
	st, err = trainer.PlayOut(ctx, st, &bots, cfg.maxActions, func(s *classic.State, v *classic.View) error {
		if h := v.History; len(h) > 0 {
			if e := h[len(h)-1]; e.Kind == classic.EvDiscard && e.Seat != v.Seat && r.Float64() < cfg.pos {
				w := s.View(e.Seat)
				if err := keep(&w); err != nil {
					return err
				}
			}
		}
		if !(v.Legal.Draw || v.Legal.Discard) || r.Float64() >= cfg.pos {
			return nil
		}
		return keep(v)
	})
	if err != nil {
		return fmt.Errorf("hand %d, %w", i, err)
	}
	res := st.Result()
	if res == nil {
		d.Unfinished++
		return nil
	}
	net := playNet(res)
	for _, k := range ks {
		d.X = append(d.X, k.x[:]...)
		d.Y = append(d.Y, float32(net[k.seat]))
		d.Hand = append(d.Hand, int32(i))
		d.Style = append(d.Style, seats[k.seat].style)
	}
	return nil
}

// playNet is each seat's net points of hand r from play, gösterme apart,
// as the arena counts them (arenaclassic.NetOf).
func playNet(r *classic.HandResult) [classic.NumSeats]float64 {
	var lost [classic.NumSeats]float64
	for s := range lost {
		lost[s] = float64(r.Lost[s] - r.ShowLost[s])
	}
	return arenaclassic.NetOf(&lost)
}
