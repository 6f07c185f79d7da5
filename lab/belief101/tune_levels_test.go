//go:build tune

package belief101_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestWeighedLevels101 measures the weighed reading (Reader.Weighed)
// on hands played by four bots of OKEY_LEVEL (bots101.Turn's: easy,
// normal, hard) beside the learned reading and the uniform one: the
// weighing reads every opponent as if it played normal, and the game's
// player may sit with bots of any level. Each position is a seat's view
// at the start of its turn in the draw stage, one in OKEY_EVERY;
// OKEY_WORLDS are the weighing's worlds (comma-separated: each scored),
// OKEY_WEIGH_AS the level the weighing reads the opponents as (empty:
// normal, Weighed's default).
// The log-loss a cell is belief.CellLoss, against the racks held, summed
// by hand; the report gives each reading against the uniform and the
// weighed against the learned, paired by hand with a 95% interval.
//
//	OKEY_LEVEL=hard OKEY_SEED=66 OKEY_FROM=140 OKEY_HANDS=70 OKEY_WORLDS=1024,4096 \
//	  go -C lab test -tags tune ./belief101 -run 'WeighedLevels101$' -v -timeout 0
func TestWeighedLevels101(t *testing.T) {
	level := os.Getenv("OKEY_LEVEL")
	if level == "" {
		t.Skip("set OKEY_LEVEL to the bots' level (minutes of CPU)")
	}
	env := func(k string, d int) int { return envInt(t, k, d) }
	seed, from, hands, every := uint64(env("OKEY_SEED", 66)), env("OKEY_FROM", 140), env("OKEY_HANDS", 70), max(env("OKEY_EVERY", 3), 1)
	var worlds []int
	for _, f := range strings.Split(cmp.Or(os.Getenv("OKEY_WORLDS"), "1024"), ",") {
		w, err := strconv.Atoi(f)
		if err != nil || w <= 0 {
			t.Fatalf("OKEY_WORLDS: %q", f)
		}
		worlds = append(worlds, w)
	}
	if err := freshHands(seed, from, hands); err != nil {
		t.Fatal(err)
	}
	out := make([]levelSums, hands)
	err := eachHand(max(env("OKEY_WORKERS", 2), 1), from, hands,
		func(sv *meld.Solver, i int) (levelSums, error) {
			return levelHand(context.Background(), seed, i, level, every, worlds, sv)
		},
		func(i int, s levelSums) error { out[i-from] = s; return nil })
	if err != nil {
		t.Fatal(err)
	}
	var flat, read []float64
	ws := make([][]float64, len(worlds))
	positions, replayed := 0, 0
	for _, s := range out {
		flat, read = append(flat, s.flat), append(read, s.read)
		for j := range worlds {
			ws[j] = append(ws[j], s.weighed[j])
		}
		positions, replayed = positions+s.positions, replayed+s.replayed
	}
	t.Logf("%s bots, seed %d, hands %d-%d: %d positions (%d weighed by replaying the hand)", level, seed, from, from+hands-1, positions, replayed)
	t.Logf("the learned reading: %s below the uniform", ceilBelow(read, flat))
	for j, w := range worlds {
		t.Logf("weighed, %d worlds: %s below the uniform, %s against the learned", w, ceilBelow(ws[j], flat), ceilBelow(ws[j], read))
	}
}

// levelSums are one hand's log-loss summed over its cells
// (TestWeighedLevels101): the uniform reading's, the learned's and each
// weighing's, over positions, replayed of them weighed (the others
// fell back to the learned reading: ErrNotReplayed).
type levelSums struct {
	flat, read float64
	weighed    []float64
	positions  int
	replayed   int
}

// levelHand plays hand i of seed with four bots of level and sums, over
// one draw-stage position in every, each reading's log-loss against the
// racks held.
func levelHand(ctx context.Context, seed uint64, i int, level string, every int, worlds []int, sv *meld.Solver) (levelSums, error) {
	s := levelSums{weighed: make([]float64, len(worlds))}
	h, err := playLevel(ctx, seed, i, sv, level)
	if err != nil {
		return s, err
	}
	var rd belief101.Reader
	var flat, read, wd belief.Reading
	pick := game.NewSeeded(h.seed ^ 0x1e7e1)
	for pos := range h.segs {
		sg := &h.segs[pos]
		if sg.v.Stage != okey101.StageDraw || pick.Intn(every) != 0 {
			continue
		}
		if err := rd.Read(&sg.v, nil, &flat); err != nil {
			return s, err
		}
		if err := rd.Read(&sg.v, belief101.Trained(), &read); err != nil {
			return s, err
		}
		var held [okey101.NumSeats]tile.Counts
		for seat := range okey101.NumSeats {
			held[seat] = sg.st.View(seat).Counts
		}
		loss := func(r *belief.Reading) (float64, error) {
			sum := 0.0
			for f := range tile.NumFaces {
				u := r.Unseen[f]
				if u == 0 {
					continue
				}
				for o, seat := range r.Seats {
					if seat < 0 || r.Slots[o] == 0 {
						continue
					}
					k := int(held[seat][f]) - int(r.Known[o][f])
					if k < 0 || k > int(u) {
						return 0, fmt.Errorf("hand %d, move %d, face %v: seat %d holds %d, the view knows %d of %d unseen", i, sg.move, tile.Tile(f), seat, held[seat][f], r.Known[o][f], u)
					}
					sum += belief.CellLoss(r.P[o][f], u, uint8(k))
				}
			}
			return sum, nil
		}
		fl, err := loss(&flat)
		if err != nil {
			return s, err
		}
		rl, err := loss(&read)
		if err != nil {
			return s, err
		}
		s.flat, s.read = s.flat+fl, s.read+rl
		for j, w := range worlds {
			we := belief101.DefaultWeighing()
			we.Worlds = w
			for seat := range we.Levels {
				we.Levels[seat] = os.Getenv("OKEY_WEIGH_AS")
			}
			err := rd.Weighed(ctx, &sg.v, belief101.Trained(), we, h.seed^uint64(pos)*0x3c6ef372fe94f82b, sv, &wd)
			switch {
			case err == nil:
				if j == 0 {
					s.replayed++
				}
			case !errors.Is(err, belief101.ErrNotReplayed):
				return s, fmt.Errorf("hand %d, move %d: %w", i, sg.move, err)
			}
			wl, err := loss(&wd)
			if err != nil {
				return s, err
			}
			s.weighed[j] += wl
		}
		s.positions++
	}
	return s, nil
}
