package bots101

import (
	"testing"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestFinishOdds: an opened seat holding R5 R6 B9 B2 finishes next turn
// only by keeping the two reds (R4 or R7 makes the run, and the last
// loose tile is the finishing discard; an okey does as well), so
// throwing B2 or B9 leaves a small chance of finishing and throwing a
// red leaves none.
func TestFinishOdds(t *testing.T) {
	an, err := meld.New(mustTile(t, "K1")) // the okey is K2: no tile here is wild
	if err != nil {
		t.Fatal(err)
	}
	opening, err := an.Read([]tile.Tile{mustTile(t, "Y11"), mustTile(t, "Y12"), mustTile(t, "Y13")})
	if err != nil {
		t.Fatal(err)
	}
	b := &board{an: an, rack: tile.Counts{}, table: []meld.Meld{opening}, status: meld.OpenedMelds, thr: 101, owed: tile.NoTile}
	r5, r6, b9, b2 := mustTile(t, "R5"), mustTile(t, "R6"), mustTile(t, "B9"), mustTile(t, "B2")
	for _, x := range []tile.Tile{r5, r6, b9, b2} {
		b.rack[x]++
	}
	var live tile.Counts
	for f := range live {
		if x := tile.Tile(f); x.Valid() && b.rack[x] == 0 {
			live[f] = 2
		}
	}
	p := newPlayer("test", 1)
	p.use(new(meld.Solver))
	cands := []tile.Tile{r5, r6, b9, b2}
	odds := p.finishOdds(b, &live, cands, nil)
	if odds[0] != 0 || odds[1] != 0 {
		t.Fatalf("throwing a red: finish chances %v, want 0", odds[:2])
	}
	if odds[2] <= 0 || odds[3] <= 0 || odds[2] > 0.2 {
		t.Fatalf("throwing a blue: finish chances %v, want a small chance (R4 or R7)", odds[2:])
	}
	t.Logf("finish chances: %v", odds)
}

// TestFinishTwo: looking over two draws adds to every discard's chance
// of finishing, and never takes from it (the same rack as
// TestFinishOdds: a red thrown leaves chances only over two draws).
func TestFinishTwo(t *testing.T) {
	an, err := meld.New(mustTile(t, "K1"))
	if err != nil {
		t.Fatal(err)
	}
	opening, err := an.Read([]tile.Tile{mustTile(t, "Y11"), mustTile(t, "Y12"), mustTile(t, "Y13")})
	if err != nil {
		t.Fatal(err)
	}
	b := &board{an: an, rack: tile.Counts{}, table: []meld.Meld{opening}, status: meld.OpenedMelds, thr: 101, owed: tile.NoTile}
	cands := []tile.Tile{mustTile(t, "R5"), mustTile(t, "R6"), mustTile(t, "B9"), mustTile(t, "B2")}
	for _, x := range cands {
		b.rack[x]++
	}
	var live tile.Counts
	for f := range live {
		if x := tile.Tile(f); x.Valid() && b.rack[x] == 0 {
			live[f] = 2
		}
	}
	p := newPlayer("test", 1)
	p.use(new(meld.Solver))
	one := p.finishOdds(b, &live, cands, nil)
	two := p.finishOdds(b, &live, cands, game.NewSeeded(7))
	var gain float64
	for i := range cands {
		if two[i] < one[i] {
			t.Fatalf("discard %v: %v over two draws, below %v over one", cands[i], two[i], one[i])
		}
		gain += two[i] - one[i]
	}
	if gain <= 0 {
		t.Fatalf("two draws %v add nothing to one %v", two, one)
	}
	t.Logf("one draw %v, two %v", one, two)
}
