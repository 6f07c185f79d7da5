package ui

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"okey/bots/decide101"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/rack"
)

// TestScreens101Golden draws every screen and overlay of a fixed match
// of 101 at the smallest terminal and a common one, in both languages,
// and compares them with the goldens (go test ./ui -run Screens101Golden
// -update rewrites them): the table, groups being made, a place being
// chosen, the keys and rules, the stacks and the whole table, the end
// of a hand, the score sheet, resuming, the final sheet.
func TestScreens101Golden(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, sz := range [][2]int{{80, 24}, {100, 30}} {
			w, h := sz[0], sz[1]
			name := func(s string) string { return lang + "-" + s + "-" + strconv.Itoa(w) + "x" + strconv.Itoa(h) }
			// One match goes through the screens in order, as a player
			// would meet them.
			m := start101(t, w, h, withSeed(92), func(o *Options) { o.Settings.Lang = lang })
			t.Run(name("table"), func(t *testing.T) {
				golden.RequireEqual(t, plain(m))
			})
			t.Run(name("help"), func(t *testing.T) {
				press(t, m, "?")
				golden.RequireEqual(t, plain(m))
				press(t, m, "esc")
			})
			t.Run(name("settings"), func(t *testing.T) {
				press(t, m, "o")
				for range 9 {
					press(t, m, "down")
				}
				golden.RequireEqual(t, plain(m))
				press(t, m, "esc")
			})
			t.Run(name("resume"), func(t *testing.T) {
				if err := m.Flush(); err != nil {
					t.Fatal(err)
				}
				m.files.Unlock()
				m2, err := New(m.opt)
				if err != nil {
					t.Fatal(err)
				}
				defer func() {
					m2.Close()
					if err := m.files.Lock(); err != nil {
						t.Fatal(err)
					}
				}()
				m2.Update(windowMsg(w, h))
				golden.RequireEqual(t, plain(m2))
			})
			t.Run(name("groups"), func(t *testing.T) {
				press(t, m, "d")
				press(t, m, "s")
				cursorTo101(t, m, rack.Cols)
				press(t, m, "enter")
				press(t, m, "right")
				press(t, m, "enter")
				golden.RequireEqual(t, plain(m))
				press(t, m, "esc")
				press(t, m, "esc")
				press(t, m, "c")
				m.flash = ""
			})
			t.Run(name("browse"), func(t *testing.T) {
				for len(table101(m).View.Table) < 8 && m.screen == scrPlay {
					myTurn101(t, m)
				}
				press(t, m, "b")
				golden.RequireEqual(t, plain(m))
				press(t, m, "esc")
			})
			t.Run(name("choose"), func(t *testing.T) {
				for m.screen == scrPlay {
					if table101(m).View.MyTurn() && table101(m).View.Stage == okey101.StageDraw {
						press(t, m, "d")
					}
					if table101(m).View.MyTurn() && table101(m).View.Stage == okey101.StagePlay && table101(m).View.Opened[0].Status != 0 {
						for i, x := range table101(m).Rack.Slots {
							if c := table101(m).Places(okey101.ActLayOff, x, -1, table101(m).TryState()); x != tile.NoTile && len(c.Opts) > 0 {
								c.Slot = i
								table101(m).Choose = &c
								golden.RequireEqual(t, plain(m))
								table101(m).Choose = nil
								return
							}
						}
					}
					myTurn101(t, m)
				}
				t.Fatal("no place to choose in this hand")
			})
			t.Run(name("crowded"), func(t *testing.T) {
				for len(table101(m).View.Table) < 12 && m.screen == scrPlay {
					myTurn101(t, m)
				}
				golden.RequireEqual(t, plain(m))
			})
			t.Run(name("handover"), func(t *testing.T) {
				for m.screen == scrPlay {
					myTurn101(t, m)
				}
				golden.RequireEqual(t, plain(m))
			})
			t.Run(name("sheet"), func(t *testing.T) {
				for range 2 {
					press(t, m, "enter")
					for m.screen == scrPlay {
						myTurn101(t, m)
					}
				}
				press(t, m, "r")
				golden.RequireEqual(t, plain(m))
			})
		}
		t.Run(lang+"-matchover", func(t *testing.T) {
			m := start101(t, 80, 24, withSeed(3), func(o *Options) {
				o.Settings.Lang = lang
				o.Settings.Rules101 = "hands=2"
			})
			for m.screen != scrMatchOver {
				for m.screen == scrPlay {
					myTurn101(t, m)
				}
				press(t, m, "enter")
			}
			for _, sz := range [][2]int{{80, 24}, {100, 30}} {
				m.Update(windowMsg(sz[0], sz[1]))
				t.Run(strconv.Itoa(sz[0])+"x"+strconv.Itoa(sz[1]), func(t *testing.T) {
					golden.RequireEqual(t, plain(m))
				})
			}
		})
	}
}

