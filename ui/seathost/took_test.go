package seathost

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"testing"

	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/ui/seatlink"
)

// An update's table around the game is turned so the player sits first
// (seat 2 sees the table's seat 2 as its own), the served daily's hand
// kept.
func TestTableTurnsTheSeats(t *testing.T) {
	s := &Seat{Link: seatlink.New(2, func(seatmsg.Intent) bool { return true })}
	var u seatmsg.Update
	for i, n := range []string{"Ali", "Ayşe", "Me", "Can"} {
		u.Players[i] = seatmsg.Player{Name: n, Kind: seatmsg.Human, Level: "lvl" + n[:1]}
	}
	u.Daily = &seatmsg.Daily{Hand: 1, Of: 4}
	a := s.Table(u)
	if a.Names[0] != "Me" || a.Names[1] != "Can" || a.Levels[2] != "lvlA" || a.Away || s.Daily != u.Daily {
		t.Fatalf("turned: %+v, daily %v", a, s.Daily)
	}
}

// What the status line says after an update: the table's refusal once,
// whom the next hand waits for (or that it is dealing), that the host
// starts the next match; the word said between hands is cleared once
// the hand is dealt, unless a refusal is told in its place. The new
// match's key is the host's alone; a table of one match (a
// tournament's) offers none and says the next table is the pairing's.
func TestTookSays(t *testing.T) {
	tr := i18n.MustLoad("en")
	name := func(seat int) string { return []string{"you", "Ali", "Ayşe", "Can"}[seat] }
	for _, tc := range []struct {
		name                 string
		host, watch, one     bool
		lost                 bool // the table counts the match lost for the player
		handOver, matchOver  bool
		ready                [4]bool
		refused              string
		said                 string // the status line before
		between              string // said between hands before
		wantBetween, wantRef string
		wantClear, wantNew   bool
		wantLost             string
	}{
		{name: "waiting for two", host: true, handOver: true, ready: [4]bool{true, true}, wantBetween: tr.T("seat.waiting", "Ayşe, Can"), wantNew: true},
		{name: "dealing", handOver: true, ready: [4]bool{true, true, true, true}, wantBetween: tr.T("seat.dealing")},
		{name: "the host starts", matchOver: true, wantBetween: tr.T("seat.waithost")},
		{name: "the host itself", host: true, matchOver: true, wantNew: true},
		{name: "a spectator host", host: true, watch: true},
		{name: "a tournament's match over", one: true, matchOver: true, wantBetween: tr.T("seat.onematch")},
		{name: "a tournament's match lost for being away", one: true, lost: true, wantLost: tr.T("seat.awaylost")},
		{name: "over, lost for being away", one: true, lost: true, matchOver: true, wantLost: tr.T("seat.awaylost"), wantBetween: tr.T("seat.onematch.lost")},
		{name: "dealt", said: "x", between: "x", wantClear: true},
		{name: "dealt, refused", refused: "no", said: "x", between: "x", wantRef: "no"},
		{name: "dealt, status moved on", said: "y", between: "x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seat := 0
			if tc.watch {
				seat = -1
			}
			s := &Seat{Link: seatlink.New(seat, func(seatmsg.Intent) bool { return true })}
			s.Link.Between = tc.between
			u := seatmsg.Update{Host: tc.host, Ready: tc.ready, Refused: tc.refused, OneMatch: tc.one, AwayLost: tc.lost}
			if tc.refused != "" {
				u.RefusedSeq = 1
			}
			for i := range u.Players {
				u.Players[i].Kind = seatmsg.Human
			}
			s.Table(u)
			got := s.Took(tr, u, false, tc.handOver, tc.matchOver, tc.said, name)
			if got.Between != tc.wantBetween || got.Clear != tc.wantClear || got.NewMatch != tc.wantNew || (got.Refusal != "") != (tc.wantRef != "") {
				t.Fatalf("said %+v", got)
			}
			if tc.wantBetween != "" && s.Link.Between != tc.wantBetween {
				t.Fatalf("between hands noted %q", s.Link.Between)
			}
			if got.Lost != tc.wantLost {
				t.Fatalf("the match lost said %q, want %q", got.Lost, tc.wantLost)
			}
			if again := s.Took(tr, u, false, tc.handOver, tc.matchOver, tc.said, name); again.Lost != "" {
				t.Fatalf("the match lost said again: %q", again.Lost)
			}
		})
	}
}

