package ui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/ui/playclassic"
)

// hangingBot never answers, and ignores its context too.
type hangingBot struct{ forever chan struct{} }

func (hangingBot) Level() string { return "normal" }
func (b hangingBot) Decide(context.Context, classic.View) (classic.Action, error) {
	<-b.forever
	return classic.Action{}, errors.New("released")
}

// brokenBot answers with what answer gives.
type brokenBot struct {
	answer func(v classic.View) (classic.Action, error)
}

func (brokenBot) Level() string { return "normal" }
func (b brokenBot) Decide(_ context.Context, v classic.View) (classic.Action, error) {
	return b.answer(v)
}

// failingBotTimeout is how long a test's failing bot is given: a short
// time for one that hangs (its timing out is what is tested), and for
// the others a minute, since a bot that fails at once must be heard
// failing — not timed out — however loaded the machine.
func failingBotTimeout(hangs bool) time.Duration {
	if hangs {
		return 20 * time.Millisecond
	}
	return time.Minute
}

// A bot that fails, in any way, never stalls the table: it gets a plain
// move played for it, the player is told, and after maxBotFailures in a
// row it plays plain moves for good. The table comes round to the
// player every time.
func TestFailingBotNeverStallsTheTable(t *testing.T) {
	forever := make(chan struct{})
	t.Cleanup(func() { close(forever) })
	for _, tc := range []struct {
		name string
		bot  botsclassic.Bot
		want string // in the message of the first failure
	}{
		{"hangs", hangingBot{forever}, "no answer in time"},
		{"errors", brokenBot{func(classic.View) (classic.Action, error) { return classic.Action{}, errors.New("out of ideas") }}, "out of ideas"},
		{"wrong seat", brokenBot{func(v classic.View) (classic.Action, error) {
			return classic.DrawAction((v.Seat + 1) % classic.NumSeats), nil
		}}, "turn"},
		{"illegal", brokenBot{func(v classic.View) (classic.Action, error) {
			for f := range tile.NumFaces { // a tile it does not hold
				if v.Counts[f] == 0 {
					return classic.DiscardAction(v.Seat, tile.Tile(f)), nil
				}
			}
			return classic.Action{}, errors.New("holds every face")
		}}, "not held"},
		{"no move", brokenBot{func(classic.View) (classic.Action, error) { return classic.Action{}, nil }}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newTestModel(t, 100, 30, func(o *Options) {
				o.BotTimeout = failingBotTimeout(tc.name == "hangs")
				o.NewBot = func(string, botsclassic.Options) (botsclassic.Bot, error) { return tc.bot, nil }
			})
			if tableClassic(m).View.MyTurn() {
				t.Fatal("the test needs a seed where a bot moves first")
			}
			drain(t, m, m.Init())
			if !tableClassic(m).View.MyTurn() {
				t.Fatalf("the table stalled at seat %d's turn: %q", tableClassic(m).View.Turn, m.flash)
			}
			if !strings.Contains(m.flash, tc.want) || !m.flashWarn {
				t.Fatalf("the player is told %q, want a warning with %q", m.flash, tc.want)
			}
			// Three turns of the player: every bot has failed three times
			// by then and plays plain moves, and the table still comes
			// round.
			for range maxBotFailures {
				playMyTurn(t, m)
				if m.screen != scrPlay {
					return // the hand ended: it did not stall either
				}
				if !tableClassic(m).View.MyTurn() {
					t.Fatalf("the table stalled at seat %d's turn: %q", tableClassic(m).View.Turn, m.flash)
				}
			}
			for s := 1; s < classic.NumSeats; s++ {
				if _, ok := tableClassic(m).Bots[s].(playclassic.Plain); !ok {
					t.Errorf("seat %d still has its failing bot after %d failures", s, maxBotFailures)
				}
			}
		})
	}
}

// TestPlainMoveIsAlwaysTaken: PlainMove finds a move the game takes
// even when the view's legal moves would not give one.
func TestPlainMoveIsAlwaysTaken(t *testing.T) {
	m := newTestModel(t, 100, 30, withPlainBots)
	drain(t, m, m.Init())
	for turns := 0; m.screen == scrPlay && turns < 40; turns++ {
		for s := range classic.NumSeats {
			a, ok := tableClassic(m).PlainMove(s)
			mover := tableClassic(m).View.Turn == s && tableClassic(m).View.Phase == game.Playing
			if ok != mover {
				t.Fatalf("seat %d: plainMove ok=%v, but the seat to move is %d", s, ok, tableClassic(m).View.Turn)
			}
			if ok {
				if _, _, err := tableClassic(m).G.State().Apply(a); err != nil {
					t.Fatalf("seat %d: plainMove gave %v, refused: %v", s, a, err)
				}
			}
		}
		playMyTurn(t, m)
	}
}
