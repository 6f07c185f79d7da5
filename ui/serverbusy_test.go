package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/kit/seatmsg"
)

// TestSeatToldServerBusy: a served table says that a seat's expert bot
// played at hard's level, the server busy (seatmsg.Update's
// ServerBusy), and the status line says it whole on an 80×24 screen,
// in English and Turkish, naming the seat as the screen turns it (the
// player's own seat is "your bot"); the same deal's word, handed again
// with every later update, is not said again once a key took it away,
// and the next deal's is. A screen that opens on a deal already told
// of says nothing: it is news from before the player came.
func TestSeatToldServerBusy(t *testing.T) {
	for _, tc := range []struct {
		lang, other, own string
	}{
		{"en", "Server busy: P3 (expert) played a move at hard's level.", "Server busy: your bot (expert) played a move at hard's level."},
		{"tr", "Sunucu yoğun: P3 (usta) bir hamleyi zor seviyesinde oynadı.", "Sunucu yoğun: botun (usta) bir hamleyi zor seviyesinde oynadı."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			const me = 2
			f := newFakeTable101(t, 3)
			m, err := NewSeat101(SeatOptions{Lang: tc.lang, Seat: me, Send: f.send, NoColor: true, Settle: -1})
			if err != nil {
				t.Fatal(err)
			}
			m.Update(windowMsg(80, 24))
			shows := func(what, want string, on bool) {
				t.Helper()
				out := plain(m)
				for i, l := range strings.Split(out, "\n") {
					if w := ansi.StringWidth(l); w > 80 {
						t.Fatalf("%s: line %d is %d columns wide:\n%s", what, i, w, out)
					}
				}
				if strings.Contains(out, want) != on {
					t.Fatalf("%s: %q on screen is %v, want %v:\n%s", what, want, !on, on, out)
				}
			}
			m.Update(f.update(me))
			shows("no word", tc.other, false)
			u := f.update(me)
			u.ServerBusy = &seatmsg.ServerBusy{Seat: 3, Hand: 1} // the seat at the player's left
			m.Update(u)
			shows("told", tc.other, true)
			press(t, m, "right")
			shows("a key pressed", tc.other, false)
			m.Update(u)
			shows("the same deal's word again", tc.other, false)
			u.ServerBusy = &seatmsg.ServerBusy{Seat: me, Hand: 2} // (as the table says it of the next deal)
			m.Update(u)
			shows("the next deal's, the player's own bot", tc.own, true)

			late, err := NewSeat101(SeatOptions{Lang: tc.lang, Seat: me, Send: f.send, NoColor: true, Settle: -1})
			if err != nil {
				t.Fatal(err)
			}
			late.Update(windowMsg(80, 24))
			late.Update(u)
			if out := plain(late); strings.Contains(out, tc.own) {
				t.Fatalf("a screen opened on a deal told of says it:\n%s", out)
			}
		})
	}
}
