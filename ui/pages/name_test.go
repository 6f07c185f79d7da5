package pages

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/kit/safetext"
	"okey/ui/canvas"
)

// keyMsg is the key named s ("x", "left", "esc") as pressed.
func keyMsg(s string) tea.KeyPressMsg {
	switch s {
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	}
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

// A name field takes keys and pastes at its cursor and keeps a name to
// its caps: columns (a wide letter counts two), bytes, no control or
// format characters; what does not fit of a paste is cut, and the
// field says why.
func TestEditNameKeepsTheCaps(t *testing.T) {
	paste := func(s string) tea.Msg { return tea.PasteMsg{Content: s} }
	cases := []struct {
		name    string
		start   string
		cursor  int // runes from the start; -1 for the end
		msgs    []tea.Msg
		want    string
		wantPos int
		why     NameRefusal
	}{
		{"typed", "Ali", -1, []tea.Msg{keyMsg("x")}, "Alix", 4, NameTaken},
		{"pasted whole", "", -1, []tea.Msg{paste("Ayşe")}, "Ayşe", 4, NameTaken},
		{"pasted at the cursor", "Aye", 2, []tea.Msg{paste("ş")}, "Ayşe", 3, NameTaken},
		{"typed in the middle", "Mhmet", 1, []tea.Msg{keyMsg("e")}, "Mehmet", 2, NameTaken},
		{"a long paste is cut", "", -1, []tea.Msg{paste("Abdurrahmangazi")}, "Abdurrahmang", 12, NameTooLong},
		{"cut before the tail", "AB", 1, []tea.Msg{paste("0123456789xyz")}, "A0123456789B", 11, NameTooLong},
		{"wide letters count two", "", -1, []tea.Msg{paste("李明李明李明李")}, "李明李明李明", 6, NameTooLong},
		{"wide letters that fit", "", -1, []tea.Msg{paste("李明")}, "李明", 2, NameTaken},
		{"an emoji counts two", "Ayşe Hanım", -1, []tea.Msg{paste("😀😀")}, "Ayşe Hanım😀", 11, NameTooLong},
		{"a letter past the cap", "Abdurrahmang", -1, []tea.Msg{keyMsg("a")}, "Abdurrahmang", 12, NameTooLong},
		{"format characters left out", "", -1, []tea.Msg{paste("\u202eZeynep\u200b")}, "Zeynep", 6, NameBadChars},
		{"control characters left out", "", -1, []tea.Msg{paste("Ze\x1b[31mynep")}, "Ze[31mynep", 10, NameTaken},
		{"lines become spaces", "", -1, []tea.Msg{paste("Ali\nVeli")}, "Ali Veli", 8, NameTaken},
		{"bytes capped too", "", -1, []tea.Msg{paste("e" + strings.Repeat("\u0301", 40))}, "e" + strings.Repeat("\u0301", 23), 24, NameTooLong},
		{"erased", "Ali", -1, []tea.Msg{keyMsg("backspace")}, "Al", 2, NameTaken},
		{"moved and erased", "Ali", -1, []tea.Msg{keyMsg("left"), keyMsg("backspace")}, "Ai", 1, NameTaken},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := NewNameField(c.start)
			if c.cursor >= 0 {
				in.SetCursor(c.cursor)
			}
			var why NameRefusal
			for _, msg := range c.msgs {
				why = EditName(&in, msg)
			}
			got := in.Value()
			if got != c.want || in.Position() != c.wantPos || why != c.why {
				t.Fatalf("got %q at %d (%d), want %q at %d (%d)", got, in.Position(), why, c.want, c.wantPos, c.why)
			}
			if canvas.Width(got) > safetext.MaxNameLen || len(got) > safetext.MaxNameBytes || !Printable(got) {
				t.Fatalf("%q breaks the caps", got)
			}
		})
	}
}
