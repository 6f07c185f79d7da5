package main

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"okey/bots/arenaclassic"
	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/game/classic"
)

// twin plays the product's expert and asks the trainer's gated bot of
// the same weights at every decision: an action where they differ is an
// error. moved counts the decisions where the expert left hard's.
type twin struct {
	expert, lab, hard botsclassic.Bot
	mu                *sync.Mutex
	decisions, moved  *int
	// holds counts the decisions at a hold position or a held win.
	holds *int
}

func (w twin) Level() string { return "twin" }

func (w twin) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	a, err1 := w.expert.Decide(ctx, v)
	b, err2 := w.lab.Decide(ctx, v)
	h, err3 := w.hard.Decide(ctx, v)
	if err1 != nil || err2 != nil || err3 != nil {
		return a, fmt.Errorf("expert %v, trainer's %v, hard %v", err1, err2, err3)
	}
	if a != b {
		return a, fmt.Errorf("hand %d, move %d: the expert %v, the trainer's bot %v", v.Hand, len(v.History), a, b)
	}
	w.mu.Lock()
	*w.decisions++
	if a != h {
		*w.moved++
	}
	if _, _, _, ok := expertclassic.HoldPosition(&v); ok || expertclassic.HoldingWin(&v) {
		*w.holds++
	}
	w.mu.Unlock()
	return a, nil
}

// The expert the game ships (bots/expertclassic) decides as the
// trainer's gated bot with its take line and hold line (-mode
// gated-c3-g2-t0-h2-w) of the shipped weights, the bot the study
// measured, at every decision of whole hands against three hard,
// holds among them; and it does leave hard's pick.
func TestExpertPlaysTheMeasuredBot(t *testing.T) {
	hands := 16
	if testing.Short() {
		hands = 4
	}
	var mu sync.Mutex
	var decisions, moved, holds int
	cfg := arenaclassic.Config{
		Bots: []string{"twin", "hard", "hard", "hard"}, Hands: hands, Seed: 97101,
		Rules: classic.DefaultRules(), Workers: 1,
		New: func(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
			if level != "twin" {
				return botsclassic.New(level, opt)
			}
			h1, err1 := botsclassic.New("hard", opt)
			h2, err2 := botsclassic.New("hard", opt)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%v %v", err1, err2)
			}
			lab := (&valueBot{hard: h1, value: expertclassic.Value(), take: &takeRule{net: expertclassic.Take()}, hold: expertclassic.Hold()}).withMode("gated-c3-g2-t0-h2-w", opt.Seed)
			return twin{expert: expertclassic.NewExpert(opt), lab: lab, hard: h2, mu: &mu, decisions: &decisions, moved: &moved, holds: &holds}, nil
		},
	}
	if _, err := arenaclassic.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if decisions == 0 || moved == 0 || (!testing.Short() && holds == 0) {
		t.Errorf("%d decisions, %d away from hard's, %d at a hold: the test compared nothing the reading decides", decisions, moved, holds)
	}
	t.Logf("%d decisions, %d away from hard's, %d at a hold", decisions, moved, holds)
}
