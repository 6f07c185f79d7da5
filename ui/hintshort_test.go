package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"okey/bots/botsclassic"
	"okey/bots/decide101"
	"okey/bots/expertclassic"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/kit/i18n"
	"okey/ui/playclassic"
)

// analyserHintOnly seats the plain player at every seat and builds the
// real analyser (the expert) for the hint, so that the hint goes through
// the judge.
func analyserHintOnly(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
	if level == playclassic.HintLevel {
		return expertclassic.New(level, opt)
	}
	return playclassic.Plain{}, nil
}

// A hint the judge has no time to weigh still names a move — the
// analyser's (the expert's), which the judge weighs first and keeps
// unless it shows it loses — and says it was cut short, in both languages, before the draw
// and after it; never only how far the rack is from a win.
func TestACutShortHintNamesTheAnalysersMove(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		t.Run(lang, func(t *testing.T) {
			m := newTestModel(t, 80, 24, func(o *Options) {
				o.NewBot = analyserHintOnly
				o.Settings.Lang = lang
				o.HintBudget = time.Nanosecond // the judge is out of time at once
			})
			drain(t, m, m.Init())
			tr := i18n.MustLoad(lang)
			short := tr.T("status.hint.label.short")
			for step := 0; step < 2; step++ {
				if !tableClassic(m).View.MyTurn() {
					t.Fatalf("step %d: not the player's turn", step)
				}
				press(t, m, "h")
				if !strings.HasPrefix(m.flash, short) {
					t.Fatalf("step %d: the cut hint says %q, not %q first", step, m.flash, short)
				}
				v := tableClassic(m).View
				want, err := expertclassic.NewExpert(botsclassic.Options{}).Decide(t.Context(), v)
				if err != nil {
					t.Fatal(err)
				}
				switch v.Stage {
				case classic.MustDraw:
					if want.Kind == classic.ActDraw && !strings.Contains(m.flash, "(d)") {
						t.Fatalf("the expert draws; the hint says %q", m.flash)
					}
					press(t, m, "d")
				default:
					x := tableClassic(m).Rack.Slots[tableClassic(m).Cursor]
					if !strings.Contains(m.flash, tableClassic(m).TileCase(x, i18n.Accusative)) || !strings.Contains(m.flash, "x") {
						t.Fatalf("the hint says %q with the cursor on %v", m.flash, x)
					}
				}
			}
		})
	}
}

// Every hint that names a move begins with the hint's label, which a
// cut-short hint swaps for its own: a message that did not would be
// said cut short without the word.
func TestEveryMoveHintBeginsWithTheLabel(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		label := tr.T("status.hint.label")
		for _, k := range []string{"show", "take", "take.wins", "end", "draw", "draw1", "draw0", "hold", "winnow", "discard0", "wins", "discard1", "discard"} {
			if s := tr.T("status.hint." + k); !strings.HasPrefix(s, label) {
				t.Errorf("%s: status.hint.%s = %q does not begin with %q", lang, k, s, label)
			}
		}
	}
}

// A hint whose answer comes after the table moved on, the player still
// to move, is asked again for where the table is now: it never ends on
// "Weighing the moves…" alone (at a served table the first h went
// unanswered for a minute when the answer was dropped).
func TestAHintOvertakenByAMoveIsAskedAgain(t *testing.T) {
	var script scriptedHint
	script.answer = func(v classic.View) classic.Action {
		if v.Stage == classic.MustDraw {
			return classic.DrawAction(0)
		}
		return classic.DiscardAction(0, v.Rack[0])
	}
	m := newTestModel(t, 80, 24, func(o *Options) { o.NewBot = script.newBot })
	drain(t, m, m.Init())
	_, hint := m.Update(keyMsg("h")) // asked before the draw, answered after it
	if !strings.Contains(m.flash, "Weighing") {
		t.Fatalf("the hint asked says %q", m.flash)
	}
	press(t, m, "d")
	drain(t, m, hint)
	want := tableClassic(m).View.Rack[0]
	if !strings.Contains(m.flash, "discard "+tileName(m, want)) || tableClassic(m).Rack.Slots[tableClassic(m).Cursor] != want {
		t.Fatalf("after the draw the hint says %q, cursor on %v; want a discard of %v", m.flash, tableClassic(m).Rack.Slots[tableClassic(m).Cursor], want)
	}
	if len(script.seats) != 2 {
		t.Fatalf("the hint was worked out %d times, want 2 (asked again)", len(script.seats))
	}
}

