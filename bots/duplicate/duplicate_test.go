package duplicate

import (
	"context"
	"errors"
	"testing"

	"okey/bots/botsclassic"
	"okey/game/classic"
	dup "okey/game/duplicate"
	"okey/game/okey101"
)

func TestClassicResults(t *testing.T) {
	// Seat 2 finished for 4 points, seat 1 showed the indicator: each
	// other seat lost 4 to the finish and 1 to the showing.
	r := &classic.HandResult{Winner: 2, Points: 4, Lost: [4]int{5, 4, 1, 5}}
	r.Shown[1] = true
	want := [4]int{-5, 1 - 4, 4 - 1, -5}
	if got := ClassicResults(r); got != want {
		t.Errorf("%v, want %v", got, want)
	}
}

func TestResults101(t *testing.T) {
	var r okey101.HandResult
	for s, v := range []int{-101, 40, 0, 202} {
		r.Lines[s].Total = v
	}
	if got, want := Results101(&r), [4]int{101, -40, 0, -202}; got != want {
		t.Errorf("%v, want %v", got, want)
	}
}

// TestAlikeScoreZero plays a classic duplicate table of four hard bots
// with one seed: the four play alike, so each deal's seats make the same
// whoever holds them, and every player's duplicate score is 0 while the
// usual totals sum over every seat of every deal for everyone alike.
func TestAlikeScoreZero(t *testing.T) {
	deals := 2
	if testing.Short() {
		deals = 1
	}
	hands, err := dup.Schedule(2026, deals)
	if err != nil {
		t.Fatal(err)
	}
	levels := [4]string{"hard", "hard", "hard", "hard"}
	seeds := [4]uint64{9, 9, 9, 9}
	var played []dup.Played
	for _, h := range hands {
		p, err := PlayClassic(context.Background(), classic.DefaultRules(), h, levels, seeds)
		if err != nil {
			t.Fatal(err)
		}
		if h.Rotation > 0 && p.Result != played[len(played)-1].Result {
			t.Errorf("deal %d rotation %d: seats made %v, %v before", h.Deal+1, h.Rotation, p.Result, played[len(played)-1].Result)
		}
		played = append(played, p)
	}
	got, err := dup.Score(played, true)
	if err != nil {
		t.Fatal(err)
	}
	if got != [4]dup.Quarters{} {
		t.Errorf("four alike scored %v", got)
	}
	tot := dup.Totals(played)
	if tot[0] != tot[1] || tot[1] != tot[2] || tot[2] != tot[3] {
		t.Errorf("four alike, each holding every seat once a deal: totals %v", tot)
	}
}

// TestMixedTable: an easy bot among three hard ones (other seeds) moves
// seat with the rotation; the field's scores sum to 0 and playing the
// table again gives the same scores.
func TestMixedTable(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 8 hands twice")
	}
	hands, err := dup.Schedule(7, 2)
	if err != nil {
		t.Fatal(err)
	}
	levels := [4]string{"easy", "hard", "hard", "hard"}
	seeds := [4]uint64{1, 2, 3, 4}
	run := func() [4]dup.Quarters {
		var played []dup.Played
		for _, h := range hands {
			p, err := PlayClassic(context.Background(), classic.DefaultRules(), h, levels, seeds)
			if err != nil {
				t.Fatal(err)
			}
			played = append(played, p)
		}
		q, err := dup.Score(played, true)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	a, b := run(), run()
	if a != b {
		t.Errorf("played twice: %v, then %v", a, b)
	}
	if a[0]+a[1]+a[2]+a[3] != 0 {
		t.Errorf("%v does not sum to 0", a)
	}
	t.Logf("easy among hard, 2 deals: %v", a)
}

func TestUnknownLevel(t *testing.T) {
	hands, _ := dup.Schedule(1, 1)
	_, err := PlayClassic(context.Background(), classic.DefaultRules(), hands[0], [4]string{"hard", "grand", "hard", "hard"}, [4]uint64{})
	if !errors.Is(err, botsclassic.ErrUnknownLevel) {
		t.Errorf("level grand: %v, want ErrUnknownLevel", err)
	}
}

// TestAlikeScoreZero101 is TestAlikeScoreZero for 101: four hard bots
// with one seed make each deal's seats the same whoever holds them.
func TestAlikeScoreZero101(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 4 hands of 101")
	}
	hands, err := dup.Schedule(2026, 1)
	if err != nil {
		t.Fatal(err)
	}
	levels := [4]string{"hard", "hard", "hard", "hard"}
	var played []dup.Played
	for _, h := range hands {
		p, err := Play101(context.Background(), okey101.DefaultRules(), h, levels, [4]uint64{5, 5, 5, 5})
		if err != nil {
			t.Fatal(err)
		}
		if h.Rotation > 0 && p.Result != played[0].Result {
			t.Errorf("rotation %d: seats made %v, %v in rotation 0", h.Rotation, p.Result, played[0].Result)
		}
		played = append(played, p)
	}
	if got, err := dup.Score(played, true); err != nil || got != [4]dup.Quarters{} {
		t.Errorf("four alike scored %v, %v", got, err)
	}
}

// TestMixedTable101: an easy bot among three hard ones; the field's
// scores sum to 0.
func TestMixedTable101(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 4 hands of 101")
	}
	hands, err := dup.Schedule(11, 1)
	if err != nil {
		t.Fatal(err)
	}
	var played []dup.Played
	for _, h := range hands {
		p, err := Play101(context.Background(), okey101.DefaultRules(), h, [4]string{"easy", "hard", "hard", "hard"}, [4]uint64{1, 2, 3, 4})
		if err != nil {
			t.Fatal(err)
		}
		played = append(played, p)
	}
	q, err := dup.Score(played, true)
	if err != nil {
		t.Fatal(err)
	}
	if q[0]+q[1]+q[2]+q[3] != 0 {
		t.Errorf("%v does not sum to 0", q)
	}
	t.Logf("easy among hard, 1 deal of 101: %v (totals, sign turned: %v)", q, dup.Totals(played))
}