// TestBetweenWordsFitTheStatusLine: what the status line says between
// hands and after a match is read whole on an 80-column screen, whose
// hand's end page gives the line 78 columns and cuts the rest with "…"
// (a tournament's "this match is over" was cut so, its point lost).
// Whom the next hand waits for names players, so it is held with one
// name of a player's longest (twenty letters); so is the word that the
// server is busy, said as news in the hand (seat.busy).
func TestBetweenWordsFitTheStatusLine(t *testing.T) {
	const room = 78
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, w := range []string{
			tr.T("seat.dealing"), tr.T("seat.onematch"), tr.T("seat.waithost"), tr.T("seat.onematch.lost"), tr.T("seat.awaylost"),
			tr.T("seat.waiting", strings.Repeat("Ş", 20)),
			tr.T("seat.busy", strings.Repeat("Ş", 20)), tr.T("seat.busy.you"),
		} {
			if ansi.StringWidth(w) > room {
				t.Errorf("%s: %q is %d columns, more than the %d an 80-column status line shows", lang, w, ansi.StringWidth(w), room)
			}
		}
	}
}

// TestTookSaysServerBusyOnceADeal: the table's word that a seat's
// expert played at hard's level is said once a deal, naming the seat
// as the screen turns it: a spectator's seat 0 is a player's name, a
// player's own is "your bot"; a screen's first update says nothing.
func TestTookSaysServerBusyOnceADeal(t *testing.T) {
	tr := i18n.MustLoad("en")
	name := func(seat int) string { return []string{"Ali", "Ayşe", "Can", "Deniz"}[seat] }
	for _, tc := range []struct {
		what     string
		seat     int // the screen's (-1 watching)
		busySeat int // the table's
		first    bool
		want     string
	}{
		{what: "the seat at the left", seat: 2, busySeat: 3, want: tr.T("seat.busy", "Ayşe")},
		{what: "the player's own bot", seat: 2, busySeat: 2, want: tr.T("seat.busy.you")},
		{what: "a spectator", seat: -1, busySeat: 0, want: tr.T("seat.busy", "Ali")},
		{what: "the screen's first update", seat: 1, busySeat: 3, first: true},
	} {
		t.Run(tc.what, func(t *testing.T) {
			s := &Seat{Link: seatlink.New(tc.seat, func(seatmsg.Intent) bool { return true })}
			u := seatmsg.Update{ServerBusy: &seatmsg.ServerBusy{Seat: tc.busySeat, Hand: 3, Redeal: 1}}
			s.Table(u)
			if got := s.Took(tr, u, tc.first, false, false, "", name).Busy; got != tc.want {
				t.Fatalf("said %q, want %q", got, tc.want)
			}
			if got := s.Took(tr, u, false, false, false, "", name).Busy; got != "" {
				t.Fatalf("the same deal's word said again: %q", got)
			}
			u.ServerBusy = &seatmsg.ServerBusy{Seat: tc.busySeat, Hand: 3, Redeal: 2}
			if got := s.Took(tr, u, false, false, false, "", name).Busy; got == "" {
				t.Fatal("the next deal's word not said")
			}
		})
	}
}

// TestTookSaysServerBusyOnceBack: a player whose bot plays for them
// (away) keeps "your bot is playing for you" on the status line; the
// deal's busy server is said once they are back, if the deal goes on.
func TestTookSaysServerBusyOnceBack(t *testing.T) {
	tr := i18n.MustLoad("en")
	name := func(seat int) string { return []string{"Ali", "Ayşe", "Can", "Deniz"}[seat] }
	s := &Seat{Link: seatlink.New(2, func(seatmsg.Intent) bool { return true })}
	u := seatmsg.Update{ServerBusy: &seatmsg.ServerBusy{Seat: 3, Hand: 1}}
	u.Players[2].Kind = seatmsg.Away
	s.Table(u)
	if got := s.Took(tr, u, false, false, false, "", name).Busy; got != "" {
		t.Fatalf("said to a player away: %q", got)
	}
	u.Players[2].Kind = seatmsg.Human
	s.Table(u)
	if got, want := s.Took(tr, u, false, false, false, "", name).Busy, tr.T("seat.busy", "Ayşe"); got != want {
		t.Fatalf("back, the player is told %q, want %q", got, want)
	}
}