// Off the player's turn, with the indicator in the rack and no move
// made yet, the hint says at once to show it: worked out by the judge it
// would come after the bots moved on, and be dropped.
func TestAHintOffTurnSaysShowAtOnce(t *testing.T) {
	for seed := uint64(1); seed < 300; seed++ {
		m := newTestModel(t, 80, 24, withPlainBots, func(o *Options) { o.Seed = seed })
		v := tableClassic(m).View
		if v.MyTurn() || !v.Legal.Show {
			continue
		}
		_, cmd := m.Update(keyMsg("h"))
		if cmd != nil {
			t.Fatalf("seed %d: off the turn the hint starts a command", seed)
		}
		t.Logf("seed %d: off the turn with the indicator %v", seed, v.Indicator)
		if want := tableClassic(m).TileName(v.Indicator); !strings.Contains(m.flash, "show the indicator "+want) {
			t.Fatalf("seed %d: the hint off the turn says %q", seed, m.flash)
		}
		return
	}
	t.Fatal("no deal of 300 where the player holds the indicator off the turn")
}

// A 101 hint whose judge runs out of time is the hard bot's plan for
// the turn, said to be cut short before it, in both languages; the
// plan is the one the hard bot gives at once.
func TestACutShort101HintIsTheHardBotsPlan(t *testing.T) {
	outOfTime := func(ctx context.Context, v *okey101.View, sv *meld.Solver) (decide101.Facts, error) {
		c, cancel := context.WithDeadline(ctx, time.Now().Add(-time.Second)) // the judge's time is up before it starts
		defer cancel()
		return decide101.HintCtx(c, v, sv)
	}
	for _, lang := range []string{"en", "tr"} {
		t.Run(lang, func(t *testing.T) {
			m := start101(t, 80, 24, func(o *Options) { o.Hint101 = outOfTime; o.Settings.Lang = lang })
			if !table101(m).View.MyTurn() {
				t.Fatal("not the player's turn")
			}
			v := table101(m).G.State().View(0)
			var sv meld.Solver
			want := decide101.Hint(&v, &sv)
			press(t, m, "h")
			tr := i18n.MustLoad(lang)
			if !strings.HasPrefix(m.flash, tr.T("t101.hint.short")) {
				t.Fatalf("the cut hint says %q", m.flash)
			}
			if wantText := table101(m).HintText(&want); !strings.HasSuffix(m.flash, wantText) || len(want.Plan) == 0 {
				t.Fatalf("the cut hint %q is not the hard bot's plan %q", m.flash, wantText)
			}
		})
	}
}

// Given time, HintCtx's facts are not marked cut short; out of time
// they are, with the hard bot's plan and no error.
func TestHintCtxMarksACut(t *testing.T) {
	m := start101(t, 80, 24)
	v := table101(m).G.State().View(0)
	var sv meld.Solver
	c, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	f, err := decide101.HintCtx(c, &v, &sv)
	if err != nil || !f.Short || len(f.Plan) == 0 {
		t.Fatalf("out of time: short %v, plan %v, err %v", f.Short, f.Plan, err)
	}
	if f, err = decide101.HintCtx(context.Background(), &v, &sv); err != nil || f.Short || len(f.Plan) == 0 {
		t.Fatalf("in time: short %v, plan %v, err %v", f.Short, f.Plan, err)
	}
}
