//go:build tune

package search_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"okey/bots/arena101"
	"okey/bots/bots101"
	"okey/bots/positions"
	"okey/bots/search"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/lab/internal/arenatest"
)

// sight101 is the expert's search (the search at Options.Scale, hard
// underneath, the same candidates, gate and playouts) with the other
// three racks seen as they are: its worlds hold the true racks and only
// the wall is dealt at random from the rest. It is the bound of point 1
// of issue 66 for 101, as classic's pimc-cheat=7 (docs/studies/classic-bound.md):
// what this search gains from reading the racks perfectly, which no
// honest player of it can pass. Only the arena can seat it (it needs
// the state).
type sight101 struct {
	p *search.Player101
	// mask says which racks are seen, as classic's pimc-cheat: 1 the
	// next player's, 2 the one across, 4 the previous player's (7 all
	// three); a rack not seen is dealt at random from the rest.
	mask int
}

func (s *sight101) Level() string { return sightLevel }

func (s *sight101) Decide(context.Context, okey101.View) (okey101.Action, error) {
	return okey101.Action{}, errors.New("the sight bound sees the whole state: only the arena can seat it")
}

// DecideState decides as the search decides on the seat's view, its
// worlds dealt around the true racks.
func (s *sight101) DecideState(ctx context.Context, st *okey101.State) (okey101.Action, error) {
	v := st.View(st.Turn())
	return s.p.DecideWith(ctx, v, sightDeal(st, &v, s.mask))
}

// sightDeal deals the worlds of the seat's view v of st: the other
// racks mask names (sight101.mask) as st holds them, the rest of the
// tiles shuffled into the other racks and the wall.
func sightDeal(st *okey101.State, v *okey101.View, mask int) func(seed uint64) func(int) (okey101.State, error) {
	var racks [okey101.NumSeats]tile.Counts
	var given [okey101.NumSeats]*tile.Counts
	for k := 1; k < okey101.NumSeats; k++ {
		if t := (v.Seat + k) % okey101.NumSeats; mask&(1<<(k-1)) != 0 {
			racks[t] = st.View(t).Counts
			given[t] = &racks[t]
		}
	}
	return func(seed uint64) func(int) (okey101.State, error) {
		return func(i int) (okey101.State, error) {
			return v.SampleWorldGiven(game.NewSeed(seed^uint64(i+1)*0x9e3779b97f4a7c15), given)
		}
	}
}

const sightLevel = "search-4x-sight"

// TestSight101 plays the sight bound in the first seat against three
// normal bots over whole matches on the arena's deals, as okey sim
// --game 101 --seed S --matches M does, so that its records pair with
// okey sim's of the expert and hard on the same matches
// (lab/reader101's TestPairedRecords):
//
//	OKEY_MATCHES=400 OKEY_SEED=21 OKEY_RECORD=runs/sight-s21-m400.rec \
//	  go -C lab test -tags tune ./search -run 'Sight101$' -v -timeout 0
//
// OKEY_FROM (0; a multiple of four) starts at that match, adding
// matches to a run already kept (arena101.Config.From).
// OKEY_SIGHT says which racks it sees (sight101.mask; 7, all three, by
// default). OKEY_BOTS sets the table (search-4x-sight,normal,normal,normal; any
// okey sim level of 101 may sit beside it, the search's by Parse101).
// It only reports: a bound has no target.
func TestSight101(t *testing.T) {
	matches := arenatest.EnvCount(t, "OKEY_MATCHES", 8)
	seed := arenatest.EnvCount(t, "OKEY_SEED", 21)
	mask := arenatest.EnvCount(t, "OKEY_SIGHT", 7)
	bots := sightLevel + ",normal,normal,normal"
	if b := os.Getenv("OKEY_BOTS"); b != "" {
		bots = b
	}
	cfg := arena101.Config{Bots: strings.Split(bots, ","), Matches: matches, Seed: uint64(seed),
		From:  arenatest.EnvCount(t, "OKEY_FROM", 0),
		Rules: okey101.DefaultRules(), Workers: arenatest.EnvCount(t, "OKEY_WORKERS", 2),
		New: func(name string, opt bots101.Options) (bots101.Bot, error) {
			if name == sightLevel {
				return &sight101{p: search.New101(search.Options{Seed: opt.Seed, Scale: 4}, opt.Solver), mask: mask}, nil
			}
			so, ok, err := search.Parse101(name)
			switch {
			case err != nil:
				return nil, err
			case ok:
				so.Seed = opt.Seed
				return search.New101(so, opt.Solver), nil
			}
			return bots101.New(name, opt)
		}}
	cfg.Record = arenatest.RecordTo(t, os.Getenv("OKEY_RECORD"))
	arenatest.Run(t, bots, cfg)
}

// TestSightDealsTheTrueRacks checks the bound's wiring: every world it
// deals holds the racks it sees as they are and deals the others, and it overrides hard's
// discard in some of a few matches' positions.
func TestSightDealsTheTrueRacks(t *testing.T) {
	var states []okey101.State
	for _, seed := range []uint64{5, 6, 7, 8} {
		ps, err := positions.Drawn101(seed, 3)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, ps...)
	}
	searched, overrode, dealt := 0, 0, 0
	for i, st := range states {
		v := st.View(st.Turn())
		world := sightDeal(&st, &v, 7)(uint64(i))
		for w := range 3 {
			ws, err := world(w)
			if err != nil {
				t.Fatal(err)
			}
			for s := range okey101.NumSeats {
				if ws.View(s).Counts != st.View(s).Counts {
					t.Fatalf("position %d, world %d: seat %d's rack is not as it is", i, w, s)
				}
			}
		}
		next, across := (v.Seat+1)%okey101.NumSeats, (v.Seat+2)%okey101.NumSeats
		nextOnly := sightDeal(&st, &v, 1)(uint64(i))
		for w := range 3 {
			ws, err := nextOnly(w)
			if err != nil {
				t.Fatal(err)
			}
			if ws.View(next).Counts != st.View(next).Counts {
				t.Fatalf("position %d, world %d: the next rack is seen, yet not as it is", i, w)
			}
			if ws.View(across).Counts != st.View(across).Counts {
				dealt++
			}
		}
		if !v.Legal.Discard {
			continue
		}
		sp := &sight101{p: search.New101(search.Options{Seed: uint64(i)}, nil), mask: 7}
		if _, err := sp.DecideState(context.Background(), &st); err != nil {
			t.Fatal(err)
		}
		searched += sp.p.Stats.Searched
		overrode += sp.p.Stats.Overrode
	}
	t.Logf("%d positions, %d searched, %d overrode hard", len(states), searched, overrode)
	if dealt == 0 {
		t.Fatal("seeing the next rack only, the rack across was always as it is")
	}
	if overrode == 0 {
		t.Fatalf("the sight bound never overrode hard in %d searched discards", searched)
	}
}
