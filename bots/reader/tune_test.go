//go:build tune

package reader

import (
	"context"
	"os"
	"strconv"
	"testing"

	"okey/bots/belief"
	"okey/game/tile"
)

// TestDeparts, for the study (docs/studies/classic-belief.md): how often the
// player named OKEY_READ departs from hard at the discards of hands of
// normal bots (OKEY_SEEDS hands, seeds from 1000), and how often hard's
// pick and its own, where they differ, are outs of the next player's
// true rack (and let it win).
//
//	OKEY_READ=read-f0.1 OKEY_SEEDS=100 go test -tags tune ./bots/reader -run Departs -v
func TestDeparts(t *testing.T) {
	name := os.Getenv("OKEY_READ")
	if name == "" {
		t.Skip()
	}
	opt, _, err := Parse(name)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(os.Getenv("OKEY_SEEDS"))
	var seeds []uint64
	for i := range n {
		seeds = append(seeds, uint64(1000+i))
	}
	ctx := context.Background()
	f := departures(t, ctx, discards(t, seeds, 1), opt)
	t.Logf("%s: %d discards, %d departures; true next rack: hard's pick feeds %d (wins %d), read's %d (wins %d); hard's picks that let the next player win, all discards: %d, of which the oracle avoids %d (departing from hard at %d discards in all)",
		name, f.all, f.departed, f.hardFeeds, f.hardWins, f.readFeeds, f.readWins, f.hardWinsAll, f.oracleAvoids, f.oracleDeparts)
}

// TestWallRead, for the study: the copies of each face the reading puts
// in the wall, and the uniform reading's, against the wall's true
// copies, at the discards of OKEY_SEEDS hands of normal bots.
//
//	OKEY_SEEDS=40 go test -tags tune ./bots/reader -run WallRead -v
func TestWallRead(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("OKEY_SEEDS"))
	if n == 0 {
		t.Skip()
	}
	var seeds []uint64
	for i := range n {
		seeds = append(seeds, uint64(1000+i))
	}
	p := New(Options{Seed: 1})
	var seB, seU, cnt float64
	for _, s := range discards(t, seeds, 1) {
		v := s.View(s.Turn())
		if err := p.rd.Read(&v, p.model, &p.reading); err != nil {
			t.Fatal(err)
		}
		r := &p.reading
		all := 0
		for _, x := range r.Slots {
			all += x
		}
		// truth: copies of each face in the wall = unseen - in opponents' racks
		var inRacks [tile.NumFaces]float64
		for q, seat := range r.Seats {
			if seat < 0 {
				continue
			}
			c := s.View(seat).Counts
			for f := range c {
				inRacks[f] += float64(int(c[f]) - int(r.Known[q][f]))
			}
		}
		for f, u := range r.Unseen {
			if u == 0 {
				continue
			}
			truth := float64(u) - inRacks[f]
			b := float64(u) * r.P[belief.Wall][f]
			un := float64(u) * float64(r.Slots[belief.Wall]) / float64(all)
			seB += (b - truth) * (b - truth)
			seU += (un - truth) * (un - truth)
			cnt++
		}
	}
	t.Logf("faces %v: wall copies, mean squared error: belief %.4f, uniform %.4f", cnt, seB/cnt, seU/cnt)
}