// End-to-end flows of 101 through a real Bubble Tea program (the
// goldens hold the final screen without styles; -update rewrites them).

// stopping101 plays plainly until the player has discarded in the
// hand, then thinks until it is cancelled: the end-to-end flows stop on
// a screen that does not depend on how fast the bots are.
type stopping101 struct{}

func (stopping101) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	for _, e := range v.History {
		if e.Kind == okey101.EvDiscard && e.Seat == 0 {
			<-ctx.Done()
			return okey101.Action{}, ctx.Err()
		}
	}
	return decide101.Plain{}.Decide(ctx, v)
}

func TestE2E101OpenAndDiscard(t *testing.T) {
	m := newTest101(t, 100, 30, withSeed(92), func(o *Options) {
		o.NewPlayer101 = func(string, uint64) (Player101, error) { return stopping101{}, nil }
	})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	waitFor(t, tm, "Your turn: draw")
	tm.Send(keyMsg("t"))
	waitFor(t, tm, "it must go onto the table this turn")
	tm.Send(keyMsg("z"))
	waitFor(t, tm, "You give")
	tm.Send(keyMsg("d"))
	waitFor(t, tm, "You draw")
	tm.Send(keyMsg("s"))
	waitFor(t, tm, "Seri diz")
	tm.Send(keyMsg("l"))
	waitFor(t, tm, "an opening needs 101")
	tm.Send(keyMsg("h"))
	waitFor(t, tm, "The cursor is on")
	tm.Send(keyMsg("x"))
	waitFor(t, tm, "You discard")
	tm.Send(keyMsg("q"))
	golden.RequireEqual(t, finalScreen(t, tm))
}

func TestE2E101Resume(t *testing.T) {
	first := start101(t, 100, 30, withSeed(92))
	myTurn101(t, first)
	drawIfDue(t, first)
	m := reopen(t, first, first.opt)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	waitFor(t, tm, "Okey 101, hand 1 of 11")
	tm.Send(keyMsg("enter"))
	waitFor(t, tm, "Lay down (enter, a, l)") // what to do now, not a welcome
	tm.Send(keyMsg("q"))
	golden.RequireEqual(t, finalScreen(t, tm))
}

var _ = time.Second

// The 101 table's messages fit where they are shown, in both languages,
// filled with long tile names and numbers: a message of the status in
// its two lines at 80 columns, the work line's words in one.
func TestWords101Fit(t *testing.T) {
	verb := regexp.MustCompile(`%(\[\d\])?[-+# 0-9.]*[a-zA-Z]`)
	for _, lang := range []string{"en", "tr"} {
		c := i18n.MustLoad(lang)
		for _, k := range c.Keys() {
			lines := 0
			switch {
			case strings.HasPrefix(k, "t101.work.") || strings.HasPrefix(k, "t101.sel.") || strings.HasPrefix(k, "t101.sum."):
				lines = 1
			case strings.HasPrefix(k, "t101.") && !strings.HasPrefix(k, "t101.log.") && !strings.HasPrefix(k, "t101.why.") &&
				!strings.HasPrefix(k, "t101.browse.") && k != "t101.table.none" && !strings.HasPrefix(k, "t101.hint."),
				strings.HasPrefix(k, "status.runs.") || strings.HasPrefix(k, "status.pairs."):
				lines = 2
			default:
				continue
			}
			var args []any
			for _, v := range verb.FindAllString(c.T(k), -1) {
				if strings.HasSuffix(v, "d") {
					args = append(args, 188)
				} else {
					args = append(args, "K12 (okey)")
				}
			}
			got := canvas.Wrap(c.T(k, args...), 80)
			if k == "t101.sel.meld" || strings.HasPrefix(k, "t101.sum.") {
				continue // shown beside the groups, cut to the line
			}
			if len(got) > lines {
				t.Errorf("%s %s: %d lines at 80 columns: %q", lang, k, len(got), got)
			}
		}
	}
}
