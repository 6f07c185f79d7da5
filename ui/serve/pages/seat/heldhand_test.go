package seat

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/okey101"
	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common/commontest"
)

// sentTable is a table that keeps the requests sent to it.
type sentTable struct {
	commontest.Table
	sent []tables.Request
}

func (s *sentTable) Send(r tables.Request) bool { s.sent = append(s.sent, r); return true }

// TestHeldHandShowsOnlyTheSeatsOwn: between two hands at a duplicate
// round's table, the update holds the hand's end back (HeldHand): the
// page says the hand, the seat's place and score and why no more, in
// both languages within 80 columns, gives the game's screen neither the
// update nor the keys, and enter says the seat is ready for the next
// hand (named by its deal); the next hand's view goes to the screen
// again.
func TestHeldHandShowsOnlyTheSeatsOwn(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		side := commontest.New(t)
		c := side.Common(context.Background(), "key:test", "", "ann", lang)
		c.Width, c.Height = 80, 24
		commontest.Seat(t, c)
		tb := &sentTable{}
		c.At.T = tb
		scr := &keyScreen{}
		p := &Page{scr: scr}
		h := seatmsg.HeldHand{Game: "101", Hand: 1, Redeal: 1, Hands: 2, Place: 3, Score: 144}
		p.take(c, c.At, &seatmsg.Update{HeldHand: &h})
		if _, drawn := p.View(c); drawn {
			t.Fatalf("%s: the game's screen is drawn over a hand's end held back", lang)
		}
		lines, keys := p.Lines(c)
		text := strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, " "))), " ")
		for _, want := range []string{c.Tr.T("held.hand.title.of", 1, 2), c.Tr.T("held.place", 3), c.Tr.T("held.score.101", 144),
			strings.Fields(c.Tr.T("held.hand.wait"))[0]} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the page lacks %q: %s", lang, want, text)
			}
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > c.PageWidth() {
				t.Errorf("%s: a line of %d columns: %q", lang, w, l)
			}
		}
		if len(keys) == 0 || keys[0].Help().Key != "enter" {
			t.Errorf("%s: the keys offered: %v", lang, keys)
		}
		p.Update(c, tea.KeyPressMsg{Code: tea.KeyEnter})
		if len(scr.keys) != 0 {
			t.Errorf("%s: the screen was given %v", lang, scr.keys)
		}
		if len(tb.sent) != 1 || tb.sent[0].Kind != tables.ReqMove {
			t.Fatalf("%s: enter sent %+v", lang, tb.sent)
		}
		if in, ok := tb.sent[0].Move.(seatmsg.Intent); !ok || in.Kind != seatmsg.IntentReady || in.Hand != 1 || in.Redeal != 1 {
			t.Errorf("%s: enter sent %+v", lang, tb.sent[0].Move)
		}
		// The next hand: the screen takes the table again.
		p.take(c, c.At, &seatmsg.Update{View101: &okey101.View{Hand: 2}})
		if _, drawn := p.View(c); !drawn {
			t.Errorf("%s: the next hand's view is not drawn", lang)
		}
		p.Update(c, tea.KeyPressMsg{Code: 'x', Text: "x"})
		if len(scr.keys) != 1 {
			t.Errorf("%s: in the next hand the screen was given %v", lang, scr.keys)
		}
	}
}
