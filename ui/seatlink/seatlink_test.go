package seatlink

import (
	"slices"
	"testing"
	"time"

	"okey/kit/i18n"
	"okey/kit/seatmsg"
)

// sink is a table that takes intents while open, and keeps them.
type sink struct {
	open bool
	got  []seatmsg.Intent
}

func (s *sink) send(in seatmsg.Intent) bool {
	if s.open {
		s.got = append(s.got, in)
	}
	return s.open
}

// TestSend asserts the steps of sending, for a player and a spectator:
// a move waits for the next update, a busy table keeps nothing back,
// what is not a move never waits, and a spectator sends nothing.
func TestSend(t *testing.T) {
	in := seatmsg.Intent{Kind: seatmsg.IntentAct}
	tab := &sink{open: true}
	l := New(2, tab.send)
	steps := []struct {
		name string
		do   func() Sent
		want Sent
	}{
		{"a move", func() Sent { return l.Move(in) }, Gone},
		{"a second move before the update", func() Sent { return l.Move(in) }, Waiting},
		{"ready, while a move is on its way", func() Sent { return l.Ask(seatmsg.Intent{Kind: seatmsg.IntentReady}) }, Gone},
		{"the update came", func() Sent { l.Take(seatmsg.Update{}); return l.CanMove() }, Gone},
		{"a busy table", func() Sent { tab.open = false; return l.Move(in) }, Busy},
		{"the table takes moves again", func() Sent { tab.open = true; return l.Move(in) }, Gone},
	}
	for _, st := range steps {
		if got := st.do(); got != st.want {
			t.Errorf("%s: %d, want %d", st.name, got, st.want)
		}
	}
	if len(tab.got) != 3 {
		t.Errorf("the table got %d intents, want 3", len(tab.got))
	}

	spy := &sink{open: true}
	w := New(-1, spy.send)
	if w.Move(in) != Watching || w.Ask(in) != Watching || len(spy.got) != 0 {
		t.Errorf("a spectator sent %d intents", len(spy.got))
	}
	for s, key := range map[Sent]string{Gone: "", Watching: "status.watching", Waiting: "status.sent", Busy: "status.busy"} {
		if s.Key() != key {
			t.Errorf("Sent(%d).Key() = %q, want %q", s, s.Key(), key)
		}
	}
}

// TestTake asserts that an update's seats are turned so the player's
// comes first, and that running out of time is told once.
func TestTake(t *testing.T) {
	l := New(1, (&sink{}).send)
	u := seatmsg.Update{Host: true, Deadline: time.Unix(100, 0)}
	for s := range u.Players {
		u.Players[s] = seatmsg.Player{Name: string(rune('a' + s)), Kind: seatmsg.Human}
	}
	u.Ready[1] = true
	if l.Take(u) {
		t.Error("a player in time was told they are away")
	}
	if l.Players[0].Name != "b" || l.Players[3].Name != "a" || !l.Ready[0] || l.Ready[3] || !l.Host || !l.Got {
		t.Errorf("turned wrong: %+v, ready %v", l.Players, l.Ready)
	}
	if got := l.NotReady(); !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("NotReady = %v, want [1 2 3]", got)
	}
	if l.Turned(1) != 0 || l.Turned(0) != 3 || l.Turned(-1) != -1 {
		t.Errorf("Turned(1, 0, -1) = %d, %d, %d", l.Turned(1), l.Turned(0), l.Turned(-1))
	}
	u.Players[1].Kind = seatmsg.Away
	if !l.Take(u) {
		t.Error("running out of time was not told")
	}
	if l.Take(u) {
		t.Error("running out of time was told twice")
	}
	if left, ok := l.Left(time.Unix(90, 0)); !ok || left != 10 {
		t.Errorf("Left = %d, %v; want 10, true", left, ok)
	}
	if left, _ := l.Left(time.Unix(200, 0)); left != 0 {
		t.Errorf("Left after the deadline = %d, want 0", left)
	}
	u.Deadline = time.Time{}
	l.Take(u)
	if _, ok := l.Left(time.Unix(90, 0)); ok {
		t.Error("an untimed turn has a clock")
	}
}

