package ui

import (
	"slices"
	"testing"

	"okey/game"
	"okey/kit/seatmsg"
	"okey/ui/playclassic"
)

// eventsBefore counts, for each chat line of a log (kinds: 'c' a chat
// line, 'e' an event, 'n' another note), the events before it.
func eventsBefore(kinds []byte) []int {
	var out []int
	n := 0
	for _, k := range kinds {
		switch k {
		case 'c':
			out = append(out, n)
		case 'e':
			n++
		}
	}
	return out
}

// TestChatComesBackWhereItWasSaid: a screen that takes a table in whole
// (a player joining, or back after a restart) puts each chat line among
// the moves where it was said, not after them all, past the
// match's commitment noted after them; a line that comes with moves
// made after it goes before them. At both games' tables.
func TestChatComesBackWhereItWasSaid(t *testing.T) {
	t.Run("classic", func(t *testing.T) {
		f := newFakeTable(t, 6)
		step := func(n int) int {
			for range n {
				v := f.g.State().View(f.g.State().Turn())
				a, _ := playclassic.PlainMove(v)
				if _, _, err := f.g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			return len(f.g.State().View(-1).History)
		}
		chat := []seatmsg.ChatLine{{Seq: 1, Name: "ann", Text: "before the match"}}
		chat = append(chat, seatmsg.ChatLine{Seq: 2, Name: "bob", Text: "early", Hand: 1, At: step(3)})
		chat = append(chat, seatmsg.ChatLine{Seq: 3, Name: "ann", Text: "later", Hand: 1, At: step(6)})
		step(4)
		m := newSeatModel(t, f, -1)
		u := f.update(-1)
		u.Chat = chat
		u.Fair.Commit = "c0ffee" // its note comes with the first update, after the moves
		m.Update(u)
		notes := func() []byte {
			var out []byte
			for _, e := range tableClassic(m).Log {
				out = append(out, kindOf(e.Chat, e.Note))
			}
			return out
		}
		if !slices.Contains(notes(), 'n') {
			t.Fatal("no commitment noted: the test proves less")
		}
		want := []int{0, chat[1].At, chat[2].At}
		if got := eventsBefore(notes()); !slices.Equal(got, want) {
			t.Fatalf("events before each chat line: %v, want %v", got, want)
		}
		// A line said between moves that reach the screen together.
		chat = append(chat, seatmsg.ChatLine{Seq: 4, Name: "bob", Text: "between", Hand: 1, At: step(2)})
		step(3)
		u = f.update(-1)
		u.Chat = chat
		m.Update(u)
		if got := eventsBefore(notes()); !slices.Equal(got, append(want, chat[3].At)) {
			t.Fatalf("events before each chat line: %v, want %v", got, append(want, chat[3].At))
		}
	})
	t.Run("101", func(t *testing.T) {
		f := newFakeTable101(t, 9)
		step := func(n int) int {
			for range n {
				st := f.g.State()
				a, _ := plainAction101(st.View(st.Turn()))
				if _, _, err := f.g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			return len(f.g.State().View(-1).History)
		}
		chat := []seatmsg.ChatLine{{Seq: 1, Name: "ann", Text: "before the match"}}
		chat = append(chat, seatmsg.ChatLine{Seq: 2, Name: "bob", Text: "early", Hand: 1, At: step(3)})
		chat = append(chat, seatmsg.ChatLine{Seq: 3, Name: "ann", Text: "later", Hand: 1, At: step(6)})
		step(4)
		if f.g.State().Phase() != game.Playing {
			t.Fatal("the deal ended: the test proves little")
		}
		m := newSeat101Model(t, f, -1)
		u := f.update(-1)
		u.Chat = chat
		u.Fair.Commit = "c0ffee" // its note comes with the first update, after the moves
		m.Update(u)
		notes := func() []byte {
			var out []byte
			for _, e := range table101(m).Log {
				out = append(out, kindOf(e.Chat, e.Note))
			}
			return out
		}
		if !slices.Contains(notes(), 'n') {
			t.Fatal("no commitment noted: the test proves less")
		}
		want := []int{0, chat[1].At, chat[2].At}
		if got := eventsBefore(notes()); !slices.Equal(got, want) {
			t.Fatalf("events before each chat line: %v, want %v", got, want)
		}
		chat = append(chat, seatmsg.ChatLine{Seq: 4, Name: "bob", Text: "between", Hand: 1, At: step(2)})
		step(3)
		u = f.update(-1)
		u.Chat = chat
		m.Update(u)
		if got := eventsBefore(notes()); !slices.Equal(got, append(want, chat[3].At)) {
			t.Fatalf("events before each chat line: %v, want %v", got, append(want, chat[3].At))
		}
	})
}

// kindOf is a log entry's kind for eventsBefore.
func kindOf(chat bool, note string) byte {
	switch {
	case chat:
		return 'c'
	case note != "":
		return 'n'
	}
	return 'e'
}
