package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"okey/bots/bots101"
	"okey/bots/decide101"
	"okey/bots/rollout"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// choice is one discard decision of a hand of four hard, labelled on
// the true racks: hard's pick and the next discards of hard's ranking
// (the expert's candidates), each played out by normal on every seat
// in worlds that keep every rack as it truly is and deal the wall's
// order afresh (the same worlds and bots' seeds for every candidate),
// its mean over the even and the odd worlds apart.
type choice struct {
	Hand int32
	// Move is the state's move count at the decision, where a replay
	// of the hand finds it again; Seat the deciding seat.
	Move int32
	Seat int8
	// Tiles are the candidates, hard's pick first.
	Tiles []tile.Tile
	Half  [2][]float32
	// Expert is the candidate the expert (decide101.Expert, seeded by
	// the decision) picks on the seat's view, −1 when it picks none of
	// them (an opening, or another tile); −2 when not asked.
	Expert int8
	// Features are each candidate's reading of the seat's view just
	// after its discard (features.go), filled on a replay of the hand:
	// len(Tiles)×numFeatures.
	X []float32
	// TX is what the true racks say of each candidate (readTrue),
	// filled on the replay beside X: for measuring how much of sight's
	// prize one true fact explains, never a reading of the view.
	TX []float32
}

// mean is candidate c's mean over every world.
func (c *choice) mean(j int) float64 { return float64(c.Half[0][j]+c.Half[1][j]) / 2 }

// block is the labelled choices of hands First to End−1.
type block struct {
	Seed       uint64
	First, End int
	Worlds     int
	Rate       float64
	Cands      int
	Expert     bool
	Discards   int // hard's discards in the block's hands, every seat
	Choices    []choice
	Version    int
}

// blockVersion is the blocks' make: a block of another is made again.
const blockVersion = 1

// blockHands is the hands of a block, the unit kept in the cache.
const blockHands = 5

// labelConfig says which decisions to label and how.
type labelConfig struct {
	seed    uint64
	hands   int
	worlds  int // even
	rate    float64
	cands   int
	expert  bool
	workers int
	cache   string
}

// handSeat is the seed of a seat's hard bot in hand i: its choices are
// drawn from it, so that a replay of the hand plays it again.
func handSeat(hs uint64, seat int) uint64 { return hs ^ uint64(seat+1)*0xb5ad4eceda1ce2a9 }

// mix derives an independent seed from seed and two small numbers.
func mix(seed uint64, a, b int) uint64 {
	return game.NewSeed(seed ^ uint64(a+1)*0x9e3779b97f4a7c15 ^ uint64(b+1)*0xc2b2ae3d27d4eb4f)
}

// playHand plays hand i of seed (smallnet.HandSeed, default rules, the
// first hand of a match) with four hard bots and calls at with the
// state before each of their discards that leave a tile in the rack,
// and the discard. It returns hard's discards counted.
func playHand(ctx context.Context, seed uint64, i int, sv *meld.Solver, at func(st *okey101.State, a okey101.Action) error) (int, error) {
	hs := smallnet.HandSeed(seed, i)
	st, err := okey101.NewMatch(okey101.DefaultRules(), hs)
	if err != nil {
		return 0, fmt.Errorf("hand %d: %w", i, err)
	}
	var bots [okey101.NumSeats]bots101.Bot
	for s := range bots {
		if bots[s], err = bots101.New("hard", bots101.Options{Seed: handSeat(hs, s), Solver: sv}); err != nil {
			return 0, err
		}
	}
	discards := 0
	for st.Phase() == game.Playing && st.Moves() < rollout.MaxActions {
		seat := st.Turn()
		a, err := bots[seat].Decide(ctx, st.View(seat))
		if err != nil {
			return discards, fmt.Errorf("hand %d, move %d: %w", i, st.Moves(), err)
		}
		v := st.View(seat)
		if a.Kind == okey101.ActDiscard && v.Counts.Total() > 1 {
			discards++
			if at != nil {
				if err := at(&st, a); err != nil {
					return discards, fmt.Errorf("hand %d, move %d: %w", i, st.Moves(), err)
				}
			}
		}
		if st, _, err = st.Apply(a); err != nil {
			return discards, fmt.Errorf("hand %d, move %d (%v): %w", i, st.Moves(), a, err)
		}
	}
	return discards, nil
}

// labeller labels the decisions of one goroutine's hands.
type labeller struct {
	cfg    labelConfig
	sv     *meld.Solver // the hands' bots
	rsv    *meld.Solver // hard's ranking and the expert's hard
	player *rollout.Player101
}

func newLabeller(cfg labelConfig) *labeller {
	return &labeller{cfg: cfg, sv: new(meld.Solver), rsv: new(meld.Solver), player: rollout.NewPlayer101()}
}

