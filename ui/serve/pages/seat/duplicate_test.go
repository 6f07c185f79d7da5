package seat

import (
	"context"
	"strings"
	"testing"

	"okey/game/classic"
	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"

	"github.com/charmbracelet/x/ansi"
)

// TestSessionFollowsItsSeat: at a duplicate table a session's screen
// follows the seat its updates' views name — a new view of another seat
// opens the screen again there (the player's own rack at the bottom),
// the note says who sat there the hand before — while the Member's Seat,
// which the table wrote at the join, is never read for it.
func TestSessionFollowsItsSeat(t *testing.T) {
	c := commontest.New(t).Common(context.Background(), "key:test", "", "ann", "en")
	p := &Page{}
	g, err := classic.NewGame(classic.DefaultRules(), 42, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := commontest.Seat(t, c)
	names := [4]string{"ann", "Mehmet", "bob", "Emre"}
	update := func(hand, seat int) seatmsg.Update {
		v := g.State().View(seat)
		d := &seatmsg.Duplicate{Hand: hand, Hands: 4, Deal: 1, Deals: 1, Rotation: hand, Names: names}
		for p := range d.Seats {
			d.Seats[p] = (p + hand - 1) % 4
		}
		u := seatmsg.Update{View: &v, Duplicate: d}
		for p, at := range d.Seats {
			u.Players[at] = seatmsg.Player{Name: names[p], Kind: seatmsg.Human}
		}
		return u
	}
	p.onTable(c, common.FromTableMsg{Gen: 1, Msg: tables.Msg{Update: ptr(update(1, 0))}})
	first := p.scr
	if first == nil || c.At.Seat != 0 {
		t.Fatalf("no screen at seat 0: %v, seat %d", first, c.At.Seat)
	}
	p.onTable(c, common.FromTableMsg{Gen: 1, Msg: tables.Msg{Update: ptr(update(2, 1))}})
	if p.scr == first || p.scr == nil || c.At.Seat != 1 {
		t.Fatalf("the screen did not follow the seat: same %v, seat %d", p.scr == first, c.At.Seat)
	}
	if note := p.dup.line(c, c.At, p.inPlay, p.lastUpdate); !strings.Contains(note, "rotation 2 of 4: you sit where Mehmet sat last hand") {
		t.Errorf("the note: %q", note)
	}
	if m.Seat != 0 {
		t.Errorf("the member's seat changed to %d", m.Seat)
	}
	// A 101-like end of a hand (a match over): n is the player's ready,
	// and once given, who is awaited is said.
	p.inPlay = false
	u := update(2, 1)
	u.Ready[1] = true
	p.lastUpdate = &u
	if note := p.dup.line(c, c.At, p.inPlay, p.lastUpdate); note != "Ready: waiting for Emre, Mehmet, bob." {
		t.Errorf("the note once ready: %q", note)
	}
	u.Ready[1] = false
	p.lastUpdate = &u
	if note := p.dup.line(c, c.At, p.inPlay, p.lastUpdate); !strings.HasPrefix(note, "n when you are ready") {
		t.Errorf("the note before: %q", note)
	}
	p.inPlay = true
	// The player's own rack is at the bottom: seat 1's tiles, not seat 0's.
	rack := g.State().View(1).Rack
	v, _ := p.View(c)
	scr := ansi.Strip(v.Content)
	if head := strings.SplitN(scr, "\n", 2)[0]; !strings.Contains(head, "Duplicate · deal 1 of 1 · rotation 2 of 4") {
		t.Errorf("the top line: %q", head)
	}
	// Seen from seat 1: seat 0 (Emre now) on the left, seat 2 (Mehmet)
	// on the right — a screen left at seat 0 would put bob and ann there.
	for _, l := range strings.Split(scr, "\n") {
		if strings.Contains(l, "wall") && (!strings.HasPrefix(l, "Emre") || !strings.Contains(l, "Mehmet")) {
			t.Errorf("the players round the table are not seat 1's: %q", l)
		}
	}
	for _, tl := range rack {
		if !strings.Contains(scr, tl.String()) {
			t.Errorf("seat 1's %v is not on the screen:\n%s", tl, scr)
			break
		}
	}
}
