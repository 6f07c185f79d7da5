package botsclassic

import (
	"context"
	"testing"

	"okey/game/classic"
	"okey/game/tile"
)

// aged makes v a view late in its hand: draws rounds rounds of draws in
// its history (each seat once a round), no takes.
func aged(v classic.View, rounds int) classic.View {
	h := append([]classic.Event(nil), v.History...)
	for i := range rounds * classic.NumSeats {
		h = append(h, classic.Event{Kind: classic.EvDraw, Seat: i % classic.NumSeats, Tile: tile.NoTile, From: -1})
	}
	v.History = h
	return v
}

// TestOkeyHold: with a win that holds the okey (K5, indicator K4) and
// tiles to come that would let it go (B6, B9, the other okey), the
// levels that count points hold it early in a hand, keeping the win,
// and finish late in the hand or when the wall is nearly out; easy
// always finishes.
func TestOkeyHold(t *testing.T) {
	rack := "R1 R2 R3 R4 Y4 Y5 Y6 B7 B8 K5 K10 K11 K12 K13 Y11"
	early := handView(t, "K4", rack, classic.MustDiscard, "")
	late := aged(early, 10)
	dry := early
	dry.WallLeft = classic.NumSeats
	for _, level := range Levels {
		for _, c := range []struct {
			name string
			v    classic.View
			hold bool
		}{{"early", early, level != "easy"}, {"late", late, false}, {"wall nearly out", dry, false}} {
			a, err := newBot(t, level, 1).Decide(context.Background(), c.v)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case c.hold && (a.Kind != classic.ActDiscard || a.Tile != mustTile(t, "Y11")):
				t.Errorf("%s, %s: %v, want to hold the win and throw Y11", level, c.name, a)
			case !c.hold && a.Kind != classic.ActFinish:
				t.Errorf("%s, %s: %v, want to finish", level, c.name, a)
			}
		}
	}
}

// TestTakeFreesOkey: holding a win with the okey, normal and hard take a
// discard that lets the okey go (B9 stands in for the okey K5).
func TestTakeFreesOkey(t *testing.T) {
	rack := "R1 R2 R3 R4 Y4 Y5 Y6 B7 B8 K5 K10 K11 K12 K13"
	for _, level := range []string{"normal", "hard"} {
		for _, c := range []struct {
			top  string
			take bool
		}{{"B9", true}, {"Y9", false}} {
			v := handView(t, "K4", rack, classic.MustDraw, c.top)
			a, err := newBot(t, level, 1).Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Kind == classic.ActTake; got != c.take {
				t.Errorf("%s, top %s: %v, want take=%v", level, c.top, a, c.take)
			}
		}
	}
}

// TestHazard: the chance of a finish grows with the round and with the
// discards a player took; the risk of the others finishing grows as the
// hand goes on.
func TestHazardModel(t *testing.T) {
	for r := range len(hazardByRound) - 1 {
		for k := range 3 {
			if hazard(r+1, k) < hazard(r, k) {
				t.Errorf("hazard falls from round %d to %d at %d takes", r, r+1, k)
			}
			if k > 0 && hazard(r, k) < hazard(r, k-1) {
				t.Errorf("round %d: %d takes less hazardous than %d", r, k, k-1)
			}
		}
	}
	v := handView(t, "K4", "R1 R2 R3 R4 Y4 Y5 Y6 B7 B8 K5 K10 K11 K12 K13", classic.MustDraw, "")
	j := normalJudge(&v)
	prev := -1.0
	for _, r := range []int{0, 3, 6, 9} {
		w := aged(v, r)
		if k := j.risk(&w); k <= prev || k <= 0 || k >= 1 {
			t.Errorf("round %d: risk %v after %v", r, k, prev)
		} else {
			prev = k
		}
	}
}

// TestPairsRoute: a rack rich in pairs goes for seven pairs, throwing
// the single whose partner can no longer come (its other copy was
// thrown); a rack near a melds win does not.
func TestPairsRoute(t *testing.T) {
	// six pairs and three singles; far from any melds win
	v := handView(t, "K4", "R1 R1 Y3 Y3 B5 B5 K7 K7 R9 R9 Y12 Y12 B13 K2 R6", classic.MustDiscard, "")
	v.History = append(v.History, classic.Event{Kind: classic.EvDiscard, Seat: 2, Tile: mustTile(t, "K2"), From: -1})
	v.Discards[2], v.DiscardCounts[2] = []tile.Tile{mustTile(t, "K2")}, 1
	an := &v.Analyzer
	h, err := handOf(an, &v.Counts)
	if err != nil {
		t.Fatal(err)
	}
	var m memory
	tb := m.discards(an, h)
	unseen := v.Unseen()
	j := hardJudge(&v, &unseen)
	x, ok := j.pairsDiscard(&v, &v.Counts, h, &tb)
	if !ok || x != mustTile(t, "K2") {
		t.Errorf("pairs rack: %v %v, want to go for pairs throwing K2 (its partner is gone)", x, ok)
	}
	// one exchange from a melds win, one pair
	w := handView(t, "K4", "R1 R2 R3 R4 Y4 Y5 Y6 B7 B8 B9 K10 K11 K13 K13 Y1", classic.MustDiscard, "")
	h, err = handOf(an, &w.Counts)
	if err != nil {
		t.Fatal(err)
	}
	tb = m.discards(&w.Analyzer, h)
	unseen = w.Unseen()
	j = hardJudge(&w, &unseen)
	if x, ok := j.pairsDiscard(&w, &w.Counts, h, &tb); ok {
		t.Errorf("melds rack: goes for pairs throwing %v", x)
	}
}
