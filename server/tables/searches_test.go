package tables

import (
	"context"
	"testing"
	"time"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/format"
	"okey/game/okey101"
)

// TestExpertSearchesWithASlot: at a 101 table an expert seat searches
// only with one of the node's search slots, which it holds while it
// runs and gives back; with none free within its wait it plays hard's
// move, and a slot freed during the wait is taken. The test
// plays a match with hard on every seat until a decision where the
// expert's answer is not hard's, so that which one played shows.
func TestExpertSearchesWithASlot(t *testing.T) {
	ctx := context.Background()
	g, err := okey101.NewGame(okey101.DefaultRules(), 31, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref := newReferee101(g)
	const key = 77
	// ask is the answer, and whether it came marked as hard's instead.
	askMarked := func(seat int, level string, slots chan struct{}, wait time.Duration) (okey101.Action, bool) {
		t.Helper()
		mv, err := searchSlot(ref, string(game.Okey101), level, seat, key, slots, wait)(ctx)
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		if h, ok := mv.(hardInstead); ok {
			return h.move.(okey101.Action), true
		}
		return mv.(okey101.Action), false
	}
	ask := func(seat int, level string, slots chan struct{}, wait time.Duration) okey101.Action {
		t.Helper()
		a, marked := askMarked(seat, level, slots, wait)
		if marked {
			t.Errorf("%s with slots %v: the answer is marked hard's instead", level, slots != nil)
		}
		return a
	}
	for step := 0; ; step++ {
		stg, seat := ref.Stage()
		if stg != stPlaying || step > 400 {
			t.Fatalf("no decision in %d steps where the expert departs from hard", step)
		}
		hard, expert := ask(seat, "hard", nil, 0), ask(seat, decide101.Expert, nil, 0)
		if hard.String() != expert.String() {
			free, full := make(chan struct{}, 1), make(chan struct{}, 1)
			full <- struct{}{}
			if got := ask(seat, decide101.Expert, free, time.Hour); got.String() != expert.String() || len(free) != 0 {
				t.Errorf("with a slot free the expert played %s (its search: %s), %d slots left taken", got, expert, len(free))
			}
			if got, marked := askMarked(seat, decide101.Expert, full, time.Millisecond); got.String() != hard.String() || !marked || len(full) != 1 {
				t.Errorf("with no slot free the expert played %s (marked hard's: %v), not hard's %s; %d slots taken", got, marked, hard, len(full))
			}
			go func() { <-full }() // the other search ends during the wait
			if got := ask(seat, decide101.Expert, full, time.Hour); got.String() != expert.String() || len(full) != 0 {
				t.Errorf("with a slot freed during the wait the expert played %s (its search: %s), %d slots left taken", got, expert, len(full))
			}
			return
		}
		if _, _, err := g.Apply(hard); err != nil {
			t.Fatal(err)
		}
	}
}

// A table's seats show, its record keeps and the ratings count the
// level that plays: a classic table's expert is classic's expert
// (bots/expertclassic), a 101 table's is 101's.
func TestLevelsAsTheyPlay(t *testing.T) {
	levels := [4]string{"normal", decide101.Expert, "hard", "easy"}
	for _, tc := range []struct {
		game game.Kind
		want string
	}{{game.Classic, "expert"}, {game.Okey101, decide101.Expert}} {
		cfg := Config{Game: string(tc.game), Levels: levels}
		level := levelsOf(&cfg, format.NewMatch("default"))
		if got := level(1); got != tc.want {
			t.Errorf("%s: an expert seat plays as %q, want %q", tc.game, got, tc.want)
		}
		if got := level(2); got != "hard" {
			t.Errorf("%s: a hard seat plays as %q", tc.game, got)
		}
	}
}