// label plays hands first to end−1 and labels the decisions kept.
func (l *labeller) label(ctx context.Context, first, end int) (*block, error) {
	b := &block{Seed: l.cfg.seed, First: first, End: end, Worlds: l.cfg.worlds, Rate: l.cfg.rate,
		Cands: l.cfg.cands, Expert: l.cfg.expert, Version: blockVersion}
	for i := first; i < end; i++ {
		n := 0
		d, err := playHand(ctx, l.cfg.seed, i, l.sv, func(st *okey101.State, a okey101.Action) error {
			n++
			ds := mix(smallnet.HandSeed(l.cfg.seed, i), st.Moves(), 7)
			if float64(ds>>11)/(1<<53) >= l.cfg.rate {
				return nil
			}
			c, ok, err := l.choice(ctx, st, a, ds)
			if err != nil || !ok {
				return err
			}
			c.Hand = int32(i)
			b.Choices = append(b.Choices, c)
			return nil
		})
		if err != nil {
			return nil, err
		}
		b.Discards += d
	}
	return b, nil
}

// choice labels the decision of the seat to move in st, whose hard
// bot discards a; ok is false when hard's ranking offers no other
// candidate.
func (l *labeller) choice(ctx context.Context, st *okey101.State, a okey101.Action, ds uint64) (choice, bool, error) {
	seat := st.Turn()
	v := st.View(seat)
	order, err := bots101.Discards(ctx, v, bots101.Options{Seed: ds, Solver: l.rsv})
	if err != nil {
		return choice{}, false, err
	}
	c := choice{Move: int32(st.Moves()), Seat: int8(seat), Tiles: []tile.Tile{a.Tile}, Expert: -2}
	for _, t := range order {
		if len(c.Tiles) >= l.cfg.cands {
			break
		}
		if t.Valid() && t != a.Tile && v.Counts[t] > 0 {
			c.Tiles = append(c.Tiles, t)
		}
	}
	if len(c.Tiles) < 2 {
		return choice{}, false, nil
	}
	if l.cfg.expert {
		e := decide101.NewExpert(ds^0xe4, l.rsv)
		ea, err := e.Decide(ctx, v)
		if err != nil {
			return choice{}, false, fmt.Errorf("expert: %w", err)
		}
		c.Expert = -1
		for j, t := range c.Tiles {
			if ea.Kind == okey101.ActDiscard && ea.Tile == t {
				c.Expert = int8(j)
			}
		}
	}
	var given [okey101.NumSeats]*tile.Counts
	var racks [okey101.NumSeats]tile.Counts
	for s := range okey101.NumSeats {
		if s != seat {
			racks[s] = st.View(s).Counts
			given[s] = &racks[s]
		}
	}
	for h := range c.Half {
		c.Half[h] = make([]float32, len(c.Tiles))
	}
	per := float64(l.cfg.worlds / 2)
	for w := range l.cfg.worlds {
		world, err := v.SampleWorldGiven(mix(ds, w, 1), given)
		if err != nil {
			return choice{}, false, fmt.Errorf("world %d: %w", w, err)
		}
		bs := mix(ds, w, 2)
		for j, t := range c.Tiles {
			end, err := l.player.Play(ctx, world, okey101.Discard(seat, t), bs)
			if err != nil {
				return choice{}, false, err
			}
			c.Half[w%2][j] += float32(rollout.Value101(end, seat) / per)
		}
	}
	return c, true, nil
}

// blocks labels hands 0 to cfg.hands−1 in blocks of blockHands on
// cfg.workers goroutines, each block kept in cfg.cache (when set) and
// read back from it instead of made again: a run stopped goes on where
// it stopped. The blocks come back in hand order whatever the workers.
func blocks(ctx context.Context, cfg labelConfig) ([]*block, error) {
	name := func(b int) string {
		return filepath.Join(cfg.cache, fmt.Sprintf("label101-s%d-w%d-r%g-c%d-e%t-%06d.gob", cfg.seed, cfg.worlds, cfg.rate, cfg.cands, cfg.expert, b*blockHands))
	}
	out := make([]*block, (cfg.hands+blockHands-1)/blockHands)
	var todo []int
	for b := range out {
		if cfg.cache != "" {
			var blk block
			err := trainer.Load(name(b), &blk)
			if err == nil && blk.Version == blockVersion && blk.End == min((b+1)*blockHands, cfg.hands) {
				out[b] = &blk
				continue
			}
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
		}
		todo = append(todo, b)
	}
	made, err := trainer.Chunks(ctx, len(todo), 1, cfg.workers, func() func(j, _ int) (*block, error) {
		l := newLabeller(cfg)
		return func(j, _ int) (*block, error) {
			b := todo[j]
			blk, err := l.label(ctx, b*blockHands, min((b+1)*blockHands, cfg.hands))
			if err == nil && cfg.cache != "" {
				err = trainer.Save(name(b), blk)
			}
			if err == nil {
				trainer.Logf("label101: hands %d–%d, %d choices", blk.First, blk.End-1, len(blk.Choices))
			}
			return blk, err
		}
	})
	if err != nil {
		return nil, err
	}
	for j, b := range todo {
		out[b] = made[j]
	}
	return out, nil
}
