//go:build tune

package belief101_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"okey/bots/arena101"
	"okey/bots/bots101"
	"okey/bots/search"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/lab/internal/arenatest"
)

// proxy101 is the expert's search (the search at 4×: hard underneath,
// the same candidates, gate and playouts) on the worlds of the ceiling's
// chain (HandLog): each searched discard starts a chain from
// the true placement of the hand so far, runs burn moves, and takes its
// worlds k moves apart. It is the perfect reading's proxy in play, as
// classic's pimc-belief=8 (docs/studies/classic-bound.md): it knows the others
// play normal exactly and starts from the truth, so it over-states what
// a perfect honest reading could gain; only the arena can seat it.
type proxy101 struct {
	p       *search.Player101
	log     *HandLog
	burn, k int
}

func (x *proxy101) Level() string { return proxyLevel }

func (x *proxy101) Decide(context.Context, okey101.View) (okey101.Action, error) {
	return okey101.Action{}, errors.New("the reading's proxy needs the state: only the arena can seat it")
}

func (x *proxy101) Watch(before *okey101.State, a okey101.Action) { x.log.Watch(before, a) }

// DecideState decides as the search does on the seat's view, world i of
// a searched discard holding the chain's i-th placement of the other
// racks and the wall dealt from the rest.
func (x *proxy101) DecideState(ctx context.Context, st *okey101.State) (okey101.Action, error) {
	v := st.View(st.Turn())
	var failed error
	a, err := x.p.DecideWith(ctx, v, func(seed uint64) func(int) (okey101.State, error) {
		var mu sync.Mutex
		var racks [][okey101.NumSeats]tile.Counts
		return func(i int) (okey101.State, error) {
			mu.Lock()
			if racks == nil && failed == nil {
				// as many worlds as the search can ask for: its budget over two candidates
				racks, failed = x.log.Racks(st, seed, x.burn, search.Budget101*4/2, x.k)
			}
			rs, err := racks, failed
			mu.Unlock()
			if err != nil {
				return okey101.State{}, err
			}
			if i >= len(rs) {
				return okey101.State{}, fmt.Errorf("world %d of %d", i, len(rs))
			}
			var given [okey101.NumSeats]*tile.Counts
			for s := range okey101.NumSeats {
				if s != v.Seat {
					given[s] = &rs[i][s]
				}
			}
			return v.SampleWorldGiven(game.NewSeed(seed^uint64(i+1)*0x9e3779b97f4a7c15), given)
		}
	})
	return a, err
}

const proxyLevel = "search-4x-proxy"

// TestProxy101 plays the reading's proxy in the first seat against three
// normal bots over whole matches on the arena's deals, as okey sim
// --game 101 --seed S --matches M does, so that its records pair with
// okey sim's of the expert and hard on the same matches (reader101's
// TestPairedRecords):
//
//	OKEY_MATCHES=100 OKEY_SEED=21 OKEY_RECORD=runs/proxy-s21.rec \
//	  go -C lab test -tags tune ./belief101 -run 'Proxy101$' -v -timeout 0
//
// OKEY_FROM (0; a multiple of four) starts at that match, adding
// matches to a run already kept (arena101.Config.From).
// OKEY_BURN (4,096) and OKEY_K (128) set the chain: the ceiling study's
// reading settles from K = 128 on. It only reports: a bound has no
// target.
func TestProxy101(t *testing.T) {
	matches := arenatest.EnvCount(t, "OKEY_MATCHES", 4)
	seed := arenatest.EnvCount(t, "OKEY_SEED", 21)
	burn, k := arenatest.EnvCount(t, "OKEY_BURN", 4096), arenatest.EnvCount(t, "OKEY_K", 128)
	var mu sync.Mutex
	var logs []*HandLog
	cfg := arena101.Config{Bots: []string{proxyLevel, "normal", "normal", "normal"}, Matches: matches, Seed: uint64(seed),
		From:  arenatest.EnvCount(t, "OKEY_FROM", 0),
		Rules: okey101.DefaultRules(), Workers: arenatest.EnvCount(t, "OKEY_WORKERS", 2),
		New: func(name string, opt bots101.Options) (bots101.Bot, error) {
			if name != proxyLevel {
				return bots101.New(name, opt)
			}
			l := NewHandLog()
			mu.Lock()
			logs = append(logs, l)
			mu.Unlock()
			return &proxy101{p: search.New101(search.Options{Seed: opt.Seed, Scale: 4}, opt.Solver), log: l, burn: burn, k: k}, nil
		}}
	cfg.Record = arenatest.RecordTo(t, os.Getenv("OKEY_RECORD"))
	arenatest.Run(t, strings.Join(cfg.Bots, ","), cfg)
	turns, kept, tried := 0, 0, 0
	for _, l := range logs {
		turns, kept, tried = turns+l.Turns, kept+l.Kept, tried+l.Tried
	}
	t.Logf("%s (burn %d, K %d): chains kept %d of %d moves, replayed %d turns", proxyLevel, burn, k, kept, tried, turns)
}
