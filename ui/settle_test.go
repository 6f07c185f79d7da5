package ui

import (
	"testing"
	"time"
)

// clockOpt gives a model a clock the test moves by hand, and the
// settling guard on (newTestModel turns it off).
func clockOpt(now *time.Time) func(*Options) {
	return func(o *Options) {
		o.Now = func() time.Time { return *now }
		o.Settle = 0 // the default
	}
}

// TestSettling: a screen just come ignores, for a moment, the keys that
// go on from a screen (enter, space, n), at both games' tables: enter
// pressed at once on a hand's end (meant for the table, where a bot has
// just finished) deals nothing; the next hand's table ignores a second
// enter and a space (pick) pressed with the enter that dealt it; a
// moment later the same keys act.
func TestSettling(t *testing.T) {
	for _, game := range []string{GameClassic, Game101} {
		t.Run(game, func(t *testing.T) {
			now := fixedNow()
			m := newTestModel(t, 100, 30, withPlainBots, clockOpt(&now), func(o *Options) { o.Settings.Game = game })
			drain(t, m, m.Init())
			for turns := 0; m.screen == scrPlay; turns++ {
				if turns > 200 {
					t.Fatal("the hand does not end")
				}
				now = now.Add(time.Second)
				if table101(m) != nil {
					myTurn101(t, m)
				} else {
					playMyTurn(t, m)
				}
			}
			if m.screen != scrHandOver {
				t.Fatalf("screen %d after the hand", m.screen)
			}
			hand := tableClassic(m).View.Hand
			if table101(m) != nil {
				hand = table101(m).View.Hand
			}
			press(t, m, "enter")
			if m.screen != scrHandOver {
				t.Fatal("enter pressed as the hand's end came dealt the next hand")
			}
			now = now.Add(time.Second)
			press(t, m, "enter")
			if m.screen != scrPlay {
				t.Fatalf("enter a moment later did not deal: screen %d, %q", m.screen, m.flash)
			}
			for _, k := range []string{"enter", "space", "n", "enter"} {
				press(t, m, k)
			}
			held, sel, flash := tableClassic(m).Held, 0, m.flash
			if table101(m) != nil {
				held, sel = table101(m).Held, len(table101(m).Sel)
			}
			if held >= 0 || sel > 0 || flash != "" {
				t.Fatalf("keys pressed with the deal acted on hand %d: held %d, selected %d, %q", hand+1, held, sel, flash)
			}
			now = now.Add(time.Second)
			press(t, m, "space")
			held = tableClassic(m).Held
			if table101(m) != nil {
				held = table101(m).Held
			}
			if held < 0 {
				t.Fatalf("space a moment later picked nothing up: %q", m.flash)
			}
		})
	}
}

// TestSettlingAtASeat: at a server's table the next hand comes when the
// table deals it; keys pressed with the enter that said "ready" do
// nothing on it, as at the local table.
func TestSettlingAtASeat(t *testing.T) {
	f := newFakeTable(t, 4)
	const me = 1
	m, err := NewSeat(SeatOptions{Lang: "en", Seat: me, Send: f.send, NoColor: true})
	if err != nil {
		t.Fatal(err)
	}
	now := fixedNow()
	m.now = func() time.Time { return now }
	m.Update(windowMsg(100, 30))
	f.plainHand()
	m.Update(f.update(me))
	if m.screen != scrHandOver {
		t.Fatalf("screen %d after the hand", m.screen)
	}
	now = now.Add(time.Second)
	press(t, m, "enter")
	if len(f.sent) != 1 {
		t.Fatalf("enter at the hand's end sent %+v", f.sent)
	}
	f.play()
	m.Update(f.update(me))
	if m.screen != scrPlay {
		t.Fatalf("screen %d after the deal", m.screen)
	}
	press(t, m, "enter")
	press(t, m, "space")
	if len(f.sent) != 0 || tableClassic(m).Held >= 0 {
		t.Fatalf("keys pressed with the ready acted on the new hand: sent %+v, held %d", f.sent, tableClassic(m).Held)
	}
	now = now.Add(time.Second)
	press(t, m, "space")
	if tableClassic(m).Held < 0 {
		t.Fatalf("space a moment later picked nothing up: %q", m.flash)
	}
}
