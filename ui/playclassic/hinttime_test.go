package playclassic

import (
	"context"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/game"
	"okey/game/classic"
	"okey/kit/i18n"
	"okey/ui/table"
)

// TestHintTimes times the hint as a table asks it (Hint at the game's
// budget, HintBudget: the daily's practice table and a duplicate deal's
// ask it so) at every decision of seat 0 in classic hands of four hard
// bots, and logs the answers' wall times: the median, the 90th
// percentile, the longest, how many took over 2 s and how many were cut
// short (docs/performance.md). A study: OKEY_HINT_TIMES=n hands (seeds
// 95000, 95001, …); skipped without it.
func TestHintTimes(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("OKEY_HINT_TIMES"))
	if n < 1 {
		t.Skip("a study: OKEY_HINT_TIMES=n hands")
	}
	ctx := context.Background()
	var walls []time.Duration
	short := 0
	for h := range n {
		seed := uint64(95000 + h)
		g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var bs [classic.NumSeats]botsclassic.Bot
		for i := range bs {
			bs[i] = botsclassic.NewHard(seed + uint64(i))
		}
		for g.State().Phase() == game.Playing && g.State().HandNumber() == 1 {
			s := g.State()
			seat := s.Turn()
			if seat == 0 {
				tb := NewTable(&table.Look{Words: table.Words{Tr: i18n.MustLoad("en")}})
				tb.TakeView(s.View(0))
				start := time.Now()
				if cmd := tb.Hint(ctx, seed, expertclassic.New, time.Minute, 0); cmd != nil {
					msg := cmd().(HintMsg)
					if msg.Err != nil {
						t.Fatal(msg.Err)
					}
					walls = append(walls, time.Since(start))
					if msg.Short {
						short++
					}
				}
			}
			a, err := bs[seat].Decide(ctx, s.View(seat))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(walls) == 0 {
		t.Fatal("no hint asked")
	}
	slices.Sort(walls)
	over := 0
	for _, w := range walls {
		if w > 2*time.Second {
			over++
		}
	}
	q := func(p float64) time.Duration { return walls[min(len(walls)-1, int(p*float64(len(walls))))] }
	t.Logf("%d hints in %d hands: median %.2f s, 90%% %.2f s, longest %.2f s; %d over 2 s, %d cut short",
		len(walls), n, q(0.5).Seconds(), q(0.9).Seconds(), walls[len(walls)-1].Seconds(), over, short)
}
