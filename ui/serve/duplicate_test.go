package serve

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/classic"
	"okey/server/tables"
	"okey/ui/seatmsg"
	"okey/ui/serve/common"
)

// TestServedDuplicate: a duplicate table over ssh, as friends meet it.
// ann opens a classic table with one deal from the form (its waiting
// room and its lobby row say it is a duplicate), bob sits, ann
// starts; both are soon away (their bots play for them). The screen's
// top line says the deal and rotation; as the players move one seat on,
// each is told where they sit now and their screen (their own rack at
// the bottom, "You") follows them; after the fourth rotation both see
// the end page: every player's duplicate score beside the usual one,
// their own row marked. The table is gone after.
func TestServedDuplicate(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a duplicate table's four hands over ssh")
	}
	t.Parallel()
	_, addr := testServer(t, func(c *Config) { c.AwayAfter = time.Second })
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t), w: 100, h: 30})
	defer ann.close()
	ann.waitFor("Tables (0 of", 10*time.Second)
	ann.press("n")
	ann.waitFor("A new table", 5*time.Second)
	for range fDuplicate {
		ann.press("down")
	}
	ann.press("right")
	ann.waitFor("1 deal × 4 seats = 4 hands", 5*time.Second)
	ann.press("enter")
	ann.waitFor("Duplicate: 1 deal × 4 seats = 4 hands", 5*time.Second) // the waiting room says it
	ann.waitFor("s starts the match", 5*time.Second)
	bob := dial(t, addr, "bob", dialOpts{key: newKey(t), w: 80, h: 24})
	defer bob.close()
	bob.waitFor("standard · duplicate: 1 deal, 4 hands", 10*time.Second) // and the lobby
	bob.press("enter")
	bob.waitFor("Waiting for the host", 5*time.Second)
	ann.press("s")
	for _, c := range []*client{ann, bob} {
		c.waitFor("Duplicate · deal 1 of 1 · rotation 1 of 4", patience)
	}
	for _, c := range []*client{ann, bob} {
		scr := c.waitUntil("moved to rotation 2", 2*time.Minute, func(s string) bool {
			return strings.Contains(s, "rotation 2 of 4") || strings.Contains(s, "rotation 3 of 4") || strings.Contains(s, "Duplicate over")
		})
		if strings.Contains(scr, "Duplicate over") {
			t.Log("the hands went by faster than the screen was read")
			continue
		}
		if !strings.Contains(scr, "sat last hand") || !strings.Contains(scr, "You") {
			t.Errorf("a moved player's screen does not say where they sit, or is not theirs:\n%s", scr)
		}
	}
	for _, c := range []*client{ann, bob} {
		scr := c.waitFor("Duplicate over · classic Okey · 1 deal, 4 hands", 3*time.Minute)
		name := map[*client]string{ann: "ann", bob: "bob"}[c]
		mine := false
		for _, l := range strings.Split(scr, "\n") {
			if strings.Contains(l, "> ") && strings.Contains(l, " "+name+" ") {
				mine = true
			}
		}
		for _, want := range []string{"duplicate", "usual score", "ann", "bob", "Zeynep", "Emre", "each hand against the mean"} {
			if !strings.Contains(scr, want) {
				t.Errorf("%s's end page lacks %q:\n%s", name, want, scr)
			}
		}
		if !mine {
			t.Errorf("%s's own row is not marked:\n%s", name, scr)
		}
		c.press("esc")
		c.waitFor("Tables (0 of", 10*time.Second)
	}
}

// stubTable is a table that takes every request and never ends: a
// session's messages are handed to it by hand.
type stubTable struct{}

func (stubTable) TableID() string                           { return "7" }
func (stubTable) GameKind() tables.GameKind                 { return tables.GameKinds()[0] }
func (stubTable) Private() bool                             { return false }
func (stubTable) Send(tables.Request) bool                  { return true }
func (stubTable) Call(context.Context, tables.Request) bool { return true }
func (stubTable) Ended() <-chan struct{}                    { return nil }

// TestSessionFollowsItsSeat: at a duplicate table a session's screen
// follows the seat its updates' views name — a new view of another seat
// opens the screen again there (the player's own rack at the bottom),
// the note says who sat there the hand before — while the Member's Seat,
// which the table wrote at the join, is never read for it.
func TestSessionFollowsItsSeat(t *testing.T) {
	srv, _ := testServer(t)
	s := newSession(srv, context.Background(), "key:test", "", "ann", "127.0.0.1", "en")
	s.Init()
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	g, err := classic.NewGame(classic.DefaultRules(), 42, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := tables.NewMember("key:test", "ann", "127.0.0.1", 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.at = &common.Membership{T: stubTable{}, M: m, Gen: 1, Ctx: ctx, Cancel: cancel, Kind: tables.GameKinds()[0], Seat: 0}
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
	s.onTable(common.FromTableMsg{Gen: 1, Msg: tables.Msg{Update: ptr(update(1, 0))}})
	first := s.seat.scr
	if first == nil || s.at.Seat != 0 {
		t.Fatalf("no screen at seat 0: %v, seat %d", first, s.at.Seat)
	}
	s.onTable(common.FromTableMsg{Gen: 1, Msg: tables.Msg{Update: ptr(update(2, 1))}})
	if s.seat.scr == first || s.seat.scr == nil || s.at.Seat != 1 {
		t.Fatalf("the screen did not follow the seat: same %v, seat %d", s.seat.scr == first, s.at.Seat)
	}
	if note := s.seat.dupLine(&s.c, s.at); !strings.Contains(note, "rotation 2 of 4: you sit where Mehmet sat last hand") {
		t.Errorf("the note: %q", note)
	}
	if m.Seat != 0 {
		t.Errorf("the member's seat changed to %d", m.Seat)
	}
	// A 101-like end of a hand (a match over): n is the player's ready,
	// and once given, who is awaited is said.
	s.seat.inPlay = false
	u := update(2, 1)
	u.Ready[1] = true
	s.seat.lastUpdate = &u
	if note := s.seat.dupLine(&s.c, s.at); note != "Ready: waiting for Emre, Mehmet, bob." {
		t.Errorf("the note once ready: %q", note)
	}
	u.Ready[1] = false
	s.seat.lastUpdate = &u
	if note := s.seat.dupLine(&s.c, s.at); !strings.HasPrefix(note, "n when you are ready") {
		t.Errorf("the note before: %q", note)
	}
	s.seat.inPlay = true
	// The player's own rack is at the bottom: seat 1's tiles, not seat 0's.
	rack := g.State().View(1).Rack
	scr := ansi.Strip(s.View().Content)
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
