package ui

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/seatmsg"
	"okey/ui/playclassic"
)

// fakeTable referees a match for seat tests as okey serve's table does:
// it owns the game, takes intents, and hands each screen its seat's
// update.
type fakeTable struct {
	t       *testing.T
	g       *classic.Game
	sent    []seatmsg.Intent
	refused string
	rseq    uint64
}

func newFakeTable(t *testing.T, seed uint64) *fakeTable {
	g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &fakeTable{t: t, g: g}
}

func (f *fakeTable) send(i seatmsg.Intent) bool { f.sent = append(f.sent, i); return true }

// play applies the intents sent so far.
func (f *fakeTable) play() {
	for _, i := range f.sent {
		if _, _, err := f.g.Apply(i.Action); err != nil {
			f.refused, f.rseq = err.Error(), f.rseq+1
		}
	}
	f.sent = nil
}

func (f *fakeTable) update(seat int) seatmsg.Update {
	v := f.g.State().View(seat)
	u := seatmsg.Update{View: &v, Refused: f.refused, RefusedSeq: f.rseq}
	for s := range classic.NumSeats {
		u.Players[s] = seatmsg.Player{Name: "P" + string(rune('0'+s)), Kind: seatmsg.Bot, Level: "normal"}
	}
	u.Players[1].Kind = seatmsg.Human
	return u
}

func newSeatModel(t *testing.T, f *fakeTable, seat int) *Model {
	t.Helper()
	m, err := NewSeat(SeatOptions{Lang: "en", Seat: seat, Send: f.send, NoColor: true, Settle: -1})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(windowMsg(100, 30))
	return m
}

