package arena101_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"okey/bots/arena101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// handEnd is how one hand of 101 ended, read back from its record by
// replaying it: who finished, whether the wall ran out, and every turn
// at which the player to move could have finished (the exact search on
// their rack and the table, with the tile they drew or with the
// previous discard taken) — and whether they then did.
type handEnd struct {
	finished, wallOut bool
	// could is the turns a finish was open to the mover; missed those of
	// them that did not end with the mover finishing; missedTake the
	// missed ones open only by taking the previous discard.
	could, missed, missedTake int
	// finishSeen: the finisher's last turn was among could (a check of
	// the search: a finish that was played was open).
	finishSeen bool
	// draws and takes over the hand; opened the seats opened at its
	// end; fewest the fewest tiles in an opened seat's rack at the end
	// (22 if none opened).
	draws, takes, opened, fewest int
	// dealLeft is the fewest tiles any seat's rack as dealt leaves out
	// of runs and sets (meld.Analyzer.Unmelded, which keeps one out):
	// how far the nearest seat started from a finish.
	dealLeft int
}

// handEndOf replays the record of one hand (a match of one hand, as
// arena101 plays single hands; a void deal dealt again is skipped) and
// says how it ended.
func handEndOf(rec []byte) (handEnd, error) {
	r, err := okey101.ParseRecord(rec)
	if err != nil {
		return handEnd{}, err
	}
	s, err := okey101.NewMatch(r.Rules, r.Seed)
	if err != nil {
		return handEnd{}, err
	}
	var h handEnd
	could, viaDrawOnly := false, false
	open := func(v *okey101.View, c tile.Counts, taken tile.Tile) bool {
		t := meld.Turn{Status: v.Opened[v.Seat].Status, Threshold: v.Threshold, OkeyPair: v.Rules.OkeyPair, Taken: taken}
		_, ok := v.Analyzer.CanFinish(c, v.Melds(), t)
		return ok
	}
	dealt := func() {
		h.dealLeft = 99
		for seat := range okey101.NumSeats {
			v := s.View(seat)
			u, _ := v.Analyzer.Unmelded(v.Counts)
			h.dealLeft = min(h.dealLeft, u)
		}
	}
	dealt()
	for _, a := range r.Actions {
		redeal := s.Phase() == game.HandOver && s.Result() != nil && s.Result().Void
		if s.Phase() == game.Playing && (a.Kind == okey101.ActDraw || a.Kind == okey101.ActTake) {
			v := s.View(a.Seat)
			if v.Stage == okey101.StageDraw && v.Legal.Take {
				if t := v.Top(v.Previous); t.Valid() {
					c := v.Counts
					c[t]++
					if open(&v, c, t) {
						could = true
					}
				}
			}
		}
		n, _, err := s.Apply(a)
		if err != nil {
			return h, fmt.Errorf("action %v: %w", a, err)
		}
		s = n
		if redeal { // the void deal's turns do not count: the hand is the next deal's
			h, could = handEnd{}, false
			dealt()
			continue
		}
		switch a.Kind {
		case okey101.ActDraw:
			h.draws++
			v := s.View(a.Seat)
			if open(&v, v.Counts, tile.NoTile) {
				could, viaDrawOnly = true, true
			}
		case okey101.ActTake:
			h.takes++
		case okey101.ActDiscard:
			res := s.Result()
			done := res != nil && !res.Void && res.Finisher == a.Seat
			if could {
				h.could++
				if done {
					h.finishSeen = true
				} else {
					h.missed++
					if !viaDrawOnly {
						h.missedTake++
					}
				}
			}
			could, viaDrawOnly = false, false
		}
	}
	res := s.Result()
	if res == nil || res.Void {
		return h, fmt.Errorf("the record holds no hand that ended")
	}
	h.finished, h.wallOut = res.Finisher >= 0, res.WallOut
	h.fewest = 22
	v := s.View(0)
	for seat := range okey101.NumSeats {
		if v.Opened[seat].Status != meld.NotOpened {
			h.opened++
			h.fewest = min(h.fewest, v.TileCounts[seat])
		}
	}
	return h, nil
}

// handEnds plays hands single hands of 101 with bots (seed seed) and
// reads back how each ended.
func handEnds(t *testing.T, bots []string, hands int, seed uint64, workers int) []handEnd {
	t.Helper()
	var mu sync.Mutex
	var out []handEnd
	var bad error
	cfg := arena101.Config{Bots: bots, Hands: hands, Seed: seed, Rules: okey101.DefaultRules(), Workers: workers,
		Record: func(_ int, rec []byte) error {
			h, err := handEndOf(rec)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && bad == nil {
				bad = err
			}
			out = append(out, h)
			return nil
		}}
	res, err := arena101.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if bad != nil {
		t.Fatal(bad)
	}
	fin := 0
	for _, h := range out {
		if h.finished {
			fin++
		}
	}
	if len(out) != res.Hands || fin != res.Finished {
		t.Fatalf("%d records, %d finished; the arena counts %d hands, %d finished", len(out), fin, res.Hands, res.Finished)
	}
	return out
}

// TestNoFinishPassedUp: normal and hard never pass up a finish that is
// open to them at their turn — after a draw, or with the previous
// discard — so a hand of theirs that ends with the wall out is one no
// one could finish in time (docs/bots-101.md, "When the wall runs
// out"). Each hand is read back from its record, the exact search run
// at every turn; a finish that was played must have been seen open (a
// check of the reading itself).
func TestNoFinishPassedUp(t *testing.T) {
	hands := 48
	if testing.Short() {
		hands = 16
	}
	for _, level := range []string{"normal", "hard"} {
		t.Run(level, func(t *testing.T) {
			ends := handEnds(t, []string{level, level, level, level}, hands, 5, 1)
			for i, h := range ends {
				if h.missed > 0 {
					t.Errorf("hand %d: %d turns a finish was open and not played (%d of them by a take)", i, h.missed, h.missedTake)
				}
				if h.finished && !h.finishSeen {
					t.Errorf("hand %d was finished at a turn the search did not see open: the reading is wrong", i)
				}
				if h.finished == h.wallOut {
					t.Errorf("hand %d: finished %v, wall out %v", i, h.finished, h.wallOut)
				}
			}
		})
	}
}
