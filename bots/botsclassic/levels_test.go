package botsclassic

import (
	"context"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// handView builds a view by hand for seat 0: its rack, the indicator, the
// stage, and the top of the previous seat's stack (seat 3), "" for none.
// Only what the levels read is filled in.
func handView(t *testing.T, indicator, rack string, stage classic.Stage, top string) classic.View {
	t.Helper()
	r := classic.DefaultRules()
	ind, err := tile.ParseTile(indicator)
	if err != nil {
		t.Fatal(err)
	}
	an, err := hand.NewAnalyzer(r.HandConfig(), ind)
	if err != nil {
		t.Fatal(err)
	}
	tiles, err := tile.ParseTiles(rack)
	if err != nil {
		t.Fatal(err)
	}
	v := classic.View{
		Seat: 0, Rules: r, Phase: game.Playing, Hand: 1, Dealer: 3, Turn: 0, Stage: stage,
		Counts: tile.CountsOf(tiles), Indicator: ind, Okey: an.Okey(), WallLeft: 30,
		Previous: 3, Analyzer: an, Active: [classic.NumSeats]bool{true, true, true, true},
		TileCounts: [classic.NumSeats]int{len(tiles), 14, 14, 14},
		Acted:      [classic.NumSeats]bool{true, true, true, true},
		History:    []classic.Event{{Kind: classic.EvDeal, Seat: 3, Tile: ind, From: -1}},
	}
	v.Rack = v.Counts.Tiles()
	switch stage {
	case classic.MustDraw:
		v.Legal = classic.Legal{Draw: true}
	case classic.MustDiscard:
		v.Legal = classic.Legal{Discard: true, Finish: true}
	}
	if top != "" {
		tt, err := tile.ParseTile(top)
		if err != nil {
			t.Fatal(err)
		}
		v.Discards[3] = []tile.Tile{tt}
		v.DiscardCounts[3] = 1
		v.History = append(v.History, classic.Event{Kind: classic.EvDiscard, Seat: 3, Tile: tt, From: -1})
		v.Legal.Take = stage == classic.MustDraw
	}
	return v
}

func mustTile(t *testing.T, s string) tile.Tile {
	t.Helper()
	x, err := tile.ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestChainLen(t *testing.T) {
	cases := []struct {
		rack, face string
		want       int
	}{
		{"R3 R4 R5 K9", "R4", 3},
		{"R3 R4 R5 K9", "K9", 1},
		{"R7 Y7 B7 R8", "R7", 3},
		{"R7 Y7 B7 K7 R8", "Y7", 4},
		{"R12 R13 R1", "R13", 2}, // easy does not see 12-13-1
		{"B1 B2 B3 B4 B5 Y2", "B2", 5},
	}
	for _, c := range cases {
		ts, _ := tile.ParseTiles(c.rack)
		p := tile.CountsOf(ts)
		if got := chainLen(&p, mustTile(t, c.face)); got != c.want {
			t.Errorf("chainLen(%s, %s) = %d, want %d", c.rack, c.face, got, c.want)
		}
	}
}

// TestEasyDiscard: easy throws from its shortest chain, keeps a spare
// copy with its chain (a beginner's habit), and never throws an okey
// (indicator K4 makes K5 the okey).
func TestEasyDiscard(t *testing.T) {
	cases := []struct {
		name, rack string
		want       []string // any of these
	}{
		{"the lone tile", "R1 R2 R3 R4 Y5 Y6 Y7 B9 B10 B11 K1 K2 K3 R9 Y12", []string{"Y12"}}, // R9 pairs up with B9
		{"keeps a spare copy", "R1 R2 R3 R4 Y5 Y6 Y7 Y7 B9 B10 B11 K1 K2 K3 B13", []string{"B13"}},
		{"never the okey", "R1 R2 R3 R4 Y5 Y6 Y9 B8 B9 B11 B13 K1 K2 K3 K5", []string{"Y9", "B11", "B13"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := handView(t, "K4", c.rack, classic.MustDiscard, "")
			for seed := range uint64(20) {
				a, err := NewEasy(seed).Decide(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				ok := false
				for _, w := range c.want {
					ok = ok || a.Tile == mustTile(t, w)
				}
				if a.Kind != classic.ActDiscard || !ok {
					t.Fatalf("seed %d: %v, want a discard of one of %v", seed, a, c.want)
				}
			}
		})
	}
}

func TestEasyTake(t *testing.T) {
	rack := "R1 R2 R3 Y5 Y6 B9 B10 B11 K1 K2 K3 R9 Y12 B1"
	cases := []struct {
		top  string
		take bool
	}{
		{"Y7", true},   // Y5 Y6 → Y5 Y6 Y7
		{"R4", true},   // R1 R2 R3 → R1..R4
		{"K12", false}, // Y12 K12 would be a set of two only
		{"R9", false},  // a second copy lengthens nothing
		{"B6", false},  // near nothing
		{"K5", true},   // the okey (indicator K4)
	}
	for _, c := range cases {
		v := handView(t, "K4", rack, classic.MustDraw, c.top)
		a, err := NewEasy(1).Decide(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Kind == classic.ActTake; got != c.take {
			t.Errorf("top %s: %v, want take=%v", c.top, a, c.take)
		}
	}
}

func TestNeighbours(t *testing.T) {
	an, err := hand.NewAnalyzer(classic.DefaultRules().HandConfig(), mustTile(t, "K4"))
	if err != nil {
		t.Fatal(err)
	}
	noWrap := classic.DefaultRules()
	noWrap.Wrap = false
	anNoWrap, err := hand.NewAnalyzer(noWrap.HandConfig(), mustTile(t, "K4"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		an         *hand.Analyzer
		rack, face string
		want       int
	}{
		{&an, "R5 R6 R8 Y6 K9", "R6", 3}, // R5, R8 (two away), Y6
		{&an, "R5 R5 B5", "R5", 2},       // the other copy, B5
		{&an, "R1 R12 R13 R2", "R1", 3},  // 12 and 13 sit below 1, and R2
		{&anNoWrap, "R1 R12 R13 R2", "R1", 1},
		{&an, "R13 R1 R2", "R13", 1}, // 13-1-2 is no run: R1 only
		{&an, "R9", "R9", 0},
	}
	for _, c := range cases {
		ts, _ := tile.ParseTiles(c.rack)
		counts := tile.CountsOf(ts)
		p := played(c.an, &counts)
		if got := neighbours(c.an, &p, mustTile(t, c.face)); got != c.want {
			t.Errorf("neighbours(%s, %s) = %d, want %d", c.rack, c.face, got, c.want)
		}
	}
}

// TestDanger: what the next player took is dangerous to give it, what
// it passed up is not.
func TestDanger(t *testing.T) {
	v := handView(t, "K4", "R1 R2 R3 Y5 Y6 B9 B10 B11 K1 K2 K3 R9 Y12 B1", classic.MustDiscard, "")
	v.History = append(v.History,
		classic.Event{Kind: classic.EvDiscard, Seat: 0, Tile: mustTile(t, "B7"), From: -1},
		classic.Event{Kind: classic.EvTake, Seat: 1, Tile: mustTile(t, "B7"), From: 0},
		classic.Event{Kind: classic.EvDiscard, Seat: 1, Tile: mustTile(t, "R11"), From: -1},
		classic.Event{Kind: classic.EvDiscard, Seat: 0, Tile: mustTile(t, "Y2"), From: -1},
		classic.Event{Kind: classic.EvDraw, Seat: 1, Tile: tile.NoTile, From: -1},
	)
	d := dangerTable(&v)
	for _, hot := range []string{"B6", "B8", "R7", "K7"} {
		if d[mustTile(t, hot)] <= 0 {
			t.Errorf("%s near the taken B7 rates %v, want > 0", hot, d[mustTile(t, hot)])
		}
	}
	for _, cold := range []string{"Y2", "R11"} {
		if d[mustTile(t, cold)] >= 0 {
			t.Errorf("%s, passed up or thrown, rates %v, want < 0", cold, d[mustTile(t, cold)])
		}
	}
	if d[mustTile(t, "B8")] <= d[mustTile(t, "B9")] {
		t.Errorf("B8 (one from B7) rates %v, not above B9 (two away) %v", d[mustTile(t, "B8")], d[mustTile(t, "B9")])
	}
}