// TestRotateViewKeepsTheMatch checks the turned view against the
// table's: seat k's things sit at 0, play still runs seat+1.
func TestRotateViewKeepsTheMatch(t *testing.T) {
	f := newFakeTable(t, 5)
	for range 9 { // a few moves, so stacks and history have something
		st := f.g.State()
		v := st.View(st.Turn())
		a := classic.DrawAction(v.Seat)
		if v.Stage == classic.MustDiscard {
			a = classic.DiscardAction(v.Seat, v.Rack[0])
		}
		if _, _, err := f.g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	st := f.g.State()
	for k := range classic.NumSeats {
		v := st.View(k)
		r := v.Rotate(k)
		if r.Seat != 0 || r.Previous != classic.NumSeats-1 || r.Counts != v.Counts {
			t.Fatalf("seat %d: turned view has seat %d, previous %d", k, r.Seat, r.Previous)
		}
		for s := range classic.NumSeats {
			to := (s - k + 4) % 4
			if !reflect.DeepEqual(r.Discards[to], v.Discards[s]) || r.TileCounts[to] != v.TileCounts[s] || r.Scores[to] != v.Scores[s] {
				t.Fatalf("seat %d: seat %d's things are not at %d", k, s, to)
			}
		}
		if r.Turn != (v.Turn-k+4)%4 || r.Dealer != (v.Dealer-k+4)%4 || r.MyTurn() != v.MyTurn() {
			t.Fatalf("seat %d: turn or dealer not turned", k)
		}
		for i, e := range r.History {
			o := v.History[i]
			if (o.Seat-k+4)%4 != e.Seat || (o.From >= 0 && (o.From-k+4)%4 != e.From) {
				t.Fatalf("seat %d: event %d not turned: %+v from %+v", k, i, e, o)
			}
		}
		if k != 0 && &r.History[0] == &v.History[0] {
			t.Fatal("the turned view shares its history with the table's")
		}
	}
}

// TestSeatPlaysThroughTheTable plays seat 2's turns through intents:
// the screen shows seat 2's rack at the bottom, the others by their
// names, sends moves with the table's seat number, and the discard
// leaves the slot it was thrown from.
func TestSeatPlaysThroughTheTable(t *testing.T) {
	f := newFakeTable(t, 11)
	const me = 2
	m := newSeatModel(t, f, me)
	if s := plain(m); strings.Contains(s, "Draw") {
		t.Fatalf("a seat shows a table before its first update:\n%s", s)
	}
	for moves := 0; f.g.State().Phase() == game.Playing && moves < 200; moves++ {
		st := f.g.State()
		m.Update(f.update(me))
		if tableClassic(m).View.Counts != st.View(me).Counts || tableClassic(m).Rack.Counts() != st.View(me).Counts {
			t.Fatalf("move %d: the screen's rack is not seat %d's", moves, me)
		}
		if st.Turn() != me {
			// The other seats play plainly, as the table's bots would.
			v := st.View(st.Turn())
			a, _ := playclassic.PlainMove(v)
			if _, _, err := f.g.Apply(a); err != nil {
				t.Fatal(err)
			}
			continue
		}
		out := plain(m)
		for _, name := range []string{"P1", "P3", "P0"} {
			if !strings.Contains(out, name) {
				t.Fatalf("the other seats' names are not on screen:\n%s", out)
			}
		}
		if st.Stage() == classic.MustDraw {
			press(t, m, "d")
		} else {
			slot := tableClassic(m).Cursor
			tl := tableClassic(m).Rack.Slots[slot]
			press(t, m, "x")
			if tableClassic(m).Confirm >= 0 {
				press(t, m, "x")
			}
			if len(f.sent) != 1 {
				t.Fatalf("discard sent %d intents", len(f.sent))
			}
			if a := f.sent[0].Action; a.Seat != me || a.Tile != tl || f.sent[0].Hand != st.HandNumber() {
				t.Fatalf("sent %v for hand %d, want seat %d discarding %v in hand %d", a, f.sent[0].Hand, me, tl, st.HandNumber())
			}
			f.play()
			m.Update(f.update(me))
			if tableClassic(m).Rack.Slots[slot] != tile.NoTile && tableClassic(m).Rack.Slots[slot] != tl {
				t.Fatalf("slot %d holds %v after its %v was thrown", slot, tableClassic(m).Rack.Slots[slot], tl)
			}
			continue
		}
		if len(f.sent) != 1 || f.sent[0].Action.Seat != me {
			t.Fatalf("sent %v, want one move of seat %d", f.sent, me)
		}
		f.play()
	}
	m.Update(f.update(me))
	if f.g.State().Phase() != game.Playing && m.screen != scrHandOver {
		t.Fatalf("the hand ended and the screen is %d", m.screen)
	}
}

// TestSeatRefusalAndLeave: a refused move is said once; q leaves the
// table with LeaveMsg instead of quitting the program.
func TestSeatRefusalAndLeave(t *testing.T) {
	f := newFakeTable(t, 3)
	m := newSeatModel(t, f, 1)
	m.Update(f.update(1))
	f.refused, f.rseq = "not this seat's turn", 1
	m.Update(f.update(1))
	if !strings.Contains(plain(m), "not this seat's turn") {
		t.Fatalf("the refusal is not on screen:\n%s", plain(m))
	}
	_, cmd := m.Update(keyMsg("q"))
	if cmd == nil {
		t.Fatal("q does nothing at a seat")
	}
	if _, ok := cmd().(seatmsg.LeaveMsg); !ok {
		t.Fatal("q at a seat does not leave the table")
	}
}

// TestSpectatorSeesNoRack: a spectator's screen has an empty rack, the
// bottom seat's name instead of "You" (in the log too, where seat 0's
// moves are a player's), and sends no moves.
func TestSpectatorSeesNoRack(t *testing.T) {
	f := newFakeTable(t, 8)
	m := newSeatModel(t, f, -1)
	for f.g.State().Turn() != 1 { // seat 0 moves: the log speaks of it
		a, _ := playclassic.PlainMove(f.g.State().View(f.g.State().Turn()))
		if _, _, err := f.g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	m.Update(f.update(-1))
	if len(tableClassic(m).Rack.Tiles()) != 0 {
		t.Fatal("a spectator holds tiles")
	}
	out := plain(m)
	if strings.Contains(out, "You") || !strings.Contains(out, "P0 discards") {
		t.Fatalf("a spectator's screen:\n%s", out)
	}
	for _, k := range []string{"d", "x", "t"} {
		press(t, m, k)
	}
	if len(f.sent) != 0 {
		t.Fatalf("a spectator sent %v", f.sent)
	}
	var _ tea.Msg = seatmsg.LeaveMsg{}
}

// plainHand plays the hand on the table to its end, every seat plainly
// (ending the hand rather than taking round and round once the wall is
// empty).
func (f *fakeTable) plainHand() {
	f.t.Helper()
	for n := 0; f.g.State().Phase() == game.Playing; n++ {
		if n > 500 {
			f.t.Fatal("the hand does not end")
		}
		v := f.g.State().View(f.g.State().Turn())
		a, _ := playclassic.PlainMove(v)
		if v.Legal.EndHand {
			a = classic.EndHandAction(v.Seat)
		}
		if _, _, err := f.g.Apply(a); err != nil {
			f.t.Fatal(err)
		}
	}
}

// TestWaitingGoesWithTheDeal: between hands the status line says whom
// the next hand waits for; once the table deals it is gone, though the
// new hand's first turn is another seat's (it stayed).
func TestWaitingGoesWithTheDeal(t *testing.T) {
	// The seat after hand 2's starter: its turn does not clear the line.
	f := newFakeTable(t, 6)
	f.plainHand()
	if _, _, err := f.g.Apply(classic.NextHandAction()); err != nil {
		t.Fatal(err)
	}
	me := (f.g.State().Turn() + 1) % classic.NumSeats

	f = newFakeTable(t, 6)
	m := newSeatModel(t, f, me)
	m.Update(f.update(me))
	f.plainHand()
	m.Update(f.update(me))
	if !strings.Contains(plain(m), "The next hand waits for:") {
		t.Fatalf("the hand's end does not say whom it waits for:\n%s", plain(m))
	}
	if _, _, err := f.g.Apply(classic.NextHandAction()); err != nil {
		t.Fatal(err)
	}
	m.Update(f.update(me))
	if out := plain(m); m.screen != scrPlay || tableClassic(m).View.MyTurn() || strings.Contains(out, "waits for") {
		t.Fatalf("hand 2 dealt, screen %d, my turn %v:\n%s", m.screen, tableClassic(m).View.MyTurn(), out)
	}
}

// TestSpectatorKeysAllWork: a spectator holds no rack, so the key bar,
// the rack's frame and the help page (?) show no key that moves on one
// (they listed ←→↑↓, c v s p), at either game's table; every
// key they do show does something for a spectator, and the others say
// only the players move.
func TestSpectatorKeysAllWork(t *testing.T) {
	for _, g := range []string{GameClassic, Game101} {
		t.Run(g, func(t *testing.T) {
			var m *Model
			var groups [][]key.Binding
			if g == Game101 {
				f := newFakeTable101(t, 9)
				m = newSeat101Model(t, f, -1)
				m.Update(f.update(-1))
				groups = m.keys.Table101.FullHelp()
			} else {
				f := newFakeTable(t, 8)
				m = newSeatModel(t, f, -1)
				m.Update(f.update(-1))
				groups = m.keys.Table.FullHelp()
			}
			scr := plain(m)
			if strings.Contains(scr, "space") || !strings.Contains(scr, "the racks are hidden") {
				t.Errorf("a spectator's rack speaks of its keys:\n%s", scr)
			}
			lines := strings.Split(scr, "\n")
			bar := lines[len(lines)-1]
			press(t, m, "?")
			page, _, _ := strings.Cut(plain(m), "How to play") // the keys, not the rules
			press(t, m, "esc")
			for _, rack := range []string{"move", "sort", "seri", "çift", "left", "right", "row", "pick", "clear"} {
				if strings.Contains(bar, rack) || strings.Contains(page, "  "+rack) {
					t.Errorf("a spectator is shown a rack's key (%q):\n%s\n%s", rack, bar, page)
				}
			}
			for _, grp := range groups {
				for _, b := range grp {
					if !b.Enabled() || key.Matches(keyMsg("q"), b) {
						continue
					}
					k := b.Keys()[0]
					if !strings.Contains(page, b.Help().Desc) {
						t.Errorf("%s (%s) works and is not on the help page", k, b.Help().Desc)
					}
					m.screen, m.overlay, m.flash = scrPlay, ovNone, ""
					press(t, m, k)
					if strings.Contains(m.flash, "watching") || strings.Contains(m.flash, "does nothing") {
						t.Errorf("%s (%s), shown to a spectator, does nothing: %q", k, b.Help().Desc, m.flash)
					}
				}
			}
			m.screen, m.overlay = scrPlay, ovNone
			press(t, m, "c")
			if !strings.Contains(m.flash, "You are watching") {
				t.Errorf("c at a spectator's table says %q", m.flash)
			}
		})
	}
}

// TestSeatHandEndsUnderThePages: at a served table of either game (one
// path for both games), a hand that ends while the player reads the
// settings leaves them open, and closing them shows the hand's end (a
// classic seat jumped to the hand's end, the form dropped under it); a
// hand that ends on the table shows its end at once.
func TestSeatHandEndsUnderThePages(t *testing.T) {
	games := []struct {
		name string
		// start seats a player at a new table, the first view taken in;
		// end plays the hand to its end and is the update that says so.
		start func(t *testing.T) (m *Model, end func() seatmsg.Update)
	}{
		{"classic", func(t *testing.T) (*Model, func() seatmsg.Update) {
			f := newFakeTable(t, 6)
			m := newSeatModel(t, f, 0)
			m.Update(f.update(0))
			return m, func() seatmsg.Update { f.plainHand(); return f.update(0) }
		}},
		{"101", func(t *testing.T) (*Model, func() seatmsg.Update) {
			f := newFakeTable101(t, 3)
			m := newSeat101Model(t, f, 0)
			m.Update(f.update(0))
			return m, func() seatmsg.Update {
				for n := 0; f.g.State().Phase() == game.Playing; n++ {
					st := f.g.State()
					a, ok := plainAction101(st.View(st.Turn()))
					if !ok || n > 2000 {
						t.Fatalf("the hand does not end (seat %d, step %d)", st.Turn(), n)
					}
					if _, _, err := f.g.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
				return f.update(0)
			}
		}},
	}
	for _, g := range games {
		for _, underSettings := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, settings open %v", g.name, underSettings), func(t *testing.T) {
				m, end := g.start(t)
				if m.screen != scrPlay {
					t.Fatalf("the first view shows screen %d, not the table", m.screen)
				}
				want := scrHandOver
				if underSettings {
					m.openSettings()
					want = scrSettings
				}
				m.Update(end())
				if m.screen != want {
					t.Fatalf("the hand over, screen %d, want %d", m.screen, want)
				}
				if underSettings {
					press(t, m, "esc")
					if m.screen != scrHandOver {
						t.Fatalf("the settings closed, screen %d, want the hand's end (%d)", m.screen, scrHandOver)
					}
				}
			})
		}
	}
}

// TestClassicHeaderKeepsTheBadge: at 80 columns a classic seat's header
// leaves the dealer out (the panels mark the dealer) rather than the
// seat's badge, a tournament's name: a tournament's classic table did
// not say whose it was, where 101's did; wider, it says both. In both
// languages.
func TestClassicHeaderKeepsTheBadge(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		f := newFakeTable(t, 5)
		m, err := NewSeat(SeatOptions{Lang: lang, Seat: 0, Send: f.send, NoColor: true, Settle: -1, Badge: "tournament Cuma"})
		if err != nil {
			t.Fatal(err)
		}
		m.Update(f.update(0))
		dealer := m.tr.T("hdr.dealer", "P3")[:4]
		for _, w := range []int{80, 120} {
			m.Update(windowMsg(w, 24))
			head := strings.Split(plain(m), "\n")[0]
			if !strings.Contains(head, "tournament Cuma") || strings.Contains(head, "…") {
				t.Errorf("%s at %d columns: the header lacks the badge whole: %q", lang, w, head)
			}
			if w == 120 && !strings.Contains(head, dealer) {
				t.Errorf("%s at %d columns: the header lacks the dealer: %q", lang, w, head)
			}
		}
	}
}
