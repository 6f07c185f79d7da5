package ui

import (
	"context"
	"strings"
	"sync"
	"testing"

	"okey/bots/botsclassic"
	"okey/game/classic"
	"okey/game/tile"
	"okey/ui/playclassic"
)

// scriptedHint answers the hint's question with what answer says, and
// remembers the level and the seat it was asked for.
type scriptedHint struct {
	mu     sync.Mutex
	levels []string
	seats  []int
	answer func(v classic.View) classic.Action
}

func (s *scriptedHint) newBot(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
	if level != playclassic.HintLevel {
		return playclassic.Plain{}, nil
	}
	s.mu.Lock()
	s.levels = append(s.levels, level)
	s.mu.Unlock()
	return brokenBot{func(v classic.View) (classic.Action, error) {
		s.mu.Lock()
		s.seats = append(s.seats, v.Seat)
		s.mu.Unlock()
		return s.answer(v), nil
	}}, nil
}

// The hint is the strongest bot's judgment, asked with the player's view:
// whatever that bot says is what the hint says,
// with the cursor on its tile, before the draw as after it.
func TestHintFollowsTheStrongestBot(t *testing.T) {
	if playclassic.HintLevel != botsclassic.Levels[len(botsclassic.Levels)-1] || playclassic.HintLevel != "hard" {
		t.Fatalf("the hint asks %q", playclassic.HintLevel)
	}
	var script scriptedHint
	script.answer = func(v classic.View) classic.Action {
		if v.Stage == classic.MustDraw {
			return classic.DrawAction(0)
		}
		return classic.DiscardAction(0, v.Rack[len(v.Rack)/2]) // not what the analysis would pick
	}
	m := newTestModel(t, 100, 30, func(o *Options) { o.NewBot = script.newBot })
	drain(t, m, m.Init())
	press(t, m, "h")
	if !strings.Contains(m.flash, "draw from the wall (d)") {
		t.Fatalf("before the draw the hint says %q", m.flash)
	}
	press(t, m, "d")
	press(t, m, "h")
	want := tableClassic(m).View.Rack[len(tableClassic(m).View.Rack)/2]
	if tableClassic(m).Rack.Slots[tableClassic(m).Cursor] != want || !strings.Contains(m.flash, "discard "+tileName(m, want)) {
		t.Fatalf("the bot says %v; the hint says %q with the cursor on %v", want, m.flash, tableClassic(m).Rack.Slots[tableClassic(m).Cursor])
	}
	if len(script.levels) != 2 || len(script.seats) != 2 || script.seats[0] != 0 || script.seats[1] != 0 {
		t.Fatalf("asked %v for seats %v", script.levels, script.seats)
	}
	// An answer to a position the table has left is dropped.
	flash := m.flash
	tableClassic(m).OnHint(playclassic.HintMsg{ID: tableClassic(m).HintID, Moves: tableClassic(m).G.State().Moves() - 1, Act: classic.DiscardAction(0, tableClassic(m).View.Rack[0])}, true)
	if m.flash != flash {
		t.Fatal("a stale hint was told")
	}
}

// A take that wins is hinted even when the bot would draw (--seed 7
// --bots easy, hand 5: a winning take at the empty wall).
func TestHintSaysAWinningTake(t *testing.T) {
	var script scriptedHint
	script.answer = func(v classic.View) classic.Action { return classic.DrawAction(0) }
	for seed := uint64(1); seed < 200; seed++ {
		m := newTestModel(t, 100, 30, withPlainBots, func(o *Options) { o.Seed = seed })
		drain(t, m, m.Init())
		me := botsclassic.NewHard(seed)
		for turns := 0; m.screen == scrPlay && turns < 100; turns++ {
			top := tableClassic(m).View.Top(tableClassic(m).View.Previous)
			if tableClassic(m).View.Stage == classic.MustDraw && tableClassic(m).View.Legal.Take && tableClassic(m).TakeWins(top) {
				m.opt.NewBot = script.newBot
				press(t, m, "h")
				if !strings.Contains(m.flash, "take "+tileName(m, top)+" (t): it wins") {
					t.Fatalf("seed %d: taking %v wins; the hint says %q", seed, top, m.flash)
				}
				press(t, m, "t")
				if tableClassic(m).WinningDiscard() == tile.NoTile {
					t.Fatalf("seed %d: the take did not give a winning rack", seed)
				}
				return
			}
			a, err := me.Decide(context.Background(), tableClassic(m).G.State().View(0))
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind == classic.ActFinish { // do not win: play on for a winning take
				a = classic.DiscardAction(0, a.Tile)
			}
			drain(t, m, act(m, a))
		}
	}
	t.Fatal("no winning take in 200 matches")
}