// TestNotes asserts that each chat line goes into the log once, where
// it was said among the moves, in the words it was given, and that a
// commitment is told once, at the log's end.
func TestNotes(t *testing.T) {
	type entry struct {
		chat, note bool
		at         int
		text       string
	}
	l := New(0, (&sink{}).send)
	read := func(e *entry) (bool, bool, int, int) { return e.chat, !e.chat && !e.note, 0, e.at }
	line := func(c seatmsg.ChatLine, text string) entry { return entry{chat: true, at: c.At, text: text} }
	note := func(text string) entry { return entry{note: true, text: text} }
	fair := func(c string) string { return "commit " + c }
	said := func(c seatmsg.ChatLine) string { return c.Name + ": " + c.Text }
	log := []entry{{at: 0, text: "m0"}, {at: 1, text: "m1"}, {at: 2, text: "m2"}}
	u := seatmsg.Update{
		Chat: []seatmsg.ChatLine{{Seq: 1, Name: "ayşe", Text: "hi", At: 2}}, // said after two moves
		Fair: seatmsg.Fairness{Commit: "ab"},
	}
	log = Place(log, l.Notes(u, fair, said), note, read, line)
	u.Fair.Seed = "1"
	log = Place(log, l.Notes(u, fair, said), note, read, line) // the same line and commitment again: taken in once
	var texts []string
	for _, e := range log {
		texts = append(texts, e.text)
	}
	if want := []string{"m0", "m1", "ayşe: hi", "m2", "commit ab"}; !slices.Equal(texts, want) {
		t.Errorf("log %q, want %q", texts, want)
	}
	if l.Fair.Seed != "1" {
		t.Error("the commitment's reveal was not kept")
	}
}

// TestRefusal asserts that a refusal is told once, in the player's
// words, and never one made before the screen opened.
func TestRefusal(t *testing.T) {
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	l := New(0, (&sink{}).send)
	for _, tc := range []struct {
		name, text string
		seq        uint64
		first      bool
		want       string
	}{
		{"made before the screen opened", "err.why.seat", 1, true, ""},
		{"a reason by its key", "err.why.seat", 2, false, tr.T("status.refused", tr.T("err.why.seat"))},
		{"told already", "err.why.seat", 2, false, ""},
		{"the table's own words", "status.busy", 3, false, tr.T("status.busy")},
		{"an error in English", "boom", 4, false, tr.T("status.refused", "boom")},
		{"none", "", 5, false, ""},
	} {
		if got := l.Refusal(tr, tc.text, tc.seq, tc.first); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestLevel asserts what a seat's panel says of who holds it.
func TestLevel(t *testing.T) {
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	l := New(0, (&sink{}).send)
	l.Players = [4]seatmsg.Player{{Kind: seatmsg.Human}, {Kind: seatmsg.Human, Rated: true, Rating: 1500}, {Kind: seatmsg.Away}, {Kind: seatmsg.Bot, Level: "hard"}}
	l.Ready[0] = true
	for _, tc := range []struct {
		seat     int
		handOver bool
		want     string
	}{
		{0, true, tr.T("seat.ready")},
		{0, false, tr.T("seat.human")},
		{1, true, tr.T("seat.human.rated", 1500.0)},
		{2, false, tr.T("seat.away")},
		{3, false, tr.T("seat.bot", tr.T("level.hard"))},
	} {
		if got := l.Level(tr, tc.seat, tc.handOver); got != tc.want {
			t.Errorf("seat %d: %q, want %q", tc.seat, got, tc.want)
		}
	}
	// A tournament's seat held for a player not come yet: not "away",
	// and not a bot's.
	l.Players[2] = seatmsg.Player{Name: "ali", Kind: seatmsg.Awaited, Level: "hard"}
	if got := l.Level(tr, 2, false); got != tr.T("seat.awaited") || got == tr.T("seat.away") {
		t.Errorf("a seat held for a player not come: %q, want %q", got, tr.T("seat.awaited"))
	}
}
