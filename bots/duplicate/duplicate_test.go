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

// player plays a hand of a duplicate table with bots, as PlayClassic
// and Play101 do under their game's default rules.
type player func(context.Context, dup.Hand, [4]string, [4]uint64) (dup.Played, error)

func classicPlayer(ctx context.Context, h dup.Hand, l [4]string, k [4]uint64) (dup.Played, error) {
	return PlayClassic(ctx, classic.DefaultRules(), h, l, k)
}

func player101(ctx context.Context, h dup.Hand, l [4]string, k [4]uint64) (dup.Played, error) {
	return Play101(ctx, okey101.DefaultRules(), h, l, k)
}

// playTable plays a table of deals deals under secret with bots of
// levels seeded with seeds, by player, and returns its hands and scores;
// the field's scores sum to 0.
func playTable(t *testing.T, play player, secret uint64, deals int, levels [4]string, seeds [4]uint64) ([]dup.Played, [4]dup.Quarters) {
	t.Helper()
	hands, err := dup.Schedule(secret, deals)
	if err != nil {
		t.Fatal(err)
	}
	var played []dup.Played
	for _, h := range hands {
		p, err := play(context.Background(), h, levels, seeds)
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
	return played, q
}

var games = []struct {
	name  string
	play  player
	deals int // how many deals a full run plays (one under -short)
}{{"classic", classicPlayer, 2}, {"101", player101, 1}}

// TestAlikeScoreZero plays a duplicate table of four hard bots with one
// seed: the four play alike, so each deal's seats make the same whoever
// holds them, every player's duplicate score is 0, and their usual
// totals (each holding every seat once a deal) are equal.
func TestAlikeScoreZero(t *testing.T) {
	for _, g := range games {
		if testing.Short() && g.name == "101" {
			continue // 101's hands are the long ones
		}
		played, q := playTable(t, g.play, 2026, 1, [4]string{"hard", "hard", "hard", "hard"}, [4]uint64{9, 9, 9, 9})
		for _, p := range played {
			if first := played[p.Hand.Deal*dup.Seats]; p.Result != first.Result {
				t.Errorf("%s deal %d rotation %d: seats made %v, %v in rotation 0", g.name, p.Hand.Deal+1, p.Hand.Rotation, p.Result, first.Result)
			}
		}
		if q != [4]dup.Quarters{} {
			t.Errorf("%s: four alike scored %v", g.name, q)
		}
		if tot := dup.Totals(played); tot[0] != tot[1] || tot[1] != tot[2] || tot[2] != tot[3] {
			t.Errorf("%s: four alike: totals %v", g.name, tot)
		}
	}
}

// TestMixedTable: an easy bot among three hard ones (other seeds) moves
// seat with the rotation; the field's scores sum to 0 (playTable), and
// playing the table again gives the same scores.
func TestMixedTable(t *testing.T) {
	if testing.Short() {
		t.Skip("plays each game's table twice")
	}
	for _, g := range games {
		levels, seeds := [4]string{"easy", "hard", "hard", "hard"}, [4]uint64{1, 2, 3, 4}
		played, a := playTable(t, g.play, 7, g.deals, levels, seeds)
		if _, b := playTable(t, g.play, 7, g.deals, levels, seeds); a != b {
			t.Errorf("%s played twice: %v, then %v", g.name, a, b)
		}
		t.Logf("%s, easy among hard, %d deals: %v (usual totals %v)", g.name, g.deals, a, dup.Totals(played))
	}
}

func TestUnknownLevel(t *testing.T) {
	hands, _ := dup.Schedule(1, 1)
	_, err := PlayClassic(context.Background(), classic.DefaultRules(), hands[0], [4]string{"hard", "grand", "hard", "hard"}, [4]uint64{})
	if !errors.Is(err, botsclassic.ErrUnknownLevel) {
		t.Errorf("level grand: %v, want ErrUnknownLevel", err)
	}
}
