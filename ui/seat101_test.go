package ui

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/kit/seatmsg"
)

// fakeTable101 referees a match of 101 for seat tests as okey serve's
// table does: it owns the game, takes intents, and hands each screen its
// seat's update.
type fakeTable101 struct {
	t       *testing.T
	g       *okey101.Game
	sent    []seatmsg.Intent
	refused string
	rseq    uint64
}

func newFakeTable101(t *testing.T, seed uint64) *fakeTable101 {
	g, err := okey101.NewGame(okey101.DefaultRules(), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &fakeTable101{t: t, g: g}
}

func (f *fakeTable101) send(i seatmsg.Intent) bool { f.sent = append(f.sent, i); return true }

// play applies the actions of the intents sent so far.
func (f *fakeTable101) play() {
	for _, i := range f.sent {
		for _, a := range i.Plays {
			if _, _, err := f.g.Apply(a); err != nil {
				f.refused, f.rseq = err.Error(), f.rseq+1
				break
			}
		}
	}
	f.sent = nil
}

func (f *fakeTable101) update(seat int) seatmsg.Update {
	v := f.g.State().View(seat)
	u := seatmsg.Update{View101: &v, Refused: f.refused, RefusedSeq: f.rseq}
	for s := range okey101.NumSeats {
		u.Players[s] = seatmsg.Player{Name: "P" + string(rune('0'+s)), Kind: seatmsg.Bot, Level: "normal"}
	}
	u.Players[1].Kind = seatmsg.Human
	return u
}

// others plays the seats but me plainly, as the table's bots would,
// until it is me's turn or the hand is over.
func (f *fakeTable101) others(me int) {
	f.t.Helper()
	for n := 0; ; n++ {
		st := f.g.State()
		if st.Phase() != game.Playing || st.Turn() == me {
			return
		}
		if n > 500 {
			f.t.Fatal("the other seats never finish their turns")
		}
		a, ok := plainAction101(st.View(st.Turn()))
		if !ok {
			f.t.Fatalf("no plain action for seat %d", st.Turn())
		}
		if _, _, err := f.g.Apply(a); err != nil {
			f.t.Fatal(err)
		}
	}
}

func newSeat101Model(t *testing.T, f *fakeTable101, seat int) *Model {
	t.Helper()
	m, err := NewSeat101(SeatOptions{Lang: "en", Seat: seat, Send: f.send, NoColor: true, Settle: -1})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(windowMsg(100, 30))
	return m
}

// TestRotateView101KeepsTheMatch: a view turned so that its seat sits at
// 0 is a view of the same match from another chair: a world sampled
// from it shows seat 0 exactly that view (every seat number and array
// turned alike), and each seat's things sit where they should.
func TestRotateView101KeepsTheMatch(t *testing.T) {
	f := newFakeTable101(t, 3)
	checked, laid := 0, 0
	for step := 0; step < 600 && f.g.State().Phase() != game.MatchOver; step++ {
		st := f.g.State()
		if st.Phase() == game.HandOver {
			if _, _, err := f.g.Apply(okey101.NextHand()); err != nil {
				t.Fatal(err)
			}
			continue
		}
		laid = max(laid, len(st.View(0).Table))
		if step%5 == 0 {
			for k := range okey101.NumSeats {
				v := st.View(k)
				r := v.Rotate(k)
				if r.Seat != 0 || r.Counts != v.Counts || r.MyTurn() != v.MyTurn() || r.Previous != okey101.NumSeats-1 {
					t.Fatalf("step %d seat %d: turned view has seat %d, previous %d", step, k, r.Seat, r.Previous)
				}
				for s := range okey101.NumSeats {
					to := (s - k + 4) % 4
					if !reflect.DeepEqual(r.Discards[to], v.Discards[s]) || r.TileCounts[to] != v.TileCounts[s] ||
						r.Opened[to] != v.Opened[s] || r.Scores[to] != v.Scores[s] {
						t.Fatalf("step %d seat %d: seat %d's things are not at %d", step, k, s, to)
					}
				}
				w, err := r.SampleWorld(uint64(step))
				if err != nil {
					t.Fatalf("step %d seat %d: the turned view is no view of a match: %v", step, k, err)
				}
				if got := w.View(0); !reflect.DeepEqual(got, r) {
					t.Fatalf("step %d seat %d: the world of the turned view shows another view:\n%+v\n%+v", step, k, got, r)
				}
				if k != 0 && len(v.History) > 0 && &r.History[0] == &v.History[0] {
					t.Fatal("the turned view shares its history with the table's")
				}
				checked++
			}
		}
		a, _ := plainAction101(st.View(st.Turn()))
		if _, _, err := f.g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if laid == 0 || checked < 200 {
		t.Fatalf("%d views checked, at most %d melds on the table: the test proves little", checked, laid)
	}
}

// TestSeat101PlaysThroughTheTable plays seat 2's turns of a hand of 101
// through the keys of the 101 table, as a player would: the screen shows
// seat 2's rack at the bottom and the others by their names, every
// action goes to the table as an intent with the table's seat number
// (seed 8: the player draws, takes, opens and lays off), and at the end
// of the hand enter says the player is ready.
func TestSeat101PlaysThroughTheTable(t *testing.T) {
	f := newFakeTable101(t, 8)
	const me = 2
	m := newSeat101Model(t, f, me)
	kinds := map[okey101.ActionKind]int{}
	for moves := 0; f.g.State().Phase() == game.Playing; moves++ {
		if moves > 400 {
			t.Fatal("the hand does not end")
		}
		f.others(me)
		m.Update(f.update(me))
		st := f.g.State()
		if table101(m).View.Counts != st.View(me).Counts || table101(m).Rack.Counts() != st.View(me).Counts {
			t.Fatalf("move %d: the screen's rack is not seat %d's", moves, me)
		}
		if st.Phase() != game.Playing {
			break
		}
		out := plain(m)
		for _, name := range []string{"P1", "P3", "P0"} {
			if !strings.Contains(out, name) {
				t.Fatalf("the other seats' names are not on screen:\n%s", out)
			}
		}
		if !strings.Contains(out, "> You <") {
			t.Fatalf("seat %d's turn is not the player's on screen:\n%s", me, out)
		}
		a, ok := plainAction101(table101(m).View)
		if !ok {
			t.Fatalf("no action for the player:\n%s", out)
		}
		playKeys101(t, m, a)
		if len(f.sent) != 1 {
			t.Fatalf("%v through keys sent %d intents (%s):\n%s", a, len(f.sent), m.flash, plain(m))
		}
		in := f.sent[0]
		if in.Kind != seatmsg.IntentPlay101 || len(in.Plays) == 0 {
			t.Fatalf("%v sent %+v", a, in)
		}
		if d := st.DealInfo(); in.Hand != d.Hand || in.Redeal != d.Redeal {
			t.Fatalf("%v was sent for deal %d.%d, on the table %d.%d", a, in.Hand, in.Redeal, d.Hand, d.Redeal)
		}
		for _, p := range in.Plays {
			if p.Seat != me {
				t.Fatalf("%v went to the table as seat %d's", p, p.Seat)
			}
			kinds[p.Kind]++
		}
		f.play()
		if f.rseq != 0 {
			t.Fatalf("the table refused %v: %s", a, f.refused)
		}
	}
	for _, k := range []okey101.ActionKind{okey101.ActDraw, okey101.ActTake, okey101.ActOpen, okey101.ActLayOff, okey101.ActDiscard} {
		if kinds[k] == 0 {
			t.Errorf("the player never made a %v: %v", k, kinds)
		}
	}
	m.Update(f.update(me))
	if m.screen != scrHandOver {
		t.Fatalf("the hand ended and the screen is %d:\n%s", m.screen, plain(m))
	}
	press(t, m, "enter")
	if len(f.sent) != 1 || f.sent[0].Kind != seatmsg.IntentReady || f.sent[0].Hand != f.g.State().HandNumber() {
		t.Fatalf("enter at the end of the hand sent %+v", f.sent)
	}
	// The table deals: the screen is back at the table, hand 2.
	f.sent = nil
	if _, _, err := f.g.Apply(okey101.NextHand()); err != nil {
		t.Fatal(err)
	}
	m.Update(f.update(me))
	if m.screen != scrPlay || table101(m).View.Hand != 2 || !strings.Contains(plain(m), "hand 2 of 11") {
		t.Fatalf("the next hand is not on screen:\n%s", plain(m))
	}
}

// TestSeat101RefusesBeforeSending: an action the game would refuse is
// told in the player's words and never sent; the table's own refusal is
// told once; q leaves the table.
func TestSeat101RefusesBeforeSending(t *testing.T) {
	f := newFakeTable101(t, 5)
	const me = 1
	f.others(me)
	m := newSeat101Model(t, f, me)
	m.Update(f.update(me))
	if !table101(m).View.MyTurn() {
		t.Fatal("not the player's turn")
	}
	if table101(m).View.Stage == okey101.StageDraw {
		press(t, m, "x") // a discard before drawing
		if len(f.sent) != 0 || !m.flashWarn {
			t.Fatalf("a discard before drawing: sent %v, said %q", f.sent, m.flash)
		}
		press(t, m, "d")
		f.play()
		m.Update(f.update(me))
	}
	// An opening worth too little: the table would refuse it.
	cursorTo101(t, m, slotOf101(m, table101(m).View.Rack[0]))
	table101(m).Groups = [][]int{{table101(m).Cursor}}
	press(t, m, "l")
	if len(f.sent) != 0 || !m.flashWarn {
		t.Fatalf("a lone tile laid: sent %v, said %q", f.sent, m.flash)
	}
	table101(m).Groups = nil
	f.refused, f.rseq = "not this seat's turn", 1
	m.Update(f.update(me))
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

// TestSpectator101SeesNoRack: a spectator's 101 screen has an empty
// rack, the bottom seat's name instead of "You", and sends no moves.
func TestSpectator101SeesNoRack(t *testing.T) {
	f := newFakeTable101(t, 9)
	m := newSeat101Model(t, f, -1)
	f.others(0)
	for f.g.State().Turn() == 0 { // seat 0 moves too: the log speaks of it
		a, _ := plainAction101(f.g.State().View(0))
		if _, _, err := f.g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	f.others(2)
	m.Update(f.update(-1))
	if len(table101(m).Rack.Tiles()) != 0 {
		t.Fatal("a spectator holds tiles")
	}
	out := plain(m)
	if you := regexp.MustCompile(`(?i)\byou(r)?\b`); you.MatchString(out) || !strings.Contains(out, "P0 discards") {
		t.Fatalf("a spectator's screen speaks of seat 0 as them, or not at all:\n%s", out)
	}
	for _, k := range []string{"d", "x", "t", "l", "f", "enter"} {
		press(t, m, k)
	}
	if len(f.sent) != 0 {
		t.Fatalf("a spectator sent %v", f.sent)
	}
}

// At 80 columns a seat's panel keeps a three-digit score whole: who
// holds the seat goes beside the name when the line would be cut.
func TestSeat101PanelKeepsTheScoreWhole(t *testing.T) {
	f := newFakeTable101(t, 9)
	m := newSeat101Model(t, f, 0)
	m.Update(windowMsg(80, 24))
	u := f.update(0)
	for s := range u.View101.Scores {
		u.View101.Scores[s] = 202 + s
	}
	u.Players[2].Kind = seatmsg.Away
	m.Update(u)
	out := plain(m)
	for s := 1; s < okey101.NumSeats; s++ {
		if pts := table101(m).Points(202 + s); !strings.Contains(out, pts) {
			t.Errorf("seat %d's %q is not whole at 80 columns:\n%s", s, pts, out)
		}
	}
	if !strings.Contains(out, m.levelText(2)) {
		t.Errorf("the away seat is not said:\n%s", out)
	}
}

// Test101HeaderKeepsTheBadge: at 80 columns a 101 seat's header leaves
// the opening's count out rather than the seat's badge, a tournament's
// name (in English it did not say whose table it was); wider, it says
// both. In both languages.
func Test101HeaderKeepsTheBadge(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		f := newFakeTable101(t, 5)
		m, err := NewSeat101(SeatOptions{Lang: lang, Seat: 0, Send: f.send, NoColor: true, Settle: -1, Badge: "tournament Cuma arenası"})
		if err != nil {
			t.Fatal(err)
		}
		m.Update(f.update(0))
		open := m.tr.T("t101.hdr.open", 101)
		for _, w := range []int{80, 120} {
			m.Update(windowMsg(w, 24))
			head := strings.Split(plain(m), "\n")[0]
			if !strings.Contains(head, "tournament Cuma arenası") || strings.Contains(head, "…") {
				t.Errorf("%s at %d columns: the header lacks the badge whole: %q", lang, w, head)
			}
			if w == 120 && !strings.Contains(head, open) {
				t.Errorf("%s at %d columns: the header lacks the opening: %q", lang, w, head)
			}
		}
	}
}
